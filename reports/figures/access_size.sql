-- Useful throughput against n (2^20 to 2^26 floats per array), block 256, at
-- an aligned (k = 0) and a misaligned (k = 11) offset: the offset read with
-- L1 on and off, and the offset write; one panel per GPU model (the median
-- over its machines, model_gbps). A single 'no data' row (NaN) when the
-- study has no results.
WITH pts AS (SELECT mord, panel, CASE WHEN variant = 'read-offset' THEN 'read, ' || json_extract(params, '$.l1')
                    ELSE 'write, ' || json_extract(params, '$.l1') END
               || ', k = ' || json_extract(params, '$.k') AS series, n, gbps,
               (variant = 'write-offset') * 4 + (json_extract(params, '$.l1') = 'cg') * 2
               + (json_extract(params, '$.k') = 11) AS ord
        FROM model_gbps WHERE study = 'access' AND block = 256
          AND (variant = 'read-offset' OR (variant = 'write-offset' AND json_extract(params, '$.l1') = 'ca'))
          AND json_extract(params, '$.k') IN (0, 11) AND (n & (n - 1)) = 0)
SELECT series, n, gbps, panel FROM (
  SELECT series, n, gbps, ord, panel, mord AS pord FROM pts
  UNION ALL SELECT 'no data', (SELECT n_access_seed FROM size), 'NaN', 0, '', 0 WHERE NOT EXISTS (SELECT 1 FROM pts))
ORDER BY pord, ord, n;
