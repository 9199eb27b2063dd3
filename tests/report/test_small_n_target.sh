#!/bin/sh
# tests/report/test_small_n_target.sh: the small-n step's targets (view
# small_n_target, reports/views.sql; issue 22), on stand-in tables for what
# it reads (reduce_floor, size, report_setting, report_target): over CUB,
# met when the lowest ratio of the intervals is at least small_cub, missed
# when the highest is below it; over the floor model, met when the interval's
# high end over the model is at most small_model, missed when its low end is
# above it; inconclusive otherwise; only n = 2^16, 2^18 and 2^20. Needs no GPU.
# Usage: sh tests/report/test_small_n_target.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh

db="$tmp/t.db"
view=$(sed -n '/^-- The small-n step.s targets/,/JOIN report_target g ON g.key = t.key;$/p' reports/views.sql)
[ -n "$view" ] || { notok "view small_n_target found in reports/views.sql"; exit 1; }
sqlite3 -bail "$db" > /dev/null <<SQL || notok "the stand-ins and the view load"
CREATE TABLE report_setting (key TEXT PRIMARY KEY, value REAL, why TEXT);
CREATE TABLE report_target (key TEXT PRIMARY KEY, name TEXT);
CREATE TABLE size (n_smallest INTEGER, n_small INTEGER);
INSERT INTO size VALUES (65536, 1048576);
CREATE TABLE reduce_floor (mord INTEGER, model TEXT, variant TEXT, n INTEGER, us REAL, lo REAL, hi REAL,
                           model_us REAL, x_model REAL);
INSERT INTO reduce_floor VALUES
  (1, 'M', 'small-n', 65536, 5.0, 4.9, 5.1, 3.5, 5.0 / 3.5), (1, 'M', 'cub', 65536, 7.0, 6.9, 7.1, 3.5, 2.0),
  (1, 'M', 'small-n', 262144, 5.5, 5.4, 5.6, 3.5, 5.5 / 3.5), (1, 'M', 'cub', 262144, 7.0, 6.9, 7.1, 3.5, 2.0),
  (1, 'M', 'small-n', 1048576, 6.0, 5.9, 6.1, 4.0, 1.5), (1, 'M', 'cub', 1048576, 7.0, 6.95, 7.05, 4.0, 1.75),
  (1, 'M', 'small-n', 4096, 5.0, 4.9, 5.1, 3.5, 1.4), (1, 'M', 'cub', 4096, 9.0, 8.9, 9.1, 3.5, 2.6),
  (1, 'M', 'one-launch', 65536, 9.0, 8.9, 9.1, 3.5, 2.6);
$view
SQL
v() { sqlite3 "$db" "SELECT verdict FROM small_n_target WHERE key = '$1' AND n = $2"; }
check_eq "over CUB at 2^16: 1.40 [1.35, 1.45] against 1.3 is met" "$(v small_cub 65536)" "met"
check_eq "over CUB at 2^18: [1.23, 1.31] straddles 1.3: inconclusive" "$(v small_cub 262144)" "inconclusive"
check_eq "over CUB at 2^20: [1.14, 1.19] below 1.3: missed" "$(v small_cub 1048576)" "missed"
check_eq "over the model at 2^16: [1.40, 1.46] at most 1.5: met" "$(v small_model 65536)" "met"
check_eq "over the model at 2^18: [1.54, 1.60] above 1.5: missed" "$(v small_model 262144)" "missed"
check_eq "over the model at 2^20: [1.475, 1.525] straddles 1.5: inconclusive" "$(v small_model 1048576)" "inconclusive"
check_eq "the ratio over CUB and its interval" \
  "$(sqlite3 "$db" "SELECT printf('%.4f %.4f %.4f', value, lo, hi) FROM small_n_target WHERE key = 'small_cub' AND n = 65536")" \
  "1.4000 1.3529 1.4490"
check_eq "only 2^16, 2^18, 2^20 and the small-n step are judged" \
  "$(sqlite3 "$db" "SELECT count(*) || ' ' || count(DISTINCT n) FROM small_n_target")" "6 3"
check_eq "thresholds come from report_setting" \
  "$(sqlite3 "$db" "SELECT group_concat(DISTINCT threshold) FROM (SELECT threshold FROM small_n_target ORDER BY key)")" "1.3,1.5"
[ "$nfail" -eq 0 ]
