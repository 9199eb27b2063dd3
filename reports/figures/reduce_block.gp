# Reduction throughput against block size at n = 2^24, one panel per GPU model
# (see reduce_block.sql).
set logscale x 2
set xtics (64, 128, 256, 512, 1024)
set xlabel "threads per block (log_2 scale)"
set ylabel "throughput (GB/s read)"
set yrange [0:*]
do for [p=1:npanel] {
  load "reports/figures/panel.gnuplot"
  plot for [i=pfirst[p]:plast[p]] datafile index i using 2:3 title columnheader(1) \
       lt ((i - pfirst[p]) % 10 + 1) dt 1 + (i - pfirst[p]) / 10 pt ((i - pfirst[p]) % 14 + 1)
}
unset multiplot
