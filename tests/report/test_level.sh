#!/bin/sh
# tests/report/test_level.sh: the interval's level is set in one place
# (issue 43 item 2). On a copy of the tree (git ls-files, as the worktree
# has them) SQLSTATS_LEVEL (reports/sqlstats.c) is moved five points lower,
# read from the source, not typed (95 -> 90 today), and the stopping rule's
# level STATS_STOP_PCT (experiments/harness/stats.h, declared in the engine
# beside it) three points lower, so that no printed level of either can
# stand for the other; then `make report` there, from the report test's
# small fixture (tests/report/fixture_*.sql, as test_report builds it):
#   - the snapshot's stat_decl declares the moved levels;
#   - the PDF's text and the HTML's text print the moved interval level next
#     to an interval word, and no old level (the interval's or the stopping
#     rule's) next to one: within 80 characters of 'interval', 'error bar',
#     'conformal', 'quantile', 'confidence', 'Wilson' or 'bracket'. A
#     failure lists each offender (file: the text around it) and the
#     report's source files that type an old level ('95%', '0.95', '1.96',
#     '97.5' for 95: the sections, the analysis, the figures, the C);
#   - config_stats' intervals narrow: none wider than with the tree's own
#     engine on the same fixture, some narrower;
#   - the oracle (tests/report/oracle.py, reading its levels from
#     stat_decl) finds no mismatch on the moved snapshot, with that engine.
# Needs no GPU; needs the report's tools (pandoc, xelatex, gnuplot,
# pdftotext), gcc, sqlite3 and a python3 whose sqlite3 loads extensions.
# About 20 s of CPU. Usage: sh tests/report/test_level.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh

PY=
for p in python3 /usr/bin/python3; do
  if $p -c 'import sqlite3; c = sqlite3.connect(":memory:"); c.enable_load_extension(True)' \
       2>/dev/null; then PY=$p; break; fi
done
[ -n "$PY" ] || { notok "a python3 whose sqlite3 loads extensions"; exit 1; }

level=$(sed -n 's/^#define SQLSTATS_LEVEL \([0-9][0-9]*\)$/\1/p' reports/sqlstats.c)
stop=$(sed -n 's/^#define STATS_STOP_PCT \([0-9][0-9]*\)$/\1/p' experiments/harness/stats.h)
[ -n "$level" ] && [ -n "$stop" ] ||
  { notok "the levels read from the source" "SQLSTATS_LEVEL '$level', STATS_STOP_PCT '$stop'"; exit 1; }
moved=$((level - 5))
olds=$(printf '%s\n' "$level" "$stop" | sort -u | tr '\n' ' ' | sed 's/ $//')
stopm=$((stop - 3))
[ "$stopm" -eq "$level" ] || [ "$stopm" -eq "$moved" ] && stopm=$((stop - 4))

# The copy: every tracked file the worktree has (its uncommitted edits
# included), times kept.
tree=$tmp/tree
mkdir -p "$tree"
git ls-files -z | xargs -0 sh -c 'for f; do [ -f "$f" ] && printf "%s\0" "$f"; done' _ |
  xargs -0 cp -p --parents -t "$tree" || { notok "the tree copied"; exit 1; }
sed -i "s/^#define SQLSTATS_LEVEL $level\$/#define SQLSTATS_LEVEL $moved/" "$tree/reports/sqlstats.c"
sed -i "s/^#define STATS_STOP_PCT $stop\$/#define STATS_STOP_PCT $stopm/" "$tree/experiments/harness/stats.h"
check_eq "the copy's levels: SQLSTATS_LEVEL $level -> $moved, STATS_STOP_PCT $stop -> $stopm" \
  "$(grep -c "^#define SQLSTATS_LEVEL $moved\$" "$tree/reports/sqlstats.c") $(grep -c "^#define STATS_STOP_PCT $stopm\$" "$tree/experiments/harness/stats.h")" "1 1"

# The fixture (test_report's), and the report made from it in the copy.
db=$tmp/fixture.db
cat data/schema.sql tests/report/fixture_stat_columns.sql tests/report/fixture_distance.sql \
    tests/report/fixture_raytrace.sql tests/report/fixture_access.sql tests/report/fixture_two_devices.sql \
    tests/report/fixture_stencil.sql tests/report/fixture_claims.sql tests/report/fixture_measure.sql \
    tests/report/fixture_thresholds.sql tests/report/fixture_to_samples.sql | sqlite3 -bail "$db" ||
  { notok "the fixture"; exit 1; }
m() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u TOOLS -u SQLSTATS -u STUDIES -u TESTBIN -u CU_TOOLS \
        make --no-print-directory "$@"; }
if ! (cd "$tree" && m -j2 DB="$db" REPORT_BUILD="$tmp/moved" REPORT_PDF="$tmp/moved.pdf" \
        REPORT_HTML="$tmp/moved.html" report) > "$tmp/make.log" 2>&1; then
  tail -20 "$tmp/make.log" | sed 's/^/# /'; notok "make report in the copy, the level at $moved"; exit 1
fi
ok "make report in the copy, the level at $moved"
ext=$tree/build/lib/sqlstats.so
sqlite() { e=$1; shift; sqlite3 -bail -cmd ".load $e" "$@"; }
check_eq "stat_decl: interval, paired ratio, share, one-run interval, compare at $moved; the stopping rule at $stopm" \
  "$(sqlite "$ext" "$tmp/moved/report.db" "SELECT group_concat(name || '=' || level, ' ') FROM (SELECT name, level
       FROM stat_decl WHERE name IN ('interval', 'paired ratio', 'share', 'one-run interval', 'compare', 'stopping rule')
       ORDER BY name)")" \
  "compare=$moved interval=$moved one-run interval=$moved paired ratio=$moved share=$moved stopping rule=$stopm"

