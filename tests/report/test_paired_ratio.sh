#!/bin/sh
# tests/report/test_paired_ratio.sh: the paired ratios (reports/analysis/
# 26-pairs.sql: pair_trial_rows, reduce_step, reduce_block_pick, pair_run,
# pair_trial, pair_halfwidth, pair_h, pair_coverage, pair_stats; and
# 45-small-n.sql's wrapper ratio_stats; issues 22 and 33) on stand-ins for
# what they read (trial, run, variant_order, reduce_pick_t1 and an
# empty pair_run_claim): two configurations are paired within one process
# only (the GPU, session, trial, binary and build: never across sessions,
# trials, binaries or builds; the runs of one binary's matrix are one
# process), so a process's offset that moves both cancels; a configuration
# timed twice in a process: the mean; CUB at any block: the mean; the
# median over runs; the leave-one-run-out deviation; the conformal
# half-width; the interval ratio x (1 -/+ max(h, the runs' range)); the
# coverage check sized on the other half of the pairs; the fallbacks of a
# band of few deviations; one run: the runs' intervals of the median combined (basis
# 'one run'); other loads, modes, flushes and blocks their own pairs; the
# flush pair (the memset row's key with ' flush=memset' is the clean row's);
# the step, total and pick pairs at the blocks picked on trial 1, over the
# trials >= 2 only, bound variants not steps. Issues 46 and 47: the one rule
# of what a variant is (reduce_role: by its registry flags and origin; a
# registry of no reference names cub and cub32), CUB at its best (of cub and
# cub32 the faster on trial 1, judged on the other trials), the best step so
# far (kind sofar), the host loop's ratio (kind cpu), and neither of those
# two kinds in the pools or the pooled kinds' halves, nor in pair_run ..
# pair_stats (the oracle's: the *_all views hold them). Needs no GPU.
# Usage: sh tests/report/test_paired_ratio.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
. tests/analysis.sh

