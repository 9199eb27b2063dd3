# Throughput against offset, read and write, L1 on and off (see access_offset.sql).
nodata = int(system("grep -c '^no data' '" . datafile . "' || true")) > 0
if (nodata) { set label 1 "no access results for this device" at graph 0.5, 0.5 center; set yrange [0:1] } \
else { set yrange [0:*] }
set xrange [-2:130]
set xtics 0, 8, 128
set mxtics 8
set xlabel "offset k (elements of 4 bytes; a multiple of 8 is 32-byte aligned)"
set ylabel "useful throughput (GB/s, read + write)"
set key outside right top title "kernel, L1 caching of loads"
plot for [i=0:*] datafile index i using 2:3 title columnheader(1) lt (i + 1) dt i + 1 pt (2 * i + 4) ps (0.9 - 0.15 * i)
