#!/usr/bin/env python3
"""tests/report/oracle_fixture.py: a synthetic measurement database for the
oracle (tests/report/test_oracle.sh), as SQL INSERTs on stdout (a dump:
`dbtool snapshot` reads it into a database of the current schema).

Usage: python3 tests/report/oracle_fixture.py TRIALS...
One machine of one GPU model ('NVIDIA H200') per argument, each running
that many trials (1..9); with four machines, one H100 of one trial
beside them (a second model, one machine). Each trial is one run per
study. On machine 0: the first trial's repeat_index is NULL (trial 1 by
default), that trial's reduce run was interrupted ('incomplete') and
resumed by a complete run, a killed run ('running') of trial 2 holds
results the report must not count, and so does a 'failed' run of another
build that nothing resumed; one of its access rows failed. Machine 1's
second trial has no run.launch_us. Configurations: the
reduction ladder, CUB and small-n at int32 and float32, n = 2^10 .. 2^28,
two block sizes, a loads=4 tuning row, a host-timed CPU row (no floor),
batch, graph, warm and memset-flush rows; the distance field at k = 1 and
32; the access study's offsets and strides; the ray tracer at five sizes
(constant's largest in the first three trials only); stencil rows whose first trial
was measured before result.flush and result.floor_us (the run's launch
floor corrects them; the later trials are another configuration of the
same key); small-n at 2^16 also under a key of before the loads and grid
axes (twice in each run's pair with CUB); CUB at 2^23 in blocks of 1024
3 x slower in each machine's last trial (with three trials its mean time
is in another size band than its median).
Machine 0's runs have no session (by hand), the others' one session each,
but machine 2's trials 4.. are a second session's trials 1..;
the reduction's registry (table variant) flags one-launch a bound. The
distance field also has a read-only space; float32 at 2^24 has the seed's
neighbored and interleaved in blocks of 1024.
Some configurations are timed in the first trials only (fewer trials than
the machine ran, one of them once). Times are a launch floor plus bytes
over a bandwidth, moved by the machine, the run's launch offset and noise
(a fixed seed: the same SQL every time).
So that every claim and target is judged (extra_configs(), counters(); with
random numbers of their own, so the rows above keep theirs): the distance
field at k = 16, on a second field and with 8192 points; the ray tracer
with 2340 spheres; the seed's reduction configuration's other steps and
the bound no-combine beside small-n (registered in ladder order); seed
004's offsets and the local-memory kernels; after the last trial a profile
run per binary with Nsight Compute counters (the distance field's twice,
the older one's values 3 x; one row stored as before the configuration
columns); every run's launch floor timed the minimal way too (0.25 us
under on machine 0, 0.05 us elsewhere); and the minimal harness's CUB
(1 us above the project's on machine 1).
Every timed result stores its samples (result_sample; reps = their count):
3 to 9 around its time (their median is that time), except two short
configurations' 20 to 400 with quarters apart by the machine (the timing
protocol's quarter test); every minimal-harness sample set likewise.
"""

import random
import sys


def q(v):
    if v is None:
        return 'NULL'
    if isinstance(v, str):
        return "'" + v.replace("'", "''") + "'"
    if isinstance(v, float):
        return repr(v)
    return str(v)


def insert(table, row):
    print("INSERT INTO %s (%s) VALUES (%s);" % (table, ', '.join(row), ', '.join(q(v) for v in row.values())))


