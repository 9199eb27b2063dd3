#!/bin/sh
# tests/cli/test_untrusted2.sh: untrusted data, second pass (issue 34),
# without a GPU. Each block names the issue's item it guards:
#   1  a BLOB value: merge, snapshot and dump refuse it (exit 4, one line);
#      mdquery escapes a BLOB as it escapes text
#   2  a dump is parsed, never executed: ATTACH, writefile(), another table,
#      PRAGMA, a trigger are refused (exit 4, one line, nothing written) by
#      dbtool load / snapshot and both sides of compare (a file, a commit);
#      the shipped dump loads and dumps again byte for byte
#   3  dump-db reads only the project's tables (a hostile table name runs
#      nothing)
#   4  merge refuses an output a live writer holds (exit 3) and loses none
#      of its rows; a symlinked output stays a symlink (13)
#   6  snapshot SRC OUT never destroys OUT (same file, missing SRC, refused SRC)
#   7  dump-db refuses to drop the runs OUT holds (exit 5) unless FORCE=1
#   8  a killed load leaves no database; the next load removes its leftovers
#   10 a newer user_version is refused by exec (not rewritten), snapshot and dump
#   11 a read-only WAL database is read by snapshot, dump and compare
#   13 COMPARE_DIR empty, quotes in BASE/NEW/RUNS, a crafted RUNS under make -n,
#      MEASURE_SESSION checked by the binaries
# Usage: sh tests/cli/test_untrusted2.sh   (binaries: as tests/cli/lib.sh finds them)
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
DBTOOL="$TOOLS/dbtool"; export DBTOOL
[ -x "$DBTOOL" ] || { notok "dbtool exists" "run make test-build"; exit 1; }
lines() { wc -l < "$1" | tr -d ' '; }
q() { sqlite3 "$@"; }
# one_line NAME WANT_RC RC ERRFILE: exit status WANT_RC and exactly one line.
one_line() { check "$1" sh -c "[ '$3' = '$2' ] && [ \$(wc -l < '$4') -eq 1 ]" || sed 's/^/#   /' "$4"; }

# rows UUID [NAME]: one device, one complete run (UUID) with 3 results of 2 samples.
rows() {
  echo "INSERT INTO device(device_id, uuid, name) VALUES(1, 'GPU-$1', '${2:-Test GPU}');"
  echo "INSERT INTO run(run_id, study, binary, device_id, status, started_utc, argv, build_id, run_uuid)
        VALUES(1, 'reduce', 'reduce', 1, 'complete', '2026-01-01T00:00:00Z', 'a', 'b', '$1');"
  for i in 1 2 3; do
    echo "INSERT INTO result(result_id, run_id, study, config_key, variant, cache, timer, status, created_utc, reps)
          VALUES($i, 1, 'reduce', 'k$i', 'v', 'cold', 'cuda-event', 'ok', 't', 2);"
    echo "INSERT INTO result_sample VALUES($i, '1000000 1500000');"
  done
}
rows 11111111-1111-4111-8111-111111111111 > "$tmp/a.sql"
rows 22222222-2222-4222-8222-222222222222 > "$tmp/b.sql"
"$DBTOOL" load "$tmp/a.sql" "$tmp/a.db" && "$DBTOOL" load "$tmp/b.sql" "$tmp/b.db" || { notok "fixtures load"; exit 1; }
marker=$tmp/marker

# ------------------------------------------------------------ 1: BLOB --
cp "$tmp/a.db" "$tmp/e.db"
q "$tmp/e.db" "UPDATE device SET name = CAST(name || ' \\input{/etc/hostname} <script>x</script>' AS BLOB)"
"$DBTOOL" merge "$tmp/e.db" -o "$tmp/em.db" > /dev/null 2> "$tmp/err"
one_line "1 merge of a BLOB name: exit 4, one line" 4 $? "$tmp/err"
check "1 merge of a BLOB name: names the column, nothing written" \
  sh -c "grep -q 'device.name' '$tmp/err' && [ ! -e '$tmp/em.db' ]"
