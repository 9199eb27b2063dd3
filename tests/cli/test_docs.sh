#!/bin/sh
# tests/cli/test_docs.sh: the documentation stays true to the tree.
#   - every repository path named in README.md, docs/*.md, the report's
#     sections and the comments of the code (C, CUDA, shell, make, SQL, awk,
#     Lua, gnuplot, Python, the matrices) exists: a path is a word starting
#     with one of the tree's top folders (kernels/ experiments/ reports/
#     tests/ data/ docs/ .ci/); <name> and NAME parts and * match anything;
#     build/ outputs and what the pipeline itself creates (GENERATED below)
#     are not the tree's. CHANGELOG.md is history: it may name what is gone;
#     this file names a gone path on purpose.
#   - README.md is one screen: at most 200 lines; every `make TARGET` it
#     names is a target of the Makefile; its headline numbers are those
#     `make readme` writes from the shipped data (with ORACLE_DB).
#   - docs/method.md mirrors the report's Method section
#     (reports/sections/80-method.md): its sections are the section's
#     paragraph topics (**Topic.**), in order.
# Needs no binary but mdquery for the headline. Usage: sh tests/cli/test_docs.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
nfail=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_docs.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
ok() { echo "ok $1"; }
notok() { echo "not ok $1${2:+: $2}"; nfail=$((nfail + 1)); }

# What the pipeline makes at run time (never in the tree), with why.
GENERATED='data/measurements.db data/measurements.db-wal data/measurements.db-shm
data/measurements.sql data/slurm tests/fuzz/regressions/* reports/report.pdf reports/report.html'
#   data/measurements.db*  the local database `make measure` creates
#   reports/report.pdf, .html  what `make report` renders
#   data/measurements.sql  the plain dump of old commits, named where it is no longer read
#   data/slurm             `make slurm`'s output folder
#   tests/fuzz/regressions/NAME  made by `make fuzz` for a finding

# The tree's text files to check (docs whole, code its comments).
git ls-files -- README.md docs kernels experiments reports tests data/schema.sql .ci Makefile 2>/dev/null |
  grep -v -e '\.gz$' -e '\.csv$' -e '^tests/fuzz/corpus/' -e '^tests/fuzz/regressions/' -e '^tests/profile/' \
         -e '^tests/cli/test_docs.sh$' \
  > "$tmp/files"
for d in docs/*.md; do [ -f "$d" ] && echo "$d"; done >> "$tmp/files"
sort -u "$tmp/files" -o "$tmp/files"
nfiles=$(wc -l < "$tmp/files")
[ "$nfiles" -gt 100 ] && ok "the tree's files listed ($nfiles)" || notok "the tree's files listed" "$nfiles"

# Every word naming a path, with its file ("FILE<TAB>PATH"), in one awk pass:
# a file's text is its comments by its kind (C, CUDA, CSS: // and /* */;
# SQL, Lua: --; TeX: %; the rest: #), Markdown whole.
tr '\n' '\0' < "$tmp/files" | xargs -0 awk '
  FNR == 1 { inc = 0; kind = "sh"
             if (FILENAME ~ /\.md$/) kind = "md"; else if (FILENAME ~ /\.(c|h|cu|cuh|css)$/) kind = "c"
             else if (FILENAME ~ /\.(sql|lua)$/) kind = "sql"; else if (FILENAME ~ /\.tex$/) kind = "tex" }
  { line = $0; t = ""
    if (kind == "md") t = line
    else if (kind == "c") {
      if (inc) { if ((i = index(line, "*/"))) { t = substr(line, 1, i - 1); inc = 0 } else t = line }
      else {
        if ((i = index(line, "//"))) t = substr(line, i + 2)
        if ((i = index(line, "/*"))) { u = substr(line, i + 2); if ((j = index(u, "*/"))) u = substr(u, 1, j - 1); else inc = 1; t = t " " u }
      }
    } else if (kind == "sql") { if ((i = index(line, "--"))) t = substr(line, i + 2) }
    else if (kind == "tex") { if ((i = index(line, "%"))) t = substr(line, i + 1) }
    else if (line ~ /^[ \t]*#/) t = line
    else if ((i = index(line, " # "))) t = substr(line, i + 3)
    while (match(t, /(^|[^A-Za-z0-9_\/.$~-])(kernels|experiments|reports|tests|data|docs|\.ci)\/[A-Za-z0-9_.\/<>*+-]*/)) {
      w = substr(t, RSTART, RLENGTH); t = substr(t, RSTART + RLENGTH)
      sub(/^[^A-Za-z.]/, "", w); sub(/[.,:;)]+$/, "", w)
      print FILENAME "\t" w
    }
  }' | sort -u > "$tmp/named"
