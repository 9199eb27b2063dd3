#!/bin/sh
# reports/figure_complete.sh FILE [NAME]: whether a figure file is whole
# before the Makefile renames it in (a full disk lets gnuplot exit 0 with an
# 8192-byte PDF or SVG; a killed renderer leaves a 0-byte PNG): a PDF ends
# with %%EOF, an SVG with its closing </svg> tag, a PNG with its IEND chunk.
# Exit 0 if whole; 1 with one line naming NAME (default FILE) if not.
set -u
f=$1 name=${2:-$1}
case $f in
  *.pdf) tail -c 64 "$f" 2>/dev/null | grep -q '%%EOF' && exit 0; want='the %%EOF that ends a PDF' ;;
  *.svg) tail -c 64 "$f" 2>/dev/null | grep -q '</svg>' && exit 0; want='closing </svg> tag' ;;
  *.png) [ "$(tail -c 8 "$f" 2>/dev/null | od -An -tx1 | tr -d ' \n')" = 49454e44ae426082 ] && exit 0
         want='IEND chunk that ends a PNG' ;;
  *) echo "figure_complete: $name: not a .pdf, .svg or .png" >&2; exit 1 ;;
esac
echo "figure $name is incomplete ($(wc -c < "$f" 2>/dev/null || echo 0) bytes, no $want: a full disk, or a killed renderer?); not installed" >&2
exit 1
