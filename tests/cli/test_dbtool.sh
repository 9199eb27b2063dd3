#!/bin/sh
# tests/cli/test_dbtool.sh: command-line behaviour of build/tools/dbtool:
# --help, `load` of an SQL file (schema + rows), `exec`, `resources` (a
# recorded ptxas log into kernel_resource), and their failures
# (a file that is not a dump exits 4, a missing file 1, with a message;
# wrong usage exits 2).
# Rows are checked with the sqlite3 command where there is one, else with
# dbtool exec itself (a false condition raises an SQL error: exit 1).
# Prints 'ok NAME' / 'not ok NAME' per check; exits 1 if any failed.
# Usage: sh tests/cli/test_dbtool.sh   (binaries: as tests/cli/lib.sh finds them)
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
DBTOOL="$TOOLS/dbtool"

if [ ! -x "$DBTOOL" ]; then
  notok "dbtool binary exists" "$DBTOOL missing: run make test-build"
  exit 1
fi

# Run dbtool; sets rc, out, err.
run_dbtool() {
  "$DBTOOL" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  out=$(cat "$tmp/out")
  err=$(cat "$tmp/err")
}
nlines() { printf '%s' "$1" | awk 'END { print NR }'; }

# sql_true DB CONDITION: whether the SQL condition holds in DB.
# (DBTOOL_TEST_NO_SQLITE3=1 forces the second way, to test it.)
if [ -z "${DBTOOL_TEST_NO_SQLITE3:-}" ] && command -v sqlite3 >/dev/null 2>&1; then
  sql_true() { [ "$(sqlite3 "$1" "SELECT CASE WHEN ($2) THEN 'yes' ELSE 'no' END")" = yes ]; }
else
  # abs() of the smallest integer is an "integer overflow" error.
  sql_true() { "$DBTOOL" exec "$1" "SELECT CASE WHEN ($2) THEN 1 ELSE abs(-9223372036854775807 - 1) END" 2>/dev/null; }
fi

sql_false() { ! sql_true "$@"; }

# --help: usage on stdout, exit 0.
run_dbtool --help
check "--help exits 0" test "$rc" -eq 0
check "--help prints the usage" sh -c 'printf "%s\n" "$1" | grep -q "dbtool load"' sh "$out"
check "--help writes nothing to stderr" test -z "$err"

# load: creates the schema and executes the file.
cat > "$tmp/small.sql" <<'EOF'
-- a small dump: one device, one complete run, one result with two samples
INSERT INTO device(device_id, uuid, name, cc, peak_gbps) VALUES(1, 'u-test', 'Test GPU', '9.0', 3352.0);
INSERT INTO run(run_id, study, binary, device_id, status, started_utc, argv, build_id, copy_gbps_start)
  VALUES(1, 'reduce', 'reduce', 1, 'complete', '2025-01-01T00:00:00Z', 'reduce', 'b1', 2000.0);
INSERT INTO result(result_id, run_id, study, config_key, variant, dtype, n, block, cache, timer, status,
  reps, bytes_read, bytes_written, created_utc)
  VALUES(1, 1, 'reduce', 'k', 'cub', 'int32', 1024, 256, 'cold', 'cuda-event', 'ok', 2, 4096, 4,
  '2025-01-01T00:00:01Z');
INSERT INTO result_sample(result_id, ns) VALUES(1, '500000 500000');
EOF
run_dbtool load "$tmp/small.sql" "$tmp/a.db"
check "load exits 0" test "$rc" -eq 0
check "load is silent" test -z "$out$err"
check "load creates the database" test -s "$tmp/a.db"
for t in device run result result_sample counter kernel_resource; do
  check "load creates table $t" sql_true "$tmp/a.db" "EXISTS (SELECT 1 FROM sqlite_master WHERE type='table' AND name='$t')"
done
check "load creates no view (the schema holds no statistics)" sql_true "$tmp/a.db" "NOT EXISTS (SELECT 1 FROM sqlite_master WHERE type='view')"
check "load inserts the rows" sql_true "$tmp/a.db" \
  "(SELECT count(*) FROM device) = 1 AND (SELECT count(*) FROM run) = 1 AND (SELECT count(*) FROM result) = 1 AND (SELECT ns FROM result_sample) = '500000 500000'"
"$TESTBIN/sqlq" "$tmp/a.db" "$(cat reports/analysis/10-results.sql)" > /dev/null
check "loaded rows are visible in the latest view (reports/analysis/10-results.sql), their median from the samples" \
  sql_true "$tmp/a.db" "(SELECT count(*) FROM latest WHERE variant = 'cub' AND median_ms = 0.5) = 1"
check "the condition check itself can fail" sql_false "$tmp/a.db" "(SELECT count(*) FROM device) = 2"

