#!/bin/sh
# tests/mutate/mutate.sh: mutation testing of the host C code (`make mutate`).
#
# For every source file of tests/mutate/targets (or MUTATE_FILES):
#  1. universalmutator (its C rules) writes every mutant of the file;
#  2. the mutants are shuffled with a fixed seed (MUTATE_SEED) and taken in
#     that order until MUTATE_MAX of them have been tested (0: all);
#  3. each is compiled with the project's flags (-Werror included): one that
#     does not compile is "stillborn"; one whose object code, debug info
#     stripped, is identical to the original's is "equivalent (same code)"
#     (trivial compiler equivalence); one listed in tests/mutate/equivalent.txt
#     is "equivalent (listed)"; none of these count;
#  4. the others replace the file's object in the mutation build, the test
#     binaries of the file's line in targets are relinked (make, narrow) and its
#     tests run under a timeout (MUTATE_TIMEOUT seconds): a failure or a
#     timeout kills the mutant, else it survived.
# Prints one line per tested mutant, then the score (killed / tested) of
# each file and of all, and every survivor; writes them to
# $MUTATE_DIR/summary.txt and survivors.txt. Exits 1 when the total score or
# any file's is below MUTATE_MIN percent (default 90).
#
# Environment (set by tests/tests.mk): MUTATE_UM (universalmutator's
# `mutate`), MUTATE_CC (the compiler and the project's C flags), MUTATE_MAKE
# (make with BUILD set to the mutation build), MUTATE_BUILD (that directory),
# MUTATE_DIR (work directory), MUTATE_FILES, MUTATE_MAX, MUTATE_SEED,
# MUTATE_TIMEOUT, MUTATE_MIN, MUTATE_MATCH (only the mutants whose printed
# description 'FILE:LINE: ORIGINAL ==> MUTANT' contains this text).
set -u
cd "$(dirname "$0")/../.." || exit 1
: "${MUTATE_UM:?}" "${MUTATE_CC:?}" "${MUTATE_MAKE:?}" "${MUTATE_BUILD:?}" "${MUTATE_DIR:?}"
MUTATE_FILES=${MUTATE_FILES:-}
MUTATE_MAX=${MUTATE_MAX:-25}
MUTATE_SEED=${MUTATE_SEED:-1}
MUTATE_TIMEOUT=${MUTATE_TIMEOUT:-30}
MUTATE_MIN=${MUTATE_MIN:-90}
MUTATE_MATCH=${MUTATE_MATCH:-}
TARGETS=tests/mutate/targets
EQUIV=tests/mutate/equivalent.txt

mkdir -p "$MUTATE_DIR" || exit 1
LOG="$MUTATE_DIR/log.txt"
SUMMARY="$MUTATE_DIR/summary.txt"
SURV="$MUTATE_DIR/survivors.txt"
: > "$LOG"; : > "$SURV"; : > "$MUTATE_DIR/files.txt"

# Collapse runs of blanks and trim: how mutants and equivalent.txt compare.
norm() { tr -s ' \t' '  ' | sed -e 's/^ //' -e 's/ $//'; }
# The keys of equivalent.txt: 'FILE: ORIGINAL ==> MUTANT' (the reason cut).
grep -v '^[[:space:]]*#' "$EQUIV" | grep . | sed 's/ # .*//' | norm > "$MUTATE_DIR/equiv.keys"