"$DBTOOL" snapshot "$tmp/e.db" "$tmp/es.db" 2> "$tmp/err"
one_line "1 snapshot of a BLOB name: exit 4, one line" 4 $? "$tmp/err"
FORCE=1 sh experiments/tools/dump-db "$tmp/e.db" "$tmp/e.sql" 2> "$tmp/err"
one_line "1 dump of a BLOB name: exit 4, one line" 4 $? "$tmp/err"
printf "INSERT INTO device(uuid, name) VALUES('u', X'3c623e');\n" > "$tmp/blob.sql"
"$DBTOOL" load "$tmp/blob.sql" "$tmp/blob.db" 2> "$tmp/err"
one_line "1 load of a dump holding X'...': exit 4, one line" 4 $? "$tmp/err"
q "$tmp/md.db" "CREATE TABLE device(name TEXT); INSERT INTO device VALUES (CAST('A \\input{x} <b>' AS BLOB)), (X'41ff42');"
printf '{{= SELECT name FROM device LIMIT 1}}\n\n{{= SELECT name FROM device LIMIT 1 OFFSET 1}}\n' > "$tmp/md.md"
"$TOOLS/mdquery" "$tmp/md.db" "$tmp/md.md" > "$tmp/md.out" 2> "$tmp/err"
check_eq "1 mdquery: a BLOB is escaped like text" "$(sed -n 1p "$tmp/md.out")" 'A \\input{x} \<b\>'
check_eq "1 mdquery: a BLOB's bytes that are not UTF-8 become ?" "$(sed -n 3p "$tmp/md.out")" 'A?B'

# ------------------------------------------------------- 2: dumps parsed --
cp "$tmp/a.db" "$tmp/victim.db"; before=$(q "$tmp/victim.db" "SELECT count(*) FROM result")
printf "ATTACH '%s' AS v; DELETE FROM v.result; UPDATE v.run SET status='running';\n" "$tmp/victim.db" > "$tmp/h.sql"
"$DBTOOL" snapshot "$tmp/h.sql" "$tmp/hs.db" 2> "$tmp/err"
one_line "2 snapshot of an ATTACH dump: exit 4, one line" 4 $? "$tmp/err"
check "2 ... it names ATTACH, writes no copy" sh -c "grep -q ATTACH '$tmp/err' && [ ! -e '$tmp/hs.db' ]"
check_eq "2 ... and the attached database is untouched" "$(q "$tmp/victim.db" "SELECT count(*) FROM result WHERE run_id IN (SELECT run_id FROM run WHERE status = 'complete')")" "$before"
i=0
for bad in "INSERT INTO device(uuid, name) VALUES('u', writefile('$marker', 'x'));" \
           "INSERT INTO device(uuid, name) VALUES('u', load_extension('$tmp/x.so'));" \
           "INSERT INTO device(uuid, name) SELECT 'u', writefile('$marker', 'x');" \
           "CREATE TRIGGER t AFTER INSERT ON device BEGIN SELECT writefile('$marker', 'x'); END;" \
           "PRAGMA writable_schema = ON;" "INSERT INTO live_run VALUES(1, 'h', 1, 't');" \
           "INSERT INTO other(a) VALUES(1);" "INSERT INTO \"device\"(uuid, name) VALUES('u', 'n') ; DROP TABLE run;" \
           "INSERT OR REPLACE INTO device(uuid, name) VALUES('u', 'n');" "INSERT INTO device(uuid) VALUES('u'||'v');"; do
  i=$((i + 1)); printf '%s\n' "$bad" > "$tmp/bad$i.sql"
  "$DBTOOL" load "$tmp/bad$i.sql" "$tmp/bad$i.db" 2> "$tmp/err"
  one_line "2 load refuses: $(printf '%s' "$bad" | cut -c1-50 | sed "s|$tmp/||g")" 4 $? "$tmp/err"
  check "2 ... no database, nothing ran" sh -c "[ ! -e '$tmp/bad$i.db' ] && [ ! -e '$marker' ]"
done
sh experiments/tools/compare --base "$tmp/h.sql" --new "$tmp/victim.db" --out "$tmp/cmp" --no-page > /dev/null 2> "$tmp/err"
one_line "2 compare --base <an ATTACH dump>: exit 4, one line" 4 $? "$tmp/err"
check_eq "2 ... the local database keeps its rows and runs" \
  "$(q "$tmp/victim.db" "SELECT count(*) FROM result WHERE run_id IN (SELECT run_id FROM run WHERE status = 'complete')")" "$before"
