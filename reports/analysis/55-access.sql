-- reports/analysis/55-access.sql: access patterns.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).

-- --------------------------------------------------------------- access --
CREATE VIEW access_t AS
SELECT device_id, variant, n, block, json_extract(params, '$.k') AS k, json_extract(params, '$.l1') AS l1,
       median_ms AS ms, gbps, pct_peak
FROM latest_default WHERE study = 'access';

-- The costs the summary quotes, per device and L1 mode: time of offset 1
-- over offset 0 (read-offset) and of stride 32 over stride 1 (read-stride),
-- in useful throughput (n = 2^26, block 256).
CREATE VIEW access_cost AS
SELECT a.device_id, a.l1,
  a.gbps / (SELECT b.gbps FROM access_t b WHERE b.device_id = a.device_id AND b.l1 = a.l1 AND b.variant = 'read-offset'
            AND b.n = a.n AND b.block = 256 AND b.k = 1) AS offset1,
  (SELECT s1.gbps / s32.gbps FROM access_t s1 JOIN access_t s32 ON s32.device_id = s1.device_id AND s32.l1 = s1.l1
     AND s32.variant = 'read-stride' AND s32.n = s1.n AND s32.block = s1.block AND s32.k = 32
   WHERE s1.device_id = a.device_id AND s1.l1 = a.l1 AND s1.variant = 'read-stride' AND s1.n = a.n
     AND s1.block = 256 AND s1.k = 1) AS stride32
FROM access_t a WHERE a.variant = 'read-offset' AND a.n = (SELECT n_access FROM size) AND a.block = 256 AND a.k = 0;
