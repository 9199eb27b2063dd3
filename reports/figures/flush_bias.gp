# The flush bias: throughput against n per GPU, kernel and L2 flush (see flush_bias.sql).
set logscale x 2
set format x "2^{%L}"
set xlabel "elements n (int32, log_2 scale)"
set errorbars small
set ylabel "throughput (GB/s read)"
set yrange [0:*]
set key outside right top
# Colour by GPU and kernel (a new one every three series), dash and point by flush.
plot for [i=0:*] datafile index i using 2:3:4:5 with yerrorlines title columnheader(1) \
     lt (i / 3 % 8 + 1) dt i % 3 + 1 pt (i % 3 + 5)
