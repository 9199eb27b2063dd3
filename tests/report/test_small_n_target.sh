#!/bin/sh
# tests/report/test_small_n_target.sh: the small-n step per GPU (views
# small_n_gpu and small_n_target, reports/analysis/45-small-n.sql; issues 22
# and 36), on stand-in tables for what they read (reduce_floor_gpu,
# pair_stats, size, report_setting, report_target): one configuration per
# GPU and size (only n = 2^16, 2^18 and 2^20), where two configuration keys
# (or one key under two flushes) time it the one of the most trials, then
# the one whose key names its loads, then the first key; its one target, the
# time over the floor model, met when the interval's high end over the model
# is at most small_model, missed when its low end is above it, inconclusive
# otherwise, not judged without an interval; the throughput over CUB's (the
# picked configuration's pair of kind cub) reported beside it, no target: no
# verdict, no threshold, no small_cub setting left in the analysis. Then
# reduce_floor_gpu and the pairs themselves (stand-ins for run, trial,
# stats_default, report_devices and what 26-pairs.sql reads): each machine
# its own floor, ceiling and ratio over CUB; a machine of one run its ratio
# on that run's intervals of the median (basis 'one run'). Needs no GPU.
# Usage: sh tests/report/test_small_n_target.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
. tests/analysis.sh

db="$tmp/t.db"
view=$(analysis_view '/^-- The small-n step per GPU at n = /' '/JOIN report_target g ON g.key = t.key;$/')
case "$view" in *"CREATE VIEW small_n_gpu"*"CREATE VIEW small_n_target"*) ;;
  *) notok "views small_n_gpu and small_n_target found in reports/analysis/"; exit 1 ;; esac
check_eq "small-n over CUB is no target: no setting small_cub in the analysis" \
  "$(cat $(analysis_sql) | grep -c "'small_cub'")" 0
# M (device 5): 2^16 under two keys, 'old' of 4 trials and 'new' of 3 (the
# one of more trials judged), 2^18 under two keys of 3 trials each, one naming
# its loads ('named': judged), 2^20 under one key but two flushes of 3 trials
# (clean before memset: the first by name); N (device 6): 2^16 with no CUB pair.
sqls -bail "$db" > /dev/null <<SQL || notok "the stand-ins and the views load"
CREATE TABLE report_setting (key TEXT PRIMARY KEY, value REAL, why TEXT);
CREATE TABLE report_target (key TEXT PRIMARY KEY, name TEXT);
CREATE TABLE size (n_smallest INTEGER, n_small INTEGER);
INSERT INTO size VALUES (65536, 1048576);
CREATE TABLE reduce_floor_gpu (mord INTEGER, model TEXT, device_id INTEGER, variant TEXT, n INTEGER, us REAL,
                               lo REAL, hi REAL, model_us REAL, x_model REAL, config_key TEXT, flush TEXT, mode TEXT,
                               runs INTEGER, names_loads INTEGER);
INSERT INTO reduce_floor_gpu VALUES
  (1, 'M', 5, 'small-n', 65536, 5.0, 4.9, 5.1, 3.5, 5.0 / 3.5, 'old16', 'clean', 'single', 4, 0),
  (1, 'M', 5, 'small-n', 65536, 9.0, 8.9, 9.1, 3.5, 9.0 / 3.5, 'new16', 'clean', 'single', 3, 1),
  (1, 'M', 5, 'cub', 65536, 7.0, 6.9, 7.1, 3.5, 2.0, 'cub16', 'clean', 'single', 4, 1),
  (1, 'M', 5, 'small-n', 262144, 9.0, 8.9, 9.1, 3.5, 9.0 / 3.5, 'a18', 'clean', 'single', 3, 0),
  (1, 'M', 5, 'small-n', 262144, 5.5, 5.4, 5.6, 3.5, 5.5 / 3.5, 'named18', 'clean', 'single', 3, 1),
  (1, 'M', 5, 'small-n', 1048576, 9.0, 8.9, 9.1, 4.0, 9.0 / 4.0, 'k20', 'memset', 'single', 3, 1),
  (1, 'M', 5, 'small-n', 1048576, 6.0, 5.9, 6.1, 4.0, 1.5, 'k20', 'clean', 'single', 3, 1),
  (1, 'M', 5, 'small-n', 4096, 5.0, 4.9, 5.1, 3.5, 1.4, 'k12', 'clean', 'single', 3, 1),
  (1, 'M', 5, 'one-launch', 65536, 9.0, 8.9, 9.1, 3.5, 2.6, 'ol16', 'clean', 'single', 3, 1),
  (2, 'N', 6, 'small-n', 65536, 5.0, 4.9, 5.1, 3.5, 5.0 / 3.5, 'new16', 'clean', 'single', 3, 1),
  (2, 'N', 6, 'small-n', 262144, 5.0, NULL, NULL, 3.5, 5.0 / 3.5, 'new18', 'clean', 'single', 1, 1);
