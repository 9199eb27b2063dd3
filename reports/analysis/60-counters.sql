-- reports/analysis/60-counters.sql: Nsight Compute counters.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).

-- ------------------------------------------------------------ counters --
-- Counter rows stored before table counter had configuration columns (the
-- access study's first ncu runs) get them here, on the report's copy, from
-- their config_key ('variant=read-offset n=16777216 ... cache=cold': names
-- and values without spaces): the one place a key is taken apart. Axis
-- values in params stay text in such rows; views CAST them.
UPDATE counter SET (variant, dtype, n, block, params) =
  (SELECT json_extract(j, '$.variant'), json_extract(j, '$.dtype'), CAST(json_extract(j, '$.n') AS INTEGER),
          CAST(json_extract(j, '$.block') AS INTEGER),
          json_remove(j, '$.variant', '$.dtype', '$.n', '$.block', '$.cache')
   FROM (SELECT '{"' || replace(replace(counter.config_key, '=', '":"'), ' ', '","') || '"}' AS j))
WHERE variant IS NULL AND config_key LIKE 'variant=%' AND config_key NOT LIKE '%"%';

-- The counters the report reads: per device, binary, configuration and
-- metric, the values (one per kernel) of the latest run that profiled it (a
-- run still 'running' is shown too: each configuration's counters are stored
-- in one transaction, so what is there is whole).
CREATE VIEW counter_latest AS
SELECT u.device_id, u.study, u.binary, c.*
FROM counter c JOIN run u USING (run_id)
WHERE c.run_id = (SELECT max(c2.run_id) FROM counter c2 JOIN run u2 USING (run_id)
                  WHERE u2.device_id = u.device_id AND u2.binary = u.binary AND c2.config_key = c.config_key
                    AND c2.metric = c.metric);

-- One value per device, binary, configuration and metric over the kernels
-- that configuration launched (reduce's second pass, CUB's kernels): counts
-- (.sum) add up, .max and .min take the extreme, and the rest (rates,
-- percentages, ratios) are averaged weighted by each kernel's duration
-- (gpu__time_duration.sum, where profiled; else a plain mean). value is the
-- median of the profiled passes (counter.value); lo_value and hi_value
-- combine the passes' smallest and largest values (counter.min_value,
-- max_value) the same way: the range a claim's threshold must not straddle
-- (rows stored before passes were recorded: one pass, lo = hi = value).
CREATE VIEW counter_config AS
SELECT l.device_id, l.study, l.binary, l.config_key, l.variant, l.dtype, l.n, l.block, l.params, l.metric,
       max(l.unit) AS unit, count(*) AS kernels,
       CASE WHEN l.metric LIKE '%.sum' THEN sum(l.value) WHEN l.metric LIKE '%.max' THEN max(l.value)
            WHEN l.metric LIKE '%.min' THEN min(l.value)
            ELSE coalesce(sum(l.value * d.value) / nullif(sum(d.value), 0), avg(l.value)) END AS value,
       CASE WHEN l.metric LIKE '%.sum' THEN sum(coalesce(l.min_value, l.value))
            WHEN l.metric LIKE '%.max' THEN max(coalesce(l.min_value, l.value))
            WHEN l.metric LIKE '%.min' THEN min(coalesce(l.min_value, l.value))
            ELSE coalesce(sum(coalesce(l.min_value, l.value) * d.value) / nullif(sum(d.value), 0),
                          avg(coalesce(l.min_value, l.value))) END AS lo_value,
       CASE WHEN l.metric LIKE '%.sum' THEN sum(coalesce(l.max_value, l.value))
            WHEN l.metric LIKE '%.max' THEN max(coalesce(l.max_value, l.value))
            WHEN l.metric LIKE '%.min' THEN min(coalesce(l.max_value, l.value))
            ELSE coalesce(sum(coalesce(l.max_value, l.value) * d.value) / nullif(sum(d.value), 0),
                          avg(coalesce(l.max_value, l.value))) END AS hi_value
