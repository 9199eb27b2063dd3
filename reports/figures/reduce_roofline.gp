# Reduction time over the floor model against n, one panel per GPU model (see
# reduce_roofline.sql): a linear ratio axis, so the few-microsecond region,
# where the lines differ, fills the panel; one (the model) dashed.
set logscale x 2
set format x "2^{%L}"
set xrange [2**9.7:2**28.3]
set format y "%.1f"
set xlabel "elements n (int32, log_2 scale)"
set errorbars small
set ylabel "time / floor model"
do for [p=1:npanel] {
  load "reports/figures/panel.gnuplot"
  plot for [i=pfirst[p]:plast[p]-1] datafile index i using 2:3:4:5 with yerrorlines title columnheader(1) \
       lt ((i - pfirst[p]) % 10 + 1) pt ((i - pfirst[p]) % 14 + 1), \
       datafile index plast[p] using 2:3 with lines lc rgb "#888888" dt 2 title columnheader(1)
}
unset multiplot
