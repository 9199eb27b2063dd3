#!/bin/sh
# tests/cli/test_killsafe.sh: commands killed at random points (issue 21).
# `make dump`'s script and `dbtool merge` are each killed (SIGKILL, the whole
# process group) KILLSAFE_N times (default 20) at a random moment of their
# run; after every kill the output is checked: the dump is byte for byte the
# old file or the new one, never a part; the merge output passes PRAGMA
# integrity_check and holds the old runs or the new, never a mix. The next
# run completes and removes what the killed one left (no temporary file
# stays). A dump stopped by SIGTERM or SIGINT leaves no temporary file at once.
# Then the report's snapshot database and figure data (`make report`'s first
# steps), killed KILLSAFE_REPORT_N times, then built: as a clean build.
# Usage: sh tests/cli/test_killsafe.sh   (binaries: as tests/cli/lib.sh finds them)
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
DBTOOL="$TOOLS/dbtool"
[ -x "$DBTOOL" ] || { notok "dbtool exists" "run make test-build"; exit 1; }
command -v setsid > /dev/null || { notok "setsid exists" "util-linux"; exit 1; }
N=${KILLSAFE_N:-20}

# A database big enough that a dump or a merge takes a moment: $2 results
# of 50 samples in one complete run (UUID $1).
rows() {
  echo "INSERT OR IGNORE INTO device(device_id, uuid, name) VALUES(1, 'GPU-k', 'Kill GPU');"
  echo "INSERT INTO run(run_id, study, binary, device_id, status, started_utc, argv, build_id, run_uuid)
        VALUES(1, 'reduce', 'reduce', 1, 'complete', 't', 'a', 'b', '$1');"
  echo "WITH RECURSIVE i(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM i WHERE x < $2)
        INSERT INTO result(result_id, run_id, study, config_key, variant, cache, timer, status, created_utc)
        SELECT x, 1, 'reduce', 'k' || x, 'v', 'cold', 'cuda-event', 'ok', 't' FROM i;"
  echo "WITH RECURSIVE i(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM i WHERE x < 49)
        INSERT INTO result_sample(result_id, ns) SELECT r.result_id, (SELECT group_concat(1000000 + 1000 * x, ' ') FROM i)
        FROM result r;"
}
rows 11111111-1111-4111-8111-111111111111 400 > "$tmp/a.sql"
rows 22222222-2222-4222-8222-222222222222 4000 > "$tmp/b.sql"
# (SQL that generates rows is executed, not loaded: dbtool load reads only a dump's literal rows.)
"$DBTOOL" load /dev/null "$tmp/a.db" && "$DBTOOL" exec "$tmp/a.db" "$(cat "$tmp/a.sql")" &&
  "$DBTOOL" load /dev/null "$tmp/b.db" && "$DBTOOL" exec "$tmp/b.db" "$(cat "$tmp/b.sql")" || { notok "fixtures load"; exit 1; }

# run_killed SECONDS CMD...: run CMD in its own process group, SIGKILL the
# group after SECONDS (if it still runs); prints nothing.
run_killed() {
  t=$1; shift
  setsid "$@" > /dev/null 2>&1 & pid=$!
  sleep "$t"
  kill -KILL "-$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
}
# A random delay in [0, $1) seconds (from /dev/urandom; $2 is unused).
delay() { awk -v r="$(od -An -N2 -tu2 /dev/urandom)" -v m="$1" 'BEGIN { printf "%.3f", r / 65536 * m }'; }
# How long a whole run takes: the kills fall within it.
span() {
  s=$(date +%s%N); "$@" > /dev/null 2>&1; e=$(date +%s%N)
  awk -v d=$(((e - s) / 1000000)) 'BEGIN { printf "%.3f", d / 1000 * 1.2 + 0.02 }'
}

# ------------------------------------------------------------------ dump --
# (the dump names its output in its first line: the new file is made there)
sh experiments/tools/dump-db "$tmp/a.db" "$tmp/out.sql" && mv "$tmp/out.sql" "$tmp/new.sql" ||
  notok "dump of the fixture"
echo "-- the old shipped file" > "$tmp/old.sql"
T=$(span env sh experiments/tools/dump-db "$tmp/a.db" "$tmp/probe.sql")
echo "# dump: a run takes about ${T}s; $N kills within it"
bad=0 whole=0 i=1
while [ $i -le "$N" ]; do
  cp "$tmp/old.sql" "$tmp/out.sql"
  run_killed "$(delay "$T" $i)" env sh experiments/tools/dump-db "$tmp/a.db" "$tmp/out.sql"
  if cmp -s "$tmp/out.sql" "$tmp/old.sql"; then :
  elif cmp -s "$tmp/out.sql" "$tmp/new.sql"; then whole=$((whole + 1))
  else bad=$((bad + 1)); echo "# kill $i: the dump is neither the old file nor the new"; fi
  i=$((i + 1))
done
check_eq "dump: after each of $N kills the output is the old file or the new one" "$bad" 0
echo "# dump: $whole of $N runs completed before their kill"
sh experiments/tools/dump-db "$tmp/a.db" "$tmp/out.sql"
check "dump: the next run completes" cmp -s "$tmp/out.sql" "$tmp/new.sql"
check_eq "dump: no temporary file is left" "$(ls "$tmp" | grep -c 'out.sql.tmp')" 0
for sig in TERM INT; do
  cp "$tmp/old.sql" "$tmp/sig.sql"
  sh experiments/tools/dump-db "$tmp/a.db" "$tmp/sig.sql" > /dev/null 2>&1 & pid=$!
  sleep "$(delay "$T" 7)"; kill -"$sig" "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
  sleep 0.2
  check_eq "dump: SIG$sig leaves no temporary file" "$(ls "$tmp" | grep -c 'sig.sql.tmp')" 0
