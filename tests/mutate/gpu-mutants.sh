#!/bin/sh
# tests/mutate/gpu-mutants.sh: kernel mutants, judged by the GPU test suites
# (for the GPU machine; the host code has `make mutate`).
#
#   sh tests/mutate/gpu-mutants.sh OUTDIR [MAKE SETTINGS...]
#
# Each rule of tests/mutate/gpu-rules makes one mutant of a kernel file (a
# .cu, or a header one includes, compiled through that .cu). The
# script builds the suites once (make -j$JOBS with the MAKE SETTINGS, e.g. the
# SQLITE_ and CMOCKA_ paths of a machine without those headers), checks they
# pass unmutated, then compiles every mutant's kernel object and links its
# suite with the very nvcc commands make uses (asked from `make -n`), only
# the object's path changed, all in parallel (make -j$JOBS, one target per
# mutant) under build/gpu-mutants/, and runs each mutant's suite in turn
# (REQUIRE_GPU=1, BENCH_SMALL=1 unless GPU_MUTANTS_FULL=1, a timeout of
# GPU_MUTANTS_TIMEOUT s, default 60). A failing, crashing or timed-out suite
# kills the mutant. Writes OUTDIR/summary.txt (one line per mutant, then the
# score) and OUTDIR/logs/; exits 0 when at least 90% are killed, 1 below,
# 2 on a usage or build error, 3 without a usable GPU (it says so; nothing
# is run). The kernel sources are never changed in place.
# GPU_MUTANTS_FILES='kernels/reduce.cu ...' limits the files; JOBS (default 16);
# GPU_MUTANTS_BUILD_ONLY=1 builds the mutants without a GPU and runs none.
set -u
cd "$(dirname "$0")/../.." || exit 2
[ $# -ge 1 ] || { echo "usage: sh tests/mutate/gpu-mutants.sh OUTDIR [MAKE SETTINGS...]" >&2; exit 2; }
OUTDIR=$1; shift
JOBS=${JOBS:-16}
TIMEOUT=${GPU_MUTANTS_TIMEOUT:-60}
FILES=${GPU_MUTANTS_FILES:-}
BUILD_ONLY=${GPU_MUTANTS_BUILD_ONLY:-}
RULES=${GPU_MUTANTS_RULES:-tests/mutate/gpu-rules}
WORK=build/gpu-mutants
MAKE=${MAKE:-make}
mkdir -p "$OUTDIR/logs" || exit 2
SUMMARY="$OUTDIR/summary.txt"
start=$(date +%s)
say() { echo "$*" | tee -a "$SUMMARY"; }
# Run one suite as the mutants are judged.
run_suite() {
  if [ -n "${GPU_MUTANTS_FULL:-}" ]; then REQUIRE_GPU=1 timeout -k 10 "$TIMEOUT" "$1"
  else REQUIRE_GPU=1 BENCH_SMALL=1 timeout -k 10 "$TIMEOUT" "$1"; fi
}
: > "$SUMMARY"

# The test binaries' and gpu-probe's folders of the build these settings make.
testdir=$($MAKE -s --no-print-directory "$@" print-TESTS) && cutools=$($MAKE -s --no-print-directory "$@" print-CU_TOOLS) ||
  { echo "gpu-mutants: make print-TESTS failed" >&2; exit 2; }
# The rules, one per line as FILE<tab>TEST<tab>FROM<tab>TO, in file order
# (TEST's TESTS/ made the test binaries' folder).
awk -v files=" $FILES " -v testdir="$testdir" '
  /^#/ || /^[ \t]*$/ { next }
  /^\[/ { f = substr($0, 2, index($0, "]") - 2); t = substr($0, index($0, "]") + 1); gsub(/^ +| +$/, "", t)
          sub(/^TESTS\//, testdir "/", t); next }
  { i = index($0, " ==> "); if (!i || f == "") { print "bad rule: " $0 > "/dev/stderr"; exit 1 }
    if (files != "  " && index(files, " " f " ") == 0) next
    print f "\t" t "\t" substr($0, 1, i - 1) "\t" substr($0, i + 5) }' "$RULES" > "$OUTDIR/rules.tsv" || exit 2
[ -s "$OUTDIR/rules.tsv" ] || { echo "gpu-mutants: no rules for '$FILES'" >&2; exit 2; }
tests=$(cut -f2 "$OUTDIR/rules.tsv" | sort -u)
for f in kernels/*.cu; do
  grep -q "^$f	" "$OUTDIR/rules.tsv" || [ -n "$FILES" ] || say "note: $f has no rules in $RULES: not mutated"
done

# The suites and the probe, unmutated.
echo "gpu-mutants: building the suites (make -j$JOBS)"
$MAKE -j"$JOBS" --no-print-directory "$@" $tests "$cutools/gpu-probe" > "$OUTDIR/logs/build.log" 2>&1 \
  || { say "gpu-mutants: building the suites failed (see $OUTDIR/logs/build.log)"; exit 2; }
if [ -z "$BUILD_ONLY" ]; then
  if ! why=$("$cutools/gpu-probe" 2>&1); then
    say "gpu-mutants: no usable GPU here ($(printf '%s' "$why" | head -n 1)): no mutant run"
    exit 3
  fi
  for t in $tests; do
    run_suite "$t" > "$OUTDIR/logs/original-$(basename "$t").log" 2>&1 \
      || { say "gpu-mutants: $t fails unmutated (see $OUTDIR/logs/): no mutant counts"; exit 2; }
  done
fi

# The mutants: sources, and one make target each (compile the kernel file,
# link its suite) with make's own commands.
rm -rf "$WORK"; mkdir -p "$WORK"
mk="$WORK/mutants.mk"
printf 'all:\n' > "$mk"
n=0 targets=""
while IFS='	' read -r file test from to; do
  n=$((n + 1)); m="$WORK/m$n"; mkdir -p "$m"
  printf '%s\t%s ==> %s\n' "$file" "$from" "$to" > "$m/what"
  # A header (kernels/NAME.cuh) is compiled through the .cu that includes it:
  # that file copied unchanged into the mutant's folder and the mutated
  # header beside it as m/kernels/NAME.cuh, which the copy's quoted include
  # finds first (its own folder is searched before -I.).
  unit=$file mutated="$m/$(basename "$file")"
  case $file in
    *.cuh|*.h)
      unit=$(grep -l -F "#include \"$file\"" kernels/*.cu | head -n 1)
      [ -n "$unit" ] || { say "gpu-mutants: no kernels/*.cu includes $file"; exit 2; }
      mkdir -p "$m/$(dirname "$file")" && cp "$unit" "$m/$(basename "$unit")" || exit 2
      mutated="$m/$file" ;;
  esac
  FROM=$from TO=$to awk '{ s = s $0 "\n" }
    END { f = ENVIRON["FROM"]; i = index(s, f); if (!i) exit 1
          printf "%s%s%s", substr(s, 1, i - 1), ENVIRON["TO"], substr(s, i + length(f)) }' \
    "$file" > "$mutated" || { echo "absent" > "$m/state"; continue; }
  # The compile and link commands of this suite when the compiled file
  # changes (asked once per file and suite).
  cache="$WORK/cmds-$(printf '%s_%s' "$unit" "$(basename "$test")" | tr '/.' '__')"
  [ -f "$cache" ] || $MAKE -n -W "$unit" V=1 --no-print-directory "$@" "$test" > "$cache" 2>/dev/null
  cmds=$(cat "$cache")
  cc=$(printf '%s\n' "$cmds" | grep -F -- " -c $unit " | tail -n 1)
  obj=$(printf '%s\n' "$cc" | sed -n 's/.* -o \([^ ]*\).*/\1/p')
  ld=$(printf '%s\n' "$cmds" | grep -F -- "-o $test " | tail -n 1)
  if [ -z "$cc" ] || [ -z "$obj" ] || [ -z "$ld" ]; then
    say "gpu-mutants: cannot find make's commands for $unit in $test"; exit 2
  fi
  cc=$(printf '%s\n' "$cc" | sed -e "s# -MMD -MP # #" -e "s# -c $unit # -c $m/$(basename "$unit") #" -e "s# -o $obj# -o $m/kernel.o#")
  ld=$(printf '%s\n' "$ld" | sed -e "s# $obj # $m/kernel.o #" -e "s# -o $test # -o $m/test #")
  { printf '%s:\n' "$m/test"
    printf '\t@{ %s && %s; } > %s 2>&1 || echo stillborn > %s\n' \
      "$(printf '%s' "$cc" | sed 's/\$/$$/g')" "$(printf '%s' "$ld" | sed 's/\$/$$/g')" "$m/build.log" "$m/state"
  } >> "$mk"
  targets="$targets $m/test"
done < "$OUTDIR/rules.tsv"
printf 'all:%s\n' "$targets" >> "$mk"
echo "gpu-mutants: building $n mutants (make -j$JOBS)"
$MAKE -j"$JOBS" -k --no-print-directory -f "$mk" all > "$OUTDIR/logs/mutants-build.log" 2>&1
built=$(( $(date +%s) - start ))

# Run each mutant's suite.
killed=0 tested=0 i=0
while [ $i -lt $n ]; do
  i=$((i + 1)); m="$WORK/m$i"
  what=$(cat "$m/what")
  state=$(cat "$m/state" 2>/dev/null)
  test=$(sed -n "${i}p" "$OUTDIR/rules.tsv" | cut -f2)
  if [ "$state" = absent ]; then say "m$i not-applicable $what (FROM not in the file)"; continue; fi
  if [ "$state" = stillborn ] || [ ! -x "$m/test" ]; then
    cp "$m/build.log" "$OUTDIR/logs/m$i-build.log" 2>/dev/null
    say "m$i stillborn $what (does not build: logs/m$i-build.log)"; continue
  fi
  if [ -n "$BUILD_ONLY" ]; then say "m$i built $what"; continue; fi
  tested=$((tested + 1))
  run_suite "$m/test" > "$OUTDIR/logs/m$i.log" 2>&1
  rc=$?
  if [ $rc -eq 0 ]; then
    say "m$i SURVIVED $what ($(basename "$test"))"
  else
    killed=$((killed + 1))
    say "m$i killed $what ($(basename "$test") exit $rc$( [ $rc -ge 124 ] && echo ', timeout or signal'))"
  fi
done
secs=$(( $(date +%s) - start ))
if [ -n "$BUILD_ONLY" ]; then
  say "gpu mutants: built only (GPU_MUTANTS_BUILD_ONLY=1), none run; $secs s"
  exit 0
fi
score=$(( tested > 0 ? 100 * killed / tested : 0 ))
say "gpu mutants: $killed of $tested killed ($score%; target 90%); builds $built s, total $secs s, on $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1)"
[ "$tested" -ge 20 ] && [ "$score" -ge 90 ]
