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
# unknown set is exit 2; a profile child's host buffers are pageable, a
# timing run's pinned.
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
check_eq "profile run: no result or sample rows" "$(q "$db" "SELECT (SELECT count(*) FROM result) + (SELECT count(*) FROM result_sample)")" 0
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
  "0 3 n=1 variant=sum cache=cold;0 3 n=2 variant=sum cache=cold;"
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
check_eq "resume: only the new configuration" "$(cat "$tmp/calls.keys")" "0 3 n=3 variant=sum cache=cold"
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
check_eq "lost marker, resumed: only it" "$(cat "$tmp/calls.keys")" "0 3 n=15 variant=sum cache=cold"
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
NCU=$FAKE sh experiments/tools/run-matrix "$tmp/t.profile" "$db" "$TESTBIN" 2> "$tmp/err"
check_eq "profile matrix: exit 0" $? 0
check_eq "profile matrix: every line ran" "$(q "$db" "SELECT group_concat(DISTINCT n) FROM counter WHERE metric_set = 'local'")" "11,12,13"

# ------------------------------------------- a profile matrix, one ncu a binary --
# `BIN --matrix FILE` with lines of --profile SET (what run-matrix starts for a
# .profile file): every line of a binary under one ncu process, which collects
# the union of the lines' sets; each line a profile run of its own holding
# only its set's metrics (those of a run of the line alone); resume per line.
# Copies, not links, of the host-only study: the child ncu starts is the
# binary itself (/proc/self/exe), and its name picks its lines.
mkdir -p "$tmp/pbin"
cp "$HOST" "$tmp/pbin/hoststudy"
cp "$HOST" "$tmp/pbin/hoststudy-b"
set_metrics() { "$HOST" --profile list | awk -v s="$1" '$1 == s { getline; print $1 }'; }
printf '%s\n' '# three lines of hoststudy (two sets), one of hoststudy-b' \
  'hoststudy --profile reduce --n 31,32' 'hoststudy-b --profile reduce --n 41' \
  'hoststudy --profile local --n 33' 'hoststudy --profile reduce --n 34' > "$tmp/m.profile"
pdb=$tmp/pm.db
: > "$tmp/calls"; : > "$tmp/calls.keys"; : > "$tmp/calls.metrics"
NCU=$FAKE sh experiments/tools/run-matrix "$tmp/m.profile" "$pdb" "$tmp/pbin" 2> "$tmp/err"
check_eq "profile matrix, 2 binaries: exit 0" $? 0
check_eq "profile matrix: one ncu process per binary, the child reads the matrix" \
  "$(sed 's| --profile-child-keys /tmp/profile-[A-Za-z0-9]*/keys$| KEYS|' "$tmp/calls")" \
  "$tmp/pbin/hoststudy --matrix $tmp/m.profile --db $pdb KEYS
$tmp/pbin/hoststudy-b --matrix $tmp/m.profile --db $pdb KEYS"
check_eq "profile matrix: the keys of every line of a binary, each with its line's index and its set's passes (local: 1), in file order" \
  "$(tr '\n' ';' < "$tmp/calls.keys")" \
  "0 3 n=31 variant=sum cache=cold;0 3 n=32 variant=sum cache=cold;1 1 n=33 variant=sum cache=cold;2 3 n=34 variant=sum cache=cold;0 3 n=41 variant=sum cache=cold;"
bad=
for m in $(set_metrics reduce | tr ',' ' ') $(set_metrics local | tr ',' ' '); do
  k=$(head -n 1 "$tmp/calls.metrics" | tr ',' '\n' | grep -cx -- "$m")
  [ "$k" -eq 1 ] || bad="$bad $m:$k"
done
check_eq "profile matrix: ncu collects the union of the sets, each metric once" "$bad" ""
check_eq "profile matrix: a binary of one set collects that set" "$(sed -n 2p "$tmp/calls.metrics")" "$(set_metrics reduce)"
check_eq "profile matrix: a run per line, each complete, its command line and its configurations" \
  "$(q "$pdb" "SELECT group_concat(x, ' | ') FROM (SELECT u.binary || ' ' || u.kind || ' ' || u.status || ' ' ||
                substr(u.argv, instr(u.argv, '--n')) || ' ' || (SELECT group_concat(DISTINCT n) FROM counter c WHERE c.run_id = u.run_id) AS x
                FROM run u ORDER BY u.run_id)")" \
  "hoststudy profile complete --n 31,32 --db $pdb --profile reduce 31,32 | hoststudy profile complete --n 33 --db $pdb --profile local 33 | hoststudy profile complete --n 34 --db $pdb --profile reduce 34 | hoststudy-b profile complete --n 41 --db $pdb --profile reduce 41"
