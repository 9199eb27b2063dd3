#!/bin/sh
# tests/report/test_section_queries.sh: the sections read named views, one
# line a query (issue 33 item 7). Every mdquery directive of
# reports/sections/*.md ({{= }}, {{table: }}, {{pivot: }}, {{if: }},
# {{each: }}, {{else}}, {{end}}: reports/mdquery.c) closes with its '}}' on
# the line it opens on; a query that needs more is a view in
# reports/analysis/ (91..99-section-*.sql) that the directive reads. The
# text between directives (an {{each:}} or {{if:}} body) may span lines.
#   sh tests/report/test_section_queries.sh [SECTION.md...]
# prints each directive that spans lines (FILE:LINE: its first line) and
# fails; with no argument, checks the sections and then itself: a planted
# multi-line query is caught, one-line queries and multi-line bodies are not.
# Run from the repository root.
set -u
n=0 failed=0
ok() {
  n=$((n + 1)); what=$1; shift
  if "$@"; then echo "ok $n - $what"; else echo "not ok $n - $what"; failed=$((failed + 1)); fi
}
# findings FILE...: every directive whose '{{' has no '}}' after it on its
# line (mdquery closes a directive at the first '}}' after its '{{').
findings() {
  awk '
    FNR == 1 { open = 0 }
    {
      s = $0
      if (open) { i = index(s, "}}"); if (!i) next; s = substr(s, i + 2); open = 0 }
      while ((i = index(s, "{{")) > 0) {
        s = substr(s, i + 2); j = index(s, "}}")
        if (!j) { print FILENAME ":" FNR ": " substr($0, 1, 100); open = 1; bad = 1; break }
        s = substr(s, j + 2)
      }
    }
    END { exit bad }' "$@"
}
if [ $# -gt 0 ]; then findings "$@"; exit; fi

out=$(findings reports/sections/*.md)
[ -n "$out" ] && printf '%s\n' "$out" | sed 's/^/# /'
ok "every query of the sections is one line (a finding above each: move its logic into a view of reports/analysis/)" test -z "$out"

# The test can fail: a query spanning lines is found, in each kind of
# directive and after another on its line; one-line queries with bodies,
# captions and {{else}} across lines are not.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
printf '{{table: SELECT 1 AS "a"\n  FROM t}}\n' > "$tmp/table.md"
printf 'Text {{= SELECT printf(%s, 1)\n}} more.\n' "'%d'" > "$tmp/scalar.md"
printf '{{pivot: SELECT a, b,\n c FROM t ORDER BY ord}}\n' > "$tmp/pivot.md"
printf '{{if: SELECT count(*)\nFROM t}}A{{end}}\n' > "$tmp/if.md"
printf '{{each: SELECT device_id\nFROM report_devices}}{{= SELECT :device_id}}{{end}}\n' > "$tmp/each.md"
printf '{{if: SELECT 1}}{{= SELECT text FROM x_text}} and {{= WITH a AS (SELECT 1)\nSELECT * FROM a}}{{end}}\n' > "$tmp/second.md"
printf '{{each: SELECT device_id, label FROM report_devices ORDER BY ord}}\n## {{= SELECT :label}}\n\nProse over\ntwo lines.\n{{end}}\n' > "$tmp/body.md"
printf '{{if: SELECT 1}}A\nB {{table: SELECT "x" FROM t ORDER BY ord}}\n: caption {{= SELECT note FROM n}} {#tbl:x}\n{{else}}\nC\n{{end}}\n' > "$tmp/oneline.md"
found() { ! findings "$1" > /dev/null; }
ok "a {{table:}} over two lines is found" found "$tmp/table.md"
ok "a {{= }} over two lines, in prose, is found" found "$tmp/scalar.md"
ok "a {{pivot:}} over two lines is found" found "$tmp/pivot.md"
ok "an {{if:}} over two lines is found" found "$tmp/if.md"
ok "an {{each:}} over two lines is found" found "$tmp/each.md"
ok "a WITH query after a one-line one on its line is found" found "$tmp/second.md"
named() { [ "$(findings "$tmp/second.md" | cut -d: -f2)" = 1 ]; }
ok "the second directive of a line is checked, and its line is named" named
ok "one-line queries around bodies, captions and {{else}} over several lines are not" findings "$tmp/body.md" "$tmp/oneline.md"

if [ $failed -ne 0 ]; then echo "# $failed of $n checks failed"; exit 1; fi
echo "# all $n checks passed"
