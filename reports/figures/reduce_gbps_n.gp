# Reduction throughput against n (see reduce_gbps_n.sql).
set logscale x 2
set format x "2^{%L}"
set xlabel "elements n (int32, log_2 scale)"
set errorbars small
set ylabel "throughput (GB/s read)"
set yrange [0:*]
set key outside right top
plot for [i=0:*] datafile index i using 2:3:4:5 with yerrorlines title columnheader(1) \
     lt (i % 8 + 1) dt i / 8 + 1 pt (i % 13 + 1)
