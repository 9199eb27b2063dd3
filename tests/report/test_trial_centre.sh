#!/bin/sh
# tests/report/test_trial_centre.sh: a configuration's value over its trials
# is the median of its trials' values, not their mean (issue 47: now and
# then a whole process runs slow, and with six trials the median stays with
# the others where the mean moves; statistic 'centre' of reports/sqlstats.c),
# wherever the report takes one:
# view trial_dev's centre and its held-out centre of the other trials,
# config_stats' median_ms (the interval's centre, GB/s, the size band),
# reduce_heldout (the held-out trials of the best pick) and
# minimal_harness (the project's CUB over its trials, and the minimal
# harness likewise over its processes, each process the median of its
# sets' values). On stand-in tables for what they read (trial, result, result_stat,
# run, reference_timing, report_devices, report_setting), with three trials
# (odd) and four (even) whose median and mean differ. And trial_dev's
# held-out values (issue 45 item 11: no frame that excludes the current
# row, which is quadratic): the same as that frame's on configurations of 1,
# 2, 3 and 4 trials, ties included, and 8000 trials of one configuration
# in a few seconds (65 s with the frame); trial_agreement, whose pairs were
# joined (quadratic too), counts them: the same counts on the small case,
# 8000 trials in a few seconds. Needs no GPU; needs
# build/lib/sqlstats.so.
# Usage: sh tests/report/test_trial_centre.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
. tests/analysis.sh

db="$tmp/t.db"
trials=$(analysis_view '/^-- Every trial with its rank rn of k in its configuration/' '/^DROP VIEW IF EXISTS trial_coverage;$/')
heldout=$(analysis_view '/^CREATE VIEW reduce_trial AS$/' '/^GROUP BY device_id, config_key, flush, mode;$/')
minimal=$(analysis_view '/^CREATE VIEW minimal_harness AS$/' '/^FROM cb JOIN report_devices d USING (device_id) JOIN cp USING/')
for v in "trial_dev:$trials" "config_stats:$trials" "reduce_heldout:$heldout" "minimal_harness:$minimal"; do
  case "${v#*:}" in *"CREATE VIEW ${v%%:*} AS"*) ;;
    *) notok "view ${v%%:*} found in reports/analysis/"; exit 1 ;; esac
done
# Device 1, runs 1..4 (trials 1..4). Trial medians (ms):
#   odd3   0.0100 0.0100 0.0106         median 0.0100, mean 0.0102
#   even4  0.0100 0.0101 0.0103 0.0108  median 0.0102, mean 0.0103; held out
#          0.0100, the others' mean 0.0104 (median 0.0103); trials 2-4
#          (reduce_heldout) mean 0.0104 (median 0.0103)
#   band3  0.0190 0.0195 0.0300         median 0.0195 (under 20 us), mean
#          0.02283 (20-100 us)
#   cub16  CUB int32 2^16 under the memset flush, raw 7.0 7.0 7.6 us: mean
#          7.2 (median 7.0); the minimal harness's processes p1 (6.9 7.0
#          7.1), p2 (6.95 7.0 7.05), p3 (7.5 7.6 7.7): their medians 7.0,
#          7.0, 7.6, mean 7.2 (median 7.0; all sets' median 7.05)
# Device 2, runs 5..7: cub16 raw 7.0 7.1 7.3 us (mean 7.1333), and one
#   minimal-harness process q1 (coldbench once per invocation: issue 47) of
#   three sets 7.0 7.1 7.3: its median 7.1, so procs 1 and the range of the
#   processes a point, the sets' range 7.0..7.3 beside it.
sqls -bail "$db" > /dev/null <<SQL || notok "the stand-ins and the views load"
CREATE TABLE report_setting (key TEXT PRIMARY KEY, value REAL, why TEXT);
INSERT INTO report_setting VALUES ('minimal_abs_us', 0.2, ''), ('minimal_rel', 0.02, '');
CREATE TABLE report_devices (device_id INTEGER, name TEXT, label TEXT, ord INTEGER);
INSERT INTO report_devices VALUES (1, 'NVIDIA D', 'D', 1), (2, 'NVIDIA E', 'E', 2);
CREATE TABLE run (run_id INTEGER PRIMARY KEY, device_id INTEGER, kind TEXT, status TEXT, repeat_index INTEGER,
                  read_gbps REAL);
