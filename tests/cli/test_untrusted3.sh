#!/bin/sh
# tests/cli/test_untrusted3.sh: untrusted data, third pass (issue 45),
# without a GPU. Each block names the issue's item it guards:
#   2  two merges into one OUT at once keep every run (63 of 3 x 21); a row
#      another process commits to OUT during a merge is kept (exit 3)
#   3  an input whose rollback journal holds an interrupted transaction is
#      refused (its uncommitted run is never merged); an OUT with one is
#      rolled back and left with no journal beside it
#   4  a load never replaces a database made meanwhile (exit 2); two `make
#      DB` at once take turns and lose nothing
#   5  the amplifying dump (replace() nested four deep) is refused at once,
#      in little memory (exit 4, one line), as is any replace() whose value
#      would be as long as its text or longer
#   6  text that is not UTF-8 or holds the report's escaping marks is refused
#      by merge, snapshot and load (GPU-x?1 beside GPU-x\xff1), and by dump,
#      in a samples text too, as is an impossible sample (item 13)
#   7  a 300 KB GPU name: the snapshot cuts it, at once; bidirectional
#      controls are dropped; the samples texts (result_sample.ns,
#      reference_timing.ns: 20000 samples, 160 KB) are never cut, and one
#      holding a control or format character is refused, not cleaned
#   8  control characters (the figure data's \x1f) become '?' in the snapshot
#   10 make dump's guard refuses any decrease per run without FORCE=1:
#      a status set back, fewer results, result_sample rows, samples in
#      them (a text cut short) or counters; SHIP_SAMPLES is refused
#   12 an ESC sequence in a column name reaches no terminal (merge,
#      snapshot, compare)
#   14 compare: the same run UUIDs with other values are two measurements;
#      a set without run UUIDs against itself is 'same'
#   16 a NUL in text (dump, merge); user_version -1; a read-only WAL database
#      without -shm; a run whose device is missing; a killed snapshot's
#      temporary files; the snapshot's tables and indexes are the schema's
# Usage: sh tests/cli/test_untrusted3.sh   (binaries: as tests/cli/lib.sh finds them)
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
DBTOOL="$TOOLS/dbtool"; export DBTOOL
[ -x "$DBTOOL" ] || { notok "dbtool exists" "run make test-build"; exit 1; }
q() { sqlite3 "$@"; }
# one_line NAME WANT_RC RC ERRFILE: exit status WANT_RC and exactly one line.
one_line() {
  if [ "$3" = "$2" ] && [ "$(wc -l < "$4")" -eq 1 ]; then ok "$1"; else notok "$1" "exit $3, $(wc -l < "$4") lines"; sed 's/^/#   /' "$4"; fi
  [ -n "${VERBOSE:-}" ] && sed "s/^/#   /" "$4"
}
# ns_list FIRST COUNT: SQL for a samples text (result_sample.ns) of COUNT
# samples, FIRST ns and 100 ns more each (1 ms + 0.1 us x rep).
ns_list() { echo "(SELECT group_concat($1 + value * 100, ' ') FROM generate_series(0, $2 - 1))"; }
# mk DB KEY RUNS SAMPLES [RESULTS]: one device (GPU-KEY), RUNS complete runs
# (KEY-i) of RESULTS results (default 3: ids 11, 12, 13, 21, ...) of SAMPLES
# samples each. A result's samples are one row, so an input that takes a
# merge or a load a second or more has many results, not many samples.
mk() {
  k=${5:-3} m=10; [ "$k" -gt 9 ] && m=100000
  "$DBTOOL" load /dev/null "$1" > /dev/null && q "$1" "
    INSERT INTO device(device_id, uuid, name) VALUES(1, 'GPU-$2', 'Test GPU');
    INSERT INTO run(run_id, study, binary, device_id, status, started_utc, argv, build_id, run_uuid)
      SELECT value, 'reduce', 'reduce', 1, 'complete', '2026-01-01T00:00:00Z', 'a', 'b', '$2-' || value
      FROM generate_series(1, $3);
    INSERT INTO result(result_id, run_id, study, config_key, variant, cache, timer, status, created_utc, reps)
      SELECT r.value * $m + k.value, r.value, 'reduce', 'k' || k.value, 'v', 'cold', 'cuda-event', 'ok', 't', $4
      FROM generate_series(1, $3) r, generate_series(1, $k) k;
    INSERT INTO result_sample(result_id, ns) SELECT result_id, $(ns_list 1000000 "$4") FROM result;" ||
    { notok "fixture $1"; exit 1; }
}
runs() { q "$1" "SELECT count(*) FROM run"; }
# wait_for GLOB: until a file matches it (at most 10 s).
wait_for() {
  i=0; while [ $i -lt 1000 ] && ! ls $1 > /dev/null 2>&1; do sleep 0.01; i=$((i + 1)); done
}
mk "$tmp/a.db" aaaa 1 3