sh experiments/tools/compare --base "$tmp/a.db" --new "$tmp/h.sql" --out "$tmp/cmp" --no-page > /dev/null 2> "$tmp/err"
one_line "2 compare --new <an ATTACH dump>: exit 4, one line" 4 $? "$tmp/err"
# A commit whose data/measurements.sql.gz is hostile.
mkdir -p "$tmp/repo/data" && gzip -c "$tmp/h.sql" > "$tmp/repo/data/measurements.sql.gz"
( cd "$tmp/repo" && git init -q && git add data && git -c user.name=t -c user.email=t@t commit -qm h ) > /dev/null 2>&1
( cd "$tmp/repo" && sh "$ROOT/experiments/tools/compare" --base HEAD --new "$tmp/victim.db" --out "$tmp/cmp" --no-page ) \
  > /dev/null 2> "$tmp/err"
one_line "2 compare --base <a commit with a hostile dump>: exit 4, one line" 4 $? "$tmp/err"
check_eq "2 ... the local database keeps its rows" \
  "$(q "$tmp/victim.db" "SELECT count(*) FROM result WHERE run_id IN (SELECT run_id FROM run WHERE status = 'complete')")" "$before"
# Text that needs quoting survives dump and load; the shipped dump's form is read.
q "$tmp/a.db" "UPDATE device SET name = 'it''s a' || char(10) || 'b\\n' || char(13) || '-- c; DROP TABLE run;'"
FORCE=1 sh experiments/tools/dump-db "$tmp/a.db" "$tmp/a2.sql" 2> "$tmp/err"
"$DBTOOL" load "$tmp/a2.sql" "$tmp/a2.db" 2>> "$tmp/err"
check_eq "2 a name with a quote, a newline, a backslash-n, a CR and -- ; survives dump and load" \
  "$(q "$tmp/a2.db" "SELECT hex(name) FROM device")" "$(q "$tmp/a.db" "SELECT hex(name) FROM device")"
check "2 ... its row in the dump is one line" sh -c "grep '^INSERT INTO device' '$tmp/a2.sql' | grep -q 'char(10))'"
if [ -f data/measurements.sql.gz ]; then
  # 8: a load killed part-way leaves no database; the next load cleans up.
  gzip -dc data/measurements.sql.gz > "$tmp/ship.sql"
  "$DBTOOL" load "$tmp/ship.sql" "$tmp/ship.db" & pid=$!
  i=0; while [ $i -lt 200 ] && ! ls "$tmp"/ship.db.load-*.tmp > /dev/null 2>&1; do sleep 0.05; i=$((i + 1)); done
  sleep 0.3; kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
  check "8 a load killed part-way: no database" test ! -e "$tmp/ship.db"
  t0=$(date +%s)
  "$DBTOOL" load "$tmp/ship.sql" "$tmp/ship.db" 2> "$tmp/err"
  check_eq "2 the shipped dump loads: exit 0" $? 0
  check "2 ... within 30 s" test $(($(date +%s) - t0)) -le 30
  check "8 ... and the killed load's temporary files are gone" sh -c "! ls '$tmp'/ship.db.load-* > /dev/null 2>&1"
  "$DBTOOL" dump --name data/measurements.sql.gz "$tmp/ship.db" "$tmp/ship2.sql" 2> "$tmp/err"
  tail -n +3 "$tmp/ship.sql" > "$tmp/s1"; tail -n +3 "$tmp/ship2.sql" > "$tmp/s2"
  # A dump made before the schema gained a column (data/schema.sql) dumps
  # again with that column, NULL: byte for byte once the column lists agree,
  # and a fixed point from the first re-dump on.
  cols() { sed -n 's/^INSERT INTO \([a-z_]*\)(\([^)]*\)) VALUES.*/\1(\2)/p' "$1" | sort -u; }
  if [ "$(cols "$tmp/s1")" = "$(cols "$tmp/s2")" ]; then
    check "2 the shipped dump, loaded and dumped again: the same rows, byte for byte" cmp -s "$tmp/s1" "$tmp/s2"
  else
    "$DBTOOL" load "$tmp/ship2.sql" "$tmp/ship2.db" 2> "$tmp/err" &&
      "$DBTOOL" dump --name data/measurements.sql.gz "$tmp/ship2.db" "$tmp/ship3.sql" 2> "$tmp/err"
    tail -n +3 "$tmp/ship3.sql" > "$tmp/s3"
    check "2 the shipped dump (an older schema's), loaded and dumped twice: a fixed point" cmp -s "$tmp/s2" "$tmp/s3"
    check_eq "2 ... with every row of every table" "$(cut -d'(' -f1 "$tmp/s1" | sort | uniq -c)" "$(cut -d'(' -f1 "$tmp/s2" | sort | uniq -c)"
  fi
  rm -f "$tmp/ship.sql" "$tmp/ship2.sql" "$tmp/ship3.sql" "$tmp/s1" "$tmp/s2" "$tmp/s3" "$tmp/ship.db" "$tmp/ship2.db"
