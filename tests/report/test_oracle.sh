#!/bin/sh
# tests/report/test_oracle.sh: the report's statistics and verdicts against
# an independent oracle (tests/report/oracle.py: Python's standard library,
# reading only the raw tables). Each check builds a report snapshot the way
# `make report` does (dbtool snapshot, then the report's SQL files: see
# analysis_sql below) and runs the oracle on it, which must find no value
# off by more than 1e-9 (relative) and no verdict other than its own:
#   - fixtures (tests/report/oracle_fixture.py) of 1, 2, 3 and 4 machines of
#     one GPU model, with 3, 4 and 5 trials (odd and even counts of trials
#     and of held-out trials; the 4-machine fixture also has a second model
#     of one machine with one trial), with counters, samples and the minimal
#     harness's rows, so that every claim and target is judged on them;
#   - the shipped data (data/measurements.sql.gz): ORACLE_DB=PATH, a snapshot
#     of it (`make test` passes the one `make oracle-db` builds, once, as
#     `make report` would from the shipped data: build/test-shipped/report.db),
#     else one built here, checked in the background while the fixtures are;
#   - a copy of the 2-machine fixture with two configurations of one block
#     tied on trial 1 and the centre: the views and the oracle pick the same;
# and the oracle must fail where the views are wrong:
#   - one value of config_stats moved by 1e-7 and one row of ratio_stats
#     left out, on a copy;
#   - one result's samples changed after the views computed its statistics
#     (the oracle computes every median from the samples itself);
#   - the running-count median put back (a median taken with row_number()
#     and count(*) over a window with ORDER BY: count(*) is then a running
#     count, and with three or more rows the "median" is the mean of the two
#     lowest) in model_stats and reduce_heldout, on the 3-machine fixture;
#   - a comparison of a verdict rule flipped, on the 4-machine fixture: claim
#     000-serialise's upper bound (claim_verdict) and the ladder's 'missed'
#     (reduce_top_target);
#   - published_measured's CUB value (the published reference points)
#     broken, on the 4-machine fixture: a machine's median of its trials made
#     their mean, and the memset flush made the clean one;
#   - bad usage: exit 2, one line on stderr.
# Needs no GPU; needs build/tools/dbtool (TOOLS=dir), sqlite3 and python3
# (about 25 s on two cores with ORACLE_DB, 40 s without).
# Usage: sh tests/report/test_oracle.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh

# The SQL files `make report` applies to a snapshot, in order: the report's
# tables, then the analysis (make variable ANALYSIS_SQL: reports/analysis/,
# its last file caching the views into tables).
analysis_sql() {
  a=$(make -s --no-print-directory print-ANALYSIS_SQL 2>/dev/null)
  [ -n "$a" ] && echo "reports/schema.sql $a"
}
SQL_FILES=$(analysis_sql)

