# Constant-over-global speedup against k per device (see constant_devices.sql).
set logscale x 2
set logscale y 2
set yrange [0.03:2]
set ytics ("1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2)
set xtics (1, 2, 4, 8, 16, 32)
set xrange [0.8:40]
set xlabel "distinct points read per warp and step, k (log_2 scale)"
set ylabel "speedup of constant over global (x, log_2 scale)"
plot for [i=0:nblock-1] datafile index i using 2:3:4:5 with yerrorlines title columnheader(1) lt bcol[i + 1] dt i % 4 + 1 pt (2 * i + 4) ps (1.4 - 0.2 * i), \
     1 with lines lc rgb "#888888" dt 2 title "equal time"
