# Ray-tracer time against sphere count (see raytrace_spheres.sql).
set logscale x 10
set xrange [15:3000]
set xtics (20, 50, 100, 200, 500, 1000, 2340)
set logscale y 10
set ytics (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10)
set format y "%g"
set xlabel "spheres (log scale; 2340 fill the 64 KB constant bank)"
set ylabel "kernel time (ms, log scale)"
do for [p=1:npanel] {
  load "reports/figures/panel.gnuplot"
  plot for [i=pfirst[p]:plast[p]] datafile index i using 2:3:4:5 with yerrorlines title columnheader(1) lt ((i - pfirst[p]) + 1) dt 1 + (i - pfirst[p]) pt (2 * (i - pfirst[p]) + 4) ps (1.3 - 0.3 * (i - pfirst[p]))
}
unset multiplot