# ---------------------------------------------------- 2: merges locked --
mk "$tmp/o.db" oooo 21 3; mk "$tmp/x.db" xxxx 21 20 1000; mk "$tmp/y.db" yyyy 21 20 1000
"$DBTOOL" merge "$tmp/x.db" -o "$tmp/o.db" > "$tmp/m1.out" 2> "$tmp/m1.err" & p1=$!
"$DBTOOL" merge "$tmp/y.db" -o "$tmp/o.db" > "$tmp/m2.out" 2> "$tmp/m2.err" & p2=$!
wait $p1; r1=$?; wait $p2; r2=$?
check_eq "2 two merges into one OUT at once: both exit 0" "$r1 $r2" "0 0"
check_eq "2 ... and OUT holds every run (21 + 21 + 21)" "$(runs "$tmp/o.db")" 63
check "2 ... no lock or temporary file left" sh -c "! ls '$tmp'/o.db.merge* > /dev/null 2>&1"
# (OUT is read first, at once; the large input takes a second or more)
mk "$tmp/o2.db" pppp 1 3; mk "$tmp/big.db" bbbb 21 20 3000
"$DBTOOL" merge "$tmp/big.db" -o "$tmp/o2.db" > /dev/null 2> "$tmp/err" & p1=$!
wait_for "$tmp/o2.db.merge-*.tmp"; sleep 0.2
q "$tmp/o2.db" "INSERT INTO device(uuid, name) VALUES('GPU-meanwhile', 'committed meanwhile')"
wait $p1; rc=$?
one_line "2 a row committed to OUT during the merge: exit 3, one line" 3 $rc "$tmp/err"
check_eq "2 ... the row is kept, OUT as it was" "$(q "$tmp/o2.db" "SELECT count(*) FROM device WHERE uuid = 'GPU-meanwhile'") $(runs "$tmp/o2.db")" "1 1"
check "2 ... no temporary file left" sh -c "! ls '$tmp'/o2.db.merge* > /dev/null 2>&1"

# -------------------------------------------------- 3: rollback journals --
# hot DB OUT: OUT (and OUT-journal) a copy of DB taken inside a transaction
# adding run 'uncommitted' and enough samples that SQLite wrote some of the
# transaction's pages into the file (its journal holds what they were).
hot() {
  cp "$1" "$tmp/hot-src.db" && q "$tmp/hot-src.db" "PRAGMA journal_mode = DELETE" > /dev/null && q "$tmp/hot-src.db" <<EOF
PRAGMA cache_size = 2;
BEGIN;
INSERT INTO run(run_id, study, binary, device_id, status, started_utc, argv, build_id, run_uuid)
  VALUES(99, 'reduce', 'reduce', 1, 'complete', 't', 'a', 'b', 'uncommitted');
INSERT INTO result(result_id, run_id, study, config_key, variant, cache, timer, status, created_utc)
  VALUES(99, 99, 'reduce', 'k', 'v', 'cold', 'cuda-event', 'ok', 't');
INSERT INTO result_sample(result_id, ns) SELECT 99, $(ns_list 1000000 20001);
.system cp "$tmp/hot-src.db" "$2"; cp "$tmp/hot-src.db-journal" "$2-journal"
ROLLBACK;
EOF
}
hot "$tmp/a.db" "$tmp/hot.db"
check "3 the fixture: a hot journal, the file holding the uncommitted run" \
  sh -c "[ -s '$tmp/hot.db-journal' ] && [ \$(sqlite3 'file:$tmp/hot.db?immutable=1' \"SELECT count(*) FROM run WHERE run_uuid = 'uncommitted'\") = 1 ]"
