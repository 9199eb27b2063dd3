-- reports/analysis/98-section-errata-appendix.sql: the views the errata
-- (reports/sections/60-errata.md) and the two appendices (90-resources.md,
-- 95-appendix.md) read, one line a query. Applied in file-name order before
-- 90-cache.sql; they write markup around database text, so nothing here is
-- cached there.

-- The errata's table "errata" (60-errata.md): the seeds' logic as written,
-- run on the CPU on an input where it fails (table erratum).
CREATE VIEW errata_table AS
SELECT ord, bug_id AS "bug", seed AS "seed", input AS "failing input", as_written AS "as written", correct AS "correct"
FROM erratum WHERE as_written IS NOT NULL;

-- The errata's table "errfix" (60-errata.md): every bug, what the seed's
-- code does and how this project avoids it.
CREATE VIEW errata_fix_table AS
SELECT ord, bug_id AS "bug", what AS "what the seed's code does", fixed_by AS "how this project avoids it"
FROM erratum;

-- The resource appendix's table (90-resources.md): per binary and kernel
-- (template instances grouped under their demangled name) of the latest
-- complete run of each binary, what ptxas -v reported; ord: the table's
-- order (binary, name).
CREATE VIEW resources_kernel_table AS
WITH RECURSIVE
b AS (SELECT DISTINCT u.binary, u.build_id FROM run u
      WHERE u.status = 'complete'
        AND u.run_id = (SELECT max(u2.run_id) FROM run u2 JOIN kernel_resource k2 ON k2.build_id = u2.build_id
                          AND k2.binary = u2.binary WHERE u2.binary = u.binary AND u2.status = 'complete')),
k AS (SELECT kr.* FROM kernel_resource kr JOIN b ON b.binary = kr.binary AND b.build_id = kr.build_id),
p(binary, kernel, pos, first, last, depth) AS (
  SELECT binary, kernel, CASE WHEN kernel GLOB '_ZN*' THEN 4 ELSE 3 END, '', '', 0 FROM k WHERE kernel GLOB '_Z*'
  UNION ALL
  SELECT binary, kernel,
    pos + length(CAST(CAST(substr(kernel, pos, 4) AS INTEGER) AS TEXT)) + CAST(substr(kernel, pos, 4) AS INTEGER),
    CASE WHEN depth = 0 THEN substr(kernel, pos + length(CAST(CAST(substr(kernel, pos, 4) AS INTEGER) AS TEXT)),
                                    CAST(substr(kernel, pos, 4) AS INTEGER)) ELSE first END,
    substr(kernel, pos + length(CAST(CAST(substr(kernel, pos, 4) AS INTEGER) AS TEXT)), CAST(substr(kernel, pos, 4) AS INTEGER)),
    depth + 1
  FROM p WHERE substr(kernel, pos, 1) GLOB '[1-9]' AND depth < 8),
nm AS (SELECT binary, kernel, CASE WHEN depth > 1 THEN first || '::' || last ELSE last END
          || CASE WHEN substr(kernel, pos, 1) = 'I' THEN '<>' ELSE '' END AS name
       FROM p WHERE depth = (SELECT max(p2.depth) FROM p p2 WHERE p2.binary = p.binary AND p2.kernel = p.kernel)),
r AS (SELECT k.*, COALESCE(nm.name, k.kernel) AS name FROM k LEFT JOIN nm ON nm.binary = k.binary AND nm.kernel = k.kernel),
g AS (SELECT binary, name, '`' || replace(name, '::', '::`\allowbreak{}`') || '`' AS kernel, count(*) AS instances,
  CASE WHEN min(registers) = max(registers) THEN min(registers) ELSE min(registers) || '-' || max(registers) END AS registers,
  CASE WHEN min(stack_bytes) = max(stack_bytes) THEN min(stack_bytes) ELSE min(stack_bytes) || '-' || max(stack_bytes) END AS stack,
  max(spill_store_bytes) || ' / ' || max(spill_load_bytes) AS spill,
  CASE WHEN min(shared_bytes) = max(shared_bytes) THEN min(shared_bytes) ELSE min(shared_bytes) || '-' || max(shared_bytes) END AS shared
  FROM r GROUP BY binary, name)
-- a kernel the binaries built from one source (access-ca, access-cg)
-- report alike is one row naming them all
SELECT group_concat(binary, ', ') AS "binary", kernel AS "kernel", instances AS "instances", registers AS "registers",
  stack AS "stack bytes", spill AS "spill st / ld bytes (max)", shared AS "static shared bytes",
  row_number() OVER (ORDER BY min(binary), name) AS ord
