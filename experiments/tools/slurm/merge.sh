#!/bin/sh
# experiments/tools/slurm/merge.sh: the job experiments/tools/slurm/submit.sh runs after
# every measure job ended (ok or not): merges SLURM_OUT/shard-*.db into
# SLURM_OUT/merged.db (dbtool merge: every run once, so running it again, or
# with more shards later, is safe), then renders the report from it into
# SLURM_OUT/report.pdf and report.html (SLURM_REPORT=0: not).
set -u
out=$SLURM_OUT
set -- "$out"/shard-*.db
[ -e "$1" ] || { echo "merge: no shard in $out (see the measure logs there)" >&2; exit 1; }
build/tools/dbtool merge "$@" -o "$out/merged.db" || exit $?
[ "${SLURM_REPORT:-1}" = 0 ] && exit 0
make --no-print-directory DB="$out/merged.db" REPORT_BUILD="$out/report" REPORT_PDF="$out/report.pdf" \
  REPORT_HTML="$out/report.html" "$out/report.pdf" "$out/report.html"
