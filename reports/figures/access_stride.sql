-- Useful throughput of the strided read C[i] = A[i*s] + B[i*s] against the
-- stride s at n = 2^26 floats, block 256, L1 on and off; one panel per GPU
-- model (the median over its machines, model_gbps). A single 'no data' row
-- (NaN) when the study has no results.
WITH pts AS (SELECT mord, panel, CASE json_extract(params, '$.l1') WHEN 'ca' THEN 'L1 on (ca)' ELSE 'L1 off (cg)' END AS series,
               json_extract(params, '$.k') AS s, gbps, json_extract(params, '$.l1') AS ord
        FROM model_gbps WHERE study = 'access'
          AND variant = 'read-stride' AND n = (SELECT n_access FROM size) AND block = 256)
SELECT series, s, gbps, panel FROM (
  SELECT series, s, gbps, ord, panel, mord AS pord FROM pts
  UNION ALL SELECT 'no data', 1, 'NaN', '', '', 0 WHERE NOT EXISTS (SELECT 1 FROM pts))
ORDER BY pord, ord, s;
