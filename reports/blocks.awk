# reports/blocks.awk: turn a query's tab-separated output (with a header
# line) into gnuplot data blocks: a new block, with its own header line,
# whenever the first column changes, so `plot for [i=0:*] f index i
# title columnheader(1)` draws one series per value of the first column.
BEGIN { FS = "\t"; OFS = "\t" }
NR == 1 { header = $0; next }
{
  if (NR == 2 || $1 != last) {
    if (NR > 2) printf "\n\n"
    print $1, header
    last = $1
  }
  print
}