# exec: runs SQL text in an existing database.
run_dbtool exec "$tmp/a.db" "INSERT INTO counter(run_id, config_key, metric, value) VALUES(1, 'k', 'm', 1.5)"
check "exec exits 0" test "$rc" -eq 0
check "exec inserts the row" sql_true "$tmp/a.db" "(SELECT value FROM counter WHERE metric = 'm') = 1.5"

# resources: a recorded `nvcc -Xptxas -v` log into kernel_resource (the
# parser itself: tests/unit/test_resources.c).
run_dbtool resources "$tmp/a.db" access-ca b1 tests/profile/ptxas-v.txt
check "resources exits 0, silent" test "$rc" -eq 0 -a -z "$out$err"
check "resources stores one row per kernel under the build id" sql_true "$tmp/a.db" \
  "(SELECT count(*) FROM kernel_resource WHERE build_id = 'b1' AND binary = 'access-ca') = 13"
check "resources stores stack and spill columns" sql_true "$tmp/a.db" \
  "(SELECT stack_bytes || '/' || spill_store_bytes || '/' || spill_load_bytes FROM kernel_resource
    WHERE kernel = '_Z27access_local_dynamic_kernelPKfPfm') = '128/0/0'"
run_dbtool resources "$tmp/a.db" access-ca b2 "$tmp/missing.log"
check "resources of a missing log exits 1 naming it" sh -c 'test "$1" -eq 1 && printf "%s\n" "$2" | grep -q missing.log' sh "$rc" "$err"

# Not a dump (a table not the project's, a syntax error): exit 4, one-line
# message naming the problem; nothing loaded.
printf 'INSERT INTO nosuchtable VALUES(1);\n' > "$tmp/bad.sql"
run_dbtool load "$tmp/bad.sql" "$tmp/b.db"
check "load of bad SQL exits 4" test "$rc" -eq 4
check "load of bad SQL: one line on stderr" test "$(nlines "$err")" -eq 1
check "load of bad SQL names the table" sh -c 'printf "%s\n" "$1" | grep -q nosuchtable' sh "$err"
printf 'INSERT INTO device(uuid, name) VALUES(\n' > "$tmp/syntax.sql"
run_dbtool load "$tmp/syntax.sql" "$tmp/c.db"
check "load of a syntax error exits 4, no database" test "$rc" -eq 4 -a ! -e "$tmp/c.db"
check "load of a syntax error prints a message" test -n "$err"
run_dbtool exec "$tmp/a.db" "SELEKT 1"
check "exec of bad SQL exits 1" test "$rc" -eq 1
check "exec of bad SQL prints a message" test -n "$err"
check "exec of bad SQL leaves the rows" sql_true "$tmp/a.db" "(SELECT count(*) FROM result) = 1"

# A file that is not a database: exit 1 with a message, the file untouched.
printf 'not a database, just text\n%.0s' 1 2 3 4 5 6 7 8 > "$tmp/text.db"
cp "$tmp/text.db" "$tmp/text.orig"
run_dbtool exec "$tmp/text.db" "SELECT 1"
check "exec on a non-database exits 1" test "$rc" -eq 1
check "exec on a non-database prints a message" test -n "$err"
check "exec on a non-database leaves the file as it was" cmp -s "$tmp/text.db" "$tmp/text.orig"

# Missing SQL file: exit 1, a message naming it, no database created.
run_dbtool load "$tmp/missing.sql" "$tmp/d.db"
check "load of a missing file exits 1" test "$rc" -eq 1
check "load of a missing file names it" sh -c 'printf "%s\n" "$1" | grep -q missing.sql' sh "$err"
check "load of a missing file creates no database" test ! -e "$tmp/d.db"

# Wrong usage: exit 2 with the usage on stderr.
usage2() { # usage2 NAME ARGS...
  u_name=$1; shift
  run_dbtool "$@"
  if [ "$rc" -eq 2 ]; then ok "$u_name: exit 2"; else notok "$u_name: exit 2" "got $rc"; fi
  check "$u_name: usage on stderr" sh -c 'printf "%s\n" "$1" | grep -q Usage' sh "$err"
  check "$u_name: nothing on stdout" test -z "$out"
}
usage2 "no arguments"
usage2 "load with one argument" load "$tmp/small.sql"
usage2 "load with three arguments" load "$tmp/small.sql" "$tmp/e.db" extra
usage2 "resources with three arguments" resources "$tmp/e.db" access-ca b1
usage2 "unknown subcommand" frobnicate "$tmp/small.sql" "$tmp/e.db"
check "wrong usage creates no database" test ! -e "$tmp/e.db"

[ "$nfail" -eq 0 ]
