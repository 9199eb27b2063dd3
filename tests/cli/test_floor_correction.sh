#!/bin/sh
# tests/cli/test_floor_correction.sh: the launch-floor correction of view
# `trial` (reports/analysis/20-trials.sql): a single-launch, event-timed trial median is
# corrected by its run's launch floor less the GPU's mean floor over its
# measure runs; batch samples, host timings, runs without a floor and
# profile runs' floors are left out; config_stats' centre and
# trial_agreement (pct, pct_raw) read the corrected medians. Rows with the
# configuration's own floor (result.floor_us) and launch count
# (result.launches) are corrected by launches x (the run's mean floor_us -
# the GPU's mean floor_us, both in the row's mode), single and batch alike
# (launches NULL: 1), graph rows not; a batch row's floor (per launch of a batch of empty
# kernels) is compared with the GPU's batch floors only. With 20 or more
# configurations under 20 us of two or more trials in a (GPU, mode,
# launches) class, the coefficient is fitted (view floor_beta: the pooled
# slope of the medians on the offset, never below 0) instead of the launch
# count. Needs no GPU.
# Usage: sh tests/cli/test_floor_correction.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
. tests/analysis.sh

db="$tmp/f.db"
empty_db "$db"
# Two measure runs of one GPU with floors 3.6 and 3.8 us (mean 3.7), a
# profile run with floor 9 (not counted), and a run of another GPU. Each
# measure run holds: a single-launch config that moves with the floor
# (5.6 / 5.8 us), a batch config (no correction), a host-timed one.
# (each trial's median stated: tests/report/fixture_stat_columns.sql; made
# into its samples by tests/report/fixture_to_samples.sql)
cat tests/report/fixture_stat_columns.sql - tests/report/fixture_to_samples.sql <<'SQL' | sqlite3 -bail "$db" >/dev/null || notok "the fixture loads"
INSERT INTO device (device_id, uuid, name, peak_gbps) VALUES (1, 'u1', 'GPU A', 1000), (2, 'u2', 'GPU B', 1000),
  (3, 'u3', 'GPU C', 1000), (4, 'u4', 'GPU D', 1000), (5, 'u5', 'GPU E', 1000);
INSERT INTO run (run_id, study, binary, device_id, status, started_utc, argv, build_id, kind, repeat_index, launch_us)
VALUES (1, 'reduce', 'reduce', 1, 'complete', '2026-01-01T00:00:00Z', 'x', 'b', 'measure', 1, 3.6),
       (2, 'reduce', 'reduce', 1, 'complete', '2026-01-01T00:01:00Z', 'x', 'b', 'measure', 2, 3.8),
       (3, 'reduce', 'reduce', 1, 'complete', '2026-01-01T00:02:00Z', 'x', 'b', 'profile', NULL, 9.0),
       (4, 'reduce', 'reduce', 2, 'complete', '2026-01-01T00:03:00Z', 'x', 'b', 'measure', 1, 4.0),
       (5, 'reduce', 'reduce', 3, 'complete', '2026-01-01T00:04:00Z', 'x', 'b', 'measure', 1, 3.0),
       (6, 'reduce', 'reduce', 3, 'complete', '2026-01-01T00:05:00Z', 'x', 'b', 'measure', 2, 3.4),
       (7, 'reduce', 'reduce', 4, 'complete', '2026-01-01T00:06:00Z', 'x', 'b', 'measure', 1, 3.0),
       (8, 'reduce', 'reduce', 4, 'complete', '2026-01-01T00:07:00Z', 'x', 'b', 'measure', 2, 3.4),
       (9, 'reduce', 'reduce', 5, 'complete', '2026-01-01T00:08:00Z', 'x', 'b', 'measure', 1, 3.0),
       (10, 'reduce', 'reduce', 5, 'complete', '2026-01-01T00:09:00Z', 'x', 'b', 'measure', 2, 3.0);
INSERT INTO result (run_id, study, config_key, variant, n, cache, timer, status, median_ms, q1_ms, q3_ms, reps,
                    bytes_read, bytes_written, created_utc, flush, mode)
