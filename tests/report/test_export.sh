#!/bin/sh
# tests/report/test_export.sh: `make export` (reports/export.sh) on the
# synthetic two-GPU fixture, in a temporary REPORT_BUILD and EXPORT_DIR:
#   1 the compact default: results.csv (a row per GPU and configuration, each
#     GPU named by model, uuid and the report's label) and results.json (the
#     same objects, no samples), their rows those of the database; no
#     samples.csv;
#   2 EXPORT_SAMPLES=1: samples.csv (every sample) and the samples inside
#     results.json; a later compact export removes the stale samples.csv;
#   3 a full disk (issue 45, item 9): a file size limit (ulimit -f, the write
#     error a full disk gives) makes the export fail with one line, leaving
#     the earlier files as they were and no temporary file (it installed a
#     truncated results.csv with exit 0);
#   4 the report's lock (issue 45, item 15): while another process holds
#     REPORT_BUILD/report.lock (a `make report`) the export waits, saying
#     so, and writes nothing (it swapped the snapshot under the report);
#   5 bad settings: EXPORT_SAMPLES other than 0 or 1, EXPORT_DIR empty: one
#     line, exit non-zero, nothing written;
#   6 the shipped data (ORACLE_DB, which `make test` builds): the CSV tells
#     its H200s apart (device_uuid), where device alone does not.
# Run from the repository root (make test does).
set -u
. tests/cli/lib.sh
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory DB="$db" REPORT_BUILD="$tmp/build" "$@"; }
db=$tmp/fixture.db
# The fixtures state each result's statistics; tests/report/fixture_to_samples.sql
# turns them into nine stored samples per finished result (table result_sample).
cat data/schema.sql tests/report/fixture_stat_columns.sql tests/report/fixture_distance.sql tests/report/fixture_raytrace.sql \
    tests/report/fixture_access.sql tests/report/fixture_two_devices.sql tests/report/fixture_stencil.sql \
    tests/report/fixture_claims.sql tests/report/fixture_measure.sql tests/report/fixture_to_samples.sql |
  sqlite3 -bail "$db" || { notok "the fixture"; exit 1; }
mk "$tmp/build/report.db" > "$tmp/snap.log" 2>&1 || { cat "$tmp/snap.log"; notok "the fixture's snapshot"; exit 1; }
rdb=$tmp/build/report.db
s() { sqlite3 -cmd ".load $SQLSTATS" "$rdb" "$@"; }
nconf=$(s "SELECT count(*) FROM config_stats")
ngpu=$(s "SELECT count(DISTINCT device_id) FROM config_stats")
nsamp=$(s "SELECT sum(samples_count(ns)) FROM result_bw JOIN result_sample USING (result_id)")
check "the fixture's samples reach the export's view" test "$nsamp" -gt 1000
csv_rows() { sqlite3 :memory: -cmd ".import --csv /dev/stdin r" "SELECT count(*) FROM r" < "$1"; }
json() { sqlite3 :memory: "SELECT $2 FROM (SELECT CAST(readfile('/dev/stdin') AS TEXT) AS x)" < "$1"; }

# ---- 1 the compact default.
out=$tmp/out
if mk EXPORT_DIR="$out" export > "$tmp/e1.log" 2>&1; then
  ok "1 make export"
  check_eq "1 results.csv: the header names each GPU by model, uuid and label" "$(head -n 1 "$out/results.csv")" \
    "device,device_uuid,gpu,study,config_key,variant,dtype,n,block,params,cache,flush,mode,timer,runs,median_ms,lo_ms,hi_ms,rsd_max,bytes_read,bytes_written,gbps,gbps_lo,gbps_hi,pct_peak"
  check_eq "1 results.csv: a row per GPU and configuration ($nconf)" "$(csv_rows "$out/results.csv")" "$nconf"
  check_eq "1 results.csv: every row's uuid and label are the GPU's" \
    "$(sqlite3 :memory: -cmd ".import --csv /dev/stdin r" "SELECT count(DISTINCT device_uuid) || ' ' || count(DISTINCT gpu)
       || ' ' || sum(device_uuid LIKE 'fixture-gpu-%') FROM r" < "$out/results.csv")" "$ngpu $ngpu $nconf"
  check_eq "1 results.json: an object per configuration, with uuid and label, no samples" \
    "$(json "$out/results.json" "json_array_length(x) || ' ' || (SELECT count(*) FROM json_each(x) WHERE json_extract(value, '\$.device_uuid') IS NOT NULL AND json_extract(value, '\$.gpu') IS NOT NULL) || ' ' || (SELECT count(*) FROM json_each(x) WHERE json_type(value, '\$.samples') IS NOT NULL)")" \
    "$nconf $nconf 0"
  check "1 no samples.csv by default" test ! -e "$out/samples.csv"
  check "1 no temporary file left" sh -c "! ls -A '$out' | grep -q '^\\.tmp'"
  check "1 it says what it wrote, with sizes" grep -q "results.csv, [0-9]* bytes" "$tmp/e1.log"
else
  cat "$tmp/e1.log"; notok "1 make export"
fi

