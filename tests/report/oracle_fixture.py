#!/usr/bin/env python3
"""tests/report/oracle_fixture.py: a synthetic measurement database for the
oracle (tests/report/test_oracle.sh), as SQL INSERTs on stdout (a dump:
`dbtool snapshot` reads it into a database of the current schema, and the
report's analysis runs on it as on the shipped data).

Usage: python3 tests/report/oracle_fixture.py [--new] MACHINE...
MACHINE: TRIALS[:MODEL], one per machine, in order: TRIALS 1..9 (the make
measure trials it ran), MODEL h200 (the default) or h100. Example:
'3 4 6 1:h100' is three H200s of 3, 4 and 6 trials and an H100 of one.

Machines and runs. A machine's uuid is 32 hex digits, its number first.
Each trial is one run per study (one process per binary), its launch floor
the machine's plus the process's offset. A machine of 4 trials or more ran
two invocations (run.session 'a' and 'b': the first half of its trials,
then the rest numbered 1.. again), one of fewer one. On machine 1: the first trial's runs have no session and no
repeat_index (trial 1 by default), its reduce run was interrupted
('incomplete') and resumed by a complete run, a killed run ('running') of
trial 2 holds results the report must not count, and so does a 'failed'
run of another build after the last trial that nothing resumed; one of its
access rows in trial 3 failed. Machine 2's second trial has no
run.launch_us. A profile run after every trial stores no timing.

Configurations: the reduction's ladder, CUB and small-n at int32 and
float32, n = 2^10 .. 2^28, two block sizes, a loads=4 tuning row, a
host-timed CPU row (no floor), batch, graph, warm and memset-flush rows,
the seed's float32 steps at 2^24 and the bound no-combine beside small-n
(the registry, table variant, flags it and one-launch bounds); the
distance field at k = 1, 8 and 32; the access study's offsets and strides;
the ray tracer at five sizes (constant's largest in the first three trials
only); stencil rows whose first trial was measured before result.flush and
result.floor_us (the run's launch floor corrects it; the later trials are
another configuration of the same key); small-n at 2^16 also under a key of
before the loads and grid axes. Some configurations are timed in the first
trial or two only. CUB at 2^23 in blocks of 1024 is 3 x slower in each
machine's last trial (its mean in another size band than its median).

Samples: every timed result stores its samples (result_sample; reps =
their count). A time under 20 us takes 10 to 40 samples on two levels
0.5 us apart, as short kernels show on these GPUs (two-launch kernels
alternate between them), the share at the upper level drawn anew in each
process, so that a trial's median jumps between the levels from process
to process while the mean and the interquartile mean move smoothly; a
longer time takes 5 to 20 samples around it; now and then one sample is
slow (up to twice the time). Times are a launch floor plus bytes over a
bandwidth, moved by the machine, the process's launch offset and noise (a
fixed seed per machine: the same SQL every time, and a machine's numbers
the same in every fixture that has it at that place).

--new: the other side of a comparison (`make compare`) with the fixture of
the same MACHINEs: machine 1 re-timed (interleaved 8% slower, unroll8 8%
faster, every other configuration as before but for its noise), machine 2
the very same runs (run.run_uuid and samples: one measurement on both
sides), and one more machine of machine 1's model with 3 trials that the
other side lacks (compared with all of that side's machines of its model).
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


def samples(rs, us, upper):
    """A result's samples (whole nanoseconds, in the order taken) about a
    time of us microseconds: under 20 us 10 to 40 of them, each on the
    lower level (us) or, with probability upper, on the upper one (us +
    0.5), with 0.02 us of noise; else 5 to 20 with 0.4% of noise; one sample
    in five results slow by 20-100%. Always the same number of draws."""
    short = us < 20
    n = rs.randint(10, 40) if short else rs.randint(5, 20)
    xs = []
    for _ in range(n):
        hi, noise = rs.random() < upper, rs.gauss(0, 1)
        xs.append(us + 0.5 * hi + 0.02 * noise if short else us * (1 + 0.004 * noise))
    slow, where, by = rs.random() < 0.2, rs.randrange(n), rs.uniform(0.2, 1.0)
    if slow:
        xs[where] += us * by
    return ' '.join(str(max(1, int(round(x * 1000)))) for x in xs)


BW = {'neighbored': 900.0, 'interleaved': 1500.0, 'unroll8': 3800.0, 'small-n': 3000.0, 'one-launch': 3300.0,
      'cub': 4300.0, 'cpu-serial': 20.0}
SETUP = {'cub': 1.0}      # CUB's fixed cost beyond its launches (us): at 2^24 it sits in 20-100 us
LAUNCHES = {'neighbored': 2, 'interleaved': 2, 'unroll8': 2, 'small-n': 1, 'one-launch': 1, 'cub': 2,
            'cpu-serial': None}
# --new: machine 1's re-timing, per variant
RETIME = {'interleaved': 1.08, 'unroll8': 0.92}


def configs():
    """Every configuration: (study, config_key, variant, dtype, n, block, params, cache, timer, flush, mode,
    launches, bytes, base_us, trials_max) where trials_max limits the trials that time it (None: all)."""
    out = []
    ladder = ('neighbored', 'interleaved', 'unroll8', 'small-n', 'one-launch', 'cub')
    for dtype in ('int32', 'float32'):
        for n in (1 << 10, 1 << 16, 1 << 18, 1 << 20, 1 << 23, 1 << 24, 1 << 28):
            # 2^23: small-n and CUB only (CUB at 10-20 us); 2^24: int32 in
            # blocks of 256 only; float32 at 2^24: the seed's configuration
            # (block 1024), two steps
            for variant in (('small-n', 'cub') if n == 1 << 23 else ('neighbored', 'interleaved')
                            if (n, dtype) == (1 << 24, 'float32') else ladder):
                for block in ((256,) if (n, dtype) == (1 << 24, 'int32') else (1024,) if n == 1 << 24 else (256, 1024)):
                    launches = LAUNCHES[variant]
                    base = 2.2 * launches + SETUP.get(variant, 0) + 4 * n / (BW[variant] * 1e3) * \
                        (1.0 if block == 256 else 1.03)
                    if (variant, n) == ('small-n', 1 << 20):
                        base *= 1.36
                    key = 'dtype=%s n=%d block=%d loads=8 grid=1 variant=%s cache=cold' % (dtype, n, block, variant)
                    limit = 1 if (dtype, n, variant, block) == ('float32', 1 << 10, 'unroll8', 1024) else \
                        2 if (n, variant, block) == (1 << 18, 'interleaved', 1024) else None
                    out.append(('reduce', key, variant, dtype, n, block, '{"loads":8,"grid":1}', 'cold', 'cuda-event',
                                'clean', 'single', launches, 4 * n + 4, base, limit))
            if n == 1 << 28:     # a tuning row: unroll8 with 4 loads
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
    # the seed's configuration's other steps (float32, 2^24, block 1024) and
    # the bound no-combine beside small-n
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
    # small-n at 2^16 a second time in every run, under a key of before the
    # loads and grid axes (their defaults)
    out.append(('reduce', 'dtype=int32 n=65536 block=256 variant=small-n cache=cold', 'small-n', 'int32', 1 << 16, 256,
                '{}', 'cold', 'cuda-event', 'clean', 'single', 1, 4 * (1 << 16) + 4,
                2.2 + 4 * (1 << 16) / (BW['small-n'] * 1e3), None))
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
    # first three trials only
    for variant in ('global', 'constant'):
        for size in (256, 384, 512, 768, 1024):
            key = 'size=%d spheres=100 tile=16 variant=%s cache=cold' % (size, variant)
            out.append(('raytrace', key, variant, None, size * size, None,
                        '{"size":%d,"spheres":100,"tile":16}' % size, 'cold', 'cuda-event', 'clean', 'single', 1,
                        size * size * 4, 100.0 + size * (0.2 if variant == 'global' else 0.15),
                        3 if (variant, size) == ('constant', 1024) else None))
    # stencil: trial 1 as measured before result.flush and floor_us, the
    # later trials under the same key with the clean flush
    for variant in ('global', 'shared', 'tex'):
        key = 'variant=%s size=1024 block=256 cache=cold' % variant
        out.append(('stencil', key, variant, 'float32', 1024 * 1024, 256, '{"size":1024}', 'cold', 'cuda-event',
                    None, 'single', None, 1024 * 1024 * 8, 12.0 + (3 if variant == 'global' else 0), None))
    return out


MODELS = {'h200': ('NVIDIA H200', 4814.304), 'h100': ('NVIDIA H100 80GB HBM3', 3352.32)}


def machine(dev, name, peak, trials, ids, new):
    """One machine's rows: its device, runs, results and samples. dev: its
    number (1..); ids: the next run and result ids (updated); new: re-time
    it as --new says (machine 1 only)."""
    rnd = random.Random('machine %d %s' % (dev, name))      # the machine's own numbers
    rs = random.Random('samples %d %s' % (dev, name))       # its samples
    insert('device', {'device_id': dev, 'uuid': '%02x%030x' % (dev, rnd.getrandbits(120)), 'name': name,
                      'cc': '9.0', 'sm_count': 132, 'peak_gbps': peak})
    cfgs = configs()
    speed = 1 + rnd.uniform(-0.03, 0.03)
    floor_gpu = 2.2 + rnd.uniform(-0.4, 0.4)
    first = (trials + 1) // 2 if trials >= 4 else trials      # the first invocation's trials
    for trial in range(1, trials + 1):
        offset = rnd.gauss(0, 0.08)
        read = 4300.0 + rnd.uniform(-30, 30)
        session = None if (dev == 1 and trial == 1) else 'sess-%d%s' % (dev, 'a' if trial <= first else 'b')
        index = None if (dev == 1 and trial == 1) else trial if trial <= first else trial - first
        for study in ('reduce', 'distance', 'access', 'stencil', 'raytrace'):
            parts = [('complete', None)]
            if dev == 1 and trial == 1 and study == 'reduce':
                parts = [('incomplete', lambda j: j % 5 == 0), ('complete', lambda j: j % 5 != 0)]
            if dev == 1 and trial == 2 and study == 'distance':
                parts = [('running', None), ('complete', None)]
            for status, subset in parts:
                ids['run'] += 1
                run_id = ids['run']
                launch = floor_gpu + offset + rnd.gauss(0, 0.01)
                insert('run', {'run_id': run_id, 'run_uuid': 'run-%d-%d-%s-%s' % (dev, trial, study, status),
                               'study': study, 'binary': study, 'device_id': dev, 'status': status,
                               'started_utc': '2026-01-%02dT%02d:00:00Z' % (trial, run_id % 24),
                               'finished_utc': '2026-01-%02dT%02d:30:00Z' % (trial, run_id % 24),
                               'argv': study, 'host': 'host%d' % dev, 'build_id': 'b-' + study,
                               'git_commit': 'c0ffee1', 'kind': 'measure', 'repeat_index': index,
                               'launch_us': None if (dev == 2 and trial == 2) else launch,
                               'launch_bare_us': None if (dev == 2 and trial == 2) else launch - 0.05,
                               'read_gbps': read, 'copy_gbps_start': read * 0.95, 'session': session})
                rows = [c for c in cfgs if c[0] == study and (c[14] is None or trial <= c[14])]
                for j, (st, key, variant, dtype, n, block, params, cache, timer, flush, mode, launches, nbytes,
                        base_us, _) in enumerate(rows):
                    if subset is not None and not subset(j):
                        continue
                    if st == 'stencil' and trial > 1:
                        flush, launches = 'clean', 1
                    ids['result'] += 1
                    floor = None
                    us = base_us * speed * (1 + rnd.gauss(0, 0.015))
                    if timer == 'cuda-event' and mode in ('single', 'batch'):
                        us += (launches or 1) * offset * (0.8 if launches == 1 else 1.6)
                        if flush is not None:
                            floor = launch * (1.0 if mode == 'single' else 0.6) + rnd.gauss(0, 0.03)
                    if key == 'dtype=int32 n=8388608 block=1024 loads=8 grid=1 variant=cub cache=cold' \
                       and trial == trials:
                        us *= 3      # an outlier run: CUB's mean time in another band than its median
                    if new:
                        us *= RETIME.get(variant, 1.0) * (1 + rnd.gauss(0, 0.01))
                    upper = rnd.uniform(0.2, 0.8)
                    ok = not (study == 'access' and variant == 'read-stride' and dev == 1 and trial == 3
                              and 'k=2 ' in key)
                    row = {'result_id': ids['result'], 'run_id': run_id, 'study': st, 'config_key': key,
                           'variant': variant, 'dtype': dtype, 'n': n, 'block': block, 'params': params,
                           'cache': cache, 'timer': timer, 'status': 'ok' if ok else 'failed', 'reps': None,
                           'bytes_read': nbytes, 'bytes_written': 4, 'created_utc': '2026-01-01T00:00:00Z',
                           'flush': flush, 'mode': mode, 'launches': launches, 'floor_us': floor}
                    ns = samples(rs, us, upper)
                    if ok:
                        row['reps'] = len(ns.split(' '))
                    insert('result', row)
                    if ok:
                        insert('result_sample', {'result_id': ids['result'], 'ns': ns})
        # a run that failed and was never resumed (another build): not counted
        if dev == 1 and trial == trials:
            ids['run'] += 1
            insert('run', {'run_id': ids['run'], 'run_uuid': 'run-%d-old' % dev, 'study': 'reduce',
                           'binary': 'reduce', 'device_id': dev, 'status': 'failed',
                           'started_utc': '2026-02-01T00:00:00Z', 'argv': 'reduce', 'build_id': 'b-old',
                           'kind': 'measure', 'repeat_index': index, 'session': session})
            for c in cfgs[:5]:
                ids['result'] += 1
                ns = samples(rs, 1000.0, 0.5)
                insert('result', {'result_id': ids['result'], 'run_id': ids['run'], 'study': c[0], 'config_key': c[1],
                                  'variant': c[2], 'dtype': c[3], 'n': c[4], 'block': c[5], 'params': c[6],
                                  'cache': c[7], 'timer': c[8], 'status': 'ok', 'reps': len(ns.split(' ')),
                                  'bytes_read': c[12], 'bytes_written': 4, 'created_utc': '2026-02-01T00:00:00Z',
                                  'flush': c[9], 'mode': c[10], 'launches': c[11], 'floor_us': 2.3})
                insert('result_sample', {'result_id': ids['result'], 'ns': ns})
        # a profile run: no timing rows
        ids['run'] += 1
        insert('run', {'run_id': ids['run'], 'run_uuid': 'run-%d-%d-profile' % (dev, trial), 'study': 'reduce',
                       'binary': 'reduce', 'device_id': dev, 'status': 'complete',
                       'started_utc': '2026-02-01T00:00:00Z', 'argv': 'reduce --profile', 'build_id': 'b-reduce',
                       'kind': 'profile'})


def main(argv):
    args = argv[1:]
    new = bool(args) and args[0] == '--new'
    if new:
        args = args[1:]
    specs = []
    for a in args:
        t, _, m = a.partition(':')
        if not (t.isdigit() and 1 <= int(t) <= 9) or (m or 'h200') not in MODELS:
            specs = []
            break
        specs.append((int(t), m or 'h200'))
    if not specs:
        print("usage: oracle_fixture.py [--new] TRIALS[:h200|h100]... (a trial count, 1..9, per machine)",
              file=sys.stderr)
        return 2
    # the reduction's registry: one-launch and no-combine flagged bounds (no ladder step)
    for i, v in enumerate(('neighbored', 'neighbored-less-divergence', 'interleaved', 'unroll2', 'unroll4', 'unroll8',
                           'unroll-warps8', 'complete-unroll-warps8', 'small-n', 'one-launch', 'no-combine', 'cub',
                           'cpu-serial')):
        insert('variant', {'study': 'reduce', 'variant': v, 'ord': i + 1, 'description': v, 'bottleneck': '',
                           'flags': 'bound' if v in ('one-launch', 'no-combine') else 'host' if v == 'cpu-serial'
                           else '', 'origin': 'modern'})
    ids = {'run': 0, 'result': 0}
    for i, (trials, model) in enumerate(specs):
        machine(i + 1, MODELS[model][0], MODELS[model][1], trials, ids, new and i == 0)
    if new:      # a machine the other side lacks, of machine 1's model
        machine(len(specs) + 1, MODELS[specs[0][1]][0], MODELS[specs[0][1]][1], 3, ids, False)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