check "profile matrix: says so" grep -q '^hoststudy: 4 configurations of 3 sweeps under one ncu process' "$tmp/err"
# The same lines run alone (no --matrix; the stand-in ignores --metrics, so a
# lone 'local' run holds the 'reduce' metrics too: left out here, as ncu would).
adb=$tmp/alone.db
for l in "reduce --n 31,32" "local --n 33" "reduce --n 34"; do
  # shellcheck disable=SC2086
  NCU=$FAKE "$tmp/pbin/hoststudy" --profile $l --db "$adb" 2> /dev/null || echo "# alone: $l failed"
done
rows="SELECT group_concat(config_key || ' ' || kernel || ' ' || metric || ' ' || value || ' ' || unit || ' ' || launches || ' '
              || combine || ' ' || metric_set || ' ' || passes || ' ' || min_value || ' ' || max_value, ';')
       FROM (SELECT * FROM counter WHERE metric <> 'launch__grid_size.max' AND n < 40 AND NOT (metric_set = 'local' AND metric IN
             ('$(set_metrics reduce | sed "s/,/','/g")') AND metric NOT IN ('$(set_metrics local | sed "s/,/','/g")'))
             ORDER BY config_key, kernel, metric)"
check "profile matrix: the lone runs stored something" test -n "$(q "$adb" "$rows")"
check_eq "profile matrix: each line's rows are those of a run of the line alone (the marker index aside)" \
  "$(q "$pdb" "$rows")" "$(q "$adb" "$rows")"
check_eq "profile matrix: the 'local' line keeps only its set's metrics (and columns of no set)" \
  "$(q "$pdb" "SELECT group_concat(metric, ' ') FROM (SELECT DISTINCT metric FROM counter WHERE n = 33 ORDER BY metric)")" \
  "dram__bytes_read.sum gpu__time_duration.sum launch__grid_size.max"
check_eq "profile matrix: a 'reduce' line keeps every metric of the CSV" \
  "$(q "$pdb" "SELECT count(DISTINCT metric) FROM counter WHERE n = 34")" 5
# Resume, per line: run again, nothing to do: no ncu, no run; a line grown by
# one configuration: one ncu process for it alone, a run of its own.
: > "$tmp/calls"; : > "$tmp/calls.keys"
NCU=$FAKE sh experiments/tools/run-matrix "$tmp/m.profile" "$pdb" "$tmp/pbin" 2> "$tmp/err"
check_eq "profile matrix, again: exit 0" $? 0
check_eq "profile matrix, again: no ncu process" "$(grep -c . "$tmp/calls")" 0
check_eq "profile matrix, again: no run added" "$(q "$pdb" "SELECT count(*) FROM run")" 4
check_eq "profile matrix, again: every configuration already profiled" "$(grep -c 'already profiled$' "$tmp/err")" 5
sed -i 's/--profile local --n 33$/--profile local --n 33,35/' "$tmp/m.profile"
NCU=$FAKE sh experiments/tools/run-matrix "$tmp/m.profile" "$pdb" "$tmp/pbin" 2> "$tmp/err"
check_eq "profile matrix, a line grown: exit 0" $? 0
check_eq "profile matrix, a line grown: one ncu process, the new configuration alone" \
  "$(grep -c . "$tmp/calls") $(cat "$tmp/calls.keys")" "1 1 1 n=35 variant=sum cache=cold"
check_eq "profile matrix, a line grown: a run of its own, for that line" \
  "$(q "$pdb" "SELECT run_id || ' ' || substr(argv, instr(argv, '--n')) || ' ' || (SELECT group_concat(DISTINCT n) FROM counter c WHERE c.run_id = u.run_id)
               FROM run u WHERE run_id > 4")" "5 --n 33,35 --db $pdb --profile local 35"
