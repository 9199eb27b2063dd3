#!/bin/sh
# tests/cli/test_merge.sh: `dbtool merge A.db B.db ... -o OUT.db` on shards
# the real harness wrote (the host-only study): two shards (ids renumbered,
# every run, result and sample once, one device), the same shard twice and a
# merge again into its own output (nothing added), a run without a UUID
# (older databases: a derived id, still once), a run still 'running' (left
# out), runs with a new random UUID each; and the refusals, each one line,
# exit 4, the output untouched: a corrupt shard, a foreign database (another
# application_id), a shard with a trigger, one whose 'run' is a view, one
# made before every sample was stored (schema 2: no result_sample; its own
# message); a hostile view is never run. Usage: sh tests/cli/test_merge.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/robust-lib.sh
DBTOOL="$TOOLS/dbtool"
[ -x "$DBTOOL" ] || { notok "dbtool exists" "run make test-build"; exit 1; }

# Two shards, each one run of the host-only study (the first also one with
# another argument list), both with ids from 1.
"$HOST" --db "$tmp/a.db" --n 1..3 --variant sleep $REPS 2>/dev/null
"$HOST" --db "$tmp/a.db" --n 4 --variant sleep $REPS --no-resume 2>/dev/null
"$HOST" --db "$tmp/b.db" --n 5..6 --variant sleep $REPS 2>/dev/null
# Rows of the other run tables, on shard b's run (id 1, as is shard a's first).
q "$tmp/b.db" "INSERT INTO run_env(run_id, phase, utc, temp_c) VALUES(1, 'start', '2026-01-01T00:00:00Z', 42);
               INSERT INTO counter(run_id, config_key, metric, value) VALUES(1, 'k', 'dram__bytes', 7);
               INSERT INTO variant(study, variant, ord, description, bottleneck, flags, origin)
                 VALUES('host', 'sleep', 1, 'sleeps', '', 'host', 'reference');
               INSERT INTO measure_phase(session, device_uuid, phase, seconds, trials, utc)
                 VALUES('s-b', 'host-x', 'trials', 12.5, 3, '2026-01-01T00:00:00Z')" >/dev/null
