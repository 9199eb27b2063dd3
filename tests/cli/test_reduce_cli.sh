#!/bin/sh
# tests/cli/test_reduce_cli.sh: command-line behaviour of build/studies/reduce:
# --help, --list (no GPU needed) and its configuration count computed from
# the variant table in kernels/reduce.cu, cpu-serial's size limit (not run
# above n = 2^24+7: five hand mutants of the rule fail it), argument errors (exit 2, one line on
# stderr, nothing written), and a real run: exit 3 with one line and no
# database without a GPU, exit 0 with a stored result with one (and the
# no-combine bound verified and flagged 'bound').
# Prints 'ok NAME' / 'not ok NAME' per check; exits 1 if any failed.
# Usage: sh tests/cli/test_reduce_cli.sh   (binaries: as tests/cli/lib.sh finds them)
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
REDUCE="$STUDIES/reduce"

if [ ! -x "$REDUCE" ]; then
  notok "reduce binary exists" "$REDUCE missing: run make test-build"
  exit 1
fi

# Run reduce in an empty working directory; sets rc, out, err.
run_reduce() {
  rm -rf "$tmp/cwd" && mkdir "$tmp/cwd"
  (cd "$tmp/cwd" && "$REDUCE" "$@" >"$tmp/out" 2>"$tmp/err")
  rc=$?
  out=$(cat "$tmp/out")
  err=$(cat "$tmp/err")
}
nlines() { printf '%s' "$1" | awk 'END { print NR }'; }

# The variant table: key nMinBlock bBlockAxis per line, from the registry
# lines REDUCE_VARIANT("key", "description", "bottleneck", "origin", flags, nMinBlock, ...)
# of kernels/reduce.cu (bBlockAxis 0 where the flags hold VARIANT_NO_BLOCK).
tr '\n' ' ' < kernels/reduce.cu \
  | grep -o 'REDUCE_VARIANT("[a-z0-9-]*", *"[^"]*", *"[^"]*", *"[^"]*", *[A-Z_0-9 |]*, *[0-9]*,' \
  | sed 's/^REDUCE_VARIANT("\([^"]*\)", *"[^"]*", *"[^"]*", *"[^"]*", *\([A-Z_0-9 |]*\), *\([0-9]*\),$/\1 \3 \2/' \
  | awk '{ print $1, $2, (index($0, "VARIANT_NO_BLOCK") ? 0 : 1) }' > "$tmp/variants"
nvar=$(wc -l < "$tmp/variants")
check "variant table parsed from kernels/reduce.cu ($nvar variants)" test "$nvar" -ge 13

# --help: exit 0, text on stdout, every variant key and cpu-serial mentioned.
run_reduce --help
check "--help exits 0" test "$rc" -eq 0
check "--help writes nothing to stderr" test -z "$err"
missing=""
for key in $(cut -d' ' -f1 "$tmp/variants") cpu-serial; do
  printf '%s\n' "$out" | grep -q -- "$key" || missing="$missing $key"
done
if [ -z "$missing" ]; then ok "--help mentions every variant key"; else notok "--help mentions every variant key" "missing:$missing"; fi

# --list with the default matrix works without a GPU and counts its lines.
run_reduce --list --db "$tmp/x.db"
check "--list exits 0" test "$rc" -eq 0
summary=$(printf '%s\n' "$out" | tail -n 1)
ntotal=$(printf '%s\n' "$summary" | sed -n 's/^# \([0-9][0-9]*\) configurations.*/\1/p')
nlisted=$(printf '%s\n' "$out" | grep -c -v '^#')
check "--list prints '# N configurations'" test -n "$ntotal"
check "--list prints N lines ($nlisted)" test "${ntotal:-x}" = "$nlisted"
check "--list creates no database" test ! -e "$tmp/x.db"

