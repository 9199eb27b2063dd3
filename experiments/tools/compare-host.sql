-- experiments/tools/compare-host.sql: the hosts beside a comparison (issue
-- 36 item 4). Runs in the comparison's output database after compare.sql,
-- with side_run filled from both sides (compare-host-side.sql).
--
-- A GPU's short kernels carry its host's launch path: a GPU of one model
-- measured on two hosts differs below 20 us by about the hosts' launch
-- floors (run.launch_us, the empty kernel timed as samples are), whatever the
-- GPUs. So, per group of the comparison and side, over the runs behind its
-- trials:
--   compare_host       the hosts' facts side by side: the launch floor (the
--                      median of the runs' launch_us), the bare floor, the
--                      NVML state at the runs' start (SM and memory clock,
--                      power limit, ECC, persistence, P-state), the clock
--                      lock, CUDA driver and runtime, CCCL, the device's
--                      maximum SM clock and memory, CPU, OS, how many hosts;
--                      `differs` where both sides know a fact and it differs
--                      (numbers: beyond 2%, the floors beyond 0.1 us)
--   compare_verdict    gains base_floor_us, new_floor_us, launches and cause:
--                      'host' for a single-launch configuration under 20 us
--                      (BASE) judged slower or faster where the floors
--                      explain it: with s = launches x (NEW floor - BASE
--                      floor) / BASE time, the ratio's interval moved by -s no
--                      longer lies beyond the band on the verdict's side (s
--                      of the verdict's sign). Its reason says so; the verdict
--                      stays (FAIL_ON is unchanged).
--   compare_host_line  the lines `compare` prints ('host: ...') for a GPU
--                      against its model ('model', 'card'), and for one GPU
--                      against itself where the floors differ by 0.1 us or
--                      more, a difference is the floors', or a fact differs.

-- The runs behind each group's trials (card: only the runs BASE lacks).
CREATE TEMP TABLE trial_run AS SELECT DISTINCT side, uuid, run_uuid FROM side_trial;
CREATE TEMP TABLE grp_run AS
SELECT g.level, g.grp, r.* FROM side_group g JOIN side_run r ON r.side = g.side AND r.uuid = g.uuid
WHERE EXISTS (SELECT 1 FROM trial_run t WHERE t.side = r.side AND t.uuid = r.uuid AND t.run_uuid IS r.run_uuid);

-- Every fact of every run, one a row: a number (num) or a text (txt).
CREATE TEMP TABLE host_fact_raw AS
SELECT level, grp, side, 1 AS ord, 'launch floor (us)' AS fact, launch_us AS num, NULL AS txt
  FROM grp_run WHERE launch_us > 0
UNION ALL SELECT level, grp, side, 2, 'bare launch floor (us)', launch_bare_us, NULL FROM grp_run WHERE launch_bare_us > 0
UNION ALL SELECT level, grp, side, 3, 'SM clock at start (MHz)', sm_clock_mhz, NULL FROM grp_run WHERE sm_clock_mhz > 0
UNION ALL SELECT level, grp, side, 4, 'memory clock at start (MHz)', mem_clock_mhz, NULL FROM grp_run WHERE mem_clock_mhz > 0
UNION ALL SELECT level, grp, side, 5, 'power limit (W)', power_limit_w, NULL FROM grp_run WHERE power_limit_w > 0
UNION ALL SELECT level, grp, side, 6, 'ECC', NULL, CASE ecc WHEN 1 THEN 'on' WHEN 0 THEN 'off' END
  FROM grp_run WHERE ecc IN (0, 1)
UNION ALL SELECT level, grp, side, 7, 'persistence mode', NULL, CASE persistence WHEN 1 THEN 'on' WHEN 0 THEN 'off' END
  FROM grp_run WHERE persistence IN (0, 1)
UNION ALL SELECT level, grp, side, 8, 'P-state at start', NULL, 'P' || pstate FROM grp_run WHERE pstate IS NOT NULL
UNION ALL SELECT level, grp, side, 9, 'SM clock lock', NULL, clock_lock FROM grp_run WHERE clock_lock <> ''
UNION ALL SELECT level, grp, side, 10, 'CUDA driver', NULL, (driver_version / 1000) || '.' || (driver_version % 1000 / 10)
  FROM grp_run WHERE driver_version > 0
UNION ALL SELECT level, grp, side, 11, 'CUDA runtime', NULL, (runtime_version / 1000) || '.' || (runtime_version % 1000 / 10)
  FROM grp_run WHERE runtime_version > 0
