#!/bin/sh
# tests/cli/test_build_id.sh: a study binary's build id (Makefile,
# buildinfo_rule) depends on what it measures with, never on the analysis:
# in a copy of the tree, editing every file of reports/analysis/ and the
# statistics functions (reports/sqlstats.c) leaves every binary's id as it
# was, while editing data/schema.sql (what the binaries write) or the
# harness changes them all; another build folder changes none. Needs no GPU.
# Usage: sh tests/cli/test_build_id.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh

# ids DIR: every study binary's build id, one "name id" a line.
ids() {
  for b in $(make -C "$1" -s --no-print-directory print-BINARIES); do
    echo "$b $(make -C "$1" -s --no-print-directory "print-${b}_ID")"
  done
}
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | (mkdir -p "$tmp/tree" && cd "$tmp/tree" && tar -xf -) ||
  { notok "a copy of the tree"; exit 1; }
ids "$tmp/tree" > "$tmp/before"
check "every study binary has an id" test "$(wc -l < "$tmp/before")" -ge 5 -a -z "$(awk 'NF != 2' "$tmp/before")"

# The id names what was built, never where: another build folder, another
# architecture folder (issue 44's keyed folders), the same ids.
ids_in() { d=$1; shift
  for b in $(make -C "$d" -s --no-print-directory print-BINARIES); do
    echo "$b $(make -C "$d" -s --no-print-directory "$@" "print-${b}_ID")"
  done; }
check_eq "another BUILD folder: the same build ids" "$(ids_in "$tmp/tree" BUILD="$tmp/elsewhere")" "$(cat "$tmp/before")"

for f in "$tmp"/tree/reports/analysis/*.sql "$tmp/tree/reports/sqlstats.c"; do echo '-- an analysis edit' >> "$f"; done
ids "$tmp/tree" > "$tmp/analysis"
check_eq "an edit of every analysis file changes no build id" "$(diff "$tmp/before" "$tmp/analysis")" ""

echo '-- a schema edit' >> "$tmp/tree/data/schema.sql"
ids "$tmp/tree" > "$tmp/schema"
check_eq "an edit of data/schema.sql changes every build id" \
  "$(join "$tmp/before" "$tmp/schema" | awk '$2 == $3' | wc -l)" 0

[ "$nfail" -eq 0 ] && echo "# all build id checks passed"
exit $((nfail > 0))
