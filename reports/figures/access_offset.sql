-- Useful throughput against the offset k at n = 2^26 floats, block 256: the
-- offset read and the offset write, each built with L1 caching of global
-- loads (-dlcm=ca) and without (-dlcm=cg). A single 'no data' row (NaN) when
-- the study has no results for the report's device.
WITH d AS (SELECT device_id FROM report_device),
pts AS (SELECT CASE variant WHEN 'read-offset' THEN 'read' ELSE 'write' END
               || CASE json_extract(params, '$.l1') WHEN 'ca' THEN ', L1 on (ca)' ELSE ', L1 off (cg)' END AS series,
               json_extract(params, '$.k') AS k, gbps,
               (variant = 'write-offset') * 2 + (json_extract(params, '$.l1') = 'cg') AS ord
        FROM latest WHERE study = 'access' AND device_id = (SELECT device_id FROM d)
          AND variant IN ('read-offset', 'write-offset') AND n = 67108864 AND block = 256)
SELECT series, k, gbps FROM (
  SELECT series, k, gbps, ord FROM pts
  UNION ALL SELECT 'no data', 0, 'NaN', 0 WHERE NOT EXISTS (SELECT 1 FROM pts))
ORDER BY ord, k;