CREATE TABLE pair_stats (kind TEXT, device_id INTEGER, config_key TEXT, flush TEXT, mode TEXT, ratio REAL, lo REAL,
                         hi REAL, k INTEGER, basis TEXT);
INSERT INTO pair_stats VALUES
  ('cub', 5, 'old16', 'clean', 'single', 1.4, 1.35, 1.45, 4, 'runs'), ('cub', 5, 'new16', 'clean', 'single', 2.0, 1.9, 2.1, 3, 'runs'),
  ('step', 5, 'old16', 'clean', 'single', 3.0, 2.9, 3.1, 4, 'runs'),
  ('cub', 5, 'named18', 'clean', 'single', 1.27, 1.23, 1.31, 3, 'runs'), ('cub', 5, 'a18', 'clean', 'single', 2.0, 1.9, 2.1, 3, 'runs'),
  ('cub', 5, 'k20', 'clean', 'single', 1.16, 1.14, 1.19, 3, 'runs'), ('cub', 5, 'k20', 'memset', 'single', 2.0, 1.9, 2.1, 3, 'runs'),
  ('cub', 5, 'k12', 'clean', 'single', 1.8, 1.7, 1.9, 3, 'runs');
$view
SQL
v() { sqls "$db" "SELECT verdict FROM small_n_target WHERE mord = 1 AND key = 'small_model' AND n = $1"; }
check_eq "over the model at 2^16 (the key of 4 trials): [1.40, 1.46] at most 1.5: met" "$(v 65536)" "met"
check_eq "over the model at 2^18 (the key naming its loads): [1.54, 1.60] above 1.5: missed" "$(v 262144)" "missed"
check_eq "over the model at 2^20 (the first flush by name): [1.475, 1.525] straddles 1.5: inconclusive" "$(v 1048576)" "inconclusive"
check_eq "without an interval: not judged" \
  "$(sqls "$db" "SELECT verdict FROM small_n_target WHERE mord = 2 AND n = 262144")" "not judged"
check_eq "one row per GPU and size (two keys or two flushes: one), only 2^16, 2^18, 2^20 and the small-n step" \
  "$(sqls "$db" "SELECT count(*) || ' ' || count(DISTINCT mord || ' ' || n) FROM small_n_target") $(sqls "$db" "SELECT count(*) FROM small_n_gpu")" "5 5 5"
check_eq "one target, its threshold from report_setting" \
  "$(sqls "$db" "SELECT group_concat(DISTINCT key || ' ' || threshold || ' ' || target) FROM small_n_target")" \
  "small_model 1.5 small-n over the floor model"
check_eq "the configuration judged per size: the most trials, then the key naming its loads, then the first" \
  "$(sqls "$db" "SELECT group_concat(config_key || ' ' || flush, ', ') FROM (SELECT * FROM small_n_gpu WHERE mord = 1 ORDER BY n)")" \
  "old16 clean, named18 clean, k20 clean"
