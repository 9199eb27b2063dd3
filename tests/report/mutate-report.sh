#!/bin/sh
# tests/report/mutate-report.sh: mutation testing of the report (make
# mutate-report). Plants one bug at a time in a copy of the checkout and
# runs the report test (tests/report/test_report.sh) there, which must fail:
#   - every mutant of tests/report/mutants.txt: comparison flips in the
#     sections' and views' queries, {{= }} printing an empty column
#     (reports/mdquery.c), the errata running one pass instead of two
#     (reports/errata.c);
#   - every threshold of report_setting (reports/analysis/) moved up and
#     down by MUTATE_REPORT_STEP (default 1.1: x 1.1 and / 1.1), which the
#     fixtures must straddle.
# Each mutant runs the whole report test (stopping at its first failing
# check); MUTATE_REPORT_QUICK=1 only builds the two-GPU fixture's report text
# and calls a mutant killed when that text changes (minutes, not an hour). Prints each mutant's fate, the score (killed / all) and the
# survivors (also in $MUTATE_REPORT_DIR/summary.txt), and fails unless every
# mutant is killed.
#   MUTATE_REPORT_DIR   work directory (default build/mutate-report)
#   MUTATE_REPORT_MATCH only the mutants whose name contains this text
#   MUTATE_REPORT_STEP  the factor a threshold moves by (1.1)
#   MUTATE_REPORT_QUICK=1  only compare the report text (see above)
# Run from the repository root; needs what test_report.sh needs. One run at a
# time per work directory: a run holds DIR.lock (a directory) until it ends;
# another run then exits 3 with one line and touches nothing (two runs in
# one copy delete each other's .orig files, and mutants stop planting).
# Exit status: 0 every mutant killed, 1 not, 3 DIR in use (remove DIR.lock
# if no run holds it).
set -u
dir=${MUTATE_REPORT_DIR:-build/mutate-report}
match=${MUTATE_REPORT_MATCH:-}
step=${MUTATE_REPORT_STEP:-1.1}
list=tests/report/mutants.txt
lock=${dir%/}.lock
mkdir -p "$(dirname "$lock")" || exit 1
if ! mkdir "$lock" 2>/dev/null; then
  echo "mutate-report: $dir is in use by another run ($lock exists; remove it if none runs)" >&2
  exit 3
fi
trap 'rmdir "$lock" 2>/dev/null' EXIT
trap 'exit 130' INT TERM
rm -rf "$dir"; mkdir -p "$dir" || exit 1
dir=$(cd "$dir" && pwd)
root=$(pwd)

