#!/bin/sh
# tests/report/test_fact_views.sh: the analysis returns facts, the sections
# write the words (issue 46 item 1). No view of the files listed below may
# build prose: a printf() whose format, or a literal concatenated with ||,
# holds a word of three letters or more (tests/report/fact-views.awk),
# unless an entry of tests/report/fact-views.allow covers it (a data label,
# with its reason). Files not yet converted are listed apart (PENDING, each
# with its owner); one converted joins the list by moving there.
#   sh tests/report/test_fact_views.sh [FILE.sql...]   (only those, no self-check)
# Also checks itself: a planted sentence is caught, an allow-listed label and
# a verdict keyword are not.
set -u
allow=tests/report/fact-views.allow
# Every analysis file is checked (PENDING lists a file being converted,
# printed with its count of findings instead of failing; none today).
PENDING=''
n=0 failed=0
ok() {
  n=$((n + 1)); what=$1; shift
  if "$@"; then echo "ok $n - $what"; else echo "not ok $n - $what"; failed=$((failed + 1)); fi
}
# findings FILE...: every literal that builds prose and no entry allows.
findings() {
  for f in "$@"; do awk -f tests/report/fact-views.awk "$f"; done | awk -v allow="$allow" "$(cat tests/report/allow-list.awk)"'
    {
      lit = $0; sub(/^[^:]*:[0-9]+: '"'"'/, "", lit); sub(/'"'"'$/, "", lit)
      for (p = 1; p <= np; p++) if (lit ~ pat[p]) next
      print; bad = 1
    }
    END { exit bad }'
}
if [ $# -gt 0 ]; then findings "$@"; exit; fi

files=
for f in reports/analysis/*.sql; do
  case " $(echo $PENDING) " in *" $f "*) ;; *) files="$files $f" ;; esac
done
out=$(findings $files)
[ -n "$out" ] && printf '%s\n' "$out" | sed 's/^/# /'
ok "no analysis view builds prose ($(echo $files | wc -w) files; a finding above each: return the numbers and word them in the section)" test -z "$out"
for f in $PENDING; do
  [ -f "$f" ] || { ok "pending file $f exists" false; continue; }
  echo "# pending: $f ($(findings "$f" | wc -l) literals)"
done

# The test can fail: a printf sentence and a concatenated sentence are found;
# a verdict keyword, a configuration key's fragment and a number format are not.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/bad.sql" <<'SQL'
CREATE VIEW a AS SELECT printf('%d of %d hold', x, y) AS t FROM z;
CREATE VIEW b AS SELECT 'not profiled on ' || label AS t FROM z;
CREATE VIEW d AS SELECT x AS "runs' range" FROM z;
CREATE VIEW e AS SELECT printf('%d configurations agree', x) AS t FROM z;
SQL
cat > "$tmp/good.sql" <<'SQL'
-- a comment that says 'it holds ' || x is no code
CREATE VIEW c AS SELECT CASE WHEN x THEN 'does not hold' END AS v, key || ' flush=' || f AS k,
  printf('%.2f', x) AS n, 'it''s' AS q FROM z;
SQL
ok "a printf sentence and a concatenated sentence are found, also after a quoted column name with an apostrophe" test "$(findings "$tmp/bad.sql" | wc -l)" -eq 3
ok "a verdict keyword, a key's fragment, a number format and a comment are not" test -z "$(findings "$tmp/good.sql")"

[ $failed -eq 0 ] || { echo "# $failed of $n checks failed"; exit 1; }
echo "# all $n checks passed"
