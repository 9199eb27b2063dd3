-- The latency-bandwidth picture of the reduction (issue 22): time over the
-- floor model (launch floor + bytes / read reference stream, each machine's
-- own: view reduce_floor) against n for the one-launch steps (small-n,
-- one-launch) and CUB at its best, one panel per GPU model: the median over
-- the model's machines of each one's ratio and its bracket (one machine: its
-- interval over the model; several: the range of their ratios), then the
-- model itself (one) as the last series.
SELECT series, n, x, lo, hi, panel FROM (
  SELECT mord, panel, CASE WHEN variant = 'cub' THEN 'CUB at its best' ELSE variant END AS series, n, x_model AS x,
         x_lo AS lo, x_hi AS hi, ord FROM reduce_floor
  UNION ALL
  SELECT mord, panel, 'floor model', n, 1.0, 1.0, 1.0, 1000 FROM reduce_floor GROUP BY mord, n) x
ORDER BY mord, ord, n;
