#!/bin/sh
# tests/report/test_hostile2.sh: the report's side of untrusted data, second
# pass (issue 34), on the report test's fixture database, in a temporary
# directory (no PDF is rendered: the snapshot, the text, the figures and the
# export are what changed). Each check names the issue's item:
#   1  a GPU name stored as a BLOB: the report's snapshot and `make export`
#      refuse it with one line; the export leaves no temporary file
#   5  the snapshot follows the database it is given: DB=b.db after a newer
#      a.db, an updated DB, a deleted DB (the shipped data), and not rebuilt
#      when nothing changed
#   9  a figure gnuplot leaves truncated (a full disk) is refused with one
#      line, never installed; a whole one is
#   12 `make report` takes a lock under REPORT_BUILD: a second one waits
#   13 a latest run with NULL git_commit renders; CSV cells that would be
#      formulas (=HYPERLINK...) are exported as text
# Run from the repository root (make test does); needs build/tools/mdquery,
# dbtool and errata (make test-build) and sqlite3 and gnuplot.
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0
ok() {
  n=$((n + 1)); what=$1; shift
  if "$@"; then echo "ok $n - $what"; else echo "not ok $n - $what"; failed=$((failed + 1)); fi
}
. tests/cli/paths.sh
mk() { make -s --no-print-directory REPORT_BUILD="$tmp/build" SHIPPED="$tmp/ship.sql.gz" "$@"; }
fixture() {
  cat data/schema.sql tests/report/fixture_stat_columns.sql tests/report/fixture_distance.sql tests/report/fixture_raytrace.sql tests/report/fixture_access.sql \
    tests/report/fixture_two_devices.sql tests/report/fixture_stencil.sql tests/report/fixture_claims.sql \
    tests/report/fixture_measure.sql tests/report/fixture_thresholds.sql tests/report/fixture_to_samples.sql | sqlite3 -bail "$1"
}
fixture "$tmp/a.db" || { echo "not ok - fixture"; exit 1; }
# The "shipped" data of this test: the fixture under another GPU name.
"$TOOLS/dbtool" snapshot "$tmp/a.db" "$tmp/s.db" && sqlite3 "$tmp/s.db" "UPDATE device SET name = 'Shipped GPU ' || device_id" &&
FORCE=1 DBTOOL="$TOOLS/dbtool" sh experiments/tools/dump-db "$tmp/s.db" "$tmp/ship.sql.gz" ||
  { echo "not ok - shipped fixture"; exit 1; }
names() { sqlite3 "$tmp/build/report.db" "SELECT group_concat(name, ',') FROM (SELECT name FROM device ORDER BY 1)"; }

# ----------------------------------------------------------------- 13 --
sqlite3 "$tmp/a.db" "UPDATE device SET name = '=HYPERLINK(\"http://x/\",\"A\") ' || device_id;
  UPDATE run SET git_commit = NULL WHERE run_id = (SELECT max(run_id) FROM run WHERE status = 'complete')"
mk DB="$tmp/a.db" "$tmp/build/report.db" > "$tmp/log" 2>&1
ok "the snapshot of a.db builds" test $? = 0
"$TOOLS/mdquery" "$tmp/build/report.db" reports/sections/00-title.md > "$tmp/title.md" 2> "$tmp/err"
ok "13 a latest run with NULL git_commit: the title renders" test $? = 0
mk DB="$tmp/a.db" EXPORT_DIR="$tmp/exp" EXPORT_SAMPLES=1 export > /dev/null 2>&1
ok "13 export: exit 0" test $? = 0
csv_text() { grep -qF "\"'=HYPERLINK" "$1" && ! grep -q '^"=' "$1"; }
ok "13 export: an =HYPERLINK name is text in results.csv (a leading ')" csv_text "$tmp/exp/results.csv"
ok "13 export: ... and in samples.csv" csv_text "$tmp/exp/samples.csv"

