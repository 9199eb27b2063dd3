# Time against distinct addresses per warp (see constant_k.sql).
set logscale x 2
set logscale y 10
set ytics (1, 2, 5, 10, 20, 50, 100)
set mytics 10
set xtics (1, 2, 4, 8, 16, 32)
set xlabel "distinct points read per warp and step, k (log_2 scale)"
set ylabel "kernel time (ms, log scale)"
# Error bars with caps wider than the points, drawn thick: a narrow interval
# reads as a bar, not as a ring around the point.
set errorbars large
set pointsize 0.4
do for [p=1:npanel] {
  load "reports/figures/panel.gnuplot"
  plot for [i=pfirst[p]:pfirst[p]+3] datafile index i using 2:3:4:5 with yerrorlines title columnheader(1) lt ((i - pfirst[p]) + 1) pt ((i - pfirst[p]) + 1) lw 1.5, \
       datafile index pfirst[p]+4 using 2:3 title columnheader(1) with lines lc rgb "#888888" dt 2
}
unset multiplot