INSERT INTO run VALUES (1, 1, 'measure', 'complete', 1, 1000), (2, 1, 'measure', 'complete', 2, 1000),
  (3, 1, 'measure', 'complete', 3, 1000), (4, 1, 'measure', 'complete', 4, 1000),
  (5, 2, 'measure', 'complete', 1, 1000), (6, 2, 'measure', 'complete', 2, 1000), (7, 2, 'measure', 'complete', 3, 1000);
CREATE TABLE trial (result_id INTEGER PRIMARY KEY, run_id INTEGER, device_id INTEGER, device TEXT, study TEXT,
                    config_key TEXT, variant TEXT, dtype TEXT, n INTEGER, block INTEGER, params TEXT, cache TEXT,
                    timer TEXT, flush TEXT, mode TEXT, median_ms REAL, raw_median_ms REAL, ci_lo_ms REAL,
                    ci_hi_ms REAL, q1_ms REAL, q3_ms REAL, rsd REAL, reps INTEGER, bytes_read INTEGER,
                    bytes_written INTEGER, peak_gbps REAL);
CREATE TABLE v (k TEXT, variant TEXT, n INTEGER, flush TEXT, run_id INTEGER, ms REAL);
INSERT INTO v VALUES ('odd3', 'v', 1024, 'clean', 1, 0.0100), ('odd3', 'v', 1024, 'clean', 2, 0.0100),
  ('odd3', 'v', 1024, 'clean', 3, 0.0106),
  ('even4', 'v', 2048, 'clean', 1, 0.0100), ('even4', 'v', 2048, 'clean', 2, 0.0101),
  ('even4', 'v', 2048, 'clean', 3, 0.0103), ('even4', 'v', 2048, 'clean', 4, 0.0108),
  ('band3', 'v', 4096, 'clean', 1, 0.0190), ('band3', 'v', 4096, 'clean', 2, 0.0195),
  ('band3', 'v', 4096, 'clean', 3, 0.0300),
  ('cub16', 'cub', 65536, 'memset', 1, 0.0070), ('cub16', 'cub', 65536, 'memset', 2, 0.0070),
  ('cub16', 'cub', 65536, 'memset', 3, 0.0076);
INSERT INTO trial (run_id, device_id, device, study, config_key, variant, dtype, n, block, params, cache, timer,
                   flush, mode, median_ms, raw_median_ms, ci_lo_ms, ci_hi_ms, q1_ms, q3_ms, rsd, reps, bytes_read,
                   bytes_written, peak_gbps)
SELECT run_id, 1, 'NVIDIA D', 'reduce', k, variant, 'int32', n, 256, '{}', 'cold', 'cuda-event', flush, 'single',
       ms, ms, ms, ms, ms, ms, 0.01, 100, 4000, 0, 2000 FROM v;
INSERT INTO trial (run_id, device_id, device, study, config_key, variant, dtype, n, block, params, cache, timer,
                   flush, mode, median_ms, raw_median_ms, ci_lo_ms, ci_hi_ms, q1_ms, q3_ms, rsd, reps, bytes_read,
                   bytes_written, peak_gbps)
SELECT run_id, 2, 'NVIDIA E', 'reduce', 'cub16', 'cub', 'int32', 65536, 256, '{}', 'cold', 'cuda-event', 'memset',
       'single', ms, ms, ms, ms, ms, ms, 0.01, 100, 4000, 0, 2000
FROM (SELECT 5 AS run_id, 0.0070 AS ms UNION ALL SELECT 6, 0.0071 UNION ALL SELECT 7, 0.0073);
CREATE TABLE result (result_id INTEGER PRIMARY KEY, run_id INTEGER, study TEXT, config_key TEXT, variant TEXT,
                     timer TEXT, flush TEXT, cache TEXT, mode TEXT, status TEXT);