# --list on a small matrix: the count follows the variant table. A variant
# with a block axis runs at every block >= its nMinBlock; one without (cub)
# and cpu-serial run at the first block only.
blocks="64 256"
want_total=$(( ($(wc -l < "$tmp/variants") + 1) * 2 ))
want_run=$(awk -v blocks="$blocks" '
  BEGIN { nb = split(blocks, b, " ") }
  { for (i = 1; i <= nb; i++) if (b[i] >= $2 && ($3 == 1 || i == 1)) n++ }
  END { print n + 1 }' "$tmp/variants")
run_reduce --list --n 2^20 --dtype int32 --block 64,256
summary=$(printf '%s\n' "$out" | tail -n 1)
check "--list --n 2^20 --dtype int32 --block 64,256 exits 0" test "$rc" -eq 0
check "--list small matrix: '# $want_total configurations, $want_run to run'" \
  test "$summary" = "# $want_total configurations, $want_run to run"
nnotrun=$(printf '%s\n' "$out" | grep -c '# not run')
check "--list small matrix: $((want_total - want_run)) lines marked not run" test "$nnotrun" -eq $((want_total - want_run))
check "--list small matrix: every line has n=1048576" \
  test "$(printf '%s\n' "$out" | grep -v '^#' | grep -c 'n=1048576')" -eq "$want_total"

# cpu-serial is timed at n <= 2^24+7 only (CPU_SERIAL_MAX_N in
# experiments/reduce/reduce.c): in the default list (matrix line 1) its lines
# above are '# not run' (never measured or stored), those at and below run,
# among them the seed's 2^24 and the non-powers; no other variant loses a size.
run_reduce --list --db "$tmp/x.db"
printf '%s\n' "$out" | grep -v '^#' | awk '
  { n = $2; sub(/^n=/, "", n); host = ($6 == "variant=cpu-serial"); marked = index($0, "# not run") > 0 }
  host && n + 0 > 16777223 { above++; if (!marked) bad = bad " " $1 "," $2 " run" }
  host && n + 0 <= 16777223 { below++; if (marked) bad = bad " " $1 "," $2 " not run"; if (n == 16777216 || n == 1000000 || n == 16777223) kept++ }
  !host && marked { bad = bad " " $6 "," $1 "," $2 " not run" }
  END { printf "%d %d %d%s\n", above + 0, below + 0, kept + 0, bad }' > "$tmp/host"
check_eq "default list: cpu-serial not run above 2^24+7 (2^25..2^28, both types: 8), run at and below it (34), among them 2^24, 1000000 and 2^24+7 (6); every other line runs" \
  "$(cat "$tmp/host")" "8 34 6"
check "default list: cpu-serial's reason names the limit" \
  test "$(printf '%s\n' "$out" | grep -c 'variant=cpu-serial .*# not run: host loop: timed at n <= 2^24+7 only$')" -eq 8
run_reduce --list --variant cpu-serial --dtype int32 --n 2^24+7,2^24+8
check_eq "cpu-serial at 2^24+7 runs, at 2^24+8 not" \
  "$(printf '%s\n' "$out" | grep -v '^#' | sed 's/ .*# not run.*/ no/; s/ .*cache=cold$/ yes/' | tr '\n' ' ')" \
  "dtype=int32 yes dtype=int32 no "
check_eq "cpu-serial boundary list: its count" "$(printf '%s\n' "$out" | tail -n 1)" "# 2 configurations, 1 to run"
run_reduce --help
check "--help states cpu-serial's limit" eval 'printf "%s\n" "$out" | grep -q "cpu-serial: the seed.s host loop, at n <= 2^24+7 only"'

# cub32 (issue 47: CUB with an int count, 32-bit offsets; flag offset32) runs
# wherever n fits an int and is not run above 2^31-1, with the reason; cub
# (64-bit offsets) runs at every n; --help names each one's offset type.
run_reduce --list --variant cub,cub32 --dtype int32 --n 2^31,2^31-1,2^10
check_eq "cub32: not run at 2^31 (the reason names its 32-bit offsets), run at 2^31-1 and 2^10; cub everywhere" \
  "$(printf '%s\n' "$out" | grep -v '^#' | sed 's/^dtype=int32 n=\([0-9]*\) .* variant=\([a-z0-9]*\) cache=cold\(.*\)$/\1:\2\3/' | tr '\n' ' ')" \
  "2147483648:cub 2147483648:cub32  # not run: 32-bit offsets: n above 2^31-1 does not fit its int count 2147483647:cub 2147483647:cub32 1024:cub 1024:cub32 "
check_eq "cub32 boundary list: its count" "$(printf '%s\n' "$out" | tail -n 1)" "# 6 configurations, 5 to run"
run_reduce --help
check "--help: the clean flush reads 3x L2 (issue 47), memset writes 2x L2" \
  eval 'printf "%s\n" "$out" | grep -q "clean (read 3x L2; default), memset (write 2x L2: dirty lines)"'
check "--help names cub's offsets (64-bit) and cub32's (32-bit)" \
  eval 'printf "%s\n" "$out" | grep -q "^  cub  *cub::DeviceReduce::Sum, size_t count: 64-bit offsets\$" &&
        printf "%s\n" "$out" | grep -q "^  cub32  *cub::DeviceReduce::Sum, int count: 32-bit offsets (n <= 2^31-1)\$"'

# Bad arguments: exit 2, exactly one line on stderr, nothing on stdout, no
# database and no other file created.
bad() { # bad NAME ARGS...
  b_name=$1; shift
  run_reduce "$@"
  if [ "$rc" -ne 2 ]; then notok "$b_name: exit 2" "got $rc"; else ok "$b_name: exit 2"; fi
  n=$(nlines "$err")
  if [ "$n" -eq 1 ]; then ok "$b_name: one line on stderr"; else notok "$b_name: one line on stderr" "got $n: $err"; fi
  check "$b_name: nothing on stdout" test -z "$out"
  if [ ! -e "$tmp/x.db" ] && [ -z "$(ls -A "$tmp/cwd")" ]; then ok "$b_name: no file created"
  else notok "$b_name: no file created"; fi
}
bad "--variant nope" --db "$tmp/x.db" --variant nope
bad "--n -1" --db "$tmp/x.db" --n -1
bad "--n 0" --db "$tmp/x.db" --n 0
bad "--n abc" --db "$tmp/x.db" --n abc
bad "--n 2^40" --db "$tmp/x.db" --n 2^40
bad "--n 1,,2" --db "$tmp/x.db" --n 1,,2
bad "--block 2048" --db "$tmp/x.db" --block 2048
bad "--block 0" --db "$tmp/x.db" --block 0
bad "--reps 0" --db "$tmp/x.db" --reps 0
bad "--reps x" --db "$tmp/x.db" --reps x
bad "--db (missing value)" --n 2^10 --db
bad "--frobnicate" --db "$tmp/x.db" --frobnicate
bad "--frobnicate 1" --db "$tmp/x.db" --frobnicate 1
bad "positional argument" --db "$tmp/x.db" extra
bad "--list=1" --db "$tmp/x.db" --list=1
bad "--block 48 (no valid configuration)" --db "$tmp/x.db" --n 2^10 --block 48
bad "cpu-serial at 2^25 (above its limit: nothing to run)" --db "$tmp/x.db" --variant cpu-serial --n 2^25
bad "cub32 at 2^31 only (nothing to run)" --db "$tmp/x.db" --variant cub32 --n 2^31

# A real run. Without a GPU: exit 3, one line, no database. With one: exit 0
# and the database holds one ok result of a complete run.
if "$CU_TOOLS/gpu-probe" >/dev/null 2>&1; then
  run_reduce --n 2^10 --variant cub --dtype int32 --reps 3 --min-reps 3 --warmup 1 --db "$tmp/x.db"
  check "run with a GPU exits 0" test "$rc" -eq 0
  check "run with a GPU creates the database" test -s "$tmp/x.db"
  if command -v sqlite3 >/dev/null 2>&1; then
    got=$(sqlite3 "$tmp/x.db" "SELECT count(*) FROM result r JOIN run u USING (run_id)
                               WHERE r.status = 'ok' AND u.status = 'complete' AND r.variant = 'cub'")
    check "run with a GPU stores one ok result" test "$got" = 1
  else
    echo "SKIP: no sqlite3 command: stored rows not checked"
  fi
  # The no-combine bound beside small-n: verified by its block sums (status
  # ok), stored with the flag 'bound' in table variant, which small-n lacks.
  run_reduce --n 2^16,1000 --variant small-n,no-combine --reps 3 --min-reps 3 --warmup 1 --db "$tmp/b.db"
  check "small-n and no-combine with a GPU exit 0" test "$rc" -eq 0
  if [ -x "$TESTBIN/sqlq" ]; then
    got=$("$TESTBIN/sqlq" "$tmp/b.db" "SELECT r.variant || ':' || count(*) FROM result r
             WHERE r.status = 'ok' GROUP BY r.variant ORDER BY r.variant")
    check "no-combine and small-n: 4 ok results each (2 dtypes x 2 sizes): $got" \
      test "$(printf '%s' "$got" | tr '\n' ' ')" = "no-combine:4 small-n:4 "
    got=$("$TESTBIN/sqlq" "$tmp/b.db" "SELECT variant || ':' || flags FROM variant
             WHERE study = 'reduce' AND (variant IN ('small-n', 'no-combine') OR flags LIKE '%bound%') ORDER BY ord")
    check "table variant flags no-combine, and only it, 'bound': $got" \
      test "$(printf '%s' "$got" | tr '\n' ' ')" = "small-n: no-combine:bound "
  else
    echo "SKIP: no build/cuda-KEY/tests/sqlq: the bound's stored rows not checked"
  fi
else
  run_reduce --n 2^10 --variant cub --db "$tmp/x.db"
  check "run without a GPU exits 3" test "$rc" -eq 3
  n=$(nlines "$err")
  if [ "$n" -eq 1 ]; then ok "run without a GPU: one line on stderr"; else notok "run without a GPU: one line on stderr" "got $n: $err"; fi
  check "run without a GPU creates no database" test ! -e "$tmp/x.db"
fi

[ "$nfail" -eq 0 ]
