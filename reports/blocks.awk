# reports/blocks.awk: turn a query's tab-separated output (with a header
# line) into gnuplot data blocks: a new block whenever the first column (the
# series) or the column named "panel" (the facet: one panel per GPU) changes,
# each block opened by the header line with its first field replaced by the
# series name, so that
#   plot for [i=0:*] datafile index i using 2:3 title columnheader(1)
# draws one series per block (and columnheader(k), k > 1, still names
# column k). reports/figures/panels.awk maps panels to blocks.
BEGIN { FS = "\t"; OFS = "\t"; iPanel = 0 }
NR == 1 {
  nHead = split($0, aHead, FS)
  for (i = 1; i <= nHead; i++) if (aHead[i] == "panel") iPanel = i
  next
}
{
  key = $1 (iPanel ? SUBSEP $iPanel : "")
  if (NR == 2 || key != last) {
    if (NR > 2) printf "\n\n"
    line = $1
    for (i = 2; i <= nHead; i++) line = line OFS aHead[i]
    print line
    last = key
  }
  print
}
