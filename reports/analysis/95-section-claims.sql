-- reports/analysis/95-section-claims.sql: the views the claims section
-- (reports/sections/50-claims.md) and the study sections' claim tables
-- read, one line a query. Applied in file-name order before 90-cache.sql;
-- they write markup around database text, so nothing here is cached there.

-- Every claim's verdict per GPU model: the one verdict of all its machines,
-- else each machine's ('H200 #ce8e: inconclusive; ...'); ord: the claim's
-- order (seed_claim), mord: the model's; seed: the claim's seed documents.
CREATE VIEW claim_model AS
WITH v AS (SELECT v.claim_id, v.verdict, d.label, m.mord, m.panel FROM claim_verdict v JOIN report_devices d USING (device_id)
           JOIN report_models m ON m.name = d.name)
SELECT c.claim_id AS claim, c.ord, c.seed, v.mord, v.panel,
  CASE WHEN count(DISTINCT v.verdict) = 1 THEN max(v.verdict) ELSE group_concat(v.label || ': ' || v.verdict, '; ') END AS cell
FROM seed_claim c JOIN v USING (claim_id) GROUP BY c.claim_id, v.mord;

-- Every claim's verdict and evidence on every GPU (the HTML's table).
CREATE VIEW claim_gpu AS
SELECT c.claim_id AS claim, c.ord, d.ord AS gord, d.label AS gpu, v.verdict, v.evidence
FROM seed_claim c JOIN claim_verdict v USING (claim_id) JOIN device_label dl USING (device_id)
  JOIN report_devices d USING (device_id);
