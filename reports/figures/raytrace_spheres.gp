# Ray-tracer time against sphere count (see raytrace_spheres.sql).
set logscale x 10
set xrange [15:3000]
set xtics (20, 50, 100, 200, 500, 1000, 2340)
set logscale y 10
set xlabel "spheres (log scale; 2340 fill the 64 KB constant bank)"
set ylabel "median kernel time (ms, log scale)"
set key outside right top title "spheres in"
plot for [i=0:*] datafile index i using 2:3:4:5 with yerrorlines title columnheader(1) lt (i + 1) pt (i + 1)