fi

# ----------------------------------------------------- 3: dump's tables --
cp "$tmp/b.db" "$tmp/d.db"
q "$tmp/d.db" "CREATE TABLE \"device\"\";SELECT(writefile('$marker',X'6f'));--\"(a); INSERT INTO \"device\"\";SELECT(writefile('$marker',X'6f'));--\" VALUES(1)"
FORCE=1 sh experiments/tools/dump-db "$tmp/d.db" "$tmp/d.sql" 2> "$tmp/err"
check_eq "3 dump of a database with a hostile table name: exit 0" $? 0
check "3 ... nothing ran (no marker file)" test ! -e "$marker"
check "3 ... only the project's tables are in the dump" sh -c "! grep -q writefile '$tmp/d.sql'"

# -------------------------------------------------- 4: merge, live writer --
if [ -x "$TESTBIN/hoststudy" ]; then
  rm -f "$tmp/o.db"
  HOSTSTUDY_SLEEP_MS=50 "$TESTBIN/hoststudy" --db "$tmp/o.db" --variant sleep --n 1..12 --reps 10 --min-reps 10 --target 0 \
    > "$tmp/hs.out" 2>&1 & hs=$!
  i=0; while [ $i -lt 200 ] && [ ! -e "$tmp/o.db-wal" ]; do sleep 0.05; i=$((i + 1)); done; sleep 1
  "$DBTOOL" merge "$tmp/b.db" -o "$tmp/o.db" > /dev/null 2> "$tmp/err"
  one_line "4 merge into a database a live run writes: exit 3, one line" 3 $? "$tmp/err"
  wait $hs; hrc=$?
  check_eq "4 ... the run ends well" "$hrc" 0
  check_eq "4 ... and every result it measured is in the database" \
    "$(q "$tmp/o.db" "SELECT count(*) FROM result r JOIN run u USING (run_id) WHERE u.status = 'complete'")" 12
  "$DBTOOL" merge "$tmp/b.db" -o "$tmp/o.db" > /dev/null 2> "$tmp/err"
  check_eq "4 merge once the writer has ended: exit 0" $? 0
else
  notok "4 hoststudy exists" "run make test-build"
fi
cp "$tmp/b.db" "$tmp/real.db"; ln -s real.db "$tmp/link.db"
"$DBTOOL" merge "$tmp/a2.db" -o "$tmp/link.db" > /dev/null 2> "$tmp/err"
check_eq "13 merge -o SYMLINK: exit 0" $? 0
check "13 ... the link stays a link, its target holds both runs" \
  sh -c "[ -L '$tmp/link.db' ] && [ \$(sqlite3 '$tmp/real.db' 'SELECT count(*) FROM run') -eq 2 ]"

# ------------------------------------------------------ 6: snapshot OUT --
cp "$tmp/b.db" "$tmp/mine.db"; sum=$(cksum < "$tmp/mine.db")
"$DBTOOL" snapshot "$tmp/mine.db" "$tmp/mine.db" 2> "$tmp/err"
one_line "6 snapshot mine.db mine.db: exit 2, one line" 2 $? "$tmp/err"
check_eq "6 ... mine.db untouched" "$(cksum < "$tmp/mine.db")" "$sum"
"$DBTOOL" snapshot "$tmp/missing.db" "$tmp/mine.db" 2> "$tmp/err"
one_line "6 snapshot missing.db mine.db: exit 1, one line" 1 $? "$tmp/err"
check_eq "6 ... mine.db untouched" "$(cksum < "$tmp/mine.db")" "$sum"
"$DBTOOL" snapshot "$tmp/h.sql" "$tmp/mine.db" 2> /dev/null
check_eq "6 snapshot <a refused dump> mine.db: mine.db untouched" "$(cksum < "$tmp/mine.db")" "$sum"
"$DBTOOL" snapshot "$tmp/a.db" "$tmp/mine.db" 2> "$tmp/err"
check "6 snapshot a.db mine.db replaces it, leaving no temporary file" \
  sh -c "[ \$(sqlite3 '$tmp/mine.db' 'SELECT uuid FROM device') = GPU-11111111-1111-4111-8111-111111111111 ] && ! ls '$tmp'/mine.db.snapshot-* > /dev/null 2>&1"