# The mutation build's CUDA folder (build/cuda-KEY, as its make names it):
# CUDA/ in targets stands for it.
cuda=$($MUTATE_MAKE -s print-CUDA_KEY) || { echo "mutate: make print-CUDA_KEY failed" >&2; exit 1; }
case "$MUTATE_BUILD" in /*) mb=$MUTATE_BUILD ;; *) mb="$(pwd)/$MUTATE_BUILD" ;; esac
# A target of tests/mutate/targets as a path in the mutation build.
in_build() { case "$1" in CUDA/*) echo "$MUTATE_BUILD/$cuda/${1#CUDA/}" ;; *) echo "$MUTATE_BUILD/$1" ;; esac; }

# Object file of SOURCE inside the mutation build.
obj_of() { echo "$MUTATE_BUILD/obj/${1%.c}.o"; }

# Put the original object back into the mutation build (named: the
# Makefile's .SECONDARY would not rebuild a missing object for binaries that
# are up to date, and another file's tests may link this one).
current=""
restore() {
  [ -n "$current" ] || return 0
  rm -f "$(obj_of "$current")"
  $MUTATE_MAKE "$(obj_of "$current")" >> "$LOG" 2>&1
  current=""
}
trap 'restore; exit 130' INT TERM
trap 'restore' EXIT

total_tested=0 total_killed=0 total_still=0 total_same=0 total_listed=0 n_low=0
start=$(date +%s)

for line in $(grep -v '^[[:space:]]*#' "$TARGETS" | grep . | sed 's/ *| */|/g; s/ /^/g'); do
  line=$(printf '%s' "$line" | tr '^' ' ')
  src=${line%%|*}; rest=${line#*|}
  builds=${rest%%|*}; runs=${rest#*|}
  src=$(echo $src)
  if [ -n "$MUTATE_FILES" ]; then
    case " $MUTATE_FILES " in *" $src "*) ;; *) continue ;; esac
  fi
  if [ ! -f "$src" ]; then
    echo "mutate: $src: not present, skipped"
    continue
  fi
  name=$(echo "$src" | tr '/.' '__')
  work="$MUTATE_DIR/$name"
  # 1. The mutants, regenerated when the source changes.
  sum=$(sha1sum < "$src" | cut -c1-40)
  if [ "$(cat "$work/source.sha1" 2>/dev/null)" != "$sum" ]; then
    rm -rf "$work"; mkdir -p "$work/mutants"
    "$MUTATE_UM" "$src" c --mutantDir "$work/mutants" --noCheck > "$work/generate.log" 2>&1 \
      || { echo "mutate: universalmutator failed on $src (see $work/generate.log)" >&2; exit 1; }
    echo "$sum" > "$work/source.sha1"
  fi
  # The original, compiled from a copy at the same path as the mutants'.
  copy="$MUTATE_DIR/src/$src"
  mkdir -p "$(dirname "$copy")"
  cp "$src" "$copy"
  $MUTATE_CC -iquote "$(dirname "$src")" -c "$copy" -o "$work/orig.o" 2>"$work/orig.err" \
    || { echo "mutate: $src does not compile:" >&2; cat "$work/orig.err" >&2; exit 1; }
  objcopy --strip-debug "$work/orig.o" "$work/orig.code"
  # The relinked tests must pass on the original before any mutant counts.
  $MUTATE_MAKE "$(obj_of "$src")" $(for b in $builds; do in_build "$b"; done) >> "$LOG" 2>&1 \
    || { echo "mutate: building $builds failed (see $LOG)" >&2; exit 1; }
  run_tests() {
    for r in $runs; do
      case "$r" in
        tests/*) TOOLS="$mb/tools" STUDIES="$mb/$cuda/studies" TESTBIN="$mb/$cuda/tests" TESTBIN_ASAN="$mb/$cuda/tests-asan" CU_TOOLS="$mb/$cuda/tools" \
                 timeout "$MUTATE_TIMEOUT" sh "$r" ;;
        *) timeout "$MUTATE_TIMEOUT" "$(in_build "$r")" ;;
      esac >> "$LOG" 2>&1 || return 1
    done
    return 0
  }
  if ! run_tests; then
    echo "mutate: the tests of $src fail on the original (see $LOG)" >&2
    exit 1
  fi
  # 2. The fixed-seed order.
  n_all=$(ls "$work/mutants" | wc -l)
  yes "$MUTATE_SEED" | head -c 65536 > "$work/seed"
  ls "$work/mutants" | sort -t. -k3,3n | shuf --random-source="$work/seed" > "$work/order"
  tested=0 killed=0 still=0 same=0 listed=0
  current=$src
  for m in $(cat "$work/order"); do
    [ "$MUTATE_MAX" -gt 0 ] && [ "$tested" -ge "$MUTATE_MAX" ] && break
    mut="$work/mutants/$m"
    where=$(diff "$src" "$mut" | sed -n '1s/^\([0-9]*\).*/\1/p')
    was=$(diff "$src" "$mut" | sed -n 's/^< //p' | norm | tr '\n' ' ' | norm)
    now=$(diff "$src" "$mut" | sed -n 's/^> //p' | norm | tr '\n' ' ' | norm)
    # An inserted line is known by its place (the same text elsewhere differs).
    [ -n "$was" ] || was="[after line $where]"
    what="$src:$where: $was ==> $now"
    # MUTATE_MATCH: only the mutants whose description contains it.
    if [ -n "$MUTATE_MATCH" ]; then
      case "$what" in *"$MUTATE_MATCH"*) ;; *) continue ;; esac
    fi
    # 3. Stillborn, same code, listed.
    cp "$mut" "$copy"
    if ! $MUTATE_CC -iquote "$(dirname "$src")" -c "$copy" -o "$work/mut.o" 2>/dev/null; then
      still=$((still + 1)); continue
    fi
    objcopy --strip-debug "$work/mut.o" "$work/mut.code"
    if cmp -s "$work/orig.code" "$work/mut.code"; then
      same=$((same + 1)); continue
    fi
    if printf '%s\n' "$src: $was ==> $now" | norm | grep -Fxq -f "$MUTATE_DIR/equiv.keys"; then
      listed=$((listed + 1)); printf 'equivalent  %s\n' "$what"; continue
    fi
    # 4. Link and run its tests.
    tested=$((tested + 1))
    o=$(obj_of "$src")
    mkdir -p "$(dirname "$o")"
    cp "$work/mut.o" "$o" && touch "$o"
    if ! $MUTATE_MAKE $(for b in $builds; do in_build "$b"; done) >> "$LOG" 2>&1; then
      tested=$((tested - 1)); still=$((still + 1)); continue
    fi
    printf '== mutant %s\n' "$what" >> "$LOG"
    if run_tests; then
      printf 'SURVIVED    %s\n' "$what"; printf '%s\n' "$what" >> "$SURV"
    else
      killed=$((killed + 1)); printf 'killed      %s\n' "$what"
    fi
  done
  restore
  cp "$src" "$copy"
  echo "mutate: $src: $killed of $tested killed ($n_all mutants generated; skipped $still stillborn, $same same code, $listed listed equivalent)"
  file_score=100
  [ "$tested" -gt 0 ] && file_score=$(( 100 * killed / tested ))
  [ "$file_score" -ge "$MUTATE_MIN" ] || n_low=$((n_low + 1))
  printf '  %s: %d of %d killed (%d%%)\n' "$src" "$killed" "$tested" "$file_score" >> "$MUTATE_DIR/files.txt"
  total_tested=$((total_tested + tested)); total_killed=$((total_killed + killed))
  total_still=$((total_still + still)); total_same=$((total_same + same)); total_listed=$((total_listed + listed))
done

secs=$(( $(date +%s) - start ))
if [ "$total_tested" -gt 0 ]; then
  score=$(( 100 * total_killed / total_tested ))
else
  score=100
fi
n_surv=$(wc -l < "$SURV")
{
  echo "mutation score: $total_killed of $total_tested killed ($score%; target $MUTATE_MIN%), seed $MUTATE_SEED, at most $MUTATE_MAX per file, $secs s"
  echo "not counted: $total_still stillborn (do not compile), $total_same with the original's object code, $total_listed listed in $EQUIV"
  echo "per file ($n_low below $MUTATE_MIN%):"
  cat "$MUTATE_DIR/files.txt"
  echo "survivors: $n_surv"
  sed 's/^/  /' "$SURV"
} | tee "$SUMMARY"
[ "$score" -ge "$MUTATE_MIN" ] && [ "$n_low" -eq 0 ]
