#!/bin/sh
# tests/report/test_small_n_target.sh: the small-n step's targets (view
# small_n_target, reports/analysis/; issue 22), on stand-in tables for what
# it reads (reduce_floor_gpu, ratio_stats, size, report_setting,
# report_target): over CUB, the paired ratio (ratio_stats: pair_stats' kind
# cub, tested in test_paired_ratio.sh), met when its interval's low end is at
# least small_cub, missed when its high end is below it, not judged without
# an interval (no pair); over the floor model, met when the interval's high
# end over the model is at most small_model, missed when its low end is
# above it; inconclusive otherwise; only n = 2^16, 2^18 and 2^20. Then
# reduce_floor_gpu and the pairs themselves (stand-ins for run, trial,
# stats_default, report_devices and what 26-pairs.sql reads): each machine
# its own floor, ceiling and verdicts; a machine of one run judged on that
# run's bootstrap intervals (basis 'one run'). Needs no GPU.
# Usage: sh tests/report/test_small_n_target.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
. tests/analysis.sh

db="$tmp/t.db"
view=$(analysis_view '/^-- The small-n step.s targets/' '/JOIN report_target g ON g.key = t.key;$/')
[ -n "$view" ] || { notok "view small_n_target found in reports/analysis/"; exit 1; }
sqls -bail "$db" > /dev/null <<SQL || notok "the stand-ins and the view load"
CREATE TABLE report_setting (key TEXT PRIMARY KEY, value REAL, why TEXT);
CREATE TABLE report_target (key TEXT PRIMARY KEY, name TEXT);
CREATE TABLE size (n_smallest INTEGER, n_small INTEGER);
INSERT INTO size VALUES (65536, 1048576);
CREATE TABLE reduce_floor_gpu (mord INTEGER, model TEXT, device_id INTEGER, variant TEXT, n INTEGER, us REAL,
                               lo REAL, hi REAL, model_us REAL, x_model REAL);
INSERT INTO reduce_floor_gpu VALUES
  (1, 'M', 5, 'small-n', 65536, 5.0, 4.9, 5.1, 3.5, 5.0 / 3.5), (1, 'M', 5, 'cub', 65536, 7.0, 6.9, 7.1, 3.5, 2.0),
  (1, 'M', 5, 'small-n', 262144, 5.5, 5.4, 5.6, 3.5, 5.5 / 3.5), (1, 'M', 5, 'cub', 262144, 7.0, 6.9, 7.1, 3.5, 2.0),
  (1, 'M', 5, 'small-n', 1048576, 6.0, 5.9, 6.1, 4.0, 1.5), (1, 'M', 5, 'cub', 1048576, 7.0, 6.95, 7.05, 4.0, 1.75),
  (1, 'M', 5, 'small-n', 4096, 5.0, 4.9, 5.1, 3.5, 1.4), (1, 'M', 5, 'cub', 4096, 9.0, 8.9, 9.1, 3.5, 2.6),
  (1, 'M', 5, 'one-launch', 65536, 9.0, 8.9, 9.1, 3.5, 2.6),
  (2, 'N', 6, 'small-n', 65536, 5.0, 4.9, 5.1, 3.5, 5.0 / 3.5);
CREATE TABLE ratio_stats (device_id INTEGER, variant TEXT, dtype TEXT, n INTEGER, block INTEGER, ratio REAL,
                          lo REAL, hi REAL);
INSERT INTO ratio_stats VALUES
  (5, 'small-n', 'int32', 65536, 256, 1.4, 1.35, 1.45),
  (5, 'small-n', 'int32', 262144, 256, 1.27, 1.23, 1.31), (5, 'small-n', 'int32', 1048576, 256, 1.16, 1.14, 1.19),
  (5, 'small-n', 'float32', 1048576, 256, 2.0, 1.9, 2.1), (5, 'small-n', 'int32', 1048576, 512, 2.0, 1.9, 2.1),
  (5, 'one-launch', 'int32', 65536, 256, 2.0, 1.9, 2.1), (5, 'small-n', 'int32', 4096, 256, 1.8, 1.7, 1.9),
  (6, 'small-n', 'int32', 65536, 256, 1.4, NULL, NULL);
