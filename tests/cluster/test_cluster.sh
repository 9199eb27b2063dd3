#!/bin/sh
# tests/cluster/test_cluster.sh (`make test-cluster`): the Slurm pipeline of
# experiments/tools/slurm/ against a real single-node Slurm on this machine.
#
# How it starts: as root, it installs what is missing with apt (slurmctld,
# slurmd, slurm-client, munge: Debian's packages), then starts, all under a
# temporary directory and on ports of its own, so nothing of the system's is
# touched: munged (its own key, socket, pid and log files), slurmctld and
# slurmd (a minimal slurm.conf: this host as the only node, no GPUs, two
# partitions 'one' and 'two', no accounting, no cgroups).
# What it runs: experiments/tools/slurm/submit.sh with PARTITIONS="one two", the
# host-only study (build/cuda-KEY/tests/hoststudy, the real harness) as the
# measured command, and no report (SLURM_REPORT=0); it waits (at most
# 300 s) for the queue to empty, then checks the shards and merged.db.
# How it stops: an EXIT trap kills the three daemons it started, by the pids
# they wrote (munged, slurmctld, slurmd), waits for them to go, and removes
# the directory. Needs root (one line otherwise, exit 1).
# Usage: sh tests/cluster/test_cluster.sh   (make test-build first)
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
SQLQ="$TESTBIN/sqlq"
q() { "$SQLQ" "$1" "$2"; }

[ "$(id -u)" = 0 ] || { echo "not ok test-cluster: needs root (it installs and starts Slurm and munge)"; exit 1; }
for f in "$TESTBIN/hoststudy" "$SQLQ" "$TOOLS/dbtool"; do
  [ -x "$f" ] || { notok "fixture $f exists" "run make test-build"; exit 1; }
done
need=""
for c in slurmctld:slurmctld slurmd:slurmd sbatch:slurm-client munged:munge; do
  command -v "${c%%:*}" >/dev/null 2>&1 || need="$need ${c#*:}"
done
if [ -n "$need" ]; then
  echo "installing:$need"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $need; } \
    > "$tmp/apt.log" 2>&1 || { cat "$tmp/apt.log"; notok "apt-get install$need"; exit 1; }
fi

# Everything under $tmp/c; the daemons stop at exit.
c="$tmp/c"
mkdir -p "$c/munge" "$c/state" "$c/spool" "$c/out"
chmod 700 "$c/munge"
stop() {
  for p in slurmd slurmctld munged; do
    [ -s "$c/$p.pid" ] || continue
    pid=$(cat "$c/$p.pid")
    kill "$pid" 2>/dev/null
    n=0; while kill -0 "$pid" 2>/dev/null && [ $n -lt 50 ]; do sleep 0.2; n=$((n + 1)); done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null
  done
  rm -rf "$tmp"
}
trap stop EXIT
trap 'exit 130' INT TERM

dd if=/dev/urandom of="$c/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$c/munge/munge.key"
munged --force --key-file="$c/munge/munge.key" --socket="$c/munge/munge.socket" \
  --pid-file="$c/munged.pid" --log-file="$c/munged.log" --seed-file="$c/munge/seed" \
  || { cat "$c/munged.log"; notok "munged starts"; exit 1; }

host=$(hostname -s)
port=$((20000 + $$ % 20000))
cat > "$c/slurm.conf" <<EOF
ClusterName=gpumemtest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$c/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$c/state
SlurmdSpoolDir=$c/spool
SlurmctldPidFile=$c/slurmctld.pid
SlurmdPidFile=$c/slurmd.pid
SlurmctldLogFile=$c/slurmctld.log
SlurmdLogFile=$c/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=500 State=UNKNOWN
PartitionName=one Nodes=$host Default=YES MaxTime=INFINITE State=UP
PartitionName=two Nodes=$host MaxTime=INFINITE State=UP
EOF
SLURM_CONF="$c/slurm.conf"
export SLURM_CONF
slurmctld -c -f "$SLURM_CONF" || { cat "$c/slurmctld.log"; notok "slurmctld starts"; exit 1; }
slurmd -f "$SLURM_CONF" -N "$host" || { cat "$c/slurmd.log"; notok "slurmd starts"; exit 1; }
n=0
until sinfo -h -o %T 2>/dev/null | grep -q '^idle'; do
  n=$((n + 1))
  if [ $n -gt 60 ]; then
    sinfo 2>&1; tail -n 20 "$c/slurmctld.log" "$c/slurmd.log"; notok "the node comes up in 60 s"; exit 1
  fi
  sleep 1
done
ok "a single-node Slurm is up (partitions: $(sinfo -h -o %P | tr '\n' ' '))"

# The pipeline, as `make slurm` runs it, with the host-only study measured.
PARTITIONS="one two" SLURM_OUT="$c/out" SLURM_GRES= SLURM_REPORT=0 SLURM_TIME=10:00 \
  SLURM_MEASURE="$TESTBIN/hoststudy --db \"\$SHARD_DB\" --n 1..3 --variant sleep --reps 3 --min-reps 3 --warmup 0" \
  sh experiments/tools/slurm/submit.sh > "$tmp/submit.log" 2>&1
rc=$?
cat "$tmp/submit.log"
check_eq "submit.sh: exit 0" "$rc" 0
check_eq "two measure jobs and a merge job" "$(grep -c '^slurm: measure job [0-9]*' "$tmp/submit.log"):$(grep -c '^slurm: merge job [0-9]* (after [0-9]* [0-9]*)' "$tmp/submit.log")" "2:1"
n=0
while [ -n "$(squeue -h 2>/dev/null)" ] && [ $n -lt 300 ]; do sleep 1; n=$((n + 1)); done
check "the queue empties within 300 s" test -z "$(squeue -h 2>/dev/null)"

shards=$(ls "$c/out"/shard-*-"$host"-nogpu.db 2>/dev/null | wc -l)
check_eq "one shard per partition, named by job, host and GPU" "$shards" 2
check "merged.db exists" test -f "$c/out/merged.db"
if [ -f "$c/out/merged.db" ]; then
  check_eq "merged.db: both shards' runs, complete, each once" \
    "$(q "$c/out/merged.db" "SELECT count(*) || ' ' || count(DISTINCT run_uuid) || ' ' || sum(status = 'complete') FROM run")" "2 2 2"
  check_eq "merged.db: every result of both shards" "$(q "$c/out/merged.db" "SELECT count(*) FROM result")" 6
  check_eq "merged.db: integrity" "$(q "$c/out/merged.db" "PRAGMA integrity_check")" ok
  check_eq "the merge ran after both measure jobs ended (both shards merged)" \
    "$(cat "$c"/out/merge-*.log | grep -c '1 runs added')" 2
fi
[ "$nfail" -eq 0 ] || { for f in "$c"/out/*.log "$c/slurmctld.log"; do echo "== $f"; tail -n 20 "$f"; done; }

[ "$nfail" -eq 0 ]
