#!/bin/sh
# tests/cli/test_coldbench.sh: build/studies/coldbench, the minimal harness
# (issue 36 item 2): --help; bad arguments and matrix lines (exit 2, one line
# on stderr, no database); without a GPU exit 3, one line, no database; with
# one, the rows it stores (table reference_timing): one per sample set of
# every work, each set's samples as asked, CUB slower than the empty kernel,
# the device row shared with a study's run of the same GPU, and a matrix run
# as run-matrix starts it (--matrix, --db, --repeat) storing its trial.
# Prints 'ok NAME' / 'not ok NAME' per check; exits 1 if any failed.
# Usage: sh tests/cli/test_coldbench.sh   (binaries: as tests/cli/lib.sh finds them)
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
CB="$STUDIES/coldbench"
if [ ! -x "$CB" ]; then
  notok "coldbench binary exists" "$CB missing: run make test-build"
  exit 1
fi

# cb ARGS...: run coldbench in an empty directory; sets rc, out, err.
cb() {
  rm -rf "$tmp/cwd" && mkdir "$tmp/cwd"
  (cd "$tmp/cwd" && "$CB" "$@" >"$tmp/out" 2>"$tmp/err")
  rc=$?
  out=$(cat "$tmp/out")
  err=$(cat "$tmp/err")
}

cb --help
check "--help exits 0" test "$rc" -eq 0
check "--help writes nothing to stderr" test -z "$err"
for o in --n --samples --repeats --db --repeat --matrix nvbench cudaMemsetAsync; do
  printf '%s\n' "$out" | grep -q -- "$o" || notok "--help mentions $o"
done

# bad NAME ARGS...: exit 2, one line on stderr, nothing on stdout, no file.
bad() {
  b_name=$1; shift
  cb --db "$tmp/x.db" "$@"
  check_eq "$b_name: exit 2" "$rc" 2
  check_eq "$b_name: one line on stderr ($err)" "$(printf '%s\n' "$err" | awk 'END { print NR }')" 1
  check "$b_name: nothing on stdout" test -z "$out"
  check "$b_name: no file created" sh -c "[ ! -e '$tmp/x.db' ] && [ -z \"\$(ls -A '$tmp/cwd')\" ]"
}
bad "--samples 9 (below 10)" --samples 9
bad "--samples x" --samples x
bad "--repeats 0" --repeats 0
bad "--repeats 101" --repeats 101
bad "--n 0" --n 0
bad "--n 2^32" --n 2^32
bad "--n 17 sizes" --n 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17
bad "--n missing value" --n
bad "--n twice" --n 2^16 --n 2^20
bad "--db twice" --db "$tmp/y.db"
bad "--repeat 0" --repeat 0
bad "unknown option" --frobnicate 1
bad "positional argument" extra
bad "--matrix missing" --matrix "$tmp/none.matrix"
printf 'reduce --n 2^10\n' > "$tmp/other.matrix"
bad "--matrix naming no coldbench" --matrix "$tmp/other.matrix"
printf '# a comment\ncoldbench --samples 20\ncoldbench --samples 5\n' > "$tmp/bad.matrix"
bad "--matrix: a bad line" --matrix "$tmp/bad.matrix"
check "--matrix: the bad line is named FILE:LINE" sh -c "grep -q 'bad.matrix:3: --samples' '$tmp/err'"
printf 'coldbench --samples 20\n' > "$tmp/twice.matrix"
bad "--matrix: an option in the line and on the command line" --matrix "$tmp/twice.matrix" --samples 30
printf 'coldbench --samples 20 --db %s\n' "$tmp/z.db" > "$tmp/db.matrix"
bad "--matrix: --db in a line" --matrix "$tmp/db.matrix"
bad "control characters are echoed escaped" "$(printf -- '--\033x')"
check "the escape is shown as \\x1b" sh -c "grep -q 'x1b' '$tmp/err'"

