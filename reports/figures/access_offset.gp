# Throughput against offset relative to offset 0, read and write, L1 on and
# off, one panel per GPU (see access_offset.sql).
nodata = int(system("grep -c '^no data' '" . datafile . "' || true")) > 0
if (nodata) { set label 1 "no access results" at graph 0.5, 0.5 center; set yrange [0:1] }
set xrange [-2:130]
set xtics 0, 16, 128
set mxtics 2
set xlabel "offset k (elements of 4 bytes; a multiple of 8 is 32-byte aligned)"
set ylabel "useful GB/s, % of offset 0"
# From 80%: a difference within 2% (coincide_rel) stays small on the page.
if (!nodata) { set yrange [80:102] }
do for [p=1:npanel] {
  load "reports/figures/panel.gnuplot"
  plot for [i=pfirst[p]:plast[p]] datafile index i using 2:3 title columnheader(1) \
       lt ((i - pfirst[p]) + 1) dt 1 + (i - pfirst[p]) pt (2 * (i - pfirst[p]) + 4) ps 0.7, \
       100 with lines lc rgb "#888888" dt 2 notitle
}
unset multiplot
