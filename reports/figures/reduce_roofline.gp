# Reduction time against n with the floor model, one panel per GPU model (see
# reduce_roofline.sql). Both axes logarithmic: n spans 2^10..2^28, time from
# a few microseconds to a third of a millisecond.
set logscale x 2
set format x "2^{%L}"
set logscale y 10
set format y "%g"
set xlabel "elements n (int32, log_2 scale)"
set errorbars small
set ylabel "time (us, log scale)"
do for [p=1:npanel] {
  load "reports/figures/panel.gnuplot"
  plot for [i=pfirst[p]:plast[p]-1] datafile index i using 2:3:4:5 with yerrorlines title columnheader(1) \
       lt ((i - pfirst[p]) % 10 + 1) pt ((i - pfirst[p]) % 14 + 1), \
       datafile index plast[p] using 2:3 with lines lc rgb "#888888" dt 2 title columnheader(1)
}
unset multiplot
