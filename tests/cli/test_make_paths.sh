#!/bin/sh
# tests/cli/test_make_paths.sh: every make variable that names a path, given
# a path with a space (issue 45, item 1: `make export EXPORT_DIR='.../my
# exports'` made `t=...` an environment prefix and ran `rm -f .*` in the
# checkout, deleting its dot-files, and created ./exports):
#   - BUILD, DB, REPORT_BUILD, REPORT_DB, REPORT_PDF, REPORT_HTML (make
#     names them as targets) and NVCC, CUDA_HOME, NVIDIA_SMI (commands make
#     runs): refused before anything runs, one line naming the variable,
#     exit 2, nothing created; BUILD empty likewise;
#   - EXPORT_DIR (a space, and a quote): the export lands there, in a copy of
#     the tree whose dot-files (tracked and not) all survive, and nothing
#     else appears in it;
#   - SHIPPED, COMPARE_DIR, MEASURE_STAMPS: quoted, they work;
#   - SLURM_OUT: refused by `make slurm` before any job (its report could
#     not be built there), one line, exit 2.
# Needs the host tools (make test builds them) and no GPU.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory "$@"; }
sp="$tmp/a b"

# ---- refused: one line naming the variable, exit 2, nothing made.
for v in BUILD DB REPORT_BUILD REPORT_DB REPORT_PDF REPORT_HTML NVCC CUDA_HOME NVIDIA_SMI; do
  mk print-arch "$v=$sp/x" > "$tmp/out" 2> "$tmp/err"; rc=$?
  check_eq "$v with a space: exit 2" "$rc" 2
  check "$v with a space: one line naming it" sh -c "[ \$(wc -l < '$tmp/err') -eq 1 ] && grep -q '$v=.*a path with a space' '$tmp/err'"
  check "$v with a space: nothing made" sh -c "[ ! -e '$tmp/a' ] && [ ! -e a ] && [ ! -e '$sp' ]"
done
mk print-arch BUILD= > /dev/null 2> "$tmp/err"; rc=$?
check "BUILD empty: exit 2, one line" sh -c "[ $rc -eq 2 ] && grep -q 'BUILD is empty' '$tmp/err'"

# ---- EXPORT_DIR, in a copy of the tree with its dot-files.
tree=$tmp/tree
mkdir -p "$tree" &&
  git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | (cd "$tree" && tar -xf -) ||
  { notok "a copy of the tree"; exit 1; }
# The host tools, built already, with their times (so nothing rebuilds).
mkdir -p "$tree/build" && for d in obj gen tools lib settings; do
  [ -e "build/$d" ] && cp -a "build/$d" "$tree/build/"; done
: > "$tree/.canary-untracked"
(cd "$tree" && ls -A | LC_ALL=C sort) > "$tmp/top-before"
for f in .gitignore .gitattributes .canary-untracked; do [ -e "$tree/$f" ] || notok "the copy has $f"; done
db=$tmp/fx.db
cat data/schema.sql tests/report/fixture_stat_columns.sql tests/report/fixture_distance.sql \
    tests/report/fixture_two_devices.sql tests/report/fixture_to_samples.sql | sqlite3 -bail "$db" ||
  { notok "the fixture"; exit 1; }
for e in "$tmp/my exports" "$tmp/it's \$(echo no) exports"; do
  (cd "$tree" && mk DB="$db" REPORT_BUILD="$tmp/rb" EXPORT_DIR="$e" export) > "$tmp/out" 2>&1; rc=$?
  [ $rc -eq 0 ] || cat "$tmp/out"
  check_eq "EXPORT_DIR '${e#$tmp/}': make export exits 0" "$rc" 0
  check "EXPORT_DIR '${e#$tmp/}': the files are there" test -s "$e/results.csv" -a -s "$e/results.json"
  (cd "$tree" && ls -A | LC_ALL=C sort) > "$tmp/top-after"
  check "EXPORT_DIR '${e#$tmp/}': the tree's top folder is as it was (every dot-file kept, nothing made)" \
    cmp -s "$tmp/top-before" "$tmp/top-after"
done
check "EXPORT_DIR with a space: no './exports' nor '$tmp/my' made" sh -c "[ ! -e '$tree/exports' ] && [ ! -e '$tmp/my' ]"

# ---- SHIPPED, COMPARE_DIR and MEASURE_STAMPS with a space work.
mkdir -p "$sp"
FORCE=1 DBTOOL="$TOOLS/dbtool" sh experiments/tools/dump-db "$db" "$sp/ship.sql.gz" > /dev/null 2>&1 ||
  notok "a dump of the fixture"
(cd "$tree" && mk DB="$tmp/none.db" SHIPPED="$sp/ship.sql.gz" REPORT_BUILD="$tmp/rs" "$tmp/rs/report.db") > "$tmp/out" 2>&1
check "SHIPPED with a space: the snapshot reads it" sh -c "grep -q 'using the shipped measurements in $sp/ship.sql.gz' '$tmp/out' && [ -s '$tmp/rs/report.db' ]"
(cd "$tree" && mk BASE="$db" NEW="$db" COMPARE_DIR="$sp/cmp" compare) > "$tmp/out" 2>&1; rc=$?
[ $rc -eq 0 ] || tail -5 "$tmp/out"
check "COMPARE_DIR with a space: make compare exits 0 and writes there" sh -c "[ $rc -eq 0 ] && [ -s '$sp/cmp/compare.db' ]"
mkdir -p "$tmp/bin"
printf '#!/bin/sh\ncase "$*" in *index,uuid,name*) echo "0, GPU-aaaa, NVIDIA Fake" ;; -L) echo "GPU 0: NVIDIA Fake (UUID: GPU-aaaa)" ;; *) exit 9 ;; esac\n' > "$tmp/smi"
printf '#!/bin/sh\nexit 0\n' > "$tmp/bin/fakestudy"
chmod +x "$tmp/smi" "$tmp/bin/fakestudy"
printf 'fakestudy --a 1\n' > "$tmp/fake.matrix"
stale() { mk measure-stale RUNS=1 DB="$tmp/m.db" GPUS='' NVIDIA_SMI="$tmp/smi" STUDIES="$tmp/bin" \
            MEASURE_STAMPS="$sp/stamps" MATRICES="$tmp/fake.matrix" 2>&1; }
out=$(stale)
check "MEASURE_STAMPS with a space: make measure-stale reads it" sh -c "printf '%s' '$out' | grep -q '^would measure fake'"

# ---- SLURM_OUT with a space: refused before any job.
mk slurm SLURM_OUT="$sp/slurm" PARTITIONS=x > "$tmp/out" 2> "$tmp/err"; rc=$?
check "SLURM_OUT with a space: make slurm refuses, one line" \
  sh -c "[ $rc -ne 0 ] && [ \$(wc -l < '$tmp/err') -le 2 ] && grep -q 'SLURM_OUT .* holds a space' '$tmp/err' && [ ! -e '$sp/slurm' ]"

[ "$nfail" -eq 0 ]
