# Throughput against n at offsets 0 and 11 (see access_size.sql).
nodata = int(system("grep -c '^no data' '" . datafile . "' || true")) > 0
if (nodata) { set label 1 "no access results for this device" at graph 0.5, 0.5 center; set yrange [0:1] } \
else { set yrange [0:*] }
set logscale x 2
set format x "2^{%L}"
set xrange [2**19.7:2**26.3]
set xlabel "floats per array n (log_2 scale; 3 arrays of 4n bytes)"
set ylabel "useful throughput (GB/s, read + write)"
do for [p=1:npanel] {
  load "reports/figures/panel.gnuplot"
  plot for [i=pfirst[p]:plast[p]] datafile index i using 2:3 title columnheader(1) lt ((i - pfirst[p]) / 2 + 1) dt 1 + (i - pfirst[p]) % 2 pt ((i - pfirst[p]) + 1)
}
unset multiplot