# The statistics functions the views call, as a SQLite extension (SQLSTATS
# as `make test` sets it, else the make variable of that name; built here
# if missing): the sqlite3 command and the oracle's Python load it, so the
# Python is one whose sqlite3 can load extensions (python3, else
# /usr/bin/python3).
SQLSTATS=${SQLSTATS:-$(make -s --no-print-directory print-SQLSTATS 2>/dev/null)}
PY=python3
LOAD=
if [ -n "$SQLSTATS" ]; then
  [ -f "$SQLSTATS" ] || make -s --no-print-directory "$SQLSTATS" > /dev/null ||
    { notok "the statistics extension $SQLSTATS builds"; exit 1; }
  LOAD="--load $ROOT/$SQLSTATS"
  case "$SQLSTATS" in /*) LOAD="--load $SQLSTATS" ;; esac
  for p in python3 /usr/bin/python3; do
    if "$p" -c 'import sqlite3, sys; sys.exit(not hasattr(sqlite3.connect(":memory:"), "enable_load_extension"))' \
         2>/dev/null; then PY=$p; break; fi
  done
fi
sqlite() { if [ -n "$SQLSTATS" ]; then sqlite3 -bail -cmd ".load ${LOAD#--load }" "$@"; else sqlite3 -bail "$@"; fi; }

# snapshot SRC.sql OUT.db: the report's snapshot of a dump.
snapshot() {
  "$TOOLS/dbtool" snapshot "$1" "$2" > /dev/null 2>"$2.err" &&
    cat $SQL_FILES | sqlite "$2" > /dev/null 2>>"$2.err" ||
    { echo "# $(cat "$2.err")"; return 1; }
}

# oracle NAME DB: the oracle passes on DB (its summary and failures shown).
oracle() {
  $PY tests/report/oracle.py "$2" --max-print 5 $LOAD > "$tmp/oracle.out" 2>&1
  rc=$?
  grep -v '^ok ' "$tmp/oracle.out" | sed 's/^/# /'
  if [ $rc -eq 0 ]; then ok "$1"; else notok "$1" "oracle exit $rc"; fi
}

fixture() {
  name=$1; shift
  $PY tests/report/oracle_fixture.py "$@" > "$tmp/$name.sql" && snapshot "$tmp/$name.sql" "$tmp/$name.db"
}

# The shipped data, in the background: its snapshot (ORACLE_DB, or built
# here) and the oracle on it (its output in shipped.out; a snapshot that
# fails: shipped.db.err).
shipped_check() {
  if [ -n "${ORACLE_DB:-}" ] && [ -f "$ORACLE_DB" ]; then
    shipped=$ORACLE_DB
  else
    shipped="$tmp/shipped.db"
    gzip -dc "$(make -s --no-print-directory print-SHIPPED)" > "$tmp/shipped.sql" &&
      snapshot "$tmp/shipped.sql" "$shipped" > /dev/null || return 1
    rm -f "$tmp/shipped.sql"
  fi
  $PY tests/report/oracle.py "$shipped" --max-print 5 $LOAD > "$tmp/shipped.out" 2>&1
}
shipped_check &
shipped_pid=$!

for f in "1:3" "2:3 3" "3:3 4 5" "4:4 5 3 4"; do
  m=${f%%:*} trials=${f#*:}
  if fixture "m$m" $trials; then
    oracle "fixture: $m machine(s) of one model, trials $trials: no mismatch" "$tmp/m$m.db"
  else
    notok "fixture of $m machine(s) builds"
  fi
done

wait $shipped_pid
rc=$?
if [ -f "$tmp/shipped.out" ]; then
  grep -v '^ok ' "$tmp/shipped.out" | sed 's/^/# /'
  if [ $rc -eq 0 ]; then ok "the shipped data: no mismatch"; else notok "the shipped data: no mismatch" "oracle exit $rc"; fi
else
  sed 's/^/# /' "$tmp/shipped.db.err" 2>/dev/null
  notok "the shipped data's snapshot builds"
fi

# The oracle can fail: on a copy of the 2-machine fixture, config_stats'
# first row with hi_ms moved by 1e-7, and ratio_stats without its first row
# (each relation copied into a table and put back as a view of it, whether
# it was a view or a cached table).
relation_kind() { sqlite "$1" "SELECT type FROM sqlite_master WHERE name = '$2'"; }
if [ -f "$tmp/m2.db" ]; then
  cp "$tmp/m2.db" "$tmp/bad.db"
  sqlite "$tmp/bad.db" > /dev/null <<SQL || notok "the perturbed copy builds"
CREATE TABLE oracle_cs AS SELECT * FROM config_stats;
DROP $(relation_kind "$tmp/bad.db" config_stats) config_stats;
UPDATE oracle_cs SET hi_ms = hi_ms * (1 + 1e-7) WHERE rowid = (SELECT min(rowid) FROM oracle_cs WHERE hi_ms IS NOT NULL);
CREATE VIEW config_stats AS SELECT * FROM oracle_cs;
CREATE TABLE oracle_rs AS SELECT * FROM ratio_stats;
DROP $(relation_kind "$tmp/bad.db" ratio_stats) ratio_stats;
DELETE FROM oracle_rs WHERE rowid = (SELECT min(rowid) FROM oracle_rs);
CREATE VIEW ratio_stats AS SELECT * FROM oracle_rs;
SQL
  $PY tests/report/oracle.py "$tmp/bad.db" --only config_stats,ratio_stats $LOAD > "$tmp/bad.out" 2>&1
  rc=$?
  check_eq "a value moved by 1e-7 and a row left out: exit 1" "$rc" 1
  check_eq "the moved value is named: config_stats, hi_ms, one mismatch" \
    "$(grep -c '^MISMATCH config_stats .* hi_ms sql=' "$tmp/bad.out") $(grep -c '^FAIL config_stats: .* 1 mismatches$' "$tmp/bad.out")" "1 1"
  check_eq "the row left out is named: ratio_stats, row only in oracle" \
    "$(grep -c '^MISMATCH ratio_stats .* row only in oracle$' "$tmp/bad.out")" 1
  check_eq "the summary line counts the mismatches" \
    "$(tail -n 1 "$tmp/bad.out" | grep -c '^oracle: [0-9]* values checked in [0-9]* views, [1-9][0-9]* mismatches$')" 1
fi

# The oracle reads each result's samples itself: on a copy of the 2-machine
# fixture, one result's samples get one more (a huge one) after the views'
# statistics were computed from them (result_stat): its median moves, and
# the oracle names the trial's raw median.
if [ -f "$tmp/m2.db" ]; then
  cp "$tmp/m2.db" "$tmp/bad2.db"
  sqlite "$tmp/bad2.db" "UPDATE result_sample SET ns = ns || ' 9999999999' WHERE result_id = (SELECT min(result_id)
                         FROM trial WHERE timer = 'cuda-event')" > /dev/null || notok "the samples' perturbed copy builds"
  $PY tests/report/oracle.py "$tmp/bad2.db" --only trial $LOAD > "$tmp/bad2.out" 2>&1
  check_eq "a sample added behind the views' back: exit 1, the trial's raw median named" \
    "$? $(grep -c '^MISMATCH trial .* raw_median_ms sql=' "$tmp/bad2.out")" "1 1"
fi

# A tie of two configurations, on a copy of the 2-machine fixture: interleaved
# int32 at 2^20 in block 256 timed again in the same runs with the same
# times under a second key (its loads and grid axes named in the other
# order, so it sorts first), so that the two tie on trial 1, the centre and
# the block (its samples the same too): the views (reduce_best, reduce_block_pick and the step and
# total pairs and the ladder read from them) and the oracle must pick the
# same, the first key (before, each picked by the order its rows came in).
if [ -f "$tmp/m2.sql" ]; then
  tk='dtype=int32 n=1048576 block=256 loads=8 grid=1 variant=interleaved cache=cold'
  if "$TOOLS/dbtool" snapshot "$tmp/m2.sql" "$tmp/tie.db" > /dev/null 2> "$tmp/tie.err" &&
     cols=$(sqlite "$tmp/tie.db" "SELECT group_concat(name, ', ') FROM pragma_table_info('result')
                                  WHERE name NOT IN ('result_id', 'config_key')") &&
     sqlite "$tmp/tie.db" "INSERT INTO result (config_key, $cols)
                           SELECT replace(config_key, 'loads=8 grid=1', 'grid=1 loads=8'), $cols FROM result
                           WHERE config_key = '$tk';
                           INSERT INTO result_sample (result_id, ns)
                           SELECT n.result_id, s.ns FROM result o JOIN result_sample s USING (result_id)
                           JOIN result n ON n.run_id = o.run_id
                                        AND n.config_key = replace(o.config_key, 'loads=8 grid=1', 'grid=1 loads=8')
                           WHERE o.config_key = '$tk'" 2>> "$tmp/tie.err" &&
     cat $SQL_FILES | sqlite "$tmp/tie.db" > /dev/null 2>> "$tmp/tie.err"; then
    check_eq "the tie: two keys of interleaved at 2^20, block 256, one trial-1 median and one centre per machine" \
      "$(sqlite "$tmp/tie.db" "SELECT count(DISTINCT s.config_key) || ' ' || count(DISTINCT s.device_id || ' ' || s.median_ms || ' ' || t.median_ms)
                               FROM stats_default s JOIN reduce_trial t USING (device_id, config_key, flush, mode)
                               WHERE t.trial = 1 AND s.variant = 'interleaved' AND s.dtype = 'int32' AND s.n = 1048576 AND s.block = 256")" \
      "2 2"
    check_eq "the tie: reduce_best and reduce_block_pick pick the first key on both machines" \
      "$(sqlite "$tmp/tie.db" "SELECT (SELECT group_concat(DISTINCT config_key) FROM reduce_best WHERE variant = 'interleaved' AND dtype = 'int32' AND n = 1048576)
                               || ' / ' || (SELECT group_concat(DISTINCT config_key) FROM reduce_block_pick WHERE variant = 'interleaved' AND dtype = 'int32' AND n = 1048576)")" \
      "$(echo "$tk" | sed 's/loads=8 grid=1/grid=1 loads=8/') / $(echo "$tk" | sed 's/loads=8 grid=1/grid=1 loads=8/')"
    oracle "the tie: the oracle picks the same (no mismatch)" "$tmp/tie.db"
  else
    sed 's/^/# /' "$tmp/tie.err"
    notok "the tie's copy of the 2-machine fixture builds"
  fi
fi

# The running-count median put back by hand, on a copy of the 3-machine
# fixture (three machines of one model: the model median; 3 and 4 held-out
# trials: the held-out median).
if [ -f "$tmp/m3.db" ]; then
  cp "$tmp/m3.db" "$tmp/bug.db"
  sqlite "$tmp/bug.db" > /dev/null <<SQL || notok "the running-count medians put back"
DROP $(relation_kind "$tmp/bug.db" model_stats) model_stats;
CREATE VIEW model_stats AS
SELECT m.model, m.panel, m.mord, m.machines, x.study, x.config_key, x.variant, x.dtype, x.n, x.block, x.params,
  x.timer, x.flush, x.mode, count(*) AS gpus,
  (max(CASE WHEN x.rn = (x.cnt + 1) / 2 THEN x.median_ms END) + max(CASE WHEN x.rn = x.cnt / 2 + 1 THEN x.median_ms END)) / 2 AS median_ms,
  min(x.lo_ms) AS lo_ms, max(x.hi_ms) AS hi_ms, max(x.bytes_read + x.bytes_written) AS bytes, max(x.peak_gbps) AS peak_gbps
FROM (SELECT c.*, d.name, row_number() OVER w AS rn, count(*) OVER w AS cnt
      FROM stats_default c JOIN report_devices d USING (device_id)
      WINDOW w AS (PARTITION BY d.name, c.study, c.config_key, c.flush, c.mode ORDER BY c.median_ms)) x
JOIN report_models m ON m.name = x.name
GROUP BY m.name, x.study, x.config_key, x.flush, x.mode;
DROP $(relation_kind "$tmp/bug.db" reduce_heldout) reduce_heldout;
CREATE VIEW reduce_heldout AS
SELECT device_id, config_key, flush, mode, max(cnt) AS k,
       (max(CASE WHEN rn = (cnt + 1) / 2 THEN median_ms END) + max(CASE WHEN rn = cnt / 2 + 1 THEN median_ms END)) / 2 AS ms
FROM (SELECT t.*, row_number() OVER w AS rn, count(*) OVER w AS cnt FROM reduce_trial t WHERE t.trial > 1
      WINDOW w AS (PARTITION BY device_id, config_key, flush, mode ORDER BY median_ms))
GROUP BY device_id, config_key, flush, mode;
SQL
  $PY tests/report/oracle.py "$tmp/bug.db" --only model_gbps,reduce_heldout $LOAD > "$tmp/bug.out" 2>&1
  rc=$?
  check_eq "the running-count median put back: exit 1" "$rc" 1
  check_eq "... the model median (model_gbps) and the held-out median (reduce_heldout) named" \
    "$(grep -c '^MISMATCH model_gbps .* median_ms sql=' "$tmp/bug.out" | sed 's/^[1-9][0-9]*$/some/') $(grep -c '^MISMATCH reduce_heldout .* ms sql=' "$tmp/bug.out" | sed 's/^[1-9][0-9]*$/some/')" \
    "some some"
fi

# A verdict rule broken by hand, on a copy of the 4-machine fixture (where
# the ladder's targets are met, missed and inconclusive): reduce_top_target's
# "at least the threshold" (target_at_least) made "at most" (target_at_most)
# (the view made again from its text in reports/analysis/, the comparison
# flipped).
if [ -f "$tmp/m4.db" ]; then
  cp "$tmp/m4.db" "$tmp/flip.db"
  top=$(sed -n '/^CREATE VIEW reduce_top_target AS/,/^FROM t JOIN report_setting r ON r.key = t.key;$/p' reports/analysis/40-reduce.sql)
  ftop=$(printf '%s\n' "$top" | sed "s/ELSE target_at_least(t\.lo, t\.hi, r\.value) END AS verdict/ELSE target_at_most(t.lo, t.hi, r.value) END AS verdict/")
  if [ -n "$top" ] && [ "$top" != "$ftop" ]; then
    ok "the comparison found in the view's text"
  else
    notok "the comparison found in the view's text (reports/analysis/40-reduce.sql)"
  fi
  sqlite "$tmp/flip.db" > /dev/null <<SQL || notok "the flipped view builds"
DROP $(relation_kind "$tmp/flip.db" reduce_top_target) reduce_top_target;
$ftop
SQL
  $PY tests/report/oracle.py "$tmp/flip.db" --only reduce_top_target $LOAD > "$tmp/flip.out" 2>&1
  rc=$?
  check_eq "a verdict rule flipped: exit 1" "$rc" 1
  check_eq "... the ladder's targets' verdicts named" \
    "$(grep -c '^MISMATCH reduce_top_target .* verdict sql=' "$tmp/flip.out" | sed 's/^[1-9][0-9]*$/some/')" "some"
fi

# The published reference points' measured values broken by hand, on
# copies of the 4-machine fixture (one model of four machines, 3 to 5
# trials: the median over the machines of each one's median): the machine's
# median of its trials made their mean, and CUB's memset flush made the
# clean one (published_measured made again from its text in
# reports/analysis/46-timing-protocol.sql, the one expression changed).
if [ -f "$tmp/m4.db" ]; then
  pub=$(sed -n '/^CREATE VIEW published_measured AS/,/^      FROM published_ref p);$/p' reports/analysis/46-timing-protocol.sql)
  for mut in "s/median(t\.raw_median_ms) AS ms/avg(t.raw_median_ms) AS ms/:the machine's median made a mean" \
             "s/t\.flush = 'memset'/t.flush = 'clean'/:the clean flush for the memset one"; do
    fpub=$(printf '%s\n' "$pub" | sed "${mut%%:*}")
    if [ -z "$pub" ] || [ "$pub" = "$fpub" ]; then
      notok "published_measured: ${mut#*:}: found in the view's text"; continue
    fi
    cp "$tmp/m4.db" "$tmp/pub.db"
    printf 'DROP %s published_measured;\n%s\n' "$(relation_kind "$tmp/pub.db" published_measured)" "$fpub" |
      sqlite "$tmp/pub.db" > /dev/null || notok "published_measured: ${mut#*:}: the view builds"
    $PY tests/report/oracle.py "$tmp/pub.db" --only published_measured $LOAD > "$tmp/pub.out" 2>&1
    rc=$?
    check_eq "published_measured: ${mut#*:}: exit 1, CUB's H200 point at 2^20 named" \
      "$rc $(grep -c "^MISMATCH published_measured (1,) measured sql='.* us (the memset flush)' oracle=" "$tmp/pub.out")" "1 1"
  done
fi

# Bad usage: exit 2, one line on stderr, nothing on stdout.
$PY tests/report/oracle.py > "$tmp/u.out" 2> "$tmp/u.err"
check_eq "no database: exit 2, one line on stderr" "$? $(wc -l < "$tmp/u.err") $(wc -c < "$tmp/u.out")" "2 1 0"
echo "not a database" > "$tmp/junk.db"
$PY tests/report/oracle.py "$tmp/junk.db" > "$tmp/u.out" 2> "$tmp/u.err"
check_eq "a file that is no database: exit 2, one line on stderr" "$? $(wc -l < "$tmp/u.err") $(wc -c < "$tmp/u.out")" "2 1 0"

[ $nfail -eq 0 ]
