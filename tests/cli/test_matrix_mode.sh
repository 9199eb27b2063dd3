#!/bin/sh
# tests/cli/test_matrix_mode.sh: a study binary's --matrix FILE (one process
# runs every line of FILE for its binary) and experiments/tools/run-matrix,
# which starts one such process per binary of a .matrix file. Through the
# host-only study (build/cuda-KEY/tests/hoststudy, the real harness; a link to it
# named hoststudy-b is a second binary of the study), no GPU needed:
# - the lines of this binary run in one process, in file order, each a run of
#   its own: its argv the line's command (the line's arguments, then the other
#   options), its configurations; lines of another binary and comments are
#   left alone; --repeat is passed to every line;
# - a later run's setup_s counts from the end of the run before it;
# - a bad line: one line naming the file and line number, exit 2, no database
#   made and no run added; a file with no line for the binary: exit 2;
#   --matrix in a line, with --resources: exit 2; --list lists every line;
# - run again, nothing is measured and no run stored (resume);
# - a failing line stops the process (exit 1): later lines do not run;
# - run-matrix: one process per binary of a .matrix (the binaries logged by
#   wrappers), every line run; a process the watchdog ended (exit 5) runs
#   again and the lines after the timed-out one run (then exit 1).
# Prints 'ok NAME' / 'not ok NAME'; exits 1 if any failed.
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/robust-lib.sh

# ------------------------------------------------- one process, two lines --
m="$tmp/m.matrix"
cat > "$m" <<EOF
# two sweeps of hoststudy, one of another binary
hoststudy --n 1,2 --variant sum --reps 3

hoststudy-b --n 7
  hoststudy --n 3 --reps 4
EOF
db="$tmp/t.db"
"$HOST" --matrix "$m" --db "$db" --min-reps 3 --warmup 0 --repeat 2 2> "$tmp/err"
check_eq "two lines: exit 0" $? 0
check_eq "two lines: two runs, each the line's command, --repeat passed" \
  "$(q "$db" "SELECT group_concat(run_id || ':' || binary || ':' || repeat_index || ':' || status || ':' || argv, '|') FROM (SELECT * FROM run ORDER BY run_id)")" \
  "1:hoststudy:2:complete:$HOST --n 1,2 --variant sum --reps 3 --db $db --min-reps 3 --warmup 0 --repeat 2|2:hoststudy:2:complete:$HOST --n 3 --reps 4 --db $db --min-reps 3 --warmup 0 --repeat 2"
check_eq "two lines: each run its own configurations" \
  "$(q "$db" "SELECT group_concat(run_id || ':' || n || ':' || reps, ' ') FROM (SELECT * FROM result ORDER BY result_id)")" \
  "1:1:3 1:2:3 2:3:4"
check_eq "two lines: an end line and a sampling line per run" \
  "$(grep -c '^hoststudy: run [12] complete: \|^hoststudy: run [12] sampling took ' "$tmp/err")" 4
check_eq "two lines: the other binary's line is left alone" "$(grep -c 'n=7' "$tmp/err")" 0

# A later run's setup counts from the end of the run before it, not from the
# process start (the first run sleeps 3 x 3 x 100 ms, verification included).
printf 'hoststudy --n 1..3 --variant sleep\nhoststudy --n 4\n' > "$tmp/s.matrix"
HOSTSTUDY_SLEEP_MS=100 "$HOST" --matrix "$tmp/s.matrix" --db "$tmp/s.db" $REPS 2> "$tmp/err"
check_eq "setup: exit 0" $? 0
check_eq "setup: the second run's setup_s is its own (under 0.3 s), the first's is stored" \
  "$(q "$tmp/s.db" "SELECT (SELECT setup_s < 0.3 FROM run WHERE run_id = 2) || ' ' || (SELECT setup_s IS NOT NULL FROM run WHERE run_id = 1)")" "1 1"

# ----------------------------------------------------------- bad matrices --
printf 'hoststudy --n 1\n# fine so far\nhoststudy --n 0x\n' > "$tmp/bad.matrix"
"$HOST" --matrix "$tmp/bad.matrix" --db "$tmp/x.db" 2> "$tmp/err"
check_eq "a bad line: exit 2" $? 2
check_eq "a bad line: one line naming the file and the line" \
  "$(cat "$tmp/err")" "hoststudy: $tmp/bad.matrix:3: --n: '0x' is not a number (see --help)"
