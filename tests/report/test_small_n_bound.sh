#!/bin/sh
# tests/report/test_small_n_bound.sh: small-n against its bound (view
# small_n_bound, reports/analysis/46-timing-protocol.sql; issue 36): one row
# per GPU and size (n = 2^16, 2^18 and 2^20, int32, block 256, the default
# loads and grid), however many configurations time small-n or no-combine
# there. First on stand-in tables for what it reads (stats_default, size,
# report_devices, report_setting): small-n's configuration of the most
# trials, then the one whose key names its loads, then the first by key,
# flush and mode (small_n_gpu's rule); the bound's likewise, after those of
# small-n's flush and mode (like with like); over_us and the verdict on the
# two picked; a size without a bound has no row. The verdict on the paired
# interval (stand-in pair_stats of kind bound: small-n over the bound within
# each process): bound_us x (lo - 1) .. bound_us x (hi - 1) against the goal,
# met when wholly at or under it, missed when wholly above, else
# inconclusive (and with no pair of the two picked): met and missed where
# the two unpaired intervals would straddle the goal, inconclusive where the
# centres' difference is just over the goal or under it; the pair of the
# picked small-n key, this GPU and kind bound only; the reduction section's
# directives that word them (mdquery: the table and the sentences). Then on the oracle's
# fixture (tests/report/oracle_fixture.py: small-n at 2^16 also under a key
# of before the loads and grid axes) through the snapshot and the whole
# analysis: one row per GPU and size, the key naming its loads, the pair of
# kind bound taken within each process (one run a trial, each run's ratio
# that process's small-n over its no-combine). (Before, every pair of a
# small-n and a no-combine configuration made a row.)
# Needs no GPU; needs build/tools/dbtool and mdquery (TOOLS=dir) and python3.
# Usage: sh tests/report/test_small_n_bound.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
. tests/analysis.sh

db="$tmp/t.db"
view=$(analysis_view '/^-- Per GPU at n = 2^16^, 2^18^, 2^20^ (int32, block 256/' '/^-- The sections. rows of the three/')
case "$view" in *"CREATE VIEW small_n_bound AS"*) ;;
  *) notok "view small_n_bound found in reports/analysis/"; exit 1 ;; esac
# section FILE: the reduction section's directives that word these facts
# (reports/sections/20-reduce.md: the table's pivot and the sentence that
# counts the verdicts), one a line, for mdquery
section() {
  grep -o "{{pivot: SELECT fmt('n', b.n) AS \"n\"[^}]*FROM small_n_bound b ORDER BY b.n, b.ord}}" reports/sections/20-reduce.md > "$1"
  grep -o "{{= SELECT 'Of the ' || count(\*) || ' comparisons, '[^}]*FROM small_n_bound}}" reports/sections/20-reduce.md >> "$1"
  grep -o "{{= SELECT fmt('pct', 100.0 \* sum(covered) / sum(held_out))[^}]*}}" reports/sections/20-reduce.md >> "$1"
}
# M (device 5): 2^16 small-n under two keys of 3 trials, 'a16' (no loads in
# its key) first, 'b16' naming its loads (picked); 2^18 small-n under 'a18'
# naming its loads (3 trials) and 'b18' of 4 trials (picked), no-combine
# under 'nc18a' and 'nc18b' naming its loads (picked); 2^20 small-n under one
# key and two flushes of 3 trials (memset first; clean picked by name), the
# bound under memset of 4 trials and clean of 3 (clean picked: small-n's
# flush). Not read: loads 4, block 512, float32, 2^12. N (device 6): 2^16
# one of each, no pair (inconclusive); 2^18 small-n with no bound (no row).
# O (device 7): 2^16 0.31 over the bound, its pair straddling the goal; 2^20
# its unpaired intervals straddling it, its pair wholly above.
# Pairs (ratio intervals): M 2^16 1.02..1.05 (met: 0.10..0.25, though the
# unpaired intervals 5.1..5.3 and 4.9..5.1 straddle), 2^18 1.12..1.28
# (missed), 2^20 0.99..1.06 (inconclusive: -0.07..0.41, the centres 0.20
# apart); decoys that must not be read: kind cub under M's 2^16 key, device
# 6 under M's 2^16 key, M's unpicked 2^16 small-n a16, M's 2^20 under memset.
sqls -bail "$db" > /dev/null <<SQL || notok "the stand-ins and the view load"
CREATE TABLE report_setting (key TEXT PRIMARY KEY, value REAL, why TEXT);
INSERT INTO report_setting VALUES ('bound_goal_us', 0.3, '');
CREATE TABLE size (n_smallest INTEGER, n_small INTEGER);
INSERT INTO size VALUES (65536, 1048576);
CREATE TABLE report_devices (device_id INTEGER, name TEXT, label TEXT, ord INTEGER);
INSERT INTO report_devices VALUES (5, 'NVIDIA M', 'M', 1), (6, 'NVIDIA N', 'N', 2), (7, 'NVIDIA O', 'O', 3);
CREATE TABLE pair_stats (kind TEXT, device_id INTEGER, pair_key TEXT, flush TEXT, mode TEXT, k INTEGER,
                         ratio REAL, lo REAL, hi REAL);
