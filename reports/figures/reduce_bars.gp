# Reduction: % of each device's own theoretical peak per variant, one bar per
# (device, n) series (see reduce_bars.sql); whiskers: the 95% interval.
stats datafile using 2 nooutput
nser = STATS_blocks
w = 0.8 / nser
set style fill solid 0.85 border -1
set boxwidth w
set xtics rotate by -35 scale 0 font ",8" nomirror
set xrange [-0.6:STATS_max + 0.6]
set ylabel "% of the device's theoretical DRAM bandwidth"
set yrange [0:105]
set ytics 0, 10, 100
set grid ytics
set key inside left top
set rmargin at screen 0.97
set style line 1 lc rgb "#4477aa"
set style line 2 lc rgb "#ee6677"
set style line 3 lc rgb "#228833"
set style line 4 lc rgb "#ccbb44"
set style line 5 lc rgb "#66ccee"
set style line 6 lc rgb "#aa3377"
# The variant names label the cluster centres once (from the first series).
plot datafile index 0 using 2:(NaN):xtic(3) with points notitle, \
     for [i=0:nser-1] datafile index i using ($2 - 0.4 + w * (i + 0.5)):4 with boxes ls (i % 6 + 1) title columnheader(1), \
     for [i=0:nser-1] datafile index i using ($2 - 0.4 + w * (i + 0.5)):4:5:6 with yerrorbars lc rgb "#333333" pt 0 notitle
