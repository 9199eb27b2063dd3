# reports/profile_sets.awk: the metric sets of `--profile SET` as SQL rows of
# table profile_set_metric (set, metric; made by reports/schema.sql), read
# from the one place they are defined, the initializer of profile_sets[] in
# experiments/harness/profile.c ({"name", "about", "metric," "metric," ...},
# one entry per set). The report compares them with the metrics each profile
# run stored (view profile_run_gap) to list profile runs that were cut off.
BEGIN {
  print "DELETE FROM profile_set_metric;"
}
/profile_sets\[\] *= *\{/ { inside = 1; next }
inside && /^\};/ { inside = 0; flush(); next }
inside {
  line = $0
  if (line ~ /^[ \t]*\{/) { flush(); nlit = 0; cur = "" }
  while (match(line, /"[^"]*"/)) {
    lit = substr(line, RSTART + 1, RLENGTH - 2)
    line = substr(line, RSTART + RLENGTH)
    nlit++
    if (nlit == 1) name = lit
    else if (nlit > 2) cur = cur lit
  }
}
function flush(   n, i, m) {
  if (name == "") return
  n = split(cur, m, ",")
  for (i = 1; i <= n; i++)
    if (m[i] != "") printf "INSERT OR IGNORE INTO profile_set_metric VALUES ('%s', '%s');\n", name, m[i]
  name = ""; cur = ""
}