VALUES (1, 'reduce', 's', 'v', 1, 'cold', 'cuda-event', 'ok', 0.0056, 0.0055, 0.0057, 10, 4, 4, 't', 'clean', 'single'),
       (2, 'reduce', 's', 'v', 1, 'cold', 'cuda-event', 'ok', 0.0058, 0.0057, 0.0059, 10, 4, 4, 't', 'clean', 'single'),
       (1, 'reduce', 'b', 'v', 1, 'warm', 'cuda-event', 'ok', 0.0030, 0.0029, 0.0031, 10, 4, 4, 't', 'none', 'batch'),
       (2, 'reduce', 'b', 'v', 1, 'warm', 'cuda-event', 'ok', 0.0032, 0.0031, 0.0033, 10, 4, 4, 't', 'none', 'batch'),
       (1, 'reduce', 'h', 'cpu', 1, 'warm', 'host-clock', 'ok', 0.0100, 0.0099, 0.0101, 10, 4, 4, 't', 'none', 'single'),
       (2, 'reduce', 'h', 'cpu', 1, 'warm', 'host-clock', 'ok', 0.0110, 0.0109, 0.0111, 10, 4, 4, 't', 'none', 'single'),
       (4, 'reduce', 's', 'v', 1, 'cold', 'cuda-event', 'ok', 0.0061, 0.0060, 0.0062, 10, 4, 4, 't', 'clean', 'single');
-- GPU C: each configuration's own floor (mean 3.6 us over the GPU's results)
-- and launch count; the runs' floors (3.0, 3.4) must not be used.
INSERT INTO result (run_id, study, config_key, variant, n, cache, timer, status, median_ms, q1_ms, q3_ms, reps,
                    bytes_read, bytes_written, created_utc, flush, mode, launches, floor_us)
VALUES (5, 'reduce', 's2', 'v2', 1, 'cold', 'cuda-event', 'ok', 0.0070, 0.0069, 0.0071, 10, 4, 4, 't', 'clean', 'single', 2, 3.5),
       (6, 'reduce', 's2', 'v2', 1, 'cold', 'cuda-event', 'ok', 0.0074, 0.0073, 0.0075, 10, 4, 4, 't', 'clean', 'single', 2, 3.7),
       (5, 'reduce', 'b2', 'v2', 1, 'warm', 'cuda-event', 'ok', 0.0020, 0.0019, 0.0021, 10, 4, 4, 't', 'none', 'batch', 1, 3.5),
       (6, 'reduce', 'b2', 'v2', 1, 'warm', 'cuda-event', 'ok', 0.0022, 0.0021, 0.0023, 10, 4, 4, 't', 'none', 'batch', 1, 3.7),
       (5, 'reduce', 'g2', 'v2', 1, 'warm', 'cuda-event', 'ok', 0.0015, 0.0014, 0.0016, 10, 4, 4, 't', 'none', 'graph', 1, 3.5),
       (6, 'reduce', 'g2', 'v2', 1, 'warm', 'cuda-event', 'ok', 0.0016, 0.0015, 0.0017, 10, 4, 4, 't', 'none', 'graph', 1, 3.7),
       (5, 'reduce', 'n2', 'v2', 1, 'cold', 'cuda-event', 'ok', 0.0050, 0.0049, 0.0051, 10, 4, 4, 't', 'clean', 'single', NULL, 3.5),
       (6, 'reduce', 'n2', 'v2', 1, 'cold', 'cuda-event', 'ok', 0.0052, 0.0051, 0.0053, 10, 4, 4, 't', 'clean', 'single', NULL, 3.7);
-- GPU D: single floors 3.5 and 3.7 (mean 3.6), batch floors 2.0 and 2.4
-- (mean 2.2); the mean over both modes (2.9) would be the wrong reference.
INSERT INTO result (run_id, study, config_key, variant, n, cache, timer, status, median_ms, q1_ms, q3_ms, reps,
                    bytes_read, bytes_written, created_utc, flush, mode, launches, floor_us)
VALUES (7, 'reduce', 's3', 'v3', 1, 'cold', 'cuda-event', 'ok', 0.0070, 0.0069, 0.0071, 10, 4, 4, 't', 'clean', 'single', 1, 3.5),
       (8, 'reduce', 's3', 'v3', 1, 'cold', 'cuda-event', 'ok', 0.0072, 0.0071, 0.0073, 10, 4, 4, 't', 'clean', 'single', 1, 3.7),
       (7, 'reduce', 'b3', 'v3', 1, 'warm', 'cuda-event', 'ok', 0.0020, 0.0019, 0.0021, 10, 4, 4, 't', 'none', 'batch', 1, 2.0),
       (8, 'reduce', 'b3', 'v3', 1, 'warm', 'cuda-event', 'ok', 0.0024, 0.0023, 0.0025, 10, 4, 4, 't', 'none', 'batch', 1, 2.4);
-- GPU E: two configurations a run; their floors differ within a run (3.4 and
-- 3.6 in run 9, mean 3.5; 3.6 and 3.8 in run 10, mean 3.7; the GPU's mean
-- 3.6): the run's mean floor is the process offset, not each one's own.
INSERT INTO result (run_id, study, config_key, variant, n, cache, timer, status, median_ms, q1_ms, q3_ms, reps,
                    bytes_read, bytes_written, created_utc, flush, mode, launches, floor_us)