db="$tmp/t.db"
pairs=$(cat reports/analysis/26-pairs.sql)
wrap=$(analysis_view '/^CREATE VIEW ratio_stats AS/' '/^SELECT device_id, band, band_label, held_out, covered, pct FROM pair_coverage/')
case "$pairs" in *"CREATE VIEW pair_stats"*) ;; *) notok "the pair views found in 26-pairs.sql"; exit 1 ;; esac
[ -n "$wrap" ] || { notok "ratio_stats found in reports/analysis/"; exit 1; }
# A trial row: run, trial, device, variant, key, n, block, params, flush,
# mode, median (its interval of the median +-1%, or q1/q3 +-2% where ci is "q").
#
# Device 1, small-n at 2^16: six runs (trials 1..6) whose offsets f move
# small-n and CUB alike (0.95 .. 1.05), CUB over small-n 1.4 x (1 + e), e = 0,
# .01, -.01, .02, 0, -.03; trial 7 timed CUB only; trial 1 timed small-n
# twice, 1% below and above (the mean: the value). Device 2: small-n 1.4 in
# five runs and 1.6 in the sixth, one-launch 1.2 in all six. Device 3: one
# run (1.4; a second pair whose trials have quartiles only). Device 4: three
# runs, 1.0, 1.1, 1.3 (the others of a run: an even count), and a second
# size timed in one run, CUB at two blocks (0.006 and 0.008: their mean).
# Device 5: a pair under 20 us, 1.4 in five runs and 1.414 in the sixth (six
# deviations, fewer than 20: its band borrows the device's all-band width),
# and a pair over 100 us in 40 runs, 1.0 in 38, 1.5 and 2.0 (40
# deviations: the 39th smallest, 0.5, not the largest). Device 6: the
# ladder (neighbored, interleaved, a bound variant) at blocks 128 and 256
# and CUB in four trials: trial 1 picks neighbored at 128 and interleaved at
# 256; trials 2..4 would pick the others. Device 7: two runs of small-n at
# the default and other loads, modes, flushes and blocks, and at 2^20
# (small-n 15 us, CUB 25 us: bands 1 and 2). Device 8: small-n
# and CUB in one process of a matrix (two runs of one session and trial),
# twice; and in other sessions, trials, binaries and builds.
awk 'BEGIN {
  q = "\047"; run = 0;
  split("0.95 1.00 1.05 0.97 1.03 1.00", f, " "); split("0 0.01 -0.01 0.02 0 -0.03", e, " ");
  for (i = 1; i <= 6; i++) {
    R(i, i, 1, "small-n", "sn", 65536, 256, "{}", "clean", "single", 0.005 * f[i] * (i == 1 ? 0.99 : 1));
    R(i, i, 1, "cub", "cub", 65536, 256, "{}", "clean", "single", 0.007 * f[i] * (1 + e[i]));
    R(10 + i, i, 2, "small-n", "sn", 65536, 256, "{}", "clean", "single", (i == 6 ? 0.007 / 1.6 : 0.005));
    R(10 + i, i, 2, "one-launch", "ol", 65536, 256, "{}", "clean", "single", 0.007 / 1.2);
    R(10 + i, i, 2, "cub", "cub", 65536, 256, "{}", "clean", "single", 0.007);
  }
  R(1, 1, 1, "small-n", "sn", 65536, 256, "{}", "clean", "single", 0.005 * f[1] * 1.01);
  R(7, 7, 1, "cub", "cub", 65536, 256, "{}", "clean", "single", 0.0001);
  R(21, 1, 3, "small-n", "sn", 65536, 256, "{}", "clean", "single", 0.005);
  R(21, 1, 3, "cub", "cub", 65536, 256, "{}", "clean", "single", 0.007);
  R(21, 1, 3, "small-n", "sn18", 262144, 256, "{}", "clean", "single", 0.005, "q");
  R(21, 1, 3, "cub", "cub18", 262144, 256, "{}", "clean", "single", 0.007, "q");
  split("1.0 1.1 1.3", r4, " ");
  for (i = 1; i <= 3; i++) {
    R(30 + i, i, 4, "small-n", "sn", 65536, 256, "{}", "clean", "single", 0.005);
    R(30 + i, i, 4, "cub", "cub", 65536, 256, "{}", "clean", "single", 0.005 * r4[i]);
  }
  R(31, 1, 4, "small-n", "sn18", 262144, 256, "{}", "clean", "single", 0.005);
  R(31, 1, 4, "cub", "cub18", 262144, 256, "{}", "clean", "single", 0.006);
  R(31, 1, 4, "cub", "cub18b", 262144, 512, "{}", "clean", "single", 0.008);
  for (i = 1; i <= 6; i++) {
    R(40 + i, i, 5, "small-n", "sn", 65536, 256, "{}", "clean", "single", 0.005);
    R(40 + i, i, 5, "cub", "cub", 65536, 256, "{}", "clean", "single", 0.005 * (i == 6 ? 1.414 : 1.4));
  }
  for (i = 1; i <= 40; i++) {
    R(40 + i, i, 5, "small-n", "snL", 268435456, 256, "{}", "clean", "single", 1.0);
    R(40 + i, i, 5, "cub", "cubL", 268435456, 256, "{}", "clean", "single", (i == 39 ? 1.5 : i == 40 ? 2.0 : 1.0));
  }
  split("0 0 0.05 -0.05", u, " "); split("1 1 1.02 0.98", g, " ");
  for (i = 1; i <= 4; i++) {
    R(110 + i, i, 6, "neighbored", "nb128", 65536, 128, "{}", "clean", "single", 0.010 * g[i]);
    R(110 + i, i, 6, "neighbored", "nb256", 65536, 256, "{}", "clean", "single", (i == 1 ? 0.011 : 0.009) * g[i]);
    R(110 + i, i, 6, "interleaved", "il128", 65536, 128, "{}", "clean", "single", (i == 1 ? 0.006 : 0.004) * g[i]);
    R(110 + i, i, 6, "interleaved", "il256", 65536, 256, "{}", "clean", "single", 0.005 * g[i] * (1 + u[i]));
    R(110 + i, i, 6, "boundx", "bx128", 65536, 128, "{}", "clean", "single", 0.004 * g[i]);
    R(110 + i, i, 6, "cub", "cub", 65536, 256, "{}", "clean", "single", 0.004 * g[i]);
  }
  R(115, 5, 6, "interleaved", "il256", 65536, 256, "{}", "clean", "single", 0.001);
  R(116, 5, 6, "neighbored", "nb128", 65536, 128, "{}", "clean", "single", 0.010, "", "T");
  for (i = 1; i <= 2; i++) {
    R(120 + i, i, 7, "small-n", "sn", 65536, 256, "{}", "clean", "single", 0.005);
    R(120 + i, i, 7, "cub", "cub", 65536, 256, "{}", "clean", "single", 0.007);
    R(120 + i, i, 7, "small-n", "sn20", 1048576, 256, "{}", "clean", "single", 0.015);
    R(120 + i, i, 7, "cub", "cub20", 1048576, 256, "{}", "clean", "single", 0.025 * (i == 1 ? 1 : 1.01));
    R(120 + i, i, 7, "small-n", "sn4", 65536, 256, "{\"loads\":4}", "clean", "single", 0.0035);
    R(120 + i, i, 7, "small-n", "sn512", 65536, 512, "{}", "clean", "single", 0.007);
    R(120 + i, i, 7, "small-n", "sn mode=batch", 65536, 256, "{}", "clean", "batch", 0.001);
    R(120 + i, i, 7, "cub", "cub mode=batch", 65536, 256, "{}", "clean", "batch", 0.0015);
    R(120 + i, i, 7, "small-n", "sn flush=memset", 65536, 256, "{}", "memset", "single", (i == 1 ? 0.004 : 0.0045));
    R(120 + i, i, 7, "cub", "cub flush=memset", 65536, 256, "{}", "memset", "single", 0.007);
  }
  R(125, 3, 7, "small-n", "sn flush=memset", 65536, 256, "{}", "memset", "single", 0.001);
  R(126, 3, 7, "small-n", "sn", 65536, 256, "{}", "clean", "single", 0.005, "", "T");
  R(91, 1, 8, "small-n", "sn", 65536, 256, "{}", "clean", "single", 0.005, "", "M");
  R(92, 1, 8, "cub", "cub", 65536, 256, "{}", "clean", "single", 0.006, "", "M");
  R(93, 2, 8, "small-n", "sn", 65536, 256, "{}", "clean", "single", 0.005, "", "M");
  R(94, 2, 8, "cub", "cub", 65536, 256, "{}", "clean", "single", 0.008, "", "M");
  R(95, 1, 8, "small-n", "sn", 65536, 256, "{}", "clean", "single", 0.005, "", "N");
  R(96, 1, 8, "cub", "cub", 65536, 256, "{}", "clean", "single", 0.001, "", "O");
  R(97, 2, 8, "small-n", "sn", 65536, 256, "{}", "clean", "single", 0.005, "", "N");
  R(98, 3, 8, "cub", "cub", 65536, 256, "{}", "clean", "single", 0.001, "", "N");
  R(99, 4, 8, "small-n", "sn", 65536, 256, "{}", "clean", "single", 0.005, "", "N");
  R(100, 4, 8, "cub", "cub", 65536, 256, "{}", "clean", "single", 0.001, "", "N", "reduce2");
  R(101, 5, 8, "small-n", "sn", 65536, 256, "{}", "clean", "single", 0.005, "", "N");
  R(102, 5, 8, "cub", "cub", 65536, 256, "{}", "clean", "single", 0.001, "", "N", "reduce", "c");
  split("1 1.02 0.98 1.01", g9, " ");
  for (i = 1; i <= 4; i++) {
    R(130 + i, i, 9, "neighbored", "nb9", 65536, 256, "{}", "clean", "single", 0.010 * g9[i]);
    R(130 + i, i, 9, "interleaved", "il9", 65536, 256, "{}", "clean", "single", 0.012 * g9[i]);
    R(130 + i, i, 9, "unroll8", "u89", 65536, 256, "{}", "clean", "single", 0.008 * g9[i]);
    R(130 + i, i, 9, "cub", "cub9", 65536, 256, "{}", "clean", "single", 0.009 * g9[i]);
    R(130 + i, i, 9, "cub32", "c329", 65536, 256, "{}", "clean", "single", (i == 1 ? 0.0085 : 0.0095) * g9[i]);
    printf "INSERT INTO trial VALUES (%d, %d, 9, " q "reduce" q ", " q "cpu9" q ", " q "cpu-serial" q ", " q "int32" q ", 65536, 256, " q "{}" q ", " q "memset" q ", " q "single" q ", " q "cold" q ", " q "host-clock" q ", %.12g, %.12g, %.12g, %.12g, %.12g);\n", 130 + i, i, g9[i], g9[i] * 0.99, g9[i] * 1.01, g9[i] * 0.9, g9[i] * 1.1;
  }
}
# R(run, trial, device, variant, key, n, block, params, flush, mode, ms
#   [, "q": quartiles only [, session [, binary [, build]]]])
function R(r, t, d, v, k, n, b, p, fl, m, ms, ci, s, bin, bld) {
  if (!(r in seen)) {
    seen[r] = 1;
    printf "INSERT INTO run VALUES (%d, %s, %s, %s);\n", r, (s == "" ? q "S" q : q s q),
      q (bin == "" ? "reduce" : bin) q, q (bld == "" ? "b" : bld) q;
  }
  if (ci == "q")
    printf "INSERT INTO trial VALUES (%d, %d, %d, " q "reduce" q ", %s, %s, " q "int32" q ", %d, %d, %s, %s, %s, " q "cold" q ", " q "cuda-event" q ", %.12g, NULL, NULL, %.12g, %.12g);\n",
      r, t, d, q k q, q v q, n, b, q p q, q fl q, q m q, ms, ms * 0.98, ms * 1.02;
  else
    printf "INSERT INTO trial VALUES (%d, %d, %d, " q "reduce" q ", %s, %s, " q "int32" q ", %d, %d, %s, %s, %s, " q "cold" q ", " q "cuda-event" q ", %.12g, %.12g, %.12g, %.12g, %.12g);\n",
      r, t, d, q k q, q v q, n, b, q p q, q fl q, q m q, ms, ms * 0.99, ms * 1.01, ms * 0.9, ms * 1.1;
}' > "$tmp/rows.sql"
sqls -bail "$db" > /dev/null <<SQL || notok "the stand-ins and the views load"
CREATE TABLE run (run_id INTEGER PRIMARY KEY, session TEXT, binary TEXT, build_id TEXT);
CREATE TABLE trial (run_id INTEGER, trial_index INTEGER, device_id INTEGER, study TEXT, config_key TEXT,
                    variant TEXT, dtype TEXT, n INTEGER, block INTEGER, params TEXT, flush TEXT, mode TEXT,
                    cache TEXT, timer TEXT, median_ms REAL, ci_lo_ms REAL, ci_hi_ms REAL, q1_ms REAL, q3_ms REAL);