# ------------------------------------------------ 7: dump drops no runs --
FORCE=1 sh experiments/tools/dump-db "$tmp/link.db" "$tmp/ship.sql.gz" 2> "$tmp/err"
sum=$(cksum < "$tmp/ship.sql.gz")
sh experiments/tools/dump-db "$tmp/b.db" "$tmp/ship.sql.gz" 2> "$tmp/err"
one_line "7 a dump dropping a shipped run: exit 5, one line" 5 $? "$tmp/err"
check "7 ... naming what it would drop and FORCE=1" sh -c "grep -q 'drop 1 run' '$tmp/err' && grep -q 'FORCE=1' '$tmp/err'"
check_eq "7 ... the shipped dump untouched" "$(cksum < "$tmp/ship.sql.gz")" "$sum"
make -s --no-print-directory dump DB="$tmp/b.db" SHIPPED="$tmp/ship.sql.gz" > /dev/null 2> "$tmp/err"
check "7 make dump of a partial database: fails, the shipped dump untouched" \
  sh -c "[ $? -ne 0 ] && [ '$(cksum < "$tmp/ship.sql.gz")' = '$sum' ] && grep -q 'would drop' '$tmp/err'"
FORCE=1 sh experiments/tools/dump-db "$tmp/b.db" "$tmp/ship.sql.gz" 2> "$tmp/err"
check_eq "7 FORCE=1 replaces it: exit 0" $? 0
sh experiments/tools/dump-db "$tmp/link.db" "$tmp/ship.sql.gz" 2> "$tmp/err"
check_eq "7 a dump that keeps every shipped run (and adds one): exit 0" $? 0

# ---------------------------------------------------- 10: newer schemas --
# (the version after this checkout's: the one a fresh database carries, + 1)
vn=$(($(q "$tmp/b.db" "PRAGMA user_version") + 1))
cp "$tmp/b.db" "$tmp/v3.db"; q "$tmp/v3.db" "PRAGMA user_version = $vn"
"$DBTOOL" exec "$tmp/v3.db" "SELECT 1" 2> "$tmp/err"
one_line "10 dbtool exec on user_version $vn: exit 1, one line" 1 $? "$tmp/err"
check_eq "10 ... user_version stays $vn" "$(q "$tmp/v3.db" "PRAGMA user_version")" $vn
"$DBTOOL" merge "$tmp/v3.db" -o "$tmp/v3m.db" > /dev/null 2> "$tmp/err"
one_line "10 ... so merge still refuses it: exit 4" 4 $? "$tmp/err"
"$DBTOOL" snapshot "$tmp/v3.db" "$tmp/v3s.db" 2> "$tmp/err"
one_line "10 snapshot (the report) of user_version $vn: exit 4, one line" 4 $? "$tmp/err"
cp "$tmp/b.db" "$tmp/col.db"; q "$tmp/col.db" "ALTER TABLE result ADD COLUMN future_col TEXT"
"$DBTOOL" snapshot "$tmp/col.db" "$tmp/cols.db" 2> "$tmp/err"
one_line "10 snapshot of a database with an unknown column: exit 4, one line" 4 $? "$tmp/err"
check "10 ... naming it" grep -q result.future_col "$tmp/err"
"$DBTOOL" dump "$tmp/col.db" "$tmp/col.sql" 2> "$tmp/err"
one_line "10 dump of it: exit 4, one line" 4 $? "$tmp/err"

# -------------------------------------------------- 11: read-only WAL --
if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null; then
  as_reader() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
else
  as_reader() { "$@"; }
