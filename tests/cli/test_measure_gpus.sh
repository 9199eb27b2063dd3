#!/bin/sh
# tests/cli/test_measure_gpus.sh: `make measure`'s runner,
# experiments/tools/measure-gpus, with a fake nvidia-smi (two GPUs) and a fake study
# binary that logs the GPU it was given (CUDA_VISIBLE_DEVICES) and its
# arguments: stamps per database and per GPU (`make measure-stale DB=new.db`
# would measure; a second run measures nothing; a newer binary or another GPU
# measures again), GPUS=all runs one process per GPU at the same time with
# lines tagged by GPU, a failing GPU fails the run and keeps no stamp, a bad
# selection is one line, exit 2. Needs no GPU.
# Usage: sh tests/cli/test_measure_gpus.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh

mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory "$@"; }
mkdir -p "$tmp/bin"
cat > "$tmp/smi" <<'EOF'
#!/bin/sh
case "$*" in
  *index,uuid,name*) printf '0, GPU-aaaa, NVIDIA Fake A\n1, GPU-bbbb, NVIDIA Fake B\n' ;;
  -L) printf 'GPU 0: NVIDIA Fake A (UUID: GPU-aaaa)\nGPU 1: NVIDIA Fake B (UUID: GPU-bbbb)\n' ;;
  *) exit 9 ;;
esac
EOF
# The fake study: logs 'start|end GPU ARGS' around a short sleep; fails on
# the GPU named by $tmp/fail-on, if any. fakestudy2 is a second binary (run-matrix
# starts one process per binary of a matrix: its two sweeps are two binaries).
cat > "$tmp/bin/fakestudy" <<EOF
#!/bin/sh
echo "start \${CUDA_VISIBLE_DEVICES:-none} \$*" >> "$tmp/log"
echo "\${CUDA_VISIBLE_DEVICES:-none} \${OMP_NUM_THREADS:-unset}" >> "$tmp/omp"
echo "\$(basename "\$0") progress \$*" >&2
sleep 1
echo "end \${CUDA_VISIBLE_DEVICES:-none} \$*" >> "$tmp/log"
[ "\${CUDA_VISIBLE_DEVICES:-none}" != "\$(cat "$tmp/fail-on" 2>/dev/null)" ]
EOF
cp "$tmp/bin/fakestudy" "$tmp/bin/fakestudy2"
chmod +x "$tmp/smi" "$tmp/bin/fakestudy" "$tmp/bin/fakestudy2"
printf '# a fake matrix\nfakestudy --a 1\n\nfakestudy2 --a 2\n' > "$tmp/fake.matrix"
: > "$tmp/a.db"

# stale DB GPUS [RUNS]: what `make measure-stale` says for the fake matrix.
stale() { mk -s measure-stale RUNS="${3:-1}" DB="$1" GPUS="$2" NVIDIA_SMI="$tmp/smi" STUDIES="$tmp/bin" \
            MEASURE_STAMPS="$tmp/stamps" MATRICES="$tmp/fake.matrix" 2>&1 | grep -c '^would measure'; }
# run DB GPUS: the runner itself (RUNS=$runs); sets rc and out.
runs=1
run() { : > "$tmp/log"; out=$(RUNS=$runs NVIDIA_SMI="$tmp/smi" sh experiments/tools/measure-gpus "$1" "$tmp/bin" "$tmp/stamps" "$2" \
          "$tmp/fake.matrix" 2>&1); rc=$?; }
ran() { grep -c '^start' "$tmp/log"; }

check_eq "a new database would be measured (GPU 0)" "$(stale "$tmp/a.db" '')" 1
run "$tmp/a.db" ''
check_eq "the first run succeeds" "$rc" 0
check_eq "it runs both sweeps on the default GPU" "$(grep -c '^start none ' "$tmp/log")" 2
check_eq "then nothing is stale" "$(stale "$tmp/a.db" '')" 0
run "$tmp/a.db" ''
check_eq "a second run measures nothing" "$(ran)" 0
check_eq "make measure DB=new.db would measure" "$(stale "$tmp/new.db" '')" 1
check_eq "RUNS=2 would measure (a stamp of its own)" "$(stale "$tmp/a.db" '' 2)" 1
runs=2; run "$tmp/a.db" ''; runs=1
check_eq "RUNS=2 runs every sweep twice, as --repeat 1 and 2" \
  "$(grep -c '^start none .*--repeat 1' "$tmp/log"):$(grep -c '^start none .*--repeat 2' "$tmp/log")" "2:2"
check_eq "then RUNS=2 is up to date" "$(stale "$tmp/a.db" '' 2)" 0
# Trials spread over the measurement: trial 1 of every matrix before trial 2 of any.
printf 'fakestudy --b 1\n' > "$tmp/second.matrix"
: > "$tmp/log"
out=$(RUNS=2 NVIDIA_SMI="$tmp/smi" sh experiments/tools/measure-gpus "$tmp/t.db" "$tmp/bin" "$tmp/stamps" '' \
        "$tmp/fake.matrix" "$tmp/second.matrix" 2>&1)
