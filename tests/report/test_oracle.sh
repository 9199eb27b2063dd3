#!/bin/sh
# tests/report/test_oracle.sh: the report's statistics engine against an
# independent oracle (tests/report/oracle.py and oracle_stats.py: plain
# Python, reading only the raw tables and the engine's declarations, view
# stat_decl). Each database is built the way `make report` builds its
# snapshot (dbtool snapshot, then the report's SQL files: analysis_sql) and
# the oracle must find no value off by more than 1e-9 (relative) and no
# verdict other than its own:
#   - fixtures (tests/report/oracle_fixture.py) of 1, 2, 3 and 4 machines
#     (two and three of one model; 2, 3, 4 and 6 trials, one machine of one
#     trial), with samples on two levels 0.5 us apart under 20 us, whose
#     median jumps between the levels from process to process;
#   - the shipped data (data/measurements.sql.gz): ORACLE_DB=PATH, a snapshot
#     of it (`make test` passes the one `make oracle-db` builds, once, as
#     `make report` would), else one built here, checked in the background;
#   - `make compare`'s table compare_verdict on the 2-machine fixture against
#     its --new side (one machine re-timed, one the very same runs, one more
#     machine of the model): every group, ratio, interval and verdict; and
#     `make compare --sessions` on the 4-machine fixture (each GPU's first
#     invocation against its last);
#   - the level moved: the engine built with SQLSTATS_LEVEL five points
#     lower (a copy of reports/sqlstats.c), the 3-machine fixture's snapshot
#     made with it: the oracle, reading the level from stat_decl, still
#     finds no mismatch, and config_stats' intervals narrow (none widens);
# and the oracle must fail where the engine is wrong. Each planted error is
# made in a copy of its source (the analysis's SQL file, the engine's C, or
# compare.sql), the snapshot (or the comparison) made again with it, and
# the oracle must exit 1 naming the view the error reaches:
#   the trial value the median of the samples, not their interquartile mean;
#   the centre over trials the mean; an even count's median its upper middle
#   value (the engine's C); the level read as a constant (typed in the SQL,
#   and in the engine's Wilson interval; with the moved level); the
#   conformal rank off by one (C); a held-out trial judged against a centre
#   it is part of; the launch-floor correction's sign flipped; the interval
#   not widened to the configuration's own range; the coverage check sized
#   on the half it judges; pairs taken across processes; the paired ratio a
#   mean of the per-process ratios; the model value a mean over machines; a
#   model's range called from its machines' interval ends; an invocation's
#   value the mean of its trials; a target's verdict flipped; the verdict
#   functions' "at least" made strict (C); compare's t made the normal
#   quantile; compare --sessions taking the first invocation for the last;
#   where the engine has the claims' judging function (claim_judge): a
#   claim without a magnitude held on an interval starting at 1 (C);
# and by hand on copies: a value moved by 1e-7 and a row left out, a sample
# added behind the views' back, a declared method changed (the oracle
# follows it) or unknown to it (it refuses), and bad usage (exit 2).
# Needs no GPU; needs build/tools/dbtool (TOOLS=dir), sqlite3, gcc and python3
# (about 30 s of CPU with ORACLE_DB).
# Usage: sh tests/report/test_oracle.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh

# The SQL files `make report` applies to a snapshot, in order: the report's
# tables, then the analysis (make variable ANALYSIS_SQL: reports/analysis/,
# its last file caching the views into tables).
ANALYSIS=$(make -s --no-print-directory print-ANALYSIS_SQL 2>/dev/null)
[ -n "$ANALYSIS" ] || { notok "make print-ANALYSIS_SQL names the analysis"; exit 1; }
SQL_FILES="reports/schema.sql $ANALYSIS"

# The statistics functions the views call, as a SQLite extension (SQLSTATS
# as `make test` sets it, else the make variable of that name; built here
# if missing): the sqlite3 command and the oracle's Python load it, so the
# Python is one whose sqlite3 can load extensions (python3, else
# /usr/bin/python3).
SQLSTATS=${SQLSTATS:-$(make -s --no-print-directory print-SQLSTATS 2>/dev/null)}
[ -f "$SQLSTATS" ] || make -s --no-print-directory "$SQLSTATS" > /dev/null ||
  { notok "the statistics extension $SQLSTATS builds"; exit 1; }
