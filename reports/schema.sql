-- reports/schema.sql: the report's own tables, the only place they are
-- created. The report build applies this file to its copy of the database
-- (build/report.db) first; then the analysis (reports/analysis/*.sql) fills
-- report_setting and seed_claim, build/tools/errata fills erratum, reports/matrix.awk fills
-- matrix_line, reports/profile_sets.awk fills profile_set_metric and the
-- Makefile fills report_build. Nothing here is measured:
-- data/schema.sql holds the measurement tables.

-- Every threshold of the report (values and their meaning: reports/analysis/30-labels.sql
-- and the files after it that add their own).
CREATE TABLE IF NOT EXISTS report_setting (key TEXT PRIMARY KEY, value REAL, why TEXT);

-- Every claim of the five seed documents: id, order, seed, wording, the
-- seed's own number where it gives one, and the rule behind its verdict
-- (rows and rules: reports/analysis/70-claims.sql, view claim_verdict).
CREATE TABLE IF NOT EXISTS seed_claim (claim_id TEXT PRIMARY KEY, ord INTEGER, seed TEXT, claim TEXT, value REAL,
                                       rule TEXT);

-- The seeds' bugs, shown by running their code as written on the CPU
-- (reports/errata.c): the input where it fails, what it gives, what the
-- correct code gives, and which study code avoids the bug.
CREATE TABLE IF NOT EXISTS erratum (bug_id TEXT PRIMARY KEY, ord INTEGER, seed TEXT, what TEXT, input TEXT,
  as_written TEXT, correct TEXT, fixed_by TEXT);

-- The measurement matrices (experiments/*/*.matrix), one sweep a line, in
-- file order (reports/matrix.awk).
CREATE TABLE IF NOT EXISTS matrix_line (study TEXT, ord INTEGER, line TEXT);

-- The metrics of every set of the profile mode (`--profile SET`), from
-- their one definition, profile_sets[] in experiments/harness/profile.c
-- (reports/profile_sets.awk); view profile_run_gap compares them with what
-- each profile run stored.
CREATE TABLE IF NOT EXISTS profile_set_metric (metric_set TEXT, metric TEXT, PRIMARY KEY (metric_set, metric));

-- Facts of the report build itself (the Makefile).
CREATE TABLE IF NOT EXISTS report_build (git_commit TEXT, git_dirty INTEGER);

-- Every figure (reports/figures/NAME.sql) and its points as its query gives
-- them (reports/figure_points.sh, after the views): series, x, y (the first
-- numeric column after x) and panel ('' for a figure without facets); id
-- keeps the query's order. View figure_coincide reads them.
CREATE TABLE IF NOT EXISTS figure (name TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS figure_point (id INTEGER PRIMARY KEY, figure TEXT NOT NULL, panel TEXT NOT NULL,
                                         series TEXT NOT NULL, x, y REAL);

-- The name of every target of the report (the threshold is report_setting's
-- value of the same key): the summary, the tables and the text print this
-- name (reports/analysis/40-reduce.sql and 45-small-n.sql fill it).
CREATE TABLE IF NOT EXISTS report_target (key TEXT PRIMARY KEY, name TEXT);

-- Published reference points for these GPUs, each with its source: shown
-- beside the measured numbers, never used to judge a verdict
-- (reports/analysis/86-published.sql fills it from what the seeds and the issues quote).
CREATE TABLE IF NOT EXISTS published_ref (id INTEGER PRIMARY KEY, gpu TEXT, device_name TEXT, study TEXT, variant TEXT,
                                          dtype TEXT, n INTEGER, value REAL, unit TEXT, source TEXT);
