#!/bin/sh
# tests/cli/test_mdquery.sh: reports/mdquery.c (build/tools/mdquery) on a small
# database made here, its output compared byte for byte with what its
# contract (the comment at the top of reports/mdquery.c) says:
# - {{= SQL}} prints the first column of the first row (floats as %.4g), the
#   text around it unchanged; every section ends with one newline added;
# - {{table: SQL}} a pipe table: header from the column names, dashes as
#   many as the longest cell (3 to 60), right-aligned (---:) where the first
#   row holds a number, '|' escaped, a newline in a cell a space, NULL empty;
# - {{if: SQL}} A {{else}} B {{end}}: true is non-zero and non-NULL; no row
#   and NULL are false; nesting; the branch not taken is not evaluated;
# - {{each: SQL}} BODY {{end}}: a body per row, columns bound as :name (64
#   bound columns at most, nested blocks together); {{pivot: SQL}}: a column
#   per header, right-aligned when its first cell starts like a number;
# - a failing query, no row, a NULL scalar, an empty table, an unclosed {{,
#   an unknown directive, a stray {{else}}/{{end}}, an unclosed or too deep
#   {{if:}}: exit 1 naming FILE:LINE (lines counted across {{each:}}
#   blocks and inside their directive) and a non-empty cause; the database
#   is opened read-only;
# - sections expanded by several processes (MDQUERY_JOBS) give the bytes
#   one process gives, in order; a failure in one: exit 1, nothing written;
# - --help (exit 0), wrong usage (exit 2), a missing database or section
#   (exit 1).
# Needs build/tools/mdquery and build/cuda-KEY/tests/sqlq (no sqlite3 command).
# Prints 'ok NAME' / 'not ok NAME'; exits 1 if any failed.
# Usage: sh tests/cli/test_mdquery.sh   (binaries: as tests/cli/lib.sh finds them)
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
MDQ="$TOOLS/mdquery"
SQLQ="$TESTBIN/sqlq"
for f in "$MDQ" "$SQLQ"; do
  [ -x "$f" ] || { notok "binary $f exists" "run make test-build"; exit 1; }
done

