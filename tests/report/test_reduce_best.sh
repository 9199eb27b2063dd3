#!/bin/sh
# tests/report/test_reduce_best.sh: every reduction variant at its fastest
# block (view reduce_best, reports/analysis/40-reduce.sql), on stand-in
# tables for what it reads (stats_default, reduce_trial, reduce_heldout):
# one row per GPU, type, size and variant, the configuration of the least
# trial-1 median, then the least centre, then the smaller block, then the
# first by key, flush and mode, so that ties (the event timer's 32 ns steps)
# are picked alike by every reader (the snapshot's views, the report's copy,
# the oracle) whatever order the rows come in: here the one picked is
# always the row inserted last. Its time: the mean of its other trials
# (reduce_heldout), else its own centre. Then the pairs' block per step
# (reduce_block_pick, reports/analysis/26-pairs.sql, on stand-ins for
# pair_trial_rows and reduce_step): trial 1's least median, ties to the
# smaller block, then the first by key, flush and mode, likewise. Needs no
# GPU.
# Usage: sh tests/report/test_reduce_best.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
. tests/analysis.sh

db="$tmp/t.db"
view=$(analysis_view '/^CREATE VIEW reduce_best AS/' '/^WHERE c.rk = 1;$/')
case "$view" in *"CREATE VIEW reduce_best AS"*) ;;
  *) notok "view reduce_best found in reports/analysis/"; exit 1 ;; esac
# Device 5, int32 at 2^20: vectorized under two keys of block 256 tied on
# trial 1 and on the centre ('vz-b' first, 'vz-a' picked); small-n under one
# key and two flushes tied ('memset' first, 'clean' picked); unroll8 in
# blocks 256 and 128 tied (128 picked); interleaved with trial 1 tied and the
# centre not (512 first, the least centre 1024 picked) and a block with the
# least centre but not the least trial 1 (256). Device 6: one trial (no
# held-out time: its own centre).
row() { # device key variant block flush centre_ms
  echo "($1, 'G$1', 'reduce', '$2', '$3', 'int32', 1048576, $4, '{}', 'cold', 'cuda-event', '$5', 'single', 3, $6,
         'runs', 0.01, 1, 0.01, 100, 4194304, 0, 3000, 2800, 0.02)"
}
sqls -bail "$db" > /dev/null <<SQL || notok "the stand-ins and the view load"
CREATE TABLE stats_default (device_id INTEGER, device TEXT, study TEXT, config_key TEXT, variant TEXT, dtype TEXT,
                            n INTEGER, block INTEGER, params TEXT, cache TEXT, timer TEXT, flush TEXT, mode TEXT,
                            runs INTEGER, median_ms REAL, basis TEXT, sd_rel REAL, band INTEGER, rsd_max REAL,
                            reps_min INTEGER, bytes_read INTEGER, bytes_written INTEGER, peak_gbps REAL,
                            read_gbps REAL, half_rel REAL);
INSERT INTO stats_default VALUES
  $(row 5 vz-b vectorized 256 clean 0.0100), $(row 5 vz-a vectorized 256 clean 0.0100),
  $(row 5 sn small-n 256 memset 0.0100), $(row 5 sn small-n 256 clean 0.0100),
  $(row 5 u8-256 unroll8 256 clean 0.0100), $(row 5 u8-128 unroll8 128 clean 0.0100),
  $(row 5 il-512 interleaved 512 clean 0.0102), $(row 5 il-256 interleaved 256 clean 0.0090),
  $(row 5 il-1024 interleaved 1024 clean 0.0101),
  $(row 6 vz-b vectorized 256 clean 0.0100), $(row 6 vz-a vectorized 256 clean 0.0100);
CREATE TABLE reduce_trial (device_id INTEGER, config_key TEXT, flush TEXT, mode TEXT, trial INTEGER, median_ms REAL);
INSERT INTO reduce_trial VALUES
  (5, 'vz-b', 'clean', 'single', 1, 0.0100), (5, 'vz-a', 'clean', 'single', 1, 0.0100),
  (5, 'sn', 'memset', 'single', 1, 0.0100), (5, 'sn', 'clean', 'single', 1, 0.0100),
  (5, 'u8-256', 'clean', 'single', 1, 0.0100), (5, 'u8-128', 'clean', 'single', 1, 0.0100),
  (5, 'il-512', 'clean', 'single', 1, 0.0100), (5, 'il-256', 'clean', 'single', 1, 0.0110),
  (5, 'il-1024', 'clean', 'single', 1, 0.0100),
  (6, 'vz-b', 'clean', 'single', 1, 0.0100), (6, 'vz-a', 'clean', 'single', 1, 0.0100);