$view
SQL
v() { sqls "$db" "SELECT verdict FROM small_n_target WHERE mord = 1 AND key = '$1' AND n = $2"; }
check_eq "over CUB at 2^16: 1.40 [1.35, 1.45] against 1.3 is met" "$(v small_cub 65536)" "met"
check_eq "over CUB at 2^18: [1.23, 1.31] straddles 1.3: inconclusive" "$(v small_cub 262144)" "inconclusive"
check_eq "over CUB at 2^20: [1.14, 1.19] below 1.3: missed" "$(v small_cub 1048576)" "missed"
check_eq "over the model at 2^16: [1.40, 1.46] at most 1.5: met" "$(v small_model 65536)" "met"
check_eq "over the model at 2^18: [1.54, 1.60] above 1.5: missed" "$(v small_model 262144)" "missed"
check_eq "over the model at 2^20: [1.475, 1.525] straddles 1.5: inconclusive" "$(v small_model 1048576)" "inconclusive"
check_eq "the ratio over CUB and its interval" \
  "$(sqls "$db" "SELECT printf('%.4f %.4f %.4f', value, lo, hi) FROM small_n_target WHERE mord = 1 AND key = 'small_cub' AND n = 65536")" \
  "1.4000 1.3500 1.4500"
check_eq "only 2^16, 2^18, 2^20, the small-n step, int32 and block 256 are judged" \
  "$(sqls "$db" "SELECT count(*) || ' ' || count(DISTINCT n) FROM small_n_target WHERE mord = 1")" "6 3"
check_eq "over CUB without an interval (no pair): not judged" \
  "$(sqls "$db" "SELECT verdict FROM small_n_target WHERE mord = 2 AND key = 'small_cub'")" "not judged"
check_eq "thresholds come from report_setting" \
  "$(sqls "$db" "SELECT group_concat(DISTINCT threshold) FROM (SELECT threshold FROM small_n_target ORDER BY key)")" "1.3,1.5"

# reduce_floor_gpu: two machines of one model, floors 3.4 and 4.2 us (the mean
# of their runs; a profile run's and a failed run's floors left out): over CUB
# met on the first, inconclusive on the second; a third timed in one run:
# met on its bootstrap intervals (1.4 [1.37, 1.43]).
db2="$tmp/g.db"
mfloor=$(analysis_view '/^-- machine_floor: each machine/' '/^GROUP BY u.device_id;$/')
[ -n "$mfloor" ] || notok "view machine_floor found in reports/analysis/"
gview=$(analysis_view '/^-- reduce_floor per GPU/' '/AND (s.n & (s.n - 1)) = 0 AND s.variant IN (.small-n., .cub.);$/')
[ -n "$gview" ] || notok "view reduce_floor_gpu found in reports/analysis/"
pairs=$(cat reports/analysis/26-pairs.sql)
rviews=$(analysis_view '/^CREATE VIEW ratio_stats AS/' '/^SELECT device_id, band, band_label, held_out, covered, pct FROM pair_coverage/')
[ -n "$rviews" ] || notok "ratio_stats found in reports/analysis/"
sqls -bail "$db2" > /dev/null <<SQL || notok "the stand-ins and reduce_floor_gpu load"
CREATE TABLE report_setting (key TEXT PRIMARY KEY, value REAL, why TEXT);
INSERT INTO report_setting VALUES ('small_cub', 1.3, ''), ('small_model', 1.5, '');
CREATE TABLE report_target (key TEXT PRIMARY KEY, name TEXT);
INSERT INTO report_target VALUES ('small_cub', 'small-n over CUB'), ('small_model', 'small-n over the floor model');
CREATE TABLE size (n_smallest INTEGER, n_small INTEGER);
INSERT INTO size VALUES (65536, 1048576);
CREATE TABLE report_devices (device_id INTEGER, name TEXT, label TEXT, ord INTEGER);
INSERT INTO report_devices VALUES (7, 'NVIDIA M', 'M #a', 1), (8, 'NVIDIA M', 'M #b', 2), (9, 'NVIDIA M', 'M #c', 3);
CREATE TABLE run (run_id INTEGER PRIMARY KEY, device_id INTEGER, kind TEXT, status TEXT, launch_us REAL,
                  read_gbps REAL, session TEXT, binary TEXT, build_id TEXT);
