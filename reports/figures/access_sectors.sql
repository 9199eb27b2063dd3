-- Nsight Compute's bytes used per 32-byte sector (%) against the offset k
-- (n = 2^24, block 512; `make profile`, set 'sectors'): the loads of the offset
-- read and the stores of the offset write, L1 on and off; one panel per GPU
-- model (the median over its machines' counters). A single 'counters not
-- collected' row (NaN) when no device has counter rows.
WITH k AS (SELECT m.mord, m.panel, c.variant, c.k, c.l1, c.metric, median(c.value) AS value
           FROM access_counter c JOIN report_devices v USING (device_id) JOIN report_models m ON m.name = v.name
           GROUP BY m.mord, c.variant, c.k, c.l1, c.metric),
pts AS (SELECT mord, panel, CASE variant WHEN 'read-offset' THEN 'loads of the offset read' ELSE 'stores of the offset write' END
               || CASE l1 WHEN 'ca' THEN ', L1 on (ca)' ELSE ', L1 off (cg)' END AS series,
               k, value AS pct, (variant = 'write-offset') * 2 + (l1 = 'cg') AS ord
        FROM k WHERE (variant = 'read-offset' AND metric = 'smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct')
                  OR (variant = 'write-offset' AND metric = 'smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct'))
SELECT series, k, pct, panel FROM (
  SELECT series, k, pct, ord, panel, mord AS pord FROM pts
  UNION ALL SELECT 'counters not collected', 0, 'NaN', 0, '', 0 WHERE NOT EXISTS (SELECT 1 FROM pts))
ORDER BY pord, ord, k;
