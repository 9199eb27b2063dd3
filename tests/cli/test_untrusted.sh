#!/bin/sh
# tests/cli/test_untrusted.sh: untrusted databases and careless commands
# (issue 21), without a GPU:
#   - `make dump`'s script (experiments/tools/dump-db) refuses, with one line
#     and the shipped file untouched, a database without a complete run and
#     one that fails PRAGMA integrity_check; a sqlite3 failing inside its
#     pipeline fails it; it leaves no temporary file, and removes one a killed
#     dump left;
#   - `dbtool merge` over an output beside which a killed writer left its
#     -wal (and over a -wal that is not the output's): exit 0 and a sound
#     file; an output path too long for its temporary name is refused before
#     anything is unlinked; -o '', -o DIR and a missing -o are one line,
#     exit 2; --help exits 0; an input with a newer user_version or an
#     unknown column is refused (exit 4, one line, nothing written) unless
#     --drop-unknown;
#   - `dbtool snapshot` (the report's copy) refuses an empty database;
#   - mdquery escapes database text for Markdown, a code span and the YAML
#     title block, and leaves the report's own tables' markup as it is;
#   - run-matrix refuses a missing matrix and RUNS=abc (one line, exit 2);
#   - `make profile` without a GPU makes no database;
#   - reduce refuses --build-id with other arguments and --loads values its
#     kernels are not built for (one line, exit 2).
# Usage: sh tests/cli/test_untrusted.sh   (binaries: as tests/cli/lib.sh finds them)
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
DBTOOL="$TOOLS/dbtool"; export DBTOOL
[ -x "$DBTOOL" ] || { notok "dbtool exists" "run make test-build"; exit 1; }
lines() { wc -l < "$1" | tr -d ' '; }

# rows N UUID: one device, one complete run (UUID) with N results of 3 samples.
rows() {
  echo "INSERT INTO device(device_id, uuid, name) VALUES(1, 'GPU-u', 'Test GPU');"
  echo "INSERT INTO run(run_id, study, binary, device_id, status, started_utc, argv, build_id, run_uuid)
        VALUES(1, 'reduce', 'reduce', 1, 'complete', 't', 'a', 'b', '$2');"
  i=1; while [ $i -le "$1" ]; do
    echo "INSERT INTO result(result_id, run_id, study, config_key, variant, cache, timer, status, created_utc, reps)
          VALUES($i, 1, 'reduce', 'k$i', 'v', 'cold', 'cuda-event', 'ok', 't', 3);"
    echo "INSERT INTO result_sample VALUES($i, '1000000 1500000 2000000');"
    i=$((i + 1)); done
}
rows 50 11111111-1111-4111-8111-111111111111 > "$tmp/a.sql"
rows 5 22222222-2222-4222-8222-222222222222 > "$tmp/b.sql"
"$DBTOOL" load "$tmp/a.sql" "$tmp/a.db" && "$DBTOOL" load "$tmp/b.sql" "$tmp/b.db" || notok "fixtures load"
integrity() { sqlite3 "$1" "PRAGMA integrity_check" 2>&1 | head -1; }

# ---------------------------------------------------------------- dump --
echo keep > "$tmp/keep.sql"
"$DBTOOL" load /dev/null "$tmp/norun.db"
sh experiments/tools/dump-db "$tmp/norun.db" "$tmp/keep.sql" 2> "$tmp/err"
check_eq "dump: no complete run: exit 4" $? 4
check_eq "dump: no complete run: the shipped file kept" "$(cat "$tmp/keep.sql")" keep
check_eq "dump: no complete run: one line" "$(lines "$tmp/err")" 1
cp "$tmp/a.db" "$tmp/bad.db"
# Damage a page in the middle of the file (not the header): readable, but corrupt.
size=$(wc -c < "$tmp/bad.db"); pages=$((size / 4096))
dd if=/dev/urandom of="$tmp/bad.db" bs=4096 seek=$((pages / 2)) count=1 conv=notrunc 2>/dev/null
sh experiments/tools/dump-db "$tmp/bad.db" "$tmp/keep.sql" 2> "$tmp/err"
check_eq "dump: corrupt database: exit 4" $? 4
check_eq "dump: corrupt database: the shipped file kept" "$(cat "$tmp/keep.sql")" keep
check "dump: corrupt database: one line naming quick_check" \
  sh -c "[ \$(wc -l < '$tmp/err') -eq 1 ] && grep -q quick_check '$tmp/err'"
