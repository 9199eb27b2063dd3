#!/bin/sh
# tests/cli/test_dump.sh: experiments/tools/dump-db (what `make dump` ships):
# INSERTs that name their columns, a reload that gives the same rows, at most
# SHIP_SAMPLES evenly spaced samples per result (0: all), a refusal that
# changes nothing when the database is missing, and the gzip-compressed OUT
# (*.gz, what `make dump` writes): deterministic, reloadable, the old file
# untouched when gzip fails.
# Usage: sh tests/cli/test_dump.sh   (binaries: as tests/cli/lib.sh finds them)
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
q() { "$TESTBIN/sqlq" "$@"; }
DBTOOL="$TOOLS/dbtool"; export DBTOOL
# A database with one result of 100 samples and one of 5.
{ echo "INSERT INTO device(device_id, uuid, name) VALUES(1, 'u', 'Test GPU');"
  echo "INSERT INTO run(run_id, study, binary, device_id, status, started_utc, argv, build_id) VALUES(1, 'reduce', 'reduce', 1, 'complete', 't', 'a', 'b');"
  for r in 1 2; do echo "INSERT INTO result(result_id, run_id, study, config_key, variant, cache, timer, status, created_utc) VALUES($r, 1, 'reduce', 'k$r', 'v', 'cold', 'cuda-event', 'ok', 't');"; done
  i=0; while [ $i -lt 100 ]; do echo "INSERT INTO sample VALUES(1, $i, $i.5);"; i=$((i + 1)); done
  i=0; while [ $i -lt 5 ]; do echo "INSERT INTO sample VALUES(2, $i, 1);"; i=$((i + 1)); done
} > "$tmp/rows.sql"
"$TOOLS/dbtool" load "$tmp/rows.sql" "$tmp/m.db" || notok "fixture loads"

SHIP_SAMPLES=10 sh experiments/tools/dump-db "$tmp/m.db" "$tmp/d.sql"
check_eq "dump: exit 0" $? 0
check "dump: INSERTs name their columns" grep -q '^INSERT INTO sample(result_id,rep,ms) VALUES' "$tmp/d.sql"
"$TOOLS/dbtool" load "$tmp/d.sql" "$tmp/r.db"
check_eq "reload: results" "$(q "$tmp/r.db" "SELECT count(*) FROM result")" 2
check_eq "SHIP_SAMPLES=10: 10 of 100 samples, every 10th" \
  "$(q "$tmp/r.db" "SELECT count(*), min(rep), max(rep), sum(rep % 10) FROM sample WHERE result_id = 1")" "10|0|90|0"
check_eq "SHIP_SAMPLES=10: a result with fewer keeps all" "$(q "$tmp/r.db" "SELECT count(*) FROM sample WHERE result_id = 2")" 5
SHIP_SAMPLES=0 sh experiments/tools/dump-db "$tmp/m.db" "$tmp/all.sql"
check_eq "SHIP_SAMPLES=0: every sample, in one INSERT of many rows" \
  "$(grep -c '^INSERT INTO sample' "$tmp/all.sql"):$(grep -c '^([0-9]*,[0-9]*,[0-9.]*)[,;]$' "$tmp/all.sql")" 1:105
"$TOOLS/dbtool" load "$tmp/all.sql" "$tmp/all.db"
check_eq "SHIP_SAMPLES=0: reload gives every sample unchanged" \
  "$(q "$tmp/all.db" "SELECT count(*), sum(ms), max(rep) FROM sample")" "$(q "$tmp/m.db" "SELECT count(*), sum(ms), max(rep) FROM sample")"