CREATE TABLE pair_coverage (kind TEXT, device_id INTEGER, band INTEGER, held_out INTEGER, covered INTEGER, pct REAL);
INSERT INTO pair_coverage VALUES ('bound', 5, 1, 100, 96, 96.0), ('bound', 7, 1, 50, 49, 98.0),
  ('bound', 5, 2, 10, 1, 10.0), ('cub', 5, 1, 10, 1, 10.0);
INSERT INTO pair_stats VALUES
  ('bound', 5, 'nc16 over b16 flush=clean mode=single', 'clean', 'single', 6, 1.04, 1.02, 1.05),
  ('cub', 5, 'nc16 over b16 flush=clean mode=single', 'clean', 'single', 6, 1.5, 1.4, 1.6),
  ('bound', 6, 'nc16 over b16 flush=clean mode=single', 'clean', 'single', 6, 1.5, 1.4, 1.6),
  ('bound', 5, 'nc16 over a16 flush=clean mode=single', 'clean', 'single', 6, 1.5, 1.4, 1.6),
  ('bound', 5, 'nc18b over b18 flush=clean mode=single', 'clean', 'single', 5, 1.2, 1.12, 1.28),
  ('bound', 5, 'nc20 over k20 flush=clean mode=single', 'clean', 'single', 4, 1.03, 0.99, 1.06),
  ('bound', 5, 'nc20 over k20 flush=memset mode=single', 'memset', 'single', 4, 1.0, 0.99, 1.01),
  ('bound', 7, 'o16b over o16 flush=clean mode=single', 'clean', 'single', 3, 1.08, 1.05, 1.10),
  ('bound', 7, 'o20b over o20 flush=clean mode=single', 'clean', 'single', 3, 1.12, 1.09, 1.16);
CREATE TABLE stats_default (device_id INTEGER, study TEXT, dtype TEXT, block INTEGER, params TEXT, n INTEGER,
                            variant TEXT, median_ms REAL, lo_ms REAL, hi_ms REAL, config_key TEXT, flush TEXT,
                            mode TEXT, runs INTEGER);
INSERT INTO stats_default VALUES
  (5, 'reduce', 'int32', 256, '{}', 65536, 'small-n', 0.0060, 0.0059, 0.0061, 'a16', 'clean', 'single', 3),
  (5, 'reduce', 'int32', 256, '{"loads":8,"grid":1}', 65536, 'small-n', 0.0052, 0.0051, 0.0053, 'b16', 'clean', 'single', 3),
  (5, 'reduce', 'int32', 256, '{"loads":8,"grid":1}', 65536, 'no-combine', 0.0050, 0.0049, 0.0051, 'nc16', 'clean', 'single', 3),
  (5, 'reduce', 'int32', 256, '{"loads":4}', 65536, 'small-n', 0.0040, 0.0039, 0.0041, 'l4', 'clean', 'single', 9),
  (5, 'reduce', 'int32', 512, '{}', 65536, 'small-n', 0.0040, 0.0039, 0.0041, 'b512', 'clean', 'single', 9),
  (5, 'reduce', 'float32', 256, '{}', 65536, 'small-n', 0.0040, 0.0039, 0.0041, 'f32', 'clean', 'single', 9),
  (5, 'reduce', 'int32', 256, '{}', 4096, 'small-n', 0.0040, 0.0039, 0.0041, 'k12', 'clean', 'single', 3),
  (5, 'reduce', 'int32', 256, '{}', 4096, 'no-combine', 0.0030, 0.0029, 0.0031, 'nc12', 'clean', 'single', 3),
  (5, 'reduce', 'int32', 256, '{"loads":8,"grid":1}', 262144, 'small-n', 0.0052, 0.0051, 0.0053, 'a18', 'clean', 'single', 3),
  (5, 'reduce', 'int32', 256, '{}', 262144, 'small-n', 0.0060, 0.0059, 0.0061, 'b18', 'clean', 'single', 4),
  (5, 'reduce', 'int32', 256, '{}', 262144, 'no-combine', 0.0059, 0.0058, 0.0060, 'nc18a', 'clean', 'single', 3),
  (5, 'reduce', 'int32', 256, '{"loads":8,"grid":1}', 262144, 'no-combine', 0.0050, 0.0049, 0.0051, 'nc18b', 'clean', 'single', 3),
  (5, 'reduce', 'int32', 256, '{}', 1048576, 'small-n', 0.0080, 0.0079, 0.0081, 'k20', 'memset', 'single', 3),
  (5, 'reduce', 'int32', 256, '{}', 1048576, 'small-n', 0.0070, 0.0069, 0.0071, 'k20', 'clean', 'single', 3),
  (5, 'reduce', 'int32', 256, '{}', 1048576, 'no-combine', 0.0060, 0.0059, 0.0061, 'nc20', 'memset', 'single', 4),
  (5, 'reduce', 'int32', 256, '{}', 1048576, 'no-combine', 0.0068, 0.0067, 0.0069, 'nc20', 'clean', 'single', 3),
  (6, 'reduce', 'int32', 256, '{}', 65536, 'small-n', 0.0045, 0.0044, 0.0046, 'sn16', 'clean', 'single', 2),
  (6, 'reduce', 'int32', 256, '{}', 65536, 'no-combine', 0.0040, 0.0039, 0.0041, 'nc16', 'clean', 'single', 2),
  (6, 'reduce', 'int32', 256, '{}', 262144, 'small-n', 0.0045, 0.0044, 0.0046, 'sn18', 'clean', 'single', 2),
  (7, 'reduce', 'int32', 256, '{}', 65536, 'small-n', 0.00431, 0.0042, 0.0044, 'o16', 'clean', 'single', 3),
  (7, 'reduce', 'int32', 256, '{}', 65536, 'no-combine', 0.0040, 0.0039, 0.0041, 'o16b', 'clean', 'single', 3),
  (7, 'reduce', 'int32', 256, '{}', 1048576, 'small-n', 0.0048, 0.0046, 0.0050, 'o20', 'clean', 'single', 3),
  (7, 'reduce', 'int32', 256, '{}', 1048576, 'no-combine', 0.0043, 0.0041, 0.0045, 'o20b', 'clean', 'single', 3);
