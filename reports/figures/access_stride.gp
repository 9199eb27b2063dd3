# Throughput against stride (see access_stride.sql).
nodata = int(system("grep -c '^no data' '" . datafile . "' || true")) > 0
if (nodata) { set label 1 "no access results for this device" at graph 0.5, 0.5 center; set yrange [1:10] }
set logscale x 2
set logscale y 10
set ytics (100, 200, 500, 1000, 2000, 5000)
set xrange [0.8:160]
set xtics (1, 2, 4, 8, 16, 32, 64, 128)
set xlabel "stride s (elements of 4 bytes, log_2 scale)"
set ylabel "useful GB/s, read + write (log scale)"
do for [p=1:npanel] {
  load "reports/figures/panel.gnuplot"
  plot for [i=pfirst[p]:plast[p]] datafile index i using 2:3 title columnheader(1) lt ((i - pfirst[p]) + 1) dt 1 + (i - pfirst[p]) pt (2 * (i - pfirst[p]) + 4) ps (1.2 - 0.5 * (i - pfirst[p]))
}
unset multiplot