check_eq "RUNS=2 over two matrices: trial 1 of both, then trial 2 of both" \
  "$(grep '^start' "$tmp/log" | sed 's/.*--repeat //' | tr '\n' ' ')" "1 1 1 2 2 2 "
check_eq "the default is six trials" "$(sed -n 's/^runs=\${RUNS:-\([0-9]*\)}$/\1/p' experiments/tools/measure-gpus)" 6
# make's own default, as `make measure` passes it (RUNS unset in the environment).
check_eq "make measure's default is six trials too" "$(unset RUNS; mk -s print-RUNS)" 6
# Without RUNS, measure-gpus runs six trials: --repeat 1..6, then the stamp of six.
: > "$tmp/log"
env -u RUNS NVIDIA_SMI="$tmp/smi" sh experiments/tools/measure-gpus "$tmp/six.db" "$tmp/bin" "$tmp/stamps" '' \
  "$tmp/second.matrix" > /dev/null 2>&1
check_eq "unset RUNS: six trials, --repeat 1..6" "$(grep '^start' "$tmp/log" | sed 's/.*--repeat //' | tr '\n' ' ')" \
  "1 2 3 4 5 6 "
check_eq "unset RUNS: then RUNS=6 is up to date" \
  "$(mk -s measure-stale RUNS=6 DB="$tmp/six.db" GPUS='' NVIDIA_SMI="$tmp/smi" BIN="$tmp/bin" MEASURE_STAMPS="$tmp/stamps" \
       MATRICES="$tmp/second.matrix" 2>&1 | grep -c '^would measure')" 0
rm "$tmp/a.db"; : > "$tmp/a.db"
check_eq "the same path made anew would be measured" "$(stale "$tmp/a.db" '')" 1
run "$tmp/a.db" ''
check_eq "GPU 1 would be measured" "$(stale "$tmp/a.db" 1)" 1
run "$tmp/a.db" GPU-bbbb
check_eq "GPUS=UUID runs on that GPU only" "$(grep -c '^start GPU-bbbb' "$tmp/log"):$(ran)" "2:2"
check_eq "then GPU 1 is up to date" "$(stale "$tmp/a.db" 1)" 0
check_eq "GPUS=all would measure GPU 0 only" "$(stale "$tmp/a.db" all)" 1
touch "$tmp/bin/fakestudy"; sleep 1; touch "$tmp/bin/fakestudy"
check_eq "a newer binary makes every GPU stale" "$(stale "$tmp/a.db" 'all')" 2

# GPUS=all: one process per GPU, at once: both start before either ends.
run "$tmp/a.db" all
check_eq "GPUS=all succeeds" "$rc" 0
check_eq "GPUS=all runs both sweeps on both GPUs" "$(grep -c '^start GPU-aaaa' "$tmp/log"):$(grep -c '^start GPU-bbbb' "$tmp/log")" "2:2"
check_eq "the GPUs run at the same time" "$(head -n 2 "$tmp/log" | cut -d' ' -f1-2 | sort | tr '\n' ' ')" \
  "start GPU-aaaa start GPU-bbbb "
check "progress lines are tagged by GPU" sh -c "printf '%s\n' \"\$1\" | grep -q '^\[gpu0\] fakestudy progress .*--matrix' &&
  printf '%s\n' \"\$1\" | grep -q '^\[gpu1\] fakestudy2 progress .*--matrix'" - "$out"

# A GPU that fails: the run fails, that GPU keeps no stamp, the other does.
touch "$tmp/bin/fakestudy"; sleep 1; touch "$tmp/bin/fakestudy"
echo GPU-bbbb > "$tmp/fail-on"
run "$tmp/a.db" "0,1"
check "a failing GPU fails the run" test "$rc" -ne 0
check_eq "the failing GPU stops at its first failure; the other runs on" \
  "$(grep -c '^start GPU-aaaa' "$tmp/log"):$(grep -c '^start GPU-bbbb' "$tmp/log")" "2:1"
check_eq "only the failing GPU is still stale" "$(stale "$tmp/a.db" all)" 1
rm "$tmp/fail-on"

# KEEP_GOING=1 (make profile): a failing matrix does not stop the GPU's
# others; the run still fails, and only the failing matrix stays stale.
printf '#!/bin/sh\necho "start ${CUDA_VISIBLE_DEVICES:-none} okstudy $*" >> "%s/log"\n' "$tmp" > "$tmp/bin/okstudy"
chmod +x "$tmp/bin/okstudy"
printf 'okstudy --c 1\n' > "$tmp/third.matrix"
echo none > "$tmp/fail-on"
: > "$tmp/log"
out=$(KEEP_GOING=1 RUNS=1 NVIDIA_SMI="$tmp/smi" sh experiments/tools/measure-gpus "$tmp/k.db" "$tmp/bin" "$tmp/stamps" '' \
        "$tmp/fake.matrix" "$tmp/third.matrix" 2>&1); rc=$?
