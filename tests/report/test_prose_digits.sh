#!/bin/sh
# tests/report/test_prose_digits.sh: no hand-typed number in the report's
# prose. A digit in reports/sections/*.md outside a query block (see
# tests/report/prose-digits.awk) fails, unless it starts no number (it is
# part of a name: H100, float32, sm_90, unroll8) or an entry of
# tests/report/prose-digits.allow covers it: a constant of the method, each
# with its reason. Measurements, thresholds (report_setting) and run
# settings must come from a query.
#   sh tests/report/test_prose_digits.sh [SECTION.md...]
# Also checks itself: a planted number is caught, an allow-listed one is not.
set -u
allow=tests/report/prose-digits.allow
n=0 failed=0
ok() {
  n=$((n + 1)); what=$1; shift
  if "$@"; then echo "ok $n - $what"; else echo "not ok $n - $what"; failed=$((failed + 1)); fi
}
# findings FILE...: every prose line with a number not covered by the
# allow-list ("pattern | reason": an extended regular expression; the digits
# of its matches on a line are allowed).
findings() {
  awk -f tests/report/prose-digits.awk "$@" | awk -v allow="$allow" "$(cat tests/report/allow-list.awk)"'
    {
      f = $0; sub(/:.*/, "", f); rest = substr($0, length(f) + 2); ln = rest; sub(/:.*/, "", ln)
      t = substr(rest, length(ln) + 2)
      split("", ok)                     # positions covered by a match of an entry (in the line as written)
      for (p = 1; p <= np; p++) {
        off = 0; v = t
        while (match(v, pat[p]) && RLENGTH > 0) {
          for (c = off + RSTART; c < off + RSTART + RLENGTH; c++) ok[c] = 1
          off += RSTART + RLENGTH - 1; v = substr(v, RSTART + RLENGTH)
          if (pat[p] ~ /^\^/) break      # an anchored entry matches once
        }
      }
      m = ""
      for (c = 1; c <= length(t); c++) { ch = substr(t, c, 1); m = m ((c in ok) && ch ~ /[0-9]/ ? "#" : ch) }
      if (m ~ /(^|[^A-Za-z0-9_#])[0-9]/) { print f ":" ln ": " t; bad = 1 }
    }
    END { exit bad }'
}
if [ $# -gt 0 ]; then findings "$@"; exit; fi

out=$(findings reports/sections/*.md)
[ -n "$out" ] && printf '%s\n' "$out" | sed 's/^/# /'
ok "no hand-typed number in the sections' prose (a finding above each: move it into a query, report_setting or the allow-list with a reason)" test -z "$out"
ok "every allow-list entry has a reason" sh -c "! grep -vE '^#|^[[:space:]]*\$| [|] .*[^[:space:]]' '$allow' | grep -q ."

# The test can fail: a number planted in prose, in a caption and after a
# query block is found; inside a query, in a name or allow-listed it is not.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
printf 'The kernel takes 12 ms.\n' > "$tmp/a.md"
printf '![Caption at 4096 widgets.](figures/x){#fig:x width=100%%}\n' > "$tmp/b.md"
printf '{{= SELECT 1}} and then 3 more.\n' > "$tmp/c.md"
printf '{{= SELECT 12}} on the H100 with float32, {{table: SELECT 7\n  FROM t}}\n: caption {#tbl:x}\n' > "$tmp/d.md"
printf 'claim 001-texture of seed 003 at its 95%% interval\n' > "$tmp/e.md"
found() { ! findings "$1" > /dev/null; }
ok "a number in prose is found" found "$tmp/a.md"
ok "a number in a caption is found" found "$tmp/b.md"
ok "a number after a query block is found" found "$tmp/c.md"
ok "numbers inside queries, names and attributes are not" findings "$tmp/d.md"
ok "seed and claim ids and the interval's level are allow-listed" findings "$tmp/e.md"

if [ $failed -ne 0 ]; then echo "# $failed of $n checks failed"; exit 1; fi
echo "# all $n checks passed"