# ------------------------------------------------------------------ 5 --
fixture "$tmp/b.db"; sqlite3 "$tmp/b.db" "UPDATE device SET name = 'B GPU ' || device_id"
touch -d '2001-01-01' "$tmp/b.db"
mk DB="$tmp/b.db" "$tmp/build/report.db" > /dev/null 2>&1
ok "5 DB=b.db (older) after a.db: b's snapshot" test "$(names)" = "B GPU 1,B GPU 2"
t0=$(stat -c %Y.%y "$tmp/build/report.db")
sleep 1; mk DB="$tmp/b.db" "$tmp/build/report.db" > /dev/null 2>&1
ok "5 nothing changed: not rebuilt" test "$(stat -c %Y.%y "$tmp/build/report.db")" = "$t0"
sqlite3 "$tmp/b.db" "UPDATE device SET name = 'C GPU ' || device_id"; touch -d '2001-01-01' "$tmp/b.db"
mk DB="$tmp/b.db" "$tmp/build/report.db" > /dev/null 2>&1
ok "5 b.db changed (its time kept): rebuilt" test "$(names)" = "C GPU 1,C GPU 2"
mk DB="$tmp/gone.db" "$tmp/build/report.db" > "$tmp/log" 2>&1
ok "5 a deleted DB: the shipped data" sh -c "[ '$(names)' = 'Shipped GPU 1,Shipped GPU 2' ] && grep -q 'shipped measurements' '$tmp/log'"

# ------------------------------------------------------------------ 1 --
cp "$tmp/b.db" "$tmp/e.db"
sqlite3 "$tmp/e.db" "UPDATE device SET name = CAST(name || ' \\input{/etc/hostname} <script>x</script>' AS BLOB)"
mk DB="$tmp/e.db" "$tmp/build/report.db" > /dev/null 2> "$tmp/err"
ok "1 the report of a BLOB name: refused" test $? != 0
ok "1 ... with one line naming the column" sh -c "[ \$(grep -c 'dbtool snapshot' '$tmp/err') -eq 1 ] && grep -q device.name '$tmp/err'"
ok "1 ... and the previous snapshot is not replaced by it" test "$(names)" = "Shipped GPU 1,Shipped GPU 2"
mk DB="$tmp/e.db" EXPORT_DIR="$tmp/exp2" export > /dev/null 2>&1
ok "1 make export of it: fails, leaving no temporary file" sh -c "[ $? -ne 0 ] && ! ls -A '$tmp/exp2' 2>/dev/null | grep -q tmp"

# ------------------------------------------------------------------ 9 --
fig=$(ls reports/figures/*.gp | head -1); fig=$(basename "$fig" .gp)
mkdir -p "$tmp/fake"
cat > "$tmp/fake/gnuplot" <<'EOF'
#!/bin/sh
# a gnuplot on a full disk: the first 8192 bytes of a figure, exit 0
for a; do case $a in *outfile=*) f=${a#*outfile=\'}; f=${f%%\'*} ;; esac; done
head -c 8192 /dev/zero > "$f"; exit 0
EOF
chmod +x "$tmp/fake/gnuplot"
mk DB="$tmp/b.db" "$tmp/build/figures/$fig.dat" > /dev/null 2>&1
for ext in pdf svg; do
  PATH="$tmp/fake:$PATH" mk DB="$tmp/b.db" "$tmp/build/figures/$fig.$ext" > /dev/null 2> "$tmp/err"
  ok "9 a truncated $ext (gnuplot exit 0): refused" test $? != 0
  ok "9 ... one line naming it, nothing installed, no temporary file" \
    sh -c "[ \$(grep -c incomplete '$tmp/err') -eq 1 ] && [ ! -e '$tmp/build/figures/$fig.$ext' ] && ! ls -a '$tmp/build/figures' | grep -q '^\\.tmp'"
  mk DB="$tmp/b.db" "$tmp/build/figures/$fig.$ext" > /dev/null 2> "$tmp/err"
  ok "9 a whole $ext: installed" test -s "$tmp/build/figures/$fig.$ext"
done
ok "9 figure_complete: a PNG without IEND is refused" \
  sh -c "printf '\\211PNG\\r\\n' > '$tmp/x.png'; ! sh reports/figure_complete.sh '$tmp/x.png' 2>/dev/null"

# ----------------------------------------------------------------- 12 --
mkdir -p "$tmp/build"
flock "$tmp/build/report.lock" sleep 3 & holder=$!
sleep 0.5
t0=$(date +%s)
mk -n DB="$tmp/b.db" REPORT_PDF="$tmp/r.pdf" REPORT_HTML="$tmp/r.html" report > /dev/null 2> "$tmp/err"
t1=$(date +%s); wait $holder
ok "12 make report while another holds the lock: waits for it, saying so" \
  sh -c "[ $((t1 - t0)) -ge 2 ] && grep -q 'a make report or export runs in .*: waiting for it' '$tmp/err'"

[ $failed = 0 ] || echo "# $failed of $n failed"
exit $((failed > 0))
