# tests/report/fact-views.awk: the string literals of an SQL file that build
# prose (tests/report/test_fact_views.sh). A literal builds prose where it is
# the format of a printf() (its first argument) or is concatenated (|| on
# either side), and holds a word of three letters or more once its format
# specifiers (%d, %.2f, %s, %%, ...) are taken out. Prints FILE:LINE:
# LITERAL for each; comments (-- to the end of a line) and double-quoted
# names (a column "runs' range": its apostrophe starts no literal) are
# skipped. One file at a time: awk -f tests/report/fact-views.awk FILE.
BEGIN { RS = "\001" }
{
  s = $0; n = length(s); line = 1; i = 1; prev = ""
  while (i <= n) {
    c = substr(s, i, 1)
    if (c == "\n") { line++; i++; continue }
    if (c == "-" && substr(s, i + 1, 1) == "-") {           # a comment: to the end of the line
      while (i <= n && substr(s, i, 1) != "\n") i++
      continue
    }
    if (c == "\"") {                                         # an identifier: to its closing quote
      j = i + 1; while (j <= n && substr(s, j, 1) != "\"") { if (substr(s, j, 1) == "\n") line++; j++ }
      prev = prev "\""; i = j + 1; continue
    }
    if (c == "'") {                                          # a literal, '' inside it
      j = i + 1; lit = ""; l0 = line
      while (j <= n) {
        d = substr(s, j, 1)
        if (d == "\n") line++
        if (d == "'") { if (substr(s, j + 1, 1) == "'") { lit = lit "'"; j += 2; continue } break }
        lit = lit d; j++
      }
      # what follows the literal (spaces skipped)
      k = j + 1; while (k <= n && substr(s, k, 1) ~ /[ \t\n]/) k++
      nxt = substr(s, k, 2)
      fmt = prev ~ /printf\($/
      cat = prev ~ /\|\|$/ || nxt == "||"
      if (fmt || cat) {
        t = lit; gsub(/%[-+ 0#]*[0-9*]*(\.[0-9*]+)?[a-zA-Z%]/, " ", t)
        if (t ~ /[A-Za-z][A-Za-z][A-Za-z]/) print FILENAME ":" l0 ": '" lit "'"
      }
      prev = "'"; i = j + 1; continue
    }
    if (c !~ /[ \t]/) { prev = prev c; if (length(prev) > 16) prev = substr(prev, length(prev) - 15) }
    i++
  }
}