"$DBTOOL" merge "$tmp/hot.db" -o "$tmp/h-out.db" > /dev/null 2> "$tmp/err"
one_line "3 merge of an input with a hot journal: exit 4, one line" 4 $? "$tmp/err"
check "3 ... naming the journal, nothing written, the input untouched" \
  sh -c "grep -q 'rollback journal' '$tmp/err' && [ ! -e '$tmp/h-out.db' ] && [ -s '$tmp/hot.db-journal' ]"
"$DBTOOL" snapshot "$tmp/hot.db" "$tmp/h-snap.db" 2> "$tmp/err"
one_line "3 snapshot of it: exit 4, one line" 4 $? "$tmp/err"
hot "$tmp/a.db" "$tmp/hout.db"
"$DBTOOL" merge "$tmp/o.db" -o "$tmp/hout.db" > /dev/null 2> "$tmp/err"
check_eq "3 merge into an OUT with a hot journal: exit 0" $? 0
check "3 ... no journal left beside it" test ! -e "$tmp/hout.db-journal"
check_eq "3 ... OUT sound, with its committed run and the input's, not the uncommitted one" \
  "$(q "$tmp/hout.db" "PRAGMA integrity_check"; runs "$tmp/hout.db"; q "$tmp/hout.db" "SELECT count(*) FROM run WHERE run_uuid = 'uncommitted'")" \
  "$(printf 'ok\n64\n0')"

# ------------------------------------------------ 4: load never replaces --
# A large dump loads slowly; a small one, started after it, is renamed in
# first: the large one must not replace it.
"$DBTOOL" dump "$tmp/big.db" "$tmp/big.sql" 2> /dev/null && "$DBTOOL" dump "$tmp/a.db" "$tmp/a.sql" 2> /dev/null ||
  notok "4 fixture dumps"
"$DBTOOL" load "$tmp/big.sql" "$tmp/l.db" 2> "$tmp/err" & p1=$!
wait_for "$tmp/l.db.load-*.tmp"
"$DBTOOL" load "$tmp/a.sql" "$tmp/l.db" 2> "$tmp/err2"
r2=$?
wait $p1; r1=$?
check_eq "4 the load that ends first: exit 0" "$r2" 0
one_line "4 the load that ends second, the database made meanwhile: exit 2, one line" 2 $r1 "$tmp/err"
check_eq "4 ... the first load's database is kept" "$(q "$tmp/l.db" "SELECT uuid FROM device")" GPU-aaaa
check "4 ... no temporary file left" sh -c "! ls '$tmp'/l.db.load-* > /dev/null 2>&1"
# Two makes of one DB: the second waits and finds it made; a row written
# into it after the first finished survives the second.
mk "$tmp/mid.db" mmmm 21 20 5000
"$DBTOOL" dump "$tmp/mid.db" "$tmp/ship.sql" 2> /dev/null && gzip "$tmp/ship.sql" || notok "4 the shipped fixture"
mkdb() { make -s --no-print-directory DB="$tmp/m.db" SHIPPED="$tmp/ship.sql.gz" "$tmp/m.db" > /dev/null 2>> "$tmp/mk.err"; }
mkdb & p1=$!
wait_for "$tmp/m.db.load-*.tmp"
mkdb & p2=$!
i=0; while [ $i -lt 3000 ] && [ ! -e "$tmp/m.db" ]; do sleep 0.01; i=$((i + 1)); done
q "$tmp/m.db" "INSERT INTO device(uuid, name) VALUES('GPU-mine', 'written after the first make')" 2>> "$tmp/mk.err"
wait $p1; r1=$?; wait $p2; r2=$?
check_eq "4 two make DB at once: both exit 0" "$r1 $r2" "0 0"
check_eq "4 ... the row written after the first is kept" "$(q "$tmp/m.db" "SELECT count(*) FROM device WHERE uuid = 'GPU-mine'")" 1
[ -s "$tmp/mk.err" ] && sed 's/^/#   /' "$tmp/mk.err"