fi
mkdir -p "$tmp/ro" "$tmp/rw" && cp "$tmp/b.db" "$tmp/ro/r.db" && cp "$tmp/a.db" "$tmp/ro/a.db"
check_eq "11 the fixture is a WAL database" "$(q "$tmp/ro/r.db" "PRAGMA journal_mode")" wal
chmod 711 "$tmp"; chmod 555 "$tmp/ro"; chmod 444 "$tmp/ro/r.db" "$tmp/ro/a.db"; chmod 777 "$tmp/rw"
as_reader "$DBTOOL" snapshot "$tmp/ro/r.db" "$tmp/rw/s.db" 2> "$tmp/err"
check_eq "11 snapshot of a read-only WAL database: exit 0" $? 0
as_reader "$DBTOOL" dump "$tmp/ro/r.db" "$tmp/rw/r.sql" 2> "$tmp/err"
check_eq "11 dump of it: exit 0" $? 0
as_reader env DBTOOL="$DBTOOL" sh experiments/tools/compare --base "$tmp/ro/a.db" --new "$tmp/ro/r.db" --out "$tmp/rw/cmp" \
  --no-page > /dev/null 2> "$tmp/err"
rc=$?
check "11 compare of two of them: exit 0 or 3 (nothing in common), not 'unable to open'" \
  sh -c "[ $rc -eq 0 -o $rc -eq 3 ] && ! grep -q 'unable to open' '$tmp/err'"
check "11 ... nothing written beside them" sh -c "[ \$(ls '$tmp/ro' | wc -l) -eq 2 ]"
chmod 755 "$tmp/ro"; chmod 644 "$tmp/ro/r.db" "$tmp/ro/a.db"; chmod 700 "$tmp"

# ------------------------------------------------------------ 13: small --
sh experiments/tools/compare --base "$tmp/a2.db" --new "$tmp/b.db" --out '' --no-page > /dev/null 2> "$tmp/err"
one_line "13 compare --out '' (COMPARE_DIR=): exit 2, one line" 2 $? "$tmp/err"
cp "$tmp/b.db" "$tmp/it's.db"
make -s --no-print-directory compare BASE="$tmp/a2.db" NEW="$tmp/it's.db" COMPARE_DIR="$tmp/c'mp" ROWS=0 > "$tmp/out" 2> "$tmp/err"
check "13 make compare NEW=<a path with '>: the path arrives whole" sh -c "! grep -q 'unterminated\|Syntax error\|not found' '$tmp/err' && [ -e \"$tmp/c'mp\" ]"
make -s --no-print-directory -n compare BASE="x';touch $marker;'" > /dev/null 2>&1
check "13 make -n compare BASE=<a quote and a command>: nothing ran" test ! -e "$marker"
make -s --no-print-directory -n print-RUNS RUNS="\$(shell touch $marker)" > /dev/null 2> "$tmp/err"
check "13 make -n RUNS='\$(shell ...)': refused, nothing ran" sh -c "[ ! -e '$marker' ] && grep -q 'RUNS must be' '$tmp/err'"
make -s --no-print-directory -n print-RUNS RUNS="1\"; touch $marker; \"" > /dev/null 2> "$tmp/err"
check "13 make -n RUNS='1\"; touch ...': refused, nothing ran" sh -c "[ ! -e '$marker' ] && grep -q 'RUNS must be' '$tmp/err'"
check_eq "13 RUNS=12 is taken" "$(make -s --no-print-directory print-RUNS RUNS=12)" 12
if [ -x "$TESTBIN/hoststudy" ]; then
  for s in 'a b' "x\$(touch $marker)" "$(printf '%065d' 0)"; do
    MEASURE_SESSION=$s "$TESTBIN/hoststudy" --db "$tmp/sess.db" --variant sleep --n 1 --reps 2 --min-reps 2 \
      --target 0 > /dev/null 2> "$tmp/err"
    one_line "13 MEASURE_SESSION='$(echo "$s" | cut -c1-20 | sed "s|$tmp/||")': exit 2, one line" 2 $? "$tmp/err"
    check "13 ... no database written" test ! -e "$tmp/sess.db"
  done
  s=$(printf '%064d' 7)
  MEASURE_SESSION=$s "$TESTBIN/hoststudy" --db "$tmp/sess.db" --variant sleep --n 1 --reps 2 --min-reps 2 --target 0 \
    > /dev/null 2>&1
  check_eq "13 a 64-character MEASURE_SESSION is stored whole" "$(q "$tmp/sess.db" "SELECT session FROM run")" "$s"
fi

[ "$nfail" -eq 0 ] && echo "# all second-pass untrusted-input checks passed"
exit $((nfail > 0))