# 1200 rows: three INSERTs (500 rows at most each).
i=0; while [ $i -lt 1200 ]; do echo "INSERT INTO sample VALUES(2, $((i + 5)), 2);"; i=$((i + 1)); done > "$tmp/more.sql"
"$TOOLS/dbtool" exec "$tmp/m.db" "$(cat "$tmp/more.sql")"
SHIP_SAMPLES=0 sh experiments/tools/dump-db "$tmp/m.db" "$tmp/all.sql"
check_eq "SHIP_SAMPLES=0: 1305 samples in three INSERTs" "$(grep -c '^INSERT INTO sample' "$tmp/all.sql")" 3
rm -f "$tmp/all.db"; "$TOOLS/dbtool" load "$tmp/all.sql" "$tmp/all.db"
check_eq "reload: 1305 samples" "$(q "$tmp/all.db" "SELECT count(*) FROM sample")" 1305
echo keep > "$tmp/keep.sql"
sh experiments/tools/dump-db "$tmp/none.db" "$tmp/keep.sql" 2> "$tmp/err"
check_eq "no database: exit 2" $? 2
check_eq "no database: output unchanged" "$(cat "$tmp/keep.sql")" keep
check "no database: one line" test "$(wc -l < "$tmp/err")" -eq 1
# An OUT ending in .gz (what `make dump` writes: data/measurements.sql.gz) is
# gzip-compressed, deterministically: the same database gives the same bytes.
SHIP_SAMPLES=0 sh experiments/tools/dump-db "$tmp/m.db" "$tmp/d.sql.gz"
check_eq "gz: exit 0" $? 0
check "gz: a gzip file" sh -c "gzip -t '$tmp/d.sql.gz'"
gzip -dc "$tmp/d.sql.gz" > "$tmp/gz.sql"
rm -f "$tmp/gz.db"; "$TOOLS/dbtool" load "$tmp/gz.sql" "$tmp/gz.db"
check_eq "gz: gunzip -c gives SQL that dbtool load reloads (1305 samples)" "$(q "$tmp/gz.db" "SELECT count(*) FROM sample")" 1305
cp "$tmp/d.sql.gz" "$tmp/old.sql.gz"
sleep 1
SHIP_SAMPLES=0 sh experiments/tools/dump-db "$tmp/m.db" "$tmp/d.sql.gz"
check "gz: twice the same bytes (no name or time in the header)" cmp -s "$tmp/d.sql.gz" "$tmp/old.sql.gz"
mkdir -p "$tmp/fakebin"; printf '#!/bin/sh\nexit 1\n' > "$tmp/fakebin/gzip"; chmod +x "$tmp/fakebin/gzip"
PATH="$tmp/fakebin:$PATH" sh experiments/tools/dump-db "$tmp/m.db" "$tmp/d.sql.gz" 2> "$tmp/err"
check_eq "gz: gzip failing: exit 4, one line" "$? $(wc -l < "$tmp/err")" "4 1"
check "gz: gzip failing: the old .gz untouched" cmp -s "$tmp/d.sql.gz" "$tmp/old.sql.gz"
check_eq "gz: gzip failing: no temporary file left" "$(ls "$tmp" | grep -c 'd.sql.gz.tmp')" 0
sh experiments/tools/dump-db "$tmp/none.db" "$tmp/d.sql.gz" 2> "$tmp/err"
check_eq "gz: no database: exit 2, the old .gz untouched" "$? $(cmp -s "$tmp/d.sql.gz" "$tmp/old.sql.gz" && echo same)" "2 same"
check "make dump writes data/measurements.sql.gz" \
  sh -c "make -n dump DB=/nonexistent.db | grep -q \"dump-db '/nonexistent.db' 'data/measurements.sql.gz'\""
# The report's snapshot, with no local database, loads the shipped .gz
# (SHIPPED, default data/measurements.sql.gz).
make -s --no-print-directory BUILD="$(dirname "$TOOLS")" SHIPPED="$tmp/d.sql.gz" DB="$tmp/nodb.db" \
  REPORT_BUILD="$tmp/rb" "$tmp/rb/report.db" > "$tmp/rep.out" 2>&1
check_eq "report: no local database: the snapshot loads the shipped .gz (1305 samples)" \
  "$? $(grep -c "using the shipped measurements in $tmp/d.sql.gz" "$tmp/rep.out") $(q "$tmp/rb/report.db" "SELECT count(*) FROM sample" 2>/dev/null)" \
  "0 1 1305"
check "report: no temporary file left" sh -c "! ls '$tmp/rb' | grep -q tmp"
[ "$nfail" -eq 0 ] && echo "# all dump checks passed"
exit $((nfail > 0))