count() { q "$1" "SELECT (SELECT count(*) FROM run) || ' ' || (SELECT count(*) FROM result) || ' '
                         || (SELECT coalesce(sum(samples_count(ns)), 0) FROM result_sample) || ' '
                         || (SELECT count(*) FROM device)"; }
check_eq "shard a: 2 runs, 4 results, 12 samples, 1 device" "$(count "$tmp/a.db")" "2 4 12 1"
check_eq "shard b: 1 run, 2 results, 6 samples, 1 device" "$(count "$tmp/b.db")" "1 2 6 1"
check_eq "the harness gives every run a random UUID" \
  "$(q "$tmp/a.db" "SELECT count(DISTINCT run_uuid) FROM run WHERE run_uuid GLOB '????????-????-4???-????-????????????'")" 2
check_eq "run ids collide between the shards" "$(q "$tmp/b.db" "SELECT min(run_id) FROM run")" 1

merge() { "$DBTOOL" merge "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; err=$(cat "$tmp/err"); }
merge "$tmp/a.db" "$tmp/b.db" -o "$tmp/m.db"
check_eq "merge of two shards: exit 0" "$rc" 0
check_eq "merge: every run, result and sample once, one device" "$(count "$tmp/m.db")" "3 6 18 1"
check_eq "merge: samples follow their results (every one, reps of them)" \
  "$(q "$tmp/m.db" "SELECT sum(samples_count(s.ns)) || ' ' || sum(samples_count(s.ns) = r.reps) FROM result_sample s
                    JOIN result r USING (result_id) JOIN run u USING (run_id)")" "18 6"
check_eq "merge: provenance kept (argv of every run)" \
  "$(q "$tmp/m.db" "SELECT group_concat(argv, '|') FROM (SELECT argv FROM run ORDER BY argv)")" \
  "$( { q "$tmp/a.db" "SELECT argv FROM run"; q "$tmp/b.db" "SELECT argv FROM run"; } | sort | paste -sd'|')"
check_eq "merge: results keep their configuration under the right run" \
  "$(q "$tmp/m.db" "SELECT group_concat(u.argv LIKE '%5..6%', '') FROM (SELECT * FROM result ORDER BY result_id) r
                    JOIN run u USING (run_id)")" "000011"
check_eq "merge: GPU state and counters follow their run" \
  "$(q "$tmp/m.db" "SELECT (SELECT group_concat(u.argv LIKE '%5..6%') FROM run_env e JOIN run u USING (run_id) WHERE temp_c = 42)
                    || (SELECT group_concat(u.argv LIKE '%5..6%') FROM counter c JOIN run u USING (run_id) WHERE value = 7)")" 11
check_eq "merge: the phases of a make measure (table measure_phase)" \
  "$(q "$tmp/m.db" "SELECT group_concat(session || ':' || phase || ':' || seconds || ':' || trials) FROM measure_phase")" "s-b:trials:12.5:3"
check_eq "merge: the variant registry rows" "$(q "$tmp/m.db" "SELECT group_concat(variant || ':' || description) FROM variant")" \
  "sleep:sleeps"
check_integrity "$tmp/m.db" "merge"
check_eq "merge: foreign keys hold" "$(q "$tmp/m.db" "SELECT count(*) FROM pragma_foreign_key_check")" 0
sum=$(q "$tmp/m.db" "SELECT group_concat(ns, '|') FROM (SELECT ns FROM result_sample ORDER BY result_id)")

merge "$tmp/a.db" "$tmp/b.db" "$tmp/a.db" -o "$tmp/m.db"
check_eq "merge again into its output, a shard twice: exit 0" "$rc" 0
check_eq "merge again: nothing added" "$(count "$tmp/m.db")" "3 6 18 1"
check_eq "merge again: says so" "$(grep -c '0 runs added, [0-9]* already there' "$tmp/out")" 3
check_eq "merge again: the samples unchanged" \
  "$(q "$tmp/m.db" "SELECT group_concat(ns, '|') FROM (SELECT ns FROM result_sample ORDER BY result_id)")" "$sum"

# The minimal harness's sample sets (table reference_timing, no run row):
# under their device's uuid (a device id another shard also uses), once
# however often merged.
cp "$tmp/b.db" "$tmp/r.db"
q "$tmp/r.db" "INSERT INTO device(device_id, uuid, name) VALUES(7, 'gpu-only-in-r', 'Test GPU');
               INSERT INTO reference_timing(bench_uuid, device_id, trial, started_utc, what, dtype, n, repeat,
                 samples, discarded, flush_bytes, ns)
                 VALUES('cb-1', 7, 1, '2026-01-01T00:00:00Z', 'cub', 'int32', 65536, 1, 2, 0, 52428800, '7250 7300'),
                       ('cb-1', 7, 1, '2026-01-01T00:00:00Z', 'empty', NULL, 0, 1, 1, 0, 52428800, '3500')" >/dev/null
q "$tmp/a.db" "INSERT INTO device(device_id, uuid, name) VALUES(7, 'another-gpu', 'Other GPU')" >/dev/null
merge "$tmp/a.db" "$tmp/r.db" "$tmp/r.db" -o "$tmp/rm.db"
check_eq "merge: the minimal harness's sets (reference_timing) under their device's uuid, once" \
  "$rc:$(q "$tmp/rm.db" "SELECT group_concat(what || ':' || ns || ':' || d.uuid, ' ') FROM
                    (SELECT * FROM reference_timing ORDER BY what) r JOIN device d USING (device_id)")" \
  "0:cub:7250 7300:gpu-only-in-r empty:3500:gpu-only-in-r"
q "$tmp/a.db" "DELETE FROM device WHERE device_id = 7" >/dev/null

# An older database: runs without a UUID get one from their content, so a
# second merge of it adds nothing either; a run still 'running' is left out.
cp "$tmp/b.db" "$tmp/old.db"
q "$tmp/old.db" "UPDATE run SET run_uuid = NULL" >/dev/null
"$HOST" --db "$tmp/old.db" --n 7 --variant sleep $REPS 2>/dev/null
q "$tmp/old.db" "UPDATE run SET run_uuid = NULL, status = 'running' WHERE run_id = 2" >/dev/null
merge "$tmp/old.db" -o "$tmp/o.db"
check_eq "a run without a UUID is merged, a running one left out" "$rc:$(count "$tmp/o.db")" "0:1 2 6 1"
check_eq "it gets a derived UUID" "$(q "$tmp/o.db" "SELECT count(*) FROM run WHERE run_uuid IS NOT NULL")" 1
merge "$tmp/old.db" "$tmp/old.db" -o "$tmp/o.db"
check_eq "merging it again adds nothing" "$rc:$(count "$tmp/o.db")" "0:1 2 6 1"

# refused LABEL FILE: one line, exit 4, the output as it was, no file left.
refused() {
  cp "$tmp/m.db" "$tmp/keep.db"
  before=$(ls "$tmp")
  merge "$tmp/a.db" "$2" -o "$tmp/m.db"
  check_eq "$1: exit 4" "$rc" 4
  check_eq "$1: one line" "$(nlines "$err")" 1
  case "$err" in "dbtool merge: $2: "*"; nothing written") ok "$1: names the file" ;;
                 *) notok "$1: names the file" "$err" ;; esac
  check "$1: the output unchanged" cmp -s "$tmp/m.db" "$tmp/keep.db"
  check_eq "$1: no file made or left" "$(ls "$tmp")" "$before"
}
cp "$tmp/b.db" "$tmp/corrupt.db"
printf 'garbage!' | dd of="$tmp/corrupt.db" bs=1 seek=5000 count=8 conv=notrunc 2>/dev/null
dd if=/dev/urandom of="$tmp/corrupt.db" bs=1024 seek=4 count=4 conv=notrunc 2>/dev/null
refused "a corrupt shard" "$tmp/corrupt.db"
q "$tmp/foreign.db" "PRAGMA application_id = 1234; CREATE TABLE t(x)" >/dev/null 2>&1 || sqlite3 "$tmp/foreign.db" "PRAGMA application_id = 1234; CREATE TABLE t(x)"
refused "a foreign database" "$tmp/foreign.db"
cp "$tmp/b.db" "$tmp/trigger.db"
q "$tmp/trigger.db" "CREATE TRIGGER evil AFTER INSERT ON result_sample BEGIN DELETE FROM run; END" >/dev/null
refused "a shard with a trigger" "$tmp/trigger.db"
printf 'not a database at all\n' > "$tmp/text.db"
refused "a text file" "$tmp/text.db"
refused "a missing file" "$tmp/missing.db"
# 'run' a view over another table: the merge must never read it.
cp "$tmp/b.db" "$tmp/view.db"
q "$tmp/view.db" "PRAGMA foreign_keys = OFF; CREATE TABLE run2 AS SELECT * FROM run; DROP VIEW IF EXISTS result_bw;
                  DROP VIEW IF EXISTS latest; DROP VIEW IF EXISTS best_variant; DROP VIEW IF EXISTS config_stats;
                  DROP TABLE run; CREATE VIEW run AS SELECT * FROM run2" >/dev/null