db="$tmp/t.db"
: > "$db"
"$SQLQ" "$db" "CREATE TABLE t(name TEXT, n INTEGER, x REAL, note TEXT);
  INSERT INTO t VALUES ('alpha', 1, 3.14159265, 'a|b'), ('b', 22, 1e-7, NULL),
                       ('long', 333, 2.0, 'two
lines');
  CREATE TABLE w(s TEXT); INSERT INTO w VALUES ('$(printf '%070d' 7)');
  CREATE TABLE e(v INTEGER);" || { notok "fixture database"; exit 1; }

# run_mdq NAME: expand $tmp/NAME.md (and more sections); sets rc, out, err.
run_mdq() {
  "$MDQ" "$db" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  err=$(cat "$tmp/err")
}
# same NAME WANTFILE: the output is WANTFILE byte for byte.
same() {
  if cmp -s "$tmp/out" "$2"; then ok "$1"; else
    notok "$1" "output differs: $(diff "$2" "$tmp/out" | head -n 6 | tr '\n' '~')"
  fi
}

# ---- scalars: first column of the first row, %.4g floats, text kept as is.
printf 'A {{= SELECT n FROM t ORDER BY n DESC}} and {{=SELECT x, n FROM t WHERE n = 1}}.\n  {{= SELECT name FROM t ORDER BY n }}|{{= SELECT 0.5 + 0.25 }}|{{= SELECT -7}}\n' > "$tmp/s.md"
printf 'A 333 and 3.142.\n  alpha|0.75|-7\n\n' > "$tmp/s.want"
run_mdq "$tmp/s.md"
check_eq "scalar: exit 0" "$rc" 0
same "scalar: first column of the first row, text around unchanged, newline added" "$tmp/s.want"

# ---- two sections: in order, each with its newline.
printf 'one {{= SELECT 1}}' > "$tmp/one.md"
printf 'two {{= SELECT 2}}\n' > "$tmp/two.md"
printf 'one 1\ntwo 2\n\n' > "$tmp/two.want"
run_mdq "$tmp/one.md" "$tmp/two.md"
same "sections in order, each ends with a newline" "$tmp/two.want"

# ---- a table.
printf 'T:{{table: SELECT name, n, x, note FROM t ORDER BY n}}end\n' > "$tmp/t.md"
cat > "$tmp/t.want" <<'EOF'
T:
| name | n | x | note |
|:---------|------:|---------:|:---------------|
| alpha | 1 | 3.142 | a\|b |
| b | 22 | 1e-07 |  |
| long | 333 | 2 | two lines |

end

EOF
run_mdq "$tmp/t.md"
check_eq "table: exit 0" "$rc" 0
same "table: header, dashes as wide as the longest cell, numbers right-aligned, | escaped, NULL empty" "$tmp/t.want"

# Dashes (pandoc sizes wrapped columns by them): the longest cell or header
# word, at most 40 characters and at least 2, times 3 halves, plus 2 for the
# column gap; a text first row left-aligns the column.
printf '{{table: SELECT 1 AS a, s AS b, '"'x'"' AS c FROM w}}' > "$tmp/w.md"
{ printf '\n| a | b | c |\n|-----:|:'; printf '%062d' 0 | tr 0 -; printf '|:-----|\n| 1 | '; printf '%070d' 7; printf ' | x |\n\n\n'; } > "$tmp/w.want"
run_mdq "$tmp/w.md"
same "table: 5 to 62 dashes" "$tmp/w.want"

# The alignment follows the first row: a number first, then text.
printf '{{table: SELECT v AS col FROM (SELECT 1 AS k, 5 AS v UNION ALL SELECT 2, '"'txt'"') ORDER BY k}}' > "$tmp/a.md"
printf '\n| col |\n|------:|\n| 5 |\n| txt |\n\n\n' > "$tmp/a.want"
run_mdq "$tmp/a.md"
same "table: alignment from the first row" "$tmp/a.want"

# Many rows (more than the first allocation) all printed, in order.
printf '{{table: WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 150) SELECT i FROM c}}' > "$tmp/m.md"
{ printf '\n| i |\n|------:|\n'; i=1; while [ $i -le 150 ]; do printf '| %d |\n' $i; i=$((i + 1)); done; printf '\n\n'; } > "$tmp/m.want"
run_mdq "$tmp/m.md"
same "table: 150 rows in order" "$tmp/m.want"

# ---- conditions.
cat > "$tmp/c.md" <<'EOF'
[{{if: SELECT 1}}yes{{else}}no{{end}}][{{if: SELECT 0}}yes{{else}}no{{end}}]
[{{if: SELECT NULL}}yes{{else}}no{{end}}][{{if: SELECT v FROM e}}yes{{else}}no{{end}}]
[{{if: SELECT 0.5}}half{{end}}][{{if: SELECT 0}}gone{{end}}][{{if: SELECT 'x'}}text{{else}}zero{{end}}]
[{{if: SELECT 1}}a{{if: SELECT 0}}b{{else}}c{{if: SELECT 1}}d{{end}}{{end}}e{{else}}f{{end}}]
[{{if: SELECT 0}}{{= SELECT nope FROM nowhere}}{{table: SELECT v FROM e}}{{if: SELECT 1}}g{{else}}h{{end}}{{else}}i{{end}}]
EOF
printf '[yes][no]\n[no][no]\n[half][][zero]\n[acde]\n[i]\n\n' > "$tmp/c.want"
run_mdq "$tmp/c.md"
check_eq "if: exit 0" "$rc" 0
same "if: true/false/NULL/no row, optional else, nesting, branch not taken not evaluated" "$tmp/c.want"

# 16 levels of nesting are allowed, 17 are not.
nest() { i=0; while [ $i -lt "$1" ]; do printf '{{if: SELECT 1}}'; i=$((i + 1)); done; printf 'deep'
         i=0; while [ $i -lt "$1" ]; do printf '{{end}}'; i=$((i + 1)); done; }
nest 16 > "$tmp/n16.md"
run_mdq "$tmp/n16.md"
check_eq "if: 16 levels" "$rc:$(cat "$tmp/out")" "0:deep"
nest 17 > "$tmp/n17.md"
run_mdq "$tmp/n17.md"
check_eq "if: 17 levels exit 1" "$rc" 1
case "$err" in *"n17.md:1: {{if:}} nested too deep"*) ok "if: 17 levels named" ;; *) notok "if: 17 levels named" "$err" ;; esac

# ---- {{each:}}: the body once per row, the row's columns bound as :name;
# nested, with {{if:}} inside; an inner binding hides an outer one.
cat > "$tmp/e.md" <<'EOF'
{{each: SELECT n AS k, name FROM t ORDER BY n}}[{{= SELECT :name}}:{{= SELECT :k * 2}}{{if: SELECT :k > 100}}!{{end}}{{each: SELECT 7 AS k}}({{= SELECT :k}}){{end}}]{{end}}
EOF
printf '[alpha:2(7)][b:44(7)][long:666!(7)]\n\n' > "$tmp/e.want"
run_mdq "$tmp/e.md"
check_eq "each: exit 0" "$rc" 0
same "each: a body per row in order, :name bound, nesting, if inside" "$tmp/e.want"
printf '[{{if: SELECT 0}}{{each: SELECT nope FROM nowhere}}x{{end}}{{end}}]{{each: SELECT 1 WHERE 0}}y{{end}}\n' > "$tmp/e0.md"
printf '[]\n\n' > "$tmp/e0.want"
run_mdq "$tmp/e0.md"
same "each: not evaluated in a branch not taken; no row, no body" "$tmp/e0.want"