FROM (SELECT * FROM g ORDER BY binary) GROUP BY name, kernel, instances, registers, stack, spill, shared;

-- The appendix's pivot "compact_reduce" (95-appendix.md): every reduction
-- variant and size at 256-thread blocks (CUB and the CPU loop at their
-- own), a row per type, a column per GPU (report_cell); ord: the order of
-- first appearance (n, the ladder's order, type, GPU).
CREATE VIEW appendix_reduce_cell AS
SELECT c.n_cell AS "n", c.variant AS "variant", c.dtype AS "type", c.gpu, c.ms_cell,
  row_number() OVER (ORDER BY c.n, o.ord, c.dtype DESC, c.gpu_ord) AS ord
FROM report_cell c JOIN reduce_order o USING (variant)
WHERE c.study = 'reduce' AND (c.block = 256 OR c.variant IN ('cub', 'cpu-serial'))
  AND c.block = (SELECT min(c2.block) FROM report_cell c2 WHERE c2.device_id = c.device_id AND c2.study = 'reduce'
                   AND c2.variant = c.variant AND c2.n = c.n AND c2.dtype = c.dtype AND (c2.block = 256 OR c2.variant IN ('cub', 'cpu-serial')));

-- The appendix's pivot "compact_block" (95-appendix.md): the block-size
-- sweeps of the reduction, a column per GPU and block; ord: the order of
-- first appearance (type, n, the ladder's order, GPU, block).
CREATE VIEW appendix_block_cell AS
SELECT c.dtype AS "type", c.n_cell AS "n", c.variant AS "variant", c.gpu AS "GPU", 'block ' || c.block AS head, c.ms_cell,
  row_number() OVER (ORDER BY c.dtype DESC, c.n, o.ord, c.gpu_ord, c.block) AS ord
FROM report_cell c JOIN reduce_order o USING (variant)
WHERE c.study = 'reduce' AND c.variant NOT IN ('cub', 'cpu-serial')
  AND (c.dtype, c.n, c.variant) IN (SELECT dtype, n, variant FROM report_cell WHERE study = 'reduce' AND block <> 256);

-- The appendix's pivot "compact_distance" (95-appendix.md): every distance
-- field configuration (16 x 16 blocks), a row per memory space, a column
-- per GPU; ord: the order of first appearance (grid, P, k, space, GPU).
CREATE VIEW appendix_distance_cell AS
SELECT json_extract(c.params, '$.grid') AS "grid", json_extract(c.params, '$.points') AS "P",
  json_extract(c.params, '$.k') AS "k", c.variant AS "memory", c.gpu, c.ms_cell,
  row_number() OVER (ORDER BY json_extract(c.params, '$.grid'), json_extract(c.params, '$.points'), json_extract(c.params, '$.k'), o.ord, c.gpu_ord) AS ord
FROM report_cell c JOIN variant_order o USING (study, variant)
WHERE c.study = 'distance' AND json_extract(c.params, '$.tile') = 16;

-- The appendix's pivot "compact_raytrace" (95-appendix.md): every ray
-- tracer configuration (16 x 16 blocks), a row per memory space, a column
-- per GPU; ord: the order of first appearance (side, spheres, space, GPU).
CREATE VIEW appendix_raytrace_cell AS
SELECT json_extract(c.params, '$.size') AS "image side", json_extract(c.params, '$.spheres') AS "spheres",
  c.variant AS "memory", c.gpu, c.ms_cell,
  row_number() OVER (ORDER BY json_extract(c.params, '$.size'), json_extract(c.params, '$.spheres'), o.ord, c.gpu_ord) AS ord
FROM report_cell c JOIN variant_order o USING (study, variant)
WHERE c.study = 'raytrace' AND json_extract(c.params, '$.tile') = 16;

-- The appendix's pivot "compact_access" (95-appendix.md): every access
-- configuration, a column per GPU and L1 mode; ord: the order of first
-- appearance (kernel, n, block, k or s, GPU, L1).
CREATE VIEW appendix_access_cell AS
SELECT c.variant AS "kernel", c.n_cell AS "n", c.block AS "block",
  CAST(json_extract(c.params, '$.k') AS INTEGER) AS "k or s", c.gpu || ' ' || json_extract(c.params, '$.l1') AS head, c.ms_cell,
  row_number() OVER (ORDER BY c.variant, c.n, c.block, CAST(json_extract(c.params, '$.k') AS INTEGER), c.gpu_ord, json_extract(c.params, '$.l1')) AS ord
FROM report_cell c WHERE c.study = 'access';
