-- tests/report/fixture_hostile.sql: hostile text (issue 21), applied over
-- the report test's fixtures by tests/report/test_hostile.sh. Every free-text
-- column the report can print gets shell, LaTeX, HTML, YAML and Markdown
-- metacharacters appended: backticks and $(...) that would touch @MARKER@,
-- \input and an image of @CANARY@ (a file whose content must never appear),
-- HTML with event handlers, a javascript: link, YAML quotes and colons, a
-- newline and a heading, an mdquery directive and a raw-LaTeX code span;
-- and text LaTeX's fonts cannot set (Chinese, an emoji, Greek, Cyrillic),
-- bidirectional controls (U+202E reverses what follows), a zero-width
-- space, and control characters: the figure data's field separator \x1f
-- and an ESC sequence (issue 45).
-- The columns the report matches against its own literals (study, variant,
-- dtype, params, status, config_key, metric, ...) keep their values, or the
-- fixture would hold no measurement the report shows. The database also
-- defines its own views, a table and a trigger named like the report's: the
-- report must use its own and run none of them.
CREATE TEMP TABLE h(x TEXT);
INSERT INTO h VALUES (' Evil`touch @MARKER@` $(touch @MARKER@) "q": ''a'' \input{@CANARY@} $\input{@CANARY@}$'
  || ' <b onmouseover=alert(2)>b</b> <img src=x onerror=alert(3)> [l](javascript:alert(1)) ![i](@CANARY@)'
  || ' **s** _u_ ~t~ ^v^ & % | {{= SELECT 1}} `c`{=latex} @fig:x' || char(10) || '# h' || char(10) || '--- x'
  || ' 名前 ' || char(128512) || ' αβ Ж ' || char(8238) || 'desrever' || char(8236) || char(8203) || ' u'
  || char(31) || 's' || char(30) || 'r' || char(27) || '[31mred');
UPDATE device SET name = name || (SELECT x FROM h);
UPDATE run SET host = host || (SELECT x FROM h), git_commit = git_commit || (SELECT x FROM h),
  nvcc_version = nvcc_version || (SELECT x FROM h), nvcc_flags = nvcc_flags || (SELECT x FROM h),
  note = coalesce(note, '') || (SELECT x FROM h);
UPDATE variant SET description = description || (SELECT x FROM h), bottleneck = coalesce(bottleneck, '') || (SELECT x FROM h),
  origin = coalesce(origin, '') || (SELECT x FROM h);
UPDATE result SET error = error || (SELECT x FROM h) WHERE error IS NOT NULL;
UPDATE kernel_resource SET kernel = kernel || (SELECT x FROM h);
UPDATE counter SET unit = coalesce(unit, '') || (SELECT x FROM h);
-- Objects of the database's own, named like the report's.
DROP VIEW IF EXISTS config_stats;
CREATE VIEW config_stats AS SELECT 'HOSTILE-VIEW' AS device;
CREATE VIEW report_devices AS SELECT 1 AS device_id, 'HOSTILE-VIEW' AS name, 'HOSTILE-VIEW' AS label, 1 AS ord;
CREATE TABLE report_build (git_commit TEXT, git_dirty INTEGER);
CREATE TRIGGER hostile_build AFTER INSERT ON report_build BEGIN SELECT writefile('@MARKER@', 'trigger'); END;
CREATE TABLE seed_claim (claim_id TEXT PRIMARY KEY, ord INTEGER, seed TEXT, claim TEXT, value REAL);
INSERT INTO seed_claim VALUES ('HOSTILE-VIEW', 0, 'x', '\input{@CANARY@}', 0);