CREATE TABLE variant_order (study TEXT, variant TEXT, ord INTEGER, description TEXT, bottleneck TEXT, flags TEXT,
                            origin TEXT);
INSERT INTO variant_order VALUES ('reduce', 'neighbored', 1, '', '', '', 'seed 2'),
  ('reduce', 'interleaved', 2, '', 'one thing', 'x', 'seed 4'), ('reduce', 'boundx', 3, '', '', 'x,bound', 'bound'),
  ('reduce', 'unroll8', 4, '', 'one thing; another; a third', '', 'seed 5'),
  ('reduce', 'cub', 9, '', '', 'no-block-axis', 'reference'), ('reduce', 'cpu-serial', 10, '', '', 'host', 'host'),
  ('reduce', 'cub32', 11, '', '', 'no-block-axis,offset32', 'reference'), ('access', 'small-n', 1, '', '', 'bound', '');
CREATE TABLE reduce_pick_t1 (device_id INTEGER, dtype TEXT, n INTEGER, variant TEXT, config_key TEXT, flush TEXT,
                             mode TEXT, is_cub INTEGER);
INSERT INTO reduce_pick_t1 VALUES (6, 'int32', 65536, 'interleaved', 'il256', 'clean', 'single', 0),
  (6, 'int32', 65536, 'cub', 'cub', 'clean', 'single', 1),
  (9, 'int32', 65536, 'unroll8', 'u89', 'clean', 'single', 0), (9, 'int32', 65536, 'cub32', 'c329', 'clean', 'single', 1);
