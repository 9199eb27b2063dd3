# tests/report/allow-list.awk: the BEGIN block of the report tests that read
# an allow-list (test_fact_views.sh, test_prose_digits.sh): the file named by
# the variable allow, one entry a line, "pattern | reason" (an extended
# regular expression and why it is allowed; '#' lines and blank lines
# skipped), into pat[1..np]. An entry without a reason is printed and sets
# bad, which the program's END exits with. The tests put this text before
# their own program (awk -v allow=FILE "$(cat tests/report/allow-list.awk) ...").
BEGIN {
  while ((getline l < allow) > 0) {
    if (l ~ /^#/ || l ~ /^[ \t]*$/) continue
    k = index(l, " | ")
    if (k == 0 || substr(l, k + 3) ~ /^[ \t]*$/) { print "allow-list entry without a reason: " l; bad = 1; continue }
    pat[++np] = substr(l, 1, k - 1)
  }
}
