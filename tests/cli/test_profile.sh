#!/bin/sh
# tests/cli/test_profile.sh: the harness's profile mode (`--profile SET`,
# experiments/harness/profile.c) through the host-only study, with a stand-in
# for Nsight Compute that replays recorded CSV (tests/profile/ncu-replay): a
# run of kind 'profile' stores every metric of every kernel per
# configuration with its columns and never a result row; one ncu process
# profiles every configuration of the run (--profile-child-keys), its CSV
# split at the child's marker launches; resume skips what this build
# profiled; a failing configuration, one whose marker is missing or one the
# child never reached stores nothing (the others are stored, the run is
# failed); a configuration without kernel rows is host code, skipped; a
# refusing ncu stores nothing; no ncu is exit 3 with nothing written; an
# unknown set is exit 2.
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/robust-lib.sh
FAKE="$ROOT/tests/profile/ncu-replay"
# Three passes of the work (experiments/harness/profile.h, PROFILE_PASSES):
# tests/profile/ncu-raw.csv's three launches three times, the first launch's
# DRAM bytes 1000 up in the second pass and 1000 down in the third.
export NCU_REPLAY_CSV="$ROOT/tests/profile/ncu-raw-passes.csv" NCU_REPLAY_CALLS="$tmp/calls"
db=$tmp/p.db

# No ncu: one line, exit 3, nothing written.
NCU=$tmp/no-ncu "$HOST" --profile reduce --n 1,2 --db "$db" > "$tmp/out" 2> "$tmp/err"
check_eq "no ncu: exit 3" $? 3
check_eq "no ncu: one line" "$(nlines "$(cat "$tmp/err")")" 1
check "no ncu: nothing written" test ! -e "$db"

# Unknown set: exit 2, nothing written.
NCU=$FAKE "$HOST" --profile nope --n 1 --db "$db" 2> "$tmp/err"
check_eq "unknown set: exit 2" $? 2
check "unknown set: nothing written" test ! -e "$db"

# A profile run: 2 configurations x 9 values (tests/profile/ncu-raw.csv).
NCU=$FAKE "$HOST" --profile reduce --n 1,2 --db "$db" 2> "$tmp/err"
check_eq "profile run: exit 0" $? 0
check_eq "profile run: kind, status" "$(q "$db" "SELECT kind || ' ' || status FROM run")" "profile complete"
check_eq "profile run: no result or sample rows" "$(q "$db" "SELECT (SELECT count(*) FROM result) + (SELECT count(*) FROM sample)")" 0
check_eq "profile run: 18 counter values" "$(q "$db" "SELECT count(*) FROM counter")" 18
check_eq "profile run: columns of the configuration" \
  "$(q "$db" "SELECT group_concat(DISTINCT variant || ':' || n || ':' || metric_set) FROM counter WHERE kernel = 'fold_blocks' AND metric = 'gpu__time_duration.sum'")" \
  "sum:1:reduce,sum:2:reduce"
check_eq "profile run: launches combined" \
  "$(q "$db" "SELECT value || ' ' || launches || ' ' || combine || ' ' || unit FROM counter WHERE n = 2 AND kernel = 'reduce2_kernel' AND metric = 'dram__bytes_read.sum'")" \
  "68157440.0 2 sum byte"
check_eq "profile run: the median of three passes, with their range" \
  "$(q "$db" "SELECT passes || ' ' || min_value || ' ' || max_value FROM counter WHERE n = 2 AND kernel = 'reduce2_kernel' AND metric = 'dram__bytes_read.sum'")" \
  "3 68156440.0 68158440.0"
check_eq "profile run: a metric the same in every pass" \
  "$(q "$db" "SELECT passes || ' ' || min_value || ' ' || max_value FROM counter WHERE n = 2 AND kernel = 'fold_blocks' AND metric = 'dram__bytes_read.sum'")" \
  "3 262144.0 262144.0"
check_eq "profile run: one ncu process for both configurations" "$(grep -c . "$tmp/calls")" 1
check_eq "profile run: the child gets the keys file" "$(grep -c -- '--profile-child-keys /tmp/profile-' "$tmp/calls")" 1
check_eq "profile run: the keys, in order" "$(cat "$tmp/calls.keys" | tr '\n' ';')" \
  "n=1 variant=sum cache=cold;n=2 variant=sum cache=cold;"
