#!/bin/sh
# tests/report/test_reduce_floor.sh: the small-n end of the reduction against
# its floor model (views reduce_floor_gpu and reduce_floor,
# reports/analysis/45-small-n.sql; issues 22, 43 item 3 and 47), on stand-in
# tables for what they read (run, trial, stats_default, variant_order,
# report_devices, report_models): per GPU, each machine its own launch floor
# (the mean of its complete measure runs) and read reference stream (the
# median of their read_gbps); one configuration per GPU, line and size (the
# most trials, then the key naming its loads, then the first key); only
# int32, 256-thread blocks, the default loads and grid, powers of two;
# small-n, one-launch and CUB at its best (of cub and cub32, the faster on
# trial 1: line cub), with the launches of one call. Per model: the launch
# floor the median of its machines' (2.73, 4.43 and 4.38 us: 4.38, not the
# mean 3.85), the ratio to the floor model the median of the machines' own
# ratios (1.59, 1.36, 1.37: 1.37, not the median time over the mean floor's
# model, 1.56), the time the median of theirs, the bracket their range
# ('range'), one machine's its interval ('interval'). The largest n small-n
# sums in one block: sixteen int32 a thread. Needs no GPU.
# Usage: sh tests/report/test_reduce_floor.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
. tests/analysis.sh

db="$tmp/f.db"
mfloor=$(analysis_view '/^-- machine_floor: each machine/' '/^GROUP BY u.device_id;$/')
role=$(analysis_view '/^DROP VIEW IF EXISTS reduce_role;$/' '/^WHERE rk = 1;$/')
floor=$(analysis_view '/^-- The one-launch steps (small-n, one-launch) and CUB at its best against the/' '/^-- Machines of one model, pair by pair/')
case "$mfloor$role$floor" in *"CREATE VIEW machine_floor"*"CREATE VIEW reduce_role"*"CREATE VIEW reduce_ref_pick"*"CREATE VIEW reduce_floor_gpu"*"CREATE VIEW reduce_floor "*"CREATE VIEW small_one_block"*) ;;
  *) notok "views machine_floor, reduce_role, reduce_ref_pick, reduce_floor_gpu, reduce_floor and small_one_block found in reports/analysis/"; exit 1 ;; esac
# Model M, three machines (devices 1, 2, 3: floors 2.73, 4.43 and 4.38 us,
# from two runs each on device 1, 2.70 and 2.76; a failed run's and a
# profile run's not counted), their stream 4000 GB/s; small-n at 2^16 (bytes
# 262144) at 4.4448, 6.1139 and 6.0903 us: ratios 1.59, 1.36, 1.37; device 1
# also under a second key of fewer trials (not read), a block-512, a loads=4,
# a float32 and a non-power row (not read). CUB at 2^16: cub and cub32, on
# device 1 cub32 faster on trial 1 (chosen, whatever later trials say), on
# devices 2 and 3 cub. Model P, one machine (device 4, floor 3.0 us).
sqls -bail "$db" > /dev/null <<SQL || notok "the stand-ins and the views load"
CREATE TABLE variant_order (study TEXT, variant TEXT, ord INTEGER, description TEXT, bottleneck TEXT, flags TEXT,
                            origin TEXT);
INSERT INTO variant_order VALUES ('reduce', 'one-launch', 15, '', 'x', '', 'top'), ('reduce', 'small-n', 17, '', 'x', '', 'modern'),
  ('reduce', 'no-combine', 18, '', '', 'bound', 'bound'), ('reduce', 'cub', 19, '', '', '', 'reference'),
  ('reduce', 'cub32', 21, '', '', 'offset32', 'reference');
CREATE TABLE report_devices (device_id INTEGER, name TEXT, label TEXT, ord INTEGER);
INSERT INTO report_devices VALUES (1, 'NVIDIA M', 'M #a', 1), (2, 'NVIDIA M', 'M #b', 2), (3, 'NVIDIA M', 'M #c', 3),
  (4, 'NVIDIA P', 'P', 4);