# A configuration in two lines of one set is profiled once, by the first.
printf 'hoststudy --profile reduce --n 51,52\nhoststudy --profile reduce --n 52,53\n' > "$tmp/d.profile"
: > "$tmp/calls.keys"
NCU=$FAKE "$tmp/pbin/hoststudy" --matrix "$tmp/d.profile" --db "$pdb" 2> "$tmp/err"
check_eq "a configuration in two lines: exit 0" $? 0
check_eq "a configuration in two lines: profiled once" "$(tr '\n' ';' < "$tmp/calls.keys")" \
  "0 3 n=51 variant=sum cache=cold;0 3 n=52 variant=sum cache=cold;1 3 n=53 variant=sum cache=cold;"
check "a configuration in two lines: said" grep -q '^\[1/2\] hoststudy n=52 sum \.\.\. already profiled (by an earlier line of this process)' "$tmp/err"
# ncu refuses: every line of the binary is not profiled, each line's run failed, exit 1.
printf 'hoststudy --profile reduce --n 61,62\nhoststudy --profile local --n 63\n' > "$tmp/e.profile"
NCU_REPLAY_ERROR="ERR_NVGPUCTRPERM - The user does not have permission" NCU=$FAKE \
  "$tmp/pbin/hoststudy" --matrix "$tmp/e.profile" --db "$pdb" 2> "$tmp/err"
check_eq "profile matrix, ncu refuses: exit 1" $? 1
check_eq "profile matrix, ncu refuses: one reason, the rest counted" \
  "$(grep -c 'NOT PROFILED: ERR_NVGPUCTRPERM' "$tmp/err") $(grep -c 'the 2 configurations after it were not profiled either' "$tmp/err")" "1 1"
check_eq "profile matrix, ncu refuses: each line's run failed, nothing stored" \
  "$(q "$pdb" "SELECT group_concat(status || ':' || (SELECT count(*) FROM counter c WHERE c.run_id = u.run_id), ' ') FROM run u WHERE argv LIKE '%--n 6%'")" \
  "failed:0 failed:0"
# Bad profile matrices: one line naming the file and line, exit 2, nothing written.
bad_profile() { # bad_profile NAME WANT-ERR CONTENT [OPTIONS...]
  name=$1 want=$2
  printf '%b' "$3" > "$tmp/b.profile"
  shift 3
  NCU=$FAKE "$tmp/pbin/hoststudy" --matrix "$tmp/b.profile" --db "$tmp/b.db" "$@" 2> "$tmp/err"
  check_eq "$name: exit 2" $? 2
  check_eq "$name: one line, says why" "$(cat "$tmp/err")" "$want"
  check "$name: no database made" test ! -e "$tmp/b.db"
}
bad_profile "profile and timing lines" \
  "hoststudy: $tmp/b.profile:2: --profile: every line of a matrix for this binary names a metric set, or none does (see --help)" \
  'hoststudy --profile reduce --n 1\nhoststudy --n 2\n'
bad_profile "--profile list in a line" \
  "hoststudy: $tmp/b.profile:1: --profile list, --profile-child(-keys), --resources: not in a matrix line (see --help)" \
  'hoststudy --profile list\n'
bad_profile "an unknown set in a line" \
  "hoststudy: $tmp/b.profile:2: profile: --profile: unknown metric set 'nope' (--profile list shows them) (see --help)" \
  'hoststudy --profile reduce --n 1\nhoststudy --profile nope --n 2\n'
bad_profile "--profile with --matrix" \
  "hoststudy: --matrix: not with --profile, --profile-child or --resources (a profile matrix's lines name their sets) (see --help)" \
  'hoststudy --profile reduce --n 1\n' --profile reduce
printf 'hoststudy --profile reduce --n 1 --db %s\nhoststudy --profile reduce --n 2 --db %s\n' "$tmp/b.db" "$tmp/c.db" > "$tmp/b.profile"
NCU=$FAKE "$tmp/pbin/hoststudy" --matrix "$tmp/b.profile" 2> "$tmp/err"
check_eq "lines of two databases: exit 2" $? 2
check_eq "lines of two databases: one line, says why" "$(cat "$tmp/err")" \
  "hoststudy: $tmp/b.profile:2: --db: every profile line of a matrix writes one database (see --help)"
