-- reports/report_build.sql: the build facts of the report (table
-- report_build, reports/schema.sql), added to the report's snapshot by
-- `make report`. The Makefile passes the values only, as the sqlite3
-- parameters :git_commit (text: the commit of this source tree) and
-- :git_dirty (0 or 1: uncommitted changes under kernels/ or experiments/).
INSERT INTO report_build (git_commit, git_dirty) VALUES (CAST(:git_commit AS TEXT), CAST(:git_dirty AS INTEGER));
