# reports/figures/empty.gnuplot: the stand-in for a figure whose query found
# no measurements (a study not measured on this device, or an interrupted run).
if (strstrt(outfile, ".svg") > 0) { set terminal svg enhanced font "Helvetica,12" size 800,160 background rgb "white" } \
else { set terminal pdfcairo enhanced font "Helvetica,9" size 6in,1.2in }
set output outfile
unset border
unset tics
unset key
set label 1 "No measurements in the database for this figure." at graph 0.5, 0.5 center font ",11"
plot [0:1][0:1] NaN
