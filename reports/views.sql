-- reports/views.sql: report-only views and labels, applied to the report's
-- snapshot of the database (build/report.db). No measurement is typed here:
-- only names, the order of the ladder, and the seeds' own published claims.

-- The device the single-device figures show: the one with the latest complete run.
CREATE VIEW IF NOT EXISTS report_device AS
SELECT device_id, name FROM run JOIN device USING (device_id)
WHERE run.status = 'complete' ORDER BY run.finished_utc DESC, run.run_id DESC LIMIT 1;

-- Order and seed step of the reduction variants (the registry's order).
CREATE TABLE IF NOT EXISTS reduce_order (variant TEXT PRIMARY KEY, ord INTEGER, step TEXT);
INSERT OR REPLACE INTO reduce_order VALUES
  ('neighbored', 1, 'seed 2'), ('neighbored-less-divergence', 2, 'seed 3'),
  ('interleaved', 3, 'seed 4'), ('unroll2', 4, 'seed 5'), ('unroll4', 5, 'seed 5'),
  ('unroll8', 6, 'seed 5'), ('unroll-warps8', 7, 'seed 6'),
  ('complete-unroll-warps8', 8, 'seed 7'), ('complete-unroll-template', 9, 'seed 7'),
  ('warp-shuffle', 10, 'modern'), ('vectorized', 11, 'modern'),
  ('single-pass', 12, 'modern'), ('cub', 13, 'reference'), ('cpu-serial', 14, 'host baseline');

-- Numbers the seed documents publish (their authors' GPUs, not ours).
CREATE TABLE IF NOT EXISTS seed_claim (claim_id TEXT PRIMARY KEY, seed TEXT, claim TEXT, value REAL);
INSERT OR REPLACE INTO seed_claim VALUES
  ('reduce-interleaved-speedup', '003', 'interleaved pairs are faster than neighbored pairs (2.48 ms -> 1.36 ms)', 1.8);
