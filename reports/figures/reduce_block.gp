# Reduction throughput against block size at n = 2^24 (see reduce_block.sql).
set logscale x 2
set xtics (64, 128, 256, 512, 1024)
set xlabel "threads per block (log_2 scale)"
set ylabel "throughput (GB/s read)"
set yrange [0:*]
plot for [i=0:*] datafile index i using 2:3 title columnheader(1) \
     lt (i % 8 + 1) dt i / 8 + 1 pt (i % 13 + 1)