INSERT INTO result SELECT result_id, run_id, study, config_key, variant, timer, flush, cache, mode, 'ok' FROM trial;
CREATE TABLE result_stat (result_id INTEGER PRIMARY KEY, median_ms REAL);
INSERT INTO result_stat SELECT result_id, median_ms FROM trial;
-- each set's samples (whole nanoseconds; their median the set's)
CREATE TABLE reference_timing (device_id INTEGER, bench_uuid TEXT, what TEXT, n INTEGER, ns TEXT);
INSERT INTO reference_timing VALUES (1, 'p1', 'cub', 65536, '6900'), (1, 'p1', 'cub', 65536, '6990 7010'),
  (1, 'p1', 'cub', 65536, '7100'), (1, 'p2', 'cub', 65536, '6950'), (1, 'p2', 'cub', 65536, '7000'),
  (1, 'p2', 'cub', 65536, '7050 7040 7060'), (1, 'p3', 'cub', 65536, '7500'), (1, 'p3', 'cub', 65536, '7600'),
  (1, 'p3', 'cub', 65536, '7700'),
  (2, 'q1', 'cub', 65536, '7000'), (2, 'q1', 'cub', 65536, '7100'), (2, 'q1', 'cub', 65536, '7300');
$trials
$heldout
$minimal
SQL
q() { sqls "$db" "$1"; }
check_eq "trial_dev: the centre is the median of the trial values, 3 trials and 4 (means 0.01020, 0.01030)" \
  "$(q "SELECT group_concat(x, ', ') FROM (SELECT DISTINCT config_key || printf(' %d %.5f', k, center_ms) AS x
        FROM trial_dev WHERE config_key IN ('odd3', 'even4') ORDER BY config_key)")" \
  "even4 4 0.01020, odd3 3 0.01000"
check_eq "trial_dev: held out, the centre of the other trials is their median (even4 without 0.0100: 0.01030, mean 0.01040)" \
  "$(q "SELECT printf('%.5f %.6f', rest_center_ms, dev) FROM trial_dev WHERE config_key = 'even4' AND median_ms = 0.0100")" \
  "0.01030 0.029126"
check_eq "config_stats: median_ms is the median (odd3 0.01000, even4 0.01020), the interval centred on it" \
  "$(q "SELECT group_concat(printf('%s %.5f %.9f', config_key, median_ms, (lo_ms + hi_ms) / (2 * median_ms)), ', ')
        FROM (SELECT * FROM config_stats WHERE config_key IN ('odd3', 'even4') ORDER BY config_key)")" \
  "even4 0.01020 1.000000000, odd3 0.01000 1.000000000"
check_eq "config_stats: GB/s at the median (4000 bytes / 0.0100 ms)" \
  "$(q "SELECT printf('%.6f', gbps) FROM config_stats WHERE config_key = 'odd3'")" "0.400000"
check_eq "the size band is the median's (band3: median 19.5 us, under 20 us; mean 22.8 us)" \
  "$(q "SELECT DISTINCT band FROM trial_dev WHERE config_key = 'band3'") $(q "SELECT band FROM config_stats WHERE config_key = 'band3'")" \
  "1 1"
check_eq "reduce_heldout: trials 2.. as their median (even4: 3, 0.01030; mean 0.01040)" \
  "$(q "SELECT printf('%d %.5f', k, ms) FROM reduce_heldout WHERE config_key = 'even4'")" "3 0.01030"
check_eq "minimal_harness: the project's CUB the median of its trials (7.00; mean 7.20), the minimal harness the median of its processes (7.00; mean 7.20)" \
  "$(q "SELECT printf('%d %.2f %d %.2f %.2f %s', trials, project_us, procs, minimal_us, diff_us, verdict) FROM minimal_harness WHERE device_id = 1")" \
  "3 7.00 3 7.00 0.00 agrees"