def samples_around(rs, ms, spread):
    """the samples of a result whose median is ms (in whole nanoseconds):
    3 to 9 of them, odd and even counts, half below and half above it
    within spread (for an even count the middle two equally far from it),
    in a shuffled (sampling) order; a result_sample text"""
    c = max(2, int(round(ms * 1e6)))
    m = rs.randint(3, 9)
    d = sorted(min(c - 1, rs.randint(1, max(1, int(spread * 1e6)))) for _ in range(m // 2))
    ns = [c - x for x in d] + [c + d[0]] + [c + x for x in d[1:]] + ([c] if m % 2 else [])
    rs.shuffle(ns)
    return ' '.join(str(x) for x in ns)


def insert_timed(rs, row, ns):
    """a timed result (row, its reps the samples' count) and its samples"""
    row['reps'] = len(ns.split(' '))
    insert('result', row)
    insert('result_sample', {'result_id': row['result_id'], 'ns': ns})


BW = {'neighbored': 900.0, 'interleaved': 1500.0, 'unroll8': 3800.0, 'small-n': 3000.0, 'one-launch': 3300.0,
      'cub': 4300.0, 'cpu-serial': 20.0}
SETUP = {'cub': 1.0}      # CUB's fixed cost beyond its launches (us): at 2^24 it sits in 20-100 us
LAUNCHES = {'neighbored': 2, 'interleaved': 2, 'unroll8': 2, 'small-n': 1, 'one-launch': 1, 'cub': 2,
            'cpu-serial': None}


def configs():
    """Every configuration: (study, config_key, variant, dtype, n, block, params, cache, timer, flush, mode,
    launches, bytes, base_us, trials_max) where trials_max limits the trials that time it (None: all)."""
    out = []
    ladder = ('neighbored', 'interleaved', 'unroll8', 'small-n', 'one-launch', 'cub')
    for dtype in ('int32', 'float32'):
        for n in (1 << 10, 1 << 16, 1 << 18, 1 << 20, 1 << 23, 1 << 24, 1 << 28):
            # 2^23: small-n and CUB only (CUB at 10-20 us); 2^24: int32 in
            # blocks of 256 only (a band of fewer than 20 ratio deviations)
            # float32 at 2^24: the seed's configuration (block 1024), two steps
            for variant in (('small-n', 'cub') if n == 1 << 23 else ('neighbored', 'interleaved')
                            if (n, dtype) == (1 << 24, 'float32') else ladder):
                for block in ((256,) if (n, dtype) == (1 << 24, 'int32') else (1024,) if n == 1 << 24 else (256, 1024)):
                    launches = LAUNCHES[variant]
                    base = 2.2 * launches + SETUP.get(variant, 0) + 4 * n / (BW[variant] * 1e3) * \
                        (1.0 if block == 256 else 1.03)
                    if (variant, n) == ('small-n', 1 << 20):
                        base *= 1.36     # about 1.3 x CUB: the target's threshold
                    key = 'dtype=%s n=%d block=%d loads=8 grid=1 variant=%s cache=cold' % (dtype, n, block, variant)
                    limit = 1 if (dtype, n, variant, block) == ('float32', 1 << 10, 'unroll8', 1024) else \
                        2 if (n, variant, block) == (1 << 18, 'interleaved', 1024) else None
                    out.append(('reduce', key, variant, dtype, n, block, '{"loads":8,"grid":1}', 'cold', 'cuda-event',
                                'clean', 'single', launches, 4 * n + 4, base, limit))
            # a tuning row: unroll8 with 4 loads, a little faster at 2^28
            if n == 1 << 28:
                key = 'dtype=%s n=%d block=256 loads=4 grid=1 variant=unroll8 cache=cold' % (dtype, n)
                out.append(('reduce', key, 'unroll8', dtype, n, 256, '{"loads":4,"grid":1}', 'cold', 'cuda-event',
                            'clean', 'single', 2, 4 * n + 4, 4.4 + 4 * n / (3950.0 * 1e3), None))
            if n in (1 << 16, 1 << 20):
                key = 'dtype=%s n=%d block=256 loads=8 grid=1 variant=cpu-serial cache=cold' % (dtype, n)
                out.append(('reduce', key, 'cpu-serial', dtype, n, 256, '{"loads":8,"grid":1}', 'cold', 'host-clock',
                            None, 'single', None, 4 * n, 4 * n / (BW['cpu-serial'] * 1e3), None))
            # batch rows of one launch under 20 us: exactly the 20 configurations
            # the floor fit needs (2 variants x 5 sizes x 2 types)
            for variant in ('small-n', 'one-launch', 'cub'):
                if n > 1 << 23:
                    continue
                base = 2.2 * LAUNCHES[variant] + SETUP.get(variant, 0) + 4 * n / (BW[variant] * 1e3)
                common = ('reduce', variant, dtype, n, 256, '{"loads":8,"grid":1}')
                k = 'dtype=%s n=%d block=256 loads=8 grid=1 variant=%s cache=cold' % (dtype, n, variant)
                out.append(common[:1] + (k + ' mode=batch',) + common[1:] +
                           ('cold', 'cuda-event', 'clean', 'batch', LAUNCHES[variant], 4 * n + 4, base * 0.6, None))
                if variant == 'one-launch':
                    continue
                out.append(common[:1] + (k + ' mode=graph',) + common[1:] +
                           ('cold', 'cuda-event', 'clean', 'graph', LAUNCHES[variant], 4 * n + 4, base * 0.5, None))
                out.append(common[:1] + (k + ' flush=memset',) + common[1:] +
                           ('cold', 'cuda-event', 'memset', 'single', LAUNCHES[variant], 4 * n + 4, base * 1.05, None))
                out.append(common[:1] + (k.replace('cache=cold', 'cache=warm'),) + common[1:] +
                           ('warm', 'cuda-event', 'none', 'single', LAUNCHES[variant], 4 * n + 4, base * 0.8, None))
    for k in (1, 8, 32):
        for variant, speed in (('global', 1.0), ('constant', 0.7 if k == 1 else 1.6), ('readonly', 0.9)):
            key = 'grid=2048 points=1024 k=%d tile=16 variant=%s cache=cold' % (k, variant)
            out.append(('distance', key, variant, None, 2048 * 2048, None,
                        '{"grid":2048,"points":1024,"k":%d,"tile":16}' % k, 'cold', 'cuda-event', 'clean', 'single', 1,
                        2048 * 2048 * 4, 150.0 * speed * (1 + k / 64), None))
    for variant, ks in (('read-offset', (0, 1, 11)), ('read-stride', (1, 2, 32))):
        for k in ks:
            slow = 1.0 if variant == 'read-offset' and k == 0 else 1.07 if variant == 'read-offset' else min(k, 8.0)
            key = 'variant=%s n=67108864 block=256 k=%d l1=ca cache=cold' % (variant, k)
            out.append(('access', key, variant, 'float32', 1 << 26, 256, '{"k":%d,"l1":"ca"}' % k, 'cold', 'cuda-event',
                        'clean', 'single', 1, (1 << 26) * 8, 2.0 + (1 << 26) * 8 / 3900e3 * slow, None))
    # the ray tracer at five sizes (over 100 us), constant's largest in the
    # first three trials only: with four trials, 20 deviations of global's
    # and 19 of constant's, on each side of the 20 a group needs
    for variant in ('global', 'constant'):
        for size in (256, 384, 512, 768, 1024):
            key = 'size=%d spheres=100 tile=16 variant=%s cache=cold' % (size, variant)
            out.append(('raytrace', key, variant, None, size * size, None,
                        '{"size":%d,"spheres":100,"tile":16}' % size, 'cold', 'cuda-event', 'clean', 'single', 1,
                        size * size * 4, 100.0 + size * (0.2 if variant == 'global' else 0.15),
                        3 if (variant, size) == ('constant', 1024) else None))
    # small-n at 2^16 a second time in every run, under a key of before the
    # loads and grid axes (their defaults): one pair with CUB, two values a run
    out.append(('reduce', 'dtype=int32 n=65536 block=256 variant=small-n cache=cold', 'small-n', 'int32', 1 << 16, 256,
                '{}', 'cold', 'cuda-event', 'clean', 'single', 1, 4 * (1 << 16) + 4,
                2.2 + 4 * (1 << 16) / (BW['small-n'] * 1e3), None))
    # stencil: trial 1 as measured before result.flush and floor_us (the
    # run's launch floor corrects it), the later trials under the same key
    # with the clean flush: two configurations of one key
    for variant in ('global', 'shared', 'tex'):
        key = 'variant=%s size=1024 block=256 cache=cold' % variant
        out.append(('stencil', key, variant, 'float32', 1024 * 1024, 256, '{"size":1024}', 'cold', 'cuda-event',
                    None, 'single', None, 1024 * 1024 * 8, 12.0 + (3 if variant == 'global' else 0), None))
    return out


# the configurations whose samples are stored (short, one launch a sample)
SAMPLED = ('dtype=int32 n=1024 block=256 loads=8 grid=1 variant=small-n cache=cold',
           'dtype=int32 n=1024 block=256 loads=8 grid=1 variant=cub cache=cold')


def extra_configs():
    """The claims' and the timing protocol's configurations (their own
    random numbers: the rows of configs() keep theirs), as configs():
    the distance field at k = 16, on a 1024 x 1024 field (constant slower
    than global there) and with 8192 points (64 KB); the ray tracer with
    2340 spheres (trial 1 only: no deviation); the seed's reduction
    configuration's other steps (float32, 2^24, block 1024) and the bound
    no-combine beside small-n; seed 004's offsets (2^20, block 512, L1 on
    and off) and the local-memory kernels."""
    out = []
    for variant, speed in (('global', 1.15), ('constant', 12.0), ('readonly', 1.0)):
        out.append(('distance', 'grid=2048 points=1024 k=16 tile=16 variant=%s cache=cold' % variant, variant, None,
                    2048 * 2048, None, '{"grid":2048,"points":1024,"k":16,"tile":16}', 'cold', 'cuda-event', 'clean',
                    'single', 1, 2048 * 2048 * 4, 150.0 * speed, None))
    for variant, speed in (('global', 1.0), ('constant', 1.2), ('readonly', 0.95)):
        out.append(('distance', 'grid=1024 points=1024 k=1 tile=16 variant=%s cache=cold' % variant, variant, None,
                    1024 * 1024, None, '{"grid":1024,"points":1024,"k":1,"tile":16}', 'cold', 'cuda-event', 'clean',
                    'single', 1, 1024 * 1024 * 4, 40.0 * speed, None))
    for variant, speed in (('global', 1.0), ('constant', 0.8)):
        out.append(('distance', 'grid=2048 points=8192 k=1 tile=16 variant=%s cache=cold' % variant, variant, None,
                    2048 * 2048, None, '{"grid":2048,"points":8192,"k":1,"tile":16}', 'cold', 'cuda-event', 'clean',
                    'single', 1, 2048 * 2048 * 4, 1200.0 * speed, None))
    for variant, us in (('global', 420.0), ('constant', 300.0)):
        out.append(('raytrace', 'size=1024 spheres=2340 tile=16 variant=%s cache=cold' % variant, variant, None,
                    1024 * 1024, None, '{"size":1024,"spheres":2340,"tile":16}', 'cold', 'cuda-event', 'clean',
                    'single', 1, 1024 * 1024 * 4, us, 1))
    for variant, bw in (('neighbored-less-divergence', 1100.0), ('unroll2', 2400.0), ('unroll4', 3300.0),
                        ('unroll-warps8', 3790.0), ('complete-unroll-warps8', 3850.0), ('unroll8', 3800.0)):
        n = 1 << 24
        out.append(('reduce', 'dtype=float32 n=%d block=1024 loads=8 grid=1 variant=%s cache=cold' % (n, variant),
                    variant, 'float32', n, 1024, '{"loads":8,"grid":1}', 'cold', 'cuda-event', 'clean', 'single', 2,
                    4 * n + 4, 4.4 + 4 * n / (bw * 1e3) * 1.03, None))
    for n in (1 << 16, 1 << 18, 1 << 20):
        out.append(('reduce', 'dtype=int32 n=%d block=256 loads=8 grid=1 variant=no-combine cache=cold' % n,
                    'no-combine', 'int32', n, 256, '{"loads":8,"grid":1}', 'cold', 'cuda-event', 'clean', 'single', 1,
                    4 * n + 4, 2.2 + 4 * n / (3400.0 * 1e3), None))
    for l1 in ('ca', 'cg'):
        for k, slow in ((0, 1.0), (11, 1.03), (128, 1.01)):
            out.append(('access', 'variant=read-offset n=1048576 block=512 k=%d l1=%s cache=cold' % (k, l1),
                        'read-offset', 'float32', 1 << 20, 512, '{"k":%d,"l1":"%s"}' % (k, l1), 'cold', 'cuda-event',
                        'clean', 'single', 1, (1 << 20) * 8, 30.0 * slow, None))
    for variant, slow in (('local-static', 1.0), ('local-dynamic', 3.0)):
        out.append(('access', 'variant=%s n=67108864 block=256 l1=ca cache=cold' % variant, variant, 'float32', 1 << 26,
                    256, '{"l1":"ca"}', 'cold', 'cuda-event', 'clean', 'single', 1, (1 << 26) * 8,
                    2.0 + (1 << 26) * 8 / 3900e3 * slow, None))
    return out


def counters(dev):
    """Nsight Compute counters of one machine, as profile runs store them:
    (binary, config_key, variant, dtype, n, block, params, kernel, metric,
    value, relative spread of the passes). The distance field's IDC and L1
    requests at k = 1 (1024 and 8192 points: a constant read broadcast as
    the seed says on odd machines, one request per lane's point on even
    ones) and k = 32, the ray tracer's DRAM bytes and issue activity (two
    kernels: the duration-weighted mean), seed 004's sector counters and
    the local-memory kernels' DRAM bytes."""
    out = []
    x = 0.0625 if dev % 2 else 1.0
    for p, k in ((1024, 1), (8192, 1), (1024, 32)):
        params = '{"grid":2048,"points":%d,"k":%d,"tile":16}' % (p, k)
        loads = 2048 * 2048 // 32 * p
        for variant in ('constant', 'global'):
            key = 'grid=2048 points=%d k=%d tile=16 variant=%s cache=cold' % (p, k, variant)
            row = ('distance', key, variant, None, 2048 * 2048, None, params, 'distance_kernel')
            if variant == 'constant':
                req = loads * x * (32 if k == 32 else 1)
                out += [row + ('idc__requests.sum', req, 0.002), row + ('idc__requests_lookup_hit.sum', req * 0.99, 0.01),
                        row + ('idc__requests_lookup_miss.sum', req * 0.01, 0.05)]
            else:
                out += [row + ('l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum', loads, 0.001),
                        row + ('l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum', loads * 1.0, 0.001)]
    for variant, dram, issue in (('constant', 1e8, 60.0), ('global', 3e8, 50.0 if dev % 2 else 59.0)):
        key = 'size=1024 spheres=100 tile=16 variant=%s cache=cold' % variant
        for kernel, share in (('render', 0.9), ('clear', 0.1)):
            row = ('raytrace', key, variant, None, 1024 * 1024, None, '{"size":1024,"spheres":100,"tile":16}', kernel)
            out += [row + ('dram__bytes_read.sum', dram * share, 0.01),
                    row + ('smsp__issue_active.avg.pct_of_peak_sustained_active', issue * (1.2 - share), 0.005),
                    row + ('gpu__time_duration.sum', 1e5 * share, 0.01)]
    for l1, most in (('ca', 9.0), ('cg', 5.0)):
        for k, pct in ((0, 100.0), (11, 81.0), (128, 99.0)):
            key = 'variant=read-offset n=16777216 block=512 k=%d l1=%s cache=cold' % (k, l1)
            row = ('access', key, 'read-offset', 'float32', 1 << 24, 512, '{"k":%d,"l1":"%s"}' % (k, l1), 'read_offset')
            req = (1 << 24) / 32
            out += [row + ('smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct', pct, 0.005),
                    row + ('l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum', req, 0.0),
                    row + ('l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum', req * (most if k == 11 else 4.0), 0.002)]
    for variant, dram in (('local-static', 5.4e8), ('local-dynamic', 1.6e9)):
        key = 'variant=%s n=67108864 block=256 l1=ca cache=cold' % variant
        row = ('access', key, variant, 'float32', 1 << 26, 256, '{"l1":"ca"}', 'local_kernel')
        out += [row + ('dram__bytes_read.sum', dram * 0.6, 0.01), row + ('dram__bytes_write.sum', dram * 0.4, 0.01),
                row + ('lts__t_sector_hit_rate.pct', 40.0, 0.02)]
    return out


def main(argv):
    if len(argv) < 2 or not all(a.isdigit() and 1 <= int(a) <= 9 for a in argv[1:]):
        print("usage: oracle_fixture.py TRIALS... (one count, 1..9, per machine)", file=sys.stderr)
        return 2
    counts = [int(a) for a in argv[1:]]
    machines = len(counts)
    rnd = random.Random(' '.join(argv[1:]))
    devices = [('NVIDIA H200', 4814.304, t) for t in counts] + \
        ([('NVIDIA H100 80GB HBM3', 3352.32, 1)] if machines == 4 else [])
    cfgs = configs()
    run_id = result_id = 0
    rnd2 = random.Random('extra ' + ' '.join(argv[1:]))     # the rows of extra_configs() and the rest added since
    rs = random.Random('samples ' + ' '.join(argv[1:]))     # every result's samples (the others keep their numbers)
    extra = extra_configs()
    # the reduction's registry: one-launch and no-combine flagged bounds (no ladder step)
    for i, v in enumerate(('neighbored', 'neighbored-less-divergence', 'interleaved', 'unroll2', 'unroll4', 'unroll8',
                           'unroll-warps8', 'complete-unroll-warps8', 'small-n', 'one-launch', 'no-combine', 'cub',
                           'cpu-serial')):
        insert('variant', {'study': 'reduce', 'variant': v, 'ord': i + 1, 'description': v, 'bottleneck': '',
                           'flags': 'bound' if v in ('one-launch', 'no-combine') else 'host' if v == 'cpu-serial'
                           else '', 'origin': 'modern'})
    for i, (name, peak, trials) in enumerate(devices):
        dev = i + 1
        insert('device', {'device_id': dev, 'uuid': '%02x%030x' % (dev, rnd.getrandbits(120)), 'name': name,
                          'cc': '9.0', 'sm_count': 132, 'peak_gbps': peak})
        machine = 1 + rnd.uniform(-0.03, 0.03)
        floor_gpu = 2.2 + rnd.uniform(-0.4, 0.4)
        for trial in range(1, trials + 1):
            offset = rnd.gauss(0, 0.08)
            read = 4300.0 + rnd.uniform(-30, 30)
            for study in ('reduce', 'distance', 'access', 'stencil', 'raytrace'):
                parts = [('complete', None)]
                if dev == 1 and trial == 1 and study == 'reduce':
                    parts = [('incomplete', lambda j: j % 5 == 0), ('complete', lambda j: j % 5 != 0)]
                if dev == 1 and trial == 2 and study == 'distance':
                    parts = [('running', None), ('complete', None)]
                for status, subset in parts:
                    run_id += 1
                    launch = floor_gpu + offset + rnd.gauss(0, 0.01)
                    insert('run', {'run_id': run_id, 'study': study, 'binary': study, 'device_id': dev,
                                   'status': status, 'started_utc': '2026-01-%02dT%02d:00:00Z' % (trial, run_id % 24),
                                   'finished_utc': '2026-01-%02dT%02d:30:00Z' % (trial, run_id % 24),
                                   'argv': study, 'host': 'host%d' % (dev // 2), 'build_id': 'b-' + study,
                                   'kind': 'measure',
                                   'repeat_index': None if (dev == 1 and trial == 1) else
                                   trial - 3 if (dev == 3 and trial > 3) else trial,
                                   'launch_us': None if (dev == 2 and trial == 2) else launch,
                                   'launch_bare_us': None if (dev == 2 and trial == 2) else
                                   launch - (0.25 if dev == 1 else 0.05) + rnd2.gauss(0, 0.01),
                                   'read_gbps': read, 'copy_gbps_start': read * 0.95,
                                   'session': None if dev == 1 else 'sess-%d%s' % (dev, 'b' if dev == 3 and trial > 3 else '')})
                    rows = [c for c in cfgs if c[0] == study and (c[14] is None or trial <= c[14])]
                    for j, (st, key, variant, dtype, n, block, params, cache, timer, flush, mode, launches, nbytes,
                            base_us, _) in enumerate(rows):
                        if subset is not None and not subset(j):
                            continue
                        if st == 'stencil' and trial > 1:
                            flush, launches = 'clean', 1
                        result_id += 1
                        floor = None
                        us = base_us * machine * (1 + rnd.gauss(0, 0.015))
                        if timer == 'cuda-event' and mode in ('single', 'batch'):
                            us += (launches or 1) * offset * (0.8 if launches == 1 else 1.6)
                            if flush is not None:
                                floor = launch * (1.0 if mode == 'single' else 0.6) + rnd.gauss(0, 0.03)
                        if key == 'dtype=int32 n=8388608 block=1024 loads=8 grid=1 variant=cub cache=cold' \
                           and trial == trials:
                            us *= 3      # an outlier run: CUB's mean time in another band than its median
                        ms = us / 1000.0
                        spread = ms * rnd.uniform(0.002, 0.02)
                        has_ci = rnd.random() < 0.9
                        ok = not (study == 'access' and variant == 'read-stride' and dev == 1 and trial == 3
                                  and n == 1 << 26 and 'k=2 ' in key)
                        reps = rnd.randint(20, 400)
                        rnd.uniform(0.001, 0.15)     # (was the rsd: the samples give it now)
                        row = {
                            'result_id': result_id, 'run_id': run_id, 'study': st, 'config_key': key,
                            'variant': variant, 'dtype': dtype, 'n': n, 'block': block, 'params': params,
                            'cache': cache, 'timer': timer, 'status': 'ok' if ok else 'failed',
                            'reps': None, 'bytes_read': nbytes, 'bytes_written': 4,
                            'created_utc': '2026-01-01T00:00:00Z', 'flush': flush, 'mode': mode,
                            'launches': launches, 'floor_us': floor}
                        if not ok:
                            insert('result', row)
                        elif key in SAMPLED:
                            # the samples of two short configurations, reps of them, their
                            # quarters apart by dev x 0.2%
                            insert_timed(rs, row, ' '.join(
                                str(max(1, int(round(1e6 * ms * (1 + 0.002 * dev * (4 * rep // reps) / 3
                                                                 + rnd2.gauss(0, 0.01))))))
                                for rep in range(reps)))
                        else:
                            insert_timed(rs, row, samples_around(rs, ms, spread / 4 if has_ci else spread / 2))
                    if status == 'complete':
                        rows = [c for c in extra if c[0] == study and (c[14] is None or trial <= c[14])]
                        for st, key, variant, dtype, n, block, params, cache, timer, flush, mode, launches, \
                                nbytes, base_us, _ in rows:
                            result_id += 1
                            us = base_us * machine * (1 + rnd2.gauss(0, 0.015)) + launches * offset * 0.8
                            ms = us / 1000.0
                            spread = ms * rnd2.uniform(0.002, 0.02)
                            rnd2.randint(20, 400), rnd2.uniform(0.001, 0.15)     # (were reps and the rsd)
                            insert_timed(rs, {
                                'result_id': result_id, 'run_id': run_id, 'study': st, 'config_key': key,
                                'variant': variant, 'dtype': dtype, 'n': n, 'block': block, 'params': params,
                                'cache': cache, 'timer': timer, 'status': 'ok', 'bytes_read': nbytes,
                                'bytes_written': 4, 'created_utc': '2026-01-01T00:00:00Z', 'flush': flush,
                                'mode': mode, 'launches': launches, 'floor_us': launch + rnd2.gauss(0, 0.03)},
                                samples_around(rs, ms, spread / 4))
            # the minimal harness's CUB (coldbench), two sample sets per trial; 1 us above the
            # project's CUB under the memset flush on machine 2, at it elsewhere
            for n in (1 << 16, 1 << 20):
                for rep in (1, 2):
                    us = (2.2 * 2 + 1.0 + 4 * n / (BW['cub'] * 1e3)) * 1.05 * machine + 2 * offset * 1.6
                    ns = samples_around(rs, (us + (1.0 if dev == 2 else 0.0) + rnd2.gauss(0, 0.02)) / 1000, 0.0001)
                    insert('reference_timing', {'bench_uuid': 'cb-%d-%d' % (dev, trial), 'device_id': dev,
                                                'trial': trial, 'started_utc': '2026-01-%02dT00:00:00Z' % trial,
                                                'what': 'cub', 'dtype': 'int32', 'n': n, 'repeat': rep,
                                                'samples': len(ns.split(' ')), 'discarded': 0,
                                                'flush_bytes': 52428800, 'ns': ns})
            # a run that failed and was never resumed (another build): not counted
            if dev == 1 and trial == trials:
                run_id += 1
                insert('run', {'run_id': run_id, 'study': 'reduce', 'binary': 'reduce', 'device_id': dev,
                               'status': 'failed', 'started_utc': '2026-02-01T00:00:00Z', 'argv': 'reduce',
                               'build_id': 'b-old', 'kind': 'measure', 'repeat_index': trial})
                for c in cfgs[:5]:
                    result_id += 1
                    insert_timed(rs, {'result_id': result_id, 'run_id': run_id, 'study': c[0], 'config_key': c[1],
                                      'variant': c[2], 'dtype': c[3], 'n': c[4], 'block': c[5], 'params': c[6],
                                      'cache': c[7], 'timer': c[8], 'status': 'ok', 'bytes_read': c[12],
                                      'bytes_written': 4, 'created_utc': '2026-02-01T00:00:00Z', 'flush': c[9],
                                      'mode': c[10], 'launches': c[11], 'floor_us': 2.3},
                                 samples_around(rs, 1.0, 0.1))
            # a profile run: no timing rows
            run_id += 1
            insert('run', {'run_id': run_id, 'study': 'reduce', 'binary': 'reduce', 'device_id': dev,
                           'status': 'complete', 'started_utc': '2026-02-01T00:00:00Z', 'argv': 'reduce --profile',
                           'build_id': 'b-reduce', 'kind': 'profile'})
        # the counters: after the last trial, a profile run per binary (the
        # distance field's twice: the older one's values 3 x, which the
        # latest replaces); one row stored as before the configuration
        # columns (its key only)
        for binary, scale in (('distance', 3.0), ('distance', 1.0), ('raytrace', 1.0), ('access', 1.0)):
            run_id += 1
            insert('run', {'run_id': run_id, 'study': binary, 'binary': binary, 'device_id': dev,
                           'status': 'complete', 'started_utc': '2026-02-02T00:00:00Z', 'argv': binary + ' --profile',
                           'build_id': 'b-' + binary, 'kind': 'profile'})
            for study, key, variant, dtype, n, block, params, kernel, metric, value, spread in counters(dev):
                if study != binary:
                    continue
                v = value * scale * (1 + rnd2.gauss(0, 0.002))
                insert('counter', {'run_id': run_id, 'config_key': key, 'metric': metric, 'value': v,
                                   'unit': '%' if metric.endswith('pct') else '', 'variant': variant, 'dtype': dtype,
                                   'n': n, 'block': block, 'params': params, 'kernel': kernel, 'launches': 1,
                                   'combine': 'one', 'metric_set': binary, 'passes': 3,
                                   'min_value': v * (1 - spread), 'max_value': v * (1 + spread)})
            if binary == 'access':
                insert('counter', {'run_id': run_id, 'config_key': 'variant=read-offset n=16777216 block=512 k=0 l1=cg '
                                   'cache=cold', 'metric': 'lts__t_sector_hit_rate.pct', 'value': 50.0, 'unit': '%',
                                   'kernel': 'read_offset'})
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
