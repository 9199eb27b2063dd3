#!/bin/sh
# tests/report/test_machine_pairs.sh: machines of one model pair by pair (view
# machine_pair_agreement, with machine_floor, reports/analysis/) on stand-in
# tables for what they read (run, config_stats, report_devices,
# report_setting): each unordered pair of machines of one model once, both
# machines' launch floors (the mean of their complete measure runs), per
# band the share of centres within 2%, the share of the two directions in
# which one interval holds the other's median, the mean ratio; machines of
# another model and configurations only one machine measured are left out.
# Needs no GPU. Usage: sh tests/report/test_machine_pairs.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
. tests/analysis.sh

db="$tmp/m.db"
floor=$(analysis_view '/^-- machine_floor: each machine/' '/^GROUP BY u.device_id;$/')
pairs=$(analysis_view '/^-- Machines of one model, pair by pair/' '/^GROUP BY a.device_id, b.device_id, a.band;$/')
match=$(analysis_view '/^-- Machine pairs by their launch floors, as facts/' '/^FROM machine_pair_agreement, k WHERE band = 1;$/')
[ -n "$floor" ] || notok "view machine_floor found in reports/analysis/"
[ -n "$pairs" ] || { notok "view machine_pair_agreement found in reports/analysis/"; exit 1; }
sqls -bail "$db" > /dev/null <<SQL || notok "the stand-ins and the views load"
CREATE TABLE report_setting (key TEXT PRIMARY KEY, value REAL, why TEXT);
CREATE TABLE report_devices (device_id INTEGER, name TEXT, label TEXT, ord INTEGER);
INSERT INTO report_devices VALUES (1, 'NVIDIA M', 'M #a', 1), (2, 'NVIDIA M', 'M #b', 2),
  (3, 'NVIDIA M', 'M #c', 3), (4, 'NVIDIA Other', 'Other', 4);
CREATE TABLE run (device_id INTEGER, kind TEXT, status TEXT, launch_us REAL, read_gbps REAL);
INSERT INTO run VALUES (1, 'measure', 'complete', 3.4, 4000), (1, 'measure', 'complete', 3.6, 4000),
  (1, 'measure', 'incomplete', 9.0, 4000), (1, 'profile', 'complete', 9.0, 4000),
  (2, 'measure', 'complete', 4.2, 4000), (3, 'measure', 'complete', 4.3, 4000), (4, 'measure', 'complete', 5.0, 4000);
CREATE TABLE config_stats (device_id INTEGER, device TEXT, study TEXT, config_key TEXT, flush TEXT, mode TEXT,
                           band INTEGER, median_ms REAL, lo_ms REAL, hi_ms REAL);
-- k1, k2: short; k3: long. k1: #b 1% above #a, inside #a's interval but #a's
-- median outside #b's; k2: #b 5% above. #c as #b. Other: the same keys, never
-- paired. k9: only #a.
INSERT INTO config_stats VALUES
  (1, 'NVIDIA M', 'reduce', 'k1', 'clean', 'single', 1, 0.0100, 0.0098, 0.0102),
  (2, 'NVIDIA M', 'reduce', 'k1', 'clean', 'single', 1, 0.0101, 0.01005, 0.0103),
  (3, 'NVIDIA M', 'reduce', 'k1', 'clean', 'single', 1, 0.0101, 0.01005, 0.0103),
  (1, 'NVIDIA M', 'reduce', 'k2', 'clean', 'single', 1, 0.0100, 0.0099, 0.0101),
  (2, 'NVIDIA M', 'reduce', 'k2', 'clean', 'single', 1, 0.0105, 0.0104, 0.0106),
  (3, 'NVIDIA M', 'reduce', 'k2', 'clean', 'single', 1, 0.0105, 0.0104, 0.0106),
  (1, 'NVIDIA M', 'reduce', 'k3', 'clean', 'single', 3, 1.0, 0.99, 1.01),
  (2, 'NVIDIA M', 'reduce', 'k3', 'clean', 'single', 3, 1.0, 0.99, 1.01),
  (3, 'NVIDIA M', 'reduce', 'k3', 'clean', 'single', 3, 1.0, 0.99, 1.01),
  (2, 'NVIDIA M', 'reduce', 'k3', 'memset', 'single', 3, 2.0, 1.99, 2.01),
  (4, 'NVIDIA Other', 'reduce', 'k1', 'clean', 'single', 1, 0.0100, 0.0098, 0.0102),
  (1, 'NVIDIA M', 'reduce', 'k9', 'clean', 'single', 1, 0.0100, 0.0098, 0.0102);
INSERT INTO report_setting VALUES ('floor_match_us', 0.25, 'test');
$floor
$pairs
$match
SQL
q() { sqls "$db" "$1"; }
check_eq "each unordered pair of one model's machines once, per band" \
  "$(q "SELECT group_concat(gpu_a || '-' || gpu_b || ':' || band, ' ') FROM (SELECT * FROM machine_pair_agreement ORDER BY ord_a, ord_b, band)")" \
  "M #a-M #b:1 M #a-M #b:3 M #a-M #c:1 M #a-M #c:3 M #b-M #c:1 M #b-M #c:3"
check_eq "both floors: the mean of the complete measure runs" \
  "$(q "SELECT printf('%.2f %.2f', floor_a, floor_b) FROM machine_pair_agreement WHERE gpu_a = 'M #a' AND gpu_b = 'M #b' AND band = 1")" \
  "3.50 4.20"
check_eq "short band #a-#b: 2 configurations, 1 within 2%, 1 of 4 directions covered, mean ratio 1.03" \
  "$(q "SELECT printf('%d %.1f %.1f %.3f', configs, pct_within2, pct_covered, ratio) FROM machine_pair_agreement WHERE gpu_a = 'M #a' AND gpu_b = 'M #b' AND band = 1")" \
  "2 50.0 25.0 1.030"
check_eq "#b-#c agree everywhere (a flush of one machine only is not paired)" \
  "$(q "SELECT group_concat(printf('%d %.0f %.0f', configs, pct_within2, pct_covered), '; ') FROM (SELECT * FROM machine_pair_agreement WHERE gpu_a = 'M #b' ORDER BY band)")" \
  "2 100 100; 1 100 100"
check_eq "the floors' threshold comes with the view" \
  "$(q "SELECT value FROM report_setting WHERE key = 'floor_match_us'")" "0.25"
# The pairs split by their floors (measurement_floor_match, worded by the
# measurement section): #b-#c (4.2 / 4.3 us) match, both configurations
# within 2%; #a-#b and #a-#c (3.5 against 4.2 and 4.3) do not, k1 within
# and k2 not: 2 of 4.
check_eq "floors matched and apart: #b-#c 100% of 2, #a-#b and #a-#c 50% of 4" \
  "$(q "SELECT printf('%.2f %.1f %d %.1f %d', match_us, pct_match, configs_match, pct_other, configs_other) FROM measurement_floor_match")" \
  "0.25 100.0 2 50.0 4"
[ "$nfail" -eq 0 ]
