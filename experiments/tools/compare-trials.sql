-- experiments/tools/compare-trials.sql: what `make compare` (experiments/tools/compare)
-- takes from one side, and the one place where a configuration's trials become
-- the numbers a comparison uses.
--
-- Run in the comparison's output database with the side's database attached,
-- read-only, as `src` (experiments/tools/compare attaches a `dbtool snapshot`
-- of the side: its views are those of the current data/schema.sql, whatever
-- schema made the side), and temp table cur(side, pick) naming it ('base' or
-- 'new') and which of its trials it takes: pick NULL, every trial; 'first' or
-- 'last' (compare --sessions: one set's two `make measure` invocations), on
-- each GPU with two sessions or more only the runs of its first or its last
-- session (run.session, in the order of their first run's start).
-- A trial is one row of the side's view `trial` (a result of a finished
-- measure run, as view result_bw has it): its median_ms, the median the
-- report uses (a single launch's corrected by its process's launch floor;
-- raw_median_ms as measured). The correction is defined there, never here.
-- Issue 19: every configuration gets >= 3 trials per GPU; config_stats then
-- gives `runs`, the median of the trials' values and `sd_rel`. The
-- statistics below come from the trials; a pooled GPU model (several
-- machines) needs the trials in any case.
CREATE TABLE IF NOT EXISTS side_trial (
  side      TEXT NOT NULL CHECK (side IN ('base', 'new')),
  uuid      TEXT NOT NULL,             -- device.uuid of the side
  name      TEXT NOT NULL,             -- device.name: the GPU model
  run_uuid  TEXT,                      -- run.run_uuid: the trial's run
  study     TEXT NOT NULL,             -- the configuration: columns, never config_key text
  variant   TEXT NOT NULL,
  dtype     TEXT,
  n         INTEGER,
  block     INTEGER,
  params    TEXT NOT NULL,             -- JSON of the other axes, minified (json())
  flush     TEXT NOT NULL,             -- view trial's (old rows without one were 'memset')
  mode      TEXT NOT NULL,
  cfg       TEXT NOT NULL,             -- json_array of the eight columns above: the matching key
  median_ms REAL NOT NULL,             -- the trial's median (view trial: launch-floor corrected)
  raw_median_ms REAL,                  -- the same as measured (view trial's raw_median_ms)
  launches  INTEGER                    -- launches one call makes (result.launches; NULL: not recorded)
);
CREATE INDEX IF NOT EXISTS side_trial_by_cfg ON side_trial(side, uuid, cfg);

INSERT INTO side_trial
SELECT (SELECT side FROM cur), d.uuid, d.name, u.run_uuid, t.study, t.variant, t.dtype, t.n, t.block,
       t.params, t.flush, t.mode,
       json_array(t.study, t.variant, t.dtype, t.n, t.block, t.params, t.flush, t.mode), t.median_ms,
       t.raw_median_ms, nullif(t.launches, 0)
FROM (SELECT b.run_id, b.device_id, b.study, b.variant, b.dtype, b.n, b.block,
             CASE WHEN json_valid(b.params) THEN json(b.params) ELSE b.params END AS params,
             b.flush, b.mode, b.median_ms, b.raw_median_ms, b.launches
      FROM src.trial b WHERE b.median_ms > 0) t
JOIN src.run u ON u.run_id = t.run_id
JOIN src.device d ON d.device_id = t.device_id
WHERE (SELECT pick FROM cur) IS NULL
   OR u.session = (SELECT s.session FROM (SELECT session, min(started_utc) AS t0 FROM src.run
                                           WHERE device_id = u.device_id AND session IS NOT NULL GROUP BY session) s
                   WHERE (SELECT count(DISTINCT session) FROM src.run WHERE device_id = u.device_id) >= 2
                   ORDER BY CASE (SELECT pick FROM cur) WHEN 'first' THEN s.t0 END ASC,
                            CASE (SELECT pick FROM cur) WHEN 'last' THEN s.t0 END DESC, s.session LIMIT 1);

-- The groups a comparison pairs (filled by experiments/tools/compare.sql):
-- which side's GPUs a group holds. A GPU may be in several groups (its own,
-- and its model's pool).
CREATE TABLE IF NOT EXISTS side_group (
  level     TEXT NOT NULL,             -- 'gpu' (one uuid on both sides), 'model' (pooled by
                                       -- device.name), 'card' (a local GPU against its model)
  grp       TEXT NOT NULL,             -- the group's key: a uuid or a model name
  side      TEXT NOT NULL,
  uuid      TEXT NOT NULL,
  PRIMARY KEY (level, grp, side, uuid)
);

-- Per group, side and configuration: the trials' statistics.
--   runs      number of trials
--   median_ms median of the trials' values (config_stats' value, its name
--             kept: each trial's median, their mean)
--   gmean_ms  geometric mean of the trials' medians: the centre of the
--             log-ratio interval, and the value the comparison prints
--   sd_rel    standard deviation of the logarithms of the trials' medians
--             (the trial-to-trial relative standard deviation; NULL below 2 trials)
DROP VIEW IF EXISTS group_stats;
CREATE VIEW group_stats AS
SELECT level, grp, side, cfg, study, variant, dtype, n, block, params, flush, mode,
       count(*) AS runs,
       median(median_ms) AS median_ms,
       exp(avg(lm)) AS gmean_ms,
       CASE WHEN count(*) > 1 THEN sqrt(sum((lm - mlm) * (lm - mlm)) / (count(*) - 1)) END AS sd_rel
FROM (SELECT g.level, g.grp, t.side, t.cfg, t.study, t.variant, t.dtype, t.n, t.block, t.params, t.flush,
             t.mode, t.median_ms, ln(t.median_ms) AS lm,
             avg(ln(t.median_ms)) OVER (PARTITION BY g.level, g.grp, t.side, t.cfg) AS mlm
      FROM side_group g JOIN side_trial t ON t.side = g.side AND t.uuid = g.uuid)
GROUP BY level, grp, side, cfg;
