#!/bin/sh
# tests/cli/test_raw_samples.sh: raw in, statistics out (issue 43 item 1) on
# the real harness (the host-only study, $TESTBIN/hoststudy): every
# timed configuration stores every sample it took, in the order taken, as
# whole nanoseconds (result_sample), as many as result.reps, for fixed
# counts (odd, even, 1000), the convergence rule and the host clock; a
# run's median, recomputed here from its stored samples (awk, independent
# of the C code), is the one the report prints (its appendix's cells,
# view report_cell, through mdquery) and the one the harness printed while
# measuring. And impossible numbers (issue 45 item 13): a samples text
# holding 0, a negative, Inf, 1e300, a fraction or more than 1e13 ns is
# refused, one line, exit 4, nothing written, by dbtool merge, dbtool
# snapshot of a database and of a dump (the report), dbtool load, and the
# analysis itself stops on one (samples_median()'s error).
# Needs no GPU. Usage: sh tests/cli/test_raw_samples.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/robust-lib.sh
DBTOOL="$TOOLS/dbtool"
[ -x "$DBTOOL" ] && [ -x "$TOOLS/mdquery" ] || { notok "dbtool and mdquery exist" "run make test-build"; exit 1; }

# ------------------------------------------------------------- measured --
db=$tmp/h.db
HOSTSTUDY_SLEEP_MS=1 "$HOST" --db "$db" --n 1..3 --variant sleep --reps 7 --min-reps 7 --target 0 --warmup 0 \
  2> "$tmp/run1" || notok "fixed 7 samples (sleep) runs"
HOSTSTUDY_SLEEP_MS=1 "$HOST" --db "$db" --n 4..5 --variant sleep --reps 8 --min-reps 8 --target 0 --warmup 0 \
  --no-resume 2> "$tmp/run2" || notok "fixed 8 samples (sleep) runs"
"$HOST" --db "$db" --n 6 --variant sum --reps 1000 --min-reps 1000 --target 0 --warmup 0 --no-resume 2>/dev/null ||
  notok "fixed 1000 samples runs"
"$HOST" --db "$db" --n 7..8 --variant sum --reps 300 --warmup 0 --no-resume 2>/dev/null || notok "the convergence rule runs"
check_eq "4 runs, 8 timed configurations" \
  "$(q "$db" "SELECT (SELECT count(*) FROM run) || ' ' || count(*) FROM result WHERE status = 'ok'")" "4 8"
check_samples "$db" "hoststudy"
check_eq "stored samples = samples taken (reps), for every count and stop reason" \
  "$(q "$db" "SELECT group_concat(r.n || ':' || r.reps || ':' || samples_count(s.ns) || ':' || r.stop_reason, ' ')
              FROM (SELECT * FROM result ORDER BY n) r JOIN result_sample s USING (result_id)" |
     awk '{ for (i = 1; i <= NF; i++) { split($i, a, ":"); if (a[2] != a[3]) bad++ } print NF, bad + 0 }')" "8 0"
# Counted independently of the C decoder: words of the text.
q "$db" "SELECT r.result_id, r.reps, s.ns FROM result r JOIN result_sample s USING (result_id)" > "$tmp/ns"
check_eq "every text's word count is its result's reps; whole nanoseconds, single spaces" \
  "$(awk -F'|' '{ n = split($3, w, " "); if (n != $2 || $3 !~ /^[1-9][0-9]*( [1-9][0-9]*)*$/) bad++ }
               END { print NR, bad + 0 }' "$tmp/ns")" "8 0"
check_eq "fixed counts: 7, 8 and 1000 samples" \
  "$(q "$db" "SELECT group_concat(DISTINCT reps) FROM (SELECT reps FROM result WHERE stop_reason = 'fixed' ORDER BY reps)")" \
  "7,8,1000"
check "a 1 ms sleep is stored as a million nanoseconds or more (under a second)" \
  test "$(awk -F'|' '$2 == 7 { n = split($3, w, " "); for (i = 1; i <= n; i++) if (w[i] < 1000000 || w[i] >= 1e9) bad++ }
                   END { print bad + 0 }' "$tmp/ns")" -eq 0