VALUES (9, 'reduce', 'p', 'v4', 1, 'cold', 'cuda-event', 'ok', 0.0060, 0.0059, 0.0061, 10, 4, 4, 't', 'clean', 'single', 1, 3.4),
       (9, 'reduce', 'q', 'v4', 1, 'cold', 'cuda-event', 'ok', 0.0080, 0.0079, 0.0081, 10, 4, 4, 't', 'clean', 'single', 1, 3.6),
       (10, 'reduce', 'p', 'v4', 1, 'cold', 'cuda-event', 'ok', 0.0062, 0.0061, 0.0063, 10, 4, 4, 't', 'clean', 'single', 1, 3.6),
       (10, 'reduce', 'q', 'v4', 1, 'cold', 'cuda-event', 'ok', 0.0082, 0.0081, 0.0083, 10, 4, 4, 't', 'clean', 'single', 1, 3.8);
-- GPU F: 20 single one-launch configurations under 20 us that move 0.8 as
-- far as the floor offset (runs 11 and 12: floors 3.5 and 3.7, offsets -0.1
-- and +0.1 us; medians base -/+ 0.08 us): beta fitted 0.8, the corrected
-- medians equal. 20 batch one-launch ones move against it (beta clamped
-- to 0: not corrected). Two single two-launch ones: too few, beta = 2.
-- Two single one-launch ones of 200 us that move 10 times as far do not
-- count: the fit reads configurations under 20 us only.
INSERT INTO device (device_id, uuid, name, peak_gbps) VALUES (6, 'u6', 'GPU F', 1000);
INSERT INTO run (run_id, study, binary, device_id, status, started_utc, argv, build_id, kind, repeat_index, launch_us)
VALUES (11, 'reduce', 'reduce', 6, 'complete', '2026-01-01T00:10:00Z', 'x', 'b', 'measure', 1, 3.5),
       (12, 'reduce', 'reduce', 6, 'complete', '2026-01-01T00:11:00Z', 'x', 'b', 'measure', 2, 3.7);
WITH RECURSIVE i(v) AS (SELECT 0 UNION ALL SELECT v + 1 FROM i WHERE v < 19),
     r(run_id, sgn, fl) AS (VALUES (11, -1, 3.5), (12, 1, 3.7))
INSERT INTO result (run_id, study, config_key, variant, n, cache, timer, status, median_ms, q1_ms, q3_ms, reps,
                    bytes_read, bytes_written, created_utc, flush, mode, launches, floor_us)
SELECT r.run_id, 'reduce', 'f' || i.v, 'v6', 1, 'cold', 'cuda-event', 'ok', (5.0 + i.v * 0.5 + r.sgn * 0.08) / 1000,
       (4.9 + i.v * 0.5 + r.sgn * 0.08) / 1000, (5.1 + i.v * 0.5 + r.sgn * 0.08) / 1000, 10, 4, 4, 't', 'clean', 'single', 1, r.fl
FROM i, r
UNION ALL
SELECT r.run_id, 'reduce', 'fb' || i.v, 'v6', 1, 'warm', 'cuda-event', 'ok', (2.0 + i.v * 0.1 - r.sgn * 0.05) / 1000,
       (1.9 + i.v * 0.1 - r.sgn * 0.05) / 1000, (2.1 + i.v * 0.1 - r.sgn * 0.05) / 1000, 10, 4, 4, 't', 'none', 'batch', 1, r.fl - 2
FROM i, r
UNION ALL
SELECT r.run_id, 'reduce', 'f2_' || i.v, 'v6', 1, 'cold', 'cuda-event', 'ok', (8.0 + i.v + r.sgn * 0.3) / 1000,
       (7.9 + i.v + r.sgn * 0.3) / 1000, (8.1 + i.v + r.sgn * 0.3) / 1000, 10, 4, 4, 't', 'clean', 'single', 2, r.fl
FROM (SELECT v FROM i WHERE v < 2) i, r
UNION ALL
SELECT r.run_id, 'reduce', 'fbig' || i.v, 'v6', 1, 'cold', 'cuda-event', 'ok', (200.0 + i.v + r.sgn * 1.0) / 1000,
       (199.9 + i.v + r.sgn * 1.0) / 1000, (200.1 + i.v + r.sgn * 1.0) / 1000, 10, 4, 4, 't', 'clean', 'single', 1, r.fl