INSERT INTO run VALUES (1, 7, 'measure', 'complete', 3.3, 4000, 'S', 'reduce', 'b'),
  (2, 7, 'measure', 'complete', 3.5, 4100, 'S', 'reduce', 'b'), (5, 7, 'profile', 'complete', 9.0, 4000, 'S', 'reduce', 'b'),
  (6, 7, 'measure', 'failed', 9.0, 4000, 'S', 'reduce', 'b'), (3, 8, 'measure', 'complete', 4.2, 4100, 'S', 'reduce', 'b'),
  (4, 8, 'measure', 'complete', 4.2, 0, 'S', 'reduce', 'b'), (7, 9, 'measure', 'complete', 4.0, 4100, 'S', 'reduce', 'b');
CREATE TABLE stats_default (device_id INTEGER, study TEXT, dtype TEXT, block INTEGER, timer TEXT, params TEXT,
                            n INTEGER, variant TEXT, median_ms REAL, lo_ms REAL, hi_ms REAL,
                            bytes_read INTEGER, bytes_written INTEGER);
INSERT INTO stats_default VALUES
  (7, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'small-n', 0.0050, 0.0049, 0.0051, 262144, 4),
  (7, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'cub', 0.0070, 0.0069, 0.0071, 262144, 4),
  (8, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'small-n', 0.0058, 0.0057, 0.0059, 262144, 4),
  (8, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'cub', 0.0076, 0.0075, 0.0077, 262144, 4),
  (8, 'reduce', 'int32', 256, 'cuda-event', '{"loads":4}', 65536, 'small-n', 0.0040, 0.0039, 0.0041, 262144, 4),
  (8, 'reduce', 'float32', 256, 'cuda-event', '{}', 65536, 'small-n', 0.0040, 0.0039, 0.0041, 262144, 4),
  (8, 'reduce', 'int32', 512, 'cuda-event', '{}', 65536, 'small-n', 0.0040, 0.0039, 0.0041, 262144, 4),
  (8, 'reduce', 'int32', 256, 'cuda-event', '{}', 65537, 'small-n', 0.0040, 0.0039, 0.0041, 262148, 4),
  (8, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'one-launch', 0.0040, 0.0039, 0.0041, 262144, 4),
  (9, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'small-n', 0.0050, 0.0049, 0.0051, 262144, 4),
  (9, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'cub', 0.0070, 0.0069, 0.0071, 262144, 4);
CREATE TABLE trial (run_id INTEGER, trial_index INTEGER, device_id INTEGER, study TEXT, config_key TEXT,
                    variant TEXT, dtype TEXT, n INTEGER, block INTEGER, params TEXT, flush TEXT, mode TEXT,
                    cache TEXT, timer TEXT, median_ms REAL, ci_lo_ms REAL, ci_hi_ms REAL, q1_ms REAL, q3_ms REAL);
