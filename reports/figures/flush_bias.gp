# The flush bias: throughput against n per GPU model, kernel and L2 flush
# (see flush_bias.sql): one panel per model, colour by kernel, dash and
# point by flush.
set logscale x 2
set format x "2^{%L}"
set xlabel "elements n (int32, log_2 scale)"
set errorbars small
set ylabel "throughput (GB/s read)"
set yrange [0:*]
do for [p=1:npanel] {
  load "reports/figures/panel.gnuplot"
  plot for [i=pfirst[p]:plast[p]] datafile index i using 2:3:4:5 with yerrorlines title columnheader(1) \
       lt ((i - pfirst[p]) / 3 % 8 + 1) dt 1 + (i - pfirst[p]) % 3 pt ((i - pfirst[p]) % 3 + 5)
}
unset multiplot
