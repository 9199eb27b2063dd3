#!/bin/sh
# tests/cli/test_robust_db.sh: database faults, through the host-only study
# (build/cuda-KEY/tests/hoststudy, the real harness and writer). Each gives exit 4
# and one error line naming the cause, and loses nothing already stored:
# - a database path in a directory that does not exist (no file created),
#   or in one that is not writable (said so);
# - a non-empty database that is not the project's (PRAGMA application_id):
#   refused, bytes, journal mode and files beside it unchanged; one of the
#   project's from before the mark is accepted and marked;
# - a read-only database: opened as the SQLite URI 'file:X?mode=ro', because
#   these tests run as root in CI and root ignores chmod 444 (and a
#   non-writable directory); the file's bytes must not change, and no -wal
#   or -shm file is left beside it;
# - a corrupt file: random bytes, and a real database cut in half (PRAGMA
#   quick_check refuses it before anything is written); bytes unchanged;
# - a full disk, simulated with `ulimit -f` (SIGXFSZ ignored, so the write
#   fails with EFBIG) on a run that has to grow the database: the earlier
#   run's rows all remain and PRAGMA integrity_check is ok.
# No GPU needed. Prints 'ok NAME' / 'not ok NAME'; exits 1 if any failed.
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/robust-lib.sh

# run_db NAME DB ARGS...: run hoststudy; sets rc and err (stderr without progress lines).
run_db() {
  r_name=$1 r_db=$2; shift 2
  "$HOST" --db "$r_db" $REPS "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  err=$(grep -v '^\[\|^hoststudy: run [0-9]' "$tmp/err")
}
# expect_fault NAME CAUSE-PATTERN: exit 4 and exactly one error line matching the pattern.
expect_fault() {
  check_eq "$1: exit 4" "$rc" 4
  check_eq "$1: one error line" "$(nlines "$err")" 1
  if printf '%s\n' "$err" | grep -q -- "$2"; then ok "$1: the line names the cause ($2)"
  else notok "$1: the line names the cause ($2)" "$err"; fi
}
sha() { sha1sum "$1" | cut -d' ' -f1; }

# A good database to start from.
good="$tmp/good.db"
"$HOST" --db "$good" --n 1..100 --variant sum,wrong $REPS 2>/dev/null
check_eq "a good database (200 results)" "$(q "$good" "SELECT count(*) FROM result")" 200

run_db "missing directory" "$tmp/nodir/m.db" --n 1
expect_fault "missing directory" "No such file or directory"
check "missing directory: not created" test ! -e "$tmp/nodir"

cp "$good" "$tmp/ro.db"
before=$(sha "$tmp/ro.db")
run_db "read-only database" "file:$tmp/ro.db?mode=ro" --n 101
expect_fault "read-only database" "readonly"
check_eq "read-only database: file unchanged" "$(sha "$tmp/ro.db")" "$before"
check_eq "read-only database: rows all there" "$(q "$tmp/ro.db" "SELECT count(*) FROM result")" 200

head -c 20000 /dev/urandom > "$tmp/garbage.db"
before=$(sha "$tmp/garbage.db")
run_db "random bytes" "$tmp/garbage.db" --n 1
expect_fault "random bytes" "not a database"
check_eq "random bytes: file unchanged" "$(sha "$tmp/garbage.db")" "$before"

head -c $(($(wc -c < "$good") / 2)) "$good" > "$tmp/half.db"
before=$(sha "$tmp/half.db")
run_db "truncated database" "$tmp/half.db" --n 1
expect_fault "truncated database" "malformed\|corrupt"
check_eq "truncated database: file unchanged" "$(sha "$tmp/half.db")" "$before"

# Full disk: at most 64 KiB more than the database has (ulimit -f counts
# 512-byte blocks in dash and 1024-byte ones in bash: use a POSIX sh -c).
cp "$good" "$tmp/full.db"
size=$(wc -c < "$tmp/full.db")
sh -c 'ulimit -f "$1"; trap "" XFSZ; exec "$2" --db "$3" --n 101..256 --variant sum,wrong $4' sh \
  $(((size + 65536) / 1024)) "$HOST" "$tmp/full.db" "$REPS" >"$tmp/out" 2>"$tmp/err"
