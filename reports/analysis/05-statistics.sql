-- reports/analysis/05-statistics.sql: the statistics the report uses, as
-- their one declaration in reports/sqlstats.c gives them (name, method,
-- level in percent, 0 for none, and one line for readers with the level
-- written in). The Method section prints the lines from here; every other
-- view and section asks a level with stat_level(NAME), never types one.
DROP VIEW IF EXISTS stat_decl;
CREATE VIEW stat_decl AS
SELECT json_extract(value, '$.ord') AS ord, json_extract(value, '$.name') AS name,
       json_extract(value, '$.method') AS method, json_extract(value, '$.level') AS level,
       json_extract(value, '$.words') AS words
FROM json_each(stat_declarations());
