# reports/blocks.awk: turn a query's tab-separated output (with a header
# line) into gnuplot data blocks: a new block whenever the first column
# changes, each block opened by the header line with its first field
# replaced by the series name, so that
#   plot for [i=0:*] datafile index i using 2:3 title columnheader(1)
# draws one series per value of the first column (and columnheader(k), k > 1,
# still names column k).
BEGIN { FS = "\t"; OFS = "\t" }
NR == 1 { nHead = split($0, aHead, FS); next }
{
  if (NR == 2 || $1 != last) {
    if (NR > 2) printf "\n\n"
    line = $1
    for (i = 2; i <= nHead; i++) line = line OFS aHead[i]
    print line
    last = $1
  }
  print
}