UNION ALL SELECT level, grp, side, 12, 'CCCL', NULL, cccl_version FROM grp_run WHERE cccl_version <> ''
UNION ALL SELECT level, grp, side, 13, 'max SM clock (MHz)', max_sm_clock_mhz, NULL FROM grp_run WHERE max_sm_clock_mhz > 0
UNION ALL SELECT level, grp, side, 14, 'memory (GiB)', memory_gib, NULL FROM grp_run WHERE memory_gib > 0
UNION ALL SELECT level, grp, side, 15, 'CPU', NULL, cpu_model FROM grp_run WHERE cpu_model <> ''
UNION ALL SELECT level, grp, side, 16, 'OS', NULL, os_name FROM grp_run WHERE os_name <> ''
UNION ALL SELECT level, grp, side, 17, 'hosts', count(DISTINCT host), NULL FROM grp_run WHERE host <> ''
  GROUP BY level, grp, side;

-- Per group, side and fact: a number's median over the runs (median(),
-- reports/sqlstats.c), a text's distinct values.
CREATE TEMP TABLE host_fact AS
SELECT level, grp, side, ord, fact, median(num) AS num, NULL AS txt
FROM host_fact_raw WHERE num IS NOT NULL
GROUP BY level, grp, side, ord, fact
UNION ALL
SELECT level, grp, side, ord, fact, NULL, group_concat(txt, ' | ')
FROM (SELECT DISTINCT level, grp, side, ord, fact, txt FROM host_fact_raw WHERE txt IS NOT NULL
      ORDER BY level, grp, side, ord, txt)
GROUP BY level, grp, side, ord, fact;

DROP TABLE IF EXISTS compare_host;
CREATE TABLE compare_host (
  level      TEXT NOT NULL,            -- the group, as in compare_verdict
  grp        TEXT NOT NULL,
  base_gpus  TEXT NOT NULL,
  new_gpus   TEXT NOT NULL,
  ord        INTEGER NOT NULL,         -- the fact's place in the table
  fact       TEXT NOT NULL,
  base       TEXT,                     -- BASE's value as printed (NULL: not recorded)
  new        TEXT,
  base_num   REAL,                     -- a number's median over the runs
  new_num    REAL,
  differs    INTEGER NOT NULL,         -- 1: both known and different
  PRIMARY KEY (level, grp, ord)
);
INSERT INTO compare_host
WITH k AS (SELECT DISTINCT level, grp, ord, fact FROM host_fact),
     v AS (SELECT k.level, k.grp, k.ord, k.fact, b.num AS bn, n.num AS nn, b.txt AS bt, n.txt AS nt
           FROM k LEFT JOIN host_fact b ON b.level = k.level AND b.grp = k.grp AND b.ord = k.ord AND b.side = 'base'
                  LEFT JOIN host_fact n ON n.level = k.level AND n.grp = k.grp AND n.ord = k.ord AND n.side = 'new')
SELECT v.level, v.grp, l.base_gpus, l.new_gpus, v.ord, v.fact,
       coalesce(bt, printf(CASE WHEN v.ord <= 2 THEN '%.2f' WHEN v.ord = 14 THEN '%.1f' ELSE '%.0f' END, bn)),
       coalesce(nt, printf(CASE WHEN v.ord <= 2 THEN '%.2f' WHEN v.ord = 14 THEN '%.1f' ELSE '%.0f' END, nn)),
       bn, nn,
       CASE WHEN bt IS NOT NULL AND nt IS NOT NULL THEN bt <> nt
            WHEN bn IS NULL OR nn IS NULL THEN 0
            WHEN v.ord <= 2 THEN abs(nn - bn) >= 0.1
            ELSE abs(nn - bn) > 0.02 * abs(bn) END
FROM v JOIN grp_label l ON l.level = v.level AND l.grp = v.grp;

