#!/bin/sh
# tests/cli/test_stencil_cli.sh: command-line behaviour of build/studies/stencil:
# --help (every variant, the size and block axes, requested bytes), --list
# without a GPU (the default matrix and every line of
# experiments/stencil/stencil.matrix and .profile parse), argument errors (exit 2, one
# line on stderr, nothing written), and a real run: exit 3 with one line and
# no database without a GPU, exit 0 with stored ok results with one.
# Prints 'ok NAME' / 'not ok NAME' per check; exits 1 if any failed.
# Usage: sh tests/cli/test_stencil_cli.sh   (binaries: as tests/cli/lib.sh finds them)
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh

if [ ! -x "$STUDIES/stencil" ]; then
  notok "stencil binary exists" "$STUDIES/stencil missing: run make test-build"
  exit 1
fi

# Run the binary in an empty working directory; sets rc, out, err.
run_bin() {
  rm -rf "$tmp/cwd" && mkdir "$tmp/cwd"
  (cd "$tmp/cwd" && "$STUDIES/stencil" "$@" >"$tmp/out" 2>"$tmp/err")
  rc=$?
  out=$(cat "$tmp/out")
  err=$(cat "$tmp/err")
}
nlines() { printf '%s' "$1" | awk 'END { print NR }'; }

# The variant keys, from the registry lines STENCIL_VARIANT("key", ...) in kernels/stencil.cu.
grep -o '^ *STENCIL_VARIANT("[a-z0-9-]*", "' kernels/stencil.cu | sed 's/^ *STENCIL_VARIANT("\([^"]*\)".*/\1/' > "$tmp/variants"
nvar=$(wc -l < "$tmp/variants")
check "variant table parsed from kernels/stencil.cu ($nvar variants)" test "$nvar" -eq 4

# --help: exit 0, text on stdout, every variant key, the axes, requested bytes.
run_bin --help
check "--help exits 0" test "$rc" -eq 0
check "--help writes nothing to stderr" test -z "$err"
missing=""
for key in $(cat "$tmp/variants") "--size " "--block " "REQUESTED bytes"; do
  printf '%s\n' "$out" | grep -q -- "$key" || missing="$missing $key"
done
if [ -z "$missing" ]; then ok "--help mentions every variant, --size, --block, requested bytes"; else notok "--help mentions" "missing:$missing"; fi

# --list works without a GPU: 4 variants x 3 sizes by default, nothing written.
run_bin --list --db "$tmp/x.db"
check "--list (default matrix) exits 0" test "$rc" -eq 0
check "--list creates no database" test ! -e "$tmp/x.db"
nlisted=$(printf '%s\n' "$out" | grep -c -v '^#')
check "--list default: 4 variants x 3 sizes = 12 lines ($nlisted)" test "$nlisted" -eq "$((nvar * 3))"
check "--list has the texture variant at 8192" sh -c "printf '%s\n' \"\$1\" | grep -qx 'variant=tex size=8192 block=256 cache=cold'" _ "$out"

# Every line of the study's matrix and profile parses and has configurations to run.
grep -hv '^[[:space:]]*\(#\|$\)' experiments/stencil/stencil.matrix experiments/stencil/stencil.profile > "$tmp/matrix"
check "stencil.matrix and .profile have lines" test -s "$tmp/matrix"
while read -r m_bin m_args; do
  # shellcheck disable=SC2086
  run_bin --list $m_args
  nrun=$(printf '%s\n' "$out" | tail -n 1 | sed -n 's/^# [0-9]* configurations, \([0-9]*\) to run$/\1/p')
  check "matrix: $m_bin $m_args lists ${nrun:-0} to run" test "$m_bin" = stencil -a "$rc" -eq 0 -a "${nrun:-0}" -gt 0
done < "$tmp/matrix"

# Bad arguments: exit 2, exactly one line on stderr, nothing on stdout, no file.
bad() { # bad NAME ARGS...
  b_name=$1; shift
  run_bin "$@"
  if [ "$rc" -ne 2 ]; then notok "$b_name: exit 2" "got $rc"; else ok "$b_name: exit 2"; fi
  n=$(nlines "$err")
  if [ "$n" -eq 1 ]; then ok "$b_name: one line on stderr"; else notok "$b_name: one line on stderr" "got $n: $err"; fi
  check "$b_name: nothing on stdout" test -z "$out"
  if [ ! -e "$tmp/x.db" ] && [ -z "$(ls -A "$tmp/cwd")" ]; then ok "$b_name: no file created"
  else notok "$b_name: no file created"; fi
}
bad "--size 0" --db "$tmp/x.db" --size 0
bad "--size 16385 (above STENCIL_MAX_DIM)" --db "$tmp/x.db" --size 16385
bad "--size garbage" --db "$tmp/x.db" --size garbage
bad "--block 48 (not a multiple of 32)" --db "$tmp/x.db" --block 48
bad "--block 2048" --db "$tmp/x.db" --block 2048
bad "--variant nope" --db "$tmp/x.db" --variant nope
bad "--k 1 (no such axis)" --db "$tmp/x.db" --k 1
bad "positional argument" --db "$tmp/x.db" extra

# A real run. Without a GPU: exit 3, one line, no database. With one: exit 0
# and one ok result per variant, with requested bytes = 25 x 4 x pixels.
if "$CU_TOOLS/gpu-probe" >/dev/null 2>&1; then
  run_bin --size 100 --reps 3 --min-reps 3 --warmup 1 --db "$tmp/x.db"
  check "run with a GPU exits 0" test "$rc" -eq 0
  if command -v sqlite3 >/dev/null 2>&1; then
    got=$(sqlite3 "$tmp/x.db" "SELECT count(*) FROM result r JOIN run u USING (run_id)
                               WHERE r.status = 'ok' AND u.status = 'complete' AND u.binary = 'stencil'
                                 AND r.bytes_read = 25 * 4 * 100 * 100")
    check "run with a GPU stores $nvar ok results with requested bytes ($got)" test "$got" = "$nvar"
  else
    echo "SKIP: no sqlite3 command: stored rows not checked"
  fi
else
  run_bin --size 100 --variant tex --db "$tmp/x.db"
  check "run without a GPU exits 3" test "$rc" -eq 3
  n=$(nlines "$err")
  if [ "$n" -eq 1 ]; then ok "run without a GPU: one line on stderr"; else notok "run without a GPU: one line on stderr" "got $n: $err"; fi
  check "run without a GPU creates no database" test ! -e "$tmp/x.db"
fi

[ "$nfail" -eq 0 ]
