# experiments/tools/compare.gp: the figure of a comparison
# (experiments/tools/compare-page): the ratio NEW / BASE per configuration with
# its 95% interval, grouped by study (sorted by ratio within each), coloured by
# verdict, the equivalence band dashed. Called as
#   gnuplot -e "dat='F.dat'; studies='S.dat'; outfile='X.pdf|X.svg'; yr='lo:hi'; yt='start,factor'" compare.gp
# dat: x, ratio, lo, hi, verdict (1 same, 2 faster, 3 slower, 4 inconclusive), band;
# studies: x of the label, the study's name (letters, digits, . _ + - only), x where it starts.
if (strstrt(outfile, ".svg") > 0) { set terminal svg noenhanced font "Helvetica,12" size 900,450 background rgb "white" } \
else { set terminal pdfcairo noenhanced font "Helvetica,9" size 6in,3.2in }
set output outfile
set datafile separator "\t"
set logscale y
set yrange [@yr]
set ylabel "ratio NEW / BASE"
set format y "%.4g"
set ytics @yt
set xtics scale 0 nomirror rotate by 30 right
set grid ytics lc rgb "#dddddd"
set border lc rgb "#444444"
set key outside right top
set bars 0
set y2range [0:1]
unset y2tics
plot studies using 1:(NaN):xticlabels(2) notitle, \
     '' using 3:(0):(0):(1) with vectors nohead lc rgb "#bbbbbb" notitle axes x1y2, \
     dat using 1:(1 + $6) with lines dt 2 lc rgb "#666666" title "band", \
     dat using 1:(1 / (1 + $6)) with lines dt 2 lc rgb "#666666" notitle, \
     dat using 1:($5 == 1 ? $2 : NaN):3:4 with yerrorbars pt 7 ps 0.3 lc rgb "#117733" title "same", \
     dat using 1:($5 == 2 ? $2 : NaN):3:4 with yerrorbars pt 7 ps 0.3 lc rgb "#332288" title "faster", \
     dat using 1:($5 == 3 ? $2 : NaN):3:4 with yerrorbars pt 7 ps 0.3 lc rgb "#cc3311" title "slower", \
     dat using 1:($5 == 4 ? $2 : NaN):3:4 with yerrorbars pt 7 ps 0.3 lc rgb "#999999" title "inconclusive"