check_eq "over CUB: the ratio and interval of that configuration's cub pair, no verdict" \
  "$(sqls "$db" "SELECT group_concat(printf('%.2f [%.2f, %.2f] %d %s', cub_x, cub_lo, cub_hi, cub_runs, cub_basis), '; ') FROM (SELECT * FROM small_n_gpu WHERE mord = 1 ORDER BY n)")" \
  "1.40 [1.35, 1.45] 4 runs; 1.27 [1.23, 1.31] 3 runs; 1.16 [1.14, 1.19] 3 runs"
check_eq "over CUB without a pair: no value" \
  "$(sqls "$db" "SELECT coalesce(cub_x, 'none') FROM small_n_gpu WHERE mord = 2 AND n = 65536")" "none"

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
INSERT INTO report_setting VALUES ('small_model', 1.5, '');
CREATE TABLE report_target (key TEXT PRIMARY KEY, name TEXT);
INSERT INTO report_target VALUES ('small_model', 'small-n over the floor model');
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
                            bytes_read INTEGER, bytes_written INTEGER, config_key TEXT, flush TEXT, mode TEXT,
                            runs INTEGER);
INSERT INTO stats_default VALUES
  (7, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'small-n', 0.0050, 0.0049, 0.0051, 262144, 4, 'sn', 'clean', 'single', 2),
  (7, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'cub', 0.0070, 0.0069, 0.0071, 262144, 4, 'cub', 'clean', 'single', 2),
  (8, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'small-n', 0.0058, 0.0057, 0.0059, 262144, 4, 'sn', 'clean', 'single', 2),
  (8, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'cub', 0.0076, 0.0075, 0.0077, 262144, 4, 'cub', 'clean', 'single', 2),
  (8, 'reduce', 'int32', 256, 'cuda-event', '{"loads":4}', 65536, 'small-n', 0.0040, 0.0039, 0.0041, 262144, 4, 'x4', 'clean', 'single', 2),
  (8, 'reduce', 'float32', 256, 'cuda-event', '{}', 65536, 'small-n', 0.0040, 0.0039, 0.0041, 262144, 4, 'x5', 'clean', 'single', 2),
  (8, 'reduce', 'int32', 512, 'cuda-event', '{}', 65536, 'small-n', 0.0040, 0.0039, 0.0041, 262144, 4, 'x6', 'clean', 'single', 2),
  (8, 'reduce', 'int32', 256, 'cuda-event', '{}', 65537, 'small-n', 0.0040, 0.0039, 0.0041, 262148, 4, 'x7', 'clean', 'single', 2),
  (8, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'one-launch', 0.0040, 0.0039, 0.0041, 262144, 4, 'x8', 'clean', 'single', 2),
  (9, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'small-n', 0.0050, 0.0049, 0.0051, 262144, 4, 'sn', 'clean', 'single', 1),
  (9, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'cub', 0.0070, 0.0069, 0.0071, 262144, 4, 'cub', 'clean', 'single', 1);
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
check_eq "over CUB per machine, run by run: 1.40 [1.40, 1.40] on #a, 1.31 [1.25, 1.37] on #b, one run 1.40 [1.37, 1.43] on #c" \
  "$(sqls "$db2" "SELECT group_concat(printf('%s %.2f [%.2f, %.2f] %s', model, cub_x, cub_lo, cub_hi, cub_basis), '; ') FROM (SELECT * FROM small_n_gpu ORDER BY mord)")" \
  "M #a 1.40 [1.40, 1.40] runs; M #b 1.31 [1.25, 1.37] runs; M #c 1.40 [1.37, 1.43] one run"
check_eq "the target per machine against its own floor: no row over CUB" \
  "$(sqls "$db2" "SELECT group_concat(printf('%s %s %.3f %s', model, key, value, verdict), '; ') FROM (SELECT * FROM small_n_target ORDER BY mord)")" \
  "M #a small_model 1.443 met; M #b small_model 1.360 met; M #c small_model 1.230 met"
[ "$nfail" -eq 0 ]