CREATE TABLE pair_run_claim (kind TEXT, device_id INTEGER, pair_key TEXT, study TEXT, config_key TEXT, variant TEXT,
                             dtype TEXT, n INTEGER, block INTEGER, params TEXT, flush TEXT, mode TEXT, run_id INTEGER,
                             trial_index INTEGER, num_ms REAL, den_ms REAL, num_lo_ms REAL, num_hi_ms REAL,
                             den_lo_ms REAL, den_hi_ms REAL);
$(cat "$tmp/rows.sql")
ALTER TABLE trial ADD COLUMN bytes_read INTEGER DEFAULT 4; ALTER TABLE trial ADD COLUMN bytes_written INTEGER DEFAULT 0;
$pairs
$wrap
SQL
# The pair views computed once into tables, as the report's snapshot has
# them (90-cache.sql's part for the pairs: the same definitions, each
# evaluated once instead of once a check); no row is added to $db after
# this ($db3, below, is another database).
analysis_view '/^CREATE TABLE cache_pair_trial_rows /' '/^CREATE VIEW pair_coverage_all AS SELECT/' |
  sqls -bail "$db" > /dev/null || notok "the pair views cached as the snapshot caches them (90-cache.sql)"
q() { sqls "$db" "$1"; }
cub1="kind = 'cub' AND device_id = 1"
check_eq "paired within the run: the offsets cancel, the median of the six ratios, their range, k, basis" \
  "$(q "SELECT printf('%.4f %.4f %d ', ratio, range_rel, k) || basis FROM pair_stats WHERE $cub1")" "1.4000 0.0500 6 runs"