CREATE TABLE report_models (name TEXT, machines INTEGER, model TEXT, panel TEXT, mord INTEGER);
INSERT INTO report_models VALUES ('NVIDIA M', 3, 'M', 'M, 3 machines', 1), ('NVIDIA P', 1, 'P', 'P', 2);
CREATE TABLE run (run_id INTEGER PRIMARY KEY, device_id INTEGER, kind TEXT, status TEXT, launch_us REAL, read_gbps REAL);
INSERT INTO run VALUES (1, 1, 'measure', 'complete', 2.70, 4000), (2, 1, 'measure', 'complete', 2.76, 4000),
  (3, 1, 'measure', 'failed', 9.0, 4000), (4, 1, 'profile', 'complete', 9.0, 4000),
  (5, 2, 'measure', 'complete', 4.43, 4000), (6, 3, 'measure', 'complete', 4.38, 4000), (7, 4, 'measure', 'complete', 3.0, 4000);
CREATE TABLE stats_default (device_id INTEGER, study TEXT, dtype TEXT, block INTEGER, timer TEXT, params TEXT,
                            n INTEGER, variant TEXT, median_ms REAL, lo_ms REAL, hi_ms REAL,
                            bytes_read INTEGER, bytes_written INTEGER, config_key TEXT, flush TEXT, mode TEXT,
                            runs INTEGER);
INSERT INTO stats_default VALUES
  (1, 'reduce', 'int32', 256, 'cuda-event', '{"loads":8,"grid":1}', 65536, 'small-n', 0.0044448, 0.0044, 0.0045, 262144, 0, 'sn', 'clean', 'single', 6),
  (1, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'small-n', 0.0090, 0.0089, 0.0091, 262144, 0, 'sn-old', 'clean', 'single', 3),
  (1, 'reduce', 'int32', 512, 'cuda-event', '{}', 65536, 'small-n', 0.0010, 0.0009, 0.0011, 262144, 0, 'x1', 'clean', 'single', 6),
  (1, 'reduce', 'int32', 256, 'cuda-event', '{"loads":4}', 65536, 'small-n', 0.0010, 0.0009, 0.0011, 262144, 0, 'x2', 'clean', 'single', 6),
  (1, 'reduce', 'float32', 256, 'cuda-event', '{}', 65536, 'small-n', 0.0010, 0.0009, 0.0011, 262144, 0, 'x3', 'clean', 'single', 6),
  (1, 'reduce', 'int32', 256, 'cuda-event', '{}', 65537, 'small-n', 0.0010, 0.0009, 0.0011, 262148, 0, 'x4', 'clean', 'single', 6),
  (1, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'no-combine', 0.0010, 0.0009, 0.0011, 262144, 0, 'x5', 'clean', 'single', 6),
  (1, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'cub', 0.0070, 0.0069, 0.0071, 262144, 0, 'c64', 'clean', 'single', 6),
  (1, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'cub32', 0.0072, 0.0071, 0.0073, 262144, 0, 'c32', 'clean', 'single', 6),
  (2, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'small-n', 0.0061139, 0.0061, 0.0062, 262144, 0, 'sn', 'clean', 'single', 6),
  (2, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'cub', 0.0080, 0.0079, 0.0081, 262144, 0, 'c64', 'clean', 'single', 6),
  (2, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'cub32', 0.0082, 0.0081, 0.0083, 262144, 0, 'c32', 'clean', 'single', 6),
  (3, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'small-n', 0.0060903, 0.0060, 0.0062, 262144, 0, 'sn', 'clean', 'single', 6),
  (3, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'cub', 0.0085, 0.0084, 0.0086, 262144, 0, 'c64', 'clean', 'single', 6),
  (4, 'reduce', 'int32', 256, 'cuda-event', '{}', 65536, 'small-n', 0.0050, 0.0048, 0.0053, 262144, 0, 'sn', 'clean', 'single', 3);
CREATE TABLE trial (device_id INTEGER, study TEXT, config_key TEXT, variant TEXT, dtype TEXT, n INTEGER, flush TEXT,
                    mode TEXT, timer TEXT, trial_index INTEGER, median_ms REAL, launches INTEGER);
