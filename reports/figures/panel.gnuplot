# reports/figures/panel.gnuplot: before plotting panel p of a faceted figure
# (see style.gnuplot): its title (the GPU model or facet) and the key in the first panel only.
if (npanel > 1 || strlen(ptitle[p]) > 0) { set title ptitle[p] font ",10" offset 0, -0.6 }
if (p == 1) { set key on } else { unset key }