# ---------------------------------------------------- 5: amplification --
# 1 KB of 'a' through four replace() each making a character 30: 810 MB.
{
  printf "INSERT INTO device(uuid, name) VALUES('u', replace(replace(replace(replace('"
  head -c 1000 /dev/zero | tr '\0' a
  printf "'"
  for c in a b c d; do
    n=$(($(printf '%d' "'$c") + 1)); l=$n; k=1; while [ $k -lt 30 ]; do l="$l,$n"; k=$((k + 1)); done
    printf ",'%s',char(%s))" "$c" "$l"
  done
  printf ');\n'
} > "$tmp/amp.sql"
t0=$(date +%s)
( ulimit -v 1000000; exec "$DBTOOL" load "$tmp/amp.sql" "$tmp/amp.db" ) 2> "$tmp/err"
one_line "5 the amplifying dump ($(wc -c < "$tmp/amp.sql") bytes): exit 4, one line, in 1 GB of memory" 4 $? "$tmp/err"
check "5 ... naming replace() (not a constraint a failed bind broke), at once, nothing made" \
  sh -c "grep -q 'replace() nested' '$tmp/err' && [ $(($(date +%s) - t0)) -le 5 ] && [ ! -e '$tmp/amp.db' ]"
# Twice, each making a character 2 (4 times the input): a dump's values are never longer than their text.
printf "INSERT INTO device(uuid, name) VALUES('u', replace(replace('%s','a',char(98,98)),'b',char(99,99)));\n" \
  "$(head -c 2000 /dev/zero | tr '\0' a)" > "$tmp/amp2.sql"
"$DBTOOL" load "$tmp/amp2.sql" "$tmp/amp2.db" 2> "$tmp/err"
one_line "5 replace() making a value 4 times its text: exit 4, one line" 4 $? "$tmp/err"
printf "INSERT INTO device(uuid, name) VALUES('u', replace('a', 'a', char(10)));\n" > "$tmp/amp1.sql"
"$DBTOOL" load "$tmp/amp1.sql" "$tmp/amp1.db" 2> "$tmp/err"
one_line "5 replace() with a one-character marker (output as long as input): exit 4" 4 $? "$tmp/err"

# ----------------------------------------------------- 6: text escaping --
mk "$tmp/u1.db" 'x?1' 1 2; mk "$tmp/u2.db" 'x?1' 1 2
q "$tmp/u2.db" "UPDATE device SET uuid = CAST(X'4750552D78FF31' AS TEXT); UPDATE run SET run_uuid = 'other'"
"$DBTOOL" merge "$tmp/u1.db" "$tmp/u2.db" -o "$tmp/u.db" > /dev/null 2> "$tmp/err"
one_line "6 merge of device uuids GPU-x?1 and GPU-x\\xff1: exit 4, one line" 4 $? "$tmp/err"
check "6 ... naming the column and the bytes, nothing written" \
  sh -c "grep -q 'device.uuid holds text with bytes that are not UTF-8' '$tmp/err' && [ ! -e '$tmp/u.db' ]"
"$DBTOOL" snapshot "$tmp/u2.db" "$tmp/u-snap.db" 2> "$tmp/err"
one_line "6 snapshot of it: exit 4, one line" 4 $? "$tmp/err"
cp "$tmp/a.db" "$tmp/pua.db"; q "$tmp/pua.db" "UPDATE device SET name = 'A' || char(57380) || 'B'"
"$DBTOOL" merge "$tmp/pua.db" -o "$tmp/pua-m.db" > /dev/null 2> "$tmp/err"
one_line "6 merge of a name holding U+E024 (the report's mark of '\$'): exit 4, one line" 4 $? "$tmp/err"
printf "INSERT INTO device(uuid, name) VALUES('u', 'a\377b');\n" > "$tmp/bad.sql"
"$DBTOOL" load "$tmp/bad.sql" "$tmp/bad.db" 2> "$tmp/err"
one_line "6 load of a dump whose string is not UTF-8: exit 4, one line" 4 $? "$tmp/err"
"$DBTOOL" dump "$tmp/pua.db" "$tmp/pua.sql" 2> "$tmp/err"
one_line "6 dump of the name holding U+E024: exit 4, one line" 4 $? "$tmp/err"
for c in "U+E024:'1000 2000' || char(57380)" "0 ns:'1000 0 2000'"; do
  cp "$tmp/a.db" "$tmp/ns.db"; q "$tmp/ns.db" "UPDATE result_sample SET ns = ${c#*:} WHERE result_id = 11"
  for how in merge snapshot dump; do
    rm -f "$tmp/ns-out.db"
    case $how in merge) "$DBTOOL" merge "$tmp/ns.db" -o "$tmp/ns-out.db" ;; *) "$DBTOOL" $how "$tmp/ns.db" "$tmp/ns-out.db" ;; esac \
      > /dev/null 2> "$tmp/err"
    one_line "6 $how of a samples text holding ${c%%:*}: exit 4, one line" 4 $? "$tmp/err"
    check "6 ... naming result 11's samples, nothing written" \
      sh -c "grep -q 'result_sample.ns holds\\|result 11: its samples' '$tmp/err' && [ ! -e '$tmp/ns-out.db' ]"
  done
