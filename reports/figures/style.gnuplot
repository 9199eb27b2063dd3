# reports/figures/style.gnuplot: shared look of every figure. Called as
#   gnuplot -e "datafile='X.dat'; outfile='X.pdf'" -c style.gnuplot X.gp
# and then loads the figure's own script (ARG1). The terminal follows the
# output's suffix: PDF for the PDF report, SVG for the HTML one.
svg = strstrt(outfile, ".svg") > 0
if (svg) { set terminal svg enhanced font "Helvetica,12" size 800,450 background rgb "white" } \
else { set terminal pdfcairo enhanced font "Helvetica,9" size 6in,3.4in }
set output outfile
set datafile separator "\t"
set key outside right top font ",8" spacing 1.1
set grid lc rgb "#dddddd"
set border lc rgb "#444444"
set style data linespoints
set pointsize 0.6
load ARG1
