# tests/report/prose-digits.awk: print the prose of report sections, query
# blocks removed: every {{= ...}}, {{table: ...}}, {{pivot: ...}}, the query
# of {{each: ...}} and {{if: ...}}, {{else}} and {{end}} (each up to its
# closing braces, as reports/mdquery.c reads them), and pandoc attribute
# blocks ({#fig:x width=100%}). Output lines: FILE:LINE:TEXT, line numbers
# those of the section, so a finding points at its line.
#   awk -f tests/report/prose-digits.awk reports/sections/*.md
BEGIN { RS = "\001" }
{
  s = $0; out = ""
  while ((i = index(s, "{{")) > 0) {
    out = out substr(s, 1, i - 1); s = substr(s, i)
    j = index(s, "}}"); if (j == 0) j = length(s) - 1
    blk = substr(s, 1, j + 1); s = substr(s, j + 2)
    gsub(/[^\n]/, "", blk); out = out blk         # a block keeps its newlines only
  }
  out = out s
  gsub(/\{#[^}]*\}/, "", out)
  n = split(out, line, "\n")
  for (k = 1; k <= n; k++) print FILENAME ":" k ":" line[k]
}
