-- Useful throughput of the strided read C[i] = A[i*s] + B[i*s] against the
-- stride s at n = 2^26 floats, block 256, L1 on and off. A single 'no data'
-- row (NaN) when the study has no results; one panel per GPU.
WITH pts AS (SELECT device_id, CASE json_extract(params, '$.l1') WHEN 'ca' THEN 'L1 on (ca)' ELSE 'L1 off (cg)' END AS series,
               json_extract(params, '$.k') AS s, gbps, json_extract(params, '$.l1') AS ord
        FROM latest_default WHERE study = 'access'
          AND variant = 'read-stride' AND n = 67108864 AND block = 256)
SELECT series, s, gbps, panel FROM (
  SELECT series, s, gbps, pts.ord, v.label AS panel, v.ord AS pord FROM pts JOIN report_devices v USING (device_id)
  UNION ALL SELECT 'no data', 1, 'NaN', '', '', 0 WHERE NOT EXISTS (SELECT 1 FROM pts))
ORDER BY pord, ord, s;