CREATE TABLE reduce_heldout (device_id INTEGER, config_key TEXT, flush TEXT, mode TEXT, k INTEGER, ms REAL);
INSERT INTO reduce_heldout VALUES
  (5, 'vz-b', 'clean', 'single', 2, 0.0120), (5, 'vz-a', 'clean', 'single', 2, 0.0110),
  (5, 'sn', 'memset', 'single', 2, 0.0130), (5, 'sn', 'clean', 'single', 2, 0.0105),
  (5, 'u8-256', 'clean', 'single', 2, 0.0125), (5, 'u8-128', 'clean', 'single', 2, 0.0115),
  (5, 'il-512', 'clean', 'single', 2, 0.0122), (5, 'il-256', 'clean', 'single', 2, 0.0091),
  (5, 'il-1024', 'clean', 'single', 2, 0.0112);
$view
SQL
check_eq "one row per GPU, type, size and variant" \
  "$(sqls "$db" "SELECT count(*) || ' ' || count(DISTINCT device_id || dtype || n || variant) FROM reduce_best")" "5 5"
check_eq "ties: the first key, then flush; the smaller block; trial 1, then the centre" \
  "$(sqls "$db" "SELECT group_concat(variant || ' ' || config_key || ' ' || block || ' ' || flush, ', ') FROM (SELECT * FROM reduce_best WHERE device_id = 5 ORDER BY variant)")" \
  "interleaved il-1024 1024 clean, small-n sn 256 clean, unroll8 u8-128 128 clean, vectorized vz-a 256 clean"
check_eq "the picked configuration's time on its other trials (else its own centre) and held-out count" \
  "$(sqls "$db" "SELECT group_concat(printf('%d %s %.4f %s', device_id, variant, median_ms, coalesce(held_trials, '-')), ', ') FROM (SELECT * FROM reduce_best ORDER BY device_id, variant)")" \
  "5 interleaved 0.0112 2, 5 small-n 0.0105 2, 5 unroll8 0.0115 2, 5 vectorized 0.0110 2, 6 vectorized 0.0100 -"

db2="$tmp/p.db"
pview=$(analysis_view '/^CREATE VIEW reduce_block_pick AS$/' '/^WHERE rk = 1;$/')
case "$pview" in *"CREATE VIEW reduce_block_pick AS"*) ;;
  *) notok "view reduce_block_pick found in reports/analysis/"; exit 1 ;; esac
# Device 5, int32 at 2^20, trial 1 (a trial 2 and a key naming its flush or
# other loads not read): vectorized under 'vz-b' then 'vz-a' (tied), small-n
# under one key and two flushes (one row), unroll8 in blocks 256 and
# 128, interleaved in 512 (the least trial-1 median) and 256.
prow() { # key variant block flush ms [trial params]
  echo "(5, 'reduce', 'int32', 1048576, '$2', $3, '$1', '${7:-{\}}', '$4', 'single', ${6:-1}, $5)"
}
sqls -bail "$db2" > /dev/null <<SQL || notok "the stand-ins and reduce_block_pick load"
CREATE TABLE reduce_step (variant TEXT, ord INTEGER, step_no INTEGER);
INSERT INTO reduce_step VALUES ('interleaved', 3, 1), ('unroll8', 6, 2), ('vectorized', 11, 3), ('small-n', 14, 4);
CREATE TABLE pair_trial_rows (device_id INTEGER, study TEXT, dtype TEXT, n INTEGER, variant TEXT, block INTEGER,
                              config_key TEXT, params TEXT, flush TEXT, mode TEXT, trial_index INTEGER, ms REAL);
INSERT INTO pair_trial_rows VALUES
  $(prow vz-b vectorized 256 clean 0.0100), $(prow vz-a vectorized 256 clean 0.0100),
  $(prow 'vz-0 flush=memset' vectorized 256 memset 0.0050), $(prow vz-l4 vectorized 256 clean 0.0050 1 '{"loads":4}'),
  $(prow vz-0 vectorized 256 clean 0.0050 2),
  $(prow sn small-n 256 memset 0.0100), $(prow sn small-n 256 clean 0.0100),
  $(prow u8-256 unroll8 256 clean 0.0100), $(prow u8-128 unroll8 128 clean 0.0100),
  $(prow il-512 interleaved 512 clean 0.0100), $(prow il-256 interleaved 256 clean 0.0110);
$pview
SQL
check_eq "reduce_block_pick: one per step; ties to the smaller block, then the first key" \
  "$(sqls "$db2" "SELECT group_concat(variant || ' ' || config_key || ' ' || block, ', ') FROM (SELECT * FROM reduce_block_pick ORDER BY variant)")" \
  "interleaved il-512 512, small-n sn 256, unroll8 u8-128 128, vectorized vz-a 256"
[ "$nfail" -eq 0 ]
