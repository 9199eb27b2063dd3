#!/usr/bin/env python3
"""tests/report/oracle.py: an independent oracle of the report's statistics.

Reads only the raw tables of a report snapshot (device, run, result,
result_sample: each result's statistics are computed here from its
samples, and for the claims and the timing protocol counter and
reference_timing), works out the report's statistics and verdicts with its
own code (Python's standard library:
no SQL expression of the views is reused; SQLite only reads rows) and
compares them with what the views of the same database give, relative
tolerance 1e-9. The method it implements, from its definition
(the trial views of reports/analysis/20-trials.sql and 26-pairs.sql):

  floor     run_floor, gpu_floor: the mean launch floor (result.floor_us) of
            a run / a GPU per mode; floor_beta: per GPU, mode and launches,
            the pooled least-squares slope of the short (< 20 us) trial
            medians on their run's floor offset, fitted from 20 or more
            configurations of two or more trials, else beta = launches
  trial     each trial median less beta x its run's floor offset
  centre    per configuration the mean of its trial medians (not their
            median: each process adds its own offset to a short time); size
            band of the centre (under 20 us, 20-100 us, 100 us or more); every
            trial against the mean of the others (leave-one-trial-out)
  interval  centre x (1 -/+ max(h, the trials' own relative range)), h the
            ceil(0.95 (m + 1))-th smallest of the m deviations of the GPU's
            configurations of the same variant (else timer class, else band,
            else all bands: the first with 20 deviations or more)
  model     per GPU model the median over its machines (the true median:
            the mean of the middle two for an even count)
  ratios    26-pairs.sql: two configurations' trial medians within one
            process (GPU, session, trial, binary, build), every kind (cub,
            step, total, pick, flush, bound and the claims'), the median over
            processes, the interval as above from the runs' deviations per
            kind (the band the numerator's median); one process: the
            runs' own intervals of the median combined (basis 'one run')
  held out  the best hand-written reduction chosen on trial 1 and timed on
            the mean of the other trials; the targets judged on them
  targets   every verdict column against its goal: the ladder's
            (reduce_top_target, target_model), small-n's
            over the floor model (small_n_target; its ratio over CUB
            reported, small_n_gpu), the timing protocol's (protocol_offset,
            protocol_place, minimal_harness, small_n_bound: small-n over
            its bound on the paired interval of kind bound) and the
            invocations' agreement (session_agreement_verdict: the share's
            Wilson interval)
  claims    claim_verdict: every claim's rule (70-claims.sql) on every GPU,
            from the oracle's own intervals, the latest results
            (latest_default) and the Nsight Compute counters (the latest
            profile run per configuration and metric, combined over the
            kernels: counter_config, counter_constant, counter_local,
            access_counter), with SQL's NULL logic (a rule's comparison
            with a missing value is unknown and takes no branch); the
            claims' intervals (const_uniform_ci, const_slow_ci, rt_pair_ci,
            access_flat_ci, reduce_seedcfg) compared on the way
  checks    every held-out trial (ratio) against the interval of the others,
            sized on the other half; trials and machines within 2%

The thresholds are constants here, the values of report_setting, seed_claim
and sqlstats.c (20 deviations, 20 configurations, the bands' 20 and 100 us,
the targets' 1.02, 93%, 1.2, 1.5, the claims' settings and seed values, see
'settings' below): a threshold changed there must be changed here too, or
the oracle names every value and verdict it moves.

Usage: python3 tests/report/oracle.py DB [--max-print N] [--only VIEW,...] [--load EXT]
EXT: a SQLite extension the views need (the report's statistics functions,
where the Makefile builds them: make print-SQLSTATS), loaded before reading.
Prints every mismatch as
  MISMATCH view key column sql=VALUE oracle=VALUE
(at most N per view, default 50; 0: all), a line per view checked and a
final line 'oracle: N values checked in M views, K mismatches'. Exit 0: no
mismatch; 1: mismatches; 2: bad usage or a database it cannot read.
"""

import math
import sqlite3
import statistics
import sys
import json

REL_TOL = 1e-9
# Columns that are differences of nearly equal numbers, where a relative
# tolerance means nothing: a deviation |a / b - 1| and a range over a centre
# are dimensionless, and 1e-12 of them is far below any printed digit (one
# unit in the last place of a time moves them by 1e-16 / their size).
# sd_rel is not printed by the report; the SQL computes it in one pass,
# sqrt((sum x^2 - k mean^2) / (k - 1)), which loses the small spreads (on
# the shipped data 1.31e-8 where the spread is 1.67e-8): 1e-8 absolute.
ABS_TOL = {'dev': 1e-12, 'rest_range': 1e-12, 'sd_rel': 1e-8}
SHORT_US = 20.0          # floor fit: configurations whose mean raw median is under this
MIN_CONFIGS = 20         # floor fit: configurations a class needs, else beta = launches
MIN_DEVIATIONS = 20      # an interval's group needs this many deviations
N_SEED, N_LARGE, N_SMALL, N_SMALLEST = 1 << 24, 1 << 28, 1 << 20, 1 << 16
N_ACCESS = 1 << 26


# ----------------------------------------------------------------- helpers --

def median(xs):
    """The median of a non-empty list: the middle value, or the mean of the
    middle two for an even count."""
    return statistics.median(xs)


def decode_ns(text):
    """a samples text (result_sample.ns): whole nanoseconds separated by single
    spaces, each from 1 to 1e13; anything else raises ValueError"""
    out = []
    for w in text.split(' '):
        if not w.isdigit() or not w.isascii() or w[0] == '0' or int(w) > 10 ** 13:
            raise ValueError('not a samples text: %r' % text[:80])
        out.append(int(w))
    return out


# The levels the engine declares (view stat_decl), read from the database
# (Raw): never typed here.
LEVEL = {}


def iqm_and_se(a):
    """the interquartile mean of the sorted list a (the mean of all but the
    floor(n/4) smallest and largest) and its Tukey-McLaughlin standard error
    (the winsorized values' stdev over (1 - 2 g / n) sqrt(n); 0 for one)"""
    n = len(a)
    g = n // 4
    v = math.fsum(a[g:n - g]) / (n - 2 * g)
    if n < 2:
        return v, 0.0
    w = [a[g]] * g + a[g:n - g] + [a[n - 1 - g]] * g
    return v, statistics.stdev(w) / ((1 - 2 * g / n) * math.sqrt(n))


def sample_stats(ns):
    """the statistics result_stat holds, from a result's samples (ns; None:
    no samples, no statistics): its value (the interquartile mean) and that
    value's interval at the one-run interval's level (value -/+ z se), how
    many, the median, the quartiles (linear interpolation), the rsd (sample
    stdev over the mean; 0 for one); milliseconds"""
    if ns is None:
        return {'samples': None, 'value_ms': None, 'median_ms': None, 'q1_ms': None, 'q3_ms': None, 'rsd': None,
                'ci_lo_ms': None, 'ci_hi_ms': None}
    a, n = sorted(ns), len(ns)

    def quantile(q):
        pos = q * (n - 1)
        lo = int(math.floor(pos))
        hi = min(lo + 1, n - 1)
        return (a[lo] + (a[hi] - a[lo]) * (pos - lo)) / 1e6
    z = statistics.NormalDist().inv_cdf(0.5 + LEVEL['one-run interval'] / 200)
    v, se = iqm_and_se(a)
    m = math.fsum(a) / n
    return {'samples': n, 'value_ms': v / 1e6, 'median_ms': median(a) / 1e6, 'q1_ms': quantile(0.25),
            'q3_ms': quantile(0.75), 'rsd': statistics.stdev(a) / m if n > 1 else 0.0,
            'ci_lo_ms': (v - z * se) / 1e6, 'ci_hi_ms': (v + z * se) / 1e6}


