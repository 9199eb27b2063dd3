# Reduction: % of each device's own theoretical peak per variant, one panel
# per size, one bar per GPU (see reduce_bars.sql), coloured by the GPU's
# position in the report (bcol); the interval: a black band across the bar's
# top (the interval's height, at least the border's line), not a point. Taller
# than two panels' default, so the bars, not the rotated names, fill it.
#@ fig_h = 5.6
set style fill solid 0.85 border -1
set xtics rotate by -35 scale 0 font ",9" nomirror
set ylabel "% of theoretical DRAM bandwidth"
set yrange [0:105]
set ytics 0, 20, 100
set grid ytics
set key outside top center horizontal reverse Left width 2
set rmargin at screen 0.97
do for [p=1:npanel] {
  load "reports/figures/panel.gnuplot"
  nser = plast[p] - pfirst[p] + 1
  w = 0.8 / nser
  set boxwidth w
  stats datafile index pfirst[p] using 2 nooutput
  set xrange [-0.6:STATS_max + 0.6]
  plot datafile index pfirst[p] using 2:(NaN):xtic(3) with points notitle, \
       for [i=pfirst[p]:plast[p]] datafile index i using ($2 - 0.4 + w * (i - pfirst[p] + 0.5)):4 with boxes lt bcol[i + 1] lc bcol[i + 1] title columnheader(1), \
       for [i=pfirst[p]:plast[p]] datafile index i using ($2 - 0.4 + w * (i - pfirst[p] + 0.5)):4:($2 - 0.4 + w * (i - pfirst[p] + 0.15)):($2 - 0.4 + w * (i - pfirst[p] + 0.85)):5:6 \
         with boxxyerror fs solid 1.0 border lc rgb "black" lc rgb "black" notitle
}
unset multiplot
