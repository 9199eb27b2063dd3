#!/bin/sh
# tests/report/test_paired_ratio.sh: the paired ratios to CUB (views
# ratio_run, ratio_trial, ratio_halfwidth, ratio_coverage and ratio_stats,
# reports/analysis/; issue 22) on a stand-in for what they read (trial_dev):
# a configuration and CUB's are paired within a run only, so a run's offset
# that moves both cancels; the median over runs; the leave-one-run-out
# deviation; the conformal half-width; the interval ratio x (1 -/+ max(h,
# the runs' range)); the coverage check sized on the other half of the
# pairs; other loads, modes and flushes left out; one run: no interval.
# Needs no GPU.
# Usage: sh tests/report/test_paired_ratio.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
. tests/analysis.sh

db="$tmp/t.db"
views=$(analysis_view '/^-- Paired ratios (issue 22)/' '/^     LEFT JOIN ratio_h h ON/')
[ -n "$views" ] || { notok "the ratio views found in reports/analysis/"; exit 1; }
# Device 1, small-n at 2^16: six runs whose offsets f move small-n and CUB
# alike (0.95 .. 1.05), CUB over small-n 1.4 x (1 + e), e = 0, .01, -.01,
# .02, 0, -.03; run 7 timed CUB only; run 1 timed small-n twice (one
# value); every run also timed CUB in 512-thread blocks. Device 2: small-n
# 1.4 in five runs and 1.6 in the sixth, one-launch 1.2 in all six. Device
# 3: one run. Device 4: three runs, 1.0, 1.1, 1.3 (the others of a run: an
# even count), and a second size timed in run 31 only. Device 5: a pair
# under 20 us, 1.4 in five runs and 1.414 in the sixth (six deviations,
# fewer than 20: its band borrows the device's all-band width), and a pair
# over 100 us in 40 runs, 1.0 in 38, 1.5 and 2.0 (40 deviations: the 39th
# smallest, 0.5, not the largest).
awk 'BEGIN {
  split("0.95 1.00 1.05 0.97 1.03 1.00", f, " "); split("0 0.01 -0.01 0.02 0 -0.03", e, " ");
  q = "\047";
  rowb = "INSERT INTO trial_dev VALUES (%d, %d, " q "reduce" q ", " q "%s" q ", " q "int32" q ", 65536, %d, " q "{}" q ", " q "single" q ", " q "cold" q ", " q "cuda-event" q ", " q "k" q ", %.12f);\n";
  rown = "INSERT INTO trial_dev VALUES (%d, %d, " q "reduce" q ", " q "%s" q ", " q "int32" q ", %d, 256, " q "{}" q ", " q "single" q ", " q "cold" q ", " q "cuda-event" q ", " q "k" q ", %.12f);\n";
  row = "INSERT INTO trial_dev VALUES (%d, %d, " q "reduce" q ", " q "%s" q ", " q "int32" q ", 65536, 256, " q "%s" q ", " q "%s" q ", " q "cold" q ", " q "cuda-event" q ", " q "%s" q ", %.12f);\n";
  for (i = 1; i <= 6; i++) {
    printf row, i, 1, "small-n", "{}", "single", "k", 0.005 * f[i];
    printf row, i, 1, "cub", "{}", "single", "k", 0.007 * f[i] * (1 + e[i]);
    printf row, i, 1, "small-n", "{\"loads\":4}", "single", "k", 0.001;
    printf row, i, 1, "small-n", "{}", "batch", "k mode=batch", 0.001;
    printf row, i, 1, "small-n", "{}", "single", "k flush=memset", 0.001;
    printf rowb, i, 1, "cub", 512, 0.0001 * i;
    printf row, 10 + i, 2, "small-n", "{}", "single", "k", (i == 6 ? 0.007 / 1.6 : 0.005);
    printf row, 10 + i, 2, "one-launch", "{}", "single", "k", 0.007 / 1.2;
    printf row, 10 + i, 2, "cub", "{}", "single", "k", 0.007;
  }
  printf row, 7, 1, "cub", "{}", "single", "k", 0.0001;
  printf row, 1, 1, "small-n", "{}", "single", "k", 0.005 * f[1];
  split("1.0 1.1 1.3", r4, " ");
  for (i = 1; i <= 3; i++) {
    printf row, 30 + i, 4, "small-n", "{}", "single", "k", 0.005;
    printf row, 30 + i, 4, "cub", "{}", "single", "k", 0.005 * r4[i];
  }
  printf rown, 31, 4, "small-n", 262144, 0.005;
  printf rown, 31, 4, "cub", 262144, 0.006;
  for (i = 1; i <= 6; i++) {
    printf row, 40 + i, 5, "small-n", "{}", "single", "k", 0.005;
    printf row, 40 + i, 5, "cub", "{}", "single", "k", 0.005 * (i == 6 ? 1.414 : 1.4);
  }
  for (i = 1; i <= 40; i++) {
    printf rown, 40 + i, 5, "small-n", 268435456, 1.0;
    printf rown, 40 + i, 5, "cub", 268435456, (i == 39 ? 1.5 : i == 40 ? 2.0 : 1.0);
  }
  printf row, 21, 3, "small-n", "{}", "single", "k", 0.005;
  printf row, 21, 3, "cub", "{}", "single", "k", 0.007;
}' > "$tmp/rows.sql"
sqls -bail "$db" > /dev/null <<SQL || notok "the stand-in and the views load"
CREATE TABLE trial_dev (run_id INTEGER, device_id INTEGER, study TEXT, variant TEXT, dtype TEXT, n INTEGER,
                        block INTEGER, params TEXT, mode TEXT, cache TEXT, timer TEXT, config_key TEXT,
                        median_ms REAL);