# ---- {{pivot:}}: rows by the leading columns, a column per header value,
# both in order of first appearance, '-' where a cell is missing.
cat > "$tmp/p.md" <<'EOF'
{{pivot: SELECT r AS "row", h, v FROM (SELECT 1 AS o, 'r1' AS r, 'B' AS h, '1.5' AS v UNION ALL SELECT 2, 'r1', 'A', 'x' UNION ALL SELECT 3, 'r2', 'B', '2') ORDER BY o}}
EOF
printf '\n| row | B | A |\n|:------|------:|:-----|\n| r1 | 1.5 | x |\n| r2 | 2 | - |\n\n\n\n' > "$tmp/p.want"
run_mdq "$tmp/p.md"
same "pivot: a column per header, a row per key, '-' for a missing cell" "$tmp/p.want"
# A pivoted column's alignment: '-5' starts like a number (right), '-x' does not (left).
cat > "$tmp/pn.md" <<'EOF'
{{pivot: SELECT 'r1' AS "row", h, v FROM (SELECT 1 AS o, 'A' AS h, '-x' AS v UNION ALL SELECT 2, 'B', '-5') ORDER BY o}}
EOF
printf '\n| row | A | B |\n|:------|:-----|-----:|\n| r1 | -x | -5 |\n\n\n\n' > "$tmp/pn.want"
run_mdq "$tmp/pn.md"
same "pivot: '-5' right-aligned, '-x' left-aligned" "$tmp/pn.want"

# 64 bound columns are allowed; a 65th (here in a nested block) stops the build.
cols() { i=1; sep=''; while [ $i -le "$1" ]; do printf '%s%d AS c%d' "$sep" $i $i; sep=', '; i=$((i + 1)); done; }
printf '{{each: SELECT %s}}{{= SELECT :c1 + :c64}}{{end}}' "$(cols 64)" > "$tmp/b64.md"
run_mdq "$tmp/b64.md"
check_eq "each: 64 bound columns" "$rc:$(cat "$tmp/out")" "0:65"
printf '{{each: SELECT %s}}{{each: SELECT 1 AS x}}{{= SELECT :x}}{{end}}{{end}}' "$(cols 64)" > "$tmp/b65.md"
run_mdq "$tmp/b65.md"
case "$rc:$err" in
  "1:mdquery: $tmp/b65.md:1: {{each:}}: too many bound columns"*) ok "each: a 65th bound column stops the build" ;;
  *) notok "each: a 65th bound column stops the build" "exit $rc: $err" ;;
esac

# ---- errors: exit 1, FILE:LINE and the cause on stderr.
# fails NAME TEXT LINE CAUSE
fails() {
  printf '%b' "$2" > "$tmp/f.md"
  run_mdq "$tmp/f.md"
  case "$rc:$err" in
    "1:mdquery: $tmp/f.md:$3: $4"*) ok "error: $1" ;;
    *) notok "error: $1" "exit $rc: $err" ;;
  esac
  # The first line is 'mdquery: FILE:LINE: WHAT: CAUSE', the cause not empty.
  case "$(printf '%s\n' "$err" | head -n 1)" in
    "mdquery: $tmp/f.md:$3: $4"*": "?*) ok "error: $1: the cause is given" ;;
    *) notok "error: $1: the cause is given" "$err" ;;
  esac
}
fails "bad SQL" 'a\nb {{= SELEC 1}}' 2 "query failed"
fails "no row" 'x\n{{= SELECT v FROM e}}' 2 "query returned no row"
fails "NULL scalar" '\n\n{{= SELECT NULL}}' 3 "query returned NULL"
fails "empty scalar" '\n{{= SELECT substr(name, 99) FROM t}}' 2 "query returned an empty text"
fails "unbound parameter" '{{= SELECT :gpu}}' 1 "parameter not bound by an enclosing {{each:}}"
fails "unclosed each" 'a\n{{each: SELECT 1}}x' 2 "{{each:}} without {{end}}"
fails "line inside a many-line each directive" '{{each: SELECT\n1 AS k}}{{= SELECT nope}}{{end}}' 2 "query failed"
fails "line after an each block" 'a\n{{each: SELECT 1}}\nx\n{{end}}\n{{= SELECT nope}}' 5 "query failed"
fails "two cells for one pivot cell" '{{pivot: SELECT 1, 2, 3 UNION ALL SELECT 1, 2, 4}}' 1 "pivot"
fails "pivot of two columns" '{{pivot: SELECT 1, 2}}' 1 "pivot"
fails "bad table SQL" '{{table: SELECT nope}}' 1 "table query failed"
fails "empty table" '{{=\nSELECT 1\n}}\n{{table: SELECT v FROM e}}' 4 "table query returned no rows"
fails "bad condition" '{{if: SELECT nope}}x{{end}}' 1 "condition failed"
fails "condition failing when run" '\n{{if: SELECT abs(-9223372036854775807 - 1)}}x{{end}}' 2 "condition failed"
fails "scalar failing when run" '{{= SELECT abs(-9223372036854775807 - 1)}}' 1 "query returned no row"
fails "table failing when run" '{{table: SELECT abs(-9223372036854775807 - 1)}}' 1 "table query failed"
fails "unclosed {{" 'a\n{{= SELECT 1' 2 "unclosed {{"
fails "unknown directive" '{{include: x}}' 1 "unknown directive"
fails "stray else" 'a\n\n{{else}}' 3 "{{else}} without {{if:}}"
fails "stray end" '{{end}}' 1 "{{end}} without {{if:}}"
fails "unclosed if" '{{if: SELECT 1}}\nx\n' 1 "{{if:}} without {{end}}"
run_mdq "$tmp/s.md" "$tmp/f.md"
check_eq "error: a failing second section still exits 1" "$rc" 1

