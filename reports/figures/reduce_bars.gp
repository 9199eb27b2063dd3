# Reduction: % of theoretical peak per variant at two sizes (see reduce_bars.sql).
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set xtics rotate by -40 scale 0 font ",8"
set ylabel "% of theoretical DRAM bandwidth"
set yrange [0:*]
set grid ytics
set key inside left top
plot datafile index 0 using 3:xtic(2) title columnheader(3) lc rgb "#4477aa", \
     '' index 0 using 4 title columnheader(4) lc rgb "#ee6677"