done

# ----------------------------------------------------------------- merge --
rm -f "$tmp/old.db"; "$DBTOOL" merge "$tmp/a.db" -o "$tmp/old.db" > /dev/null || notok "merge of the fixture"
cp "$tmp/old.db" "$tmp/p.db"; T=$(span "$DBTOOL" merge "$tmp/b.db" -o "$tmp/p.db")
echo "# merge: a run takes about ${T}s; $N kills within it"
bad=0 whole=0 i=1
while [ $i -le "$N" ]; do
  cp "$tmp/old.db" "$tmp/out.db"; rm -f "$tmp/out.db-wal" "$tmp/out.db-shm"
  run_killed "$(delay "$T" $((i + 100)))" "$DBTOOL" merge "$tmp/b.db" -o "$tmp/out.db"
  c=$(sqlite3 "$tmp/out.db" "PRAGMA integrity_check" 2>&1 | head -1)
  runs=$(sqlite3 "$tmp/out.db" "SELECT count(*) || ' ' || (SELECT 50 * count(*) FROM result_sample) FROM run" 2>&1)
  case "$c:$runs" in
    "ok:1 20000") ;;
    "ok:2 220000") whole=$((whole + 1)) ;;
    *) bad=$((bad + 1)); echo "# kill $i: integrity '$c', runs and samples '$runs'" ;;
  esac
  i=$((i + 1))
done
check_eq "merge: after each of $N kills the output is sound and holds the old runs or the new" "$bad" 0
echo "# merge: $whole of $N runs completed before their kill"
"$DBTOOL" merge "$tmp/b.db" -o "$tmp/out.db" > /dev/null
check_eq "merge: the next run completes" "$(sqlite3 "$tmp/out.db" "SELECT count(*) FROM run")" 2
check_eq "merge: the killed merges' temporary files are gone" "$(ls "$tmp" | grep -c '\.merge-')" 0

# ---------------------------------------------------------------- report --
# The report's snapshot database and figure data of the report test's
# fixture, built KILLSAFE_REPORT_N times (default 6) from nothing with a
# SIGKILL at a random moment, then once more over what the last kill left: every data file must equal a clean build's
# (a killed run's empty or partial file must not be accepted) and the
# snapshot must pass integrity_check.
NR=${KILLSAFE_REPORT_N:-6}
cat data/schema.sql tests/report/fixture_stat_columns.sql tests/report/fixture_distance.sql tests/report/fixture_raytrace.sql tests/report/fixture_access.sql \
    tests/report/fixture_two_devices.sql tests/report/fixture_stencil.sql tests/report/fixture_claims.sql \
    tests/report/fixture_measure.sql tests/report/fixture_thresholds.sql tests/report/fixture_to_samples.sql | sqlite3 -bail "$tmp/fixture.db" ||
  notok "report fixture"
dats() { for f in reports/figures/*.sql; do echo "$1/figures/$(basename "$f" .sql).dat"; done; }
# shellcheck disable=SC2046
T=$(span make -s --no-print-directory DB="$tmp/fixture.db" REPORT_BUILD="$tmp/ref" $(dats "$tmp/ref"))
echo "# report data: a build takes about ${T}s; $NR kills within it"
# Each kill falls within the writing: at a random moment of the half second
# after the build's first file (the snapshot, or its temporary) appears.
i=1
while [ $i -le "$NR" ]; do
  rm -rf "$tmp/rb"
  # shellcheck disable=SC2046
  setsid make -s --no-print-directory DB="$tmp/fixture.db" REPORT_BUILD="$tmp/rb" $(dats "$tmp/rb") > /dev/null 2>&1 &
  pid=$!
  w=0; while [ $w -lt 600 ] && ! ls "$tmp/rb" 2>/dev/null | grep -q '^report\.db'; do sleep 0.05; w=$((w + 1)); done
  sleep "$(delay 0.5 0)"
  kill -KILL "-$pid" 2>/dev/null; wait "$pid" 2>/dev/null
  i=$((i + 1))
done
# shellcheck disable=SC2046
make -s --no-print-directory DB="$tmp/fixture.db" REPORT_BUILD="$tmp/rb" $(dats "$tmp/rb") > "$tmp/make.log" 2>&1
check_eq "report: the build after $NR kills succeeds" $? 0
bad=0
for f in $(dats "$tmp/ref"); do
  cmp -s "$f" "$tmp/rb/figures/$(basename "$f")" || { bad=$((bad + 1)); echo "# $(basename "$f") differs from a clean build's"; }
done
check_eq "report: every figure data file equals a clean build's" "$bad" 0
check_eq "report: the snapshot passes integrity_check" "$(sqlite3 "$tmp/rb/report.db" "PRAGMA integrity_check" 2>&1)" ok
# The snapshot is whole: the same views, and tables with the same row counts,
# as the clean build's (a half-built one, accepted, lacks the last steps').
whole() {
  sqlite3 "$1" "SELECT type, name FROM sqlite_schema WHERE type IN ('table', 'view') ORDER BY name" |
    while IFS='|' read -r ty t; do
      if [ "$ty" = table ]; then echo "$t $(sqlite3 "$1" "SELECT count(*) FROM \"$t\"")"; else echo "$t view"; fi
    done
}
check_eq "report: the snapshot is whole (views, tables and their rows as a clean build's)" \
  "$(whole "$tmp/rb/report.db" | cksum)" "$(whole "$tmp/ref/report.db" | cksum)"

[ "$nfail" -eq 0 ] && echo "# all kill checks passed"
exit $((nfail > 0))