if "$CU_TOOLS/gpu-probe" >/dev/null 2>&1; then
  Q="$TESTBIN/sqlq"
  cb --n 2^16,2^20 --samples 20 --repeats 3 --db "$tmp/c.db"
  check_eq "a run with a GPU exits 0 ($err)" "$rc" 0
  check "it prints a median per set and the summary" sh -c \
    "[ \$(grep -c 'repeat [123]: median' '$tmp/out') -eq 9 ] && [ \$(grep -c 'set medians' '$tmp/out') -eq 3 ]"
  if [ -x "$Q" ]; then
    check_eq "9 rows: 3 sets of the empty kernel and of CUB at 2^16 and 2^20" \
      "$("$Q" "$tmp/c.db" "SELECT group_concat(x, ' ') FROM (SELECT what || ':' || n || ':' || count(*) AS x
         FROM reference_timing GROUP BY what, n ORDER BY what, n)")" "cub:65536:3 cub:1048576:3 empty:0:3"
    check_eq "every set kept 20 samples, repeats 1..3, trial 1, one invocation" \
      "$("$Q" "$tmp/c.db" "SELECT count(*) = sum(samples = 20) AND min(repeat) = 1 AND max(repeat) = 3
         AND min(trial) = 1 AND max(trial) = 1 AND count(DISTINCT bench_uuid) = 1 FROM reference_timing")" 1
    check_eq "medians inside their quartiles, CUB above the empty kernel, the L2 flushed" \
      "$("$Q" "$tmp/c.db" "SELECT min(q1_us <= median_us AND median_us <= q3_us AND min_us <= q1_us AND flush_bytes > 0)
         AND (SELECT min(median_us) FROM reference_timing WHERE what = 'cub')
           > (SELECT max(median_us) FROM reference_timing WHERE what = 'empty') FROM reference_timing")" 1
    check_eq "the L2 size as the flush, the commit and CCCL stored" \
      "$("$Q" "$tmp/c.db" "SELECT count(*) FROM reference_timing r JOIN device d USING (device_id)
         WHERE r.flush_bytes = d.l2_bytes AND r.git_commit <> '' AND r.cccl_version LIKE '%.%.%'")" 9
    # The device row is the one a study's run of this GPU writes.
    "$STUDIES/reduce" --n 2^10 --variant cub --dtype int32 --reps 3 --min-reps 3 --warmup 1 --db "$tmp/c.db" \
      >/dev/null 2>&1
    check_eq "one device row, shared with a reduce run of the GPU" \
      "$("$Q" "$tmp/c.db" "SELECT count(*) || ':' || (SELECT count(DISTINCT device_id) FROM run)
         || ':' || ((SELECT device_id FROM run) = (SELECT DISTINCT device_id FROM reference_timing)) FROM device")" \
      "1:1:1"
    # As run-matrix starts it in `make measure` (trial 2, the session stored).
    printf 'reduce --n 2^10\ncoldbench --n 2^16 --samples 10 --repeats 3\n' > "$tmp/ok.matrix"
    export MEASURE_SESSION=sess-t
    cb --matrix "$tmp/ok.matrix" --db "$tmp/c.db" --repeat 2
    unset MEASURE_SESSION
    check_eq "a matrix run exits 0 ($err)" "$rc" 0
    check_eq "it stores trial 2 and the session, 3 sets of 2 works" \
      "$("$Q" "$tmp/c.db" "SELECT count(*) FROM reference_timing WHERE trial = 2 AND session = 'sess-t'
         AND samples = 10")" 6
  else
    echo "SKIP: no $Q: stored rows not checked"
  fi
else
  cb --db "$tmp/x.db"
  check_eq "without a GPU: exit 3" "$rc" 3
  check_eq "without a GPU: one line on stderr ($err)" "$(printf '%s\n' "$err" | awk 'END { print NR }')" 1
  check "without a GPU: no database" test ! -e "$tmp/x.db"
fi

[ "$nfail" -eq 0 ]
