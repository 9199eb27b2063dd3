# reports/figures/panels.awk: read a figure's data blocks (reports/blocks.awk)
# and print, as gnuplot commands, the panels of the figure: one per distinct
# value of the column named "panel" (a GPU), in order of first appearance,
# with the first and last block index of each:
#   npanel = N; array pfirst[N]; array plast[N]; array ptitle[N]; ...
# A figure without a panel column is one panel holding every block.
BEGIN { FS = "\t"; b = 0; inBlock = 0; header = 1; iPanel = 0; n = 0 }
/^$/ { if (inBlock) { b++; inBlock = 0 } header = 1; next }
header {
  header = 0; inBlock = 1
  if (b == 0) for (i = 1; i <= NF; i++) if ($i == "panel") iPanel = i
  seen = 0
  next
}
!seen {
  seen = 1
  p = iPanel ? $iPanel : ""
  if (!(p in idx)) { idx[p] = ++n; name[n] = p; first[n] = b }
  last[idx[p]] = b
}
END {
  if (n == 0) { n = 1; name[1] = ""; first[1] = 0; last[1] = 0 }
  printf "npanel = %d\narray pfirst[%d]\narray plast[%d]\narray ptitle[%d]\n", n, n, n, n
  for (k = 1; k <= n; k++) {
    # The title is database text: a single-quoted gnuplot string, where
    # nothing is substituted (a double-quoted one runs `backticks`); its
    # only special character, ', is written twice; control characters go.
    gsub(/[\001-\037\177]/, " ", name[k])
    gsub(/'/, "''", name[k])
    printf "pfirst[%d] = %d; plast[%d] = %d; ptitle[%d] = '%s'\n", k, first[k], k, last[k], k, name[k]
  }
}