-- The floors beside every verdict, and the differences they explain.
ALTER TABLE compare_verdict ADD COLUMN launches INTEGER;   -- launches one call makes (the trials' largest)
ALTER TABLE compare_verdict ADD COLUMN base_floor_us REAL; -- the group's BASE launch floor (compare_host)
ALTER TABLE compare_verdict ADD COLUMN new_floor_us REAL;
ALTER TABLE compare_verdict ADD COLUMN cause TEXT;         -- 'host': the floors explain it (above); else NULL
CREATE TEMP TABLE grp_launches AS
SELECT g.level, g.grp, t.cfg, max(t.launches) AS launches
FROM side_group g JOIN side_trial t ON t.side = g.side AND t.uuid = g.uuid
WHERE t.launches IS NOT NULL GROUP BY g.level, g.grp, t.cfg;
CREATE UNIQUE INDEX temp.grp_launches_by ON grp_launches(level, grp, cfg);
UPDATE compare_verdict SET
  launches = (SELECT x.launches FROM grp_launches x
              WHERE x.level = compare_verdict.level AND x.grp = compare_verdict.grp
                AND x.cfg = json_array(compare_verdict.study, compare_verdict.variant, compare_verdict.dtype,
                                       compare_verdict.n, compare_verdict.block,
                                       CASE WHEN json_valid(compare_verdict.params) THEN json(compare_verdict.params)
                                            ELSE compare_verdict.params END,
                                       compare_verdict.flush, compare_verdict.mode)),
  base_floor_us = (SELECT base_num FROM compare_host h WHERE h.level = compare_verdict.level
                     AND h.grp = compare_verdict.grp AND h.ord = 1),
  new_floor_us = (SELECT new_num FROM compare_host h WHERE h.level = compare_verdict.level
                    AND h.grp = compare_verdict.grp AND h.ord = 1);
UPDATE compare_verdict SET
  cause = 'host',
  reason = reason || printf('; the launch floors differ by %+.2f us a launch (%d launch%s): that explains it, a host difference, not the GPU''s',
                            new_floor_us - base_floor_us, coalesce(launches, 1), CASE coalesce(launches, 1) WHEN 1 THEN '' ELSE 'es' END)
WHERE mode = 'single' AND base_ms < 0.02 AND base_floor_us > 0 AND new_floor_us > 0 AND lo IS NOT NULL
  AND ((verdict = 'slower' AND new_floor_us > base_floor_us
        AND lo - coalesce(launches, 1) * (new_floor_us - base_floor_us) / 1000.0 / base_ms <= 1 + band)
    OR (verdict = 'faster' AND new_floor_us < base_floor_us
        AND hi - coalesce(launches, 1) * (new_floor_us - base_floor_us) / 1000.0 / base_ms >= 1 / (1 + band)));

-- What `compare` prints under its table or card line (a table: the temp
-- tables it is made from end with the session).
DROP TABLE IF EXISTS compare_host_line;
CREATE TABLE compare_host_line AS
WITH g AS (
  SELECT l.level, l.grp, l.base_gpus, l.new_gpus,
         (SELECT base_num FROM compare_host h WHERE h.level = l.level AND h.grp = l.grp AND h.ord = 1) AS bf,
         (SELECT new_num FROM compare_host h WHERE h.level = l.level AND h.grp = l.grp AND h.ord = 1) AS nf,
         (SELECT count(*) FROM compare_verdict v WHERE v.level = l.level AND v.grp = l.grp AND v.cause = 'host') AS nhost,
         (SELECT count(*) FROM compare_verdict v WHERE v.level = l.level AND v.grp = l.grp
            AND v.verdict IN ('slower', 'faster') AND v.mode = 'single' AND v.base_ms < 0.02) AS nshort,
         (SELECT count(*) FROM compare_host h WHERE h.level = l.level AND h.grp = l.grp) AS nfact,
         (SELECT group_concat(fact || ' ' || base || ' (BASE) vs ' || new || ' (NEW)', '; ')
            FROM (SELECT * FROM compare_host h WHERE h.level = l.level AND h.grp = l.grp AND h.differs AND h.ord > 1
                  ORDER BY ord)) AS diffs
  FROM grp_label l),
s AS (
  SELECT * FROM g
  WHERE level IN ('model', 'card') OR abs(nf - bf) >= 0.1 OR nhost > 0 OR diffs IS NOT NULL)
SELECT level, grp, new_gpus, 1 AS ord,
       'host: ' || new_gpus || ' (NEW) against ' || base_gpus || ' (BASE): '
       || CASE WHEN bf > 0 AND nf > 0
               THEN printf('launch floor %.2f us against %.2f us (%+.2f us a launch)', nf, bf, nf - bf)
                    || printf('; %d of the %d short single-launch differences (under 20 us) are the floors'', a host difference, not the GPU''s',
                              nhost, nshort)
               ELSE 'launch floor not recorded on ' || CASE WHEN bf > 0 THEN 'NEW' WHEN nf > 0 THEN 'BASE' ELSE 'either side' END END
       AS line
FROM s
UNION ALL
SELECT level, grp, new_gpus, 2,
       'host:   ' || CASE WHEN diffs IS NOT NULL THEN 'the hosts also differ in: ' || diffs
                          WHEN nfact > 1 THEN 'nothing else recorded differs'
                          ELSE 'nothing else recorded' END
FROM s;