rc=$?
err=$(grep -v '^\[\|^hoststudy: run [0-9]' "$tmp/err")
expect_fault "disk full" "File too large\|disk is full"
check_integrity "$tmp/full.db" "disk full"
check_eq "disk full: the earlier run's 200 results remain" \
  "$(q "$tmp/full.db" "SELECT count(*) FROM result WHERE run_id = 1")" 200
check_samples "$tmp/full.db" "disk full"
check_eq "disk full: the run that failed is not complete" \
  "$(q "$tmp/full.db" "SELECT count(*) FROM run WHERE run_id = 2 AND status = 'complete'")" 0
"$HOST" --db "$tmp/full.db" --n 101..256 --variant sum,wrong $REPS 2>/dev/null
check_eq "disk full: with space again, the next run completes (exit 1: wrong fails)" "$?" 1
check_eq "disk full: then every configuration is stored once" \
  "$(q "$tmp/full.db" "SELECT count(DISTINCT config_key) FROM result r JOIN run u USING (run_id) WHERE u.status <> 'running'")" 512
check_no_dups "$tmp/full.db" "disk full"

# The project's databases are marked; one that is not the project's is
# refused (exit 4, one line) and left as it was: no schema, no WAL switch.
check_eq "a new database carries the application_id 'GPUm'" "$(q "$good" "PRAGMA application_id")" 1196447085
check_eq "a new database carries the schema version (3: every sample stored)" "$(q "$good" "PRAGMA user_version")" 3
: > "$tmp/foreign.db"
q "$tmp/foreign.db" "CREATE TABLE notes(x); INSERT INTO notes VALUES('mine');"
before=$(sha "$tmp/foreign.db")
run_db "another program's database" "$tmp/foreign.db" --n 1
expect_fault "another program's database" "not a measurement database of this project"
check_eq "another program's database: bytes unchanged" "$(sha "$tmp/foreign.db")" "$before"
check "another program's database: no -wal or -shm" test ! -e "$tmp/foreign.db-wal" -a ! -e "$tmp/foreign.db-shm"
check_eq "another program's database: still in rollback-journal mode" "$(q "$tmp/foreign.db" "PRAGMA journal_mode")" delete
cp "$good" "$tmp/marked.db"
q "$tmp/marked.db" "PRAGMA application_id = 7"
run_db "a database marked by another program" "$tmp/marked.db" --n 1
expect_fault "a database marked by another program" "application_id 7"
cp "$good" "$tmp/legacy.db"
q "$tmp/legacy.db" "PRAGMA application_id = 0; PRAGMA user_version = 0"
run_db "an unmarked database with the project's tables (from before the mark)" "$tmp/legacy.db" --n 1
check_eq "an unmarked project database: accepted" "$rc" 0
check_eq "an unmarked project database: marked now" "$(q "$tmp/legacy.db" "PRAGMA application_id")" 1196447085
: > "$tmp/empty.db"
run_db "an empty file" "$tmp/empty.db" --n 1
check_eq "an empty file: becomes a database" "$rc:$(q "$tmp/empty.db" "PRAGMA application_id")" 0:1196447085

# A read-only database (in WAL mode, as every database of the project) is
# refused before it is read: no -wal or -shm files are left behind.
check_eq "the good database is in WAL mode" "$(q "$good" "PRAGMA journal_mode")" wal
cp "$good" "$tmp/ro2.db"
run_db "read-only database in WAL mode" "file:$tmp/ro2.db?mode=ro" --n 1
expect_fault "read-only database in WAL mode" "read-only"
check "read-only database: no -wal or -shm left" test ! -e "$tmp/ro2.db-wal" -a ! -e "$tmp/ro2.db-shm"

# An unwritable directory is reported as such (as an unprivileged user:
# root writes anywhere).
mkdir "$tmp/locked" && chmod 555 "$tmp/locked" && chmod 755 "$tmp"
as_user=""
[ "$(id -u)" -eq 0 ] && as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
$as_user "$HOST" --db "$tmp/locked/m.db" --n 1 $REPS >"$tmp/out" 2>"$tmp/err"
rc=$?
err=$(cat "$tmp/err")
expect_fault "unwritable directory" "directory '$tmp/locked' is not writable (Permission denied)"
check "unwritable directory: nothing created" test ! -e "$tmp/locked/m.db"

[ "$nfail" -eq 0 ]
