#!/bin/sh
# tests/report/test_session_agreement.sh: the agreement of two `make measure`
# invocations on one GPU (views session_value, session_agreement,
# session_agreement_summary and session_agreement_verdict,
# reports/analysis/; issue 19 item 3), on stand-in tables for what they read
# (trial, run, device_label, report_setting): a configuration's value per
# invocation is the median of that invocation's trial values (not their
# mean: c7 below agrees on the medians and not on the means), two invocations
# agree on it within agree_rel, the shares of the GPU-timed configurations
# (all, and under agree_short_ms) carry 95% Wilson intervals that decide the
# verdicts, host-timed ones are counted apart, runs without a session and
# configurations with one trial in an invocation are left out. Needs no GPU.
# Usage: sh tests/report/test_session_agreement.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
. tests/analysis.sh

db="$tmp/s.db"
view=$(analysis_view '/^-- Agreement of invocations/' '/^FROM session_agreement_summary s WHERE s.latest;$/')
[ -n "$view" ] || { notok "the session views found in reports/analysis/"; exit 1; }
sqls -bail "$db" > /dev/null <<SQL || notok "the stand-ins and the views load"
CREATE TABLE report_setting (key TEXT PRIMARY KEY, value REAL, why TEXT);
INSERT INTO report_setting VALUES ('agree_rel', 0.02, ''), ('agree_short_ms', 0.020, ''),
  ('agree_target_pct', 95, ''), ('agree_target_short_pct', 90, '');
CREATE TABLE device_label (device_id INTEGER, label TEXT);
INSERT INTO device_label VALUES (1, 'G1');
CREATE TABLE run (run_id INTEGER PRIMARY KEY, device_id INTEGER, kind TEXT, build_id TEXT, git_commit TEXT,
                  session TEXT);
-- Invocation A: runs 1-3; invocation B: runs 4-6; run 7 has no session.
INSERT INTO run VALUES (1, 1, 'measure', 'b', 'c1', 'A'), (2, 1, 'measure', 'b', 'c1', 'A'),
  (3, 1, 'measure', 'b', 'c1', 'A'), (4, 1, 'measure', 'b', 'c1', 'B'), (5, 1, 'measure', 'b', 'c1', 'B'),
  (6, 1, 'measure', 'b', 'c1', 'B'), (7, 1, 'measure', 'b', 'c1', NULL);
CREATE TABLE trial (run_id INTEGER, device_id INTEGER, study TEXT, config_key TEXT, flush TEXT, mode TEXT,
                    timer TEXT, median_ms REAL);
CREATE TABLE v (k TEXT, timer TEXT, a1 REAL, a2 REAL, a3 REAL, b1 REAL, b2 REAL, b3 REAL);
-- c1-c6: B 1% above A. c7: the medians agree (A 0.100, B 0.101: 1%),
-- the means do not (A 0.1020, B 0.10533: 3.3%). c8: 3% apart. s1: short, 1% apart; s2: short, 10% apart. h1:
-- host-timed, apart. o1: one trial in B (b2, b3 NULL): not compared.
INSERT INTO v VALUES
  ('c1', 'cuda-event', 0.100, 0.101, 0.0995, 0.1010, 0.1012, 0.0990),
  ('c2', 'cuda-event', 0.100, 0.101, 0.0995, 0.1010, 0.1012, 0.0990),
  ('c3', 'cuda-event', 0.100, 0.101, 0.0995, 0.1010, 0.1012, 0.0990),
  ('c4', 'cuda-event', 0.100, 0.101, 0.0995, 0.1010, 0.1012, 0.0990),
  ('c5', 'cuda-event', 0.100, 0.101, 0.0995, 0.1010, 0.1012, 0.0990),
  ('c6', 'cuda-event', 0.100, 0.101, 0.0995, 0.1010, 0.1012, 0.0990),
  ('c7', 'cuda-event', 0.100, 0.100, 0.106, 0.094, 0.101, 0.121),
  ('c8', 'cuda-event', 0.100, 0.101, 0.0995, 0.1030, 0.1031, 0.1029),
  ('s1', 'cuda-event', 0.0050, 0.0049, 0.0051, 0.00505, 0.0050, 0.0051),
  ('s2', 'cuda-event', 0.0050, 0.0049, 0.0051, 0.0055, 0.0056, 0.0054),
  ('h1', 'host-clock', 1.0, 1.0, 1.0, 1.5, 1.5, 1.5),
  ('o1', 'cuda-event', 0.100, 0.100, 0.100, 0.100, NULL, NULL);