check_eq "profile run: each configuration has its own segment" \
  "$(q "$db" "SELECT group_concat(n || ':' || value, ' ') FROM (SELECT n, value FROM counter
              WHERE kernel = 'fold_blocks' AND metric = 'launch__grid_size.max' ORDER BY n)")" "1:1.0 2:2.0"
check_eq "profile run: no marker stored" "$(q "$db" "SELECT count(*) FROM counter WHERE kernel LIKE 'profile_marker%'")" 0
check "profile run: a progress line per configuration" grep -q '^\[2/2\] hoststudy n=2 sum \.\.\. 9 values, 9 launches (3 passes)' "$tmp/err"

# Resume: nothing profiled again.
: > "$tmp/calls"; : > "$tmp/calls.keys"
NCU=$FAKE "$HOST" --profile reduce --n 1,2,3 --db "$db" 2> "$tmp/err"
check_eq "resume: exit 0" $? 0
check_eq "resume: one ncu process" "$(grep -c -- '--profile-child-keys' "$tmp/calls")" 1
check_eq "resume: only the new configuration" "$(cat "$tmp/calls.keys")" "n=3 variant=sum cache=cold"
check "resume: says already profiled" grep -q 'already profiled' "$tmp/err"
check_eq "resume: 27 values" "$(q "$db" "SELECT count(*) FROM counter")" 27
# Another set is another profile.
NCU=$FAKE "$HOST" --profile sectors --n 1 --db "$db" 2> "$tmp/err"
check_eq "other set: profiled again" "$(q "$db" "SELECT count(*) FROM counter WHERE metric_set = 'sectors'")" 9

# A configuration that fails verification: nothing stored for it, the one
# beside it stored, exit 1.
NCU=$FAKE "$HOST" --profile reduce --n 5 --variant wrong,sum --db "$db" 2> "$tmp/err"
check_eq "failed child: exit 1" $? 1
check_eq "failed child: no values" "$(q "$db" "SELECT count(*) FROM counter WHERE variant = 'wrong'")" 0
check "failed child: says why" grep -q 'n=5 wrong \.\.\. NOT PROFILED: wrong sum: got' "$tmp/err"
check_eq "failed child: the other configuration stored" "$(q "$db" "SELECT count(*) FROM counter WHERE n = 5 AND variant = 'sum'")" 9
check_eq "failed child: run failed" "$(q "$db" "SELECT status FROM run ORDER BY run_id DESC LIMIT 1")" failed

# A configuration whose marker is missing from ncu's output: not profiled, the
# others stored, run failed, exit 1.
NCU_REPLAY_LOSE=1 NCU=$FAKE "$HOST" --profile reduce --n 14,15,16 --db "$db" 2> "$tmp/err"
check_eq "lost marker: exit 1" $? 1
check "lost marker: says why" grep -q 'n=15 .* NOT PROFILED: its marker is not in ncu.s output' "$tmp/err"
check_eq "lost marker: the others stored, each its own" \
  "$(q "$db" "SELECT group_concat(n || ':' || value, ' ') FROM (SELECT n, value FROM counter
              WHERE n BETWEEN 14 AND 16 AND kernel = 'fold_blocks' AND metric = 'launch__grid_size.max' ORDER BY n)")" "14:1.0 16:3.0"
check_eq "lost marker: run failed" "$(q "$db" "SELECT status FROM run ORDER BY run_id DESC LIMIT 1")" failed
# Resume profiles only the one missing, in a run of its own.
: > "$tmp/calls.keys"
NCU=$FAKE "$HOST" --profile reduce --n 14,15,16 --db "$db" 2> "$tmp/err"
check_eq "lost marker, resumed: exit 0" $? 0
check_eq "lost marker, resumed: only it" "$(cat "$tmp/calls.keys")" "n=15 variant=sum cache=cold"
check_eq "lost marker, resumed: stored" "$(q "$db" "SELECT count(*) FROM counter WHERE n = 15")" 9

# The child dies after the first configuration: it is stored, the others are
# not reached (not profiled), run failed, exit 1.
NCU_REPLAY_STOP=1 NCU=$FAKE "$HOST" --profile reduce --n 19,20,21 --db "$db" 2> "$tmp/err"
check_eq "child died: exit 1" $? 1
check_eq "child died: the first stored" "$(q "$db" "SELECT group_concat(DISTINCT n) FROM counter WHERE n BETWEEN 19 AND 21")" 19
check_eq "child died: the others not reached" "$(grep -c 'NOT PROFILED: not reached: ncu or the child ended before it (exit 139)' "$tmp/err")" 2
check_eq "child died: run failed" "$(q "$db" "SELECT status || ' ' || note FROM run ORDER BY run_id DESC LIMIT 1")" \
  "failed configurations not profiled"