# The median, recomputed here (awk: sort the nanoseconds, the middle one or
# the mean of the middle two, over 1e6 for milliseconds).
awk -F'|' '{ n = split($3, w, " "); for (i = 1; i <= n; i++) v[i] = w[i] + 0
             for (i = 2; i <= n; i++) { x = v[i]; j = i - 1; while (j >= 1 && v[j] > x) { v[j + 1] = v[j]; j-- } v[j + 1] = x }
             m = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
             printf "%d %.4f %.17g\n", $1, m / 1e6, m / 1e6 }' "$tmp/ns" | sort -n > "$tmp/median"
# The report's snapshot of it, and what the report prints: the appendix's
# cells (view report_cell: a latest result's median, 4 decimals) through
# the report's printer.
make -s --no-print-directory DB="$db" REPORT_BUILD="$tmp/rb" "$tmp/rb/report.db" > "$tmp/make.log" 2>&1 ||
  { cat "$tmp/make.log"; notok "the report's snapshot of the hoststudy database builds"; }
printf '%s\n' '{{table: SELECT result_id AS "id", ms_cell AS "ms" FROM report_cell WHERE study = '"'hoststudy'"' ORDER BY result_id}}' \
  > "$tmp/cells.md"
"$TOOLS/mdquery" "$tmp/rb/report.db" "$tmp/cells.md" > "$tmp/cells.out" 2> "$tmp/err" || notok "mdquery prints the cells" "$(cat "$tmp/err")"
sed -n 's/^| *\([0-9][0-9]*\) *| *\([0-9.]*\)\**  *|$/\1 \2/p' "$tmp/cells.out" > "$tmp/printed"
check_eq "the report prints every configuration's median (8 cells)" "$(wc -l < "$tmp/printed" | tr -d ' ')" 8
# printed PRINTED: each printed value (ID VALUE lines) against the
# recomputed median of its id, rounded to the printed 4 decimals: within
# half a unit of the last decimal (a median that falls on a tie, such as
# 1.08585, is printed either way by one printf or another). Prints
# "N BAD": the values compared, those off.
printed() {
  awk 'NR == FNR { m[$1] = $3; next } { d = $2 - m[$1]; if (d < 0) d = -d; n++; if (!($1 in m) || d > 0.00005 * (1 + 1e-9)) bad++ }
       END { print n + 0, bad + 0 }' "$tmp/median" "$1"
}
check_eq "the median the report prints is the one recomputed from the stored samples, every configuration" \
  "$(cut -d' ' -f1 "$tmp/printed" | paste -sd' ') $(printed "$tmp/printed")" "$(cut -d' ' -f1 "$tmp/median" | paste -sd' ') 8 0"
vals=$(awk '{ printf "%s(%d, %s)", (NR > 1 ? ", " : ""), $1, $3 }' "$tmp/median")
check_eq "... to the last bit: result_stat's median is the recomputed one (as doubles: 8 equal)" \
  "$(sqlite3 "$tmp/rb/report.db" "SELECT count(*) FROM result_stat s JOIN (VALUES $vals) v ON v.column1 = s.result_id
                                  WHERE s.median_ms = v.column2")" 8
# The harness's progress line ("... 1.0803 ms, ...") is the same number.
cat "$tmp/run1" "$tmp/run2" | sed -n 's/.* \.\.\. \([0-9.]*\) ms, .*/\1/p' | awk '{ print NR, $1 }' > "$tmp/progress"
check_eq "the harness printed the same medians while measuring (the sleep runs)" "$(printed "$tmp/progress")" "5 0"
check_eq "the quarters of the sampling order hold every sample (1000: parts of 250, medians in order)" \
  "$(sqlite3 -cmd ".load $(make -s --no-print-directory print-SQLSTATS)" "$tmp/rb/report.db" \
      "SELECT samples_part_median(s.ns, 1, 4) IS NOT NULL AND samples_part_median(s.ns, 4, 4) IS NOT NULL
              AND samples_count(s.ns) = 1000 FROM result r JOIN result_sample s USING (result_id) WHERE r.reps = 1000")" 1

