# Reduction throughput against n, one panel per GPU model (see reduce_gbps_n.sql).
# n from 2^16 (smaller n: Figure reduce_roofline, in time) and a linear
# throughput axis, so the top of the ladder, where the steps differ, fills
# the panel rather than a sliver of five decades.
set logscale x 2
set format x "2^{%L}"
set xrange [2**15.7:2**28.3]
set yrange [0:*]
set format y "%g"
set xlabel "elements n (int32, log_2 scale)"
set errorbars small
set ylabel "GB/s read"
do for [p=1:npanel] {
  load "reports/figures/panel.gnuplot"
  plot for [i=pfirst[p]:plast[p]-1] datafile index i using 2:3:4:5 with yerrorlines title columnheader(1) \
       lt ((i - pfirst[p]) % 10 + 1) pt ((i - pfirst[p]) % 14 + 1), \
       datafile index plast[p] using 2:3 with lines lc rgb "#888888" dt 2 title columnheader(1)
}
unset multiplot