check "a bad line: no database made" test ! -e "$tmp/x.db"
"$HOST" --matrix "$tmp/bad.matrix" --db "$db" 2> "$tmp/err"
check_eq "a bad line, an existing database: exit 2, one line" "$? $(nlines "$(cat "$tmp/err")")" "2 1"
check_eq "a bad line, an existing database: no run added" "$(q "$db" "SELECT count(*) FROM run")" 2
printf 'hoststudy --n 1\nhoststudy --variant skip\n' > "$tmp/skip.matrix"
"$HOST" --matrix "$tmp/skip.matrix" --db "$tmp/x.db" 2> "$tmp/err"
check "a line with nothing to run: exit 2, names the line, no database" \
  sh -c "[ $? -eq 2 ] && grep -q 'skip.matrix:2: matrix: nothing to run' '$tmp/err' && [ ! -e '$tmp/x.db' ]"
printf 'hoststudy --n 1 --reps 3\n' > "$tmp/twice.matrix"
"$HOST" --matrix "$tmp/twice.matrix" --db "$tmp/x.db" --reps 5 2> "$tmp/err"
check "an option in the line and on the command line: exit 2, 'given twice'" \
  sh -c "[ $? -eq 2 ] && grep -q 'twice.matrix:1: --reps: given twice' '$tmp/err' && [ ! -e '$tmp/x.db' ]"
printf 'hoststudy --n 1 --min-reps 3\n' > "$tmp/with.matrix"
"$HOST" --matrix "$tmp/with.matrix" --db "$tmp/w.db" --reps 5 --warmup 0 2> "$tmp/err"
check_eq "the other options are checked with the line (--reps 5 beside the line's --min-reps 3)" \
  "$? $(q "$tmp/w.db" "SELECT reps FROM result")" "0 5"
printf '# only others\nhoststudy-b --n 1\n' > "$tmp/none.matrix"
"$HOST" --matrix "$tmp/none.matrix" --db "$tmp/x.db" 2> "$tmp/err"
check "no line for this binary: exit 2, one line, no database" \
  sh -c "[ $? -eq 2 ] && [ \$(wc -l < '$tmp/err') -eq 1 ] && grep -q 'has no line for hoststudy' '$tmp/err' && [ ! -e '$tmp/x.db' ]"
check "a missing matrix file: exit 2" bad_args tests/hoststudy --matrix "$tmp/nothing.matrix"
printf 'hoststudy --matrix %s\n' "$m" > "$tmp/nest.matrix"
check "--matrix in a matrix line: exit 2" bad_args tests/hoststudy --matrix "$tmp/nest.matrix"
check "--matrix with --resources: exit 2" bad_args tests/hoststudy --matrix "$m" --resources
"$HOST" --matrix "$m" --list --min-reps 3 > "$tmp/out" 2> "$tmp/err"
check_eq "--list: exit 0, every line's configurations" \
  "$? $(grep -v '^#' "$tmp/out" | tr '\n' ' ')" "0 n=1 variant=sum cache=cold n=2 variant=sum cache=cold n=3 variant=sum cache=cold "
check "--matrix given twice: exit 2" bad_args tests/hoststudy --matrix "$m" --matrix="$m"
check "--matrix without a value: exit 2" bad_args tests/hoststudy --matrix
check "--matrix with --build-id: exit 2" bad_args tests/hoststudy --matrix "$m" --build-id
check "--matrix with --help: exit 0, the usage" sh -c "'$HOST' --matrix '$m' --help | grep -q '^Usage: hoststudy'"
check "--matrix in --help" sh -c "'$HOST' --help | grep -q '^  --matrix FILE'"

# ----------------------------------------------------------------- resume --
"$HOST" --matrix "$m" --db "$db" --min-reps 3 --warmup 0 --repeat 2 2> "$tmp/err"
check_eq "resume: exit 0" $? 0
check_eq "resume: nothing measured, no run stored" \
  "$(q "$db" "SELECT count(*) FROM run") $(q "$db" "SELECT count(*) FROM result") $(grep -c 'nothing left to measure: no run stored' "$tmp/err")" "2 3 2"
