# reports/figures/colours.awk: read a figure's data blocks (reports/blocks.awk)
# and print, as gnuplot commands, the colour of every block: the value of the
# column named "colour" in its first row (a GPU's position in the report's
# device list, report_devices.ord), else the block's own position, 1, 2, ...:
#   nblock = N; array bcol[N]; bcol[1] = ...
# so a figure whose series are GPUs draws block i with `lt bcol[i + 1]`, and
# every GPU keeps one colour (style.gnuplot's linetypes 1..10) in every figure.
BEGIN { FS = "\t"; b = 0; inBlock = 0; header = 1; iCol = 0 }
/^$/ { if (inBlock) { b++; inBlock = 0 } header = 1; next }
header {
  header = 0; inBlock = 1; iCol = 0; seen = 0
  for (i = 1; i <= NF; i++) if ($i == "colour") iCol = i
  next
}
!seen { seen = 1; col[b] = (iCol && $iCol ~ /^[0-9]+$/) ? $iCol : b + 1; nb = b + 1 }
END {
  if (nb == 0) nb = 1
  printf "nblock = %d\narray bcol[%d]\n", nb, nb
  for (k = 0; k < nb; k++) printf "bcol[%d] = %d\n", k + 1, (k in col) ? col[k] : k + 1
}
