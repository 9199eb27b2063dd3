# Sector efficiency against offset from Nsight Compute (see access_sectors.sql).
nodata = int(system("grep -c '^counters not collected' '" . datafile . "' || true")) > 0
if (nodata) { set label 1 "Nsight Compute counters were not collected on this device" at graph 0.5, 0.5 center }
set xrange [-2:130]
set yrange [0:110]
set xtics 0, 8, 128
set mxtics 8
set xlabel "offset k (elements of 4 bytes)"
set ylabel "bytes used per 32-byte sector fetched (%)"
set key outside right top title "instruction, L1 caching of loads"
plot for [i=0:*] datafile index i using 2:3 title columnheader(1) lt (i + 1) dt i + 1 pt (2 * i + 4) ps (1.6 - 0.35 * i)
