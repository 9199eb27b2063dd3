#!/bin/sh
# tests/cli/test_robust_db.sh: database faults, through the host-only study
# (build/bin/tests/hoststudy, the real harness and writer). Each gives exit 4
# and one error line naming the cause, and loses nothing already stored:
# - a database path in a directory that does not exist (no file created);
# - a read-only database: opened as the SQLite URI 'file:X?mode=ro', because
#   these tests run as root in CI and root ignores chmod 444 (and a
#   non-writable directory); the file's bytes must not change;
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

[ "$nfail" -eq 0 ]
