# reports/figures/style.gnuplot: shared look of every figure. Called as
#   gnuplot -e "datafile='X.dat'; outfile='X.pdf'" -c style.gnuplot X.gp
# and then loads the figure's own script (ARG1). The terminal follows the
# output's suffix: PDF for the PDF report, SVG for the HTML one.
#
# Facets: a figure whose query has a column named "panel" (the GPU) gets one
# panel per GPU, stacked, each titled with it (reports/figures/panels.awk
# defines npanel, pfirst[p], plast[p] and ptitle[p]); a figure script draws
# panel p with
#   do for [p=1:npanel] { load "reports/figures/panel.gnuplot"
#     plot for [i=pfirst[p]:plast[p]] datafile index i ... lt (i - pfirst[p] + 1) ... }
# and ends with "unset multiplot". Every panel has the same plot width (the
# key sits in a fixed right margin, in the first panel only), so GPUs line up.
load "< awk -f reports/figures/panels.awk '" . datafile . "'"
# bcol[i + 1]: the colour (linetype) of block i; a GPU's is its position in the
# report's device list, the same in every figure (reports/figures/colours.awk).
load "< awk -f reports/figures/colours.awk '" . datafile . "'"
svg = strstrt(outfile, ".svg") > 0
ph = npanel > 1 ? npanel : 1
# A figure script may ask for its own height (inches of the PDF; the SVG in
# proportion) on a line of its own, '#@ fig_h = H', read here before the
# terminal is set; 0: the height its panels give.
fig_h = 0
load "< sed -n 's/^#@ //p' '" . ARG1 . "'"
# Panels are GPU models (or a figure's own facets), so their number does not
# grow with the GPUs measured; the PDF's page holds 6.8 in of figure beside
# its caption, which three panels or more share. The key's text is 8 pt at
# the figure's 6 in width: the PDF includes it at 90% of the text width or
# more, so the key reads at 7 pt or more on paper.
if (svg) { set terminal svg enhanced font "Helvetica,12" size 800,(fig_h > 0 ? int(fig_h * 800 / 6) : ph > 1 ? 60 + 280 * ph : 450) background rgb "white" } \
else { eval sprintf('set terminal pdfcairo enhanced font "Helvetica,9" size 6in,%.2fin', fig_h > 0 ? fig_h : ph > 1 ? (ph > 2 ? 6.8 : 0.4 + 1.75 * ph) : 3.0) }
set output outfile
set datafile separator "\t"
set key outside right top font ",8" spacing 1.1
set grid lc rgb "#dddddd"
set border lc rgb "#444444"
set style data linespoints
set pointsize 0.6
# Ten colours that stay apart (Paul Tol's "muted" scheme, then grey), the
# most distinct first: linetype k is the colour of the report's k-th GPU in
# every figure whose series are GPUs; series beyond ten repeat a colour with
# another dash and point type. Point types alone keep up to 14 series apart
# in greyscale.
set linetype 1 lc rgb "#332288" pt 1
set linetype 2 lc rgb "#cc6677" pt 2
set linetype 3 lc rgb "#44aa99" pt 4
set linetype 4 lc rgb "#ddcc77" pt 6
set linetype 5 lc rgb "#88ccee" pt 8
set linetype 6 lc rgb "#117733" pt 10
set linetype 7 lc rgb "#882255" pt 12
set linetype 8 lc rgb "#999933" pt 14
set linetype 9 lc rgb "#aa4499" pt 3
set linetype 10 lc rgb "#555555" pt 5
set linetype cycle 10
set lmargin at screen 0.12
set rmargin at screen 0.68
if (npanel > 1) { set multiplot layout npanel, 1 }
load ARG1
