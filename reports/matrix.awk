# reports/matrix.awk: the measurement matrices (experiments/*/*.matrix) as SQL
# rows of table matrix_line (created by reports/schema.sql), so the report's
# appendix lists the exact sweeps that `make measure` runs. Comments and blank
# lines are left out.
BEGIN {
  print "DELETE FROM matrix_line;"
}
FNR == 1 { study = FILENAME; sub(/.*\//, "", study); sub(/\.matrix$/, "", study) }
/^[ \t]*(#|$)/ { next }
{
  line = $0
  sub(/^[ \t]+/, "", line); sub(/[ \t]+$/, "", line)
  gsub(/'/, "''", line)
  printf "INSERT INTO matrix_line VALUES ('%s', %d, '%s');\n", study, ++n, line
}