$(cat "$tmp/rows.sql")
$views;
SQL
q() { sqls "$db" "$1"; }
check_eq "paired within the run: the offsets cancel, the median of the six ratios, their range, k" \
  "$(q "SELECT printf('%.4f %.4f %d', ratio, range_rel, k) FROM ratio_stats WHERE device_id = 1")" "1.4000 0.0500 6"
check_eq "only the default loads and grid, one launch a sample, the default flush: one pair on device 1" \
  "$(q "SELECT count(*) || ' ' || count(DISTINCT run_id) FROM ratio_run WHERE device_id = 1")" "6 6"
check_eq "each run against the median of the others: deviations and the others' range" \
  "$(q "SELECT group_concat(printf('%.4f/%.4f', dev, rest_range), ' ') FROM (SELECT * FROM ratio_trial WHERE device_id = 1 ORDER BY run_id)")" \
  "0.0000/0.0500 0.0100/0.0500 0.0100/0.0500 0.0200/0.0400 0.0000/0.0500 0.0300/0.0300"
check_eq "the half-width: the ceil(0.95 (m + 1))-th smallest of m = 6 deviations (the largest)" \
  "$(q "SELECT printf('%d %.4f', deviations, h) FROM ratio_halfwidth WHERE device_id = 1 AND band = 1 AND part = 2")" "6 0.0300"
check_eq "the interval: 1.4 x (1 -/+ max(h 0.03, range 0.05))" \
  "$(q "SELECT printf('%.3f %.3f', lo, hi) FROM ratio_stats WHERE device_id = 1")" "1.330 1.470"
check_eq "band: CUB's time under 20 us" "$(q "SELECT band FROM ratio_stats WHERE device_id = 1")" "1"
check_eq "coverage sized on the other half: the outlier run of small-n is not held (h of one-launch's half: 0)" \
  "$(q "SELECT held_out || ' ' || covered FROM ratio_coverage WHERE device_id = 2")" "12 11"
check_eq "one run: a ratio, no interval" \
  "$(q "SELECT printf('%.2f %d', ratio, k) || ' ' || coalesce(lo, 'none') FROM ratio_stats WHERE device_id = 3")" "1.40 1 none"
check_eq "an even count of other runs: the mean of the middle two (1.0 against 1.2, 1.1 against 1.15, 1.3 against 1.05); three runs: the middle one" \
  "$(q "SELECT group_concat(printf('%.4f', dev), ' ') FROM (SELECT dev FROM ratio_trial WHERE device_id = 4 ORDER BY run_id)") $(q "SELECT printf('%.2f', ratio) FROM ratio_stats WHERE device_id = 4 AND n = 65536")" \
  "0.1667 0.0435 0.2381 1.10"
check_eq "a pair of one run has no deviation" "$(q "SELECT count(*) FROM ratio_trial WHERE device_id = 3")" "0"
check_eq "one run on a GPU whose other pairs have intervals: still no interval" \
  "$(q "SELECT printf('%d ', k) || coalesce(lo, 'none') FROM ratio_stats WHERE device_id = 4 AND n = 262144")" "1 none"
check_eq "40 deviations: the 39th smallest" \
  "$(q "SELECT printf('%d %.4f', deviations, h) FROM ratio_halfwidth WHERE device_id = 5 AND band = 3 AND part = 2")" "40 0.5000"
check_eq "a band of fewer than 20 deviations takes the device's all-band width (46 deviations: the 45th)" \
  "$(q "SELECT printf('%.4f %.4f', h, (SELECT h FROM ratio_halfwidth WHERE device_id = 5 AND band = 1 AND part = 2)) FROM ratio_h WHERE device_id = 5 AND band = 1 AND part = 2")" \
  "0.5000 0.0100"
[ "$nfail" -eq 0 ]