INSERT INTO trial VALUES
  (1, 1, 7, 'reduce', 'sn', 'small-n', 'int32', 65536, 256, '{}', 'clean', 'single', 'cold', 'cuda-event', 0.0050, 0.0049, 0.0051, NULL, NULL),
  (1, 1, 7, 'reduce', 'cub', 'cub', 'int32', 65536, 256, '{}', 'clean', 'single', 'cold', 'cuda-event', 0.0070, 0.0069, 0.0071, NULL, NULL),
  (2, 2, 7, 'reduce', 'sn', 'small-n', 'int32', 65536, 256, '{}', 'clean', 'single', 'cold', 'cuda-event', 0.0052, 0.0051, 0.0053, NULL, NULL),
  (2, 2, 7, 'reduce', 'cub', 'cub', 'int32', 65536, 256, '{}', 'clean', 'single', 'cold', 'cuda-event', 0.00728, 0.0072, 0.0074, NULL, NULL),
  (3, 1, 8, 'reduce', 'sn', 'small-n', 'int32', 65536, 256, '{}', 'clean', 'single', 'cold', 'cuda-event', 0.0050, 0.0049, 0.0051, NULL, NULL),
  (3, 1, 8, 'reduce', 'cub', 'cub', 'int32', 65536, 256, '{}', 'clean', 'single', 'cold', 'cuda-event', 0.0064, 0.0063, 0.0065, NULL, NULL),
  (4, 2, 8, 'reduce', 'sn', 'small-n', 'int32', 65536, 256, '{}', 'clean', 'single', 'cold', 'cuda-event', 0.0050, 0.0049, 0.0051, NULL, NULL),
  (4, 2, 8, 'reduce', 'cub', 'cub', 'int32', 65536, 256, '{}', 'clean', 'single', 'cold', 'cuda-event', 0.0067, 0.0066, 0.0068, NULL, NULL),
  (7, 1, 9, 'reduce', 'sn', 'small-n', 'int32', 65536, 256, '{}', 'clean', 'single', 'cold', 'cuda-event', 0.0050, 0.00495, 0.00505, NULL, NULL),
  (7, 1, 9, 'reduce', 'cub', 'cub', 'int32', 65536, 256, '{}', 'clean', 'single', 'cold', 'cuda-event', 0.0070, 0.00693, 0.00707, NULL, NULL);
ALTER TABLE trial ADD COLUMN bytes_read INTEGER DEFAULT 4; ALTER TABLE trial ADD COLUMN bytes_written INTEGER DEFAULT 0;
CREATE TABLE reduce_order (variant TEXT, ord INTEGER);
CREATE TABLE variant (study TEXT, variant TEXT, flags TEXT);
CREATE TABLE reduce_pick_t1 (device_id INTEGER, config_key TEXT, flush TEXT, mode TEXT, is_cub INTEGER);
CREATE TABLE pair_run_claim (kind TEXT, device_id INTEGER, pair_key TEXT, study TEXT, config_key TEXT, variant TEXT,
                             dtype TEXT, n INTEGER, block INTEGER, params TEXT, flush TEXT, mode TEXT, run_id INTEGER,
                             trial_index INTEGER, num_ms REAL, den_ms REAL, num_lo_ms REAL, num_hi_ms REAL,
                             den_lo_ms REAL, den_hi_ms REAL);
$mfloor
$gview
$pairs
$rviews
$view
SQL
check_eq "each machine its own floor (mean of its complete measure runs) and read ceiling (the median of their read_gbps)" \
  "$(sqls "$db2" "SELECT group_concat(printf('%s %.2f %.4f', model, floor_us, model_us), '; ') FROM (SELECT * FROM reduce_floor_gpu WHERE variant = 'cub' ORDER BY mord)")" \
  "M #a 3.40 3.4647; M #b 4.20 4.2639; M #c 4.00 4.0639"
check_eq "only int32, block 256, default loads, powers of two, small-n and cub" \
  "$(sqls "$db2" "SELECT count(*) FROM reduce_floor_gpu")" "6"
check_eq "over CUB per machine, run by run: 1.40 [1.40, 1.40] met on #a, 1.31 [1.25, 1.37] inconclusive on #b, one run 1.40 [1.37, 1.43] met on #c" \
  "$(sqls "$db2" "SELECT group_concat(printf('%s %.2f [%.2f, %.2f] %s', model, value, lo, hi, verdict), '; ') FROM (SELECT * FROM small_n_target WHERE key = 'small_cub' ORDER BY mord)")" \
  "M #a 1.40 [1.40, 1.40] met; M #b 1.31 [1.25, 1.37] inconclusive; M #c 1.40 [1.37, 1.43] met"
[ "$nfail" -eq 0 ]