$view
SQL
check_eq "one row per GPU and size (only 2^16, 2^18, 2^20; none without a bound)" \
  "$(sqls "$db" "SELECT count(*) || ' ' || count(DISTINCT device_id || ' ' || n) FROM small_n_bound")" "6 6"
check_eq "the configurations compared per size: the most trials, then the key naming its loads, then the first by key and flush; the bound under small-n's flush first" \
  "$(sqls "$db" "SELECT group_concat(small_key || ' ' || small_flush || ' / ' || bound_key || ' ' || bound_flush, ', ') FROM (SELECT * FROM small_n_bound WHERE device_id = 5 ORDER BY n)")" \
  "b16 clean / nc16 clean, b18 clean / nc18b clean, k20 clean / nc20 clean"
check_eq "over the bound (the centres' difference) and its paired interval at the bound's centre, the pair's runs" \
  "$(sqls "$db" "SELECT group_concat(printf('%s %d %.2f %.2f %.2f %s %d', label, n, small_us, bound_us, over_us,
                 CASE WHEN over_lo_us IS NULL THEN '-' ELSE printf('%.3f..%.3f', over_lo_us, over_hi_us) END, pair_runs), '; ')
                 FROM (SELECT * FROM small_n_bound ORDER BY ord, n)")" \
  "M 65536 5.20 5.00 0.20 0.100..0.250 6; M 262144 6.00 5.00 1.00 0.600..1.400 5; M 1048576 7.00 6.80 0.20 -0.068..0.408 4; N 65536 4.50 4.00 0.50 - 0; O 65536 4.31 4.00 0.31 0.200..0.400 3; O 1048576 4.80 4.30 0.50 0.387..0.688 3"
check_eq "no pair of the two picked: no interval" \
  "$(sqls "$db" "SELECT count(*) FROM small_n_bound WHERE over_lo_us IS NULL AND over_hi_us IS NULL")" "1"
check_eq "the verdict on the paired interval: met wholly at or under 0.3 us (the unpaired intervals straddle), missed wholly above, else inconclusive (0.31 over, or 0.20 over with a wide pair, or no pair)" \
  "$(sqls "$db" "SELECT group_concat(label || ' ' || n || ' ' || verdict, '; ') FROM (SELECT * FROM small_n_bound ORDER BY ord, n)")" \
  "M 65536 met; M 262144 missed; M 1048576 inconclusive; N 65536 inconclusive; O 65536 inconclusive; O 1048576 missed"
check_eq "the unpaired intervals would not decide M 2^16 and O 2^20 (small-n's low end less the bound's high end, at or under 0.3 us; the high ends' difference above)" \
  "$(sqls "$db" "SELECT group_concat(label || ' ' || n, '; ') FROM (SELECT * FROM small_n_bound
                 WHERE small_lo - bound_hi <= 0.3 AND small_hi - bound_lo > 0.3 AND verdict <> 'inconclusive' ORDER BY ord, n)")" \
  "M 65536; O 1048576"
