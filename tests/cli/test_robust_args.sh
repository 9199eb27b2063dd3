#!/bin/sh
# tests/cli/test_robust_args.sh: the sharp edges of the command line, each
# one clear line on stderr (control characters escaped), exit 2 and no
# database, through the host-only study (build/cuda-KEY/tests/hoststudy) and
# build/studies/reduce (its --list needs no GPU):
# - an option or axis given twice (it would silently take one value);
# - --min-reps above --reps;
# - a matrix with nothing to run exits 2 with --list as without, naming the
#   reasons (reduce --block 33; reduce --block 33,256 --variant cub);
# - control characters in a value are echoed escaped (\xNN), on one line;
# - '-0' is not called negative.
# No GPU needed. Prints 'ok NAME' / 'not ok NAME'; exits 1 if any failed.
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/robust-lib.sh
REDUCE="$STUDIES/reduce"

# bad NAME BINARY ARGS...: exit 2, one line on stderr, no database; leaves the line in $line.
bad() {
  b_name=$1; shift
  rm -f "$tmp/bad.db"
  "$@" --db "$tmp/bad.db" >"$tmp/out" 2>"$tmp/err"
  b_rc=$?
  line=$(cat "$tmp/err")
  check_eq "$b_name: exit 2" "$b_rc" 2
  check_eq "$b_name: one line on stderr" "$(nlines "$line")" 1
  check "$b_name: no database" test ! -e "$tmp/bad.db"
}
has() { # has NAME TEXT: the last error line contains TEXT
  case "$line" in *"$2"*) ok "$1" ;; *) notok "$1" "'$line' lacks '$2'" ;; esac
}

bad "--n twice" "$HOST" --n 1 --n 2
has "--n twice: says so" "--n: given twice"
bad "--n=1 --n 2 twice" "$HOST" --n=1 --n 2
has "--n=1 --n 2: says so" "given twice"
bad "--reps twice" "$HOST" --reps 3 --reps 4
has "--reps twice: says so" "--reps: given twice"
bad "--list twice" "$HOST" --list --list
bad "--db twice" "$HOST" --db "$tmp/other.db"
check "--db twice: neither database" test ! -e "$tmp/other.db"

bad "--min-reps 50 --reps 10" "$HOST" --min-reps 50 --reps 10
has "--min-reps above --reps: says so" "--min-reps: 50 is above --reps (10)"
bad "--min-reps 20001 (above any --reps)" "$HOST" --min-reps 20001
"$HOST" --db "$tmp/ok.db" --n 1 --min-reps 3 --reps 3 --warmup 0 2>/dev/null
check_eq "--min-reps equal to --reps runs" "$?" 0

# Nothing to run: the run and --list agree (exit 2) and say why.
bad "hoststudy --variant skip" "$HOST" --variant skip
has "nothing to run: the reason" "nothing to run: every configuration is skipped (4: variant skip is never run)"
run_line=$line
bad "hoststudy --variant skip --list" "$HOST" --variant skip --list
check_eq "--list with nothing to run: the run's line" "$line" "$run_line"
check_eq "--list with nothing to run: still lists (4 + summary)" "$(wc -l < "$tmp/out")" 5
"$HOST" --variant skip,sum --n 1 --list >/dev/null 2>&1
check_eq "--list with something to run: exit 0" "$?" 0
bad "reduce --block 33" "$REDUCE" --block 33 --n 2^10 --dtype int32
has "reduce --block 33: names the rule" "block size is not a power of two"
run_line=$line
bad "reduce --block 33 --list" "$REDUCE" --block 33 --n 2^10 --dtype int32 --list
check_eq "reduce --block 33: --list and the run say the same" "$line" "$run_line"
bad "reduce --block 33,256 --variant cub" "$REDUCE" --block 33,256 --variant cub --n 2^10 --dtype int32
has "--block 33,256 --variant cub: the power-of-two rule" "1: block size is not a power of two"
has "--block 33,256 --variant cub: the first-block rule" "1: ignores the block size"

# Control characters are escaped, so the error stays one line.
bad "--variant with ESC" "$HOST" --variant "$(printf 'su\033[31mm')"
has "ESC echoed as \\x1b" 'su\x1b[31mm'
bad "--variant with a newline" "$HOST" --variant "$(printf 'a\nb')"
has "newline echoed as \\x0a" 'a\x0ab'
bad "an unknown option with a tab" "$HOST" "$(printf -- '--n\tx')"
has "tab echoed as \\x09" '--n\x09x'
B=$(printf '\001')
bad "BENCH_FREE_BYTES with a control character" env BENCH_FREE_BYTES="1$B" "$HOST"
has "BENCH_FREE_BYTES: escaped" '1\x01'

# '-0' has a sign; it is not negative.
bad "--n -0" "$HOST" --n -0
case "$line" in *negative*) notok "--n -0: not called negative" "$line" ;; *) ok "--n -0: not called negative" ;; esac
has "--n -0: says to drop the sign" "'-0': write 0 without a sign"
bad "--n -5" "$HOST" --n -5
has "--n -5: negative" "'-5' is negative"

[ "$nfail" -eq 0 ]