check_eq "one pair on device 1 (the CUB-only trial 7 pairs with nothing), one row a run" \
  "$(q "SELECT count(*) || ' ' || count(DISTINCT run_id) || ' ' || pair_key FROM pair_run WHERE $cub1")" \
  "6 6 sn flush=clean mode=single"
check_eq "a configuration timed twice in a process: the mean of the two (trial 1's ratio 1.4)" \
  "$(q "SELECT printf('%.6f', num_ms / den_ms) FROM pair_run WHERE $cub1 AND trial_index = 1")" "1.400000"
check_eq "each run against the median of the others: deviations and the others' range" \
  "$(q "SELECT group_concat(printf('%.4f/%.4f', dev, rest_range), ' ') FROM (SELECT * FROM pair_trial WHERE $cub1 ORDER BY run_id)")" \
  "0.0000/0.0500 0.0100/0.0500 0.0100/0.0500 0.0200/0.0400 0.0000/0.0500 0.0300/0.0300"
check_eq "the half-width: the ceil(0.95 (m + 1))-th smallest of m = 6 deviations (the largest), the kind's and every kind's" \
  "$(q "SELECT group_concat(printf('%s:%d %.4f', kind, deviations, h), ' ') FROM (SELECT * FROM pair_halfwidth WHERE device_id = 1 AND band = 1 AND part = 2 ORDER BY kind)")" \
  ":6 0.0300 cub:6 0.0300"
check_eq "the interval: 1.4 x (1 -/+ max(h 0.03, range 0.05))" \
  "$(q "SELECT printf('%.3f %.3f', lo, hi) FROM pair_stats WHERE $cub1")" "1.330 1.470"
check_eq "band: CUB's time (the numerator's) under 20 us" "$(q "SELECT band FROM pair_stats WHERE $cub1")" "1"
check_eq "coverage sized on the other half: the outlier run of small-n is not held (h of one-launch's half: 0)" \
  "$(q "SELECT held_out || ' ' || covered FROM pair_coverage WHERE device_id = 2")" "12 11"
check_eq "ratio_coverage: pair_coverage's kind cub" \
  "$(q "SELECT held_out || ' ' || covered FROM ratio_coverage WHERE device_id = 2")" "12 11"
check_eq "one run: the ratio, the runs' intervals combined (CUB's low over small-n's high .. the other way), basis 'one run'" \
  "$(q "SELECT printf('%.4f %d %.4f %.4f ', ratio, k, lo, hi) || basis FROM pair_stats WHERE kind = 'cub' AND device_id = 3 AND n = 65536")" \
  "1.4000 1 1.3723 1.4283 one run"
check_eq "one run without intervals of the median (rows of before them): the quartiles" \
  "$(q "SELECT printf('%.4f %.4f ', lo, hi) || basis FROM pair_stats WHERE kind = 'cub' AND device_id = 3 AND n = 262144")" \
  "1.3451 1.4571 one run"
check_eq "a pair of one run has no deviation" "$(q "SELECT count(*) FROM pair_trial WHERE device_id = 3")" "0"
check_eq "an even count of other runs: the mean of the middle two (1.0 against 1.2, 1.1 against 1.15, 1.3 against 1.05); three runs: the middle one" \
  "$(q "SELECT group_concat(printf('%.4f', dev), ' ') FROM (SELECT dev FROM pair_trial WHERE device_id = 4 ORDER BY run_id)") $(q "SELECT printf('%.2f', ratio) FROM pair_stats WHERE device_id = 4 AND n = 65536")" \
  "0.1667 0.0435 0.2381 1.10"
