-- Nsight Compute's bytes used per 32-byte sector (%) against the offset k
-- (n = 2^24, block 512; experiments/access-ncu.sh): the loads of the offset
-- read and the stores of the offset write, L1 on and off. A single
-- 'counters not collected' row (NaN) when the device has no counter rows.
WITH d AS (SELECT device_id FROM report_device),
c AS (SELECT c.config_key, c.metric, c.value FROM counter c JOIN run u USING (run_id)
      WHERE u.study = 'access' AND u.device_id = (SELECT device_id FROM d)
        AND c.run_id = (SELECT max(c2.run_id) FROM counter c2 JOIN run u2 USING (run_id)
                        WHERE u2.device_id = u.device_id AND c2.config_key = c.config_key AND c2.metric = c.metric)),
k AS (SELECT config_key, metric, value,
             substr(config_key, 9, instr(config_key, ' n=') - 9) AS variant,
             CAST(substr(config_key, instr(config_key, ' k=') + 3) AS INTEGER) AS k,
             substr(config_key, instr(config_key, ' l1=') + 4, 2) AS l1 FROM c),
pts AS (SELECT CASE variant WHEN 'read-offset' THEN 'loads of the offset read' ELSE 'stores of the offset write' END
               || CASE l1 WHEN 'ca' THEN ', L1 on (ca)' ELSE ', L1 off (cg)' END AS series,
               k, value AS pct, (variant = 'write-offset') * 2 + (l1 = 'cg') AS ord
        FROM k WHERE (variant = 'read-offset' AND metric = 'smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct')
                  OR (variant = 'write-offset' AND metric = 'smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct'))
SELECT series, k, pct FROM (
  SELECT series, k, pct, ord FROM pts
  UNION ALL SELECT 'counters not collected', 0, 'NaN', 0 WHERE NOT EXISTS (SELECT 1 FROM pts))
ORDER BY ord, k;