refused "a shard whose run table is a view" "$tmp/view.db"
# A shard of before every sample was stored (schema 2: frozen statistics,
# table sample): refused as such, whatever --drop-unknown says.
cp "$tmp/b.db" "$tmp/old2.db"
q "$tmp/old2.db" "DROP TABLE result_sample; CREATE TABLE sample (result_id INTEGER, rep INTEGER, ms REAL);
                  ALTER TABLE result ADD COLUMN median_ms REAL; PRAGMA user_version = 2" >/dev/null
refused "a shard made before every sample was stored" "$tmp/old2.db"
check "it says so, with its schema" grep -q "old2.db: made before every sample was stored (schema 2): " "$tmp/err"
"$DBTOOL" merge --drop-unknown "$tmp/old2.db" -o "$tmp/o2.db" > /dev/null 2>&1
check_eq "--drop-unknown does not take it either" "$?:$(test -e "$tmp/o2.db" && echo made)" "4:"
# A hostile view (one that fails if anything evaluates it) is never run.
cp "$tmp/b.db" "$tmp/hostile.db"
q "$tmp/hostile.db" "DROP VIEW IF EXISTS result_bw; CREATE VIEW result_bw AS SELECT abs(-9223372036854775807 - 1) AS x" >/dev/null
merge "$tmp/hostile.db" -o "$tmp/h.db"
check_eq "a shard with a hostile view: merged, the view never run" "$rc:$(count "$tmp/h.db")" "0:1 2 6 1"
check_eq "its view is not copied" "$(q "$tmp/h.db" "SELECT count(*) FROM sqlite_schema WHERE sql LIKE '%9223372036854775807%'")" 0

# Usage: exit 2.
"$DBTOOL" merge "$tmp/a.db" >/dev/null 2>&1
check_eq "merge without -o: exit 2" "$?" 2
"$DBTOOL" merge -o "$tmp/x.db" >/dev/null 2>&1
check_eq "merge without inputs: exit 2" "$?" 2
check "usage creates nothing" test ! -e "$tmp/x.db"

[ "$nfail" -eq 0 ]