check_eq "one run on a GPU whose other pairs have intervals: still the one-run interval; CUB at two blocks: their mean" \
  "$(q "SELECT printf('%d %.4f %.4f %.4f ', k, ratio, lo, hi) || basis FROM pair_stats WHERE device_id = 4 AND n = 262144")" \
  "1 1.4000 1.3723 1.4283 one run"
check_eq "40 deviations: the 39th smallest" \
  "$(q "SELECT printf('%d %.4f', deviations, h) FROM pair_halfwidth WHERE kind = 'cub' AND device_id = 5 AND band = 3 AND part = 2")" "40 0.5000"
check_eq "a band of fewer than 20 deviations takes the device's all-band width (46 deviations: the 45th)" \
  "$(q "SELECT printf('%.4f %.4f', h, (SELECT h FROM pair_halfwidth WHERE kind = 'cub' AND device_id = 5 AND band = 1 AND part = 2)) FROM pair_h WHERE kind = 'cub' AND device_id = 5 AND band = 1 AND part = 2")" \
  "0.5000 0.0100"
check_eq "its interval: h (0.5) over the runs' range (0.01): 1.4 x (1 -/+ 0.5)" \
  "$(q "SELECT printf('%.4f %.4f %.4f', range_rel, lo, hi) FROM pair_stats WHERE kind = 'cub' AND device_id = 5 AND band = 1")" \
  "0.0100 0.7000 2.1000"
check_eq "other loads, blocks, modes and flushes: pairs of their own" \
  "$(q "SELECT group_concat(pair_key || printf(' %.2f', ratio), '; ') FROM (SELECT * FROM pair_stats WHERE kind = 'cub' AND device_id = 7 ORDER BY pair_key)")" \
  "sn flush=clean mode=single 1.40; sn flush=memset flush=memset mode=single 1.65; sn mode=batch flush=clean mode=batch 1.50; sn20 flush=clean mode=single 1.68; sn4 flush=clean mode=single 2.00; sn512 flush=clean mode=single 1.00"
check_eq "ratio_stats: the default loads and grid, one launch a sample, the clean flush (every block)" \
  "$(q "SELECT group_concat(block || printf(' %.2f', ratio), '; ') FROM (SELECT * FROM ratio_stats WHERE device_id = 7 ORDER BY block, n)")" \
  "256 1.40; 256 1.68; 512 1.00"
check_eq "band: the numerator's (CUB 25 us: 2), not the denominator's (small-n 15 us)" \
  "$(q "SELECT band || ' ' || (SELECT group_concat(DISTINCT band) FROM pair_trial WHERE kind = 'cub' AND device_id = 7 AND pair_key LIKE 'sn20 %') FROM pair_stats WHERE kind = 'cub' AND device_id = 7 AND n = 1048576")" "2 2"
check_eq "the flush pair: clean over memset, the memset key less ' flush=memset', within a process (not trial 3's)" \
  "$(q "SELECT group_concat(pair_key || printf(' %d %.4f', k, ratio), '; ') FROM (SELECT * FROM pair_stats WHERE kind = 'flush' AND device_id = 7 ORDER BY pair_key)")" \
  "cub flush=memset mode=single 2 1.0000; sn flush=memset mode=single 2 1.1806"
check_eq "a matrix's runs in one session and trial are one process; other sessions, trials, binaries and builds pair with nothing" \
  "$(q "SELECT k || ' ' || group_concat(run_id, ',') || printf(' %.2f', num_center_ms / 0.005) FROM pair_run WHERE device_id = 8")" "2 91,93 1.40"
check_eq "no pair spans two processes" \
  "$(q "SELECT count(*) FROM pair_run r JOIN trial a ON a.run_id = r.run_id JOIN run ua USING (run_id) WHERE r.kind = 'cub' AND NOT EXISTS (SELECT 1 FROM trial c JOIN run uc USING (run_id) WHERE c.variant = 'cub' AND c.device_id = r.device_id AND c.trial_index = a.trial_index AND uc.session = ua.session AND uc.binary = ua.binary AND uc.build_id = ua.build_id)")" "0"