FROM (SELECT v FROM i WHERE v < 2) i, r;
SQL
apply_analysis "$db" || notok "the analysis applies"
q() { sqls "$db" "$1"; }
check_eq "single launches: the median less (floor - the GPU's mean floor), the profile run's floor not counted" \
  "$(q "SELECT group_concat(printf('%.4f/%.4f/%.4f', raw_median_ms * 1000, floor_adj_ms * 1000, median_ms * 1000), ' ') FROM (SELECT * FROM trial WHERE config_key = 's' AND device_id = 1 ORDER BY run_id)")" \
  "5.6000/-0.1000/5.7000 5.8000/0.1000/5.7000"
check_eq "the quartiles move with the median" \
  "$(q "SELECT printf('%.4f %.4f', q1_ms * 1000, q3_ms * 1000) FROM trial WHERE config_key = 's' AND run_id = 1")" "5.6000 5.8000"
check_eq "batch samples and host timings are not corrected" \
  "$(q "SELECT count(*) || ' ' || sum(floor_adj_ms = 0) || ' ' || sum(median_ms = raw_median_ms) FROM trial WHERE config_key IN ('b', 'h')")" "4 4 4"
check_eq "a GPU's single run is its own reference: no correction" \
  "$(q "SELECT printf('%.4f', median_ms * 1000) FROM trial WHERE device_id = 2")" "6.1000"
check_eq "config_stats' centre reads the corrected trials" \
  "$(q "SELECT printf('%.4f', median_ms * 1000) FROM config_stats WHERE config_key = 's' AND device_id = 1")" "5.7000"
check_eq "trial_agreement: of three pairs the corrected single-launch pair agrees (raw: 3.6% apart); batch and host pairs differ" \
  "$(q "SELECT printf('%.0f %.0f', pct, pct_raw) FROM trial_agreement WHERE device_id = 1 AND band = 1")" "33 0"
c3() { q "SELECT group_concat(printf('%.4f', median_ms * 1000), ' ') FROM (SELECT * FROM trial WHERE config_key = '$1' ORDER BY run_id)"; }
check_eq "own floor: a two-launch single config moves by twice (floor_us - mean), not by the run's floor" "$(c3 s2)" "7.2000 7.2000"
check_eq "own floor: a batch config is corrected per launch" "$(c3 b2)" "2.1000 2.1000"
check_eq "own floor: graph samples are not corrected" "$(c3 g2)" "1.5000 1.6000"
check_eq "own floor: an unknown launch count counts as one launch" "$(c3 n2)" "5.1000 5.1000"
check_eq "own floor: single rows against the GPU's single floors" "$(c3 s3)" "7.1000 7.1000"
check_eq "own floor: batch rows against the GPU's batch floors" "$(c3 b3)" "2.2000 2.2000"
check_eq "the run's mean floor, not each configuration's own: p moves by (3.5 - 3.6), (3.7 - 3.6)" "$(c3 p)" "6.1000 6.1000"
check_eq "the run's mean floor: q the same way" "$(c3 q)" "8.1000 8.1000"
check_eq "fitted: beta of GPU F's single one-launch class is 0.8 (20 configurations)" \
  "$(q "SELECT printf('%.3f %s %d', beta, basis, configs) FROM floor_beta WHERE device_id = 6 AND mode = 'single' AND launches = 1")" "0.800 fitted 20"
check_eq "fitted: the corrected medians of each configuration agree (f0: 5.0, f19: 14.5)" \
  "$(q "SELECT group_concat(printf('%.4f', median_ms * 1000), ' ') FROM (SELECT * FROM trial WHERE config_key IN ('f0', 'f19') ORDER BY config_key, run_id)")" \
  "5.0000 5.0000 14.5000 14.5000"
check_eq "fitted: a negative slope is clamped to 0 (batch class of GPU F not corrected)" \
  "$(q "SELECT printf('%.3f %s', beta, basis) || ' ' || (SELECT sum(floor_adj_ms = 0) FROM trial WHERE device_id = 6 AND mode = 'batch') FROM floor_beta WHERE device_id = 6 AND mode = 'batch'")" \
  "0.000 fitted 40"
check_eq "fitted: a class of 2 configurations keeps beta = launches (2): f2_0 moves by 2 x 0.1" \
  "$(q "SELECT (SELECT printf('%.3f %s', beta, basis) FROM floor_beta WHERE device_id = 6 AND launches = 2) || ' ' || group_concat(printf('%.4f', median_ms * 1000), ' ') FROM (SELECT * FROM trial WHERE config_key = 'f2_0' ORDER BY run_id)")" \
  "2.000 launches 7.9000 8.1000"
[ "$nfail" -eq 0 ]