# A dbtool that fails writing the dump (a full disk part-way).
mkdir -p "$tmp/fakebin"
printf '#!/bin/sh\necho "dbtool dump: x: writing the dump failed (disk full?)" >&2\nexit 1\n' > "$tmp/fakebin/dbtool"
chmod +x "$tmp/fakebin/dbtool"
DBTOOL="$tmp/fakebin/dbtool" sh experiments/tools/dump-db "$tmp/a.db" "$tmp/keep.sql" 2> "$tmp/err"
check_eq "dump: a dbtool failing to write fails the dump (exit 1)" $? 1
check_eq "dump: ... and the shipped file is kept" "$(cat "$tmp/keep.sql")" keep
check_eq "dump: no temporary file left" "$(ls "$tmp" | grep -c 'keep.sql.tmp')" 0
"$DBTOOL" dump "$tmp/a.db" /dev/full 2> "$tmp/err"
check "dbtool dump to a full disk: exit 1, one line" sh -c "[ $? -eq 1 ] && [ \$(wc -l < '$tmp/err') -eq 1 ]"
# A temporary file of a killed dump (a pid that is gone) is removed by the next.
sh -c 'exit 0' & dead=$!; wait $dead
echo partial > "$tmp/keep.sql.tmp.$dead"
FORCE=1 sh experiments/tools/dump-db "$tmp/a.db" "$tmp/keep.sql" 2> "$tmp/err"
check_eq "dump: a sound database: exit 0" $? 0
check "dump: the stale temporary file of a killed dump is gone" test ! -e "$tmp/keep.sql.tmp.$dead"
check "dump: the dump replaced the file" grep -q '^INSERT INTO result_sample' "$tmp/keep.sql"

# --------------------------------------------------------------- merge --
# sleeper PIDFILE: what keeps a writer's input open (30 s at most), its pid
# in PIDFILE, so that it is killed with the writer (not waited for).
sleeper() { sh -c 'echo $$ > "$1"; exec sleep 30' sh "$1"; }
merge() { "$DBTOOL" merge "$@" > "$tmp/out" 2> "$tmp/err"; rc=$?; }
# A killed writer's log beside the output: committed rows in OUT-wal.
cp "$tmp/a.db" "$tmp/w.db"
sqlite3 "$tmp/w.db" "PRAGMA journal_mode = WAL" > /dev/null
{ echo "PRAGMA wal_autocheckpoint = 0;"
  echo "INSERT INTO device(uuid, name) VALUES('GPU-w', 'written before the kill');"
  echo "INSERT INTO result(run_id, study, config_key, variant, cache, timer, status, created_utc) SELECT run_id, study, config_key || 'w', variant, cache, timer, status, created_utc FROM result;"
  sleeper "$tmp/w.sleep"; } | sqlite3 "$tmp/w.db" > /dev/null & writer=$!
i=0; while [ $i -lt 600 ] && [ "$(sqlite3 "$tmp/w.db" "SELECT count(*) FROM device WHERE uuid = 'GPU-w'" 2>/dev/null)" != 1 ]; do
  sleep 0.1; i=$((i + 1)); done
