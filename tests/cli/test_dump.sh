#!/bin/sh
# tests/cli/test_dump.sh: experiments/tools/dump-db (what `make dump` ships):
# INSERTs that name their columns, a reload that gives the same rows, every
# sample of every result (a result_sample text of 20000 samples, a line of
# 220 KB, reloads whole; SHIP_SAMPLES, which thinned them, is refused), a
# refusal that changes nothing when the database is missing, and the
# gzip-compressed OUT (*.gz, what `make dump` writes): deterministic,
# reloadable, the old file untouched when gzip fails.
# Usage: sh tests/cli/test_dump.sh   (binaries: as tests/cli/lib.sh finds them)
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
q() { "$TESTBIN/sqlq" "$@"; }
DBTOOL="$TOOLS/dbtool"; export DBTOOL
# A database with one result of 100 samples and one of 5.
{ echo "INSERT INTO device(device_id, uuid, name) VALUES(1, 'u', 'Test GPU');"
  echo "INSERT INTO run(run_id, study, binary, device_id, status, started_utc, argv, build_id) VALUES(1, 'reduce', 'reduce', 1, 'complete', 't', 'a', 'b');"
  for r in 1 2; do echo "INSERT INTO result(result_id, run_id, study, config_key, variant, cache, timer, status, created_utc, reps) VALUES($r, 1, 'reduce', 'k$r', 'v', 'cold', 'cuda-event', 'ok', 't', $((r == 1 ? 100 : 5)));"; done
  echo "INSERT INTO result_sample VALUES(1, '$(seq 1500 1000 100500 | tr '\n' ' ' | sed 's/ $//')');"
  echo "INSERT INTO result_sample VALUES(2, '2048 2048 2080 2048 2016');"
} > "$tmp/rows.sql"
"$TOOLS/dbtool" load "$tmp/rows.sql" "$tmp/m.db" || notok "fixture loads"

SHIP_SAMPLES=10 sh experiments/tools/dump-db "$tmp/m.db" "$tmp/d.sql" 2> "$tmp/err"
check_eq "SHIP_SAMPLES (thinning) is gone: exit 2, one line, nothing written" \
  "$? $(wc -l < "$tmp/err") $(test -e "$tmp/d.sql" && echo written)" "2 1 "
check "SHIP_SAMPLES: says why" grep -q 'SHIP_SAMPLES is gone: the dump holds every sample' "$tmp/err"
"$TOOLS/dbtool" dump --samples 10 "$tmp/m.db" "$tmp/d.sql" 2> "$tmp/err"
check_eq "dbtool dump --samples: exit 2, one line" "$? $(wc -l < "$tmp/err")" "2 1"
sh experiments/tools/dump-db "$tmp/m.db" "$tmp/d.sql"
check_eq "dump: exit 0" $? 0
check "dump: INSERTs name their columns" grep -q '^INSERT INTO result_sample(result_id,ns) VALUES' "$tmp/d.sql"
check "dump: the header says every stored sample is there" grep -q '^-- Samples: every stored sample of every result' "$tmp/d.sql"
"$TOOLS/dbtool" load "$tmp/d.sql" "$tmp/r.db"
check_eq "reload: results" "$(q "$tmp/r.db" "SELECT count(*) FROM result")" 2
check_eq "reload: every sample, in the order taken" \
  "$(q "$tmp/r.db" "SELECT group_concat(samples_count(ns) || ':' || substr(ns, 1, 9) || ':' || (samples_median(ns) * 1e6), ' ')
                    FROM (SELECT ns FROM result_sample ORDER BY result_id)")" "100:1500 2500:51000.0 5:2048 2048:2048.0"
check_eq "reload: the texts unchanged" "$(q "$tmp/r.db" "SELECT group_concat(ns, '|') FROM result_sample")" \
  "$(q "$tmp/m.db" "SELECT group_concat(ns, '|') FROM result_sample")"
