#!/bin/sh
# tests/cli/test_record_phases.sh: where a `make measure` went, stored by
# experiments/tools/record-phases, and a run's own phases (run.setup_s,
# verify_s, sample_s) stored by the harness, through the host-only study.
# No GPU needed. Prints 'ok NAME' / 'not ok NAME'; exits 1 if any failed.
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/robust-lib.sh
db="$tmp/p.db"
start=$(date -u +%Y-%m-%dT%H:%M:%SZ)
HOSTSTUDY_SLEEP_MS=20 "$HOST" --db "$db" --n 1,2 --variant sleep --reps 3 --min-reps 3 --warmup 0 2>"$tmp/err"
check_eq "a host-only run: exit 0" $? 0
check "the run prints its phases" grep -q 'phases: setup [0-9.]* s, verify [0-9.]* s, sample [0-9.]* s' "$tmp/err"
check_eq "the run stores its phases (sampling at least 2 x 3 x 20 ms)" \
  "$(q "$db" "SELECT setup_s >= 0 AND verify_s >= 0 AND sample_s >= 0.12 AND sample_s < 60 FROM run")" 1
check_eq "a host-only run has no launch floor and no copy probe" \
  "$(q "$db" "SELECT launch_us IS NULL OR launch_us = 0 FROM run")-$(q "$db" "SELECT copy_gbps_start IS NULL FROM run")" "1-1"
check_eq "the run stores the CPU model as /proc/cpuinfo names it" \
  "$(q "$db" "SELECT coalesce(cpu_model, '') FROM run")" "$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo | head -1)"
check_eq "the run stores the OS and the kernel release" \
  "$(q "$db" "SELECT instr(os_name, '$(uname -r)') > 0 FROM run")" 1
sh experiments/tools/record-phases "$TOOLS/dbtool" "$db" s1 "$start" 3 100 110.5 170.5 171 201 > "$tmp/out" 2>&1
check_eq "record-phases: exit 0" $? 0
check "record-phases: one line with the total" grep -q '101.000 s in all' "$tmp/out"
check_eq "record-phases: build, trials, resources, profile, total" \
  "$(q "$db" "SELECT group_concat(phase || '=' || seconds, ' ') FROM (SELECT * FROM measure_phase WHERE phase IN ('build','trials','resources','profile','total') ORDER BY phase)")" \
  "build=10.5 profile=30.0 resources=0.5 total=101.0 trials=60.0"
check_eq "record-phases: verify and sample are the runs' own, other the rest of the trials" \
  "$(q "$db" "SELECT abs((SELECT seconds FROM measure_phase WHERE phase = 'verify') - verify_s) < 1e-9
                 AND abs((SELECT seconds FROM measure_phase WHERE phase = 'sample') - sample_s) < 1e-9
                 AND abs((SELECT seconds FROM measure_phase WHERE phase = 'other') - (60 - verify_s - sample_s)) < 1e-9
              FROM run")" 1
check_eq "record-phases: the trials and the session on every row" \
  "$(q "$db" "SELECT count(*) || ':' || min(trials) || ':' || max(session) FROM measure_phase")" "8:3:s1"
sh experiments/tools/record-phases "$TOOLS/dbtool" "$db" "s'2" "$start" 3 1 2 3 4 5 > /dev/null 2>&1
check_eq "record-phases: a quote in the session is refused" $? 2
sh experiments/tools/record-phases "$TOOLS/dbtool" "$db" s3 2>/dev/null
check_eq "record-phases: too few arguments is exit 2" $? 2
# A make measure that only resumed the counters: its GPU has a profile run
# and no measure run since its start; the phases are stored all the same.
later=2099-01-01T00:00:00Z
q "$db" "INSERT INTO run (study, binary, device_id, status, started_utc, argv, build_id, kind, verify_s, sample_s)
         SELECT study, binary, device_id, 'complete', '$later', 'p', build_id, 'profile', 5, 7 FROM run LIMIT 1" > /dev/null
sh experiments/tools/record-phases "$TOOLS/dbtool" "$db" s4 "$later" 3 0 0.1 0.9 1 198 > /dev/null 2>&1
check_eq "record-phases: counters only: stored, profile time kept, verify and sample 0 (profile runs' own not counted)" \
  "$(q "$db" "SELECT group_concat(phase || '=' || seconds, ' ') FROM (SELECT * FROM measure_phase WHERE session = 's4' AND phase IN ('profile','verify','sample') ORDER BY phase)")" \
  "profile=197.0 sample=0.0 verify=0.0"
sh experiments/tools/record-phases "$TOOLS/dbtool" "$db" s5 "2099-06-01T00:00:00Z" 3 0 0.1 0.2 0.3 0.4 > /dev/null 2>&1
check_eq "record-phases: nothing ran since the start: nothing stored" \
  "$(q "$db" "SELECT count(*) FROM measure_phase WHERE session = 's5'")" 0
# A run of the same matrix again measures nothing and stores no run.
HOSTSTUDY_SLEEP_MS=20 "$HOST" --db "$db" --n 1,2 --variant sleep --reps 3 --min-reps 3 --warmup 0 2>"$tmp/err"
check_eq "nothing left to measure: still one measure run" "$(q "$db" "SELECT count(*) FROM run WHERE kind = 'measure'")" 1
[ "$nfail" -eq 0 ]