# ---- 2 every sample on request.
if mk EXPORT_DIR="$out" EXPORT_SAMPLES=1 export > "$tmp/e2.log" 2>&1; then
  ok "2 make export EXPORT_SAMPLES=1"
  check_eq "2 samples.csv: the header" "$(head -n 1 "$out/samples.csv")" "device,device_uuid,gpu,study,config_key,run_uuid,rep,ms"
  check_eq "2 samples.csv: every sample ($nsamp)" "$(csv_rows "$out/samples.csv")" "$nsamp"
  check_eq "2 results.json: the samples inside" \
    "$(json "$out/results.json" "json_array_length(x) || ' ' || (SELECT sum(json_array_length(value, '\$.samples')) FROM json_each(x))")" \
    "$nconf $nsamp"
  check "2 the compact export is smaller" test "$(wc -c < "$out/results.json")" -gt 0
  mk EXPORT_DIR="$out" export > "$tmp/e2b.log" 2>&1
  check "2 a compact export after it removes the stale samples.csv, saying so" \
    sh -c "test ! -e '$out/samples.csv' && grep -q 'removed the samples.csv' '$tmp/e2b.log'"
else
  cat "$tmp/e2.log"; notok "2 make export EXPORT_SAMPLES=1"
fi

# ---- 3 a full disk: writes fail; nothing truncated is installed.
mk EXPORT_DIR="$out" EXPORT_SAMPLES=1 export > /dev/null 2>&1
(cd "$out" && sha1sum results.csv results.json samples.csv) > "$tmp/before.sum"
size=$(wc -c < "$out/results.csv")
# 512-byte blocks (POSIX sh): well below results.csv; SIGXFSZ ignored, so a
# write past the limit fails as on a full disk instead of killing the writer.
blocks=$(( size / 512 / 2 ))
[ "$blocks" -ge 1 ] || blocks=1
( trap '' XFSZ; ulimit -f "$blocks"; mk EXPORT_DIR="$out" EXPORT_SAMPLES=1 export ) > "$tmp/e3.out" 2> "$tmp/e3.err"
rc=$?
check "3 a write that fails (file size limit, as a full disk): exit non-zero" test "$rc" -ne 0
check "3 it says so, naming the file" grep -q 'results.csv was not written whole' "$tmp/e3.err"
check "3 the files of the export before are left as they were" sh -c "cd '$out' && sha1sum -c --quiet '$tmp/before.sum'"
check "3 no temporary file left" sh -c "! ls -A '$out' | grep -q '^\\.tmp'"

# ---- 4 the report's lock: an export waits for a make report in the same REPORT_BUILD.
mkdir -p "$tmp/build"
lockout=$tmp/locked
flock "$tmp/build/report.lock" sleep 4 & holder=$!
sleep 0.5
timeout 2 env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory DB="$db" REPORT_BUILD="$tmp/build" \
  EXPORT_DIR="$lockout" export > /dev/null 2> "$tmp/e4.err"
rc=$?
check_eq "4 while the report's lock is held: still waiting after 2 s (timeout's 124)" "$rc" 124
check "4 it says it waits" grep -q 'a make report or export runs in .*: waiting for it' "$tmp/e4.err"
check "4 nothing written while it waits" test ! -e "$lockout/results.csv"
wait $holder
mk EXPORT_DIR="$lockout" export > /dev/null 2>&1
check "4 once the lock is free, the export runs" test -s "$lockout/results.csv"

# ---- 5 bad settings.
bad_setting() {
  b_name=$1; shift
  mk "$@" export > "$tmp/e5.out" 2> "$tmp/e5.err"; rc=$?
  check "5 $b_name: refused" test "$rc" -ne 0
  check_eq "5 $b_name: one line of its own (make's 'Error' lines apart)" "$(grep -vc '^make' "$tmp/e5.err")" 1
}
bad_setting "EXPORT_SAMPLES=yes" EXPORT_DIR="$tmp/o5" EXPORT_SAMPLES=yes
check "5 EXPORT_SAMPLES=yes: nothing written" test ! -e "$tmp/o5/results.csv"
bad_setting "EXPORT_DIR empty" EXPORT_DIR=

# ---- 6 the shipped data: its H200s, told apart.
if [ -n "${ORACLE_DB:-}" ] && [ -r "$ORACLE_DB" ]; then
  ob=$(dirname "$ORACLE_DB")
  if env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory REPORT_BUILD="$ob" DB="$ob/no-database" \
       EXPORT_DIR="$tmp/shipped" export > "$tmp/e6.log" 2>&1; then
    dup=$(sqlite3 :memory: -cmd ".import --csv /dev/stdin r" \
      "SELECT (SELECT count(*) FROM (SELECT 1 FROM r GROUP BY device, study, config_key HAVING count(*) > 1)) || ' '
              || (SELECT count(*) FROM (SELECT 1 FROM r GROUP BY device_uuid, study, config_key HAVING count(*) > 1)) || ' '
              || (SELECT count(DISTINCT device_uuid) FROM r WHERE device = 'NVIDIA H200')" < "$tmp/shipped/results.csv")
    # as many H200s as the shipped data's device table holds (two or more)
    nh=$(sqlite3 "$ORACLE_DB" "SELECT count(*) FROM device WHERE name = 'NVIDIA H200'")
    case "$dup" in "0 "*) notok "6 the shipped data has keys shared by GPUs of one model" "$dup" ;;
                   *" 0 $nh") ok "6 the shipped data's results.csv tells its $nh H200s apart ($dup)" ;;
                   *) notok "6 the shipped data's results.csv tells its $nh H200s apart" "$dup" ;; esac
    check "6 the shipped data holds two or more H200s (what this check is for)" test "$nh" -ge 2
    echo "# shipped export: $(wc -c < "$tmp/shipped/results.csv") bytes results.csv, $(wc -c < "$tmp/shipped/results.json") bytes results.json"
  else
    cat "$tmp/e6.log"; notok "6 make export of the shipped data"
  fi
else
  echo "# 6 skipped: no ORACLE_DB (make test builds the shipped data's snapshot)"
fi

[ "$nfail" -eq 0 ]