# 1200 results: their samples in three INSERTs (500 rows at most each), one
# a line; one of 20000 samples (the most a configuration takes: --reps),
# a line of about 220 KB, reloads whole.
{ cat "$tmp/rows.sql"; i=3; while [ $i -lt 1203 ]; do
    echo "INSERT INTO result(result_id, run_id, study, config_key, variant, cache, timer, status, created_utc, reps) VALUES($i, 1, 'reduce', 'k$i', 'v', 'cold', 'cuda-event', 'ok', 't', $((i == 1200 ? 20000 : 2)));"
    if [ $i = 1200 ]; then echo "INSERT INTO result_sample VALUES($i, '$(seq 1000000000 1 1000019999 | tr '\n' ' ' | sed 's/ $//')');"
    else echo "INSERT INTO result_sample VALUES($i, '$i 7');"; fi; i=$((i + 1)); done
} > "$tmp/more.sql"
rm -f "$tmp/m.db"; "$TOOLS/dbtool" load "$tmp/more.sql" "$tmp/m.db" || notok "the larger fixture loads"
sh experiments/tools/dump-db "$tmp/m.db" "$tmp/all.sql"
check_eq "1202 results' samples in three INSERTs" "$(grep -c '^INSERT INTO result_sample' "$tmp/all.sql")" 3
check "the 20000 samples on one line of 220000 bytes or so" \
  test "$(awk 'length > 215000 && length < 225000' "$tmp/all.sql" | wc -l)" -eq 1
rm -f "$tmp/all.db"; "$TOOLS/dbtool" load "$tmp/all.sql" "$tmp/all.db"
check_eq "reload: 1202 results, 22503 samples, the long one whole" \
  "$(q "$tmp/all.db" "SELECT count(*) || ' ' || sum(samples_count(ns)) || ' ' || (max(samples_max(ns)) * 1e6) FROM result_sample")" \
  "1202 22503 1000019999.0"
echo keep > "$tmp/keep.sql"
sh experiments/tools/dump-db "$tmp/none.db" "$tmp/keep.sql" 2> "$tmp/err"
check_eq "no database: exit 2" $? 2
check_eq "no database: output unchanged" "$(cat "$tmp/keep.sql")" keep
check "no database: one line" test "$(wc -l < "$tmp/err")" -eq 1
# An OUT ending in .gz (what `make dump` writes: data/measurements.sql.gz) is
# gzip-compressed, deterministically: the same database gives the same bytes.
sh experiments/tools/dump-db "$tmp/m.db" "$tmp/d.sql.gz"
check_eq "gz: exit 0" $? 0
check "gz: a gzip file" sh -c "gzip -t '$tmp/d.sql.gz'"
gzip -dc "$tmp/d.sql.gz" > "$tmp/gz.sql"
rm -f "$tmp/gz.db"; "$TOOLS/dbtool" load "$tmp/gz.sql" "$tmp/gz.db"
check_eq "gz: gunzip -c gives SQL that dbtool load reloads (22503 samples)" "$(q "$tmp/gz.db" "SELECT sum(samples_count(ns)) FROM result_sample")" 22503
cp "$tmp/d.sql.gz" "$tmp/old.sql.gz"
sleep 1
sh experiments/tools/dump-db "$tmp/m.db" "$tmp/d.sql.gz"
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
check_eq "report: no local database: the snapshot loads the shipped .gz (22503 samples)" \
  "$? $(grep -c "using the shipped measurements in $tmp/d.sql.gz" "$tmp/rep.out") $(q "$tmp/rb/report.db" "SELECT sum(samples) FROM result_stat" 2>/dev/null)" \
  "0 1 22503"
check "report: no temporary file left" sh -c "! ls '$tmp/rb' | grep -q tmp"
[ "$nfail" -eq 0 ] && echo "# all dump checks passed"
exit $((nfail > 0))
