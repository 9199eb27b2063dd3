-- Throughput against block size at n = 2^24, int32: one panel per GPU model,
-- one series per step of the subset reduce_figure_step names that was timed
-- at more than one block size there (reduce_block_single: the others, which
-- would be lone markers; CUB picks its own block), at the median over the
-- model's machines.
SELECT c.variant, c.block, c.gbps, c.panel FROM model_gbps c JOIN reduce_figure_step o USING (variant)
WHERE c.study = 'reduce' AND c.dtype = 'int32' AND c.n = (SELECT n_seed FROM size) AND c.timer = 'cuda-event'
  AND coalesce(json_extract(c.params, '$.loads'), 8) = 8 AND coalesce(json_extract(c.params, '$.grid'), 1) = 1
  AND c.variant NOT IN (SELECT variant FROM reduce_block_single)
ORDER BY c.mord, o.ord, c.block;
