# Sector efficiency against offset from Nsight Compute (see access_sectors.sql).
nodata = int(system("grep -c '^counters not collected' '" . datafile . "' || true")) > 0
if (nodata) { set label 1 "Nsight Compute counters were not collected on this device" at graph 0.5, 0.5 center }
set xrange [-2:130]
set yrange [0:110]
set xtics 0, 8, 128
set mxtics 8
set xlabel "offset k (elements of 4 bytes)"
set ylabel "bytes used per sector (%)"
do for [p=1:npanel] {
  load "reports/figures/panel.gnuplot"
  plot for [i=pfirst[p]:plast[p]] datafile index i using 2:3 title columnheader(1) lt ((i - pfirst[p]) + 1) dt 1 + (i - pfirst[p]) pt (2 * (i - pfirst[p]) + 4) ps (1.6 - 0.35 * (i - pfirst[p]))
}
unset multiplot
