#!/bin/sh
# tests/report/test_small_n_bound.sh: small-n against its bound (view
# small_n_bound, reports/analysis/46-timing-protocol.sql; issue 36): one row
# per GPU and size (n = 2^16, 2^18 and 2^20, int32, block 256, the default
# loads and grid), however many configurations time small-n or no-combine
# there. First on stand-in tables for what it reads (stats_default, size,
# report_devices, report_setting): small-n's configuration of the most
# trials, then the one whose key names its loads, then the first by key,
# flush and mode (small_n_gpu's rule); the bound's likewise, after those of
# small-n's flush and mode (like with like); over_us and the verdict on the
# two picked; a size without a bound has no row. Then on the oracle's
# fixture (tests/report/oracle_fixture.py: small-n at 2^16 also under a key
# of before the loads and grid axes) through the snapshot and the whole
# analysis: one row per GPU and size, the key naming its loads. (Before,
# every pair of a small-n and a no-combine configuration made a row.)
# Needs no GPU; needs build/bin/dbtool (BIN=dir) and python3.
# Usage: sh tests/report/test_small_n_bound.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
. tests/analysis.sh

db="$tmp/t.db"
view=$(analysis_view '/^-- Per GPU at n = 2^16^, 2^18^, 2^20^ (int32, block 256/' '/^-- The sections. rows of the three/')
table=$(analysis_view '/^CREATE VIEW small_n_bound_table AS/' '/^FROM small_n_bound ORDER BY n, ord;$/')
case "$view" in *"CREATE VIEW small_n_bound AS"*) ;;
  *) notok "view small_n_bound found in reports/analysis/"; exit 1 ;; esac
[ -n "$table" ] || { notok "view small_n_bound_table found in reports/analysis/"; exit 1; }
# M (device 5): 2^16 small-n under two keys of 3 trials, 'a16' (no loads in
# its key) first, 'b16' naming its loads (picked); 2^18 small-n under 'a18'
# naming its loads (3 trials) and 'b18' of 4 trials (picked), no-combine
# under 'nc18a' and 'nc18b' naming its loads (picked); 2^20 small-n under one
# key and two flushes of 3 trials (memset first; clean picked by name), the
# bound under memset of 4 trials and clean of 3 (clean picked: small-n's
# flush). Not read: loads 4, block 512, float32, 2^12. N (device 6): 2^16
# one of each; 2^18 small-n with no bound (no row).
sqls -bail "$db" > /dev/null <<SQL || notok "the stand-ins and the view load"
CREATE TABLE report_setting (key TEXT PRIMARY KEY, value REAL, why TEXT);
INSERT INTO report_setting VALUES ('bound_goal_us', 0.3, '');
CREATE TABLE size (n_smallest INTEGER, n_small INTEGER);
INSERT INTO size VALUES (65536, 1048576);
CREATE TABLE report_devices (device_id INTEGER, name TEXT, label TEXT, ord INTEGER);
INSERT INTO report_devices VALUES (5, 'NVIDIA M', 'M', 1), (6, 'NVIDIA N', 'N', 2);
CREATE TABLE stats_default (device_id INTEGER, study TEXT, dtype TEXT, block INTEGER, params TEXT, n INTEGER,
                            variant TEXT, median_ms REAL, lo_ms REAL, hi_ms REAL, config_key TEXT, flush TEXT,
                            mode TEXT, runs INTEGER);
