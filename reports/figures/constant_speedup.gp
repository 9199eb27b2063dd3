# Constant-over-global speedup for uniform access (see constant_speedup.sql).
set logscale x 2
set xlabel "grid side (grid x grid points, log_2 scale)"
set ylabel "speedup of constant over global (x)"
set yrange [0:*]
do for [p=1:npanel] {
  load "reports/figures/panel.gnuplot"
  plot for [i=pfirst[p]:plast[p]] datafile index i using 2:3 title columnheader(1) lt ((i - pfirst[p]) % 8 + 1) pt ((i - pfirst[p]) % 13 + 1), \
       1 with lines lc rgb "#888888" dt 2 title "equal time"
}
unset multiplot
