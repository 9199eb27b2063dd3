-- Useful throughput against the offset k at n = 2^26 floats, block 256,
-- relative to offset 0 of the same kernel (%, so a 1-3% effect is visible):
-- the offset read and the offset write, each built with L1 caching of global
-- loads (-dlcm=ca) and without (-dlcm=cg); one panel per GPU model (the
-- median over its machines, model_gbps). A single 'no data' row (NaN) when
-- the study has no results.
WITH pts AS (SELECT mord, panel, CASE variant WHEN 'read-offset' THEN 'read' ELSE 'write' END
               || CASE json_extract(params, '$.l1') WHEN 'ca' THEN ', L1 on (ca)' ELSE ', L1 off (cg)' END AS series,
               json_extract(params, '$.k') AS k, gbps,
               (variant = 'write-offset') * 2 + (json_extract(params, '$.l1') = 'cg') AS ord
        FROM model_gbps WHERE study = 'access'
          AND variant IN ('read-offset', 'write-offset') AND n = (SELECT n_access FROM size) AND block = 256),
rel AS (SELECT p.*, 100.0 * p.gbps / z.gbps AS pct FROM pts p JOIN pts z ON z.mord = p.mord
          AND z.series = p.series AND z.k = 0)
SELECT series, k, pct, gbps, panel FROM (
  SELECT series, k, pct, gbps, ord, panel, mord AS pord FROM rel
  UNION ALL SELECT 'no data', 0, 'NaN', 'NaN', 0, '', 0 WHERE NOT EXISTS (SELECT 1 FROM rel))
ORDER BY pord, ord, k;
