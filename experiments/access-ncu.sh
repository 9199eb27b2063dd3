#!/bin/sh
# experiments/access-ncu.sh: Nsight Compute counters of a few configurations
# of the access study, into the counter table keyed like the timings
# (run_id, config_key, metric).
# Usage: NCU=/path/to/ncu sh experiments/access-ncu.sh BINDIR DB
#
# Each sweep runs one study binary under `ncu --clock-control none` with one
# timed repetition and no warm-up, so every configuration launches exactly two
# kernels (the verification launch, then the timed one); the counters of the
# timed launch are stored under the configuration's key, which the binary's own
# --list prints. That run's results are profiled, not timings: they are
# deleted and the run is marked incomplete with a note, so no report query
# ever reads them. Where ncu is missing or refused (ERR_NVGPUCTRPERM, ...),
# one line says so and the script exits 0: the report then says the counters
# were not collected.
set -u
[ $# -eq 2 ] || { echo "usage: sh experiments/access-ncu.sh BINDIR DB" >&2; exit 2; }
bindir=$1 db=$2
ncu=${NCU:-ncu}
metrics=smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct,\
smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct,\
l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,\
l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum

# Say why nothing (more) is collected, and stop successfully.
give_up() {
  echo "access-ncu: counters not collected: $1"
  exit 0
}

command -v "$ncu" >/dev/null 2>&1 || give_up "no ncu command ('$ncu') on this machine"
tmp=$(mktemp -d) || give_up "no temporary directory"
trap 'rm -rf "$tmp"' EXIT

nrow=0
for dlcm in ca cg; do
  bin=$bindir/access-$dlcm
  [ -x "$bin" ] || give_up "no $bin"
  for args in "--variant read-offset,write-offset --n 2^24 --block 512 --k 0,1,2,4,8,11,16,32,64,128" \
              "--variant read-stride --n 2^24 --block 512 --k 1,2,4,8,16,32"; do
    # shellcheck disable=SC2086
    "$bin" $args --list | grep -v '#' > "$tmp/keys" || give_up "$bin --list failed"
    # shellcheck disable=SC2086
    "$ncu" --clock-control none --print-units base --csv --log-file "$tmp/ncu.csv" \
      --kernel-name regex:'_kernel$' --metrics "$metrics" \
      "$bin" --db "$db" --no-resume --reps 1 --min-reps 1 --warmup 0 $args 2> "$tmp/err"
    rc=$?
    run=$(sed -n 's/^[^:]*: run \([0-9][0-9]*\) on .*/\1/p' "$tmp/err" | head -n 1)
    if [ -n "$run" ]; then
      "$bindir/dbtool" exec "$db" "DELETE FROM sample WHERE result_id IN (SELECT result_id FROM result
        WHERE run_id = $run); DELETE FROM result WHERE run_id = $run; UPDATE run SET status = 'incomplete',
        note = 'Nsight Compute counter run: profiled launches, not timings (results removed; see table counter)'
        WHERE run_id = $run;" || give_up "cannot mark run $run in $db"
    fi
    why=$(grep -h '==ERROR==' "$tmp/ncu.csv" "$tmp/err" 2>/dev/null | head -n 1 | sed 's/^==ERROR== *//')
    [ -n "$run" ] || give_up "${why:-$bin did not start a run under ncu (exit $rc): $(tail -n 1 "$tmp/err")}"
    awk -v run="$run" -v keys="$tmp/keys" -v out="$tmp/rows.sql" '
      # Split one CSV line into f[1..n]; returns n.
      function csv(line, f,    n, p) {
        n = 0
        while (line != "") {
          if (substr(line, 1, 1) == "\"") {
            line = substr(line, 2); p = index(line, "\"")
            f[++n] = substr(line, 1, p - 1); line = substr(line, p + 2)
          } else {
            p = index(line, ",")
            if (p == 0) { f[++n] = line; line = "" }
            else { f[++n] = substr(line, 1, p - 1); line = substr(line, p + 1) }
          }
        }
        return n
      }
      function q(s) { gsub(/\047/, "\047\047", s); return "\047" s "\047" }
      BEGIN { while ((getline k < keys) > 0) aKey[nKey++] = k }
      /^"/ {
        n = csv($0, f)
        if (f[1] == "ID") { for (i = 1; i <= n; i++) col[f[i]] = i; next }
        if (!("Metric Name" in col)) next
        id = f[col["ID"]]
        if (!(id in rank)) rank[id] = nLaunch++
        v = f[col["Metric Value"]]; gsub(/,/, "", v)
        if (v !~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/) next
        r = rank[id]
        if (r % 2 == 1) row[r] = row[r] sprintf("INSERT OR REPLACE INTO counter VALUES (%d, %s, %s, %s, %s);\n",
                                                run, "%KEY%", q(f[col["Metric Name"]]), v, q(f[col["Metric Unit"]]))
      }
      END {
        if (nLaunch != 2 * nKey) {
          printf "%d profiled launches for %d configurations (want 2 each)\n", nLaunch, nKey
          exit 1
        }
        for (r = 1; r < nLaunch; r += 2) {
          s = row[r]; k = q(aKey[(r - 1) / 2]); gsub(/%KEY%/, k, s)
          printf "%s", s > out
          nRow += gsub(/INSERT/, "INSERT", s)
        }
        print nRow
      }
    ' "$tmp/ncu.csv" > "$tmp/count" || give_up "${why:-$(cat "$tmp/count")} ($bin $args)"
    [ -s "$tmp/rows.sql" ] || give_up "${why:-no counter values in the ncu output} ($bin $args)"
    cp "$tmp/rows.sql" "$tmp/load.sql"   # dbtool load is one transaction
    "$bindir/dbtool" load "$tmp/load.sql" "$db" || give_up "cannot store the counters in $db"
    nrow=$((nrow + $(cat "$tmp/count")))
    rm -f "$tmp/rows.sql"
  done
done
echo "access-ncu: $nrow counter values stored in $db"