# The printed levels. levels FILE.txt...: each old level next to an
# interval word ('OLD file: text'), and the count of the moved one's.
pdftotext "$tmp/moved.pdf" "$tmp/report.pdf.txt" || notok "pdftotext reads the PDF"
sed -e 's/<[^>]*>/ /g' -e 's/&nbsp;/ /g' "$tmp/moved.html" > "$tmp/report.html.txt"
levels() {
  $PY - "$level $stop" "$moved" "$@" <<'EOF'
import re, sys
old, moved, files = sys.argv[1].split(), sys.argv[2], sys.argv[3:]
words = re.compile(r'interval|error bar|conformal|quantile|confidence|wilson|bracket', re.I)
def near(text, pct):
    for m in re.finditer(r'(?<![\d.])%s(?:\.0)?\s?%%' % pct, text):
        around = text[max(0, m.start() - 80):m.end() + 80]
        if words.search(around):
            yield around
for f in files:
    text = re.sub(r'\s+', ' ', open(f, encoding='utf-8', errors='replace').read())
    name = f.split('/')[-1][:-4]
    for pct in sorted(set(old)):
        for around in near(text, pct):
            print('OLD %s: ...%s...' % (name, around))
    print('MOVED %s %d' % (name, sum(1 for _ in near(text, moved))))
EOF
}
levels "$tmp/report.pdf.txt" "$tmp/report.html.txt" > "$tmp/levels.out" || notok "the printed levels read"
for f in report.pdf report.html; do
  n=$(sed -n "s/^MOVED $f //p" "$tmp/levels.out")
  if [ "${n:-0}" -gt 0 ]; then ok "$f prints the moved level, $moved%, next to an interval word ($n times)"
  else notok "$f prints the moved level, $moved%, next to an interval word" "none found"; fi
done
if grep -q '^OLD ' "$tmp/levels.out"; then
  sed -n 's/^OLD /# /p' "$tmp/levels.out"
  # Where an old level is typed: the report's sources (sections, analysis,
  # figures, the C and shell beside them), the engine's own definitions left
  # out.
  pat=""
  for p in $olds; do
    # its two-sided quantile's tail (97.5 for 95) and, for 95, the normal quantile
    q=$(awk -v p="$p" 'BEGIN { t = sprintf("%g", (100 + p) / 2); gsub(/\./, "\\.", t); printf "|%s%s", t, (p == 95 ? "|1\\.96" : "") }')
    pat="$pat${pat:+|}(^|[^0-9.])$p(\\.0)? ?%|(^|[^0-9])0\\.$p([^0-9]|\$)$q"
  done
  (cd "$tree" && grep -rnE "$pat" reports/sections reports/analysis reports/figures reports/*.c reports/*.sql \
     reports/*.sh reports/*.awk experiments/tools/*.sql 2>/dev/null |
     grep -vE '^[^:]*:[0-9]+:[[:space:]]*(--|#|\*\*|/\*|//)' | cut -c1-160) > "$tmp/typed.out"
  echo "# the report's sources that type an old level ($olds) outside comments, by file (some may be no interval's):"
  cut -d: -f1 "$tmp/typed.out" | sort | uniq -c | sed 's/^/#   /'
  sed 's/^/#     /' "$tmp/typed.out"
  notok "no old level ($olds) printed next to an interval word" \
    "$(grep -c '^OLD ' "$tmp/levels.out") found: $(sed -n 's/^OLD \([^:]*\):.*/\1/p' "$tmp/levels.out" | sort | uniq -c | awk '{ printf "%s%s in %s", (NR > 1 ? ", " : ""), $1, $2 }')"
else
  ok "no old level ($olds) printed next to an interval word, in the PDF or the HTML"
fi

# The intervals narrow: the same fixture's snapshot with the tree's own engine.
if m DB="$db" REPORT_BUILD="$tmp/own" "$tmp/own/report.db" > "$tmp/own.log" 2>&1; then
  check_eq "config_stats' intervals at $moved against $level: none wider, some narrower (of those with an interval)" \
    "$(sqlite "$ext" "$tmp/moved/report.db" "ATTACH '$tmp/own/report.db' AS b;
        SELECT sum(m.hi_ms - m.lo_ms > (c.hi_ms - c.lo_ms) * (1 + 1e-12)) || ' '
               || (sum(m.hi_ms - m.lo_ms < (c.hi_ms - c.lo_ms) * (1 - 1e-12)) > 0)
        FROM config_stats m JOIN b.config_stats c USING (device_id, study, config_key, flush, mode)
        WHERE c.hi_ms > c.lo_ms")" "0 1"
else
  tail -5 "$tmp/own.log" | sed 's/^/# /'; notok "the fixture's snapshot with the tree's own engine"
fi

# The oracle with the moved engine, on the moved snapshot.
(cd "$tree" && $PY tests/report/oracle.py "$tmp/moved/report.db" --max-print 5 --load "$ext") > "$tmp/oracle.out" 2>&1
rc=$?
grep -v '^ok ' "$tmp/oracle.out" | sed 's/^/# /'
if [ $rc -eq 0 ]; then ok "the oracle with the engine at $moved: no mismatch"
else notok "the oracle with the engine at $moved: no mismatch" "oracle exit $rc"; fi

[ $nfail -eq 0 ]