section "$tmp/s.md"
check_eq "the section words these facts in three directives" "$(wc -l < "$tmp/s.md" | tr -d ' ')" 3
"$TOOLS/mdquery" "$db" "$tmp/s.md" > "$tmp/s.out" 2> "$tmp/s.err" || notok "mdquery expands them: $(cat "$tmp/s.err")"
check_eq "the section's table: a row per size, a cell per GPU: the times, what the combine costs, its paired interval, the verdict" \
  "$(grep '^|' "$tmp/s.out" | sed -n '3,$p' | tr -s ' ' | tr '\n' '#')" \
  "| 2^16^ | 5.20 us / 5.00 us: 0.200 us [0.100, 0.250] met | 4.50 us / 4.00 us: 0.500 us (not paired) inconclusive | 4.31 us / 4.00 us: 0.310 us [0.200, 0.400] inconclusive |#| 2^18^ | 6.00 us / 5.00 us: 1.00 us [0.60, 1.40] missed | - | - |#| 2^20^ | 7.00 us / 6.80 us: 0.200 us [-0.068, 0.408] inconclusive | - | 4.80 us / 4.30 us: 0.500 us [0.387, 0.688] missed |#"
check_eq "the section's sentences: the verdicts counted, the coverage of kind bound under 20 us (pooled)" \
  "$(grep -v '^|' "$tmp/s.out" | grep -v '^:\?$' | tr '\n' '#')" \
  "Of the 6 comparisons, 1 is met, 2 missed and 3 inconclusive.#96.7% of 150 cases#"

# The oracle's fixture, one machine: small-n at 2^16 under two keys.
db2="$tmp/f.db"
if python3 tests/report/oracle_fixture.py 3 > "$tmp/f.sql" && "$TOOLS/dbtool" snapshot "$tmp/f.sql" "$db2" > /dev/null &&
   apply_analysis_cached "$db2"; then
  check_eq "the fixture has small-n at 2^16 under two keys (int32, block 256, the default loads and grid)" \
    "$(sqls "$db2" "SELECT count(*) FROM stats_default WHERE study = 'reduce' AND variant = 'small-n' AND dtype = 'int32'
                    AND block = 256 AND n = 65536 AND coalesce(json_extract(params, '\$.loads'), 8) = 8
                    AND coalesce(json_extract(params, '\$.grid'), 1) = 1")" 2
  check_eq "on the fixture: one row per GPU and size, 2^16, 2^18 and 2^20" \
    "$(sqls "$db2" "SELECT count(*) || ' ' || count(DISTINCT device_id || ' ' || n) || ' ' || group_concat(DISTINCT n) FROM (SELECT * FROM small_n_bound ORDER BY n)")" \
    "3 3 65536,262144,1048576"
  check_eq "on the fixture: at 2^16 the key naming its loads" \
    "$(sqls "$db2" "SELECT small_key FROM small_n_bound WHERE n = 65536")" \
    "dtype=int32 n=65536 block=256 loads=8 grid=1 variant=small-n cache=cold"
  check_eq "on the fixture: the pairs of kind bound, one run a trial (3), each small-n key with the no-combine of its size (2^16: two)" \
    "$(sqls "$db2" "SELECT count(*) || ' ' || count(DISTINCT pair_key) || ' ' || min(k) || ' ' || max(k) FROM pair_run WHERE kind = 'bound'")" \
    "12 4 3 3"
  check_eq "on the fixture: each run's ratio is its own process's small-n over its no-combine (same trial, flush and mode)" \
    "$(sqls "$db2" "SELECT count(*) FROM pair_run r JOIN pair_trial_rows d ON d.device_id = r.device_id AND d.study = r.study
                    AND d.config_key = r.config_key AND d.flush = r.flush AND d.mode = r.mode AND d.trial_index = r.trial_index
                    JOIN pair_trial_rows s ON s.proc = d.proc AND s.variant = 'small-n' AND s.dtype = d.dtype AND s.n = d.n
                    AND s.block = d.block AND s.flush = d.flush AND s.mode = d.mode AND s.ms = r.num_ms AND d.ms = r.den_ms
                    AND r.pair_key = d.config_key || ' over ' || s.config_key || ' flush=' || d.flush || ' mode=' || d.mode
                    WHERE r.kind = 'bound'")" 12
  check_eq "on the fixture: every row judged on its pair (3 runs, an interval)" \
    "$(sqls "$db2" "SELECT count(*) FROM small_n_bound WHERE pair_runs = 3 AND over_lo_us IS NOT NULL AND over_hi_us > over_lo_us")" 3
else
  notok "the oracle's fixture builds and the analysis applies"
fi
[ "$nfail" -eq 0 ]
