#!/bin/sh
# tests/cli/test_untrusted3.sh: untrusted data, third pass (issue 45),
# without a GPU. Each block names the issue's item it guards:
#   5  the amplifying dump (replace() nested four deep) is refused at once,
#      in little memory (exit 4, one line), as is any replace() whose value
#      would be as long as its text or longer
#   6  a dump whose text is not UTF-8 is refused by load
# Usage: sh tests/cli/test_untrusted3.sh   (BIN=dir overrides build/bin)
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
DBTOOL="$BIN/dbtool"; export DBTOOL
[ -x "$DBTOOL" ] || { notok "dbtool exists" "run make test-build"; exit 1; }
q() { sqlite3 "$@"; }
# one_line NAME WANT_RC RC ERRFILE: exit status WANT_RC and exactly one line.
one_line() {
  if [ "$3" = "$2" ] && [ "$(wc -l < "$4")" -eq 1 ]; then ok "$1"; else notok "$1" "exit $3, $(wc -l < "$4") lines"; sed 's/^/#   /' "$4"; fi
  [ -n "${VERBOSE:-}" ] && sed "s/^/#   /" "$4"
}
# mk DB KEY RUNS SAMPLES: one device (GPU-KEY), RUNS complete runs (KEY-i)
# of 3 results of SAMPLES samples each.
mk() {
  "$DBTOOL" load /dev/null "$1" > /dev/null && q "$1" "
    INSERT INTO device(device_id, uuid, name) VALUES(1, 'GPU-$2', 'Test GPU');
    INSERT INTO run(run_id, study, binary, device_id, status, started_utc, argv, build_id, run_uuid)
      SELECT value, 'reduce', 'reduce', 1, 'complete', '2026-01-01T00:00:00Z', 'a', 'b', '$2-' || value
      FROM generate_series(1, $3);
    INSERT INTO result(result_id, run_id, study, config_key, variant, cache, timer, status, created_utc)
      SELECT r.value * 10 + k.value, r.value, 'reduce', 'k' || k.value, 'v', 'cold', 'cuda-event', 'ok', 't'
      FROM generate_series(1, $3) r, generate_series(1, 3) k;
    INSERT INTO sample(result_id, rep, ms) SELECT result_id, s.value, 1.0 + s.value / 1e4
      FROM result, generate_series(0, $4 - 1) s;" || { notok "fixture $1"; exit 1; }
}
runs() { q "$1" "SELECT count(*) FROM run"; }
# wait_for GLOB: until a file matches it (at most 10 s).
wait_for() {
  i=0; while [ $i -lt 1000 ] && ! ls $1 > /dev/null 2>&1; do sleep 0.01; i=$((i + 1)); done
}
mk "$tmp/a.db" aaaa 1 3

# ---------------------------------------------------- 5: amplification --
# 1 KB of 'a' through four replace() each making a character 30: 810 MB.
{
  printf "INSERT INTO device(uuid, name) VALUES('u', replace(replace(replace(replace('"
  head -c 1000 /dev/zero | tr '\0' a
  printf "'"
  for c in a b c d; do
    n=$(($(printf '%d' "'$c") + 1)); l=$n; k=1; while [ $k -lt 30 ]; do l="$l,$n"; k=$((k + 1)); done
    printf ",'%s',char(%s))" "$c" "$l"
  done
  printf ');\n'
} > "$tmp/amp.sql"
t0=$(date +%s)
( ulimit -v 1000000; exec "$DBTOOL" load "$tmp/amp.sql" "$tmp/amp.db" ) 2> "$tmp/err"
one_line "5 the amplifying dump ($(wc -c < "$tmp/amp.sql") bytes): exit 4, one line, in 1 GB of memory" 4 $? "$tmp/err"
check "5 ... naming replace() (not a constraint a failed bind broke), at once, nothing made" \
  sh -c "grep -q 'replace() nested' '$tmp/err' && [ $(($(date +%s) - t0)) -le 5 ] && [ ! -e '$tmp/amp.db' ]"
# Twice, each making a character 2 (4 times the input): a dump's values are never longer than their text.
printf "INSERT INTO device(uuid, name) VALUES('u', replace(replace('%s','a',char(98,98)),'b',char(99,99)));\n" \
  "$(head -c 2000 /dev/zero | tr '\0' a)" > "$tmp/amp2.sql"
"$DBTOOL" load "$tmp/amp2.sql" "$tmp/amp2.db" 2> "$tmp/err"
one_line "5 replace() making a value 4 times its text: exit 4, one line" 4 $? "$tmp/err"
printf "INSERT INTO device(uuid, name) VALUES('u', replace('a', 'a', char(10)));\n" > "$tmp/amp1.sql"
"$DBTOOL" load "$tmp/amp1.sql" "$tmp/amp1.db" 2> "$tmp/err"
one_line "5 replace() with a one-character marker (output as long as input): exit 4" 4 $? "$tmp/err"

printf "INSERT INTO device(uuid, name) VALUES('u', 'a\377b');\n" > "$tmp/bad.sql"
"$DBTOOL" load "$tmp/bad.sql" "$tmp/bad.db" 2> "$tmp/err"
one_line "6 load of a dump whose string is not UTF-8: exit 4, one line" 4 $? "$tmp/err"

[ "$nfail" -eq 0 ] && echo "# all third-pass untrusted-input checks passed"
exit $((nfail > 0))