check_eq "minimal_harness: the range of the sets and of the processes" \
  "$(q "SELECT printf('%d %.2f %.2f %.2f %.2f', sets, lo_us, hi_us, proc_lo_us, proc_hi_us) FROM minimal_harness WHERE device_id = 1")" \
  "9 6.90 7.70 7.00 7.60"
check_eq "minimal_harness, one process of three sets (trial 1 only): its median, the sets' range, the processes' a point" \
  "$(q "SELECT printf('%d %d %.2f %d %.2f %.2f %.2f %.2f %.2f %.3f %s', trials, procs, minimal_us, sets, lo_us, hi_us,
               proc_lo_us, proc_hi_us, project_us, diff_us, verdict) FROM minimal_harness WHERE device_id = 2")" \
  "3 1 7.10 3 7.00 7.30 7.10 7.10 7.10 0.000 agrees"

# trial_dev's held-out values against the frame that leaves the row out
# (the definition before issue 45 item 11, written here): every trial of
# configurations of 1, 2, 3 and 4 trials, with ties at the smallest and the
# largest, and a configuration of 1 trial (NULL held out).
db2="$tmp/loo.db"
sqls -bail "$db2" > /dev/null <<SQL || notok "the leave-one-out stand-ins load"
CREATE TABLE trial (result_id INTEGER PRIMARY KEY, run_id INTEGER, device_id INTEGER, study TEXT, config_key TEXT,
                    variant TEXT, timer TEXT, flush TEXT, mode TEXT, median_ms REAL, raw_median_ms REAL);
INSERT INTO trial (run_id, device_id, study, config_key, variant, timer, flush, mode, median_ms) VALUES
  (1, 1, 'reduce', 'one', 'v', 'cuda-event', 'clean', 'single', 0.0100),
  (1, 1, 'reduce', 'two', 'v', 'cuda-event', 'clean', 'single', 0.0100),
  (2, 1, 'reduce', 'two', 'v', 'cuda-event', 'clean', 'single', 0.0113),
  (1, 1, 'reduce', 'tie3', 'v', 'cuda-event', 'clean', 'single', 0.0100),
  (2, 1, 'reduce', 'tie3', 'v', 'cuda-event', 'clean', 'single', 0.0100),
  (3, 1, 'reduce', 'tie3', 'v', 'cuda-event', 'clean', 'single', 0.0117),
  (1, 1, 'reduce', 'tie4', 'v', 'cuda-event', 'clean', 'single', 0.0203),
  (2, 1, 'reduce', 'tie4', 'v', 'cuda-event', 'clean', 'single', 0.0190),
  (3, 1, 'reduce', 'tie4', 'v', 'cuda-event', 'clean', 'single', 0.0203),
  (4, 1, 'reduce', 'tie4', 'v', 'cuda-event', 'clean', 'single', 0.0197),
  (1, 2, 'reduce', 'tie4', 'v', 'cuda-event', 'clean', 'single', 0.0503),
  (2, 2, 'reduce', 'tie4', 'v', 'cuda-event', 'clean', 'single', 0.0701),
  (3, 2, 'reduce', 'tie4', 'v', 'cuda-event', 'clean', 'single', 0.0602);
$(analysis_view '/^DROP VIEW IF EXISTS trial_dev;$/' '/^DROP VIEW IF EXISTS trial_halfwidth;$/')
$(analysis_view '/^DROP VIEW IF EXISTS trial_agreement;$/' '/^DROP VIEW IF EXISTS machine_agreement;$/')
CREATE VIEW old_agreement AS
SELECT a.device_id, a.band, count(*) AS pairs, sum(abs(b.median_ms / a.median_ms - 1) <= 0.02) AS within2
FROM (SELECT * FROM trial_dev WHERE k > 1) a
     JOIN trial b ON b.study = a.study AND b.config_key = a.config_key AND b.device_id = a.device_id
                 AND b.flush = a.flush AND b.mode = a.mode AND b.result_id > a.result_id