# No kernel row between a configuration's marker and the next: host code,
# skipped; the other stored; run complete.
NCU_REPLAY_HOSTCODE=0 NCU=$FAKE "$HOST" --profile reduce --n 17,18 --db "$db" 2> "$tmp/err"
check_eq "host-code segment: exit 0" $? 0
check "host-code segment: says skipped" grep -q 'n=17 .* skipped: no kernel launched (host code)' "$tmp/err"
check_eq "host-code segment: only the other stored" "$(q "$db" "SELECT group_concat(DISTINCT n) FROM counter WHERE n IN (17, 18)")" 18
check_eq "host-code segment: run complete" "$(q "$db" "SELECT status FROM run ORDER BY run_id DESC LIMIT 1")" complete

# ncu refuses (no permission to the counters): exit 1, one reason, nothing stored.
NCU_REPLAY_ERROR="ERR_NVGPUCTRPERM - The user does not have permission" NCU=$FAKE \
  "$HOST" --profile reduce --n 7,8 --db "$db" 2> "$tmp/err"
check_eq "ncu refuses: exit 1" $? 1
check "ncu refuses: says why" grep -q 'ERR_NVGPUCTRPERM' "$tmp/err"
check_eq "ncu refuses: stops after the first" "$(grep -c 'NOT PROFILED' "$tmp/err")" 1
check_eq "ncu refuses: nothing stored" "$(q "$db" "SELECT count(*) FROM counter WHERE n IN (7, 8)")" 0
# No kernel launched (a host-code baseline): ncu writes no table; skipped, not failed.
printf '==WARNING== No kernels were profiled.\n' > "$tmp/nokernel.csv"
NCU_REPLAY_CSV=$tmp/nokernel.csv NCU=$FAKE "$HOST" --profile reduce --n 9 --db "$db" 2> "$tmp/err"
check_eq "no kernel: exit 0" $? 0
check "no kernel: says skipped" grep -q 'skipped: no kernel launched' "$tmp/err"
check_eq "no kernel: nothing stored" "$(q "$db" "SELECT count(*) FROM counter WHERE n = 9")" 0
check_eq "no profile run wrote results" "$(q "$db" "SELECT count(*) FROM result")" 0
check_integrity "$db" "profile runs"

# A profile matrix runs through experiments/tools/run-matrix like a .matrix: every line.
printf '# a profile matrix\nhoststudy --profile local --n 11\n\nhoststudy --profile local --n 12,13\n' > "$tmp/t.profile"
NCU=$FAKE sh experiments/tools/run-matrix "$tmp/t.profile" "$db" "$BIN/tests" 2> "$tmp/err"
check_eq "profile matrix: exit 0" $? 0
check_eq "profile matrix: every line ran" "$(q "$db" "SELECT group_concat(DISTINCT n) FROM counter WHERE metric_set = 'local'")" "11,12,13"

# The report's view of a reduction step over these rows (reports/schema.sql
# and views.sql on a copy, the run taken as the reduce study's): counts add up
# over the kernels, rates are averaged by duration over the kernels that have
# them.
cp "$db" "$tmp/v.db"
q "$tmp/v.db" "UPDATE run SET study = 'reduce'; $(cat reports/schema.sql reports/views.sql)" > /dev/null
check_eq "counter_reduce_step: sums and weighted means over kernels" \
  "$(q "$tmp/v.db" "SELECT divergent_branches || ' ' || occupancy_pct || ' ' || dram_bytes || ' ' || duration_ns
                    FROM counter_reduce_step WHERE variant = 'sum' AND n = 2")" "16.0 70.5 68419584.0 46032.0"

# Every metric the report's counter views read is collected by some set.
"$HOST" --profile list > "$tmp/sets"
check_eq "--profile list: exit 0" $? 0
missing=
for m in $(grep -o "'[a-z0-9_]*__[a-z0-9_.]*'" reports/views.sql | tr -d "'" | sort -u); do
  grep -q -- "$m" "$tmp/sets" || missing="$missing $m"
done
check_eq "views read only metrics of the sets" "$missing" ""

[ "$nfail" -eq 0 ] && echo "# all profile checks passed"
exit $((nfail > 0))