"$HOST" --matrix "$m" --db "$db" --min-reps 3 --warmup 0 --repeat 3 2> "$tmp/err"
check_eq "--repeat 3: both lines measured again as trial 3" \
  "$(q "$db" "SELECT group_concat(repeat_index || ':' || c, ' ') FROM (SELECT repeat_index, count(*) c FROM run JOIN result USING (run_id) GROUP BY 1 ORDER BY 1)")" "2:3 3:3"

# ------------------------------------------------------- a failing line --
printf 'hoststudy --n 1 --variant wrong\nhoststudy --n 2\n' > "$tmp/fail.matrix"
"$HOST" --matrix "$tmp/fail.matrix" --db "$tmp/f.db" $REPS 2> "$tmp/err"
check_eq "a failing line: exit 1" $? 1
check_eq "a failing line: the later line does not run" \
  "$(q "$tmp/f.db" "SELECT group_concat(n || ':' || status) FROM result")" "1:failed"

# ------------------------------------------------------------- run-matrix --
# Wrappers log each process they start, then run the study under its name.
mkdir -p "$tmp/real" "$tmp/bin"
ln -s "$HOST" "$tmp/real/hoststudy"
ln -s "$HOST" "$tmp/real/hoststudy-b"
for b in hoststudy hoststudy-b; do
  printf '#!/bin/sh\necho "%s $*" >> "%s/procs"\nexec "%s/real/%s" "$@"\n' "$b" "$tmp" "$tmp" "$b" > "$tmp/bin/$b"
  chmod +x "$tmp/bin/$b"
done
cat > "$tmp/two.matrix" <<EOF
hoststudy --n 1 $REPS
hoststudy-b --n 2,3 $REPS
# a comment
hoststudy --n 4 $REPS
hoststudy-b --n 5 $REPS
EOF
sh experiments/tools/run-matrix "$tmp/two.matrix" "$tmp/r.db" "$tmp/bin" 2 2 2> "$tmp/err"
check_eq "run-matrix: exit 0" $? 0
check_eq "run-matrix: one process per binary, in order of first appearance" "$(cat "$tmp/procs")" \
  "hoststudy --matrix $tmp/two.matrix --db $tmp/r.db --repeat 2
hoststudy-b --matrix $tmp/two.matrix --db $tmp/r.db --repeat 2"
check_eq "run-matrix: every line a run, by binary, in file order" \
  "$(q "$tmp/r.db" "SELECT group_concat(binary || ':' || repeat_index || ':' || ns, ' ') FROM (SELECT binary, repeat_index, (SELECT group_concat(n) FROM result s WHERE s.run_id = u.run_id) ns FROM run u ORDER BY run_id)")" \
  "hoststudy:2:1 hoststudy:2:4 hoststudy-b:2:2,3 hoststudy-b:2:5"
check "run-matrix: sums the runs' sampling lines" grep -q "run-matrix: $tmp/two.matrix: sampling took .* over 5 configurations" "$tmp/err"

# A timeout ends the process (exit 5): run-matrix starts it again, it resumes
# and the lines after the timed-out one run; the matrix then counts as failed.
rm -f "$tmp/procs"
cat > "$tmp/hang.matrix" <<EOF
hoststudy --n 1 --variant sum,hang --timeout-s 1 $REPS
hoststudy --n 2 $REPS
EOF
timeout -s KILL 60 sh experiments/tools/run-matrix "$tmp/hang.matrix" "$tmp/h.db" "$tmp/bin" 2> "$tmp/err"
check_eq "run-matrix, a timeout: exit 1" $? 1
check_eq "run-matrix, a timeout: the process ran twice" "$(wc -l < "$tmp/procs" | tr -d ' ')" 2
check_eq "run-matrix, a timeout: every line ran" \
  "$(q "$tmp/h.db" "SELECT group_concat(n || ':' || variant || ':' || status, ' ') FROM (SELECT * FROM result ORDER BY n, variant)")" \
  "1:hang:failed 1:sum:ok 2:sum:ok"
check_no_dups "$tmp/h.db" "run-matrix, a timeout"

[ "$nfail" -eq 0 ] && echo "# all matrix-mode checks passed"
exit $((nfail > 0))
