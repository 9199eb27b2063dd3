#!/bin/sh
# tests/cli/test_gpu_probe_47.sh: the parts of the one-off GPU probe of
# issue 47 (experiments/tools/gpu-probe-47) that run without a GPU: it
# parses; --check plans its build line and steps (make -n); --table prints the
# per-n table through the report's views on a fixture database of three
# trials (each variant's mean of its trials' medians, the fastest hand-written
# configuration over the faster CUB, paired per trial); usage errors exit 2.
# Goes with the probe: delete both once the issue's data is shipped.
# Prints 'ok NAME' / 'not ok NAME' per check; exits 1 if any failed.
# Usage: sh tests/cli/test_gpu_probe_47.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
P=experiments/tools/gpu-probe-47
Q="$TESTBIN/sqlq"
for b in "$Q" "$TOOLS/mdquery" "$TOOLS/dbtool"; do
  [ -x "$b" ] || { notok "$b exists" "run make test-build"; exit 1; }
done

check "the probe parses" sh -n "$P"
check "--check: its build line and steps are planned" sh -c "sh '$P' --check > '$tmp/check' 2>&1"
sh "$P" --frobnicate > "$tmp/out" 2> "$tmp/err"
check_eq "an unknown option exits 2" "$?" 2
check_eq "... with one line on stderr" "$(awk 'END { print NR }' "$tmp/err")" 1
sh "$P" --table "$tmp/none.db" > "$tmp/out" 2> "$tmp/err"
check_eq "--table of a missing database exits 2" "$?" 2

# Three trials (runs 1..3, repeat_index k) on one GPU: at 2^10 small-n/256
# 4.0, 4.1, 4.2 us against cub32 4.4, 4.3, 4.5 (cub slower): 4.1 / 4.4 =
# 0.932, per trial 0.909..0.953; at 2^12 small-n/1024 4.0 against cub32 3.9
# (hand-written behind: 1.026); at 2^28 one-launch/1024 230 against cub 236
# (cub32 237). no-combine (the bound) is shown, never the best hand-written
# (it is faster everywhere); a memset-flush row and a float32 row are left out.
empty_db "$tmp/p.db"
{
  echo "INSERT INTO device(device_id, uuid, name) VALUES (1, 'u1', 'Test GPU');"
  for k in 1 2 3; do
    echo "INSERT INTO run(run_id, study, binary, device_id, status, started_utc, argv, build_id, kind, repeat_index)
          VALUES ($k, 'reduce', 'reduce', 1, 'complete', '2026-01-01T00:00:00Z', 'reduce', 'b', 'measure', $k);"
  done
  # k n variant block us [flush dtype]
  # (one sample a result, whole nanoseconds: its median is the value)
  awk '{ printf "INSERT INTO result(run_id, study, config_key, variant, dtype, n, block, cache, timer, status, reps," \
         " created_utc, flush, mode, bytes_read, bytes_written) VALUES (%d, %s, %s, %s, %s, %d, %d, %s, %s, %s, 1," \
         " %s, %s, %s, %d, 4);\nINSERT INTO result_sample(result_id, ns) VALUES (last_insert_rowid(), '\''%d'\'');\n",
         $1, "'\''reduce'\''", "'\''k " $2 " " $3 " " $4 " " ($7 ? $7 : "int32") "'\''",
         "'\''" $3 "'\''", "'\''" ($7 ? $7 : "int32") "'\''", $2, $4, "'\''cold'\''", "'\''cuda-event'\''",
         "'\''ok'\''", "'\''2026-01-01T00:00:00Z'\''", "'\''" ($6 ? $6 : "clean") "'\''",
         "'\''single'\''", 4 * $2, $5 * 1000 + 0.5 }' <<'EOF'
1 1024 small-n 256 4.0
2 1024 small-n 256 4.1
3 1024 small-n 256 4.2
1 1024 small-n 1024 4.3
2 1024 small-n 1024 4.3
3 1024 small-n 1024 4.3
1 1024 no-combine 256 3.0
2 1024 no-combine 256 3.0
3 1024 no-combine 256 3.0
1 1024 one-launch 256 5.0
2 1024 one-launch 256 5.0
3 1024 one-launch 256 5.0
1 1024 cub 256 4.5
2 1024 cub 256 4.6
3 1024 cub 256 4.4
1 1024 cub32 256 4.4
2 1024 cub32 256 4.3
3 1024 cub32 256 4.5
1 1024 small-n 256 1.0 memset
1 1024 small-n 256 1.0 clean float32
1 4096 small-n 256 4.4
2 4096 small-n 256 4.4
3 4096 small-n 256 4.4
1 4096 small-n 1024 4.0
2 4096 small-n 1024 4.0
3 4096 small-n 1024 4.0
1 4096 cub 256 4.2
2 4096 cub 256 4.2
3 4096 cub 256 4.2
1 4096 cub32 256 3.9
2 4096 cub32 256 3.9
3 4096 cub32 256 3.9
1 268435456 one-launch 1024 230
2 268435456 one-launch 1024 230
3 268435456 one-launch 1024 230
1 268435456 small-n 256 250
2 268435456 small-n 256 250
3 268435456 small-n 256 250
1 268435456 cub 256 236
2 268435456 cub 256 236
3 268435456 cub 256 236
1 268435456 cub32 256 237
2 268435456 cub32 256 237
3 268435456 cub32 256 237
EOF
} > "$tmp/fixture.sql"
check "the fixture loads" sh -c "'$Q' '$tmp/p.db' \"\$(cat '$tmp/fixture.sql')\" > /dev/null"
sh "$P" --table "$tmp/p.db" > "$tmp/table" 2> "$tmp/err"
check_eq "--table exits 0 ($(head -c 300 "$tmp/err"))" "$?" 0
# The rows, cells trimmed: n, the 8 variant columns, best hand, best CUB, ratio, per trial.
awk -F'|' '/^\| *2\^/ { s = ""; for (i = 2; i < NF; i++) { c = $i; gsub(/^ +| +$/, "", c); s = s (i > 2 ? ";" : "") c }
                        print s }' "$tmp/table" > "$tmp/rows"
check_eq "three sizes measured, three rows" "$(wc -l < "$tmp/rows" | tr -d ' ')" 3
check_eq "2^10: every variant's mean, small-n/256 over cub32, paired per trial" "$(sed -n 1p "$tmp/rows")" \
  "2^10;4.10;4.30;3.00;;5.00;;4.50;4.40;small-n/256;cub32;0.932;0.909..0.953 (3)"
check_eq "2^12: small-n/1024 behind cub32" "$(sed -n 2p "$tmp/rows")" \
  "2^12;4.40;4.00;;;;;4.20;3.90;small-n/1024;cub32;1.026;1.026..1.026 (3)"
check_eq "2^28: one-launch/1024 ahead of cub (64-bit offsets, the faster here)" "$(sed -n 3p "$tmp/rows")" \
  "2^28;250.00;;;;;230.00;236.00;237.00;one-launch/1024;cub;0.975;0.975..0.975 (3)"
check "the header names the columns" grep -q 'small-n/256.*bound/256.*one-launch/1024.*cub32.*best hand.*best CUB.*hand/CUB.*per trial' "$tmp/table"

[ "$nfail" -eq 0 ]
