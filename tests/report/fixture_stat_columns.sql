-- tests/report/fixture_stat_columns.sql: applied to a new database of
-- data/schema.sql before the report fixtures (tests/report/fixture_*.sql),
-- it gives table result, for the fixtures only, the statistic columns they
-- state each SYNTHETIC result by (its median, quartiles, interval and rsd,
-- made up by formula and moved by UPDATEs). The database stores samples,
-- never statistics: tests/report/fixture_to_samples.sql, applied after the
-- fixtures, turns the stated statistics into samples and drops these
-- columns again, so the database the tests read is one of the schema.
ALTER TABLE result ADD COLUMN median_ms REAL;
ALTER TABLE result ADD COLUMN min_ms REAL;
ALTER TABLE result ADD COLUMN max_ms REAL;
ALTER TABLE result ADD COLUMN q1_ms REAL;
ALTER TABLE result ADD COLUMN q3_ms REAL;
ALTER TABLE result ADD COLUMN mean_ms REAL;
ALTER TABLE result ADD COLUMN rsd REAL;
ALTER TABLE result ADD COLUMN ci_lo_ms REAL;
ALTER TABLE result ADD COLUMN ci_hi_ms REAL;