FROM counter_latest l
LEFT JOIN counter_latest d ON d.device_id = l.device_id AND d.binary = l.binary AND d.config_key = l.config_key
  AND d.kernel = l.kernel AND d.metric = 'gpu__time_duration.sum'
GROUP BY l.device_id, l.binary, l.config_key, l.metric;

-- Nsight Compute counters of the access study, per device (latest run per
-- key): the sector, request and hit-rate counters of set 'sectors' (value:
-- the passes' median; lo, hi: their range).
CREATE VIEW access_counter AS
SELECT c.device_id, c.config_key, c.metric, c.value, c.lo_value AS lo, c.hi_value AS hi, c.variant, c.n, c.block,
       CAST(json_extract(c.params, '$.k') AS INTEGER) AS k, json_extract(c.params, '$.l1') AS l1
FROM counter_config c WHERE c.study = 'access';

-- Each reduction step's counters (set 'reduce'), one row per device and
-- configuration: how uniform its branches are (branch efficiency, %), its
-- divergent branch targets, shared-memory bank conflicts (loads + stores),
-- achieved occupancy (% of the SM's warps), DRAM throughput (% of peak) and
-- bytes (read + written), and the profiled duration (ns) of all its kernels.
CREATE VIEW counter_reduce_step AS
SELECT device_id, variant, dtype, n, block, params, config_key,
  max(CASE WHEN metric = 'smsp__sass_average_branch_targets_threads_uniform.pct' THEN value END) AS branch_uniform_pct,
  max(CASE WHEN metric = 'smsp__sass_branch_targets_threads_divergent.sum' THEN value END) AS divergent_branches,
  sum(CASE WHEN metric IN ('l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum',
                           'l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum') THEN value END) AS bank_conflicts,
  max(CASE WHEN metric = 'sm__warps_active.avg.pct_of_peak_sustained_active' THEN value END) AS occupancy_pct,
  max(CASE WHEN metric = 'dram__throughput.avg.pct_of_peak_sustained_elapsed' THEN value END) AS dram_pct,
  sum(CASE WHEN metric IN ('dram__bytes_read.sum', 'dram__bytes_write.sum') THEN value END) AS dram_bytes,
  max(CASE WHEN metric = 'gpu__time_duration.sum' THEN value END) AS duration_ns
FROM counter_config WHERE study = 'reduce'
GROUP BY device_id, config_key;

-- Constant-memory kernels of the distance study and the ray tracer (set
-- 'constant'), one row per device and configuration: warps stalled on a
-- constant-cache miss and with no instruction (per issued instruction),
-- issue slots used (% of active cycles: the rest is idle), SM throughput (%
-- of peak), achieved occupancy, instructions executed, DRAM bytes read, and
-- the profiled duration (ns); the indexed constant cache's (IDC: LDC with a
-- register address, the distance kernel's c_points[i]) requests and lookup
-- hits and misses, and the L1 global-load requests and sectors (the global
-- kernel's points). Each value is the passes' median; _lo and _hi columns
-- are the passes' range of the counters a claim reads.
CREATE VIEW counter_constant AS
SELECT device_id, study, variant, n, block, params, config_key,
  max(CASE WHEN metric = 'idc__requests.sum' THEN value END) AS idc_requests,
  max(CASE WHEN metric = 'idc__requests.sum' THEN lo_value END) AS idc_requests_lo,
  max(CASE WHEN metric = 'idc__requests.sum' THEN hi_value END) AS idc_requests_hi,
  max(CASE WHEN metric = 'idc__requests_lookup_hit.sum' THEN value END) AS idc_hits,
  max(CASE WHEN metric = 'idc__requests_lookup_hit.sum' THEN lo_value END) AS idc_hits_lo,
  max(CASE WHEN metric = 'idc__requests_lookup_hit.sum' THEN hi_value END) AS idc_hits_hi,
  max(CASE WHEN metric = 'idc__requests_lookup_miss.sum' THEN value END) AS idc_misses,
  max(CASE WHEN metric = 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum' THEN value END) AS l1_ld_requests,
  max(CASE WHEN metric = 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum' THEN lo_value END) AS l1_ld_requests_lo,
  max(CASE WHEN metric = 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum' THEN hi_value END) AS l1_ld_requests_hi,
  max(CASE WHEN metric = 'l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum' THEN value END) AS l1_ld_sectors,
  max(CASE WHEN metric = 'dram__bytes_read.sum' THEN lo_value END) AS dram_read_bytes_lo,
  max(CASE WHEN metric = 'dram__bytes_read.sum' THEN hi_value END) AS dram_read_bytes_hi,
  max(CASE WHEN metric = 'smsp__issue_active.avg.pct_of_peak_sustained_active' THEN lo_value END) AS issue_active_pct_lo,
  max(CASE WHEN metric = 'smsp__issue_active.avg.pct_of_peak_sustained_active' THEN hi_value END) AS issue_active_pct_hi,
  max(CASE WHEN metric = 'smsp__average_warps_issue_stalled_imc_miss_per_issue_active.ratio' THEN value END) AS stall_const_miss,
  max(CASE WHEN metric = 'smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio' THEN value END) AS stall_no_instruction,
  max(CASE WHEN metric = 'smsp__issue_active.avg.pct_of_peak_sustained_active' THEN value END) AS issue_active_pct,
  max(CASE WHEN metric = 'sm__throughput.avg.pct_of_peak_sustained_elapsed' THEN value END) AS sm_pct,
  max(CASE WHEN metric = 'sm__warps_active.avg.pct_of_peak_sustained_active' THEN value END) AS occupancy_pct,
  max(CASE WHEN metric = 'smsp__inst_executed.sum' THEN value END) AS instructions,
  max(CASE WHEN metric = 'dram__bytes_read.sum' THEN value END) AS dram_read_bytes,
  max(CASE WHEN metric = 'gpu__time_duration.sum' THEN value END) AS duration_ns
FROM counter_config WHERE study IN ('distance', 'raytrace')
GROUP BY device_id, binary, config_key;

-- Local-memory traffic of the access study (set 'local'), one row per device
-- and configuration: the L1 sectors of local loads and stores, the L2 sectors
-- read and written on behalf of L1 (local and global), and the DRAM bytes
-- read and written (dram_bytes_lo, _hi: the passes' range of their sum):
-- local memory is DRAM if its spills reach DRAM, i.e.
-- dram bytes beyond the useful global traffic.
CREATE VIEW counter_local AS
SELECT device_id, variant, n, block, params, config_key, json_extract(params, '$.l1') AS l1,
  max(CASE WHEN metric = 'l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum' THEN value END) AS local_ld_sectors,
  max(CASE WHEN metric = 'l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum' THEN value END) AS local_st_sectors,
  max(CASE WHEN metric = 'lts__t_sectors_srcunit_tex_op_read.sum' THEN value END) AS l2_read_sectors,
  max(CASE WHEN metric = 'lts__t_sectors_srcunit_tex_op_write.sum' THEN value END) AS l2_write_sectors,
  max(CASE WHEN metric = 'dram__bytes_read.sum' THEN value END) AS dram_read_bytes,
  max(CASE WHEN metric = 'dram__bytes_write.sum' THEN value END) AS dram_write_bytes,
  sum(CASE WHEN metric IN ('dram__bytes_read.sum', 'dram__bytes_write.sum') THEN lo_value END) AS dram_bytes_lo,
  sum(CASE WHEN metric IN ('dram__bytes_read.sum', 'dram__bytes_write.sum') THEN hi_value END) AS dram_bytes_hi,
  max(CASE WHEN metric = 'lts__t_sector_hit_rate.pct' THEN value END) AS l2_hit_pct
FROM counter_config WHERE study = 'access' AND variant LIKE 'local-%'
GROUP BY device_id, binary, config_key;