# The copy: the checkout's files as they are (tracked and untracked, not
# ignored), and build/ with its times, so only what a mutant touches rebuilds.
work=$dir/work
mkdir -p "$work"
git ls-files -co --exclude-standard -z | xargs -0 tar -cf - | tar -xf - -C "$work" || exit 1
# (build/ without the mutation work folders of earlier runs, mutate*, and the
# CUDA builds, cuda-*: hundreds of MB, and the report needs only the host tools)
if [ -d build ]; then
  mkdir -p "$work/build"
  for f in build/* build/.[!.]*; do
    case ${f#build/} in mutate*|cuda-*|studies|'.[!.]*'|'*') ;; *) cp -a "$f" "$work/build/" 2>/dev/null ;; esac
  done
fi

# The mutants, one per line: NAME<TAB>FILE<TAB>FROM<TAB>TO (FROM: a literal
# text that must occur in FILE; its first occurrence becomes TO).
all=$dir/mutants.tsv
grep -v '^#' "$list" | grep -v '^[[:space:]]*$' > "$all"
# report_setting thresholds, each moved up and down
grep -oE "^ *\('[a-z_0-9]+', [0-9.]+," reports/analysis/*.sql | sed -E "s/^([^:]*): *\('([a-z_0-9]+)', ([0-9.]+),/\1 \2 \3/" |
while read -r file key val; do
  up=$(awk -v v="$val" -v f="$step" 'BEGIN { printf "%.6g", v * f }')
  down=$(awk -v v="$val" -v f="$step" 'BEGIN { printf "%.6g", v / f }')
  printf "threshold %s up (%s -> %s)\t%s\t('%s', %s,\t('%s', %s,\n" "$key" "$val" "$up" "$file" "$key" "$val" "$key" "$up"
  printf "threshold %s down (%s -> %s)\t%s\t('%s', %s,\t('%s', %s,\n" "$key" "$val" "$down" "$file" "$key" "$val" "$key" "$down"
done >> "$all"

# report.md of the two-GPU fixture (the database test_report.sh builds,
# made once: mutants change the report, not the fixtures)
(cd "$work" && cat $(sed -n '/^cat data\/schema.sql/,/sqlite3 -bail "$db"/p' tests/report/test_report.sh | tr -d '\\' |
        grep -oE '(data|tests/report)/[a-z_]+\.sql') | sqlite3 -bail "$dir/fixture.db") || { echo "mutate-report: no fixture"; exit 1; }
fixture_md() { # WORKDIR OUT
  rm -rf "$1/md" &&
  (cd "$1" && make --no-print-directory DB="$dir/fixture.db" REPORT_BUILD=md/b md/b/report.md) > "$dir/md.log" 2>&1 &&
  cp "$1/md/b/report.md" "$2"
}
fixture_md "$work" "$dir/original.md" || { cat "$dir/md.log"; echo "mutate-report: the original report does not build"; exit 1; }

# replace FROM by TO (first occurrence) in FILE; fails if FROM is absent
plant() { # FILE FROM TO
  awk -v from="$2" -v to="$3" 'BEGIN { RS = "\001"; ORS = "" }
    { i = index($0, from); if (i == 0) exit 1; print substr($0, 1, i - 1) to substr($0, i + length(from)) }' "$1" > "$1.mut" &&
  mv "$1.mut" "$1"
}

n=0 killed=0 : > "$dir/survivors.txt"
tab=$(printf '\t')
while IFS="$tab" read -r name file from to; do
  case "$name" in *"$match"*) ;; *) continue ;; esac
  n=$((n + 1))
  cp -p "$work/$file" "$work/$file.orig"
  if ! plant "$work/$file" "$from" "$to"; then
    mv "$work/$file.orig" "$work/$file"; touch "$work/$file"
    echo "ERROR   $name: '$from' not found in $file"; echo "$name (not planted: text not found)" >> "$dir/survivors.txt"; continue
  fi
  fate=''
  if [ -n "${MUTATE_REPORT_QUICK:-}" ]; then
    if ! fixture_md "$work" "$dir/mutant.md"; then fate="killed (the report does not build)"
    elif cmp -s "$dir/original.md" "$dir/mutant.md"; then fate="SURVIVED (report text unchanged)"
    else fate="killed (report text changed; quick mode: test not run)"; fi
  elif (cd "$work" && REPORT_TEST_FAILFAST=1 sh tests/report/test_report.sh > "$dir/test.log" 2>&1); then
    fate="SURVIVED (test_report.sh passed)"
  else fate="killed ($(grep -m1 '^not ok' "$dir/test.log" | cut -c1-100))"; fi
  mv "$work/$file.orig" "$work/$file"; touch "$work/$file"   # newer than what the mutant built: make rebuilds it
  case "$fate" in killed*) killed=$((killed + 1)) ;; *) echo "$name: $fate" >> "$dir/survivors.txt" ;; esac
  echo "$fate: $name"
done < "$all"

{ echo "report mutants: $killed of $n killed ($(awk -v k=$killed -v n=$n 'BEGIN { printf "%.0f", n ? 100 * k / n : 0 }')%)"
  [ -s "$dir/survivors.txt" ] && { echo "survivors:"; sed 's/^/  /' "$dir/survivors.txt"; }; } | tee "$dir/summary.txt"
[ "$n" -gt 0 ] && [ "$killed" -eq "$n" ]
