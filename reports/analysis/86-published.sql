-- reports/analysis/86-published.sql: published reference points.
-- Applied to the report's snapshot in file-name order (Makefile, ANALYSIS_SQL).

-- ------------------------------------------------------ published points --
-- Published reference points (table published_ref, reports/schema.sql): only
-- figures this project's sources quote, each with its source; the report
-- prints them beside its own numbers and judges no verdict against them.
-- device_name: the device.name a measured value is looked up for (NULL: the
-- source names no GPU); study, variant, dtype, n: the configuration it
-- matches (the measured value is the median over that model's machines).
DELETE FROM published_ref;
INSERT INTO published_ref (id, gpu, device_name, study, variant, dtype, n, value, unit, source) VALUES
  (1, 'H200', 'NVIDIA H200', 'reduce', 'cub', 'int32', 1048576, 7.13, 'us',
   'nvbench, CUB DeviceReduce::Sum int32, cold (memset flush), as quoted in the project''s issue 19'),
  (2, 'H200', 'NVIDIA H200', 'reduce', 'cub', 'int32', 16777216, 25.7, 'us',
   'nvbench, CUB DeviceReduce::Sum int32, cold (memset flush), as quoted in the project''s issue 19'),
  (3, 'H200', 'NVIDIA H200', 'reduce', 'cub', 'int32', 268435456, 249.3, 'us',
   'nvbench, CUB DeviceReduce::Sum int32, cold (memset flush), as quoted in the project''s issue 19'),
  (4, 'H200 NVL', 'NVIDIA H200 NVL', 'reduce', 'cub', 'int32', 1048576, 7.61, 'us',
   'nvbench, CUB DeviceReduce::Sum int32, cold (memset flush), as quoted in the project''s issue 19'),
  (5, 'H200 NVL', 'NVIDIA H200 NVL', 'reduce', 'cub', 'int32', 16777216, 27.3, 'us',
   'nvbench, CUB DeviceReduce::Sum int32, cold (memset flush), as quoted in the project''s issue 19'),
  (6, 'H200 NVL', 'NVIDIA H200 NVL', 'reduce', 'cub', 'int32', 268435456, 259.5, 'us',
   'nvbench, CUB DeviceReduce::Sum int32, cold (memset flush), as quoted in the project''s issue 19'),
  (7, 'the seed author''s (not named)', NULL, 'reduce', 'neighbored', NULL, 16777216, 2.48, 'ms',
   'seed 003 (003_7fcb9bbe6bf391e9.txt): the first step of its ladder'),
  (8, 'the seed author''s (not named)', NULL, 'reduce', 'interleaved', NULL, 16777216, 1.36, 'ms',
   'seed 003 (003_7fcb9bbe6bf391e9.txt): interleaved pairs, 1.8x over its first step'),
  (9, 'the seed author''s (not named)', NULL, 'access', 'read-offset k = 0', NULL, 1048576, 0.090112, 'ms',
   'seed 004 (004_6f5daea99985e621.txt): readOffset, 2048 blocks of 512'),
  (10, 'the seed author''s (not named)', NULL, 'access', 'read-offset k = 11', NULL, 1048576, 0.083968, 'ms',
   'seed 004 (004_6f5daea99985e621.txt): readOffset, 2048 blocks of 512'),
  (11, 'the seed author''s (not named)', NULL, 'access', 'read-offset k = 128', NULL, 1048576, 0.0832, 'ms',
   'seed 004 (004_6f5daea99985e621.txt): readOffset, 2048 blocks of 512');