INSERT INTO trial SELECT 1, 1, 'reduce', k, 'clean', 'single', timer, a1 FROM v;
INSERT INTO trial SELECT 2, 1, 'reduce', k, 'clean', 'single', timer, a2 FROM v;
INSERT INTO trial SELECT 3, 1, 'reduce', k, 'clean', 'single', timer, a3 FROM v;
INSERT INTO trial SELECT 4, 1, 'reduce', k, 'clean', 'single', timer, b1 FROM v;
INSERT INTO trial SELECT 5, 1, 'reduce', k, 'clean', 'single', timer, b2 FROM v WHERE b2 IS NOT NULL;
INSERT INTO trial SELECT 6, 1, 'reduce', k, 'clean', 'single', timer, b3 FROM v WHERE b3 IS NOT NULL;
-- Run 7 (no session): far off; it must not move anything.
INSERT INTO trial SELECT 7, 1, 'reduce', k, 'clean', 'single', timer, 10 * a1 FROM v;
$view
SQL
q() { sqls "$db" "$1"; }
check_eq "an invocation's value is the median of its trials' values (c7: A 0.100, 0.100, 0.106; B 0.094, 0.101, 0.121)" \
  "$(q "SELECT group_concat(printf('%s %.5f %d', session, median_ms, trials), ', ') FROM (SELECT * FROM session_value WHERE config_key = 'c7' ORDER BY session)")" \
  "A 0.10000 3, B 0.10100 3"
check_eq "runs without a session are left out" "$(q "SELECT count(DISTINCT session) FROM session_value")" "2"
check_eq "agreement per configuration, within 2% (c7: on the medians; o1: one trial in B, not compared)" \
  "$(q "SELECT group_concat(config_key || '=' || (rel_diff <= 0.02), ' ') FROM (SELECT * FROM session_agreement ORDER BY config_key)")" \
  "c1=1 c2=1 c3=1 c4=1 c5=1 c6=1 c7=1 c8=0 h1=0 s1=1 s2=0"
check_eq "GPU-timed share 8 of 10, under 20 us 1 of 2, host-timed 0 of 1, one pair" \
  "$(q "SELECT printf('%d %d %.2f %d %.2f %d %.2f', pairs, configs, share_2pct, configs_u20, share_2pct_u20, host_configs, host_share) FROM session_agreement_summary")" \
  "1 10 0.80 2 0.50 1 0.00"
check_eq "95% Wilson intervals: 8/10 [0.4902, 0.9433], 1/2 [0.0945, 0.9055]" \
  "$(q "SELECT printf('%.4f %.4f %.4f %.4f', share_lo, share_hi, share_u20_lo, share_u20_hi) FROM session_agreement_summary")" \
  "0.4902 0.9433 0.0945 0.9055"
check_eq "verdicts: all missed (high end under 95%), short inconclusive (90% inside [9.5, 90.6])" \
  "$(q "SELECT verdict || ' ' || verdict_u20 FROM session_agreement_verdict")" "missed inconclusive"
# Every configuration agreeing, 10 of 10: [72.2, 100]: still not met at 95%.
q "UPDATE trial SET median_ms = 0.1011 WHERE config_key = 'c8' AND run_id >= 4; UPDATE trial SET median_ms = 0.00505 WHERE config_key = 's2' AND run_id >= 4"
check_eq "10 of 10 agree: the interval's low end (72%) keeps 95% inconclusive" \
  "$(q "SELECT printf('%.0f %s', 100 * share_2pct, verdict) FROM session_agreement_verdict")" "100 inconclusive"
[ "$nfail" -eq 0 ]