n=$(wc -l < "$tmp/named")
[ "$n" -gt 200 ] && ok "paths named in docs and comments: $n" || notok "paths named in docs and comments" "only $n"

: > "$tmp/missing"
while IFS='	' read -r f p; do
  g=$(printf '%s' "$p" | sed -E -e 's/<[^>]*>/*/g' -e 's/[A-Z][A-Z0-9_]+/*/g')
  for x in $GENERATED; do
    case "$g" in "$x"|"$x"/*) g= ;; esac
  done
  [ -n "$g" ] || continue
  case "$g" in
    *'*'*) # shellcheck disable=SC2086
           ls -d $g > /dev/null 2>&1 || echo "$f: $p" >> "$tmp/missing" ;;
    *) [ -e "$g" ] || echo "$f: $p" >> "$tmp/missing" ;;
  esac
done < "$tmp/named"
if [ -s "$tmp/missing" ]; then notok "every path named in docs and comments exists" "$(sort -u "$tmp/missing" | head -20 | tr '\n' ';')"
else ok "every path named in docs and comments exists"; fi

# The stale name of issue 44: reports/views.sql is gone (reports/analysis/).
if grep -n 'reports/views\.sql' $(grep -v '^CHANGELOG.md$' "$tmp/files") > "$tmp/views" 2>/dev/null; then
  notok "no file but the changelog names reports/views.sql" "$(cut -d: -f1 "$tmp/views" | sort -u | tr '\n' ' ')"
else ok "no file but the changelog names reports/views.sql"; fi

# README: one screen, and its make targets are targets.
lines=$(wc -l < README.md)
[ "$lines" -le 200 ] && ok "README.md is at most 200 lines ($lines)" || notok "README.md is at most 200 lines" "$lines"
targets=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -pRrq -f Makefile : 2>/dev/null |
          sed -n 's/^\([a-z][a-z0-9_.-]*\):.*/\1/p' | sort -u)
bad=""
for t in $(grep -ohE '`make [a-z][a-zA-Z0-9_./-]*' README.md docs/*.md 2>/dev/null | sed 's/.*`make //' | sort -u); do
  case "$t" in */*|print-*) continue ;; esac   # a file target, or print-VAR
  printf '%s\n' "$targets" | grep -qx "$t" || bad="$bad $t"
done
[ -z "$bad" ] && ok "every \`make TARGET\` of README.md and docs/ is a target" || notok "every \`make TARGET\` of README.md and docs/ is a target" "$bad"

# README's headline numbers are the shipped data's, as `make readme` writes
# them (reports/readme-headline.md on the shipped data's snapshot, ORACLE_DB,
# which `make test` builds; without it, this check is skipped, saying so).
if [ -n "${ORACLE_DB:-}" ] && [ -r "$ORACLE_DB" ]; then
  . tests/cli/paths.sh
  "$TOOLS/mdquery" --cache reports/report_cache.sql "$ORACLE_DB" reports/readme-headline.md | cat -s > "$tmp/want"
  awk '/^<!-- headline/ { f = 1; next } /^<!-- \/headline -->/ { f = 0 } f' README.md > "$tmp/got"
  if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then ok "README.md's headline numbers are the shipped data's (make readme)"
  else notok "README.md's headline numbers are the shipped data's" "run make readme: $(diff "$tmp/want" "$tmp/got" | head -5 | tr '\n' ' ')"; fi
else
  echo "# README.md's headline numbers not checked: no ORACLE_DB (make test builds the shipped data's snapshot)"
fi

# docs/method.md mirrors the report's Method section, topic by topic.
sed -n 's/^\*\*\([^*]*\)\.\*\*.*/\1/p' reports/sections/80-method.md > "$tmp/report-topics"
sed -n 's/^## //p' docs/method.md > "$tmp/doc-topics"
if [ -s "$tmp/report-topics" ] && cmp -s "$tmp/report-topics" "$tmp/doc-topics"; then
  ok "docs/method.md has the Method section's topics, in order ($(wc -l < "$tmp/doc-topics"))"
else
  notok "docs/method.md has the Method section's topics, in order" \
    "report: $(tr '\n' '|' < "$tmp/report-topics") docs: $(tr '\n' '|' < "$tmp/doc-topics")"
fi

[ "$nfail" -eq 0 ]
