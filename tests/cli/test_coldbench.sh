#!/bin/sh
# tests/cli/test_coldbench.sh: build/studies/coldbench, the minimal harness
# (issue 36 item 2): --help; bad arguments and matrix lines (exit 2, one line
# on stderr, no database); without a GPU exit 3, one line, no database; with
# one, the rows it stores (table reference_timing): one per sample set of
# every work (CUB with 64-bit offsets, 'cub', and 32-bit, 'cub32', at every
# size), each set's samples as asked, CUB slower than the empty kernel,
# the device row shared with a study's run of the same GPU, and a matrix run
# as run-matrix starts it (--matrix, --db, --repeat) storing its trial;
# --trials T (the shipped matrix: 1): a trial past T measures nothing, opens
# no GPU and writes no database (exit 0, GPU or not), trial 1 runs.
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
for o in --n --samples --repeats --trials --db --repeat --matrix nvbench cudaMemsetAsync "'cub32'" 64-bit 32-bit; do
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
bad "--trials 0" --trials 0
bad "--trials x" --trials x
bad "--trials twice" --trials 1 --trials 2
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
printf 'coldbench --trials 1\n' > "$tmp/trials.matrix"
bad "--matrix: --trials in the line and on the command line" --matrix "$tmp/trials.matrix" --trials 2
bad "control characters are echoed escaped" "$(printf -- '--\033x')"
check "the escape is shown as \\x1b" sh -c "grep -q 'x1b' '$tmp/err'"

# --trials: past its trials a line measures nothing, opens no GPU (exit 0
# with a GPU or without) and writes no database; the shipped matrix runs in
# trial 1 only, with 3 sets of 400 samples.
cb --trials 1 --repeat 2 --db "$tmp/t.db"
check_eq "--trials 1 in trial 2: exit 0 ($err)" "$rc" 0
check "--trials 1 in trial 2: says it measured nothing" sh -c \
  "grep -qx 'coldbench: trial 2: it runs in trials 1..1 only (--trials 1): nothing measured' '$tmp/out'"
check "--trials 1 in trial 2: no database, nothing on stderr" sh -c "[ ! -e '$tmp/t.db' ] && [ ! -s '$tmp/err' ]"
cb --matrix "$(pwd)/experiments/tools/coldbench.matrix" --db "$tmp/t.db" --repeat 6
check_eq "the shipped matrix in trial 6: exit 0, no database ($err)" "$rc:$([ -e "$tmp/t.db" ] && echo db)" 0:
check "the shipped matrix: trial 1 only, 3 sets of 400" sh -c \
  "grep -v '^#' experiments/tools/coldbench.matrix | grep -q -- '--samples 400 --repeats 3 --trials 1'"
cb --trials 3 --repeat 3 --n 2^16 --samples 10 --repeats 1 --db "$tmp/t3.db"
if "$CU_TOOLS/gpu-probe" >/dev/null 2>&1; then
  check_eq "--trials 3 in trial 3 runs ($err)" "$rc" 0
else
  check_eq "--trials 3 in trial 3 runs: without a GPU exit 3" "$rc" 3
fi

if "$CU_TOOLS/gpu-probe" >/dev/null 2>&1; then
  Q="$TESTBIN/sqlq"
  cb --n 2^16,2^20 --samples 20 --repeats 3 --db "$tmp/c.db"
  check_eq "a run with a GPU exits 0 ($err)" "$rc" 0
  check "it prints a median per set and the summary" sh -c \
    "[ \$(grep -c 'repeat [123]: median' '$tmp/out') -eq 15 ] && [ \$(grep -c 'set medians' '$tmp/out') -eq 5 ]"
  check "the summary names both offset types" sh -c \
    "grep -q '^coldbench: cub int32 n=65536: 3 set medians' '$tmp/out' && grep -q '^coldbench: cub32 int32 n=65536: 3 set medians' '$tmp/out'"
  if [ -x "$Q" ]; then
    check_eq "15 rows: 3 sets of the empty kernel and of CUB with 64-bit and 32-bit offsets at 2^16 and 2^20" \
      "$("$Q" "$tmp/c.db" "SELECT group_concat(x, ' ') FROM (SELECT what || ':' || n || ':' || count(*) AS x
         FROM reference_timing GROUP BY what, n ORDER BY what, n)")" \
      "cub:65536:3 cub:1048576:3 cub32:65536:3 cub32:1048576:3 empty:0:3"
    check_eq "every set kept 20 samples, all stored, repeats 1..3, trial 1, one invocation" \
      "$("$Q" "$tmp/c.db" "SELECT count(*) = sum(samples = 20 AND samples_count(ns) = 20) AND min(repeat) = 1
         AND max(repeat) = 3 AND min(trial) = 1 AND max(trial) = 1 AND count(DISTINCT bench_uuid) = 1 FROM reference_timing")" 1
    # Printed in time order: per repeat the empty kernel, then cub and cub32 at each n.
    check_eq "the median each set printed is its stored samples', CUB above the empty kernel, the L2 flushed" \
      "$("$Q" "$tmp/c.db" "SELECT min(flush_bytes > 0)
         AND (SELECT min(samples_median(ns)) FROM reference_timing WHERE what IN ('cub', 'cub32'))
           > (SELECT max(samples_median(ns)) FROM reference_timing WHERE what = 'empty') FROM reference_timing") $(
         "$Q" "$tmp/c.db" "SELECT printf('%.3f', samples_median(ns) * 1000) FROM reference_timing
           ORDER BY repeat, n, what" | paste -sd' ')" \
      "1 $(sed -n 's/.*repeat [123]: median \([0-9.]*\) us.*/\1/p' "$tmp/out" | paste -sd' ')"
    check_eq "the L2 size as the flush, the commit and CCCL stored" \
      "$("$Q" "$tmp/c.db" "SELECT count(*) FROM reference_timing r JOIN device d USING (device_id)
         WHERE r.flush_bytes = d.l2_bytes AND r.git_commit <> '' AND r.cccl_version LIKE '%.%.%'")" 15
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
    check_eq "it stores trial 2 and the session, 3 sets of 3 works" \
      "$("$Q" "$tmp/c.db" "SELECT count(*) FROM reference_timing WHERE trial = 2 AND session = 'sess-t'
         AND samples = 10")" 9
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
