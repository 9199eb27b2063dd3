#!/bin/sh
# tests/cli/test_halfwidth.sh: the interval half-width of a configuration
# (reports/analysis/20-trials.sql, views trial_halfwidth and trial_h): sized per variant and
# mode within a size band, at the split-conformal rank ceil(0.95 (n + 1)) of
# the n leave-one-trial-out deviations; a variant with fewer than 20
# deviations uses its study's, timer's and mode's. Needs no GPU.
# Usage: sh tests/cli/test_halfwidth.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
. tests/analysis.sh

db="$tmp/h.db"
empty_db "$db"
# One GPU, three trials (runs), all configurations about 10 us (band 1):
# 'tight' (10 configurations, trials 0.3% apart at most), 'loose' (10, 5%),
# 'few' (2 configurations: 6 deviations, under 20).
# (each trial's median stated: tests/report/fixture_stat_columns.sql; made
# into its samples by tests/report/fixture_to_samples.sql)
cat tests/report/fixture_stat_columns.sql - tests/report/fixture_to_samples.sql <<'SQL' | sqlite3 -bail "$db" >/dev/null || notok "the fixture loads"
INSERT INTO device (device_id, uuid, name, peak_gbps) VALUES (1, 'u1', 'GPU A', 1000);
INSERT INTO run (run_id, study, binary, device_id, status, started_utc, argv, build_id, kind, repeat_index)
VALUES (1, 'reduce', 'reduce', 1, 'complete', '2026-01-01T00:00:00Z', 'x', 'b', 'measure', 1),
       (2, 'reduce', 'reduce', 1, 'complete', '2026-01-01T00:01:00Z', 'x', 'b', 'measure', 2),
       (3, 'reduce', 'reduce', 1, 'complete', '2026-01-01T00:02:00Z', 'x', 'b', 'measure', 3);
WITH RECURSIVE i(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM i WHERE i < 10),
     j(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM j WHERE j < 3),
     v(variant, s, nmax) AS (VALUES ('tight', 0.003, 10), ('loose', 0.05, 10), ('few', 0.02, 2))
INSERT INTO result (run_id, study, config_key, variant, n, cache, timer, status, median_ms, reps,
                    bytes_read, bytes_written, created_utc, flush, mode)
SELECT j, 'reduce', v.variant || ' ' || i, v.variant, i, 'cold', 'cuda-event', 'ok',
       0.010 * (1 + v.s * (((i * 3 + j * 5) % 7) - 3) / 3.0), 10, 4, 4, 't', 'clean', 'single'
FROM i JOIN j JOIN v WHERE i <= v.nmax;
SQL
apply_analysis "$db" || notok "the analysis applies"
q() { sqls "$db" "$1"; }
hw() { q "SELECT printf('%.6f', h) FROM trial_h WHERE grp = 'reduce $1 single' AND band = 1 AND part = 2"; }
check_eq "tight: 30 deviations, its half-width is the ceil(0.95 x 31) = 30th smallest (the largest), not the 29th" \
  "$(hw tight)" "$(q "SELECT printf('%.6f', max(dev)) FROM trial_dev WHERE variant = 'tight'")"
check_eq "the tight variant's intervals are narrower than the loose one's" \
  "$(q "SELECT (SELECT max(half_rel) FROM config_stats WHERE variant = 'tight') < (SELECT min(half_rel) FROM config_stats WHERE variant = 'loose')")" "1"
check_eq "few (6 deviations) uses the half-width of its study, timer and mode (66 deviations)" \
  "$(hw few) $(q "SELECT deviations FROM trial_h WHERE grp = 'reduce few single' AND band = 1 AND part = 2")" \
  "$(q "SELECT printf('%.6f', h) || ' ' || deviations FROM trial_halfwidth WHERE grp = 'c reduce cuda-event single' AND band = 1 AND part = 2")"
check_eq "config_stats' interval is centre x (1 -/+ max(h, own range))" \
  "$(q "SELECT count(*) FROM config_stats c JOIN trial_h h ON h.grp = 'reduce ' || c.variant || ' single' AND h.band = c.band AND h.part = 2
        WHERE abs(c.hi_ms - c.median_ms * (1 + max(h.h, (SELECT (max(median_ms) - min(median_ms)) / c.median_ms FROM trial t WHERE t.config_key = c.config_key)))) > 1e-12")" "0"
check_eq "coverage is reported for band 1" "$(q "SELECT configs FROM trial_coverage WHERE band = 1")" "22"
[ "$nfail" -eq 0 ]
