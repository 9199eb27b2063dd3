-- Useful throughput of the strided read C[i] = A[i*s] + B[i*s] against the
-- stride s at n = 2^26 floats, block 256, L1 on and off. A single 'no data'
-- row (NaN) when the study has no results for the report's device.
WITH d AS (SELECT device_id FROM report_device),
pts AS (SELECT CASE json_extract(params, '$.l1') WHEN 'ca' THEN 'L1 on (ca)' ELSE 'L1 off (cg)' END AS series,
               json_extract(params, '$.k') AS s, gbps, json_extract(params, '$.l1') AS ord
        FROM latest WHERE study = 'access' AND device_id = (SELECT device_id FROM d)
          AND variant = 'read-stride' AND n = 67108864 AND block = 256)
SELECT series, s, gbps FROM (
  SELECT series, s, gbps, ord FROM pts
  UNION ALL SELECT 'no data', 1, 'NaN', '' WHERE NOT EXISTS (SELECT 1 FROM pts))
ORDER BY ord, s;
