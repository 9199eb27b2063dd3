#!/bin/sh
# tests/report/test_hostile.sh: the report of a database whose text is
# hostile (issue 21). The report test's fixtures, with every free-text column
# poisoned by tests/report/fixture_hostile.sql (shell, LaTeX, HTML, YAML and
# Markdown metacharacters; views, a table and a trigger named like the
# report's), rendered to PDF and HTML in a temporary directory. Checks:
#   - the render succeeds (the YAML title block holds a GPU name with '"');
#   - nothing ran: the marker file that backticks, $(...) or the trigger
#     would create is absent (gnuplot, the shell, sqlite3's writefile);
#   - nothing was read: the canary file's content (random) is in neither
#     the PDF's text nor the HTML, plain or base64 (\input, an image);
#   - the markup is text: the PDF shows \input{ and <b onmouseover; the HTML
#     has &lt;b onmouseover and no such tag, image or javascript: link;
#   - the report's views are its own: the database's are not used;
#   - text LaTeX cannot set (Chinese, an emoji) renders: '?' in the PDF, the
#     characters themselves in the HTML; bidirectional and zero-width
#     characters are dropped (no U+202E reverses the HTML); control
#     characters (the figure data's separator \x1f, ESC) become '?' before
#     they reach figure data: every figure's data has as many fields on a
#     line as its header (issue 45).
# Run from the repository root (make test does); needs build/tools/mdquery,
# dbtool and errata (make test-build) and the report tools.
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0
ok() {
  n=$((n + 1)); what=$1; shift
  if "$@"; then echo "ok $n - $what"; else echo "not ok $n - $what"; failed=$((failed + 1)); fi
}
no() { ! "$@"; }

secret="canary-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
printf '%s\n' "$secret" > "$tmp/canary"
db=$tmp/hostile.db
{ cat data/schema.sql tests/report/fixture_stat_columns.sql tests/report/fixture_distance.sql tests/report/fixture_raytrace.sql tests/report/fixture_access.sql \
    tests/report/fixture_two_devices.sql tests/report/fixture_stencil.sql tests/report/fixture_claims.sql \
    tests/report/fixture_measure.sql tests/report/fixture_thresholds.sql tests/report/fixture_to_samples.sql
  sed -e "s|@MARKER@|$tmp/marker|g" -e "s|@CANARY@|$tmp/canary|g" tests/report/fixture_hostile.sql
} | sqlite3 -bail "$db" || { echo "not ok - fixture"; exit 1; }

make --no-print-directory DB="$db" REPORT_BUILD="$tmp/build" REPORT_PDF="$tmp/report.pdf" \
  REPORT_HTML="$tmp/report.html" "$tmp/report.pdf" "$tmp/report.html" > "$tmp/make.log" 2>&1
rc=$?
[ $rc = 0 ] || tail -30 "$tmp/make.log"
ok "the report renders from hostile text" test $rc = 0
ok "nothing ran: no marker file (backticks, \$(...), a trigger)" test ! -e "$tmp/marker"
[ -f "$tmp/report.pdf" ] && pdftotext "$tmp/report.pdf" - | tr '\n' ' ' | sed 's/  */ /g' > "$tmp/flat.txt"
[ -f "$tmp/flat.txt" ] || : > "$tmp/flat.txt"
[ -f "$tmp/report.html" ] || : > "$tmp/report.html"
b64=$(printf '%s\n' "$secret" | base64)
ok "nothing read: the canary's content is not in the PDF" no grep -qF "$secret" "$tmp/flat.txt"
ok "nothing read: the canary's content is not in the HTML (plain or base64)" \
  no grep -qF -e "$secret" -e "$b64" "$tmp/report.html"
ok "LaTeX is text in the PDF (\\input{ shown)" grep -qF '\input{' "$tmp/flat.txt"
ok "HTML is text in the PDF" grep -qF '<b onmouseover=alert(2)>' "$tmp/flat.txt"
ok "HTML is text in the HTML (&lt;b onmouseover)" grep -qF '&lt;b onmouseover=alert(2)&gt;' "$tmp/report.html"
ok "no tag, image or javascript: link from the database in the HTML" \
  no grep -qiE '<b onmouseover|<img src="?x|href="javascript' "$tmp/report.html"
ok "Markdown is text (**s** and the directive shown)" grep -qF '**s** _u_ ~t~ ^v^' "$tmp/flat.txt"
ok "the title block holds the GPU name with its quote" grep -qF 'Measured on the Fixture GPU A Evil' "$tmp/flat.txt"
ok "the report's views are its own (not the database's)" no grep -qF 'HOSTILE-VIEW' "$tmp/flat.txt" "$tmp/report.html"
ok "Unicode LaTeX cannot set renders: the HTML has the Chinese name and the emoji" \
  sh -c "grep -qF '名前' '$tmp/report.html' && grep -qF \"\$(printf '\\360\\237\\230\\200')\" '$tmp/report.html'"
ok "... and the PDF shows the rest of the name" grep -qF 'desrever' "$tmp/flat.txt"
ok "bidirectional and zero-width characters are dropped: the HTML has the name, no U+202E, U+202C or U+200B" \
  sh -c "grep -qF desrever '$tmp/report.html' && ! grep -qF -e '$(printf '\342\200\256')' -e '$(printf '\342\200\254')' \
           -e '$(printf '\342\200\213')' '$tmp/report.html'"
ok "every line of every figure's data has as many fields as its block's header" \
  awk -F'\t' 'FNR == 1 || $0 == "" { h = 0 } $0 == "" { next } !h { n = NF; h = 1; next } NF != n { bad = 1 } END { exit bad }' \
  "$tmp"/build/figures/*.dat
[ $failed = 0 ] || { echo "# make log: $(wc -l < "$tmp/make.log") lines"; }
exit $((failed > 0))