done
printf "INSERT INTO result_sample(result_id, ns) VALUES(1, '1000 2000%s');\n" "$(printf '\356\200\244')" > "$tmp/bad.sql"
"$DBTOOL" load "$tmp/bad.sql" "$tmp/bad.db" 2> "$tmp/err"
one_line "6 load of a dump whose samples text holds U+E024: exit 4, one line" 4 $? "$tmp/err"

# ------------------------------------------- 7, 8: the snapshot's text --
cp "$tmp/a.db" "$tmp/long.db"
q "$tmp/long.db" "UPDATE device SET name = 'GPU ' || char(8238) || 'x' || char(31) || 'y' || char(27) || '[31m ' || hex(randomblob(150000))"
t0=$(date +%s)
"$DBTOOL" snapshot "$tmp/long.db" "$tmp/long-s.db" 2> "$tmp/err"
check_eq "7 snapshot of a 300 KB GPU name: exit 0" $? 0
check "7 ... within 5 s" test $(($(date +%s) - t0)) -le 5
check_eq "7 ... the name cut at 1000 characters, with an ellipsis" \
  "$(q "$tmp/long-s.db" "SELECT length(name), substr(name, -1) FROM device")" "1001|…"
check_eq "7 ... U+202E dropped; 8 the \\x1f and the ESC are '?'" \
  "$(q "$tmp/long-s.db" "SELECT substr(name, 1, 12) FROM device")" "GPU x?y?[31m"
check_eq "8 ... the copy's text holds no control character but tab, newline and CR" \
  "$(q "$tmp/long-s.db" "SELECT count(*) FROM device WHERE name GLOB '*[$(printf '\001-\010\013\014\016-\037\177')]*'")" 0
# The samples texts are not cut: 20000 samples (160 KB) of a result, 2000 of
# a minimal-harness set, whole in the copy.
cp "$tmp/a.db" "$tmp/longns.db"
q "$tmp/longns.db" "UPDATE result_sample SET ns = $(ns_list 1000000 20000) WHERE result_id = 11;
  UPDATE result SET reps = 20000 WHERE result_id = 11;
  INSERT INTO reference_timing(bench_uuid, device_id, trial, started_utc, what, dtype, n, repeat, samples, discarded,
    flush_bytes, ns) VALUES('cb-1', 1, 1, 't', 'cub32', 'int32', 65536, 1, 2000, 0, 1, $(ns_list 7000 2000))"
t0=$(date +%s)
"$DBTOOL" snapshot "$tmp/longns.db" "$tmp/longns-s.db" 2> "$tmp/err"
check_eq "7 snapshot of a 20000-sample text: exit 0 ($(head -c 200 "$tmp/err"))" $? 0
check "7 ... within 5 s" test $(($(date +%s) - t0)) -le 5
check_eq "7 ... every samples text whole (160 KB and 12 KB: not cut at 1000 characters)" \
  "$(q "$tmp/longns-s.db" "ATTACH '$tmp/longns.db' AS s;
     SELECT (SELECT count(*) FROM result_sample a JOIN s.result_sample b USING (result_id) WHERE a.ns = b.ns) || ' ' ||
            (SELECT count(*) FROM reference_timing a JOIN s.reference_timing b USING (bench_uuid) WHERE a.ns = b.ns) || ' ' ||
            (SELECT length(ns) > 150000 FROM result_sample WHERE result_id = 11) || ' ' ||
            (SELECT length(ns) > 10000 FROM reference_timing)")" "3 1 1 1"
