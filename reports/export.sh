#!/bin/sh
# reports/export.sh: `make export`'s writer.
# Usage: sh reports/export.sh DB DIR SAMPLES SQLSTATS
# From the report's snapshot DB (the Makefile holds the report's lock), into
# DIR: results.csv and results.json (reports/export_results.sql,
# reports/export.sql), and with SAMPLES=1 samples.csv and the samples inside
# results.json (view export_sample of reports/export_samples.sql, the one
# query of the samples; reports/export_samples_csv.sql). SQLSTATS is the
# statistics extension (build/lib/sqlstats.so, reports/sqlstats.c): the
# samples are stored as text (table result_sample) that samples_json reads.
#
# The sqlite3 shell does not report a failed write: on a full disk it left a
# truncated results.csv and an empty results.json and exited 0. So every file
# is written to a temporary name in DIR through tee (which does report one),
# read back and checked before anything is renamed in: its SHA-1 against that
# of what sqlite3 printed, and its rows against the database's (CSV rows as
# sqlite3 imports them, JSON objects and samples as it parses them). Any
# failure removes the temporary files, leaves DIR's files as they were and
# exits 1, with one line. An earlier export's samples.csv is removed when
# SAMPLES is 0 (it would not match the new results).
# Exit: 0 written; 1 a query, write or check failed; 2 usage.
set -u
die() { code=$1; shift; echo "export: $*" >&2; exit "$code"; }
[ $# -eq 4 ] || die 2 "usage: sh reports/export.sh DB DIR SAMPLES SQLSTATS"
db=$1 dir=$2 samples=$3 sqlstats=$4
here=$(dirname "$0")
[ -n "$dir" ] || die 2 "EXPORT_DIR is empty: name a directory"
case "$samples" in 0|1) ;; *) die 2 "EXPORT_SAMPLES must be 0 or 1, got '$samples'" ;; esac
[ -r "$db" ] || die 1 "$db does not exist"
[ -r "$sqlstats" ] || die 1 "$sqlstats does not exist (the statistics extension: make $sqlstats)"
mkdir -p -- "$dir" 2>/dev/null || die 1 "cannot create the directory '$dir'"
work=$(mktemp -d "${TMPDIR:-/tmp}/export.XXXXXX") || die 1 "no temporary directory"
t="$dir/.tmp.$$"
trap 'rm -rf -- "${work:?}"; rm -f -- "${t:?}.results.csv" "${t:?}.results.json" "${t:?}.samples.csv"' EXIT
trap 'exit 130' INT TERM

# q SQL: one value from the snapshot (read-only), the SQL on standard input.
q() { printf '%s\n' "$1" | sqlite3 -readonly -bail -cmd ".load '$sqlstats'" "$db" 2>"$work/err" || die 1 "sqlite3: $(head -n 1 "$work/err")"; }
# write OUT QUERY_FILE...: the files' queries, after the samples view, into
# OUT; what sqlite3 printed and what OUT holds must hash alike.
write() {
  out=$1; shift
  { cat "$here/export_samples.sql" "$@" |
      sqlite3 -readonly -bail -cmd ".load '$sqlstats'" -cmd ".parameter set :samples $samples" "$db" 2>"$work/err"
    echo $? > "$work/rc"; } | tee -- "$out" | sha1sum > "$work/sum"
  [ "$(cat "$work/rc")" = 0 ] || die 1 "sqlite3 ($*): $(head -n 1 "$work/err")"
  [ "$(sha1sum < "$out")" = "$(cat "$work/sum")" ] ||
    die 1 "${out##*/.tmp.$$.} was not written whole (the disk full?); nothing renamed in"
}
# csv_rows FILE: its data rows as sqlite3 reads the CSV (header line apart).
csv_rows() { sqlite3 :memory: -cmd ".import --csv /dev/stdin r" "SELECT count(*) FROM r" < "$1" 2>/dev/null || echo -1; }

n_cfg=$(q "SELECT count(*) FROM config_stats")
write "$t.results.csv" "$here/export_results.sql"
[ "$(csv_rows "$t.results.csv")" = "$n_cfg" ] || die 1 "results.csv does not hold the $n_cfg rows of config_stats; nothing renamed in"
write "$t.results.json" "$here/export.sql"
got=$(sqlite3 :memory: "SELECT CASE WHEN json_valid(x) THEN json_array_length(x) ELSE -1 END,
                               CASE WHEN json_valid(x) THEN (SELECT coalesce(sum(json_array_length(value, '\$.samples')), 0)
                                                            FROM json_each(x)) ELSE -1 END
                        FROM (SELECT CAST(readfile('/dev/stdin') AS TEXT) AS x)" < "$t.results.json" 2>/dev/null)
n_samp=0
[ "$samples" = 1 ] && n_samp=$(q "$(cat "$here/export_samples.sql")
SELECT count(*) FROM export_sample;")
[ "$got" = "$n_cfg|$n_samp" ] || die 1 "results.json does not hold the $n_cfg objects (and $n_samp samples) of the database; nothing renamed in"
files="results.csv results.json"
if [ "$samples" = 1 ]; then
  write "$t.samples.csv" "$here/export_samples_csv.sql"
  [ "$(csv_rows "$t.samples.csv")" = "$n_samp" ] || die 1 "samples.csv does not hold the $n_samp samples of the database; nothing renamed in"
  files="$files samples.csv"
fi
for f in $files; do mv -f -- "$t.$f" "$dir/$f" || die 1 "cannot rename $f into '$dir'"; done
if [ "$samples" = 0 ] && [ -e "$dir/samples.csv" ]; then
  rm -f -- "$dir/samples.csv" && echo "export: removed the samples.csv of an earlier EXPORT_SAMPLES=1 export"
fi
for f in $files; do
  printf 'export: %s/%s, %s bytes\n' "$dir" "$f" "$(wc -c < "$dir/$f" | tr -d ' ')"
done
echo "export: $n_cfg GPU configurations$([ "$samples" = 1 ] && echo ", $n_samp samples")"