check "lines of two databases: nothing written" test ! -e "$tmp/b.db" -a ! -e "$tmp/c.db"
check_integrity "$pdb" "profile matrices"

# The report's view of a reduction step over these rows (reports/schema.sql
# and the analysis views, reports/analysis/, on a copy, the run taken as the reduce study's): counts add up
# over the kernels, rates are averaged by duration over the kernels that have
# them.
cp "$db" "$tmp/v.db"
q "$tmp/v.db" "UPDATE run SET study = 'reduce'; $(cat reports/schema.sql reports/analysis/[1-3]0-*.sql reports/analysis/60-counters.sql)" > /dev/null
check_eq "counter_reduce_step: sums and weighted means over kernels" \
  "$(q "$tmp/v.db" "SELECT divergent_branches || ' ' || occupancy_pct || ' ' || dram_bytes || ' ' || duration_ns
                    FROM counter_reduce_step WHERE variant = 'sum' AND n = 2")" "16.0 70.5 68419584.0 46032.0"

# The child reads "SWEEP PASSES KEY" lines: passes 1 to PROFILE_MAX_PASSES
# (16) are taken, 0, 17 or none refuse the line (status 'failed', exit 2).
printf '%s\n' '0 1 n=1 variant=sum cache=cold' '0 16 n=2 variant=sum cache=cold' '0 0 n=1 variant=sum cache=cold' \
  '0 17 n=1 variant=sum cache=cold' '0 n=1 variant=sum cache=cold' > "$tmp/ckeys"
"$HOST" --n 1,2 --profile-child-keys "$tmp/ckeys" 2> "$tmp/err"
check_eq "child keys: a refused line is exit 2" $? 2
check_eq "child keys: passes 1 and 16 taken; 0, 17 and none refused" "$(cut -c1-6 "$tmp/ckeys.status" | tr '\n' ';')" \
  "ok;ok;failed;failed;failed;"

# A profile child allocates the studies' host buffers pageable (gpu_host_alloc:
# ncu's replay would back pinned memory up on every pass), from its entry
# through the cleanup; a timing run and the profile run's parent pin them
# (HOSTSTUDY_HOSTMEM: tests/harness/hoststudy.c notes the allocator).
mem=$tmp/hostmem
HOSTSTUDY_HOSTMEM=$mem "$HOST" --n 1,2 --db "$tmp/hm.db" 2> "$tmp/err"
check_eq "host memory, timing run: exit 0" $? 0
check_eq "host memory, timing run: pinned" "$(tr '\n' ';' < "$mem")" "measure pinned;measure pinned;cleanup pinned;"
: > "$mem"
HOSTSTUDY_HOSTMEM=$mem "$HOST" --n 1,2 --profile-child-keys "$tmp/ckeys" 2> "$tmp/err"
check_eq "host memory, --profile-child-keys: pageable" "$(tr '\n' ';' < "$mem")" \
  "measure pageable;measure pageable;cleanup pageable;"
: > "$mem"
HOSTSTUDY_HOSTMEM=$mem "$HOST" --n 1,2 --profile-child "n=2 variant=sum cache=cold" 2> "$tmp/err"
check_eq "host memory, --profile-child: exit 0" $? 0
check_eq "host memory, --profile-child: pageable" "$(tr '\n' ';' < "$mem")" "measure pageable;cleanup pageable;"
: > "$mem"
HOSTSTUDY_HOSTMEM=$mem NCU=$FAKE "$HOST" --profile reduce --n 71,72 --db "$tmp/hm.db" 2> "$tmp/err"
check_eq "host memory, a profile run: exit 0" $? 0
check_eq "host memory, a profile run: only its child measures, pageable" "$(tr '\n' ';' < "$mem")" \
  "measure pageable;measure pageable;cleanup pageable;"

# Every metric the report's counter views read is collected by some set.
"$HOST" --profile list > "$tmp/sets"
check_eq "--profile list: exit 0" $? 0
missing=
for m in $(cat reports/analysis/*.sql | grep -o "'[a-z0-9_]*__[a-z0-9_.]*'" | tr -d "'" | sort -u); do
  grep -q -- "$m" "$tmp/sets" || missing="$missing $m"
done
check_eq "views read only metrics of the sets" "$missing" ""

[ "$nfail" -eq 0 ] && echo "# all profile checks passed"
exit $((nfail > 0))