for c in "a control character:'1000' || char(31) || '2000'" "U+202E:'1000 2000' || char(8238)"; do
  cp "$tmp/a.db" "$tmp/nsc.db"; q "$tmp/nsc.db" "UPDATE result_sample SET ns = ${c#*:} WHERE result_id = 12"
  rm -f "$tmp/nsc-s.db"; "$DBTOOL" snapshot "$tmp/nsc.db" "$tmp/nsc-s.db" 2> "$tmp/err"
  one_line "7 snapshot of a samples text holding ${c%%:*}: refused (not cleaned), exit 4, one line" 4 $? "$tmp/err"
  check "7 ... naming result 12's samples, nothing made" \
    sh -c "grep -q 'result 12: its samples' '$tmp/err' && [ ! -e '$tmp/nsc-s.db' ]"
done

# ------------------------------------------------------ 10: dump guard --
mk "$tmp/g.db" gggg 3 40
q "$tmp/g.db" "INSERT INTO counter(run_id, config_key, metric, value) SELECT run_id, 'k1', 'm', 1 FROM run"
FORCE=1 sh experiments/tools/dump-db "$tmp/g.db" "$tmp/g0.sql.gz" 2> "$tmp/err" || notok "10 the shipped fixture" "$(cat "$tmp/err")"
sum=$(cksum < "$tmp/g0.sql.gz")
for change in "UPDATE run SET status = 'running' WHERE run_id > 1" \
              "DELETE FROM result_sample WHERE result_id IN (22, 23); DELETE FROM result WHERE result_id IN (22, 23)" \
              "DELETE FROM result_sample WHERE result_id = 11" \
              "UPDATE result_sample SET ns = $(ns_list 1000000 3) WHERE result_id = 11" \
              "UPDATE result_sample SET ns = substr(ns, 1, length(ns) - 8) WHERE result_id = 32" \
              "DELETE FROM counter"; do
  cp "$tmp/g.db" "$tmp/g2.db"; q "$tmp/g2.db" "$change"; cp "$tmp/g0.sql.gz" "$tmp/g.sql.gz"
  sh experiments/tools/dump-db "$tmp/g2.db" "$tmp/g.sql.gz" 2> "$tmp/err"
  one_line "10 make dump after '$change': exit 5, one line" 5 $? "$tmp/err"
  check "10 ... naming FORCE=1, the shipped dump untouched" sh -c "grep -q 'FORCE=1' '$tmp/err' && [ '$(cksum < "$tmp/g.sql.gz")' = '$sum' ]"
done
cp "$tmp/g0.sql.gz" "$tmp/g.sql.gz"
# (what the guard counts: a run's result_sample rows and the samples in them)
check_eq "10 ... the last one's fixture: result 32's text one sample shorter (39 of 40)" \
  "$(cp "$tmp/g.db" "$tmp/g3.db"; q "$tmp/g3.db" "UPDATE result_sample SET ns = substr(ns, 1, length(ns) - 8) WHERE result_id = 32;
     SELECT group_concat(length(ns) - length(replace(ns, ' ', '')) + 1) FROM result_sample WHERE result_id IN (31, 32)")" "40,39"
SHIP_SAMPLES=10 sh experiments/tools/dump-db "$tmp/g.db" "$tmp/g.sql.gz" 2> "$tmp/err"
one_line "10 SHIP_SAMPLES (thinning: fewer samples per result) is gone: exit 2" 2 $? "$tmp/err"
check "10 ... the shipped dump untouched" test "$(cksum < "$tmp/g.sql.gz")" = "$sum"
sh experiments/tools/dump-db "$tmp/g.db" "$tmp/g.sql.gz" 2> "$tmp/err"
check_eq "10 the same database again: exit 0" $? 0
FORCE=1 sh experiments/tools/dump-db "$tmp/g2.db" "$tmp/g.sql.gz" 2> "$tmp/err"
check_eq "10 FORCE=1 replaces it with less: exit 0" $? 0

# ------------------------------------------------ 12: terminal escapes --
cp "$tmp/a.db" "$tmp/esc.db"
q "$tmp/esc.db" "ALTER TABLE result ADD COLUMN \"x$(printf '\033')[2K$(printf '\r')ok all merged\""
"$DBTOOL" merge "$tmp/esc.db" -o "$tmp/esc-m.db" > /dev/null 2> "$tmp/err"
rc=$?
check "12 merge naming a column with ESC and CR: exit 4, the escape shown as \\x1b, no ESC or CR" \
  sh -c "[ $rc = 4 ] && grep -qF 'x\\x1b[2K\\x0dok' '$tmp/err' && ! grep -q \"\$(printf '[\\033\\r]')\" '$tmp/err'"