check_eq "blocks picked on trial 1 (not on the others, which favour the other blocks); a bound variant is no step" \
  "$(q "SELECT group_concat(variant || ' ' || block, ', ') FROM (SELECT * FROM reduce_block_pick WHERE device_id = 6 ORDER BY variant)") / $(q "SELECT group_concat(variant, ',') FROM (SELECT * FROM reduce_step ORDER BY step_no)")" \
  "interleaved 256, neighbored 128 / neighbored,interleaved,unroll8"
check_eq "the step pair: the picked blocks, trials 2..4 only (not trial 1, not trial 5's other-session partner), the median" \
  "$(q "SELECT pair_key || ' ' || k || ' ' || (SELECT group_concat(trial_index, ',') FROM (SELECT trial_index FROM pair_run WHERE kind = 'step' AND device_id = 6 ORDER BY 1)) || printf(' %.4f', ratio) FROM pair_stats WHERE kind = 'step' AND device_id = 6")" \
  "il256 over nb128 3 2,3,4 2.0000"
check_eq "the total pair: over neighbored at its picked block" \
  "$(q "SELECT pair_key || printf(' %d %.4f', k, ratio) FROM pair_stats WHERE kind = 'total' AND variant = 'interleaved' AND device_id = 6")" \
  "il256 over nb128 3 2.0000"
check_eq "the pick pair: CUB over trial 1's pick, trials 2..4" \
  "$(q "SELECT pair_key || ' ' || k || ' ' || (SELECT group_concat(trial_index, ',') FROM (SELECT trial_index FROM pair_run WHERE kind = 'pick' AND device_id = 6 ORDER BY 1)) || printf(' %.4f', ratio) FROM pair_stats WHERE kind = 'pick' AND device_id = 6")" \
  "il256 flush=clean 3 2,3,4 0.8000"
# Device 9 (issues 46 and 47): the ladder neighbored, interleaved (slower:
# it loses), unroll8; CUB with 64-bit offsets (cub, 0.009 ms) and with
# 32-bit offsets (cub32: 0.0085 on trial 1, 0.0095 on trials 2..4); the host
# loop cpu-serial (1 ms, host clock), in four trials whose offsets move all.
check_eq "the one rule (reduce_role): a bound by its flag, the host loop by its, a reference by its origin, else a step; changes counted from the registry's '; '" \
  "$(q "SELECT group_concat(variant || ':' || role || ':' || changes, ' ') FROM (SELECT * FROM reduce_role ORDER BY ord)")" \
  "neighbored:step:0 interleaved:step:1 boundx:bound:0 unroll8:step:3 cub:reference:0 cpu-serial:host:0 cub32:reference:0"
check_eq "CUB at its best: cub32, the faster on trial 1 (of two references there)" \
  "$(q "SELECT variant || ' ' || refs FROM reduce_ref_pick WHERE device_id = 9")" "cub32 2"
check_eq "kind cub: over cub32, judged on trials 2..4 only (the choice's winner's curse): 0.0095 / 0.010, not trial 1's 0.85 or cub's 0.9" \
  "$(q "SELECT k || printf(' %.4f ', ratio) || (SELECT group_concat(trial_index, ',') FROM (SELECT trial_index FROM pair_run WHERE kind = 'cub' AND device_id = 9 AND variant = 'neighbored' ORDER BY 1)) FROM pair_stats WHERE kind = 'cub' AND device_id = 9 AND variant = 'neighbored'")" \
  "3 0.9500 2,3,4"
check_eq "one reference there: kind cub over every trial (device 1: six)" \
  "$(q "SELECT k FROM pair_stats WHERE $cub1")" "6"
check_eq "kind pick: over the reference reduce_pick_t1 chose (cub32), trials 2..4" \
  "$(q "SELECT pair_key || ' ' || k || printf(' %.4f', ratio) FROM pair_stats WHERE kind = 'pick' AND device_id = 9")" \
  "u89 flush=clean 3 1.1875"
check_eq "kind step: over the step before; kind sofar: over the best step so far (neighbored, not the losing interleaved)" \
  "$(q "SELECT group_concat(kind || ' ' || pair_key || printf(' %.4f', ratio), '; ') FROM (SELECT * FROM pair_stats_all WHERE kind IN ('step', 'sofar') AND device_id = 9 ORDER BY kind, pair_key)")" \
  "sofar il9 over nb9 0.8333; sofar u89 over nb9 1.2500; step il9 over nb9 0.8333; step u89 over il9 1.5000"
