# tests/analysis.sh: sourced by the shell tests that read the report's
# analysis (reports/analysis/*.sql, in the order the Makefile's ANALYSIS_SQL
# applies them). Defines:
#   SQLSTATS          the analysis functions' extension (build/lib/sqlstats.so,
#                     reports/sqlstats.c; `make test` builds it and sets it)
#   sqls ARGS...      sqlite3 with those functions loaded
#   analysis_sql      the analysis files, in the order they are applied
#   analysis_view F E the text of the analysis from the line matching F to
#                     the line matching E (sed addresses): one view to test
#   apply_analysis DB the report's tables and the analysis, applied to DB (its
#                     views only: not 90-cache.sql, which turns the trial
#                     statistics into tables, so rows a test adds later count)
#   apply_analysis_cached DB
#                     the same with 90-cache.sql, as the report's snapshot
#                     has it: for a database no row is added to afterwards
#                     (its views read once computed, not again per query)
# Run from the repository root.
SQLSTATS=${SQLSTATS:-$(pwd)/build/lib/sqlstats.so}
export SQLSTATS
[ -r "$SQLSTATS" ] || { echo "not ok - $SQLSTATS missing (make build/lib/sqlstats.so)"; exit 1; }
sqls() { command sqlite3 -cmd ".load $SQLSTATS" "$@"; }
analysis_sql() { ls reports/analysis/*.sql | LC_ALL=C sort; }
analysis_view() { cat $(analysis_sql) | sed -n "$1,$2p"; }
apply_analysis() { cat reports/schema.sql $(analysis_sql | grep -v -- '-cache\.sql$') | sqls -bail "$1" > /dev/null; }
apply_analysis_cached() { cat reports/schema.sql $(analysis_sql) | sqls -bail "$1" > /dev/null; }