"$DBTOOL" snapshot "$tmp/esc.db" "$tmp/esc-s.db" 2> "$tmp/err"
rc=$?
check "12 snapshot of it: exit 4, no ESC or CR" sh -c "[ $rc = 4 ] && ! grep -q \"\$(printf '[\\033\\r]')\" '$tmp/err'"
sh experiments/tools/compare --base "$tmp/esc.db" --new "$tmp/a.db" --out "$tmp/cmp-esc" --no-page > /dev/null 2> "$tmp/err"
rc=$?
check "12 compare of it: exit 4, no ESC or CR" sh -c "[ $rc = 4 ] && ! grep -q \"\$(printf '[\\033\\r]')\" '$tmp/err'"

# ------------------------------------------------------- 14: compare --
if [ -r "${SQLSTATS:-build/lib/sqlstats.so}" ]; then
  # Three trials of one configuration, spread +-10%; run UUIDs or none.
  trials() {
    "$DBTOOL" load /dev/null "$1" > /dev/null && q "$1" "
      INSERT INTO device(device_id, uuid, name) VALUES(1, 'GPU-cmp', 'Test GPU');
      INSERT INTO run(run_id, study, binary, device_id, status, started_utc, finished_utc, argv, build_id, run_uuid, kind, repeat_index)
        SELECT value, 'reduce', 'reduce', 1, 'complete', 't', 't', 'a', 'b', $2, 'measure', value FROM generate_series(1, 3);
      INSERT INTO result(run_id, study, config_key, variant, dtype, n, block, params, cache, timer, status, reps,
                         created_utc, flush, mode)
        SELECT value, 'reduce', 'variant=v', 'v', 'float32', 1024, 256, '{}', 'cold', 'cuda-event', 'ok', 1,
               't', 'clean', 'single' FROM generate_series(1, 3);
      INSERT INTO result_sample(result_id, ns) SELECT result_id, 500000 * (9 + run_id) / 10 FROM result;"
  }
  trials "$tmp/c1.db" "'cmp-' || value"
  cp "$tmp/c1.db" "$tmp/c2.db"; q "$tmp/c2.db" "UPDATE result_sample SET ns = CAST(ns AS INTEGER) * 105 / 100"
  sh experiments/tools/compare --base "$tmp/c1.db" --new "$tmp/c2.db" --out "$tmp/cmp1" --no-page > /dev/null 2> "$tmp/err"
  check_eq "14 the same run UUIDs, medians x 1.05: two measurements (ratio 1.05, not 'the same trials')" \
    "$(q "$tmp/cmp1/compare.db" "SELECT printf('%.2f', ratio), reason LIKE 'the same%' FROM compare_verdict")" "1.05|0"
  trials "$tmp/c3.db" NULL
  sh experiments/tools/compare --base "$tmp/c3.db" --new "$tmp/c3.db" --out "$tmp/cmp2" --no-page > /dev/null 2> "$tmp/err"
  check_eq "14 a set without run UUIDs against itself: same (one measurement)" \
    "$(q "$tmp/cmp2/compare.db" "SELECT verdict, reason LIKE 'the same%' FROM compare_verdict")" "same|1"
else
  notok "14 the statistics extension exists" "run make test-build"
fi