# ------------------------------------------------------------- refused --
# bad NAME TEXT: a copy of the database whose first result holds TEXT.
bad() { cp "$db" "$tmp/$1.db"; q "$tmp/$1.db" "UPDATE result_sample SET ns = '$2' WHERE result_id = (SELECT min(result_id) FROM result_sample)" > /dev/null; }
one_line() { [ "$1" = "$2" ] && [ "$(wc -l < "$3")" -eq 1 ]; }
for c in "zero:1000 0 2000:sample 2: 0 ns: impossible" "negative:1000 -5:sample 2: negative" \
         "inf:1000 Inf:sample 2: not a whole number" "huge:1000 1e300:sample 2: not a whole number" \
         "fraction:1.5 1000:sample 1: not a whole number" "absurd:20000000000000:sample 1: absurd (over 1e13 ns)" \
         "empty::no sample"; do
  name=${c%%:*} rest=${c#*:} text=${rest%%:*} why=${rest#*:}
  bad "$name" "$text"
  rm -f "$tmp/m.db"
  "$DBTOOL" merge "$tmp/$name.db" -o "$tmp/m.db" > /dev/null 2> "$tmp/err"
  check "merge of '$text': exit 4, one line, nothing written" one_line "$?:$(test -e "$tmp/m.db" && echo made)" "4:" "$tmp/err"
  check "... naming the result and the sample: $why" grep -qF "$tmp/$name.db: result 1: its samples: $why" "$tmp/err"
  "$DBTOOL" snapshot "$tmp/$name.db" "$tmp/s.db" 2> "$tmp/err"
  check "snapshot (the report) of '$text': exit 4, one line, nothing made" \
    one_line "$?:$(test -e "$tmp/s.db" && echo made)" "4:" "$tmp/err"
done
# A dump holding one (the shipped data's form): load and snapshot refuse it.
"$DBTOOL" dump "$db" "$tmp/d.sql" 2> "$tmp/err" || notok "the dump of the sound database" "$(cat "$tmp/err")"
sed 's/^(1,'"'"'\([0-9]*\) /(1,'"'"'\1 0 /' "$tmp/d.sql" > "$tmp/bad.sql"
check "the planted dump differs from the sound one" sh -c "! cmp -s '$tmp/d.sql' '$tmp/bad.sql'"
"$DBTOOL" load "$tmp/bad.sql" "$tmp/l.db" 2> "$tmp/err"
check "load of a dump with a 0 ns sample: exit 4, one line, nothing made" \
  one_line "$?:$(test -e "$tmp/l.db" && echo made)" "4:" "$tmp/err"
check "... naming it" grep -qF "result 1: its samples: sample 2: 0 ns: impossible; nothing loaded" "$tmp/err"
"$DBTOOL" snapshot "$tmp/bad.sql" "$tmp/s.db" 2> "$tmp/err"
check "snapshot of that dump: exit 4, one line" one_line "$?:$(test -e "$tmp/s.db" && echo made)" "4:" "$tmp/err"
make -s --no-print-directory DB="$tmp/zero.db" REPORT_BUILD="$tmp/rz" "$tmp/rz/report.db" > "$tmp/make.log" 2>&1
check_eq "the report of a database holding one: fails, no snapshot, says which sample" \
  "$? $(test -e "$tmp/rz/report.db" && echo made) $(grep -c 'result 1: its samples: sample 2: 0 ns: impossible' "$tmp/make.log")" "2  1"
# The minimal harness's samples likewise.
cp "$db" "$tmp/ref.db"
q "$tmp/ref.db" "INSERT INTO reference_timing(bench_uuid, device_id, trial, started_utc, what, dtype, n, repeat, samples,
                  discarded, flush_bytes, ns) VALUES('cb-1', 1, 1, 't', 'cub', 'int32', 65536, 1, 2, 0, 1, '7000 -7')" > /dev/null
rm -f "$tmp/m.db"; "$DBTOOL" merge "$tmp/ref.db" -o "$tmp/m.db" > /dev/null 2> "$tmp/err"
check "merge of a minimal-harness set with a negative sample: exit 4, one line, names it" \
  sh -c "one_line() { [ \"\$1\" = \"\$2\" ] && [ \$(wc -l < \"\$3\") -eq 1 ]; };
         one_line '$?' 4 '$tmp/err' && grep -qF 'reference_timing cb-1, trial 1, cub n=65536, repeat 1: its samples: sample 2: negative' '$tmp/err'"
# The analysis itself (samples_median() and the others) stops on one: the
# engine refuses, whatever reads it.
check "the analysis on a database holding one: samples_median()'s error" \
  sh -c "cat reports/schema.sql reports/analysis/10-results.sql | sqlite3 -bail -cmd '.load $(make -s --no-print-directory print-SQLSTATS)' '$tmp/zero.db' 2>&1 |
         grep -q 'samples: sample 2: 0 ns: impossible'"

[ "$nfail" -eq 0 ] && echo "# all raw-samples checks passed"
exit $((nfail > 0))