# Read-only: a writing query fails and changes nothing.
printf '{{table: INSERT INTO e VALUES (1) RETURNING v}}' > "$tmp/ro.md"
run_mdq "$tmp/ro.md"
check_eq "read-only: a write fails" "$rc" 1
check_eq "read-only: nothing written" "$("$SQLQ" "$db" "SELECT count(*) FROM e")" 0

# ---- usage.
# ---- the sections expanded by several processes (MDQUERY_JOBS): the same
# bytes in the same order as one process gives; a section that fails in a
# worker: exit 1, its FILE:LINE on stderr, nothing on stdout.
i=1; set --
while [ $i -le 9 ]; do
  printf '# part %d\n\n{{table: SELECT name, n * %d AS "n" FROM t ORDER BY n}}\n{{= SELECT %d}}\n' $i $i $i > "$tmp/p$i.md"
  set -- "$@" "$tmp/p$i.md"; i=$((i + 1))
done
MDQUERY_JOBS=1 "$MDQ" "$db" "$@" > "$tmp/serial" 2>&1
for j in 2 3 9 20; do
  MDQUERY_JOBS=$j "$MDQ" "$db" "$@" > "$tmp/out" 2>"$tmp/err"; rc=$?
  check_eq "MDQUERY_JOBS=$j: exit 0, the sections in order as one process writes them" \
    "$rc $(cmp -s "$tmp/out" "$tmp/serial" && echo same) $(grep -c '^# part' "$tmp/out")" "0 same 9"
done
printf '{{= SELECT nosuch FROM t}}\n' > "$tmp/p5.md"
MDQUERY_JOBS=3 "$MDQ" "$db" "$@" > "$tmp/out" 2>"$tmp/err"; rc=$?
check_eq "MDQUERY_JOBS=3, a failing section: exit 1, named on stderr, nothing on stdout" \
  "$rc $(grep -c "p5.md:1" "$tmp/err") $(wc -c < "$tmp/out" | tr -d ' ')" "1 1 0"

"$MDQ" --help >"$tmp/out" 2>"$tmp/err"; rc=$?
check_eq "--help: exit 0" "$rc" 0
check "--help: usage on stdout" grep -q '^Usage: mdquery \[--cache SQL\] DB SECTION.md' "$tmp/out"
"$MDQ" -h >"$tmp/out" 2>&1; rc=$?
check_eq "-h: exit 0" "$rc:$(head -c 14 "$tmp/out")" "0:Usage: mdquery"
"$MDQ" "$db" >"$tmp/out" 2>"$tmp/err"; rc=$?
check_eq "no section: exit 2" "$rc" 2
check "no section: usage on stderr, nothing on stdout" sh -c "grep -q '^Usage:' '$tmp/err' && ! test -s '$tmp/out'"
"$MDQ" "$tmp/none.db" "$tmp/s.md" >"$tmp/out" 2>"$tmp/err"; rc=$?
check_eq "missing database: exit 1" "$rc" 1
check "missing database: named" grep -q "cannot open $tmp/none.db" "$tmp/err"
run_mdq "$tmp/missing.md"
check_eq "missing section: exit 1" "$rc:$err" "1:mdquery: cannot open $tmp/missing.md"

[ "$nfail" -eq 0 ]