# ------------------------------------------------------------ 16: small --
cp "$tmp/a.db" "$tmp/nul.db"; q "$tmp/nul.db" "UPDATE device SET name = 'before' || char(0) || 'after'"
"$DBTOOL" dump "$tmp/nul.db" "$tmp/nul.sql" 2> "$tmp/err"
one_line "16 dump of a name holding a NUL: exit 4, one line (never cut)" 4 $? "$tmp/err"
"$DBTOOL" merge "$tmp/nul.db" -o "$tmp/nul-m.db" > /dev/null 2> "$tmp/err"
one_line "16 merge of it: exit 4, one line" 4 $? "$tmp/err"
cp "$tmp/a.db" "$tmp/v.db"; q "$tmp/v.db" "PRAGMA user_version = -1"
"$DBTOOL" exec "$tmp/v.db" "SELECT 1" 2> "$tmp/err"
one_line "16 dbtool exec on user_version -1: exit 1, one line" 1 $? "$tmp/err"
check_eq "16 ... user_version stays -1" "$(q "$tmp/v.db" "PRAGMA user_version")" -1
"$DBTOOL" merge "$tmp/v.db" -o "$tmp/v-m.db" > /dev/null 2> "$tmp/err"
one_line "16 merge of it: exit 4, one line naming user_version" 4 $? "$tmp/err"
cp "$tmp/a.db" "$tmp/nodev.db"; q "$tmp/nodev.db" "PRAGMA foreign_keys = OFF; UPDATE run SET device_id = 7"
"$DBTOOL" merge "$tmp/nodev.db" -o "$tmp/nodev-m.db" > /dev/null 2> "$tmp/err"
one_line "16 merge of a run whose device is missing: exit 4, one line" 4 $? "$tmp/err"
check "16 ... naming the run and the device, nothing written" \
  sh -c "grep -q 'run aaaa-1 names device_id 7' '$tmp/err' && [ ! -e '$tmp/nodev-m.db' ]"
# A read-only WAL database whose -wal has no -shm beside it.
if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null; then
  as_reader() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
else
  as_reader() { "$@"; }
fi
mkdir -p "$tmp/ro" "$tmp/rw"; cp "$tmp/a.db" "$tmp/w.db"
q "$tmp/w.db" > /dev/null <<EOF
PRAGMA wal_autocheckpoint = 0;
INSERT INTO device(uuid, name) VALUES('GPU-wal', 'in the log');
.system cp "$tmp/w.db" "$tmp/w.db-wal" "$tmp/ro/"
EOF
chmod 711 "$tmp"; chmod 555 "$tmp/ro"; chmod 444 "$tmp/ro/w.db" "$tmp/ro/w.db-wal"; chmod 777 "$tmp/rw"
as_reader "$DBTOOL" snapshot "$tmp/ro/w.db" "$tmp/rw/w-s.db" 2> "$tmp/err"
one_line "16 snapshot of a read-only WAL database with -wal but no -shm: exit 4, one line" 4 $? "$tmp/err"
check "16 ... saying so" grep -q 'no -shm' "$tmp/err"
chmod 755 "$tmp/ro"; chmod 700 "$tmp"
# What a killed snapshot left beside the report's (its PID gone).
dead=$(sh -c 'echo $$'); out=$tmp/rep/report.db.tmp.$$
mkdir -p "$tmp/rep"; : > "$tmp/rep/report.db.tmp.$dead"; : > "$tmp/rep/report.db.tmp.$dead.sql"
printf 'db\t%s\n' "$tmp/a.db" > "$tmp/rep/stamp"
sh reports/snapshot.sh copy "$tmp/rep/stamp" "$DBTOOL" "$out" > /dev/null 2> "$tmp/err"
check_eq "16 the report's snapshot: exit 0" $? 0
check "16 ... a killed snapshot's temporary files are removed" \
  sh -c "[ ! -e '$tmp/rep/report.db.tmp.$dead' ] && [ ! -e '$tmp/rep/report.db.tmp.$dead.sql' ] && [ -s '$out' ]"
# The snapshot's schema is data/schema.sql's, whatever the source defines.
cp "$tmp/a.db" "$tmp/own.db"
q "$tmp/own.db" "CREATE INDEX own_index ON device(name); CREATE TABLE own_table(x); CREATE VIEW own_view AS SELECT 1"
"$DBTOOL" snapshot "$tmp/own.db" "$tmp/own-s.db" 2> "$tmp/err"
"$DBTOOL" load /dev/null "$tmp/ref.db"
schema() { q "$1" "SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite%' ORDER BY type, name"; }
check_eq "16 the snapshot of a database with its own index, table and view: the schema's tables, indexes, views only" \
  "$(schema "$tmp/own-s.db")" "$(schema "$tmp/ref.db")"
check_eq "16 ... with the source's rows (3 results of 3 samples)" \
  "$(q "$tmp/own-s.db" "SELECT count(*) || ' ' || sum(length(ns) - length(replace(ns, ' ', '')) + 1) FROM result_sample")" "3 9"

[ "$nfail" -eq 0 ] && echo "# all third-pass untrusted-input checks passed"
exit $((nfail > 0))
