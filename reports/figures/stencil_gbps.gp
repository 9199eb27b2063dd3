# Stencil: requested GB/s against the image side per read path, one panel
# per GPU model, and the model's copy bandwidth dashed (see stencil_gbps.sql).
set logscale x 2
set xtics (1024, 2048, 4096, 8192)
set xrange [800:10000]
set xlabel "image side, pixels (square float image; log_2 scale)"
set ylabel "requested throughput (GB/s)"
set yrange [0:*]
do for [p=1:npanel] {
  load "reports/figures/panel.gnuplot"
  plot for [i=pfirst[p]:plast[p]-1] datafile index i using 2:3:4:5 with yerrorlines title columnheader(1) \
       lt ((i - pfirst[p]) % 10 + 1) dt 1 + (i - pfirst[p]) % 4 pt ((i - pfirst[p]) % 14 + 1) ps 1.0, \
       datafile index plast[p] using 2:3 with lines lc rgb "#888888" dt 2 lw 2 title columnheader(1)
}
unset multiplot
