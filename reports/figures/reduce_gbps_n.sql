-- Throughput against n (powers of two), int32, block 256: one panel per GPU
-- model, one series per step of the subset of the ladder reduce_figure_step
-- names (every step is in the HTML's tables and `make export`), GB/s at the
-- median over the model's machines and at the ends of their bracket
-- (model_gbps), then CUB at its best (reduce_cub_model: the faster of cub
-- and cub32 on each machine, chosen on trial 1) and the model's theoretical
-- peak: at most 8 series.
WITH pts AS (SELECT c.mord, c.panel, c.variant, c.n, c.gbps, c.gbps_lo AS lo, c.gbps_hi AS hi, o.ord
             FROM model_gbps c JOIN reduce_figure_step o USING (variant)
             WHERE c.study = 'reduce' AND c.dtype = 'int32' AND c.block = 256 AND c.timer = 'cuda-event'
               AND coalesce(json_extract(c.params, '$.loads'), 8) = 8 AND coalesce(json_extract(c.params, '$.grid'), 1) = 1
               AND (c.n & (c.n - 1)) = 0)
SELECT variant, n, gbps, lo, hi, panel FROM (
  SELECT mord, panel, variant, n, gbps, lo, hi, ord FROM pts
  UNION ALL SELECT mord, panel, 'CUB at its best', n, gbps, lo, hi, 999 FROM reduce_cub_model
  UNION ALL SELECT mord, panel, 'theoretical peak', n, max(peak_gbps), max(peak_gbps), max(peak_gbps), 1000 FROM model_gbps
    WHERE study = 'reduce' AND (n & (n - 1)) = 0 GROUP BY mord, n) x
ORDER BY mord, ord, n;
