-- reports/analysis/95-section-claims.sql: the claims' verdicts as the
-- sections quote them (reports/sections/50-claims.md and the study sections'
-- claim tables), from the one row per claim and GPU of claim_verdict.
-- Applied in file-name order before 90-cache.sql.

-- Every claim's verdict per GPU model where its machines agree (who: the
-- model's name), else per machine (who: the machine's label); ord: the
-- order of the GPUs. The sections fold these into one phrase per claim
-- (fmt_fold, reports/format.c), so a claim reads the same wherever it
-- appears.
CREATE VIEW claim_who AS
WITH v AS MATERIALIZED (SELECT v.claim_id, v.verdict, d.label, d.ord, m.mord, m.model
                        FROM claim_verdict v JOIN report_devices d USING (device_id) JOIN report_models m ON m.name = d.name),
k AS (SELECT claim_id, mord, count(DISTINCT verdict) AS kinds FROM v GROUP BY claim_id, mord)
SELECT v.claim_id, v.verdict, v.model AS who, min(v.ord) AS ord FROM v JOIN k USING (claim_id, mord)
WHERE k.kinds = 1 GROUP BY v.claim_id, v.mord
UNION ALL
SELECT v.claim_id, v.verdict, v.label, v.ord FROM v JOIN k USING (claim_id, mord) WHERE k.kinds > 1;