# (up to 60 s: on a loaded machine the writer's first commit took over 10 s)
check_eq "merge: the writer committed before the kill" "$(sqlite3 "$tmp/w.db" "SELECT count(*) FROM device WHERE uuid = 'GPU-w'" 2>/dev/null)" 1
kill -9 $writer $(cat "$tmp/w.sleep" 2>/dev/null) 2>/dev/null; wait $writer 2>/dev/null
check "merge: the killed writer left its -wal" test -s "$tmp/w.db-wal"
merge "$tmp/b.db" -o "$tmp/w.db"
check_eq "merge over a killed writer's -wal: exit 0" "$rc" 0
check_eq "merge over a killed writer's -wal: integrity_check ok" "$(integrity "$tmp/w.db")" ok
check_eq "merge over a killed writer's -wal: its committed rows kept, b's run added" \
  "$(sqlite3 "$tmp/w.db" "SELECT (SELECT count(*) FROM device WHERE uuid = 'GPU-w') || ' ' || (SELECT count(*) FROM run)")" "1 2"
check "merge: no -wal left beside the output" test ! -s "$tmp/w.db-wal"
# A log that belongs to another file (an older output) beside the output.
cp "$tmp/a.db" "$tmp/old.db"; sqlite3 "$tmp/old.db" "PRAGMA journal_mode = WAL" > /dev/null
{ echo "PRAGMA wal_autocheckpoint = 0; DELETE FROM result_sample; INSERT INTO device(uuid, name) VALUES('GPU-old', 'x');"; sleeper "$tmp/old.sleep"; } |
  sqlite3 "$tmp/old.db" > /dev/null & writer=$!
i=0; while [ $i -lt 100 ] && [ "$(sqlite3 "$tmp/old.db" "SELECT count(*) FROM device WHERE uuid = 'GPU-old'" 2>/dev/null)" != 1 ]; do
  sleep 0.1; i=$((i + 1)); done
kill -9 $writer $(cat "$tmp/old.sleep" 2>/dev/null) 2>/dev/null; wait $writer 2>/dev/null
rm -f "$tmp/n.db"; merge "$tmp/b.db" -o "$tmp/n.db"
cp "$tmp/old.db-wal" "$tmp/n.db-wal" 2>/dev/null; cp "$tmp/old.db-shm" "$tmp/n.db-shm" 2>/dev/null
merge "$tmp/a.db" -o "$tmp/n.db"
check_eq "merge beside another file's -wal: exit 0" "$rc" 0
check_eq "merge beside another file's -wal: integrity_check ok" "$(integrity "$tmp/n.db")" ok
# (SQLite cannot tell a log from another file: it is the output's as SQLite
# reads it, folded in before the merge reads the output, never after.)
check_eq "merge beside another file's -wal: both runs, a's samples" \
  "$(sqlite3 "$tmp/n.db" "SELECT (SELECT count(*) FROM run) || ' ' || (SELECT ns FROM result_sample s JOIN result r USING (result_id) WHERE r.config_key = 'k50')")" "2 1000000 1500000 2000000"