def conformal(devs, level='interval'):
    """The ceil(L (m + 1))-th smallest of m deviations (at most the largest),
    L the declared level: split-conformal. NULL deviations sort first, as
    SQLite's."""
    m = len(devs)
    r = min(m, -((-LEVEL[level] * (m + 1)) // 100))
    return sorted(devs, key=lambda d: (d is not None, d if d is not None else 0.0))[r - 1]


def mean(xs):
    return math.fsum(xs) / len(xs)


def default_key(key):
    """a configuration of the default flush and mode: its key names neither"""
    return ' flush=' not in key and ' mode=' not in key


def div(a, b):
    """a / b as SQL has it: NULL where either is NULL or b is 0."""
    if a is None or b is None or b == 0:
        return None
    return a / b


def sub(a, b):
    return None if a is None or b is None else a - b


def mul(a, b):
    return None if a is None or b is None else a * b


def smax(*xs):
    """SQLite's scalar max(): NULL if any argument is NULL."""
    return None if any(x is None for x in xs) else max(xs)


def band_of(ms):
    if ms is None:
        return 3
    return 1 if ms < 0.02 else 2 if ms < 0.1 else 3


def pos(x):
    """x > 0 with SQL's NULL: false."""
    return x is not None and x > 0


def lower_has(key, what):
    """SQL's `key LIKE '%what%'` (ASCII case-insensitive)."""
    return what in key.lower()


def nulls_first(v):
    """A sort key of a text or NULL value as SQLite orders them (NULL first,
    then by code point, as its BINARY collation of UTF-8)."""
    return (v is not None, v if v is not None else '')


def param(params, name):
    try:
        v = json.loads(params).get(name)
    except (ValueError, AttributeError):
        return None
    if isinstance(v, bool):
        return int(v)
    return v


def is_pow2(n):
    return n is not None and n > 0 and n & (n - 1) == 0


# ------------------------------------------------------------- comparison --

class Either(tuple):
    """the texts a value printed at a rounding tie may take (a time of whole
    nanoseconds, or a mean of two, is often exactly half a last digit: the
    SQL's and the oracle's floating-point value of it fall either side)"""


def fmt_tie(fmt, v):
    """fmt % v, or Either of the two texts where v is within 1e-12 of a
    rounding boundary of fmt"""
    lo, hi = fmt % (v * (1 - 1e-12)), fmt % (v * (1 + 1e-12))
    return lo if lo == hi else Either((lo, hi))


class Checker:
    """Compares rows keyed alike: a view's (from SQL) against the oracle's."""

    def __init__(self, max_print):
        self.max_print = max_print
        self.values = 0
        self.mismatches = 0
        self.views = 0

    @staticmethod
    def same(a, b, col=None):
        if a == b:           # most values: equal as they are
            return True
        if isinstance(b, Either):
            return a in b
        if a is None or b is None:
            return a is None and b is None
        if isinstance(a, (set, frozenset)) or isinstance(b, (set, frozenset)):
            return a == b
        if isinstance(a, (int, float)) and isinstance(b, (int, float)):
            if math.isnan(a) or math.isnan(b):
                return math.isnan(a) and math.isnan(b)
            return math.isclose(a, b, rel_tol=REL_TOL, abs_tol=ABS_TOL.get(col, 0.0))
        return a == b

    def compare(self, view, sql, oracle, cols):
        """sql, oracle: {key: row dict}; cols: the columns compared."""
        self.views += 1
        found = []       # (key, text) of every mismatch, printed in key order
        same = self.same
        for k in set(sql) | set(oracle):
            if k not in oracle:
                found.append((k, "MISMATCH %s %r row only in sql" % (view, k)))
                continue
            if k not in sql:
                found.append((k, "MISMATCH %s %r row only in oracle" % (view, k)))
                continue
            s, o = sql[k], oracle[k]
            self.values += len(cols)
            for c in cols:
                a, b = s.get(c), o.get(c)
                if a != b and not same(a, b, c):
                    found.append((k, "MISMATCH %s %r %s sql=%r oracle=%r" % (view, k, c, a, b)))
        bad = len(found)
        found.sort(key=lambda x: repr(x[0]))
        lines = [text for k, text in (found if self.max_print == 0 else found[:self.max_print])]
        for line in lines:
            print(line)
        if bad > len(lines):
            print("MISMATCH %s ... and %d more" % (view, bad - len(lines)))
        print("%s %s: %d rows, %d mismatches" % ("ok" if bad == 0 else "FAIL", view, len(sql), bad))
        self.mismatches += bad


def keyed(rows, keycols, sortcols=()):
    """{key: row}; rows sharing a key get the index of their order (by
    sortcols) as the key's last part, the same on both sides."""
    groups = {}
    for r in rows:
        groups.setdefault(tuple(r[c] for c in keycols), []).append(r)
    out = {}
    for k, rs in groups.items():
        if len(rs) == 1:
            out[k] = rs[0]
        else:
            rs.sort(key=lambda r: tuple(repr(r.get(c)) for c in sortcols))
            for i, r in enumerate(rs):
                out[k + ('#%d' % i,)] = r
    return out


def sql_rows(db, query):
    cur = db.execute(query)
    names = [d[0] for d in cur.description]
    return [dict(zip(names, row)) for row in cur]


# -------------------------------------------------------------- raw input --

class Raw:
    """The raw tables, as read from the database."""

    def __init__(self, db):
        for name, level in db.execute("SELECT name, level FROM stat_decl"):
            LEVEL[name] = level
        self.device = {r['device_id']: r for r in sql_rows(db, "SELECT * FROM device")}
        self.run = {r['run_id']: r for r in sql_rows(db, "SELECT * FROM run")}
        self.result = sql_rows(db, "SELECT result_id, run_id, study, config_key, variant, dtype, n, block, params, "
                                   "cache, timer, status, reps, bytes_read, bytes_written, flush, mode, launches, "
                                   "floor_us FROM result")
        # every result's samples (result_sample: whole nanoseconds, the order
        # taken) and the statistics the report reads, computed here from them
        self.ns = {rid: decode_ns(ns) for rid, ns in db.execute("SELECT result_id, ns FROM result_sample")}
        for r in self.result:
            r.update(sample_stats(self.ns.get(r['result_id'])))
        try:     # the binaries' registries (a database from before table variant: none)
            self.variant = sql_rows(db, "SELECT * FROM variant")
        except sqlite3.Error:
            self.variant = []
        self.by_id = {r['result_id']: r for r in self.result}
        self.db = db
        self.counter = self.optional("SELECT run_id, config_key, metric, value, unit, variant, dtype, n, block, "
                                     "params, kernel, min_value, max_value FROM counter")
        self.reference_timing = self.optional("SELECT device_id, bench_uuid, what, dtype, n, ns FROM reference_timing")
        for r in self.reference_timing:
            r['median_us'] = iqm_and_se(sorted(decode_ns(r['ns'])))[0] / 1000

    def optional(self, query):
        """a table a database from before it lacks: no rows"""
        try:
            return sql_rows(self.db, query)
        except sqlite3.Error:
            return []

    def samples(self, result_ids):
        """{result_id: [ms, ...]}: the samples of the results named, in the
        order taken (table result_sample)"""
        return {rid: [ns / 1e6 for ns in self.ns[rid]] for rid in result_ids if rid in self.ns}


def default_flush(r):
    if r['flush'] is not None:
        return r['flush']
    return 'none' if r['cache'] == 'warm' else 'memset'


def launches_of(r):
    return r['launches'] if r['launches'] else 1


# ----------------------------------------------------------------- labels --

def short_name(name):
    if name[:7].lower() == 'nvidia ':
        rest = name[7:]
        return rest.split(' ', 1)[0] if ' ' in rest else rest
    return name


class Devices:
    """report_devices, device_label, report_models: which GPUs and models
    the report shows, their order and labels."""

    def __init__(self, raw):
        names = [d['name'] for d in raw.device.values()]
        shorts = [short_name(n) for n in names]
        self.label = {}
        for i, d in raw.device.items():
            s = short_name(d['name'])
            if names.count(d['name']) > 1:
                self.label[i] = s + ' #' + d['uuid'].replace('GPU-', '')[:4]
            elif shorts.count(s) > 1:
                self.label[i] = d['name'].replace('NVIDIA ', '')
            else:
                self.label[i] = s
        shown = sorted({u['device_id'] for u in raw.run.values() if u['status'] == 'complete'
                        and u['device_id'] in raw.device},
                       key=lambda i: (raw.device[i]['name'], i))
        self.ord = {i: k + 1 for k, i in enumerate(shown)}
        self.name = {i: raw.device[i]['name'] for i in shown}
        models = []
        for i in shown:
            if self.name[i] not in models:
                models.append(self.name[i])
        mshort = [short_name(m) for m in models]
        self.model = {}
        for k, m in enumerate(models):
            s = short_name(m)
            label = m.replace('NVIDIA ', '') if mshort.count(s) > 1 else s
            machines = sum(1 for i in shown if self.name[i] == m)
            self.model[m] = {'model': label, 'mord': k + 1, 'machines': machines,
                             'panel': label + (', %d machines' % machines if machines > 1 else '')}


# ------------------------------------------------------------ trial views --

class Trials:
    """run_floor, gpu_floor, floor_beta, trial, trial_dev, trial_halfwidth,
    trial_h and config_stats, from the raw rows."""

    def __init__(self, raw):
        self.raw = raw
        run, device = raw.run, raw.device
        ok = [r for r in raw.result if r['status'] == 'ok']

        # launch floors: per run and mode; per GPU and mode (measure runs)
        acc = {}
        for r in ok:
            if pos(r['floor_us']):
                acc.setdefault((r['run_id'], r['mode']), []).append(r['floor_us'])
        self.run_floor = {k: mean(v) for k, v in acc.items()}
        acc = {}
        for r in ok:
            u = run.get(r['run_id'])
            if u and u['kind'] == 'measure' and pos(r['floor_us']):
                acc.setdefault((u['device_id'], r['mode']), []).append(r['floor_us'])
        self.gpu_floor = {k: mean(v) for k, v in acc.items()}

        # floor_beta: the pooled within-configuration slope of y (us) on x
        cfg = {}
        for r in ok:
            u = run.get(r['run_id'])
            if not u or u['kind'] != 'measure' or r['timer'] != 'cuda-event' or r['mode'] not in ('single', 'batch') \
               or not pos(r['floor_us']) or r['value_ms'] is None:
                continue
            g = self.gpu_floor.get((u['device_id'], r['mode']))
            q = self.run_floor.get((r['run_id'], r['mode']))
            if g is None or q is None:
                continue
            k = (u['device_id'], r['study'], r['config_key'], r['flush'] or '', r['mode'], launches_of(r))
            cfg.setdefault(k, []).append((r['value_ms'] * 1000, q - g))
        cls = {}
        for k, pts in cfg.items():
            ys = [p[0] for p in pts]
            if len(pts) < 2 or mean(ys) >= SHORT_US:
                continue
            my, mx = mean(ys), mean([p[1] for p in pts])
            c = cls.setdefault((k[0], k[4], k[5]), {'configs': set(), 'xy': [], 'xx': []})
            c['configs'].add((k[1], k[2], k[3]))
            c['xy'] += [(y - my) * (x - mx) for y, x in pts]
            c['xx'] += [(x - mx) * (x - mx) for y, x in pts]
        self.floor_beta = {}
        for (dev, mode, launches), c in cls.items():
            sxy, sxx, n = math.fsum(c['xy']), math.fsum(c['xx']), len(c['configs'])
            fitted = n >= MIN_CONFIGS and sxx > 0
            self.floor_beta[(dev, mode, launches)] = {
                'configs': n, 'sxy': sxy, 'sxx': sxx, 'beta': max(0.0, sxy / sxx) if fitted else launches,
                'basis': 'fitted' if fitted else 'launches'}

        # trial: the rows the report counts (result_bw), floor-corrected
        later_complete = {}
        for u in run.values():
            if u['status'] == 'complete' and u['kind'] == 'measure':
                later_complete.setdefault((u['device_id'], u['binary'], u['build_id']), []).append(u['run_id'])
        fl = {}
        for u in run.values():
            if u['kind'] == 'measure' and u['status'] == 'complete' and pos(u['launch_us']):
                fl.setdefault(u['device_id'], []).append(u['launch_us'])
        ref = {k: mean(v) for k, v in fl.items()}

        def counted(u):
            if u['status'] == 'complete':
                return True
            if u['status'] in ('incomplete', 'failed'):
                return any(x > u['run_id'] for x in later_complete.get((u['device_id'], u['binary'], u['build_id']), []))
            return False

        self.trial = {}
        for r in ok:
            u = run.get(r['run_id'])
            if not u or u['device_id'] not in device or not counted(u) or r['median_ms'] is None:
                continue
            dev = u['device_id']
            adj = 0.0
            if r['timer'] == 'cuda-event' and r['mode'] in ('single', 'batch'):
                g = self.gpu_floor.get((dev, r['mode']))
                q = self.run_floor.get((r['run_id'], r['mode']))
                if pos(r['floor_us']) and pos(g) and pos(q):
                    b = self.floor_beta.get((dev, r['mode'], launches_of(r)))
                    adj = (b['beta'] if b else launches_of(r)) * (q - g) / 1000.0
                elif r['floor_us'] is None and r['mode'] == 'single' and pos(u['launch_us']) and pos(ref.get(dev)):
                    adj = (u['launch_us'] - ref[dev]) / 1000.0
            t = dict(r)
            t.update(device_id=dev, device=device[dev]['name'], peak_gbps=device[dev]['peak_gbps'],
                     trial_index=u['repeat_index'] if u['repeat_index'] is not None else 1,
                     flush=default_flush(r), floor_adj_ms=adj, raw_median_ms=r['value_ms'],
                     sample_median_ms=r['median_ms'],
                     median_ms=sub(r['value_ms'], adj), ci_lo_ms=sub(r['ci_lo_ms'], adj),
                     ci_hi_ms=sub(r['ci_hi_ms'], adj), q1_ms=sub(r['q1_ms'], adj), q3_ms=sub(r['q3_ms'], adj))
            self.trial[r['result_id']] = t

        # trial_dev: per configuration, its trials
        self.configs = {}
        for t in self.trial.values():
            self.configs.setdefault((t['device_id'], t['study'], t['config_key'], t['flush'], t['mode']), []).append(t)
        halves = {}
        for dev in {k[0] for k in self.configs}:
            ks = sorted(k[1:] for k in self.configs if k[0] == dev)
            for i, k in enumerate(ks):
                halves[(dev,) + k] = (i + 1) % 2
        self.dev = {}
        for key, ts in self.configs.items():
            ms = sorted(t['median_ms'] for t in ts)
            k = len(ms)
            centre = median(ms)
            for t in ts:
                d = {'k': k, 'half': halves[key], 'center_ms': centre, 'band': band_of(centre),
                     'x1': ms[0], 'xk': ms[-1], 'mean_ms': mean(ms), 'sum2_ms': math.fsum(m * m for m in ms),
                     'rest_center_ms': None, 'rest_min_ms': None, 'rest_max_ms': None}
                if k > 1:
                    rest = list(ms)
                    rest.remove(t['median_ms'])
                    d.update(rest_center_ms=median(rest), rest_min_ms=rest[0], rest_max_ms=rest[-1])
                d['dev'] = None if d['rest_center_ms'] is None else \
                    (lambda q: None if q is None else abs(q - 1))(div(t['median_ms'], d['rest_center_ms']))
                d['rest_range'] = div(sub(d['rest_max_ms'], d['rest_min_ms']), d['rest_center_ms'])
                d.update(t)
                self.dev[t['result_id']] = d

        # trial_halfwidth: per device, band (0: all), group and part
        hw = {}
        for d in self.dev.values():
            if d['k'] <= 1:
                continue
            vg = 'v %s %s %s' % (d['study'], d['variant'], d['mode'])
            cg = 'c %s %s %s' % (d['study'], d['timer'], d['mode'])
            for band, grp, cl in ((d['band'], vg, cg), (d['band'], cg, None), (d['band'], '', None), (0, '', None)):
                for part in (d['half'], 2):
                    e = hw.setdefault((d['device_id'], band, grp, part), {'devs': [], 'cls': set()})
                    e['devs'].append(d['dev'])
                    if cl is not None:
                        e['cls'].add(cl)
        self.halfwidth = {k: {'cls': max(e['cls']) if e['cls'] else None, 'deviations': len(e['devs']),
                              'h': conformal(e['devs'])} for k, e in hw.items()}

        # trial_h: every variant the device measured, in every band and part
        classes = set()
        for r in ok:
            u = run.get(r['run_id'])
            if u:
                for band in (1, 2, 3):
                    classes.add((u['device_id'], band, '%s %s %s' % (r['study'], r['variant'], r['mode']),
                                 'c %s %s %s' % (r['study'], r['timer'], r['mode'])))
        self.h = {}
        for dev, band, grp, cl in classes:
            for part in (0, 1, 2):
                a = self.halfwidth.get((dev, 0, '', part))
                if a is None:
                    continue
                pick = a
                for g in (('v ' + grp), cl, ''):
                    w = self.halfwidth.get((dev, band, g, part))
                    if w is not None and w['deviations'] >= MIN_DEVIATIONS:
                        pick = w
                        break
                self.h.setdefault((dev, band, grp, part), []).append({'h': pick['h'], 'deviations': pick['deviations']})

        # config_stats
        read = {}
        for u in run.values():
            if u['kind'] == 'measure' and u['read_gbps'] is not None:
                read.setdefault(u['device_id'], []).append(u['read_gbps'])
        read = {k: median(sorted(v)) for k, v in read.items()}
        self.stats = {}
        for key, ts in self.configs.items():
            d0 = self.dev[ts[0]['result_id']]
            k, centre = d0['k'], d0['center_ms']
            range_rel = div(d0['xk'] - d0['x1'], centre)
            hs = self.h.get((key[0], d0['band'], '%s %s %s' % (d0['study'], d0['variant'], d0['mode']), 2))
            hwv = hs[0]['h'] if hs else None
            lows = [t['ci_lo_ms'] if t['ci_lo_ms'] is not None else t['q1_ms'] for t in ts]
            highs = [t['ci_hi_ms'] if t['ci_hi_ms'] is not None else t['q3_ms'] for t in ts]
            lows, highs = [x for x in lows if x is not None], [x for x in highs if x is not None]
            if hwv is None:
                lo, hi, basis = (min(lows) if lows else None), (max(highs) if highs else None), 'one run'
            else:
                w = smax(hwv, range_rel)
                lo, hi, basis = mul(centre, None if w is None else 1 - w), mul(centre, None if w is None else 1 + w), 'trials'
            sd = None
            if k > 1:
                sd = div(statistics.stdev([t['median_ms'] for t in ts]), d0['mean_ms'])
            b = None if d0['bytes_read'] is None or d0['bytes_written'] is None else d0['bytes_read'] + d0['bytes_written']
            rsds = [t['rsd'] for t in ts if t['rsd'] is not None]
            reps = [t['reps'] for t in ts if t['reps'] is not None]
            s = {c: d0[c] for c in ('device_id', 'device', 'study', 'config_key', 'variant', 'dtype', 'n', 'block',
                                    'params', 'cache', 'timer', 'flush', 'mode', 'band', 'bytes_read',
                                    'bytes_written', 'peak_gbps')}
            rg = read.get(key[0])
            s.update(runs=k, median_ms=centre, lo_ms=lo, hi_ms=hi, basis=basis, sd_rel=sd,
                     rsd_max=max(rsds) if rsds else None, reps_min=min(reps) if reps else None,
                     read_gbps=rg, half_rel=div(sub(hi, lo), 2 * centre),
                     gbps=div(b, mul(centre, 1e6)), gbps_lo=div(b, mul(hi, 1e6)), gbps_hi=div(b, mul(lo, 1e6)),
                     pct_peak=div(mul(100.0, div(b, mul(centre, 1e6))), d0['peak_gbps']),
                     pct_read=div(mul(100.0, div(b, mul(centre, 1e6))), rg))
            self.stats[key] = s


# --------------------------------------------------------- model level --

def stats_default(trials):
    return [s for s in trials.stats.values() if s['cache'] == 'cold' and not lower_has(s['config_key'], ' flush=')
            and not lower_has(s['config_key'], ' mode=')]


def model_stats(trials, devs):
    groups = {}
    for s in stats_default(trials):
        if s['device_id'] in devs.name:
            groups.setdefault((devs.name[s['device_id']],) + tuple(s[c] for c in ('study', 'config_key', 'flush', 'mode')),
                              []).append(s)
    out = {}
    for (name, study, key, flush, mode), ss in groups.items():
        m = devs.model[name]
        bytes_ = [s['bytes_read'] + s['bytes_written'] for s in ss
                  if s['bytes_read'] is not None and s['bytes_written'] is not None]
        # one machine: its interval; several: the range of their centres
        # (statistic 'model range'), never an interval
        if len(ss) == 1:
            lo = [s['lo_ms'] for s in ss if s['lo_ms'] is not None]
            hi = [s['hi_ms'] for s in ss if s['hi_ms'] is not None]
        else:
            lo = hi = [s['median_ms'] for s in ss if s['median_ms'] is not None]
        peaks = [s['peak_gbps'] for s in ss if s['peak_gbps'] is not None]
        o = {'model': m['model'], 'panel': m['panel'], 'mord': m['mord'], 'machines': m['machines'],
             'study': study, 'config_key': key, 'flush': flush, 'mode': mode, 'gpus': len(ss),
             'median_ms': median([s['median_ms'] for s in ss]),
             'lo_ms': min(lo) if lo else None, 'hi_ms': max(hi) if hi else None,
             'bracket': 'interval' if len(ss) == 1 else 'range',
             'bytes': max(bytes_) if bytes_ else None, 'peak_gbps': max(peaks) if peaks else None}
        for c in ('variant', 'dtype', 'n', 'block', 'params', 'timer'):
            o[c] = ss[0][c]
        o['gbps'] = div(o['bytes'], mul(o['median_ms'], 1e6))
        o['gbps_lo'] = div(o['bytes'], mul(o['hi_ms'], 1e6))
        o['gbps_hi'] = div(o['bytes'], mul(o['lo_ms'], 1e6))
        o['pct_peak'] = div(mul(100.0, o['gbps']), o['peak_gbps'])
        out[(m['model'], study, key, flush, mode)] = o
    return out


# ------------------------------------------------------------- held out --

class Reduce:
    """reduce_best, reduce_cold, reduce_trial, reduce_heldout, reduce_pick
    and reduce_top_target."""

    def __init__(self, raw, trials, devs):
        run = raw.run
        cs = [s for s in trials.stats.values() if s['study'] == 'reduce' and s['timer'] == 'cuda-event'
              and s['mode'] == 'single' and s['flush'] in ('clean', 'memset')]
        clean = {s['device_id'] for s in cs if s['flush'] == 'clean'}
        self.cold = [s for s in cs if s['flush'] == ('clean' if s['device_id'] in clean else 'memset')]

        # every trial of the reduction rows, raw medians
        self.trials = {}
        for r in raw.result:
            u = run.get(r['run_id'])
            if r['study'] != 'reduce' or r['status'] != 'ok' or not u or u['status'] != 'complete' \
               or u['kind'] != 'measure' or not pos(r['median_ms']):
                continue
            t = u['repeat_index'] if u['repeat_index'] is not None else 1
            self.trials.setdefault((u['device_id'], r['config_key'], default_flush(r), r['mode']), []).append(
                (t, r['median_ms']))
        self.heldout = {}
        for k, ts in self.trials.items():
            held = [m for t, m in ts if t > 1]
            if held:
                self.heldout[k] = {'k': len(held), 'ms': median(held)}

        # the pick: lowest trial-1 median per device, dtype, n, CUB or not
        cand = {}
        steps = reduce_steps(raw)
        for s in self.cold:
            if s['variant'] != 'cub' and s['variant'] not in steps:
                continue
            for t, m in self.trials.get((s['device_id'], s['config_key'], s['flush'], s['mode']), []):
                if t == 1:
                    cand.setdefault((s['device_id'], s['dtype'], s['n'], int(s['variant'] == 'cub')), []).append((m, s))
        self.pick = {}
        self.ties = 0
        for key, cs in cand.items():
            # ties (the event timer's medians come in steps of 32 ns): the
            # smaller block, then the key
            m, s = min(cs, key=lambda x: (x[0], x[1]['variant'], x[1]['block'] if x[1]['block'] is not None else -1,
                                          x[1]['config_key']))
            ties = {x[1]['config_key'] for x in cs if x[0] == m and x[1]['variant'] == s['variant']}
            self.ties += len(ties) > 1
            h = self.heldout.get((s['device_id'], s['config_key'], s['flush'], s['mode']))
            w = div(s['hi_ms'] - s['lo_ms'], 2 * s['median_ms'])
            held = h['ms'] if h else None
            self.pick[key] = {'device': s['device'], 'config_key': s['config_key'], 'flush': s['flush'],
                              'mode': s['mode'], 'variant': s['variant'], 'block': s['block'],
                              'params': s['params'], 'bytes': s['bytes_read'] + s['bytes_written'],
                              'peak_gbps': s['peak_gbps'], 't1_ms': m, 'held_trials': h['k'] if h else None,
                              'held_ms': held, 'held_lo_ms': mul(held, 1 - w), 'held_hi_ms': mul(held, 1 + w)}

    def judge(self, prs):
        """reduce_top_target: the ratios to CUB from the pick pairs (CUB
        over the pick within each held-out run), else trial 1's."""
        thr = {'top_cub_large': 1.02, 'top_peak_large': 93.0, 'top_cub_small': 1.2}
        pp = {(p['device_id'], p['config_key']): p for p in prs.stats.values() if p['kind'] == 'pick'}
        self.target = {}
        for (dev, dtype, n, is_cub), h in self.pick.items():
            if is_cub:
                continue
            c = self.pick.get((dev, dtype, n, 1))
            rows = []
            if n == N_LARGE:
                if c:
                    rows.append(('top_cub_large', 'x CUB', self.ratio(c, h, pp.get((dev, h['config_key'])))))
                rows.append(('top_peak_large', '% of theoretical',
                             (div(100.0 * h['bytes'], mul(h['held_ms'] if h['held_ms'] is not None else h['t1_ms'], 1e6)),
                              div(100.0 * h['bytes'], mul(h['held_hi_ms'], 1e6)),
                              div(100.0 * h['bytes'], mul(h['held_lo_ms'], 1e6)))))
            if c and N_SMALLEST <= n <= N_SMALL and is_pow2(n):
                rows.append(('top_cub_small', 'x CUB', self.ratio(c, h, pp.get((dev, h['config_key'])))))
            for key, what, (value, lo, hi) in rows:
                if key == 'top_peak_large':
                    value, lo, hi = (div(x, h['peak_gbps']) for x in (value, lo, hi))
                t = thr[key]
                if lo is None:
                    verdict = 'not judged'
                elif lo >= t:
                    verdict = 'met'
                elif hi is not None and hi < t:
                    verdict = 'missed'
                else:
                    verdict = 'inconclusive'
                self.target[(dev, dtype, n, key)] = {
                    'device_id': dev, 'dtype': dtype, 'n': n, 'key': key, 'what': what, 'variant': h['variant'],
                    'block': h['block'], 'params': h['params'], 'value': value, 'lo': lo, 'hi': hi,
                    'held_trials': h['held_trials'], 'threshold': t, 'verdict': verdict}

    @staticmethod
    def ratio(c, h, x):
        if x is None:
            return div(c['t1_ms'], h['t1_ms']), None, None
        if not h['held_trials']:
            return x['ratio'], None, None   # judged on trial 1 only: not judged
        return x['ratio'], x['lo'], x['hi']


def target_model(red, devs):
    groups = {}
    for t in red.target.values():
        if t['device_id'] in devs.name:
            m = devs.model[devs.name[t['device_id']]]
            groups.setdefault((t['key'], m['model'], t['dtype'], t['n']), []).append((m, t))
    out = {}
    for k, ts in groups.items():
        m = ts[0][0]
        verdicts = {t['verdict'] for _, t in ts}
        vals = [t['value'] for _, t in ts if t['value'] is not None]
        los = [t['lo'] for _, t in ts if t['lo'] is not None]
        his = [t['hi'] for _, t in ts if t['hi'] is not None]
        out[k] = {'mord': m['mord'], 'machines': m['machines'], 'threshold': ts[0][1]['threshold'],
                  'verdict': verdicts.pop() if len(verdicts) == 1 else 'mixed',
                  'verdicts': frozenset(t['verdict'] for _, t in ts),
                  'value': median(vals) if vals else None,
                  'lo': min(los) if los else None, 'hi': max(his) if his else None}
    return out


# ----------------------------------------------------------------- summary --

def reduce_best(trials, red):
    """reduce_best: per GPU, dtype, n and variant the configuration whose
    trial-1 median (raw) is the least, at the median of its other trials;
    ties to the least centre, then the smaller block, then the first by key,
    flush and mode (NULL first, as SQLite orders them)."""
    groups = {}
    for c in stats_default(trials):
        if c['study'] == 'reduce':
            groups.setdefault((c['device_id'], c['dtype'], c['n'], c['variant']), []).append(c)
    out = {}
    for k, cs in groups.items():
        def t1(c):
            ms = [m for t, m in red.trials.get((c['device_id'], c['config_key'], c['flush'], c['mode']), []) if t == 1]
            return min(ms) if ms else None
        c = min(cs, key=lambda c: ((t1(c) is not None), t1(c) or 0.0, c['median_ms'],
                                   c['block'] if c['block'] is not None else -1,
                                   c['config_key']) + nulls_first(c['flush']) + nulls_first(c['mode']))
        h = red.heldout.get((c['device_id'], c['config_key'], c['flush'], c['mode']))
        ms = h['ms'] if h else c['median_ms']
        b = c['bytes_read'] + c['bytes_written']
        w = c['half_rel']
        r = dict(c, median_ms=ms, lo_ms=mul(ms, None if w is None else 1 - w), hi_ms=mul(ms, None if w is None else 1 + w),
                 held_trials=h['k'] if h else None, gbps=div(b, ms * 1e6))
        r.update(gbps_lo=div(b, mul(r['hi_ms'], 1e6)), gbps_hi=div(b, mul(r['lo_ms'], 1e6)),
                 pct_peak=div(mul(100.0, r['gbps']), c['peak_gbps']), pct_read=div(mul(100.0, r['gbps']), c['read_gbps']))
        out[k] = r
    return out


def reduce_ladder(raw, best, prs):
    """reduce_ladder: each variant at its best block in ladder order, the
    step and total speedups from the step and total pairs."""
    steps = reduce_steps(raw)
    reg = {r['variant']: r['ord'] for r in raw.variant if r['study'] == 'reduce'}
    top = max(reg.values(), default=0)
    extra = sorted({r['variant'] for r in raw.result if r['study'] == 'reduce' and r['variant'] not in reg})
    ordv = dict(reg, **{v: top + i + 1 for i, v in enumerate(extra)})
    sx = {(p['kind'], p['device_id'], p['config_key']): p for p in prs.stats.values() if p['kind'] in ('step', 'total')}
    out = []
    at = {}      # the best rows of each (GPU, dtype, n)
    for x in best.values():
        at.setdefault((x['device_id'], x['dtype'], x['n']), []).append(x)
    for (dev, dtype, n, v), b in best.items():
        # the ladder's rows: the steps (no bound variant) and CUB and the CPU loop
        if v not in ordv or (v not in steps and v not in ('cub', 'cpu-serial')):
            continue
        lad = sorted((x for x in at[(dev, dtype, n)] if x['timer'] == 'cuda-event' and x['variant'] in steps),
                     key=lambda x: ordv[x['variant']])
        prev = None
        if b in lad and lad.index(b) > 0:
            prev = lad[lad.index(b) - 1]
        s, t = sx.get(('step', dev, b['config_key'])), sx.get(('total', dev, b['config_key']))
        nb = [x for x in at[(dev, dtype, n)] if x['variant'] == 'neighbored']
        out.append({'device_id': dev, 'dtype': dtype, 'n': n, 'variant': v, 'block': b['block'],
                    'median_ms': b['median_ms'], 'lo_ms': b['lo_ms'], 'hi_ms': b['hi_ms'],
                    'prev_variant': prev['variant'] if prev else None,
                    'step_x': s['ratio'] if s else (div(prev['median_ms'], b['median_ms']) if prev else None),
                    'step_x_lo': s['lo'] if s else None, 'step_x_hi': s['hi'] if s else None,
                    'total_x': t['ratio'] if t else (div(nb[0]['median_ms'], b['median_ms']) if nb else None)})
    return out


def flush_bias(trials, prs):
    """flush_bias: 1 - the flush pair's ratio (throughput after memset over after clean)."""
    fx = {(p['device_id'], p['study'], p['config_key'], p['mode']): p for p in prs.stats.values() if p['kind'] == 'flush'}
    out = []
    cs = list(trials.stats.values())
    like = ('device_id', 'study', 'variant', 'dtype', 'n', 'block', 'params', 'mode')
    memset = {}
    for m in cs:
        if m['flush'] == 'memset' and lower_has(m['config_key'], ' flush=memset') and m['n'] is not None \
           and m['params'] is not None:
            memset.setdefault(tuple(m[c] for c in like), []).append(m)
    for c in cs:
        if c['study'] != 'reduce' or c['flush'] != 'clean' or c['mode'] != 'single' or c['dtype'] != 'int32':
            continue
        for m in memset.get(tuple(c[x] for x in like), []):
            x = fx.get((m['device_id'], m['study'], m['config_key'], m['mode']))
            out.append({'device_id': c['device_id'], 'variant': c['variant'], 'n': c['n'],
                        'gbps_clean': c['gbps'], 'gbps_memset': m['gbps'],
                        'bias': 1 - (x['ratio'] if x else div(m['gbps'], c['gbps'])),
                        'bias_lo': 1 - x['hi'] if x and x['hi'] is not None else None,
                        'bias_hi': 1 - x['lo'] if x and x['lo'] is not None else None})
    return out


def summary_metric(raw, red, prs, best):
    steps = reduce_steps(raw)
    rb = [s for s in best.values() if s['dtype'] == 'int32' and s['timer'] == 'cuda-event']
    rows = []
    total = {(p['device_id'], p['config_key']): p for p in prs.stats.values() if p['kind'] == 'total'}
    for dev in {s['device_id'] for s in rb}:
        cands = []
        for s in rb:
            if s['device_id'] == dev and s['n'] == N_SEED and s['variant'] in steps:
                for t, m in red.trials.get((dev, s['config_key'], s['flush'], s['mode']), []):
                    if t == 1:
                        cands.append((m, s['variant'], s))
        if cands:
            top = min(cands, key=lambda x: (x[0], x[1]))[2]
            x = total.get((dev, top['config_key']))
            if x:
                rows.append((dev, 'ladder', x['ratio'], x['lo'], x['hi']))
    for t in red.target.values():
        if t['key'] == 'top_peak_large' and t['dtype'] == 'int32':
            rows.append((t['device_id'], 'best', t['value'], t['lo'], t['hi']))
    for s in rb:
        if s['n'] == N_LARGE and s['variant'] == 'cub':
            rows.append((s['device_id'], 'cub', s['pct_peak'], div(mul(s['pct_peak'], s['gbps_lo']), s['gbps']),
                         div(mul(s['pct_peak'], s['gbps_hi']), s['gbps'])))
    for p in prs.stats.values():
        if p['kind'] == 'c-uniform' and param(p['params'], 'grid') == 2048 and param(p['params'], 'points') == 1024:
            if param(p['params'], 'k') == 1:
                rows.append((p['device_id'], 'k1', p['ratio'], p['lo'], p['hi']))
            if param(p['params'], 'k') == 32:
                rows.append((p['device_id'], 'k32', div(1, p['ratio']), div(1, p['hi']), div(1, p['lo'])))
        if p['kind'] in ('flat', 'stride') and p['n'] == N_ACCESS and p['block'] == 256 \
           and param(p['params'], 'l1') == 'ca':
            for kind, end, metric in (('flat', ' at k=1', 'off1'), ('stride', ' at s=32', 'str32')):
                if p['kind'] == kind and p['pair_key'].endswith(end):
                    rows.append((p['device_id'], metric, p['ratio'], p['lo'], p['hi']))
    return [{'device_id': r[0], 'metric': r[1], 'value': r[2], 'lo': r[3], 'hi': r[4]} for r in rows]


def summary_model(metrics, devs):
    groups = {}
    for r in metrics:
        if r['device_id'] in devs.name:
            groups.setdefault((devs.name[r['device_id']], r['metric']), []).append(r)
    out = {}
    for (name, metric), rs in groups.items():
        m = devs.model[name]
        vals = [r['value'] for r in rs if r['value'] is not None]
        value = median(vals) if vals else None
        los = [r['lo'] for r in rs if r['lo'] is not None]
        his = [r['hi'] for r in rs if r['hi'] is not None]
        odd = frozenset(devs.label[r['device_id']] for r in rs if value is not None and
                        ((r['lo'] is not None and r['lo'] > value) or (r['hi'] is not None and r['hi'] < value)))
        out[(m['model'], metric)] = {'mord': m['mord'], 'machines': m['machines'], 'panel': m['panel'],
                                     'gpus': len(rs), 'value': value, 'lo': min(los) if los else None,
                                     'hi': max(his) if his else None, 'odd': odd or None}
    return out


# ------------------------------------------------------------ paired ratios --

def smax_null(xs):
    """SQL max(): the largest of the values that are not NULL."""
    xs = [x for x in xs if x is not None]
    return max(xs) if xs else None


def loads_of(params):
    v = param(params, 'loads')
    return 8 if v is None else v


def grid_of(params):
    v = param(params, 'grid')
    return 1 if v is None else v


def sqltext(v):
    """A number as SQLite's || writes it."""
    if isinstance(v, float) and v == int(v):
        return '%.1f' % v
    return str(v)


def reduce_steps(raw):
    """The reduction's hand-written steps in ladder order: the registry's
    variants (raw table variant; variants with results but no row follow in
    name order), less CUB, the CPU reference and the bound variants."""
    reg = {r['variant']: r for r in raw.variant if r['study'] == 'reduce'}
    top = max([r['ord'] for r in reg.values()], default=0)
    extra = sorted({r['variant'] for r in raw.result if r['study'] == 'reduce' and r['variant'] not in reg})
    order = [(r['ord'], v) for v, r in reg.items()] + [(top + i + 1, v) for i, v in enumerate(extra)]
    bound = {v for v, r in reg.items() if 'bound' in (r['flags'] or '').split(',')}
    return [v for _, v in sorted(order) if v not in ('cub', 'cpu-serial') and v not in bound]


class Pairs:
    """pair_run, pair_trial, pair_halfwidth, pair_h, pair_coverage and
    pair_stats (every kind), from the oracle's own trials and the raw runs:
    two configurations' trial medians taken within one process (GPU,
    session, trial, binary, build), the median over the processes."""

    def __init__(self, raw, trials, red):
        # the rows: cold, GPU-timed trials per process and configuration (the mean of repeats)
        acc = {}
        for t in trials.trial.values():
            if t['cache'] != 'cold' or t['timer'] != 'cuda-event':
                continue
            u = raw.run[t['run_id']]
            proc = (t['device_id'], u['session'] or '', t['trial_index'], u['binary'], u['build_id'])
            acc.setdefault((proc, t['study'], t['config_key'], t['flush'], t['mode']), []).append(t)
        rows = []
        for (proc, study, key, flush, mode), ts in acc.items():
            lo = [x['ci_lo_ms'] if x['ci_lo_ms'] is not None else x['q1_ms'] for x in ts]
            hi = [x['ci_hi_ms'] if x['ci_hi_ms'] is not None else x['q3_ms'] for x in ts]
            lo, hi = [x for x in lo if x is not None], [x for x in hi if x is not None]
            r = {c: ts[0][c] for c in ('trial_index', 'device_id', 'study', 'config_key', 'variant', 'dtype', 'n',
                                       'block', 'params', 'flush', 'mode')}
            byt = [x['bytes_read'] + x['bytes_written'] for x in ts
                   if x.get('bytes_read') is not None and x.get('bytes_written') is not None]
            r.update(proc=proc, run_id=min(x['run_id'] for x in ts), ms=mean([x['median_ms'] for x in ts]),
                     bytes=max(byt) if byt else None,
                     lo_ms=mean(lo) if lo else None, hi_ms=mean(hi) if hi else None)
            rows.append(r)
        self.rows = rows
        later = {}
        for r in rows:
            k = (r['device_id'], r['study'], r['config_key'], r['flush'], r['mode'])
            later[k] = later.get(k, False) or r['trial_index'] > 1

        def held(r):
            """the trials a pick is judged on: 2.. where its configuration has them, else 1"""
            return r['trial_index'] > (1 if later[(r['device_id'], r['study'], r['config_key'], r['flush'],
                                                   r['mode'])] else 0)
        # indexes: the rows of a process by (study, config_key) and by
        # (study, variant); every row by (GPU, study, config_key)
        bykey, byvar, bycfg = {}, {}, {}
        for r in rows:
            bykey.setdefault((r['proc'], r['study'], r['config_key']), []).append(r)
            byvar.setdefault((r['proc'], r['study'], r['variant']), []).append(r)
            bycfg.setdefault((r['device_id'], r['study'], r['config_key']), []).append(r)
        cub = {}
        for r in rows:
            if r['study'] == 'reduce' and r['variant'] == 'cub':
                cub.setdefault((r['proc'], r['dtype'], r['n'], r['flush'], r['mode']), []).append(r)
        cub = {k: {'ms': mean([r['ms'] for r in v]),
                   'lo_ms': mean([r['lo_ms'] for r in v if r['lo_ms'] is not None]) if any(r['lo_ms'] is not None for r in v) else None,
                   'hi_ms': mean([r['hi_ms'] for r in v if r['hi_ms'] is not None]) if any(r['hi_ms'] is not None for r in v) else None}
               for k, v in cub.items()}
        out = []

        def add(kind, pk, d, num):
            r = {c: d[c] for c in ('device_id', 'study', 'config_key', 'variant', 'dtype', 'n', 'block', 'params',
                                   'flush', 'mode', 'run_id', 'trial_index')}
            r.update(kind=kind, pair_key=pk, num_ms=num['ms'], den_ms=d['ms'], num_lo_ms=num['lo_ms'],
                     num_hi_ms=num['hi_ms'], den_lo_ms=d['lo_ms'], den_hi_ms=d['hi_ms'], proc=d['proc'])
            out.append(r)

        def find(proc, study, config_key=None, variant=None, **kv):
            """the process's rows of study with that key (or variant) and the values kv"""
            rs = bykey.get((proc, study, config_key), []) if config_key is not None else \
                byvar.get((proc, study, variant), [])
            return [r for r in rs if (variant is None or r['variant'] == variant)
                    and all(r[k] == v for k, v in kv.items())]

        # cub: CUB (the mean of its rows in the process at that size) over a reduce configuration
        for d in rows:
            if d['study'] == 'reduce' and d['variant'] not in ('cub', 'cpu-serial'):
                c = cub.get((d['proc'], d['dtype'], d['n'], d['flush'], d['mode']))
                if c and None not in (d['dtype'], d['n']):
                    add('cub', '%s flush=%s mode=%s' % (d['config_key'], d['flush'], d['mode']), d, c)
        # the blocks picked on trial 1, per GPU, dtype, n and step (ties: the
        # smaller block, then the first by key, flush and mode)
        steps = reduce_steps(raw)
        best = {}

        def block_order(r):
            return (r['ms'], r['block'], r['config_key']) + nulls_first(r['flush']) + nulls_first(r['mode'])
        for r in rows:
            if r['study'] == 'reduce' and default_key(r['config_key']) and r['trial_index'] == 1 \
               and r['variant'] in steps and loads_of(r['params']) == 8 and grid_of(r['params']) == 1:
                k = (r['device_id'], r['dtype'], r['n'], r['variant'])
                if k not in best or block_order(r) < block_order(best[k]):
                    best[k] = r
        self.block_pick = best
        ladder = {}
        for (dev, dtype, n, v), r in best.items():
            ladder.setdefault((dev, dtype, n), []).append((steps.index(v), r))
        for (dev, dtype, n), lst in ladder.items():
            lst.sort(key=lambda x: x[0])
            nb = [r for _, r in lst if r['variant'] == 'neighbored']
            for i, (_, q) in enumerate(lst):
                for kind, p in (('step', lst[i - 1][1] if i > 0 else None), ('total', nb[0] if nb else None)):
                    if p is None:
                        continue
                    for d in bycfg.get((dev, 'reduce', q['config_key']), []):
                        if default_key(d['config_key']) and held(d):
                            for a in find(d['proc'], study='reduce', config_key=p['config_key']):
                                add(kind, '%s over %s' % (d['config_key'], p['config_key']), d, a)
        # pick: CUB over trial 1's best hand-written configuration, trials 2..
        picks = {(dev, h['config_key'], h['flush'], h['mode']) for (dev, dtype, n, is_cub), h in red.pick.items()
                 if not is_cub}
        for d in rows:
            if (d['device_id'], d['config_key'], d['flush'], d['mode']) in picks and d['study'] == 'reduce' \
               and held(d):
                c = cub.get((d['proc'], d['dtype'], d['n'], d['flush'], d['mode']))
                if c:
                    add('pick', '%s flush=%s' % (d['config_key'], d['flush']), d, c)
        # flush: the clean row over the memset row (its key less ' flush=memset')
        for d in rows:
            if d['flush'] == 'memset':
                for c in find(d['proc'], study=d['study'], config_key=d['config_key'].replace(' flush=memset', ''),
                              mode=d['mode'], flush='clean'):
                    add('flush', '%s mode=%s' % (d['config_key'], d['mode']), d, c)
        # bound: small-n over its bound no-combine at the same dtype, n,
        # block, loads, grid, flush and mode, in the process
        for d in rows:
            if d['study'] == 'reduce' and d['variant'] == 'no-combine' \
               and None not in (d['dtype'], d['n'], d['block'], d['flush'], d['mode']):
                for x in find(d['proc'], study='reduce', variant='small-n', dtype=d['dtype'], n=d['n'],
                              block=d['block'], flush=d['flush'], mode=d['mode']):
                    if loads_of(x['params']) == loads_of(d['params']) and grid_of(x['params']) == grid_of(d['params']):
                        add('bound', '%s over %s flush=%s mode=%s' % (d['config_key'], x['config_key'], d['flush'],
                                                                      d['mode']), d, x)
        # the claims' kinds: single launches, the clean flush
        sc = [r for r in rows if default_key(r['config_key'])]
        dist = [dict(r, grid=param(r['params'], 'grid'), p=param(r['params'], 'points'), k=param(r['params'], 'k'))
                for r in sc if r['study'] == 'distance' and param(r['params'], 'tile') == 16]
        acs = []
        for r in sc:
            if r['study'] == 'access':
                k = param(r['params'], 'k')
                acs.append(dict(r, k=int(k) if isinstance(k, (int, float)) else k, l1=param(r['params'], 'l1')))

        def eq(a, b):
            return a is not None and b is not None and a == b

        def by_proc(rs):
            out = {}
            for r in rs:
                out.setdefault(r['proc'], []).append(r)
            return out
        dist_proc = by_proc(dist)
        for c in dist:
            for g in dist_proc[c['proc']]:
                if not (eq(g['grid'], c['grid']) and eq(g['p'], c['p'])):
                    continue
                if eq(g['k'], c['k']):
                    if c['variant'] == 'constant' and g['variant'] == 'global':
                        add('c-uniform', c['config_key'], c, g)
                    if c['variant'] == 'readonly' and g['variant'] == 'constant':
                        add('cr', c['config_key'], c, g)
                if c['variant'] in ('constant', 'global') and g['variant'] == c['variant'] and c['k'] == 1 \
                   and c['grid'] == 2048 and c['p'] == 1024 and g['k'] is not None and g['k'] > 1:
                    add('c-k', '%s at k=%s' % (c['config_key'], sqltext(g['k'])), c, g)
        for c in sc:
            if c['study'] == 'raytrace' and c['variant'] == 'constant':
                for g in find(c['proc'], study='raytrace', variant='global',
                              config_key=c['config_key'].replace('variant=constant', 'variant=global')):
                    add('rt', c['config_key'], c, g)
        acs_proc = by_proc(acs)
        for z in acs:
            for x in acs_proc[z['proc']]:
                if x['variant'] != z['variant'] or not eq(x['n'], z['n']) \
                   or not eq(x['block'], z['block']) or not eq(x['l1'], z['l1']) or x['k'] is None:
                    continue
                # in useful throughput: x's time scaled by z's bytes over x's
                f = z['bytes'] / x['bytes']
                xs = dict(x, ms=x['ms'] * f, lo_ms=mul(x['lo_ms'], f), hi_ms=mul(x['hi_ms'], f))
                if z['variant'] == 'read-offset' and z['k'] == 0 and x['k'] > 0:
                    add('flat', '%s at k=%d' % (z['config_key'], x['k']), z, xs)
                if z['variant'] == 'read-stride' and z['k'] == 1 and x['k'] > 1:
                    add('stride', '%s at s=%d' % (z['config_key'], x['k']), z, xs)
        seedcfg = (('neighbored', 'neighbored-less-divergence'), ('neighbored', 'interleaved'),
                   ('interleaved', 'unroll2'), ('unroll2', 'unroll4'), ('unroll4', 'unroll8'),
                   ('unroll8', 'unroll-warps8'), ('unroll-warps8', 'complete-unroll-warps8'))
        for num_v, den_v in seedcfg:
            for e in sc:
                if e['study'] == 'reduce' and e['variant'] == den_v and e['dtype'] == 'float32' and e['block'] == 1024 \
                   and e['n'] == N_SEED:
                    for m in find(e['proc'], study='reduce', variant=num_v, dtype='float32', n=e['n'], block=1024):
                        if loads_of(m['params']) == loads_of(e['params']) and default_key(m['config_key']):
                            add('seed', '%s over %s' % (num_v, den_v), e, m)

        # per pair: its runs, the numerator's median, the halves
        pairs = {}
        for r in out:
            pairs.setdefault((r['kind'], r['device_id'], r['pair_key']), []).append(r)
        for i, p in enumerate(sorted(pairs)):
            rs = pairs[p]
            centre = median([r['num_ms'] for r in rs])
            for r in rs:
                r.update(num_center_ms=centre, k=len(rs), half=(i + 1) % 2, band=band_of(centre),
                         ratio=div(r['num_ms'], r['den_ms']))
        self.pairs = pairs
        self.run = out
        self.trial = []
        for p, rs in pairs.items():
            if len(rs) < 2:
                continue
            for r in rs:
                rest = [x['ratio'] for x in rs if x is not r]
                rest.sort()
                rc = median(rest)
                q = div(r['ratio'], rc)
                self.trial.append(dict(r, rest_ratio=rc, rest_min=rest[0], rest_max=rest[-1],
                                       dev=None if q is None else abs(q - 1), rest_range=div(rest[-1] - rest[0], rc)))
        hw = {}
        for t in self.trial:
            for kind, band in ((t['kind'], t['band']), ('', t['band']), ('', 0)):
                for part in (t['half'], 2):
                    hw.setdefault((kind, t['device_id'], band, part), []).append(t['dev'])
        self.halfwidth = {k: {'deviations': len(v), 'h': conformal(v)} for k, v in hw.items()}
        self.h = {}
        for kind, dev in {(k[0], k[1]) for k in hw if k[0] != ''}:
            for part in (0, 1, 2):
                a = self.halfwidth.get(('', dev, 0, part))
                if a is None:
                    continue
                for band in (1, 2, 3):
                    g = self.halfwidth.get((kind, dev, band, part))
                    c = self.halfwidth.get(('', dev, band, part))
                    w = g if g and g['deviations'] >= MIN_DEVIATIONS else c if c and c['deviations'] >= MIN_DEVIATIONS \
                        else a
                    self.h[(kind, dev, band, part)] = {'h': w['h']}
        cov = {}
        for t in self.trial:
            h = self.h.get((t['kind'], t['device_id'], t['band'], 1 - t['half']))
            if h is None:
                continue
            o = cov.setdefault((t['kind'], t['device_id'], t['band']), {'held_out': 0, 'covered': 0})
            o['held_out'] += 1
            o['covered'] += t['dev'] <= smax(h['h'], t['rest_range']) * (1 + 1e-9)   # a tie covered
        self.coverage = {k: dict(o, pct=pct(o['covered'], o['held_out']), band_label=None) for k, o in cov.items()}
        self.stats = {}
        for p, rs in pairs.items():
            ratios = [r['ratio'] for r in rs]
            ratio = median(ratios)
            s = {c: smax_null([r[c] for r in rs]) for c in ('study', 'config_key', 'variant', 'dtype', 'n', 'block',
                                                             'params', 'flush', 'mode')}
            s.update(kind=p[0], device_id=p[1], pair_key=p[2], band=rs[0]['band'], k=len(rs), ratio=ratio,
                     range_rel=div(max(ratios) - min(ratios), ratio))
            if len(rs) > 1:
                h = self.h.get((p[0], p[1], rs[0]['band'], 2))
                w = smax(h['h'] if h else None, s['range_rel'])
                s.update(lo=mul(ratio, None if w is None else 1 - w), hi=mul(ratio, None if w is None else 1 + w),
                         basis='runs')
            else:
                r = rs[0]
                s.update(lo=div(r['num_lo_ms'], r['den_hi_ms']), hi=div(r['num_hi_ms'], r['den_lo_ms']),
                         basis='one run')
            self.stats[p] = s

    def ratio_stats(self):
        """45-small-n.sql's ratio_stats: kind cub at the default loads and
        grid, one launch a sample, the clean flush."""
        return [s for s in self.stats.values() if s['kind'] == 'cub' and default_key(s['config_key'])
                and loads_of(s['params']) == 8 and grid_of(s['params']) == 1]


# ------------------------------------------------------------ small n --

def small_n(raw, trials, pairs, devs):
    """small_n_gpu and small_n_target: per GPU and n = 2^16, 2^18, 2^20 the
    small-n configuration (int32, block 256, the default loads and grid) of
    the most trials, then of a key naming its loads, then the first key; its
    time over the floor model (the target, at most 1.5) and CUB's time over
    its own run by run (the cub pair: reported, no target)."""
    fl = {}
    for u in raw.run.values():
        if u['kind'] == 'measure' and u['status'] == 'complete' and pos(u['launch_us']) and pos(u['read_gbps']):
            fl.setdefault(u['device_id'], []).append(u)
    floor = {d: (mean([u['launch_us'] for u in us]), median(sorted(u['read_gbps'] for u in us))) for d, us in fl.items()}
    cands = {}
    for s in stats_default(trials):
        if s['study'] != 'reduce' or s['dtype'] != 'int32' or s['block'] != 256 or s['timer'] != 'cuda-event' \
           or s['variant'] != 'small-n' or s['n'] not in (N_SMALLEST, 4 * N_SMALLEST, N_SMALL) \
           or s['device_id'] not in devs.name or s['device_id'] not in floor:
            continue
        if loads_of(s['params']) != 8 or grid_of(s['params']) != 1:
            continue
        cands.setdefault((s['device_id'], s['n']), []).append(s)
    gpu, target = {}, {}
    for (dev, n), ss in cands.items():
        s = min(ss, key=lambda s: (-s['runs'], param(s['params'], 'loads') is None, s['config_key'], s['flush'],
                                   s['mode']))
        f_us, rg = floor[dev]
        model_us = f_us + (s['bytes_read'] + s['bytes_written']) / (rg * 1e3)
        c = pairs.stats.get(('cub', dev, '%s flush=%s mode=%s' % (s['config_key'], s['flush'], s['mode'])))
        label = devs.label[dev]
        gpu[(label, n)] = {'mord': devs.ord[dev], 'device_id': dev, 'config_key': s['config_key'],
                           'flush': s['flush'], 'mode': s['mode'], 'runs': s['runs'], 'us': s['median_ms'] * 1e3,
                           'lo': mul(s['lo_ms'], 1e3), 'hi': mul(s['hi_ms'], 1e3), 'model_us': model_us,
                           'x_model': s['median_ms'] * 1e3 / model_us,
                           'cub_x': c['ratio'] if c else None, 'cub_lo': c['lo'] if c else None,
                           'cub_hi': c['hi'] if c else None, 'cub_runs': c['k'] if c else None,
                           'cub_basis': c['basis'] if c else None}
        value, lo, hi, thr = s['median_ms'] * 1e3 / model_us, div(mul(s['lo_ms'], 1e3), model_us), \
            div(mul(s['hi_ms'], 1e3), model_us), 1.5
        if lo is None:
            verdict = 'not judged'
        elif hi is not None and hi <= thr:
            verdict = 'met'
        elif lo > thr:
            verdict = 'missed'
        else:
            verdict = 'inconclusive'
        target[(label, n, 'small_model')] = {'mord': devs.ord[dev], 'value': value, 'lo': lo, 'hi': hi,
                                             'threshold': thr, 'target': 'small-n over the floor model',
                                             'verdict': verdict}
    return gpu, target


# ------------------------------------------------------- SQL's NULL logic --
# The verdict rules are CASE expressions over comparisons that may meet a
# NULL: a comparison with NULL is unknown (None), AND is false if any part is
# false, OR true if any part is true, and a CASE branch is taken only when
# its condition is true.

def cmp(op, a, b):
    if a is None or b is None:
        return None
    return {'<': a < b, '<=': a <= b, '>': a > b, '>=': a >= b, '=': a == b}[op]


def AND(*xs):
    if any(x is False for x in xs):
        return False
    return None if any(x is None for x in xs) else True


def OR(*xs):
    if any(x is True for x in xs):
        return True
    return None if any(x is None for x in xs) else False


def agg_sum(xs):
    """SQL sum(): of the values that are not NULL (True counts 1); NULL if none"""
    xs = [x for x in xs if x is not None]
    return sum(xs) if xs else None


def agg_min(xs):
    xs = [x for x in xs if x is not None]
    return min(xs) if xs else None


def agg_avg(xs):
    xs = [x for x in xs if x is not None]
    return mean(xs) if xs else None


def smin(*xs):
    """SQLite's scalar min(): NULL if any argument is NULL."""
    return None if any(x is None for x in xs) else min(xs)


def add(a, b):
    return None if a is None or b is None else a + b


def sql_int(v):
    """CAST(v AS INTEGER): a number truncated, a text's leading integer, else 0."""
    if v is None:
        return None
    if isinstance(v, (int, float)):
        return int(v)
    t = str(v).strip()
    k = 1 if t[:1] in '+-' else 0
    while k < len(t) and t[k].isdigit():
        k += 1
    try:
        return int(t[:k])
    except ValueError:
        return 0


def suffix_int(key, sep):
    """CAST(substr(key, instr(key, sep) + len(sep)) AS INTEGER)"""
    i = key.find(sep)
    return sql_int(key[i + len(sep):] if i >= 0 else key[len(sep) - 1:])


def or_none(xs):
    """a LEFT JOIN's matches: the rows, or one row of NULLs"""
    return xs if xs else [None]


def col(r, c):
    return None if r is None else r.get(c)


# ------------------------------------------------------------- settings --
# report_setting's values (reports/analysis/30-labels.sql, 65-claim-intervals.sql,
# 46-timing-protocol.sql, 75-agreement.sql) and seed_claim's seed values
# (70-claims.sql): constants here, as the other thresholds above.
FASTER = 1.05
SEED_TOLERANCE = 0.25
INTERLEAVED_MIN = 1.1
SATURATED_PCT_COPY = 90.0
SERIALISE_LO, SERIALISE_HI, SERIALISE_MIN = 8.0, 32.0, 2.0
FLAT_TOL = 0.10
SECTOR_TOL = 5.0
L2SEG_TOL = 0.1
L1TRANS_HOLDS, L1TRANS_PART = 11.5, 7.5
CACHED_HIT_MIN = 0.95
SEED_BROADCAST = 0.0625      # 000-broadcast: 1/16
SEED_INTERLEAVED = 1.8       # 003-interleaved
SEED_SECTOR = 80.0           # 004-sector: bytes used per sector at offset 11, %
SEED_L2SEG = 5.0             # 004-l2seg: sectors per request
OFFSET_GOAL_US = 0.2
PLACE_GOAL = 0.01
MINIMAL_ABS_US, MINIMAL_REL = 0.2, 0.02
BOUND_GOAL_US = 0.3
AGREE_REL, AGREE_SHORT_MS = 0.02, 0.020
AGREE_TARGET_PCT, AGREE_TARGET_SHORT_PCT = 95.0, 90.0
N_ACCESS_SEED, DIST_GRID, DIST_POINTS = 1 << 20, 2048, 1024
Z95 = 1.959963984540054


def wilson(k, n):
    """the 95% Wilson score interval of the share k / n (NULL for n < 1)"""
    if k is None or n is None or n < 1:
        return None, None
    z, p = Z95, k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


# --------------------------------------------------------------- latest --

def latest_default(raw, trials):
    """latest_default: per GPU, study and configuration key the result row
    (its samples' median; GB/s at its value) of the highest result_id among those the
    report counts (the trials' rows), of the cold cache and a key naming no
    flush and no mode; with GB/s, % of peak and the run's copy bandwidth."""
    best = {}
    for t in trials.trial.values():
        k = (t['device_id'], t['study'], t['config_key'])
        if k not in best or t['result_id'] > best[k]['result_id']:
            best[k] = t
    out = []
    for t in best.values():
        if t['cache'] != 'cold' or lower_has(t['config_key'], ' flush=') or lower_has(t['config_key'], ' mode='):
            continue
        u = raw.run[t['run_id']]
        ms = t['raw_median_ms']
        b = add(t['bytes_read'], t['bytes_written'])
        gbps = div(b, mul(ms, 1e6))
        out.append(dict(t, median_ms=t['sample_median_ms'], flush=raw.by_id[t['result_id']]['flush'],
                        copy_gbps=u['copy_gbps_start'], gbps=gbps, pct_peak=div(mul(100.0, gbps), t['peak_gbps'])))
    return out


# ------------------------------------------------------------- counters --

def config_from_key(key):
    """a counter row stored before its configuration columns: the columns
    from its key ('variant=read-offset n=16777216 ... cache=cold'), params
    the key's other names (text values), less variant, dtype, n, block, cache"""
    kv = dict(part.split('=', 1) for part in key.split(' ') if '=' in part)
    rest = {k: v for k, v in kv.items() if k not in ('variant', 'dtype', 'n', 'block', 'cache')}
    return {'variant': kv.get('variant'), 'dtype': kv.get('dtype'), 'n': sql_int(kv.get('n')),
            'block': sql_int(kv.get('block')), 'params': json.dumps(rest, separators=(',', ':'))}


class Counters:
    """counter_latest, counter_config, counter_constant, counter_local and
    access_counter, from the raw counter rows: per GPU, binary,
    configuration and metric the rows of the latest run that stored it,
    combined over the configuration's kernels (.sum added, .max and .min
    the extreme, the rest weighted by each kernel's duration, else a plain
    mean), the passes' range likewise."""

    def __init__(self, raw):
        rows = []
        for c in raw.counter:
            u = raw.run.get(c['run_id'])
            if u is None:
                continue
            c = dict(c, device_id=u['device_id'], study=u['study'], binary=u['binary'])
            if c['variant'] is None and c['config_key'].startswith('variant=') and '"' not in c['config_key']:
                c.update(config_from_key(c['config_key']))
            rows.append(c)
        last = {}
        for c in rows:
            k = (c['device_id'], c['binary'], c['config_key'], c['metric'])
            last[k] = max(last.get(k, c['run_id']), c['run_id'])
        latest = [c for c in rows if c['run_id'] == last[(c['device_id'], c['binary'], c['config_key'], c['metric'])]]
        dur = {}
        for c in latest:
            if c['metric'] == 'gpu__time_duration.sum':
                dur.setdefault((c['device_id'], c['binary'], c['config_key'], c['kernel']), []).append(c['value'])
        groups = {}
        for c in latest:
            for d in or_none(dur.get((c['device_id'], c['binary'], c['config_key'], c['kernel']))):
                groups.setdefault((c['device_id'], c['binary'], c['config_key'], c['metric']), []).append((c, d))
        self.config = {}
        for (dev, binary, key, metric), cs in groups.items():
            m = metric.lower()

            def comb(vals):
                if m.endswith('.sum'):
                    return agg_sum(vals)
                if m.endswith('.max'):
                    return smax_null(vals)
                if m.endswith('.min'):
                    return agg_min(vals)
                w = div(agg_sum([mul(v, d) for v, (c, d) in zip(vals, cs)]), agg_sum([d for c, d in cs]))
                return w if w is not None else agg_avg(vals)
            c0 = cs[0][0]
            self.config[(dev, binary, key, metric)] = {
                'device_id': dev, 'study': c0['study'], 'binary': binary, 'config_key': key, 'variant': c0['variant'],
                'dtype': c0['dtype'], 'n': c0['n'], 'block': c0['block'], 'params': c0['params'], 'metric': metric,
                'unit': smax_null([c['unit'] for c, d in cs]), 'kernels': len(cs),
                'value': comb([c['value'] for c, d in cs]),
                'lo_value': comb([c['min_value'] if c['min_value'] is not None else c['value'] for c, d in cs]),
                'hi_value': comb([c['max_value'] if c['max_value'] is not None else c['value'] for c, d in cs])}
        per = {}
        for (dev, binary, key, metric), c in self.config.items():
            per.setdefault((dev, binary, key), {})[metric] = c

        def pick(ms, metric, what='value'):
            c = ms.get(metric)
            return c[what] if c else None
        self.constant = {}
        self.local = {}
        for (dev, binary, key), ms in per.items():
            c0 = next(iter(ms.values()))
            if c0['study'] in ('distance', 'raytrace'):
                r = {c: c0[c] for c in ('device_id', 'study', 'variant', 'n', 'block', 'params', 'config_key')}
                for name, metric in (('idc_requests', 'idc__requests.sum'), ('idc_hits', 'idc__requests_lookup_hit.sum'),
                                     ('l1_ld_requests', 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum'),
                                     ('dram_read_bytes', 'dram__bytes_read.sum'),
                                     ('issue_active_pct', 'smsp__issue_active.avg.pct_of_peak_sustained_active')):
                    r[name] = pick(ms, metric)
                    r[name + '_lo'] = pick(ms, metric, 'lo_value')
                    r[name + '_hi'] = pick(ms, metric, 'hi_value')
                for name, metric in (('idc_misses', 'idc__requests_lookup_miss.sum'),
                                     ('l1_ld_sectors', 'l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum'),
                                     ('stall_const_miss', 'smsp__average_warps_issue_stalled_imc_miss_per_issue_active.ratio'),
                                     ('stall_no_instruction',
                                      'smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio'),
                                     ('sm_pct', 'sm__throughput.avg.pct_of_peak_sustained_elapsed'),
                                     ('occupancy_pct', 'sm__warps_active.avg.pct_of_peak_sustained_active'),
                                     ('instructions', 'smsp__inst_executed.sum'),
                                     ('duration_ns', 'gpu__time_duration.sum')):
                    r[name] = pick(ms, metric)
                self.constant[(dev, binary, key)] = r
            if c0['study'] == 'access' and (c0['variant'] or '').lower().startswith('local-'):
                r = {c: c0[c] for c in ('device_id', 'variant', 'n', 'block', 'params', 'config_key')}
                r['l1'] = param(c0['params'], 'l1')
                for name, metric in (('local_ld_sectors', 'l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum'),
                                     ('local_st_sectors', 'l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum'),
                                     ('l2_read_sectors', 'lts__t_sectors_srcunit_tex_op_read.sum'),
                                     ('l2_write_sectors', 'lts__t_sectors_srcunit_tex_op_write.sum'),
                                     ('dram_read_bytes', 'dram__bytes_read.sum'),
                                     ('dram_write_bytes', 'dram__bytes_write.sum'),
                                     ('l2_hit_pct', 'lts__t_sector_hit_rate.pct')):
                    r[name] = pick(ms, metric)
                rw = ('dram__bytes_read.sum', 'dram__bytes_write.sum')
                r['dram_bytes_lo'] = agg_sum([ms[m]['lo_value'] for m in rw if m in ms])
                r['dram_bytes_hi'] = agg_sum([ms[m]['hi_value'] for m in rw if m in ms])
                self.local[(dev, binary, key)] = r
        self.access = [{'device_id': c['device_id'], 'config_key': c['config_key'], 'metric': c['metric'],
                        'value': c['value'], 'lo': c['lo_value'], 'hi': c['hi_value'], 'variant': c['variant'],
                        'n': c['n'], 'block': c['block'], 'k': sql_int(param(c['params'], 'k')),
                        'l1': param(c['params'], 'l1')}
                       for c in self.config.values() if c['study'] == 'access']


# ------------------------------------------------------ claim intervals --

class ClaimIntervals:
    """65-claim-intervals.sql and 40-reduce.sql's reduce_seedcfg: the
    distance field's uniform access (const_uniform_ci), the divergent-access
    ratios (const_slow_ci), the ray tracer's (rt_pair_ci), seed 004's
    offsets (access_flat_ci) and the seed's reduction configuration
    (reduce_seedcfg), from the oracle's own config_stats and pair_stats."""

    def __init__(self, trials, prs, latest):
        sd = stats_default(trials)
        ps = list(prs.stats.values())
        # const_uniform_ci
        d1 = [dict(s, grid=param(s['params'], 'grid'), p=param(s['params'], 'points'))
              for s in sd if s['study'] == 'distance' and param(s['params'], 'tile') == 16 and param(s['params'], 'k') == 1]
        o = {}
        for s in d1:
            if s['variant'] != 'constant':
                o.setdefault((s['device_id'], s['grid'], s['p']), []).append(s)
        cu_pairs = {}
        for x in ps:
            if x['kind'] == 'c-uniform' and param(x['params'], 'k') == 1:
                cu_pairs.setdefault((x['device_id'], param(x['params'], 'grid'), param(x['params'], 'points')),
                                    []).append(x)
        self.uniform = []
        for c in d1:
            if c['variant'] != 'constant' or (c['device_id'], c['grid'], c['p']) not in o:
                continue
            os_ = o[(c['device_id'], c['grid'], c['p'])]
            o_lo, o_hi = agg_min([s['lo_ms'] for s in os_]), agg_min([s['hi_ms'] for s in os_])
            fastest = 1 if cmp('<', c['hi_ms'], o_lo) else 0 if cmp('>', c['lo_ms'], o_hi) else None
            for x in cu_pairs.get((c['device_id'], c['grid'], c['p']), []):
                self.uniform.append({'device_id': c['device_id'], 'grid': c['grid'], 'p': c['p'], 'x': x['ratio'],
                                     'x_lo': x['lo'], 'x_hi': x['hi'], 'fastest': fastest})
        # const_slow_ci
        ck = [{'device_id': x['device_id'], 'variant': x['variant'], 'k': suffix_int(x['pair_key'], ' at k='),
               'ratio': x['ratio'], 'lo': x['lo'], 'hi': x['hi']} for x in ps if x['kind'] == 'c-k']

        def at(kind):
            return [{'device_id': x['device_id'], 'k': param(x['params'], 'k'), 'ratio': x['ratio'], 'lo': x['lo'],
                     'hi': x['hi']} for x in ps if x['kind'] == kind and param(x['params'], 'grid') == DIST_GRID
                    and param(x['params'], 'points') == DIST_POINTS]
        cg, cr = at('c-uniform'), at('cr')
        self.slow = []
        for dev in sorted({x['device_id'] for x in ck}):
            def f(rows, **kv):
                return or_none([x for x in rows if x['device_id'] == dev and all(x[k] == v for k, v in kv.items())])
            for c16 in f(ck, variant='constant', k=16):
                for c32 in f(ck, variant='constant', k=32):
                    for g16 in f(ck, variant='global', k=16):
                        for x16 in f(cg, k=16):
                            for r32 in f(cr, k=32):
                                self.slow.append({
                                    'device_id': dev, 'c16': col(c16, 'ratio'), 'c16_lo': col(c16, 'lo'),
                                    'c16_hi': col(c16, 'hi'), 'c32': col(c32, 'ratio'), 'g16': col(g16, 'ratio'),
                                    'g16_lo': col(g16, 'lo'), 'g16_hi': col(g16, 'hi'),
                                    'cg16': div(1, col(x16, 'ratio')), 'cg16_lo': div(1, col(x16, 'hi')),
                                    'cg16_hi': div(1, col(x16, 'lo')), 'cr32': col(r32, 'ratio'),
                                    'cr32_lo': col(r32, 'lo'), 'cr32_hi': col(r32, 'hi')})
        # rt_pair_ci
        self.rt = [{'device_id': x['device_id'], 'size': param(x['params'], 'size'),
                    'spheres': param(x['params'], 'spheres'), 'x': x['ratio'], 'x_lo': x['lo'], 'x_hi': x['hi']}
                   for x in ps if x['kind'] == 'rt']
        # access_flat_ci
        s0 = {}
        for s in sd:
            if s['study'] == 'access':
                s0.setdefault((s['device_id'], s['config_key']), []).append(s)
        self.flat = []
        for x in ps:
            k = suffix_int(x['pair_key'], ' at k=')
            if x['kind'] != 'flat' or x['n'] != N_ACCESS_SEED or x['block'] != 512 or k not in (11, 128):
                continue
            for s in s0.get((x['device_id'], x['config_key']), []):
                self.flat.append({'device_id': x['device_id'], 'l1': param(x['params'], 'l1'), 'k': k,
                                  'ms0': s['median_ms'], 'ms': mul(s['median_ms'], x['ratio']), 'x': x['ratio'],
                                  'x_lo': x['lo'], 'x_hi': x['hi']})
        # reduce_seedcfg
        copy = {}
        for l in latest:
            if l['study'] == 'reduce':
                copy.setdefault((l['device_id'], l['config_key']), []).append(l['copy_gbps'])
        cols = {'neighbored': 'nb', 'neighbored-less-divergence': 'nld', 'interleaved': 'il', 'unroll2': 'u2',
                'unroll4': 'u4', 'unroll8': 'u8', 'unroll-warps8': 'uw8', 'complete-unroll-warps8': 'cu8'}
        seed = {}
        for c in sd:
            if c['study'] != 'reduce' or c['dtype'] != 'float32' or c['n'] != N_SEED or c['block'] != 1024:
                continue
            r = seed.setdefault(c['device_id'], {'device_id': c['device_id'], 'vals': {}})
            cg_ = smax_null(copy.get((c['device_id'], c['config_key']), []))
            b = add(c['bytes_read'], c['bytes_written'])
            if c['variant'] in cols:
                v = cols[c['variant']]
                for suffix, x in (('', c['median_ms']), ('_lo', c['lo_ms']), ('_hi', c['hi_ms'])):
                    r['vals'].setdefault(v + suffix, []).append(x)
            if c['variant'] == 'unroll8':
                for suffix, t in (('', c['median_ms']), ('_lo', c['hi_ms']), ('_hi', c['lo_ms'])):
                    r['vals'].setdefault('u8_copy' + suffix, []).append(div(div(mul(100.0, b), mul(t, 1e6)), cg_))
        pairs = {}
        for x in ps:
            if x['kind'] == 'seed':
                pairs.setdefault(x['device_id'], {}).setdefault(x['pair_key'], []).append(x)
        names = (('nb_nld', 'neighbored over neighbored-less-divergence'), ('nb_il', 'neighbored over interleaved'),
                 ('il_u2', 'interleaved over unroll2'), ('u2_u4', 'unroll2 over unroll4'),
                 ('u4_u8', 'unroll4 over unroll8'), ('u8_uw8', 'unroll8 over unroll-warps8'),
                 ('uw8_cu8', 'unroll-warps8 over complete-unroll-warps8'))
        self.seedcfg = {}
        for dev, r in seed.items():
            o_ = {'device_id': dev}
            for v in cols.values():
                for suffix in ('', '_lo', '_hi'):
                    o_[v + suffix] = smax_null(r['vals'].get(v + suffix, []))
            for suffix in ('', '_lo', '_hi'):
                o_['u8_copy' + suffix] = smax_null(r['vals'].get('u8_copy' + suffix, []))
            for name, key in names:
                xs = pairs.get(dev, {}).get(key, [])
                o_[name] = smax_null([x['ratio'] for x in xs])
                o_[name + '_lo'] = smax_null([x['lo'] for x in xs])
                o_[name + '_hi'] = smax_null([x['hi'] for x in xs])
            self.seedcfg[dev] = o_


# ---------------------------------------------------------------- claims --

def claim_verdicts(raw, trials, devs, latest, ctr, ci):
    """claim_verdict's verdicts: every claim of the seeds (70-claims.sql) on
    every GPU with a complete run, by its rule, from the oracle's own
    intervals (config_stats, pair_stats and the claim intervals above), the
    latest results and the counters. A LEFT JOIN that matches several rows
    gives a verdict per row, as the view does."""
    out = []
    ld = {}
    for l in latest:
        ld.setdefault((l['device_id'], l['study']), []).append(l)
    cc = list(ctr.constant.values())
    cl = list(ctr.local.values())
    ac = ctr.access

    def per_dev(rows):
        g = {}
        for r in rows:
            g.setdefault(r['device_id'], []).append(r)
        return g
    # cu, rt: the counts over configurations
    cu, rt = {}, {}
    for dev, us in per_dev(ci.uniform).items():
        cu[dev] = {'n': len(us), 'nf': agg_sum([cmp('>=', u['x_lo'], FASTER) for u in us]),
                   'nn': agg_sum([cmp('<', u['x_hi'], FASTER) for u in us]),
                   'nc': agg_sum([cmp('=', u['fastest'], 1) for u in us]),
                   'nnc': agg_sum([cmp('=', u['fastest'], 0) for u in us])}
    for dev, rs in per_dev(ci.rt).items():
        rt[dev] = {'n': len(rs), 'nf': agg_sum([cmp('>=', r['x_lo'], FASTER) for r in rs]),
                   'nn': agg_sum([cmp('<', r['x_hi'], FASTER) for r in rs])}
    k64 = {}
    for l in latest:
        if l['study'] in ('distance', 'raytrace'):
            k = k64.setdefault(l['device_id'], {'nd': 0, 'nr': 0})
            k['nd'] += l['study'] == 'distance' and param(l['params'], 'points') == 8192
            k['nr'] += l['study'] == 'raytrace' and param(l['params'], 'spheres') == 2340
    # cdr: the distance kernels' counters at k = 1, constant against global
    cdr = []
    for c in cc:
        if c['study'] != 'distance' or c['variant'] != 'constant' or param(c['params'], 'k') != 1:
            continue
        for g in cc:
            if g['device_id'] != c['device_id'] or g['study'] != 'distance' or g['variant'] != 'global' \
               or g['params'] != c['params']:
                continue
            cdr.append({'device_id': c['device_id'], 'p': param(c['params'], 'points'), 'key': c['config_key'],
                        'x': div(c['idc_requests'], g['l1_ld_requests']),
                        'x_lo': div(c['idc_requests_lo'], g['l1_ld_requests_hi']),
                        'x_hi': div(c['idc_requests_hi'], g['l1_ld_requests_lo']),
                        'hit': div(c['idc_hits'], c['idc_requests']),
                        'hit_lo': div(c['idc_hits_lo'], c['idc_requests_hi']),
                        'hit_hi': smin(1.0, div(c['idc_hits_hi'], c['idc_requests_lo']))})

    def sqlkey(v):
        """SQLite's order: NULL, then numbers, then text"""
        return (0, 0, '') if v is None else (1, v, '') if isinstance(v, (int, float)) else (2, 0, str(v))
    most, fewest = {}, {}
    for dev, rs in per_dev(cdr).items():
        rs = sorted(rs, key=lambda r: r['key'])
        most[dev] = sorted(rs, key=lambda r: sqlkey(r['p']), reverse=True)[0]     # points DESC, key
        fewest[dev] = sorted(rs, key=lambda r: sqlkey(r['p']))[0]
    # cri: the ray tracer's DRAM bytes and idle issue slots, global over constant
    cri = {}
    for c in cc:
        if c['study'] != 'raytrace' or c['variant'] != 'constant':
            continue
        for g in cc:
            if g['device_id'] != c['device_id'] or g['study'] != 'raytrace' or g['variant'] != 'global' \
               or g['params'] != c['params']:
                continue
            r = cri.setdefault(c['device_id'], {'n': 0, 'bw_lo': [], 'bw_hi': [], 'idle_lo': [], 'idle_hi': [],
                                                'idle_missing': 0, 'bw_missing': 0})
            r['n'] += 1
            r['bw_lo'].append(div(g['dram_read_bytes_lo'], c['dram_read_bytes_hi']))
            r['bw_hi'].append(div(g['dram_read_bytes_hi'], c['dram_read_bytes_lo']))
            r['idle_lo'].append(div(sub(100, g['issue_active_pct_hi']), sub(100, c['issue_active_pct_lo'])))
            r['idle_hi'].append(div(sub(100, g['issue_active_pct_lo']), sub(100, c['issue_active_pct_hi'])))
            r['idle_missing'] += c['issue_active_pct'] is None or g['issue_active_pct'] is None
            r['bw_missing'] += c['dram_read_bytes'] is None or g['dram_read_bytes'] is None
    for r in cri.values():
        for k in ('bw_lo', 'bw_hi', 'idle_lo', 'idle_hi'):
            r[k] = agg_min(r[k])
    # tex: the stencil's texture path at its largest size against the copy bandwidth
    copy = {}
    for u in raw.run.values():
        if u['kind'] == 'measure' and u['status'] == 'complete' and pos(u['copy_gbps_start']):
            copy.setdefault(u['device_id'], []).append(u['copy_gbps_start'])
    cs = list(trials.stats.values())
    tex_rows = [s for s in cs if s['study'] == 'stencil' and s['variant'] == 'tex' and s['flush'] == 'clean'
                and s['mode'] == 'single']
    tex = {}
    for s in tex_rows:
        same_dev = [x for x in tex_rows if x['device_id'] == s['device_id']]
        if cmp('=', param(s['params'], 'size'), smax_null([param(x['params'], 'size') for x in same_dev])) is not True:
            continue
        if cmp('=', s['block'], agg_min([x['block'] for x in same_dev if x['params'] == s['params']])) is not True:
            continue
        for g in cs:
            if g['device_id'] == s['device_id'] and g['study'] == s['study'] and g['variant'] == 'global' \
               and g['params'] == s['params'] and g['block'] == s['block'] and g['block'] is not None \
               and g['flush'] == s['flush'] and g['mode'] == s['mode'] and g['cache'] == s['cache']:
                tex.setdefault(s['device_id'], []).append(
                    {'gbps': s['gbps'], 'gbps_lo': s['gbps_lo'], 'gbps_hi': s['gbps_hi'],
                     'copy': median(sorted(copy[s['device_id']])) if s['device_id'] in copy else None})
    # loc, l: the local array against registers, in time and in DRAM bytes
    loc = {}
    acc_t = [dict(l, k=param(l['params'], 'k'), l1=param(l['params'], 'l1')) for l in latest if l['study'] == 'access']
    for d in acc_t:
        if d['variant'] == 'local-dynamic' and d['n'] == N_ACCESS and d['block'] == 256 and d['l1'] == 'ca':
            for s in acc_t:
                if s['device_id'] == d['device_id'] and s['variant'] == 'local-static' and s['n'] == d['n'] \
                   and s['block'] == d['block'] and s['l1'] == d['l1']:
                    loc.setdefault(d['device_id'], []).append(div(d['median_ms'], s['median_ms']))
    lmem = {}
    for d in cl:
        if d['variant'] != 'local-dynamic' or d['l1'] != 'ca' \
           or cmp('=', d['n'], smax_null([c['n'] for c in cl if c['device_id'] == d['device_id']
                                          and c['variant'] == 'local-dynamic'])) is not True:
            continue
        for s in cl:
            if s['device_id'] == d['device_id'] and s['variant'] == 'local-static' and s['n'] == d['n'] \
               and s['block'] == d['block'] and s['block'] is not None and s['l1'] == d['l1']:
                lmem.setdefault(d['device_id'], []).append(
                    {'dyn': add(d['dram_read_bytes'], d['dram_write_bytes']),
                     'stat': add(s['dram_read_bytes'], s['dram_write_bytes']),
                     'dyn_lo': d['dram_bytes_lo'], 'dyn_hi': d['dram_bytes_hi'],
                     'stat_lo': s['dram_bytes_lo'], 'stat_hi': s['dram_bytes_hi']})
    # fl: seed 004's offsets within 1 +/- flat_tol
    fl = {}
    for dev, fs in per_dev(ci.flat).items():
        fl[dev] = {'n': len(fs),
                   'n_in': agg_sum([AND(cmp('>=', f['x_lo'], 1 - FLAT_TOL), cmp('<=', f['x_hi'], 1 + FLAT_TOL))
                                    for f in fs]),
                   'n_out': agg_sum([OR(cmp('<', f['x_hi'], 1 - FLAT_TOL), cmp('>', f['x_lo'], 1 + FLAT_TOL))
                                     for f in fs]),
                   'ca0': smax_null([f['ms0'] for f in fs if f['l1'] == 'ca']),
                   'cg0': smax_null([f['ms0'] for f in fs if f['l1'] == 'cg'])}
    # sec, spr, spr_ca: the access study's sector counters
    sec = {}
    for a in ac:
        if a['variant'] != 'read-offset' or a['k'] not in (0, 11, 128) \
           or a['metric'] != 'smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct':
            continue
        tgt = SEED_SECTOR if a['k'] == 11 else 100
        r = sec.setdefault(a['device_id'], {'v': {}, 'dev_hi': [], 'dev_lo': []})
        if a['l1'] in ('ca', 'cg'):
            r['v'].setdefault((a['l1'], a['k']), []).append(a['value'])
        r['dev_hi'].append(smax(abs_(sub(a['lo'], tgt)), abs_(sub(a['hi'], tgt))))
        between = AND(cmp('>=', tgt, a['lo']), cmp('<=', tgt, a['hi']))
        r['dev_lo'].append(0 if between is True else smin(abs_(sub(a['lo'], tgt)), abs_(sub(a['hi'], tgt))))
    for r in sec.values():
        vals = [smax_null(r['v'].get((l1, k), [])) for l1 in ('ca', 'cg') for k in (0, 11, 128)]
        r.update(all=smax(*vals), dev_hi=smax_null(r['dev_hi']), dev_lo=smax_null(r['dev_lo']))
    by_key = {}
    for a in ac:
        if a['metric'] == 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum':
            by_key.setdefault((a['device_id'], a['config_key']), []).append(a)

    def spr_of(l1):
        out_ = {}
        for s in ac:
            if s['metric'] != 'l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum' or s['variant'] != 'read-offset' \
               or s['l1'] != l1:
                continue
            for r in by_key.get((s['device_id'], s['config_key']), []):
                o = out_.setdefault(s['device_id'], {'x': [], 'lo': [], 'hi': []})
                o['x'].append(div(s['value'], r['value']))
                o['lo'].append(div(s['lo'], r['hi']))
                o['hi'].append(div(s['hi'], r['lo']))
        return {d: {'mx': smax_null(o['x']), 'mx_lo': smax_null(o['lo']), 'mx_hi': smax_null(o['hi'])}
                for d, o in out_.items()}
    spr, spr_ca = spr_of('cg'), spr_of('ca')

    def verdict(*rules, default='inconclusive'):
        for cond, v in rules:
            if cond is True:
                return v
        return default

    for dev in sorted(devs.ord, key=lambda d: devs.ord[d]):
        name = devs.name[dev]
        unprof = 'not profiled on ' + devs.label[dev]
        n_dist, n_rt, n_acc = (len(ld.get((dev, s), [])) for s in ('distance', 'raytrace', 'access'))

        def emit(cid, v):
            out.append({'claim_id': cid, 'device_id': dev, 'device': name, 'verdict': v})
        b = most.get(dev)
        x_lo, x_hi = col(b, 'x_lo'), col(b, 'x_hi')
        emit('000-broadcast', verdict(
            (n_dist == 0, 'not measured'), (col(b, 'x') is None, unprof),
            (AND(cmp('>=', x_lo, SEED_BROADCAST * (1 - SEED_TOLERANCE)), cmp('<=', x_hi, SEED_BROADCAST * (1 + SEED_TOLERANCE))),
             'holds'),
            (cmp('>=', x_lo, 1 / FASTER), 'does not hold'),
            (AND(cmp('<', x_hi, 1 / FASTER), OR(cmp('<', x_hi, SEED_BROADCAST * (1 - SEED_TOLERANCE)),
                                               cmp('>', x_lo, SEED_BROADCAST * (1 + SEED_TOLERANCE)))),
             'other magnitude')))
        b = fewest.get(dev)
        emit('000-cached', verdict(
            (n_dist == 0, 'not measured'), (col(b, 'hit') is None, unprof),
            (cmp('>=', col(b, 'hit_lo'), CACHED_HIT_MIN), 'holds'),
            (cmp('<', col(b, 'hit_hi'), CACHED_HIT_MIN), 'does not hold')))
        u = cu.get(dev)
        emit('000-faster', verdict(
            (u is None, 'not measured'), (cmp('=', col(u, 'nf'), col(u, 'n')), 'holds'),
            (cmp('=', col(u, 'nn'), col(u, 'n')), 'does not hold'),
            (AND(cmp('>', col(u, 'nf'), 0), cmp('>', col(u, 'nn'), 0)), 'holds in part')))
        for s in or_none([x for x in ci.slow if x['device_id'] == dev]):
            c16_lo, c16_hi = col(s, 'c16_lo'), col(s, 'c16_hi')
            emit('000-serialise', verdict(
                (col(s, 'c16') is None, 'not measured'),
                (AND(cmp('>=', c16_lo, SERIALISE_LO), cmp('<=', c16_hi, SERIALISE_HI)), 'holds'),
                (OR(cmp('<', c16_hi, SERIALISE_MIN), cmp('<', c16_hi, mul(SERIALISE_MIN, col(s, 'g16_lo')))),
                 'does not hold'),
                (AND(cmp('>=', c16_lo, SERIALISE_MIN), cmp('>=', c16_lo, mul(SERIALISE_MIN, col(s, 'g16_hi'))),
                     OR(cmp('<', c16_hi, SERIALISE_LO), cmp('>', c16_lo, SERIALISE_HI))), 'other magnitude')))
        for s in or_none([x for x in ci.slow if x['device_id'] == dev]):
            emit('000-hurts', verdict(
                (col(s, 'cg16') is None, 'not measured'), (cmp('>=', col(s, 'cg16_lo'), FASTER), 'holds'),
                (cmp('<', col(s, 'cg16_hi'), FASTER), 'does not hold')))
        emit('001-uniform', verdict(
            (u is None, 'not measured'), (cmp('=', col(u, 'nc'), col(u, 'n')), 'holds'),
            (cmp('=', col(u, 'nnc'), col(u, 'n')), 'does not hold'),
            (AND(cmp('>', col(u, 'nc'), 0), cmp('>', col(u, 'nnc'), 0)), 'holds in part')))
        k = k64.get(dev)
        emit('001-64k', verdict((k is None, 'not measured'),
                                (AND(cmp('>', col(k, 'nd'), 0), cmp('>', col(k, 'nr'), 0)), 'holds'),
                                default='not tested'))
        for s in or_none([x for x in ci.slow if x['device_id'] == dev]):
            emit('001-readonly', verdict(
                (col(s, 'cr32') is None, 'not measured'), (cmp('>=', col(s, 'cr32_lo'), FASTER), 'holds'),
                (cmp('<', col(s, 'cr32_hi'), FASTER), 'does not hold')))
        for t in or_none(tex.get(dev)):
            emit('001-texture', verdict(
                (OR(col(t, 'gbps') is None, col(t, 'copy') is None), 'not measured'),
                (cmp('>', col(t, 'gbps_lo'), col(t, 'copy')), 'holds'),
                (cmp('<', col(t, 'gbps_hi'), col(t, 'copy')), 'does not hold')))
        for _ in or_none(loc.get(dev)):
            for m in or_none(lmem.get(dev)):
                emit('001-local', verdict(
                    (n_acc == 0, 'not measured'), (col(m, 'dyn') is None, unprof),
                    (cmp('>=', col(m, 'dyn_lo'), mul(FASTER, col(m, 'stat_hi'))), 'holds'),
                    (cmp('<', col(m, 'dyn_hi'), mul(FASTER, col(m, 'stat_lo'))), 'does not hold')))
        r = rt.get(dev)
        emit('002-faster', verdict(
            (r is None, 'not measured'), (cmp('=', col(r, 'nf'), col(r, 'n')), 'holds'),
            (cmp('=', col(r, 'nn'), col(r, 'n')), 'does not hold'),
            (AND(cmp('>', col(r, 'nf'), 0), cmp('>', col(r, 'nn'), 0)), 'holds in part')))
        i = cri.get(dev)
        bw_lo, bw_hi, idle_lo, idle_hi = (col(i, k) for k in ('bw_lo', 'bw_hi', 'idle_lo', 'idle_hi'))
        emit('002-idle', verdict(
            (n_rt == 0, 'not measured'),
            (OR(i is None, cmp('>', col(i, 'bw_missing'), 0), cmp('>', col(i, 'idle_missing'), 0)), unprof),
            (AND(cmp('>=', bw_lo, FASTER), cmp('>=', idle_lo, FASTER)), 'holds'),
            (OR(AND(cmp('>=', bw_lo, FASTER), cmp('<', idle_hi, FASTER)),
                AND(cmp('>=', idle_lo, FASTER), cmp('<', bw_hi, FASTER))), 'holds in part'),
            (AND(cmp('<', bw_hi, FASTER), cmp('<', idle_hi, FASTER)), 'does not hold')))
        s = ci.seedcfg.get(dev)

        def sv(c):
            return col(s, c)
        emit('003-divergence', verdict(
            (OR(sv('nld') is None, sv('nb') is None), 'not measured'), (cmp('>=', sv('nb_nld_lo'), FASTER), 'holds'),
            (cmp('<', sv('nb_nld_hi'), FASTER), 'does not hold')))
        emit('003-interleaved', verdict(
            (OR(sv('il') is None, sv('nb') is None), 'not measured'),
            (AND(cmp('>=', sv('nb_il_lo'), INTERLEAVED_MIN),
                 cmp('<=', abs_(sub(div(sv('nb_il'), SEED_INTERLEAVED), 1)), SEED_TOLERANCE)), 'holds'),
            (cmp('>=', sv('nb_il_lo'), INTERLEAVED_MIN), 'other magnitude'),
            (cmp('<', sv('nb_il_hi'), INTERLEAVED_MIN), 'does not hold')))
        if OR(sv('u8') is None, sv('il') is None) is True:
            v = 'not measured'
        elif OR(cmp('<', sv('il_u2_hi'), FASTER), cmp('<', sv('u2_u4_hi'), FASTER),
                cmp('<', sv('u4_u8_hi'), FASTER)) is True:
            v = 'holds' if cmp('>=', sv('u8_copy_lo'), SATURATED_PCT_COPY) is True else 'does not hold'
        elif AND(cmp('>=', sv('il_u2_lo'), FASTER), cmp('>=', sv('u2_u4_lo'), FASTER),
                 cmp('>=', sv('u4_u8_lo'), FASTER)) is True:
            v = verdict((cmp('>=', sv('u8_copy_lo'), SATURATED_PCT_COPY), 'holds'),
                        (cmp('<', sv('u8_copy_hi'), SATURATED_PCT_COPY), 'holds in part'))
        else:
            v = 'inconclusive'
        emit('003-unroll', v)
        emit('003-lastwarp', verdict(
            (OR(sv('uw8') is None, sv('u8') is None), 'not measured'), (cmp('>=', sv('u8_uw8_lo'), FASTER), 'holds'),
            (cmp('<', sv('u8_uw8_hi'), FASTER), 'does not hold')))
        emit('003-complete', verdict(
            (OR(sv('uw8') is None, sv('cu8') is None), 'not measured'),
            (cmp('>=', sv('uw8_cu8_lo'), FASTER), 'holds'), (cmp('<', sv('uw8_cu8_hi'), FASTER), 'does not hold')))
        f = fl.get(dev)
        emit('004-flat', verdict(
            (OR(col(f, 'ca0') is None, col(f, 'cg0') is None), 'not measured'),
            (cmp('=', col(f, 'n_in'), col(f, 'n')), 'holds'), (cmp('>', col(f, 'n_out'), 0), 'does not hold')))
        e = sec.get(dev)
        emit('004-sector', verdict(
            (n_acc == 0, 'not measured'), (col(e, 'all') is None, unprof),
            (cmp('<=', col(e, 'dev_hi'), SECTOR_TOL), 'holds'), (cmp('>', col(e, 'dev_lo'), SECTOR_TOL), 'does not hold')))
        p = spr.get(dev)
        emit('004-l2seg', verdict(
            (n_acc == 0, 'not measured'), (col(p, 'mx') is None, unprof),
            (AND(cmp('>=', col(p, 'mx_lo'), SEED_L2SEG - L2SEG_TOL), cmp('<=', col(p, 'mx_hi'), SEED_L2SEG + L2SEG_TOL)),
             'holds'),
            (OR(cmp('<', col(p, 'mx_hi'), SEED_L2SEG - L2SEG_TOL), cmp('>', col(p, 'mx_lo'), SEED_L2SEG + L2SEG_TOL)),
             'does not hold')))
        p = spr_ca.get(dev)
        emit('004-l1trans', verdict(
            (n_acc == 0, 'not measured'), (col(p, 'mx') is None, unprof),
            (cmp('>=', col(p, 'mx_lo'), L1TRANS_HOLDS), 'holds'),
            (AND(cmp('>=', col(p, 'mx_lo'), L1TRANS_PART), cmp('<', col(p, 'mx_hi'), L1TRANS_HOLDS)), 'holds in part'),
            (cmp('<', col(p, 'mx_hi'), L1TRANS_PART), 'does not hold')))
    return out


def abs_(x):
    return None if x is None else abs(x)


# --------------------------------------------------------------- targets --

def protocol(raw, trials, devs):
    """protocol_offset, protocol_quarter, protocol_place, minimal_harness:
    the harness's offset per GPU against offset_goal_us; a sample's place in
    the sampling order (the quarters' mean deviation of their median sample
    from the configuration's median, over the GPU's configurations under
    20 us of 40 samples or more) against place_goal; the project's CUB
    (raw trial medians, memset flush) against the minimal harness."""
    off = {}
    for u in raw.run.values():
        if u['kind'] == 'measure' and u['status'] == 'complete' and pos(u['launch_us']) \
           and pos(u['launch_bare_us']) and u['device_id'] in devs.ord:
            off.setdefault(u['device_id'], []).append(u)
    offset = {}
    for dev, us in off.items():
        d = [u['launch_us'] - u['launch_bare_us'] for u in us]
        offset[(dev,)] = {'label': devs.label[dev], 'ord': devs.ord[dev], 'runs': len(us),
                          'floor_us': median([u['launch_us'] for u in us]),
                          'bare_us': median([u['launch_bare_us'] for u in us]), 'offset_us': mean(d),
                          'offset_min_us': min(d), 'offset_max_us': max(d),
                          'verdict': 'met' if max(abs(x) for x in d) <= OFFSET_GOAL_US
                          else 'missed' if min(d) > OFFSET_GOAL_US or max(d) < -OFFSET_GOAL_US else 'inconclusive'}
    # the rows the report counts (result_bw), raw medians: short GPU-timed single launches
    short = {t['result_id']: t for t in trials.trial.values()
             if t['timer'] == 'cuda-event' and t['mode'] == 'single' and t['sample_median_ms'] is not None
             and t['sample_median_ms'] < 0.02 and t['reps'] is not None and t['reps'] >= 40}
    smp = raw.samples(short) if short else {}
    quarters = {}
    for rid, ss in smp.items():
        t = short[rid]
        byq = {}
        for i, ms in enumerate(ss):   # sample i of n (the order taken) is in quarter floor(4 i / n)
            byq.setdefault((i * 4) // len(ss), []).append(ms)
        for q, ms in byq.items():
            quarters.setdefault((t['device_id'], q), []).append(median(ms) / t['sample_median_ms'] - 1)
    quarter = {k: {'configs': len(v), 'dev': mean(v)} for k, v in quarters.items()}
    place = {}
    for (dev, q), v in quarter.items():
        if dev in devs.ord:
            place.setdefault(dev, {})[q] = v
    place = {(dev,): {'label': devs.label[dev], 'ord': devs.ord[dev], 'configs': max(v['configs'] for v in qs.values()),
                      'q1': col(qs.get(0), 'dev'), 'q2': col(qs.get(1), 'dev'), 'q3': col(qs.get(2), 'dev'),
                      'q4': col(qs.get(3), 'dev'),
                      'spread': max(v['dev'] for v in qs.values()) - min(v['dev'] for v in qs.values()),
                      'verdict': 'met' if max(v['dev'] for v in qs.values()) - min(v['dev'] for v in qs.values())
                      <= PLACE_GOAL else 'missed'}
             for dev, qs in place.items()}
    cb, cproc = {}, {}
    for r in raw.reference_timing:
        if r['what'] == 'cub':
            cb.setdefault((r['device_id'], r['n']), []).append(r['median_us'])
            cproc.setdefault((r['device_id'], r['n']), {}).setdefault(r['bench_uuid'], []).append(r['median_us'])
    pj = {}
    for t in trials.trial.values():
        if t['study'] == 'reduce' and t['variant'] == 'cub' and t['dtype'] == 'int32' and t['flush'] == 'memset' \
           and t['mode'] == 'single' and t['block'] == 256 and t['timer'] == 'cuda-event':
            pj.setdefault((t['device_id'], t['n']), []).append(t['raw_median_ms'] * 1000)
    minimal = {}
    for (dev, n), us in cb.items():
        if dev not in devs.ord:
            continue
        # each side: the median over its processes (a trial; a minimal-harness
        # process: the median of its sets' values)
        procs = [median(v) for v in cproc[(dev, n)].values()]
        m = median(procs)
        p = median(pj[(dev, n)]) if (dev, n) in pj else None
        tol = smax(MINIMAL_ABS_US, mul(MINIMAL_REL, m))
        minimal[(dev, n)] = {'label': devs.label[dev], 'ord': devs.ord[dev], 'sets': len(us), 'minimal_us': m,
                             'lo_us': agg_min(us), 'hi_us': smax_null(us), 'trials': len(pj.get((dev, n), [])) or None,
                             'project_us': p, 'diff_us': sub(p, m), 'diff_rel': sub(div(p, m), 1), 'tol_us': tol,
                             'verdict': 'not measured' if p is None else
                             'agrees' if cmp('<=', abs_(sub(p, m)), tol) else 'differs'}
        minimal[(dev, n)].update({'procs': len(procs), 'proc_lo_us': min(procs), 'proc_hi_us': max(procs),
                                  'trial_lo_us': min(pj[(dev, n)]) if (dev, n) in pj else None,
                                  'trial_hi_us': max(pj[(dev, n)]) if (dev, n) in pj else None})
    return offset, quarter, place, minimal


def published_measured(raw, trials, pub):
    """published_measured: each published reference point (pub: table
    published_ref's rows, the report's constants) beside this project's value
    of the same configuration (measured_value; measured: as text of 4
    significant digits). CUB (int32,
    block 256, GPU-timed single launches) under the memset flush: per machine
    the median of its trials' raw values (not floor-corrected), then the
    median over the machines of the point's model (device.name); the seed's
    reduce rows (float32, block 1024, neighbored and interleaved) and its
    offset read (read-offset, block 512, L1 on: l1 = 'ca', at the variant's
    k): the median of stats_default's centres over every GPU and
    configuration of that variant (or k) and n."""
    per_dev = {}
    for t in trials.trial.values():
        if t['study'] == 'reduce' and t['variant'] == 'cub' and t['dtype'] == 'int32' and t['flush'] == 'memset' \
           and t['mode'] == 'single' and t['block'] == 256 and t['timer'] == 'cuda-event':
            per_dev.setdefault((t['device_id'], t['n']), []).append(t['raw_median_ms'])
    cm = {}
    for (dev, n), ms in per_dev.items():
        cm.setdefault((raw.device[dev]['name'], n), []).append(median(ms))
    sd, so = {}, {}
    for s in stats_default(trials):
        if s['study'] == 'reduce' and s['dtype'] == 'float32' and s['block'] == 1024 \
           and s['variant'] in ('neighbored', 'interleaved'):
            sd.setdefault((s['variant'], s['n']), []).append(s['median_ms'])
        if s['study'] == 'access' and s['variant'] == 'read-offset' and s['block'] == 512 \
           and param(s['params'], 'l1') == 'ca':
            so.setdefault((sql_int(param(s['params'], 'k')), s['n']), []).append(s['median_ms'])

    def at(groups, key, fmt, scale=1.0):
        ms = [m for m in groups.get(key, []) if m is not None]
        v = scale * median(ms) if ms else None
        return (fmt_tie(fmt, v) if v is not None else None), v

    out = {}
    for p in pub:
        if p['study'] == 'reduce' and p['variant'] == 'cub':
            m, v = at(cm, (p['device_name'], p['n']), '%#.4g us (the memset flush)', 1000.0)
        elif p['study'] == 'reduce':
            m, v = at(sd, (p['variant'], p['n']), '%#.4g ms (float32, every GPU here: their median)')
        elif p['study'] == 'access':
            m, v = at(so, (suffix_int(p['variant'], 'k = '), p['n']), '%#.4g ms (every GPU here: their median)')
        else:
            m, v = None, None
        out[(p['id'],)] = {'gpu': p['gpu'], 'what': p['variant'] + (' ' + p['dtype'] if p['dtype'] is not None else ''),
                           'n': p['n'], 'value': p['value'], 'unit': p['unit'], 'source': p['source'], 'measured': m,
                           'measured_value': v}
    return out


def small_n_bound(trials, prs, devs):
    """small_n_bound: small-n over its bound (no-combine) per GPU at 2^16,
    2^18, 2^20 (int32, block 256, default loads and grid, stats_default's
    centres); one row per GPU and size: small-n's configuration of the most
    trials, then of a key naming its loads, then the first by key, flush and
    mode (as small_n_gpu); the bound's likewise after those of small-n's
    flush and mode. The interval of the difference: the pair of the two
    (kind bound, small-n over the bound within each process, where both
    share flush and mode) at the bound's centre, bound x (ratio - 1); the
    verdict against bound_goal_us: met where its high end is at or under,
    missed where its low end is above, else (or with no pair) inconclusive"""
    c = [s for s in stats_default(trials) if s['study'] == 'reduce' and s['dtype'] == 'int32' and s['block'] == 256
         and s['variant'] in ('small-n', 'no-combine') and loads_of(s['params']) == 8 and grid_of(s['params']) == 1]

    def rule(x):
        return (-x['runs'], param(x['params'], 'loads') is None, x['config_key'], x['flush'], x['mode'])
    small, bound = {}, {}
    for x in c:
        if x['variant'] == 'small-n' and x['n'] in (N_SMALLEST, 4 * N_SMALLEST, N_SMALL):
            small.setdefault((x['device_id'], x['n']), []).append(x)
        elif x['variant'] == 'no-combine':
            bound.setdefault((x['device_id'], x['n']), []).append(x)
    out = []
    for k, ss in small.items():
        if k[0] not in devs.ord or k not in bound:
            continue
        s = min(ss, key=rule)
        b = min(bound[k], key=lambda b: ((b['flush'], b['mode']) != (s['flush'], s['mode']),) + rule(b))
        over = 1000 * (s['median_ms'] - b['median_ms'])
        p = None
        if (b['flush'], b['mode']) == (s['flush'], s['mode']):
            p = prs.stats.get(('bound', s['device_id'], '%s over %s flush=%s mode=%s'
                               % (b['config_key'], s['config_key'], s['flush'], s['mode'])))
        lo = None if p is None or p['lo'] is None else 1000 * b['median_ms'] * (p['lo'] - 1)
        hi = None if p is None or p['hi'] is None else 1000 * b['median_ms'] * (p['hi'] - 1)
        verdict = 'inconclusive'
        if hi is not None and hi <= BOUND_GOAL_US:
            verdict = 'met'
        elif lo is not None and lo > BOUND_GOAL_US:
            verdict = 'missed'
        out.append({'label': devs.label[s['device_id']], 'ord': devs.ord[s['device_id']],
                    'device_id': s['device_id'], 'n': s['n'], 'small_us': 1000 * s['median_ms'],
                    'small_lo': mul(1000, s['lo_ms']), 'small_hi': mul(1000, s['hi_ms']),
                    'bound_us': 1000 * b['median_ms'], 'bound_lo': mul(1000, b['lo_ms']),
                    'bound_hi': mul(1000, b['hi_ms']), 'over_us': over, 'over_lo_us': lo, 'over_hi_us': hi,
                    'pair_runs': 0 if p is None else p['k'], 'verdict': verdict,
                    'small_key': s['config_key'], 'small_flush': s['flush'], 'bound_key': b['config_key'],
                    'bound_flush': b['flush']})
    return out


def session_agreement(raw, trials, devs):
    """session_agreement_summary and session_agreement_verdict: per GPU and
    commit, the configurations two invocations (sessions) of one build
    timed with two trials or more each, the share whose values (the mean
    of each invocation's trial medians) agree within agree_rel, its 95% Wilson
    interval, the same under agree_short_ms; the verdicts of the newest
    commit against agree_target_pct and agree_target_short_pct"""
    sv = {}
    for t in trials.trial.values():
        u = raw.run[t['run_id']]
        if u['kind'] != 'measure' or u['session'] is None:
            continue
        sv.setdefault((t['device_id'], u['build_id'], u['git_commit'], u['session'], t['study'], t['config_key'],
                       t['flush'], t['mode']), []).append(t)
    vals = {}
    for k, ts in sv.items():
        vals.setdefault((k[0], k[1], k[4], k[5], k[6], k[7]), []).append(
            {'commit': k[2], 'session': k[3], 'timer': ts[-1]['timer'], 'trials': len(ts),
             'ms': median([t['median_ms'] for t in ts])})
    summ = {}
    for key, vs in vals.items():
        dev = key[0]
        for a in vs:
            for b in vs:
                if not (b['session'] > a['session'] and a['trials'] >= 2 and b['trials'] >= 2 and a['ms'] > 0
                        and b['ms'] > 0):
                    continue
                m = min(a['ms'], b['ms'])
                rel = abs(a['ms'] - b['ms']) / m
                s = summ.setdefault((dev, a['commit']), {'pairs': set(), 'n': 0, 'x': 0, 'n_short': 0, 'x_short': 0,
                                                          'n_host': 0, 'x_host': 0})
                s['pairs'].add((a['session'], b['session']))
                gpu = a['timer'] == 'cuda-event'
                s['n'] += gpu
                s['x'] += gpu and rel <= AGREE_REL
                s['n_short'] += gpu and m < AGREE_SHORT_MS
                s['x_short'] += gpu and m < AGREE_SHORT_MS and rel <= AGREE_REL
                s['n_host'] += not gpu
                s['x_host'] += (not gpu) and rel <= AGREE_REL
    newest = {}
    for u in sorted(raw.run.values(), key=lambda u: u['run_id']):
        if u['session'] is not None and u['kind'] == 'measure':
            newest[u['device_id']] = u['git_commit']
    out = {}
    for (dev, commit), s in summ.items():
        lo, hi = wilson(s['x'], s['n'])
        slo, shi = wilson(s['x_short'], s['n_short'])
        o = {'device': devs.label.get(dev), 'configs': s['n'], 'pairs': len(s['pairs']),
             'share_2pct': div(s['x'], s['n']), 'share_lo': lo, 'share_hi': hi, 'configs_u20': s['n_short'],
             'share_2pct_u20': div(s['x_short'], s['n_short']), 'share_u20_lo': slo, 'share_u20_hi': shi,
             'host_configs': s['n_host'], 'host_share': div(s['x_host'], s['n_host']),
             'latest': int(dev in newest and commit == newest[dev])}
        o['verdict'] = 'not measured' if s['n'] == 0 else verdict_share(lo, hi, AGREE_TARGET_PCT)
        o['verdict_u20'] = 'not measured' if s['n_short'] == 0 else verdict_share(slo, shi, AGREE_TARGET_SHORT_PCT)
        out[(dev, commit)] = o
    return out


def verdict_share(lo, hi, target):
    if cmp('>=', mul(100, lo), target):
        return 'met'
    if cmp('<', mul(100, hi), target):
        return 'missed'
    return 'inconclusive'


# ------------------------------------------------------ checks, agreement --

def within2(a, b):
    """|b / a - 1| <= 2%: two medians agree."""
    q = div(b, a)
    return q is not None and abs(q - 1) <= 0.02


def pct(part, whole):
    return 100.0 * part / whole if whole else None


def trial_coverage(trials):
    """Every held-out trial against the interval of the other trials, its
    half-width from the other half of the configurations."""
    out = {}
    for d in trials.dev.values():
        if d['k'] <= 1:
            continue
        for h in trials.h.get((d['device_id'], d['band'], '%s %s %s' % (d['study'], d['variant'], d['mode']),
                               1 - d['half']), []):
            o = out.setdefault((d['device_id'], d['band']), {'configs': set(), 'held_out': 0, 'covered': 0})
            o['configs'].add((d['study'], d['config_key'], d['flush'], d['mode']))
            o['held_out'] += 1
            w = smax(h['h'], d['rest_range'])
            o['covered'] += d['dev'] is not None and w is not None and d['dev'] <= w * (1 + 1e-9)   # a tie covered
    return {k: {'configs': len(o['configs']), 'held_out': o['held_out'], 'covered': o['covered'],
                'pct': pct(o['covered'], o['held_out'])} for k, o in out.items()}


def trial_agreement(trials):
    """Pairs of trials of one configuration within 2% of each other: the
    larger median at most 1.02 x the smaller (on the log scale, within
    1e-12), every pair taken in turn."""
    def agree(x, y):
        if x is None or y is None or x <= 0 or y <= 0:
            return False
        return abs(math.log(x) - math.log(y)) <= math.log(1.02) + 1e-12
    out = {}
    for key, ts in trials.configs.items():
        if len(ts) < 2:
            continue
        band = trials.dev[ts[0]['result_id']]['band']
        o = out.setdefault((key[0], band), {'pairs': 0, 'within2': 0, 'raw': 0})
        for a in ts:
            for b in ts:
                if b['result_id'] > a['result_id']:
                    o['pairs'] += 1
                    o['within2'] += agree(a['median_ms'], b['median_ms'])
                    o['raw'] += agree(a['raw_median_ms'], b['raw_median_ms'])
    return {k: {'pairs': o['pairs'], 'within2': o['within2'], 'pct': pct(o['within2'], o['pairs']),
                'pct_raw': pct(o['raw'], o['pairs'])} for k, o in out.items()}


def machine_agreement(raw, trials, devs):
    """Machines of one model: centres within 2%, one's interval holding the
    other's centre; pooled per model and band, and pair by pair."""
    byname = {}
    for k, s in trials.stats.items():
        byname.setdefault((s['device'],) + k[1:], []).append(s)
    floors = {}
    for u in raw.run.values():
        if u['kind'] == 'measure' and u['status'] == 'complete' and pos(u['launch_us']) and pos(u['read_gbps']):
            floors.setdefault(u['device_id'], []).append(u['launch_us'])
    pooled, pairs = {}, {}
    for k, ss in byname.items():
        for a in ss:
            for b in ss:
                if b['device_id'] == a['device_id']:
                    continue
                o = pooled.setdefault((a['device'], a['band']), {'pairs': 0, 'within2': 0, 'covered': 0})
                o['pairs'] += 1
                o['within2'] += within2(a['median_ms'], b['median_ms'])
                o['covered'] += a['lo_ms'] is not None and a['hi_ms'] is not None \
                    and a['lo_ms'] <= b['median_ms'] <= a['hi_ms']
                if b['device_id'] > a['device_id'] and a['device_id'] in devs.ord and b['device_id'] in devs.ord:
                    p = pairs.setdefault((devs.label[a['device_id']], devs.label[b['device_id']], a['band']),
                                         {'model': a['device'], 'ord_a': devs.ord[a['device_id']],
                                          'ord_b': devs.ord[b['device_id']],
                                          'floor_a': mean(floors[a['device_id']]) if a['device_id'] in floors else None,
                                          'floor_b': mean(floors[b['device_id']]) if b['device_id'] in floors else None,
                                          'configs': 0, 'w': 0, 'c': 0, 'r': []})
                    p['configs'] += 1
                    p['w'] += within2(a['median_ms'], b['median_ms'])
                    p['c'] += (a['lo_ms'] is not None and a['lo_ms'] <= b['median_ms'] <= a['hi_ms']) + \
                        (b['lo_ms'] is not None and b['lo_ms'] <= a['median_ms'] <= b['hi_ms'])
                    p['r'].append(b['median_ms'] / a['median_ms'])
    pooled = {k: dict(o, pct_within2=pct(o['within2'], o['pairs']), pct_covered=pct(o['covered'], o['pairs']))
              for k, o in pooled.items()}
    pairs = {k: dict(p, pct_within2=pct(p['w'], p['configs']), pct_covered=pct(p['c'], 2 * p['configs']),
                     ratio=mean(p['r'])) for k, p in pairs.items()}
    return pooled, pairs


# ------------------------------------------------------------------ main --

def main(argv):
    args = argv[1:]
    max_print, only, load = 50, None, None
    path = None
    usage = "usage: oracle.py DB [--max-print N] [--only VIEW,...] [--load EXT]"
    while args:
        a = args.pop(0)
        if a == '--max-print' and args:
            try:
                max_print = int(args.pop(0))
            except ValueError:
                max_print = -1
            if max_print < 0:
                print("oracle: --max-print needs a count (0: all)", file=sys.stderr)
                return 2
        elif a == '--only' and args:
            only = set(args.pop(0).split(','))
        elif a == '--load' and args:
            load = args.pop(0)
        elif path is None and not a.startswith('-'):
            path = a
        else:
            print(usage, file=sys.stderr)
            return 2
    if path is None:
        print(usage, file=sys.stderr)
        return 2
    try:
        db = sqlite3.connect('file:%s?mode=ro' % path, uri=True)
        if load is not None:
            if not hasattr(db, 'enable_load_extension'):
                print("oracle: this Python's sqlite3 cannot load extensions (%s): use one that can" % sys.executable,
                      file=sys.stderr)
                return 2
            db.enable_load_extension(True)
            db.load_extension(load)
        raw = Raw(db)
    except sqlite3.Error as e:
        print("oracle: %s: %s" % (path, e), file=sys.stderr)
        return 2
    chk = Checker(max_print)

    def want(view):
        return only is None or view in only

    def check(view, query, keycols, oracle, cols):
        if not want(view):
            return
        if query == "SELECT * FROM " + view:      # only the columns compared
            query = "SELECT %s FROM %s" % (', '.join('"%s"' % c for c in dict.fromkeys(keycols + tuple(cols))), view)
        rows = read(view, query)
        if rows is not None:
            chk.compare(view, keyed(rows, keycols, cols), oracle, cols)

    def read(view, query):
        """The view's rows, or None (a mismatch: the view cannot be read)."""
        try:
            return sql_rows(db, query)
        except sqlite3.Error as e:
            print("MISMATCH %s cannot be read: %s" % (view, e))
            print("FAIL %s: cannot be read" % view)
            chk.views += 1
            chk.mismatches += 1
            return None

    devs = Devices(raw)
    trials = Trials(raw)

    # (1) every configuration's centre and interval
    check('run_floor', "SELECT * FROM run_floor", ('run_id', 'mode'),
          {k: {'floor_us': v} for k, v in trials.run_floor.items()}, ('floor_us',))
    check('gpu_floor', "SELECT * FROM gpu_floor", ('device_id', 'mode'),
          {k: {'floor_us': v} for k, v in trials.gpu_floor.items()}, ('floor_us',))
    check('floor_beta', "SELECT * FROM floor_beta", ('device_id', 'mode', 'launches'), trials.floor_beta,
          ('configs', 'sxy', 'sxx', 'beta', 'basis'))
    check('trial', "SELECT * FROM trial", ('result_id',), {(k,): v for k, v in trials.trial.items()},
          ('run_id', 'trial_index', 'device_id', 'device', 'study', 'config_key', 'flush', 'mode', 'raw_median_ms',
           'floor_adj_ms', 'median_ms', 'ci_lo_ms', 'ci_hi_ms', 'q1_ms', 'q3_ms'))
    check('trial_dev', "SELECT * FROM trial_dev", ('result_id',), {(k,): v for k, v in trials.dev.items()},
          ('k', 'half', 'center_ms', 'band', 'rest_center_ms', 'rest_min_ms', 'rest_max_ms', 'dev', 'rest_range',
           'x1', 'xk', 'mean_ms', 'sum2_ms', 'median_ms'))
    check('trial_halfwidth', "SELECT * FROM trial_halfwidth", ('device_id', 'band', 'grp', 'part'), trials.halfwidth,
          ('cls', 'deviations', 'h'))
    check('trial_h', "SELECT * FROM trial_h", ('device_id', 'band', 'grp', 'part'),
          keyed([dict(v, device_id=k[0], band=k[1], grp=k[2], part=k[3]) for k, vs in trials.h.items() for v in vs],
                ('device_id', 'band', 'grp', 'part'), ('h', 'deviations')), ('h', 'deviations'))
    check('config_stats', "SELECT * FROM config_stats", ('device_id', 'study', 'config_key', 'flush', 'mode'),
          trials.stats,
          ('device', 'variant', 'dtype', 'n', 'block', 'params', 'cache', 'timer', 'runs', 'median_ms', 'lo_ms',
           'hi_ms', 'basis', 'sd_rel', 'band', 'rsd_max', 'reps_min', 'bytes_read', 'bytes_written', 'peak_gbps',
           'read_gbps', 'half_rel', 'gbps', 'gbps_lo', 'gbps_hi', 'pct_peak', 'pct_read'))

    # (2) every model-level value
    check('model_gbps', "SELECT * FROM model_gbps", ('model', 'study', 'config_key', 'flush', 'mode'),
          model_stats(trials, devs),
          ('panel', 'mord', 'machines', 'variant', 'dtype', 'n', 'block', 'params', 'timer', 'gpus', 'median_ms',
           'lo_ms', 'hi_ms', 'bracket', 'bytes', 'peak_gbps', 'gbps', 'gbps_lo', 'gbps_hi', 'pct_peak'))
    red = Reduce(raw, trials, devs)
    prs = Pairs(raw, trials, red)
    red.judge(prs)
    best = reduce_best(trials, red)
    metrics = summary_metric(raw, red, prs, best)
    check('summary_metric', "SELECT * FROM summary_metric", ('device_id', 'metric'),
          keyed(metrics, ('device_id', 'metric'), ('value', 'lo', 'hi')), ('value', 'lo', 'hi'))
    sm = summary_model(metrics, devs)
    rows = read('summary_model', "SELECT * FROM summary_model") if want('summary_model') else None
    if rows is not None:
        for r in rows:
            r['odd'] = frozenset(r['odd'].split(', ')) if r['odd'] else None
        chk.compare('summary_model', keyed(rows, ('model', 'metric')), sm,
                    ('mord', 'machines', 'panel', 'gpus', 'value', 'lo', 'hi', 'odd'))
    tm = target_model(red, devs)
    rows = read('target_model', "SELECT * FROM target_model") if want('target_model') else None
    if rows is not None:
        for r in rows:
            r['verdicts'] = frozenset(r['verdicts'].split(',')) if r['verdicts'] else None
        chk.compare('target_model', keyed(rows, ('key', 'model', 'dtype', 'n')), tm,
                    ('mord', 'machines', 'threshold', 'verdict', 'verdicts', 'value', 'lo', 'hi'))

    # (3) the paired ratios, every kind (26-pairs.sql), and the wrappers over them
    pk = ('kind', 'device_id', 'pair_key')
    check('pair_run', "SELECT * FROM pair_run", pk + ('run_id',),
          keyed(prs.run, pk + ('run_id',), ('num_ms', 'den_ms')),
          ('study', 'config_key', 'variant', 'dtype', 'n', 'block', 'params', 'flush', 'mode', 'trial_index',
           'num_ms', 'den_ms', 'num_lo_ms', 'num_hi_ms', 'den_lo_ms', 'den_hi_ms', 'num_center_ms', 'k', 'half'))
    check('pair_trial', "SELECT * FROM pair_trial", pk + ('run_id',),
          keyed(prs.trial, pk + ('run_id',), ('ratio',)),
          ('band', 'half', 'k', 'ratio', 'rest_ratio', 'rest_min', 'rest_max', 'dev', 'rest_range'))
    check('pair_halfwidth', "SELECT * FROM pair_halfwidth", ('kind', 'device_id', 'band', 'part'), prs.halfwidth,
          ('deviations', 'h'))
    check('pair_h', "SELECT * FROM pair_h", ('kind', 'device_id', 'band', 'part'), prs.h, ('h',))
    check('pair_coverage', "SELECT * FROM pair_coverage", ('kind', 'device_id', 'band'), prs.coverage,
          ('held_out', 'covered', 'pct'))
    check('pair_stats', "SELECT * FROM pair_stats", pk, prs.stats,
          ('study', 'config_key', 'variant', 'dtype', 'n', 'block', 'params', 'flush', 'mode', 'band', 'k', 'ratio',
           'range_rel', 'lo', 'hi', 'basis'))
    rcols = ('band', 'k', 'ratio', 'lo', 'hi')
    check('ratio_stats', "SELECT * FROM ratio_stats", ('device_id', 'variant', 'dtype', 'n', 'block'),
          keyed(prs.ratio_stats(), ('device_id', 'variant', 'dtype', 'n', 'block'), rcols), rcols)
    check('ratio_coverage', "SELECT * FROM ratio_coverage", ('device_id', 'band'),
          {k[1:]: v for k, v in prs.coverage.items() if k[0] == 'cub'}, ('held_out', 'covered', 'pct'))

    check('reduce_best', "SELECT * FROM reduce_best", ('device_id', 'dtype', 'n', 'variant'), best,
          ('config_key', 'block', 'median_ms', 'lo_ms', 'hi_ms', 'held_trials', 'gbps', 'gbps_lo', 'gbps_hi',
           'pct_peak'))
    lcols = ('block', 'median_ms', 'lo_ms', 'hi_ms', 'prev_variant', 'step_x', 'step_x_lo', 'step_x_hi', 'total_x')
    check('reduce_ladder', "SELECT * FROM reduce_ladder", ('device_id', 'dtype', 'n', 'variant'),
          keyed(reduce_ladder(raw, best, prs), ('device_id', 'dtype', 'n', 'variant'), lcols), lcols)
    fcols = ('gbps_clean', 'gbps_memset', 'bias', 'bias_lo', 'bias_hi')
    check('flush_bias', "SELECT * FROM flush_bias", ('device_id', 'variant', 'n'),
          keyed(flush_bias(trials, prs), ('device_id', 'variant', 'n'), fcols), fcols)

    # (4) held-out picks
    check('reduce_heldout', "SELECT * FROM reduce_heldout", ('device_id', 'config_key', 'flush', 'mode'),
          red.heldout, ('k', 'ms'))
    check('reduce_pick', "SELECT * FROM reduce_pick", ('device_id', 'dtype', 'n', 'is_cub'), red.pick,
          ('device', 'variant', 'block', 'params', 'bytes', 'peak_gbps', 't1_ms', 'held_trials', 'held_ms',
           'held_lo_ms', 'held_hi_ms'))

    # (5) targets
    check('reduce_top_target', "SELECT * FROM reduce_top_target", ('device_id', 'dtype', 'n', 'key'), red.target,
          ('what', 'variant', 'block', 'params', 'value', 'lo', 'hi', 'held_trials', 'threshold', 'verdict'))
    sn_gpu, sn_target = small_n(raw, trials, prs, devs)
    check('small_n_gpu', "SELECT * FROM small_n_gpu", ('model', 'n'), sn_gpu,
          ('mord', 'device_id', 'config_key', 'flush', 'mode', 'runs', 'us', 'lo', 'hi', 'model_us', 'x_model',
           'cub_x', 'cub_lo', 'cub_hi', 'cub_runs', 'cub_basis'))
    check('small_n_target', "SELECT * FROM small_n_target", ('model', 'n', 'key'), sn_target,
          ('mord', 'value', 'lo', 'hi', 'threshold', 'target', 'verdict'))

    # (5b) the claims (70-claims.sql) and what their rules read, and the
    # other verdicts: the ladder's headline, the timing protocol's goals,
    # small-n against its bound, the invocations' agreement
    latest = latest_default(raw, trials)
    check('latest_default', "SELECT device_id, study, config_key, result_id, median_ms, copy_gbps, gbps, pct_peak "
          "FROM latest_default", ('device_id', 'study', 'config_key'),
          {(l['device_id'], l['study'], l['config_key']): l for l in latest},
          ('result_id', 'median_ms', 'copy_gbps', 'gbps', 'pct_peak'))
    ctr = Counters(raw)
    ccols = ('study', 'variant', 'dtype', 'n', 'block', 'params', 'unit', 'kernels', 'value', 'lo_value', 'hi_value')
    check('counter_config', "SELECT * FROM counter_config", ('device_id', 'binary', 'config_key', 'metric'),
          ctr.config, ccols)
    kcols = ('variant', 'n', 'block', 'params', 'idc_requests', 'idc_requests_lo', 'idc_requests_hi', 'idc_hits',
             'idc_hits_lo', 'idc_hits_hi', 'idc_misses', 'l1_ld_requests', 'l1_ld_requests_lo', 'l1_ld_requests_hi',
             'l1_ld_sectors', 'dram_read_bytes_lo', 'dram_read_bytes_hi', 'issue_active_pct_lo',
             'issue_active_pct_hi', 'stall_const_miss', 'stall_no_instruction', 'issue_active_pct', 'sm_pct',
             'occupancy_pct', 'instructions', 'dram_read_bytes', 'duration_ns')
    check('counter_constant', "SELECT * FROM counter_constant", ('device_id', 'study', 'config_key'),
          keyed(list(ctr.constant.values()), ('device_id', 'study', 'config_key'), kcols), kcols)
    lcols_ = ('variant', 'n', 'block', 'params', 'l1', 'local_ld_sectors', 'local_st_sectors', 'l2_read_sectors',
              'l2_write_sectors', 'dram_read_bytes', 'dram_write_bytes', 'dram_bytes_lo', 'dram_bytes_hi',
              'l2_hit_pct')
    check('counter_local', "SELECT * FROM counter_local", ('device_id', 'config_key'),
          keyed(list(ctr.local.values()), ('device_id', 'config_key'), lcols_), lcols_)
    acols = ('value', 'lo', 'hi', 'variant', 'n', 'block', 'k', 'l1')
    check('access_counter', "SELECT * FROM access_counter", ('device_id', 'config_key', 'metric'),
          keyed(ctr.access, ('device_id', 'config_key', 'metric'), acols), acols)
    ci = ClaimIntervals(trials, prs, latest)
    ucols = ('x', 'x_lo', 'x_hi', 'fastest')
    check('const_uniform_ci', "SELECT * FROM const_uniform_ci", ('device_id', 'grid', 'p'),
          keyed(ci.uniform, ('device_id', 'grid', 'p'), ucols), ucols)
    scols = ('c16', 'c16_lo', 'c16_hi', 'c32', 'g16', 'g16_lo', 'g16_hi', 'cg16', 'cg16_lo', 'cg16_hi', 'cr32',
             'cr32_lo', 'cr32_hi')
    check('const_slow_ci', "SELECT * FROM const_slow_ci", ('device_id',), keyed(ci.slow, ('device_id',), scols), scols)
    rcols_ = ('x', 'x_lo', 'x_hi')
    check('rt_pair_ci', "SELECT * FROM rt_pair_ci", ('device_id', 'size', 'spheres'),
          keyed(ci.rt, ('device_id', 'size', 'spheres'), rcols_), rcols_)
    fcols_ = ('ms0', 'ms', 'x', 'x_lo', 'x_hi')
    check('access_flat_ci', "SELECT * FROM access_flat_ci", ('device_id', 'l1', 'k'),
          keyed(ci.flat, ('device_id', 'l1', 'k'), fcols_), fcols_)
    check('reduce_seedcfg', "SELECT * FROM reduce_seedcfg", ('device_id',), {(k,): v for k, v in ci.seedcfg.items()},
          tuple(c for c in next(iter(ci.seedcfg.values()), {}) if c != 'device_id'))
    offset, quarter, place, minimal = protocol(raw, trials, devs)
    check('protocol_offset', "SELECT * FROM protocol_offset", ('device_id',), offset,
          ('label', 'ord', 'runs', 'floor_us', 'bare_us', 'offset_us', 'offset_min_us', 'offset_max_us', 'verdict'))
    check('protocol_quarter', "SELECT * FROM protocol_quarter", ('device_id', 'quarter'), quarter, ('configs', 'dev'))
    check('protocol_place', "SELECT * FROM protocol_place", ('device_id',), place,
          ('label', 'ord', 'configs', 'q1', 'q2', 'q3', 'q4', 'spread', 'verdict'))
    check('minimal_harness', "SELECT * FROM minimal_harness", ('device_id', 'n'), minimal,
          ('label', 'ord', 'sets', 'minimal_us', 'lo_us', 'hi_us', 'trials', 'project_us', 'diff_us', 'diff_rel',
           'tol_us', 'verdict', 'procs', 'proc_lo_us', 'proc_hi_us', 'trial_lo_us', 'trial_hi_us'))
    check('published_measured', "SELECT * FROM published_measured", ('id',),
          published_measured(raw, trials, raw.optional("SELECT * FROM published_ref")),
          ('gpu', 'what', 'n', 'value', 'unit', 'source', 'measured', 'measured_value'))
    bcols = ('label', 'ord', 'small_us', 'small_lo', 'small_hi', 'bound_us', 'bound_lo', 'bound_hi', 'over_us',
             'over_lo_us', 'over_hi_us', 'pair_runs', 'verdict', 'small_key', 'small_flush', 'bound_key',
             'bound_flush')
    check('small_n_bound', "SELECT * FROM small_n_bound", ('device_id', 'n'),
          {(r['device_id'], r['n']): r for r in small_n_bound(trials, prs, devs)}, bcols)
    sa = session_agreement(raw, trials, devs)
    sacols = ('device', 'pairs', 'configs', 'share_2pct', 'share_lo', 'share_hi', 'configs_u20', 'share_2pct_u20',
              'share_u20_lo', 'share_u20_hi', 'host_configs', 'host_share', 'latest')
    check('session_agreement_summary', "SELECT * FROM session_agreement_summary", ('device_id', 'git_commit'), sa,
          sacols)
    check('session_agreement_verdict', "SELECT * FROM session_agreement_verdict", ('device_id', 'git_commit'),
          {k: v for k, v in sa.items() if v['latest']}, sacols + ('verdict', 'verdict_u20'))

    # (6) the checks of the intervals and the agreement the report prints
    check('trial_coverage', "SELECT * FROM trial_coverage", ('device_id', 'band'), trial_coverage(trials),
          ('configs', 'held_out', 'covered', 'pct'))
    check('trial_agreement', "SELECT * FROM trial_agreement", ('device_id', 'band'), trial_agreement(trials),
          ('pairs', 'within2', 'pct', 'pct_raw'))
    pooled, pairs = machine_agreement(raw, trials, devs)
    rows = read('machine_agreement', "SELECT * FROM machine_agreement") if want('machine_agreement') else None
    if rows is not None:
        names = {m['model']: n for n, m in devs.model.items()}
        for r in rows:     # the model as its device.name, or as its label
            r['name'] = names.get(r['model'], r['model'])
        chk.compare('machine_agreement', keyed(rows, ('name', 'band')), pooled,
                    ('pairs', 'within2', 'pct_within2', 'covered', 'pct_covered'))
    check('machine_pair_agreement', "SELECT * FROM machine_pair_agreement", ('gpu_a', 'gpu_b', 'band'), pairs,
          ('model', 'ord_a', 'ord_b', 'floor_a', 'floor_b', 'configs', 'pct_within2', 'pct_covered', 'ratio'))

    print("oracle: %d values checked in %d views, %d mismatches" % (chk.values, chk.views, chk.mismatches))
    return 1 if chk.mismatches else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
