#!/bin/sh
# experiments/tools/slurm/task.sh: one measure job of experiments/tools/slurm/submit.sh,
# on a compute node, in the shared checkout: builds for this node's GPU
# (CUDA_ARCH=native) into build/slurm-JOB-HOST and measures every matrix into
# SLURM_OUT/shard-JOB-HOST-GPUUUID.db (SLURM_MEASURE, if set, measures instead).
set -u
host=$(hostname -s)
job=${SLURM_JOB_ID:-nojob}
# The GPU Slurm gave this job (nvidia-smi lists only it where devices are
# constrained; else the first of CUDA_VISIBLE_DEVICES).
first=${CUDA_VISIBLE_DEVICES:-0}
first=${first%%,*}
uuid=$(nvidia-smi --query-gpu=uuid --format=csv,noheader -i "$first" 2>/dev/null | head -n 1)
[ -n "$uuid" ] || uuid=nogpu
SHARD_DB="$SLURM_OUT/shard-$job-$host-$uuid.db"
SHARD_BUILD="build/slurm-$job-$host"
export SHARD_DB SHARD_BUILD
echo "task: job $job on $host, GPU $uuid, shard $SHARD_DB"
if [ -n "${SLURM_MEASURE:-}" ]; then
  sh -c "$SLURM_MEASURE"
else
  make --no-print-directory BUILD="$SHARD_BUILD" CUDA_ARCH=native DB="$SHARD_DB" measure
fi
