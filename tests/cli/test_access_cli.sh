#!/bin/sh
# tests/cli/test_access_cli.sh: command-line behaviour of build/studies/access-ca
# and access-cg: --help, --build-id (a hex id, different for the two builds),
# --list without a GPU (the l1 axis holds the build's own caching mode, the
# skip rules of the k axis), argument errors (exit 2, one line on stderr,
# nothing written), and a real run: exit 3 with one line and no database
# without a GPU, exit 0 with stored ok results with one.
# Prints 'ok NAME' / 'not ok NAME' per check; exits 1 if any failed.
# Usage: sh tests/cli/test_access_cli.sh   (binaries: as tests/cli/lib.sh finds them)
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh

for b in access-ca access-cg; do
  if [ ! -x "$STUDIES/$b" ]; then
    notok "$b binary exists" "$STUDIES/$b missing: run make test-build"
    exit 1
  fi
done

# Run a binary in an empty working directory; sets rc, out, err.
run_bin() {
  r_bin=$1; shift
  rm -rf "$tmp/cwd" && mkdir "$tmp/cwd"
  (cd "$tmp/cwd" && "$STUDIES/$r_bin" "$@" >"$tmp/out" 2>"$tmp/err")
  rc=$?
  out=$(cat "$tmp/out")
  err=$(cat "$tmp/err")
}
nlines() { printf '%s' "$1" | awk 'END { print NR }'; }

# The variant keys, from the registry lines ACCESS_VARIANT("key", ...) in kernels/access.cu.
grep -o '^ *ACCESS_VARIANT("[a-z0-9-]*", "' kernels/access.cu | sed 's/^ *ACCESS_VARIANT("\([^"]*\)".*/\1/' > "$tmp/variants"
nvar=$(wc -l < "$tmp/variants")
check "variant table parsed from kernels/access.cu ($nvar variants)" test "$nvar" -eq 8

# --help: exit 0, text on stdout, every variant key, the k and l1 axes, --build-id.
run_bin access-ca --help
check "--help exits 0" test "$rc" -eq 0
check "--help writes nothing to stderr" test -z "$err"
missing=""
for key in $(cat "$tmp/variants") "--k " "--l1 " "--build-id" "dlcm=ca"; do
  printf '%s\n' "$out" | grep -q -- "$key" || missing="$missing $key"
done
if [ -z "$missing" ]; then ok "--help mentions every variant, --k, --l1, --build-id"; else notok "--help mentions" "missing:$missing"; fi

# --build-id: one line of hex, exit 0, the two builds differ.
run_bin access-ca --build-id
id_ca=$out
check "--build-id exits 0" test "$rc" -eq 0
check "--build-id prints a hex id ($id_ca)" sh -c "printf '%s\n' '$id_ca' | grep -Eq '^[0-9a-f]{8,40}$'"
run_bin access-cg --build-id
check "access-cg --build-id differs from access-ca's" test -n "$out" -a "$out" != "$id_ca"

# --list works without a GPU; the l1 axis is the build's own mode.
run_bin access-ca --list --db "$tmp/x.db"
check "--list (default matrix) exits 0" test "$rc" -eq 0
check "--list creates no database" test ! -e "$tmp/x.db"
nlisted=$(printf '%s\n' "$out" | grep -c -v '^#')
check "--list default: 8 variants x 36 k = 288 lines ($nlisted)" test "$nlisted" -eq 288
check "--list default: every line has l1=ca" test "$(printf '%s\n' "$out" | grep -c 'l1=ca cache=cold')" -eq 288
run_bin access-cg --list --variant read-offset --k 0
check "access-cg --list has l1=cg" test "$out" = "variant=read-offset n=1048576 block=256 k=0 l1=cg cache=cold
# not checked here: device limits (memory, block, shared/constant memory, texture, Hopper-only)
# 1 configurations, 1 to run"

# Skip rules of the k axis: offsets below n, strides from 1, local at k=0.
run_bin access-ca --list --n 4 --k 0,1,4 --variant read-offset,write-offset,read-stride,local-dynamic
check "--list k rules exit 0" test "$rc" -eq 0
check "--list k rules: '# 12 configurations, 7 to run'" test "$(printf '%s\n' "$out" | tail -n 1)" = "# 12 configurations, 7 to run"
check "--list: offset k=4 at n=4 not run" sh -c "printf '%s\n' \"\$1\" | grep -q 'variant=read-offset n=4 block=256 k=4 l1=ca cache=cold  # not run: offset k must be below n'" _ "$out"
check "--list: stride k=0 not run" sh -c "printf '%s\n' \"\$1\" | grep -q 'variant=read-stride n=4 block=256 k=0 .*# not run: stride'" _ "$out"
check "--list: local k=1 not run" sh -c "printf '%s\n' \"\$1\" | grep -q 'variant=local-dynamic n=4 block=256 k=1 .*# not run: no offset axis'" _ "$out"
check "--list: stride k=4 >= n runs" sh -c "printf '%s\n' \"\$1\" | grep -q 'variant=read-stride n=4 block=256 k=4 l1=ca cache=cold$'" _ "$out"