check "merge beside another file's -wal: no -wal left" test ! -s "$tmp/n.db-wal"
# An output path too long for its temporary name: refused, nothing unlinked.
d=$tmp; while [ ${#d} -lt 3900 ]; do d=$d/dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd; done
mkdir -p "$d" 2>/dev/null
long=$d/$(printf '%0*d' $((4085 - ${#d})) 0).db
if echo keep > "$long" 2>/dev/null; then
  merge "$tmp/a.db" -o "$long"
  check "merge -o <path too long for its temporary name>: exit 1, one line" sh -c "[ $rc -eq 1 ] && [ \$(wc -l < '$tmp/err') -eq 1 ]"
  check_eq "merge -o <path too long>: the output is untouched" "$(cat "$long")" keep
  bad=$tmp/corrupt.db; cp "$tmp/bad.db" "$bad"
  merge "$bad" -o "$long"
  check_eq "merge -o <path too long> with a refused input: the output is untouched" "$(cat "$long")" keep
else
  notok "merge: a file at a 4085-byte path" "cannot create it here"
fi
# Usage errors: one line, exit 2.
for args in "$tmp/a.db" "$tmp/a.db -o" "-o $tmp/x.db" "--bogus $tmp/a.db -o $tmp/x.db"; do
  # shellcheck disable=SC2086
  merge $args
  check "dbtool merge $(echo "$args" | sed "s|$tmp/||g"): exit 2, one line" sh -c "[ $rc -eq 2 ] && [ \$(wc -l < '$tmp/err') -eq 1 ]"
done
merge "$tmp/a.db" -o ''
check "dbtool merge -o '': exit 2, one line" sh -c "[ $rc -eq 2 ] && [ \$(wc -l < '$tmp/err') -eq 1 ]"
mkdir -p "$tmp/adir"
merge "$tmp/a.db" -o "$tmp/adir"
check "dbtool merge -o DIR: exit 2, one line naming the directory" \
  sh -c "[ $rc -eq 2 ] && [ \$(wc -l < '$tmp/err') -eq 1 ] && grep -q directory '$tmp/err'"
check "dbtool merge --help: exit 0" sh -c "'$DBTOOL' merge --help > /dev/null"
check "dbtool --help: exit 0" sh -c "'$DBTOOL' --help > /dev/null"
# A newer schema, unknown columns: refused unless --drop-unknown.
cp "$tmp/b.db" "$tmp/v99.db"; sqlite3 "$tmp/v99.db" "PRAGMA user_version = 99"
rm -f "$tmp/o.db"; merge "$tmp/a.db" "$tmp/v99.db" -o "$tmp/o.db"
check "merge: user_version 99: exit 4, one line, nothing written" \
  sh -c "[ $rc -eq 4 ] && [ \$(wc -l < '$tmp/err') -eq 1 ] && [ ! -e '$tmp/o.db' ] && grep -q 'user_version 99' '$tmp/err'"
cp "$tmp/b.db" "$tmp/col.db"; sqlite3 "$tmp/col.db" "ALTER TABLE result ADD COLUMN future_col TEXT; UPDATE result SET future_col = 'x'"
merge "$tmp/a.db" "$tmp/col.db" -o "$tmp/o.db"
check "merge: an unknown column: exit 4, one line naming it, nothing written" \
  sh -c "[ $rc -eq 4 ] && [ \$(wc -l < '$tmp/err') -eq 1 ] && [ ! -e '$tmp/o.db' ] && grep -q 'result.future_col' '$tmp/err'"
merge --drop-unknown "$tmp/a.db" "$tmp/col.db" "$tmp/v99.db" -o "$tmp/o.db"
check_eq "merge --drop-unknown: exit 0" "$rc" 0
check_eq "merge --drop-unknown: both runs" "$(sqlite3 "$tmp/o.db" "SELECT count(*) FROM run")" 2

# ------------------------------------------------------------ snapshot --
"$DBTOOL" snapshot "$tmp/norun.db" "$tmp/s.db" 2> "$tmp/err"
check "dbtool snapshot of a database without runs: exit 4, one line, no file" \
  sh -c "[ $? -eq 4 ] && [ \$(wc -l < '$tmp/err') -eq 1 ] && [ ! -e '$tmp/s.db' ] && grep -q 'no complete run' '$tmp/err'"
: > "$tmp/empty.db"
"$DBTOOL" snapshot "$tmp/empty.db" "$tmp/s.db" 2> "$tmp/err"
check "dbtool snapshot of an empty file: one line, not 'no such table'" \
  sh -c "[ $? -ne 0 ] && [ \$(wc -l < '$tmp/err') -eq 1 ] && ! grep -q 'no such table' '$tmp/err'"

# ------------------------------------------------------------- mdquery --
# Database text is escaped where it lands; the queries' own text is markup.
MDQ="$TOOLS/mdquery"
sqlite3 "$tmp/md.db" "CREATE TABLE device(name TEXT); INSERT INTO device VALUES ('A\`x\`<b>*s* \\in{f} [l](u) \$m\$ #h|\"q\"' || char(10) || 'n');
  CREATE TABLE report_setting(key TEXT, value REAL, why TEXT); INSERT INTO report_setting VALUES ('k', 1, '2^24^ **b**');"
printf -- '---\ntitle: "{{= SELECT name FROM device}}"\n---\n**{{= SELECT name FROM device}}** `{{= SELECT name FROM device}}` {{= SELECT why FROM report_setting}}\n' > "$tmp/md.md"
"$MDQ" "$tmp/md.db" "$tmp/md.md" > "$tmp/md.out" 2> "$tmp/err"
check_eq "mdquery: hostile text: exit 0" $? 0
check_eq "mdquery: in the YAML title block, escaped for Markdown, then for YAML" "$(sed -n 2p "$tmp/md.out")" \
  'title: "A\\`x\\`\\<b\\>\\*s\\* \\\\in{f} \\[l\\](u) \\$m\\$ \\#h\\|\"q\" n"'
check_eq "mdquery: in text, every metacharacter backslash-escaped; in a code span, as itself" "$(sed -n 4p "$tmp/md.out")" \
  '**A\`x\`\<b\>\*s\* \\in{f} \[l\](u) \$m\$ \#h\|"q" n** `A'"'"'x'"'"'<b>*s* \in{f} [l](u) $m$ #h|"q" n` 2^24^ **b**'
printf -- '---\ntitle: {{= SELECT name FROM device}}\n---\n' > "$tmp/md2.md"
"$MDQ" "$tmp/md.db" "$tmp/md2.md" > /dev/null 2> "$tmp/err"
check "mdquery: a query in the YAML block outside double quotes: exit 1, one line" \
  sh -c "[ $? -eq 1 ] && [ \$(wc -l < '$tmp/err') -eq 1 ]"

# ---------------------------------------------------------- run-matrix --
sh experiments/tools/run-matrix "$tmp/none.matrix" "$tmp/x.db" "$STUDIES" 2> "$tmp/err"
check "run-matrix: a missing matrix: exit 2, one line" sh -c "[ $? -eq 2 ] && [ \$(wc -l < '$tmp/err') -eq 1 ]"
echo '# nothing' > "$tmp/m.matrix"
sh experiments/tools/run-matrix "$tmp/m.matrix" "$tmp/x.db" "$STUDIES" abc 2> "$tmp/err"
check "run-matrix: RUNS=abc: exit 2, one line" sh -c "[ $? -eq 2 ] && [ \$(wc -l < '$tmp/err') -eq 1 ]"
check "run-matrix: nothing written" test ! -e "$tmp/x.db"

# ------------------------------------------------------------- profile --
# Without a GPU, `make profile` stops at its GPU check and makes no database
# (one would hide data/measurements.sql.gz from `make report`). On a GPU machine
# it would profile: checked there by make test-gpu's users, not here.
if "$CU_TOOLS/gpu-probe" 2>/dev/null; then
  echo "# make profile without a GPU: not checked (this machine has a GPU)"
else
  make -s --no-print-directory profile DB="$tmp/prof.db" > /dev/null 2> "$tmp/err"
  check "make profile without a GPU: fails, creates no database" sh -c "[ $? -ne 0 ] && [ ! -e '$tmp/prof.db' ]"
fi

# -------------------------------------------------------------- reduce --
if [ -x "$STUDIES/reduce" ]; then
  "$STUDIES/reduce" --build-id --bogus > "$tmp/out" 2> "$tmp/err"
  check "reduce --build-id --bogus: exit 2, one line, no id printed" \
    sh -c "[ $? -eq 2 ] && [ \$(wc -l < '$tmp/err') -eq 1 ] && ! test -s '$tmp/out'"
  "$STUDIES/reduce" --loads 3 --list --db "$tmp/r.db" > /dev/null 2> "$tmp/err"
  check "reduce --loads 3 (not a value the kernels take): exit 2, one line, nothing written" \
    sh -c "[ $? -eq 2 ] && [ \$(wc -l < '$tmp/err') -eq 1 ] && [ ! -e '$tmp/r.db' ]"
  check "reduce --loads 1:16 --list: exit 0" sh -c "'$STUDIES/reduce' --loads 1:16 --list --db '$tmp/r.db' > /dev/null"
else
  notok "build/studies/reduce exists" "run make test-build"
fi

[ "$nfail" -eq 0 ] && echo "# all untrusted-input checks passed"
exit $((nfail > 0))