INSERT INTO stats_default VALUES
  (5, 'reduce', 'int32', 256, '{}', 65536, 'small-n', 0.0060, 0.0059, 0.0061, 'a16', 'clean', 'single', 3),
  (5, 'reduce', 'int32', 256, '{"loads":8,"grid":1}', 65536, 'small-n', 0.0052, 0.0051, 0.0053, 'b16', 'clean', 'single', 3),
  (5, 'reduce', 'int32', 256, '{"loads":8,"grid":1}', 65536, 'no-combine', 0.0050, 0.0049, 0.0051, 'nc16', 'clean', 'single', 3),
  (5, 'reduce', 'int32', 256, '{"loads":4}', 65536, 'small-n', 0.0040, 0.0039, 0.0041, 'l4', 'clean', 'single', 9),
  (5, 'reduce', 'int32', 512, '{}', 65536, 'small-n', 0.0040, 0.0039, 0.0041, 'b512', 'clean', 'single', 9),
  (5, 'reduce', 'float32', 256, '{}', 65536, 'small-n', 0.0040, 0.0039, 0.0041, 'f32', 'clean', 'single', 9),
  (5, 'reduce', 'int32', 256, '{}', 4096, 'small-n', 0.0040, 0.0039, 0.0041, 'k12', 'clean', 'single', 3),
  (5, 'reduce', 'int32', 256, '{}', 4096, 'no-combine', 0.0030, 0.0029, 0.0031, 'nc12', 'clean', 'single', 3),
  (5, 'reduce', 'int32', 256, '{"loads":8,"grid":1}', 262144, 'small-n', 0.0052, 0.0051, 0.0053, 'a18', 'clean', 'single', 3),
  (5, 'reduce', 'int32', 256, '{}', 262144, 'small-n', 0.0060, 0.0059, 0.0061, 'b18', 'clean', 'single', 4),
  (5, 'reduce', 'int32', 256, '{}', 262144, 'no-combine', 0.0059, 0.0058, 0.0060, 'nc18a', 'clean', 'single', 3),
  (5, 'reduce', 'int32', 256, '{"loads":8,"grid":1}', 262144, 'no-combine', 0.0050, 0.0049, 0.0051, 'nc18b', 'clean', 'single', 3),
  (5, 'reduce', 'int32', 256, '{}', 1048576, 'small-n', 0.0080, 0.0079, 0.0081, 'k20', 'memset', 'single', 3),
  (5, 'reduce', 'int32', 256, '{}', 1048576, 'small-n', 0.0070, 0.0069, 0.0071, 'k20', 'clean', 'single', 3),
  (5, 'reduce', 'int32', 256, '{}', 1048576, 'no-combine', 0.0060, 0.0059, 0.0061, 'nc20', 'memset', 'single', 4),
  (5, 'reduce', 'int32', 256, '{}', 1048576, 'no-combine', 0.0068, 0.0067, 0.0069, 'nc20', 'clean', 'single', 3),
  (6, 'reduce', 'int32', 256, '{}', 65536, 'small-n', 0.0045, 0.0044, 0.0046, 'sn16', 'clean', 'single', 2),
  (6, 'reduce', 'int32', 256, '{}', 65536, 'no-combine', 0.0040, 0.0039, 0.0041, 'nc16', 'clean', 'single', 2),
  (6, 'reduce', 'int32', 256, '{}', 262144, 'small-n', 0.0045, 0.0044, 0.0046, 'sn18', 'clean', 'single', 2);
$view
$table
SQL
check_eq "one row per GPU and size (only 2^16, 2^18, 2^20; none without a bound)" \
  "$(sqls "$db" "SELECT count(*) || ' ' || count(DISTINCT device_id || ' ' || n) FROM small_n_bound")" "4 4"
check_eq "the configurations compared per size: the most trials, then the key naming its loads, then the first by key and flush; the bound under small-n's flush first" \
  "$(sqls "$db" "SELECT group_concat(small_key || ' ' || small_flush || ' / ' || bound_key || ' ' || bound_flush, ', ') FROM (SELECT * FROM small_n_bound WHERE device_id = 5 ORDER BY n)")" \
  "b16 clean / nc16 clean, b18 clean / nc18b clean, k20 clean / nc20 clean"
check_eq "over the bound and the verdict on the two compared (at most 0.3 us: met)" \
  "$(sqls "$db" "SELECT group_concat(printf('%s %d %.2f %.2f %.2f %s', label, n, small_us, bound_us, over_us, verdict), '; ') FROM (SELECT * FROM small_n_bound ORDER BY ord, n)")" \
  "M 65536 5.20 5.00 0.20 met; M 262144 6.00 5.00 1.00 missed; M 1048576 7.00 6.80 0.20 met; N 65536 4.50 4.00 0.50 missed"
check_eq "the section's table: one cell per GPU and size" \
  "$(sqls "$db" "SELECT count(*) || ' ' || count(DISTINCT n || ' ' || label) FROM small_n_bound_table")" "4 4"

# The oracle's fixture, one machine: small-n at 2^16 under two keys.
db2="$tmp/f.db"
if python3 tests/report/oracle_fixture.py 3 > "$tmp/f.sql" && "$BIN/dbtool" snapshot "$tmp/f.sql" "$db2" > /dev/null &&
   apply_analysis "$db2"; then
  check_eq "the fixture has small-n at 2^16 under two keys (int32, block 256, the default loads and grid)" \
    "$(sqls "$db2" "SELECT count(*) FROM stats_default WHERE study = 'reduce' AND variant = 'small-n' AND dtype = 'int32'
                    AND block = 256 AND n = 65536 AND coalesce(json_extract(params, '\$.loads'), 8) = 8
                    AND coalesce(json_extract(params, '\$.grid'), 1) = 1")" 2
  check_eq "on the fixture: one row per GPU and size, 2^16, 2^18 and 2^20" \
    "$(sqls "$db2" "SELECT count(*) || ' ' || count(DISTINCT device_id || ' ' || n) || ' ' || group_concat(DISTINCT n) FROM (SELECT * FROM small_n_bound ORDER BY n)")" \
    "3 3 65536,262144,1048576"
  check_eq "on the fixture: at 2^16 the key naming its loads" \
    "$(sqls "$db2" "SELECT small_key FROM small_n_bound WHERE n = 65536")" \
    "dtype=int32 n=65536 block=256 loads=8 grid=1 variant=small-n cache=cold"
else
  notok "the oracle's fixture builds and the analysis applies"
fi
[ "$nfail" -eq 0 ]