check "KEEP_GOING=1: a failing matrix fails the run" test "$rc" -ne 0
check_eq "KEEP_GOING=1: the next matrix still runs" "$(grep -c '^start none okstudy --matrix .*third.matrix' "$tmp/log")" 1
rm "$tmp/fail-on"
check_eq "KEEP_GOING=1: the matrix that ran to the end keeps its stamp, the failed one none" \
  "$(mk -s measure-stale RUNS=1 DB="$tmp/k.db" GPUS='' NVIDIA_SMI="$tmp/smi" STUDIES="$tmp/bin" MEASURE_STAMPS="$tmp/stamps" \
       MATRICES="$tmp/fake.matrix $tmp/third.matrix" 2>&1 | grep '^would measure' | tr '\n' ' ')" "would measure fake on gpu0 "

# KEEP_GOING=1 stops at a matrix that was interrupted (exit 130): a
# SIGINT reaches the study, not the background workers.
printf '#!/bin/sh\necho "start ${CUDA_VISIBLE_DEVICES:-none} stopped $*" >> "%s/log"\nexit 130\n' "$tmp" > "$tmp/bin/stopped"
chmod +x "$tmp/bin/stopped"
printf 'stopped --d 1\n' > "$tmp/stopped.matrix"
: > "$tmp/log"
KEEP_GOING=1 RUNS=1 NVIDIA_SMI="$tmp/smi" sh experiments/tools/measure-gpus "$tmp/s.db" "$tmp/bin" "$tmp/stamps" '' \
  "$tmp/stopped.matrix" "$tmp/third.matrix" > /dev/null 2>&1; rc=$?
check_eq "KEEP_GOING=1: an interrupted matrix (exit 130) stops the worker: exit 130, the next matrix not run" \
  "$rc $(grep -c 'okstudy' "$tmp/log")" "130 0"

# Several GPUs share the CPUs: each process gets OMP_NUM_THREADS = CPUs / GPUs
# (at least 1), unless it is set; one GPU leaves it unset.
touch "$tmp/bin/fakestudy"; sleep 1; touch "$tmp/bin/fakestudy"
: > "$tmp/omp"
env -u OMP_NUM_THREADS NVIDIA_SMI="$tmp/smi" RUNS=1 sh experiments/tools/measure-gpus "$tmp/o.db" "$tmp/bin" "$tmp/stamps" all \
  "$tmp/fake.matrix" > /dev/null 2>&1
half=$(( $(getconf _NPROCESSORS_ONLN) / 2 )); [ "$half" -ge 1 ] || half=1
check_eq "two GPUs: OMP_NUM_THREADS is half the CPUs on each" "$(sort -u "$tmp/omp" | tr '\n' ' ')" \
  "GPU-aaaa $half GPU-bbbb $half "
: > "$tmp/omp"
OMP_NUM_THREADS=3 NVIDIA_SMI="$tmp/smi" RUNS=1 sh experiments/tools/measure-gpus "$tmp/o2.db" "$tmp/bin" "$tmp/stamps" all \
  "$tmp/fake.matrix" > /dev/null 2>&1
check_eq "a set OMP_NUM_THREADS is kept" "$(sort -u "$tmp/omp" | tr '\n' ' ')" "GPU-aaaa 3 GPU-bbbb 3 "
: > "$tmp/omp"
env -u OMP_NUM_THREADS NVIDIA_SMI="$tmp/smi" RUNS=1 sh experiments/tools/measure-gpus "$tmp/o3.db" "$tmp/bin" "$tmp/stamps" '' \
  "$tmp/fake.matrix" > /dev/null 2>&1
check_eq "one GPU: OMP_NUM_THREADS left unset" "$(sort -u "$tmp/omp" | tr '\n' ' ')" "none unset "

# make profile runs the profile matrices through the same runner, per GPU, going on past a failure.
check "make profile runs measure-gpus over the profile matrices with GPUS" sh -c "env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -n profile DB=/x/y.db GPUS=all 2>/dev/null | tr -d '\\\\\n' |
  grep -q \"RUNS=1 KEEP_GOING=1 *sh experiments/tools/measure-gpus '/x/y.db' build/cuda-[^ ]*/studies 'build/stamp/measure' 'all' .*\.profile\""

# A selection that names no GPU here: one line, exit 2, nothing run.
run "$tmp/a.db" "0 7"
check_eq "GPUS=7: exit 2" "$rc" 2
check_eq "GPUS=7: one line" "$(printf '%s\n' "$out" | awk 'END { print NR }')" 1
case "$out" in *"no GPU '7' here"*"0 (GPU-aaaa, NVIDIA Fake A)"*) ok "GPUS=7: names the GPUs there are" ;;
               *) notok "GPUS=7: names the GPUs there are" "$out" ;; esac
check_eq "GPUS=7: nothing run" "$(ran)" 0

# make measure hands DB and GPUS to the runner.
check "make measure passes DB and GPUS" sh -c "env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -n measure DB=/x/y.db GPUS=all 2>/dev/null |
  tr -d '\\\\\n' | grep -q \"measure-gpus '/x/y.db' build/cuda-[^ ]*/studies *'build/stamp/measure' 'all' \""

[ "$nfail" -eq 0 ]
