#!/bin/sh
# reports/figure_points.sh DB FIGURE.sql...: run every figure's query on DB
# (the report's snapshot) and store its points in table figure_point (table
# figure names it; both in reports/schema.sql), so that a caption can say by
# a query which series coincide (view figure_coincide_group,
# reports/analysis/80-figures.sql). A figure's query gives the series in its
# first column, x in its second and y in the first numeric column after
# that; a column named "panel" is the facet (one panel per GPU). The .dat
# files gnuplot reads come from the same queries (Makefile).
set -eu
# SQLSTATS: the analysis functions' extension (reports/sqlstats.c), loaded
# into every sqlite3 here (the figures' queries read views that call them).
# SNAPSHOT_NOSYNC=1 (the Makefile, on its temporary snapshot, which it syncs
# once before renaming it in): no commit waits for the disk.
sync_off=""
[ "${SNAPSHOT_NOSYNC:-}" = 1 ] && sync_off="PRAGMA synchronous = OFF"
sq() { if [ -n "${SQLSTATS:-}" ]; then sqlite3 -cmd ".load $SQLSTATS" -cmd "$sync_off" "$@"; else sqlite3 -cmd "$sync_off" "$@"; fi; }
db=$1; shift
for f; do
  name=$(basename "$f" .sql)
  # the query as a table (its final semicolon dropped)
  { printf 'DROP TABLE IF EXISTS figure_rows;\nCREATE TABLE figure_rows AS\n'
    sed -e '$s/;[[:space:]]*$//' "$f"; printf ';\n'; } | sq -bail "$db"
  cols=$(sq "$db" "SELECT name FROM pragma_table_info('figure_rows') ORDER BY cid")
  s=$(echo "$cols" | sed -n 1p) x=$(echo "$cols" | sed -n 2p) y='' panel="''"
  for c in $(echo "$cols" | sed -n '3,$p' | tr ' ' '\001'); do
    c=$(echo "$c" | tr '\001' ' ')
    [ "$c" = panel ] && panel='"panel"' && continue
    [ -z "$y" ] && [ "$(sq "$db" "SELECT typeof(\"$c\") FROM figure_rows WHERE \"$c\" IS NOT NULL LIMIT 1")" \
                     = real -o "$(sq "$db" "SELECT typeof(\"$c\") FROM figure_rows WHERE \"$c\" IS NOT NULL LIMIT 1")" = integer ] && y=$c
  done
  [ -n "$y" ] || y=NULL   # a placeholder figure (nothing measured): no points
  sq -bail "$db" "INSERT OR IGNORE INTO figure (name) VALUES ('$name'); DELETE FROM figure_point WHERE figure = '$name';
    INSERT INTO figure_point (figure, panel, series, x, y)
      SELECT '$name', coalesce($panel, ''), \"$s\", \"$x\", \"$y\" FROM figure_rows WHERE \"$y\" IS NOT NULL;
    DROP TABLE figure_rows;"
done