INSERT INTO trial VALUES
  (1, 'reduce', 'sn', 'small-n', 'int32', 65536, 'clean', 'single', 'cuda-event', 1, 0.0044, 1),
  (1, 'reduce', 'c64', 'cub', 'int32', 65536, 'clean', 'single', 'cuda-event', 1, 0.0070, 2),
  (1, 'reduce', 'c32', 'cub32', 'int32', 65536, 'clean', 'single', 'cuda-event', 1, 0.0068, 2),
  (1, 'reduce', 'c64', 'cub', 'int32', 65536, 'clean', 'single', 'cuda-event', 2, 0.0070, 2),
  (1, 'reduce', 'c32', 'cub32', 'int32', 65536, 'clean', 'single', 'cuda-event', 2, 0.0074, 2),
  (2, 'reduce', 'sn', 'small-n', 'int32', 65536, 'clean', 'single', 'cuda-event', 1, 0.0061, 1),
  (2, 'reduce', 'c64', 'cub', 'int32', 65536, 'clean', 'single', 'cuda-event', 1, 0.0080, 2),
  (2, 'reduce', 'c32', 'cub32', 'int32', 65536, 'clean', 'single', 'cuda-event', 1, 0.0082, 2),
  (3, 'reduce', 'sn', 'small-n', 'int32', 65536, 'clean', 'single', 'cuda-event', 1, 0.0061, 1),
  (3, 'reduce', 'c64', 'cub', 'int32', 65536, 'clean', 'single', 'cuda-event', 1, 0.0085, 2),
  (4, 'reduce', 'sn', 'small-n', 'int32', 65536, 'clean', 'single', 'cuda-event', 1, 0.0050, 1);
CREATE TABLE stat_words (x);
$mfloor
$role
$floor
SQL
q() { sqls "$db" "$1"; }
check_eq "each machine its own floor (the mean of its complete measure runs) beside its rows" \
  "$(q "SELECT group_concat(printf('%s %.2f', model, floor_us), '; ') FROM (SELECT DISTINCT model, mord, floor_us FROM reduce_floor_gpu ORDER BY mord)")" \
  "M #a 2.73; M #b 4.43; M #c 4.38; P 3.00"
check_eq "one row per GPU, line and size: int32, block 256, the default loads and grid, powers of two; the key of the most trials" \
  "$(q "SELECT group_concat(model || ' ' || line || ' ' || variant || ' ' || config_key || ' ' || launches, '; ') FROM (SELECT * FROM reduce_floor_gpu ORDER BY mord, ord)")" \
  "M #a small-n small-n sn 1; M #a cub cub32 c32 2; M #b small-n small-n sn 1; M #b cub cub c64 2; M #c small-n small-n sn 1; M #c cub cub c64 2; P small-n small-n sn 1"
check_eq "each machine's ratio to its own floor model and the interval's ends over it" \
  "$(q "SELECT group_concat(printf('%s %.4f %.2f %.3f %.3f', model, model_us, x_model, x_lo, x_hi), '; ') FROM (SELECT * FROM reduce_floor_gpu WHERE line = 'small-n' ORDER BY mord)")" \
  "M #a 2.7955 1.59 1.574 1.610; M #b 4.4955 1.36 1.357 1.379; M #c 4.4455 1.37 1.350 1.395; P 3.0655 1.63 1.566 1.729"
check_eq "per model: the floor the median of its machines' (4.38, not 3.85), the ratio the median of theirs (1.37, not 1.56), the time the median, the bracket the range" \
  "$(q "SELECT group_concat(printf('%s %s %d %s %.2f %.2f %.4f %.4f %.4f %.2f %.2f', model, variant, gpus, bracket, floor_us, x_model, us, lo, hi, x_lo, x_hi), '; ') FROM (SELECT * FROM reduce_floor ORDER BY mord, ord)")" \
  "M small-n 3 range 4.38 1.37 6.0903 4.4448 6.1139 1.36 1.59; M cub 3 range 4.38 1.91 8.0000 7.2000 8.5000 1.78 2.58; P small-n 1 interval 3.00 1.63 5.0000 4.8000 5.3000 1.57 1.73"
check_eq "(the old rule, the median time over the model of the mean floor, gives 1.56 here)" \
  "$(q "SELECT printf('%.2f', 6.0903 / ((2.73 + 4.43 + 4.38) / 3 + 262144 / 4e6))")" "1.56"
check_eq "small-n sums in one block up to sixteen int32 a thread" \
  "$(q "SELECT group_concat(block || ' ' || n_max, '; ') FROM (SELECT * FROM small_one_block ORDER BY block)")" "256 4096; 512 8192"
[ "$nfail" -eq 0 ]