GROUP BY a.device_id, a.band;
CREATE VIEW old_dev AS
SELECT x.*, abs(median_ms / rest_center_ms - 1) AS dev, (rest_max_ms - rest_min_ms) / rest_center_ms AS rest_range
FROM (SELECT t.*, median(median_ms) OVER o AS rest_center_ms, min(median_ms) OVER o AS rest_min_ms,
             max(median_ms) OVER o AS rest_max_ms
      FROM trial t
      WINDOW c AS (PARTITION BY device_id, study, config_key, flush, mode),
             o AS (c ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE CURRENT ROW)) x;
SQL
# same A: column A of the new (n) and old (o) rows equal (both NULL, or
# within 1e-12, relative; 1e-15 absolute for a deviation of 0: device 2's
# 0.0602 is its others' median)
same() { echo "(n.$1 IS o.$1 OR abs(n.$1 - o.$1) <= 1e-12 * abs(o.$1) + 1e-15)"; }
check_eq "trial_dev held out, as the frame that leaves the row out had it: 13 trials, every value (1e-12), NULLs alike" \
  "$(sqls "$db2" "SELECT count(*) || ' ' || sum($(same rest_center_ms) AND $(same rest_min_ms) AND $(same rest_max_ms)
       AND $(same dev) AND $(same rest_range)) || ' ' || sum(n.rest_center_ms IS NULL)
       FROM trial_dev n JOIN old_dev o USING (result_id)")" "13 13 1"
check_eq "trial_agreement counted, not joined: as the join of pairs had it (the small case: pairs and those within 2%)" \
  "$(sqls "$db2" "SELECT group_concat(n.device_id || ':' || n.band || ':' || n.pairs || ':' || n.within2, ' ')
       || ' / ' || (SELECT group_concat(device_id || ':' || band || ':' || pairs || ':' || within2, ' ') FROM old_agreement)
       FROM trial_agreement n")" "1:1:10:2 2:2:3:0 / 1:1:10:2 2:2:3:0"
check_eq "... the small case's held-out values themselves (tie4 without 0.0190: the median 0.0203, 0.0197 .. 0.0203)" \
  "$(sqls "$db2" "SELECT printf('%.4f %.4f %.4f', rest_center_ms, rest_min_ms, rest_max_ms) FROM trial_dev
       WHERE config_key = 'tie4' AND device_id = 1 AND median_ms = 0.0190")" "0.0203 0.0197 0.0203"
# 8000 trials of one configuration (a few-MB input): linear, where the frame
# took 65 s; the view read whole within 10 s (about 0.1 s here), and the
# deviations the held-out ones.
sqls -bail "$db2" "WITH RECURSIVE i(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM i WHERE x < 8000)
  INSERT INTO trial (run_id, device_id, study, config_key, variant, timer, flush, mode, median_ms)
  SELECT x, 3, 'reduce', 'many', 'v', 'cuda-event', 'clean', 'single', 0.01 + (x % 97) * 1e-6 FROM i" > /dev/null
t0=$(date +%s.%N)
got=$(sqls "$db2" "SELECT count(*) || ' ' || count(dev) || printf(' %.6f %.6f', min(rest_min_ms), max(rest_max_ms))
                    FROM trial_dev WHERE config_key = 'many'")
t1=$(date +%s.%N)
secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
check_eq "8000 trials of one configuration: every one held out, the others' extremes those of all (ties), in ${secs} s" \
  "$got" "8000 8000 0.010000 0.010096"
check "8000 trials: within 10 s (${secs} s)" awk -v s="$secs" 'BEGIN { exit !(s < 10) }'
# ... and their agreement: 31,996,000 pairs, counted (111 s joined).
t0=$(date +%s.%N)
got=$(sqls "$db2" "UPDATE trial SET raw_median_ms = median_ms; SELECT pairs || ' ' || within2 || ' ' || pct_raw
                    FROM trial_agreement WHERE device_id = 3")
secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
check_eq "8000 trials' agreement: every pair, all within 2%, in ${secs} s" "$got" "31996000 31996000 100.0"
check "8000 trials' agreement: within 10 s (${secs} s)" awk -v s="$secs" 'BEGIN { exit !(s < 10) }'
[ "$nfail" -eq 0 ]
