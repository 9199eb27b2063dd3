#!/bin/sh
# tests/report/test_minimal_diff.sh: what the report says where this
# harness's CUB differs from the minimal harness (the facts of view
# protocol_diff, reports/analysis/46-timing-protocol.sql, worded by its
# paragraph in reports/sections/85-measurement.md through mdquery; issue 36
# item 2, issue 46 item 1), on stand-in
# tables for what it reads (minimal_harness, protocol_offset): nothing
# differs, one sentence; where this harness's trials (trial_lo_us..
# trial_hi_us) and the minimal harness's processes (proc_lo_us..
# proc_hi_us) overlap, the difference is said to lie within what one
# process gives against another; where they do not (every process of one
# harness slower), and it exceeds the harness offset, it is said to be
# unexplained, even when it is smaller than either range's width; each
# size named with its GPU, difference, tolerance, counts and ranges.
# Needs no GPU; needs build/lib/sqlstats.so and $TOOLS/mdquery.
# Usage: sh tests/report/test_minimal_diff.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
. tests/analysis.sh
. tests/cli/paths.sh

db="$tmp/t.db"
view=$(analysis_view '/^-- The sizes where the two harnesses differ, as facts/' '/^FROM x JOIN g USING (label, ord);$/')
case "$view" in *"CREATE VIEW protocol_diff AS"*) ;;
  *) notok "view protocol_diff found in reports/analysis/"; exit 1 ;; esac
grep '^{{if: SELECT count(\*) = 0 FROM protocol_diff}}' reports/sections/85-measurement.md > "$tmp/diff.md"
[ "$(wc -l < "$tmp/diff.md")" -eq 1 ] || { notok "the paragraph on protocol_diff found in reports/sections/85-measurement.md"; exit 1; }
sqls -bail "$db" > /dev/null <<SQL || notok "the stand-ins and the view load"
CREATE TABLE minimal_harness (label TEXT, ord INTEGER, device_id INTEGER, n INTEGER, diff_us REAL, diff_rel REAL,
                              tol_us REAL, verdict TEXT, procs INTEGER, proc_lo_us REAL, proc_hi_us REAL,
                              trials INTEGER, trial_lo_us REAL, trial_hi_us REAL);
CREATE TABLE protocol_offset (device_id INTEGER, offset_us REAL);
INSERT INTO protocol_offset VALUES (5, 0.0), (6, 0.01);
INSERT INTO minimal_harness VALUES ('A', 1, 5, 65536, 0.10, 0.015, 0.20, 'agrees', 6, 6.70, 7.00, 6, 6.95, 7.20);
$view
SQL
text() { "$TOOLS/mdquery" "$db" "$tmp/diff.md"; }
has() { printf '%s\n' "$1" | grep -qF -- "$2"; }
hasnt() { ! has "$@"; }
check_eq "nothing differs: one sentence" "$(text)" "Every GPU agrees with the minimal harness at every size."
sqls "$db" "UPDATE minimal_harness SET diff_us = 0.22, diff_rel = 0.033, verdict = 'differs'"
t=$(text)
check "a difference within the processes' spread: named with its tolerance" \
  has "$t" "the A at 2^16^, by +0.220 us (+3.3%; tolerance 0.200 us)"
check "overlapping ranges: both sides' counts and ranges" \
  has "$t" "On the A at 2^16^ this harness's 6 trials run from 6.95 us to 7.20 us and the minimal harness's 6 processes from 6.70 us to 7.00 us: the ranges overlap"
check "overlapping ranges: the difference lies within what one process gives against another" \
  has "$t" "the difference lies within what one process of either harness gives against another"
check "overlapping ranges: not called unexplained" \
  hasnt "$t" "not measured here"
sqls "$db" "UPDATE minimal_harness SET trial_lo_us = 7.00"
check "ranges that touch overlap" has "$(text)" "the ranges overlap"
sqls "$db" "UPDATE minimal_harness SET trial_lo_us = 7.01"
t=$(text)
check "ranges apart, though the difference is smaller than either width: unexplained" \
  has "$t" "the ranges do not overlap, so the difference is between the harnesses, and what causes it is not measured here."
check "ranges apart: not said to lie within the processes" \
  hasnt "$t" "the ranges overlap"
sqls "$db" "UPDATE minimal_harness SET trial_lo_us = 6.95"
sqls "$db" "INSERT INTO minimal_harness VALUES ('B', 2, 6, 1048576, -0.45, -0.05, 0.20, 'differs', 3, 8.40, 8.60, 4, 7.90, 8.30)"
t=$(text)
check "two differ: both named, in order" \
  has "$t" "Those that differ are the A at 2^16^, by +0.220 us (+3.3%; tolerance 0.200 us); the B at 2^20^, by -0.450 us"
check "this harness faster, ranges apart: unexplained" \
  has "$t" "On the B at 2^20^ this harness's 4 trials run from 7.90 us to 8.30 us and the minimal harness's 3 processes from 8.40 us to 8.60 us: the ranges do not overlap"
check "each size judged on its own ranges" \
  has "$t" "from 6.70 us to 7.00 us: the ranges overlap"
sqls "$db" "UPDATE minimal_harness SET diff_us = 0.005 WHERE label = 'A'; DELETE FROM minimal_harness WHERE label = 'B'; UPDATE protocol_offset SET offset_us = 0.01 WHERE device_id = 5"
t=$(text)
check "a difference the harness offset covers: no word on the processes" \
  hasnt "$t" "processes"
check "a difference the harness offset covers: not said to be unexplained by it" \
  has "$t" "on the empty kernel (@tbl:protocol) is as large as it: +0.0100 us on the A."
[ "$nfail" -eq 0 ]
