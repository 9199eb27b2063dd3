#!/bin/sh
# tests/cli/test_fuzz_regressions.sh: every input a fuzzer of `make fuzz`
# found (tests/fuzz/regressions/NAME/) and its seed corpus
# (tests/fuzz/corpus/NAME/) replayed through the same entry point
# (tests/fuzz/fuzz_NAME.c) built with ASan and UBSan without libFuzzer
# ($TESTBIN_ASAN/fuzz/replay_NAME, build/cuda-KEY/tests-asan): each must run
# to the end. Prints 'ok NAME' / 'not ok NAME'; exits 1 if any failed.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/paths.sh
nfail=0
log=$(mktemp "${TMPDIR:-/tmp}/test_fuzz.XXXXXX") || exit 1
trap 'rm -f "$log"' EXIT
for name in parse args dump; do
  replay="$TESTBIN_ASAN/fuzz/replay_$name"
  if [ ! -x "$replay" ]; then echo "not ok replay_$name exists (run make test-build)"; nfail=$((nfail + 1)); continue; fi
  for dir in tests/fuzz/corpus/$name tests/fuzz/regressions/$name; do
    [ -d "$dir" ] || continue
    n=0
    for f in "$dir"/*; do
      [ -f "$f" ] || continue
      n=$((n + 1))
      if "$replay" "$f" >/dev/null 2>"$log"; then :; else
        echo "not ok $f"; sed 's/^/# /' "$log" | head -n 30; nfail=$((nfail + 1))
      fi
    done
    echo "ok $dir: $n inputs replayed"
  done
done
[ "$nfail" -eq 0 ]
