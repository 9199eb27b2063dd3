#!/bin/sh
# experiments/tools/slurm/submit.sh: measure on a Slurm cluster from a shared
# checkout (`make slurm`). One job per partition in PARTITIONS (or per
# feature in CONSTRAINTS, each with its own -C; neither: one job on the
# default partition) runs experiments/tools/slurm/task.sh on one node with one GPU:
# it builds for that GPU (CUDA_ARCH=native) into a build directory of its own
# and measures into its own shard database, SLURM_OUT/shard-JOB-HOST-GPUUUID.db.
# A job that depends on all of them (afterany: it runs even when one failed)
# runs experiments/tools/slurm/merge.sh: `dbtool merge` of every shard into
# SLURM_OUT/merged.db, then the report from it into SLURM_OUT/. Slurm fixes
# a job array's partition and constraint for all its tasks, so each target is
# a job of its own rather than an array task.
#
# Settings (environment; `make slurm` passes its variables of the same name):
#   PARTITIONS   partitions, one job each ("a100 h100")
#   CONSTRAINTS  node features, one job each ("a100 l4"), on the default partition
#   SLURM_OUT    where shards, logs, merged.db and the report go
#                (default data/slurm/<date>-<time>)
#   SLURM_GRES   the resources each measure job asks for (default gpu:1; '' none)
#   SLURM_TIME   time limit of each measure job (default 2:00:00)
#   SLURM_ARGS   more sbatch options for every job (e.g. "-A myaccount")
#   SLURM_MEASURE  the command a task measures with, instead of `make measure`
#                (the shard is in $SHARD_DB; the cluster test uses the host-only study)
#   SLURM_REPORT 0: merge only, no report
# Prints the job ids; `squeue -u $USER` follows them.
set -eu
cd "$(dirname "$0")/../../.."
root=$(pwd)
out=${SLURM_OUT:-data/slurm/$(date -u +%Y%m%d-%H%M%S)}
case "$out" in /*) ;; *) out="$root/$out" ;; esac
# The merge job renders the report into SLURM_OUT, whose paths make cannot
# take with a space (the Makefile refuses them): refused here, before any job.
case "$out" in *[[:space:]]*) echo "slurm: SLURM_OUT '$out' holds a space: the report cannot be built there; name a path without" >&2; exit 2 ;; esac
gres=${SLURM_GRES-gpu:1}
command -v sbatch >/dev/null 2>&1 || { echo "slurm: sbatch not found: run this on a Slurm login node" >&2; exit 3; }
mkdir -p "$out"
# The merge job needs the database tool; build it here, in the shared checkout.
make --no-print-directory build/tools/dbtool >/dev/null

targets=""
if [ -n "${PARTITIONS:-}" ]; then for p in $PARTITIONS; do targets="$targets -p:$p"; done; fi
if [ -n "${CONSTRAINTS:-}" ]; then for c in $CONSTRAINTS; do targets="$targets -C:$c"; done; fi
[ -n "$targets" ] || targets="default"
ids=""
for t in $targets; do
  case "$t" in
    default) where="" name=default ;;
    *) where="${t%%:*} ${t#*:}" name=${t#*:} ;;
  esac
  # shellcheck disable=SC2086
  id=$(sbatch --parsable --job-name="gpumem-$name" --chdir="$root" --nodes=1 --ntasks=1 \
         --time="${SLURM_TIME:-2:00:00}" ${gres:+--gres=$gres} --output="$out/measure-$name-%j.log" \
         --export=ALL,SLURM_OUT="$out" $where ${SLURM_ARGS:-} experiments/tools/slurm/task.sh)
  id=${id%%;*}
  echo "slurm: measure job $id ($name)"
  ids="$ids:$id"
done
# shellcheck disable=SC2086
mid=$(sbatch --parsable --job-name=gpumem-merge --chdir="$root" --nodes=1 --ntasks=1 --dependency="afterany$ids" \
        --output="$out/merge-%j.log" --export=ALL,SLURM_OUT="$out" ${SLURM_ARGS:-} experiments/tools/slurm/merge.sh)
echo "slurm: merge job ${mid%%;*} (after$(echo "$ids" | tr ':' ' ')); results in $out"
