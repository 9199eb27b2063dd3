#!/bin/sh
# tests/cli/test_dump.sh: experiments/tools/dump-db (what `make dump` ships):
# INSERTs that name their columns, a reload that gives the same rows, at most
# SHIP_SAMPLES evenly spaced samples per result (0: all), and a refusal that
# changes nothing when the database is missing.
# Usage: sh tests/cli/test_dump.sh   (BIN=dir overrides build/bin)
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
q() { "$BIN/tests/sqlq" "$@"; }
# A database with one result of 100 samples and one of 5.
{ echo "INSERT INTO device(device_id, uuid, name) VALUES(1, 'u', 'Test GPU');"
  echo "INSERT INTO run(run_id, study, binary, device_id, status, started_utc, argv, build_id) VALUES(1, 'reduce', 'reduce', 1, 'complete', 't', 'a', 'b');"
  for r in 1 2; do echo "INSERT INTO result(result_id, run_id, study, config_key, variant, cache, timer, status, created_utc) VALUES($r, 1, 'reduce', 'k$r', 'v', 'cold', 'cuda-event', 'ok', 't');"; done
  i=0; while [ $i -lt 100 ]; do echo "INSERT INTO sample VALUES(1, $i, $i.5);"; i=$((i + 1)); done
  i=0; while [ $i -lt 5 ]; do echo "INSERT INTO sample VALUES(2, $i, 1);"; i=$((i + 1)); done
} > "$tmp/rows.sql"
"$BIN/dbtool" load "$tmp/rows.sql" "$tmp/m.db" || notok "fixture loads"

SHIP_SAMPLES=10 sh experiments/tools/dump-db "$tmp/m.db" "$tmp/d.sql"
check_eq "dump: exit 0" $? 0
check "dump: INSERTs name their columns" grep -q '^INSERT INTO sample(result_id,rep,ms) VALUES' "$tmp/d.sql"
"$BIN/dbtool" load "$tmp/d.sql" "$tmp/r.db"
check_eq "reload: results" "$(q "$tmp/r.db" "SELECT count(*) FROM result")" 2
check_eq "SHIP_SAMPLES=10: 10 of 100 samples, every 10th" \
  "$(q "$tmp/r.db" "SELECT count(*), min(rep), max(rep), sum(rep % 10) FROM sample WHERE result_id = 1")" "10|0|90|0"
check_eq "SHIP_SAMPLES=10: a result with fewer keeps all" "$(q "$tmp/r.db" "SELECT count(*) FROM sample WHERE result_id = 2")" 5
SHIP_SAMPLES=0 sh experiments/tools/dump-db "$tmp/m.db" "$tmp/all.sql"
check_eq "SHIP_SAMPLES=0: every sample, in one INSERT of many rows" \
  "$(grep -c '^INSERT INTO sample' "$tmp/all.sql"):$(grep -c '^([0-9]*,[0-9]*,[0-9.]*)[,;]$' "$tmp/all.sql")" 1:105
"$BIN/dbtool" load "$tmp/all.sql" "$tmp/all.db"
check_eq "SHIP_SAMPLES=0: reload gives every sample unchanged" \
  "$(q "$tmp/all.db" "SELECT count(*), sum(ms), max(rep) FROM sample")" "$(q "$tmp/m.db" "SELECT count(*), sum(ms), max(rep) FROM sample")"
# 1200 rows: three INSERTs (500 rows at most each).
i=0; while [ $i -lt 1200 ]; do echo "INSERT INTO sample VALUES(2, $((i + 5)), 2);"; i=$((i + 1)); done > "$tmp/more.sql"
"$BIN/dbtool" exec "$tmp/m.db" "$(cat "$tmp/more.sql")"
SHIP_SAMPLES=0 sh experiments/tools/dump-db "$tmp/m.db" "$tmp/all.sql"
check_eq "SHIP_SAMPLES=0: 1305 samples in three INSERTs" "$(grep -c '^INSERT INTO sample' "$tmp/all.sql")" 3
rm -f "$tmp/all.db"; "$BIN/dbtool" load "$tmp/all.sql" "$tmp/all.db"
check_eq "reload: 1305 samples" "$(q "$tmp/all.db" "SELECT count(*) FROM sample")" 1305
echo keep > "$tmp/keep.sql"
sh experiments/tools/dump-db "$tmp/none.db" "$tmp/keep.sql" 2> "$tmp/err"
check_eq "no database: exit 2" $? 2
check_eq "no database: output unchanged" "$(cat "$tmp/keep.sql")" keep
check "no database: one line" test "$(wc -l < "$tmp/err")" -eq 1
[ "$nfail" -eq 0 ] && echo "# all dump checks passed"
exit $((nfail > 0))
