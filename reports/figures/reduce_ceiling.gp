# Reduction ladder against the read reference stream at n = 2^28 (see
# reduce_ceiling.sql): one bar per variant and GPU, then each GPU's
# reference stream and theoretical DRAM bandwidth; config_stats' interval: a
# black band across the bar's top.
stats datafile using 2 nooutput
nser = STATS_blocks
w = 0.8 / nser
set style fill solid 0.85 border -1
set boxwidth w
set xtics rotate by -35 scale 0 font ",8" nomirror
set xrange [-0.6:STATS_max + 0.6]
set ylabel "throughput (GB/s read), n = 2^{28} int32"
set yrange [0:*]
set grid ytics
set key outside top center horizontal reverse Left width 2
set rmargin at screen 0.97
# The labels name the cluster centres once (from the first series).
plot datafile index 0 using 2:(NaN):xtic(3) with points notitle, \
     for [i=0:nser-1] datafile index i using ($2 - 0.4 + w * (i + 0.5)):4 with boxes lt bcol[i + 1] lc bcol[i + 1] title columnheader(1), \
     for [i=0:nser-1] datafile index i using ($2 - 0.4 + w * (i + 0.5)):4:($2 - 0.4 + w * (i + 0.15)):($2 - 0.4 + w * (i + 0.85)):5:6 \
       with boxxyerror fs solid 1.0 border lc rgb "black" lc rgb "black" notitle
