-- The latency-bandwidth picture of the reduction (issue 22): time against n
-- for the one-launch steps (small-n, one-launch) and CUB, one panel per GPU
-- model, with the model's floor model t = launch floor + bytes / read
-- ceiling (view reduce_floor, reports/analysis/45-small-n.sql) as the last series.
SELECT variant, n, us, lo, hi, panel FROM (
  SELECT mord, panel, variant, n, us, lo, hi, ord FROM reduce_floor
  UNION ALL
  SELECT mord, panel, 'floor model', n, max(model_us), max(model_us), max(model_us), 1000 FROM reduce_floor
  GROUP BY mord, n) x
ORDER BY mord, ord, n;