case "$SQLSTATS" in /*) ;; *) SQLSTATS="$ROOT/$SQLSTATS" ;; esac
PY=
for p in python3 /usr/bin/python3; do
  if "$p" -c 'import sqlite3, sys; sys.exit(not hasattr(sqlite3.connect(":memory:"), "enable_load_extension"))' \
       2>/dev/null; then PY=$p; break; fi
done
[ -n "$PY" ] || { notok "a python3 whose sqlite3 loads extensions"; exit 1; }

# sqlite ENGINE ARGS...: sqlite3 with the engine ENGINE (a .so) loaded.
sqlite() { e=$1; shift; sqlite3 -bail -cmd ".load $e" "$@"; }

# snapshot SRC.sql OUT.db [ENGINE [FILES]]: the report's snapshot of a dump,
# made with the engine ENGINE (default SQLSTATS) and the SQL FILES (default
# SQL_FILES).
snapshot() {
  rm -f "$2"
  "$TOOLS/dbtool" snapshot "$1" "$2" > /dev/null 2>"$2.err" &&
    cat ${4:-$SQL_FILES} | sqlite "${3:-$SQLSTATS}" "$2" > /dev/null 2>>"$2.err" ||
    { echo "# $(head -n 3 "$2.err")"; return 1; }
}

# oracle NAME DB [ENGINE]: the oracle passes on DB (its summary and failures shown).
oracle() {
  $PY tests/report/oracle.py "$2" --max-print 5 --load "${3:-$SQLSTATS}" > "$tmp/oracle.out" 2>&1
  rc=$?
  grep -v '^ok ' "$tmp/oracle.out" | sed 's/^/# /'
  if [ $rc -eq 0 ]; then ok "$1"; else notok "$1" "oracle exit $rc"; fi
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
  $PY tests/report/oracle.py "$shipped" --max-print 5 --load "$SQLSTATS" > "$tmp/shipped.out" 2>&1
}
shipped_check &
shipped_pid=$!

# The fixtures: NAME and the machines (trials[:model]).
for f in "m1:6" "m2:2 3" "m3:4 3 2:h100" "m4:3 4 6 1:h100"; do
  name=${f%%:*} machines=${f#*:}
  if $PY tests/report/oracle_fixture.py $machines > "$tmp/$name.sql" && snapshot "$tmp/$name.sql" "$tmp/$name.db"; then
    oracle "fixture $name ($machines): no mismatch" "$tmp/$name.db"
  else
    notok "fixture $name ($machines) builds"
  fi
done

# What the fixtures hold: trials of 2, 3, 4 and 6 (a configuration's
# count; 5 where one of 6 failed, 1 where a machine ran one); short samples on two levels (their median and interquartile mean
# apart by more than 2% in many results); a model of three machines (its
# value a median of three); a machine without repeated trials (the one-run
# interval); invocations to compare (two, on one machine).
q() { sqlite "$SQLSTATS" "$@"; }
if [ -f "$tmp/m4.db" ]; then
  check_eq "the fixtures: configurations of 1, 2, 3, 4 and 6 trials" \
    "$(for m in m1 m2 m3 m4; do q "$tmp/$m.db" "SELECT DISTINCT runs FROM config_stats"; done | sort -n | uniq | tr '\n' ' ')" \
    "1 2 3 4 5 6 "
  check_eq "m4: the levels: a median 2% off its value, trials' medians 0.4 us apart; a model of 3 machines; one-run intervals; invocations" \
    "$(q "$tmp/m4.db" "SELECT (SELECT count(*) > 100 FROM result_stat WHERE abs(median_ms / value_ms - 1) > 0.02)
                       || (SELECT count(*) > 10 FROM (SELECT 1 FROM trial t JOIN result_stat s USING (result_id)
                                                      WHERE t.raw_median_ms < 0.02 GROUP BY t.device_id, t.study,
                                                            t.config_key, t.flush, t.mode
                                                      HAVING max(s.median_ms) - min(s.median_ms) > 0.0004))
                       || ' ' || (SELECT max(gpus) FROM model_stats)
                       || ' ' || (SELECT count(*) > 0 FROM config_stats WHERE basis = 'one run')
                       || ' ' || (SELECT count(*) FROM session_agreement_verdict)")" "11 3 1 2"
fi

wait $shipped_pid
rc=$?
if [ -f "$tmp/shipped.out" ]; then
  grep -v '^ok ' "$tmp/shipped.out" | sed 's/^/# /'
  if [ $rc -eq 0 ]; then ok "the shipped data: no mismatch"; else notok "the shipped data: no mismatch" "oracle exit $rc"; fi
else
  sed 's/^/# /' "$tmp/shipped.db.err" 2>/dev/null
  notok "the shipped data's snapshot builds"
fi

# ------------------------------------------------------------ the engine --
# engine NAME SED: the engine built from a copy of reports/sqlstats.c changed
# by SED, as $tmp/NAME/sqlstats.so (the copy must differ from the source).
engine() {
  mkdir -p "$tmp/$1/reports"
  sed "$2" reports/sqlstats.c > "$tmp/$1/reports/sqlstats.c"
  if cmp -s reports/sqlstats.c "$tmp/$1/reports/sqlstats.c"; then
    notok "engine $1: the change ($2) found in reports/sqlstats.c"; return 1
  fi
  gcc -O1 -fPIC -shared -I"$tmp/$1" -I. reports/sqlstats_ext.c experiments/harness/stats.c -o "$tmp/$1/sqlstats.so" -lm \
    2> "$tmp/$1.err" || { sed 's/^/# /' "$tmp/$1.err"; notok "engine $1 builds"; return 1; }
}

# The level moved: SQLSTATS_LEVEL five points lower.
level=$(sed -n 's/^#define SQLSTATS_LEVEL \([0-9][0-9]*\)$/\1/p' reports/sqlstats.c)
moved=$((level - 5))
if [ -n "$level" ] && engine moved "s/^#define SQLSTATS_LEVEL $level\$/#define SQLSTATS_LEVEL $moved/" &&
   snapshot "$tmp/m3.sql" "$tmp/moved.db" "$tmp/moved/sqlstats.so"; then
  check_eq "the level moved: stat_decl's interval level $moved" \
    "$(sqlite "$tmp/moved/sqlstats.so" "$tmp/moved.db" "SELECT level FROM stat_decl WHERE name = 'interval'")" "$moved"
  oracle "the level moved: the oracle follows it (no mismatch)" "$tmp/moved.db" "$tmp/moved/sqlstats.so"
  check_eq "the level moved: config_stats' intervals narrower (none wider, some narrower)" \
    "$(q "$tmp/moved.db" "ATTACH '$tmp/m3.db' AS b;
        SELECT sum(m.hi_ms - m.lo_ms > (c.hi_ms - c.lo_ms) * (1 + 1e-12)) || ' '
               || (sum(m.hi_ms - m.lo_ms < (c.hi_ms - c.lo_ms) * (1 - 1e-12)) > 0)
        FROM config_stats m JOIN b.config_stats c USING (device_id, study, config_key, flush, mode)")" "0 1"
else
  notok "the engine at a moved level builds and makes the 3-machine fixture's snapshot"
fi

# ----------------------------------------------------------- the mutants --
# mutant FIXTURE ENGINE WHAT VIEW FILE SED: the analysis file FILE changed by
# SED (the change must be found; '-': no file changed), the fixture's
# snapshot made again with it and the engine ENGINE (a .so), and the oracle
# (asked for VIEW only) must fail there, naming VIEW.
mutant() {
  fx=$1 eng=$2 what=$3 view=$4 file=$5 expr=$6
  files=$SQL_FILES
  if [ "$file" != - ]; then
    mkdir -p "$tmp/mut"
    sed "$expr" "$file" > "$tmp/mut/$(basename "$file")"
    if cmp -s "$file" "$tmp/mut/$(basename "$file")"; then
      notok "$what: the change found in $file"; return
    fi
    files=$(echo "$SQL_FILES" | sed "s|$file|$tmp/mut/$(basename "$file")|")
  fi
  if ! snapshot "$tmp/$fx.sql" "$tmp/mut.db" "$eng" "$files"; then
    notok "$what: the snapshot builds"; return
  fi
  $PY tests/report/oracle.py "$tmp/mut.db" --only "$view" --max-print 2 --load "$eng" > "$tmp/mut.out" 2>&1
  rc=$?
  if [ $rc -eq 1 ] && grep -q "^FAIL $view: " "$tmp/mut.out"; then
    ok "$what: caught ($view: $(sed -n "s/^FAIL $view: //p" "$tmp/mut.out"))"
  else
    grep '^FAIL\|^MISMATCH' "$tmp/mut.out" | head -n 5 | sed 's/^/# /'
    notok "$what: caught, $view named" "oracle exit $rc"
  fi
}
A=reports/analysis
mutant m2 "$SQLSTATS" "the trial value the samples' median" result_stat $A/10-results.sql \
  's/samples_iqm(ns) AS value_ms/samples_median(ns) AS value_ms/'
mutant m2 "$SQLSTATS" "the centre over trials the mean" config_stats $A/20-trials.sql \
  's|(m1 + m2) / 2 AS center_ms|mean_ms AS center_ms|'
mutant m3 "$tmp/moved/sqlstats.so" "the level read as a constant (the interval's quantile at $level, the engine at $moved)" \
  trial_halfwidth $A/20-trials.sql "s/conformal(dev, stat_level('interval'))/conformal(dev, $level)/"
mutant m2 "$SQLSTATS" "a held-out trial against a centre it is part of" trial_dev $A/20-trials.sql \
  's|abs(median_ms / rest_center_ms - 1) AS dev|abs(median_ms / center_ms - 1) AS dev|'
mutant m2 "$SQLSTATS" "the launch-floor correction's sign flipped" trial $A/20-trials.sql \
  's|THEN coalesce(b.beta, coalesce(nullif(r.launches, 0), 1)) \* (q.floor_us - g.floor_us)|THEN coalesce(b.beta, coalesce(nullif(r.launches, 0), 1)) * (g.floor_us - q.floor_us)|'
mutant m2 "$SQLSTATS" "the interval not widened to the configuration's own range" config_stats $A/20-trials.sql \
  's|max(y.hw, y.range_rel)|y.hw|g'
mutant m2 "$SQLSTATS" "the coverage check sized on the half it judges" trial_coverage $A/20-trials.sql \
  's|AND h.part = 1 - d.half|AND h.part = d.half|'
mutant m2 "$SQLSTATS" "pairs taken across processes (the trial left out of a process)" pair_run $A/26-pairs.sql \
  "s/|| '|' || t.trial_index || '|' ||/|| '|' ||/"
mutant m2 "$SQLSTATS" "the paired ratio a mean of the per-process ratios" pair_stats $A/26-pairs.sql \
  's|median(num_ms / den_ms) AS ratio|avg(num_ms / den_ms) AS ratio|'
mutant m4 "$SQLSTATS" "the model value a mean over machines" model_stats $A/30-labels.sql \
  's|  median(x.median_ms) AS median_ms,|  avg(x.median_ms) AS median_ms,|'
mutant m2 "$SQLSTATS" "a model's range called from its machines' interval ends" model_stats $A/30-labels.sql \
  's|ELSE min(x.median_ms) END AS lo_ms|ELSE min(x.lo_ms) END AS lo_ms|; s|ELSE max(x.median_ms) END AS hi_ms|ELSE max(x.hi_ms) END AS hi_ms|'
mutant m2 "$SQLSTATS" "an invocation's value the mean of its trials" session_value $A/75-agreement.sql \
  's|count(\*) AS trials, median(b.median_ms) AS median_ms|count(*) AS trials, avg(b.median_ms) AS median_ms|'
mutant m4 "$SQLSTATS" "a target's verdict flipped (at least made at most)" session_agreement_verdict $A/75-agreement.sql \
  's|target_at_least(100 \* s.share_lo, 100 \* s.share_hi, s.target)|target_at_most(100 * s.share_lo, 100 * s.share_hi, s.target)|'

# The engine's C: each change built, the snapshot made with it.
if engine evenmed 's|return n % 2 ? a\[n / 2\] : (a\[n / 2 - 1\] + a\[n / 2\]) / 2;|return a[n / 2];|'; then
  mutant m2 "$tmp/evenmed/sqlstats.so" "an even count's median its upper middle value (engine; two machines)" model_stats - -
fi
if engine rank 's|int r = (pct \* (n + 1) + 99) / 100;|int r = (pct * (n + 1) + 99) / 100 + 1;|'; then
  mutant m2 "$tmp/rank/sqlstats.so" "the conformal rank off by one (engine)" trial_halfwidth - -
fi
if engine strict 's|if (lo >= thr) return 1;|if (lo > thr) return 1;|'; then
  mutant m2 "$tmp/strict/sqlstats.so" "the verdicts' at least made strict (engine)" verdict_functions - -
fi
# The claims' judging function (claim_judge, issue 46 item 2), where the
# engine has it: a claim that states no magnitude made to hold on an
# interval that starts at 1 (its direction is strictly above 1).
if grep -q '^int sqlstats_claim_part(' reports/sqlstats.c; then
  if engine claim1 's|int bUp = isnan(thr) ? lo > 1 : lo >= thr|int bUp = isnan(thr) ? lo >= 1 : lo >= thr|'; then
    mutant m2 "$tmp/claim1/sqlstats.so" "a claim's direction from 1 inclusive (engine)" claim_functions - -
  fi
else
  echo "# skip: the claims' judging function (claim_judge) is not in reports/sqlstats.c"
fi
if [ -f "$tmp/moved/sqlstats.so" ] &&
   engine wilson "s/^#define SQLSTATS_LEVEL $level\$/#define SQLSTATS_LEVEL $moved/; s|sqlstats_z(sqlstats_level(\"share\"))|sqlstats_z($level)|"; then
  mutant m4 "$tmp/wilson/sqlstats.so" "the share's level read as a constant (engine, $level with the level at $moved)" \
    session_agreement_summary - -
fi

# ------------------------------------------------------------ make compare --
# compare_run OUT DIR: experiments/tools/compare (the one in DIR) on the
# 2-machine fixture (BASE) and its --new side.
compare_run() {
  DBTOOL="$TOOLS/dbtool" SQLSTATS="$SQLSTATS" COMPARE_SQL="$(echo "$ANALYSIS" | tr ' ' '\n' | grep -e '-results\.sql$' -e '-trials\.sql$' | tr '\n' ' ')" \
    sh "$2/compare" --base "$tmp/m2.sql" --new "$tmp/m2new.sql" --out "$1" --no-page --rows 1 > "$1.out" 2>&1
}
if [ -f "$tmp/m2.db" ] && $PY tests/report/oracle_fixture.py --new 2 3 > "$tmp/m2new.sql" &&
   "$TOOLS/dbtool" snapshot "$tmp/m2new.sql" "$tmp/m2new.db" > /dev/null 2>&1; then
  if compare_run "$tmp/cmp" experiments/tools; then
    $PY tests/report/oracle.py --compare "$tmp/cmp/compare.db" "$tmp/m2.db" "$tmp/m2new.db" --max-print 5 \
      --load "$SQLSTATS" > "$tmp/cmp.out" 2>&1
    rc=$?
    grep -v '^ok ' "$tmp/cmp.out" | sed 's/^/# /'
    if [ $rc -eq 0 ]; then ok "make compare: no mismatch"; else notok "make compare: no mismatch" "oracle exit $rc"; fi
    check_eq "make compare: both group levels, every verdict, the very same trials, an interval-less row" \
      "$(q "$tmp/cmp/compare.db" "SELECT group_concat(DISTINCT level) || ' ' || count(DISTINCT verdict) || ' '
                                  || (sum(reason LIKE 'the same %') > 0) || ' ' || (sum(lo IS NULL) > 0)
                                  FROM (SELECT * FROM compare_verdict ORDER BY level)")" "gpu,model 4 1 1"
  else
    sed 's/^/# /' "$tmp/cmp.out"
    notok "make compare runs on the fixtures"
  fi
  mkdir -p "$tmp/tools"
  cp experiments/tools/compare experiments/tools/compare*.sql "$tmp/tools/"
  sed 's|stat_t(stat_level(.compare.), CAST(df + 1e-9 AS INTEGER))|stat_z(stat_level('"'"'compare'"'"'))|' \
    experiments/tools/compare.sql > "$tmp/tools/compare.sql"
  if cmp -s experiments/tools/compare.sql "$tmp/tools/compare.sql"; then
    notok "compare's t made the normal quantile: the change found in experiments/tools/compare.sql"
  elif compare_run "$tmp/cmpz" "$tmp/tools"; then
    $PY tests/report/oracle.py --compare "$tmp/cmpz/compare.db" "$tmp/m2.db" "$tmp/m2new.db" --max-print 2 \
      --load "$SQLSTATS" > "$tmp/cmpz.out" 2>&1
    check_eq "compare's t made the normal quantile: caught (exit 1, compare_verdict fails)" \
      "$? $(grep -c '^FAIL compare_verdict: ' "$tmp/cmpz.out")" "1 1"
  else
    notok "compare's t made the normal quantile: the comparison runs"
  fi
else
  notok "the 2-machine fixture's --new side builds"
fi
# make compare --sessions on the 4-machine fixture: each GPU's first
# invocation against its last (two machines have two); then with the last
# session picked as the first too (compare-trials.sql's DESC made ASC).
sessions_run() {
  DBTOOL="$TOOLS/dbtool" SQLSTATS="$SQLSTATS" COMPARE_SQL="$(echo "$ANALYSIS" | tr ' ' '\n' | grep -e '-results\.sql$' -e '-trials\.sql$' | tr '\n' ' ')" \
    sh "$2/compare" --base "$tmp/m4.sql" --sessions --out "$1" --no-page --rows 1 > "$1.out" 2>&1 &&
    $PY tests/report/oracle.py --compare "$1/compare.db" "$tmp/m4.db" "$tmp/m4.db" --sessions --max-print 2 \
      --load "$SQLSTATS" > "$1.oracle" 2>&1
}
if [ -f "$tmp/m4.db" ]; then
  sessions_run "$tmp/cms" experiments/tools
  rc=$?
  grep -v '^ok ' "$tmp/cms.oracle" | sed 's/^/# /'
  check_eq "make compare --sessions: no mismatch, on the two machines of two invocations" \
    "$rc $(q "$tmp/cms/compare.db" "SELECT count(DISTINCT grp) FROM compare_verdict")" "0 2"
  mkdir -p "$tmp/tools2"
  cp experiments/tools/compare experiments/tools/compare*.sql "$tmp/tools2/"
  sed 's/WHEN .last. THEN s.t0 END DESC/WHEN '"'"'last'"'"' THEN s.t0 END ASC/' experiments/tools/compare-trials.sql \
    > "$tmp/tools2/compare-trials.sql"
  if cmp -s experiments/tools/compare-trials.sql "$tmp/tools2/compare-trials.sql"; then
    notok "compare --sessions, the first invocation taken for the last: the change found in compare-trials.sql"
  else
    sessions_run "$tmp/cmsx" "$tmp/tools2"
    check_eq "compare --sessions, the first invocation taken for the last: caught (exit 1, compare_verdict fails)" \
      "$? $(grep -c '^FAIL compare_verdict: ' "$tmp/cmsx.oracle")" "1 1"
  fi
fi

# ------------------------------------------------------------- by hand --
# On a copy of the 2-machine fixture: config_stats' first row with hi_ms
# moved by 1e-7, pair_stats without its first row (each relation copied
# into a table and put back as a view of it, whether a view or a cached
# table).
relation_kind() { q "$1" "SELECT type FROM sqlite_master WHERE name = '$2'"; }
if [ -f "$tmp/m2.db" ]; then
  cp "$tmp/m2.db" "$tmp/bad.db"
  q "$tmp/bad.db" > /dev/null <<SQL || notok "the perturbed copy builds"
CREATE TABLE oracle_cs AS SELECT * FROM config_stats;
DROP $(relation_kind "$tmp/bad.db" config_stats) config_stats;
UPDATE oracle_cs SET hi_ms = hi_ms * (1 + 1e-7) WHERE rowid = (SELECT min(rowid) FROM oracle_cs);
CREATE VIEW config_stats AS SELECT * FROM oracle_cs;
CREATE TABLE oracle_ps AS SELECT * FROM pair_stats;
DROP $(relation_kind "$tmp/bad.db" pair_stats) pair_stats;
DELETE FROM oracle_ps WHERE rowid = (SELECT min(rowid) FROM oracle_ps);
CREATE VIEW pair_stats AS SELECT * FROM oracle_ps;
SQL
  $PY tests/report/oracle.py "$tmp/bad.db" --only config_stats,pair_stats --load "$SQLSTATS" > "$tmp/bad.out" 2>&1
  check_eq "a value moved by 1e-7 and a row left out: exit 1, config_stats' hi_ms and pair_stats' row named" \
    "$? $(grep -c '^MISMATCH config_stats .* hi_ms sql=' "$tmp/bad.out") $(grep -c '^MISMATCH pair_stats .* row only in oracle$' "$tmp/bad.out")" \
    "1 1 1"
  check_eq "the summary line counts the mismatches" \
    "$(tail -n 1 "$tmp/bad.out" | grep -c '^oracle: [1-9][0-9]* values checked in 2 views, 2 mismatches$')" 1

  # One result's samples get one more (a huge one) after the views computed
  # their statistics (result_stat): the oracle reads every sample itself.
  cp "$tmp/m2.db" "$tmp/bad2.db"
  q "$tmp/bad2.db" "UPDATE result_sample SET ns = ns || ' 9999999999'
                    WHERE result_id = (SELECT min(result_id) FROM result_stat)" > /dev/null
  $PY tests/report/oracle.py "$tmp/bad2.db" --only result_stat --load "$SQLSTATS" > "$tmp/bad2.out" 2>&1
  check_eq "a sample added behind the views' back: exit 1, its result's max_ms named" \
    "$? $(grep -c '^MISMATCH result_stat .* max_ms sql=' "$tmp/bad2.out")" "1 1"

  # The declarations: the oracle follows a declared method (the centre
  # declared a mean: the views, which take the median, then differ from it)
  # and refuses one it has no code for (the trial value a geometric mean).
  for d in "centre:mean of the trial values:FAIL config_stats" \
           "trial value:geometric mean of every sample:FAIL stat_decl: statistic 'trial value' is declared as"; do
    stat=${d%%:*} rest=${d#*:} method=${rest%%:*} want=${rest#*:}
    cp "$tmp/m2.db" "$tmp/decl.db"
    q "$tmp/decl.db" "DROP $(relation_kind "$tmp/decl.db" stat_decl) stat_decl; CREATE VIEW stat_decl AS
                      SELECT ord, name, CASE name WHEN '$stat' THEN '$method' ELSE method END AS method, level, words
                      FROM (SELECT json_extract(value, '\$.ord') AS ord, json_extract(value, '\$.name') AS name,
                                   json_extract(value, '\$.method') AS method, json_extract(value, '\$.level') AS level,
                                   json_extract(value, '\$.words') AS words FROM json_each(stat_declarations()))" > /dev/null
    $PY tests/report/oracle.py "$tmp/decl.db" --only config_stats --load "$SQLSTATS" > "$tmp/decl.out" 2>&1
    check_eq "'$stat' declared as '$method': exit 1, '$want'" \
      "$? $(grep -c "^$want" "$tmp/decl.out")" "1 1"
  done
fi

# Bad usage: exit 2, one line on stderr, nothing on stdout.
for a in "" "--compare $tmp/m2.db" "$tmp/m2.db --max-print x"; do
  # shellcheck disable=SC2086
  $PY tests/report/oracle.py $a > "$tmp/u.out" 2> "$tmp/u.err"
  check_eq "oracle.py $a: exit 2, one line on stderr" "$? $(wc -l < "$tmp/u.err") $(wc -c < "$tmp/u.out")" "2 1 0"
done
echo "not a database" > "$tmp/junk.db"
$PY tests/report/oracle.py "$tmp/junk.db" > "$tmp/u.out" 2> "$tmp/u.err"
check_eq "a file that is no database: exit 2, one line on stderr" "$? $(wc -l < "$tmp/u.err") $(wc -c < "$tmp/u.out")" "2 1 0"

[ $nfail -eq 0 ]