check_eq "reduce_ladder_pair names the partners" \
  "$(q "SELECT group_concat(kind || ' ' || variant || ' ' || partner_variant, '; ') FROM (SELECT * FROM reduce_ladder_pair WHERE device_id = 9 ORDER BY kind, step_no)")" \
  "sofar interleaved neighbored; sofar unroll8 neighbored; step interleaved neighbored; step unroll8 interleaved; total neighbored neighbored; total interleaved neighbored; total unroll8 neighbored"
check_eq "kind cpu: the host loop over the best hand-written pick in the same process, trials 2..4 (1 ms / 0.008 ms)" \
  "$(q "SELECT pair_key || ' ' || k || printf(' %.2f', ratio) FROM pair_stats_all WHERE kind = 'cpu' AND device_id = 9")" \
  "u89 flush=clean 3 125.00"
check_eq "the pools (kind '') hold no cpu or sofar deviation" \
  "$(q "SELECT (SELECT deviations FROM pair_halfwidth_all WHERE kind = '' AND device_id = 9 AND band = 0 AND part = 2) - (SELECT count(*) FROM pair_trial_all WHERE device_id = 9 AND kind NOT IN ('cpu', 'sofar'))")" "0"
check_eq "pair_run .. pair_stats (what the oracle re-derives) hold the pooled kinds only, the *_all views every kind" \
  "$(q "SELECT (SELECT count(*) FROM pair_run WHERE kind IN ('cpu', 'sofar')) + (SELECT count(*) FROM pair_trial WHERE kind IN ('cpu', 'sofar')) + (SELECT count(*) FROM pair_halfwidth WHERE kind IN ('cpu', 'sofar')) + (SELECT count(*) FROM pair_h WHERE kind IN ('cpu', 'sofar')) + (SELECT count(*) FROM pair_coverage WHERE kind IN ('cpu', 'sofar')) + (SELECT count(*) FROM pair_stats WHERE kind IN ('cpu', 'sofar'))") $(q "SELECT (SELECT count(*) FROM pair_run_all) - (SELECT count(*) FROM pair_run) > 0 AND (SELECT count(*) FROM pair_stats_all WHERE kind IN ('cpu', 'sofar')) > 0")" "0 1"
check_eq "the pooled kinds' halves are those of their pairs ranked alone (cpu and sofar rank after them)" \
  "$(q "WITH p AS (SELECT DISTINCT kind, device_id, pair_key, half FROM pair_run_all WHERE kind NOT IN ('cpu', 'sofar')) SELECT count(*) FROM (SELECT half, dense_rank() OVER (ORDER BY kind, device_id, pair_key) % 2 AS h FROM p) WHERE half <> h")" "0"
db3="$tmp/r.db"
sqls -bail "$db3" > /dev/null <<SQL || notok "a registry of no reference loads"
CREATE TABLE variant_order (study TEXT, variant TEXT, ord INTEGER, description TEXT, bottleneck TEXT, flags TEXT,
                            origin TEXT);
INSERT INTO variant_order VALUES ('reduce', 'neighbored', 1, '', '', '', 'modern'), ('reduce', 'cub', 2, '', '', '', 'modern'),
  ('reduce', 'cpu-serial', 3, '', '', 'host', 'modern');
$(sed -n '/^DROP VIEW IF EXISTS reduce_role;/,/^FROM variant_order WHERE study = .reduce.;/p' reports/analysis/26-pairs.sql)
SQL
check_eq "a registry that records no reference: cub is one by its key" \
  "$(sqls "$db3" "SELECT group_concat(variant || ':' || role, ' ') FROM (SELECT * FROM reduce_role ORDER BY ord)")" \
  "neighbored:step cub:reference cpu-serial:host"
sqls "$db3" "INSERT INTO variant_order VALUES ('reduce', 'cubx', 4, '', '', '', 'reference')"
check_eq "a registry that records one: the origin alone decides (cub, 'modern' here, is a step)" \
  "$(sqls "$db3" "SELECT group_concat(variant || ':' || role, ' ') FROM (SELECT * FROM reduce_role ORDER BY ord)")" \
  "neighbored:step cub:step cpu-serial:host cubx:reference"
[ "$nfail" -eq 0 ]