# Every line of the study's matrix parses and has configurations to run.
grep -v '^[[:space:]]*\(#\|$\)' experiments/access/access.matrix > "$tmp/matrix"
while read -r m_bin m_args; do
  # shellcheck disable=SC2086
  run_bin "$m_bin" --list $m_args
  nrun=$(printf '%s\n' "$out" | tail -n 1 | sed -n 's/^# [0-9]* configurations, \([0-9]*\) to run$/\1/p')
  check "matrix: $m_bin $m_args lists ${nrun:-0} to run" test "$rc" -eq 0 -a "${nrun:-0}" -gt 0
done < "$tmp/matrix"

# Bad arguments: exit 2, exactly one line on stderr, nothing on stdout, no
# database and no other file created.
bad() { # bad NAME ARGS...
  b_name=$1; shift
  run_bin access-ca "$@"
  if [ "$rc" -ne 2 ]; then notok "$b_name: exit 2" "got $rc"; else ok "$b_name: exit 2"; fi
  n=$(nlines "$err")
  if [ "$n" -eq 1 ]; then ok "$b_name: one line on stderr"; else notok "$b_name: one line on stderr" "got $n: $err"; fi
  check "$b_name: nothing on stdout" test -z "$out"
  if [ ! -e "$tmp/x.db" ] && [ -z "$(ls -A "$tmp/cwd")" ]; then ok "$b_name: no file created"
  else notok "$b_name: no file created"; fi
}
bad "--k -1" --db "$tmp/x.db" --k -1
bad "--k 2^31" --db "$tmp/x.db" --k 2^31
bad "--k 8 --n 8 (offset k >= n)" --db "$tmp/x.db" --variant read-offset,write-offset --n 8 --k 8
bad "--k 0 read-stride (no valid configuration)" --db "$tmp/x.db" --variant read-stride --k 0
bad "--block 48 (not a multiple of 32)" --db "$tmp/x.db" --block 48
bad "--block 2048" --db "$tmp/x.db" --block 2048
bad "--block 16" --db "$tmp/x.db" --block 16
bad "--n garbage" --db "$tmp/x.db" --n garbage
bad "--n 0" --db "$tmp/x.db" --n 0
bad "--n 2^31" --db "$tmp/x.db" --n 2^31
bad "--variant nope" --db "$tmp/x.db" --variant nope
bad "--l1 cg on the ca build" --db "$tmp/x.db" --l1 cg
bad "positional argument" --db "$tmp/x.db" extra

# A real run. Without a GPU: exit 3, one line, no database. With one: exit 0
# and ok results of a complete run, the texture variant included.
if "$CU_TOOLS/gpu-probe" >/dev/null 2>&1; then
  run_bin access-cg --n 1000 --variant read-offset,read-offset-tex,write-offset --k 0,11 --reps 3 --min-reps 3 --warmup 1 --db "$tmp/x.db"
  check "run with a GPU exits 0" test "$rc" -eq 0
  check "run with a GPU creates the database" test -s "$tmp/x.db"
  if command -v sqlite3 >/dev/null 2>&1; then
    got=$(sqlite3 "$tmp/x.db" "SELECT count(*) FROM result r JOIN run u USING (run_id)
                               WHERE r.status = 'ok' AND u.status = 'complete' AND u.binary = 'access-cg'
                                 AND json_extract(r.params, '$.l1') = 'cg'")
    check "run with a GPU stores 6 ok results with l1=cg" test "$got" = 6
  else
    echo "SKIP: no sqlite3 command: stored rows not checked"
  fi
  # One process, three lines (runs): the host inputs are kept from line to
  # line (issue 47) while the device arrays are made anew; n grows, shrinks
  # and grows again, each line verified, then a second trial of them all.
  printf 'access-cg --n 2000 --variant read-offset,read-offset-tex --k 0,11\naccess-cg --n 1000 --variant write-offset --k 0,11\naccess-cg --n 4000 --variant read-offset-tex,write-offset --k 0,11\n' > "$tmp/three.matrix"
  run_bin access-cg --matrix "$tmp/three.matrix" --reps 3 --min-reps 3 --warmup 1 --db "$tmp/m.db"
  check "three matrix lines in one process: exit 0 ($err)" test "$rc" -eq 0
  run_bin access-cg --matrix "$tmp/three.matrix" --reps 3 --min-reps 3 --warmup 1 --db "$tmp/m.db" --repeat 2
  check "and their second trial: exit 0 ($err)" test "$rc" -eq 0
  if command -v sqlite3 >/dev/null 2>&1; then
    check_eq "two trials of 10 ok results, 6 runs" \
      "$(sqlite3 "$tmp/m.db" "SELECT count(*) || ' ' || count(DISTINCT run_id) FROM result WHERE status = 'ok'")" "20 6"
  fi
else
  run_bin access-ca --n 1000 --variant read-offset --k 0 --db "$tmp/x.db"
  check "run without a GPU exits 3" test "$rc" -eq 3
  n=$(nlines "$err")
  if [ "$n" -eq 1 ]; then ok "run without a GPU: one line on stderr"; else notok "run without a GPU: one line on stderr" "got $n: $err"; fi
  check "run without a GPU creates no database" test ! -e "$tmp/x.db"
fi

[ "$nfail" -eq 0 ]
