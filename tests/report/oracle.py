#!/usr/bin/env python3
"""tests/report/oracle.py: an independent oracle of the report's statistics
engine.

Every statistic the engine declares (reports/sqlstats.c's aStatDecl, view
stat_decl) is written again in plain Python (tests/report/oracle_stats.py:
the standard library, no code of the C or the SQL reused) and computed
here from the raw rows of a report snapshot (device, run, result and
result_sample: every sample, whole nanoseconds); SQLite only reads rows.
Each level and each method is read from the database's view stat_decl,
never typed: a declaration whose method the oracle has no code for fails
it (FAIL stat_decl). The engine's outputs are then compared with the
oracle's, relative tolerance 1e-9:

  functions  the engine's SQL functions on a grid of arguments: the verdict
             functions (target_at_least, target_at_most, verdict_at_least,
             verdict_over, NULLs included), the normal and t quantiles
             (stat_z, stat_t), the Wilson interval (wilson_lo, wilson_hi),
             the aggregates median() and conformal(); and, on every result's
             samples, the stopping rule's interval (samples_ci_lo, _hi at its
             declared level) and the quarters' medians (samples_part_median)
  result_stat  every result's value ('trial value': the interquartile mean,
             or the median, as declared), its standard error and one-run
             interval ('one-run interval'), count, median, extremes,
             quartiles, mean and relative standard deviation
  trial      the launch-floor correction: run_floor, gpu_floor (mean floors
             per run and GPU and mode), floor_beta (per GPU, mode and launch
             count the pooled least-squares slope of the short (< 20 us)
             trial values on their run's floor offset, from 20 or more
             configurations of two or more trials, else the launch count),
             trial (each counted trial's value less beta x its run's offset)
  config_stats  the centre over trials ('centre'), and the interval
             ('interval'): trial_dev (every trial against the centre of the
             others: leave-one-trial-out), trial_halfwidth (the split-
             conformal quantile of those deviations per GPU, size band,
             group and half), trial_h (the group's, else the timer class's,
             else the band's, else the GPU's: the first of 20 deviations or
             more), config_stats (centre x (1 -/+ max(h, own relative
             range)); a GPU without repeated trials: its one-run intervals)
  checks     trial_coverage (each held-out trial against the interval of the
             others sized on the other half), trial_agreement (trial pairs
             within 2%, corrected and raw), machine_agreement
  pairs      the paired ratio ('paired ratio'): pair_trial_rows (each
             configuration's value per process), pair_run (which two
             configurations a pair divides is the analysis's choice and is
             read from it, but its denominator must be the oracle's value of
             its configuration in the run's process and its numerator a value
             of that same process), pair_trial, pair_halfwidth, pair_h,
             pair_coverage, pair_stats (the median of per-process ratios, its
             interval as a configuration's)
  models     model_stats: a model's value the median over its machines of
             each one's centre ('model value'); its bracket the range of
             those ('model range'), one machine's interval where it has one
  sessions   session_value, session_agreement_summary (the share of two
             invocations within agree_rel, its Wilson interval ('share')),
             session_agreement_verdict
  verdicts   the views that judge an interval against a threshold, judged
             again from their own numbers (VERDICT_VIEWS)
  compare    with --compare: `make compare`'s table compare_verdict
             ('compare': the ratio of geometric means of the two sides'
             trial values, its Welch t-interval, the verdict in the band)
             against the oracle's, from the two sides' raw rows; with
             --sessions, of `make compare --sessions` (BASE_DB and NEW_DB
             the one set: each GPU's first make measure invocation against
             its last)

The settings that are no level are typed here as the views type them (the
bands' 20 and 100 us, 20 deviations, the floor fit's 20 configurations and
20 us, trials within 2%, a covered tie within 1e-9), or read from
report_setting (the invocations' agreement and its targets).

Usage: python3 tests/report/oracle.py DB [--max-print N] [--only VIEW,...] [--load EXT]
       python3 tests/report/oracle.py --compare COMPARE_DB BASE_DB NEW_DB [--sessions] [--max-print N] [--load EXT]
EXT: the engine's SQLite extension (make print-SQLSTATS), loaded before
reading. Prints every mismatch as
  MISMATCH view key column sql=VALUE oracle=VALUE
(at most N per view, default 50; 0: all), a line per view checked and a
final line 'oracle: N values checked in M views, K mismatches'. Exit 0: no
mismatch; 1: mismatches (or a declaration the oracle cannot follow); 2: bad
usage or a database it cannot read; 3: the oracle itself failed (its
traceback on stderr).
"""

import bisect
import json
import math
import os
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import oracle_stats as st  # noqa: E402

REL_TOL = 1e-9
# Columns that are differences of nearly equal numbers, where a relative
# tolerance means nothing: a deviation |a / b - 1| and a range over a centre
# are dimensionless, and 1e-12 of them is far below any printed digit.
# sd_rel is not printed; the SQL computes it in one pass, sqrt((sum x^2 - k
# mean^2) / (k - 1)), which loses small spreads: 1e-8 absolute.
ABS_TOL = {'dev': 1e-12, 'rest_range': 1e-12, 'range_rel': 1e-12, 'sd_rel': 1e-8}
# A share's Wilson interval at 0 or 1: c - h of two equal numbers.
ABS_TOL.update({c: 1e-15 for c in ('wilson_lo', 'wilson_hi', 'share_lo', 'share_hi', 'share_u20_lo',
                                   'share_u20_hi')})
BAND1_MS, BAND2_MS = 0.02, 0.1   # the size bands: under 20 us, 20-100 us, 100 us or more
MIN_DEVIATIONS = 20              # a pooled quantile's fewest deviations
SHORT_US, MIN_CONFIGS = 20.0, 20  # the floor fit: configurations under 20 us, 20 of them
TRIAL_AGREE = 1.02               # two trials agree: the larger at most 1.02 x the smaller
MACHINE_AGREE = 0.02             # two machines' centres within 2%
TIE = 1e-9                       # a held-out value within 1e-9 of the half-width is covered


# ----------------------------------------------------------------- helpers --

def div(a, b):
    """a / b as SQL has it: NULL where either is NULL or b is 0."""
    return None if a is None or b is None or b == 0 else a / b


def mul(a, b):
    return None if a is None or b is None else a * b


def pos(x):
    return x is not None and x > 0


def pct(part, whole):
    return 100.0 * part / whole if whole else None


def band_of(ms):
    return None if ms is None else 1 if ms < BAND1_MS else 2 if ms < BAND2_MS else 3


def default_key(key):
    """a configuration of the default flush and mode: its key names neither
    (SQL's NOT LIKE, ASCII case-insensitive)"""
    k = key.lower()
    return ' flush=' not in k and ' mode=' not in k


def decode_ns(text):
    """a samples text (result_sample.ns): whole nanoseconds separated by
    single spaces, each from 1 to 1e13; anything else raises ValueError"""
    out = []
    for w in text.split(' '):
        if not w.isdigit() or not w.isascii() or w[0] == '0' or int(w) > 10 ** 13:
            raise ValueError('not a samples text: %r' % text[:80])
        out.append(int(w))
    return out


# ------------------------------------------------------------- comparison --

class Checker:
    """Compares rows keyed alike: a view's (from SQL) against the oracle's."""

    def __init__(self, max_print):
        self.max_print = max_print
        self.values = self.mismatches = self.views = 0

    @staticmethod
    def same(a, b, col=None):
        if a == b:
            return True
        if a is None or b is None:
            return False
        if isinstance(a, (int, float)) and isinstance(b, (int, float)):
            if math.isnan(a) or math.isnan(b):
                return math.isnan(a) and math.isnan(b)
            return math.isclose(a, b, rel_tol=REL_TOL, abs_tol=ABS_TOL.get(col, 0.0))
        return False

    def compare(self, view, sql, oracle, cols):
        """sql, oracle: {key: row dict}; cols: the columns compared."""
        self.views += 1
        found = []
        for k in set(sql) | set(oracle):
            if k not in oracle:
                found.append((k, "MISMATCH %s %r row only in sql" % (view, k)))
            elif k not in sql:
                found.append((k, "MISMATCH %s %r row only in oracle" % (view, k)))
            else:
                s, o = sql[k], oracle[k]
                self.values += len(cols)
                for c in cols:
                    a, b = s.get(c), o.get(c)
                    if a != b and not self.same(a, b, c):
                        found.append((k, "MISMATCH %s %r %s sql=%r oracle=%r" % (view, k, c, a, b)))
        found.sort(key=lambda x: repr(x[0]))
        shown = found if self.max_print == 0 else found[:self.max_print]
        for _, line in shown:
            print(line)
        if len(found) > len(shown):
            print("MISMATCH %s ... and %d more" % (view, len(found) - len(shown)))
        print("%s %s: %d rows, %d mismatches" % ("ok" if not found else "FAIL", view, len(sql), len(found)))
        self.mismatches += len(found)

    def fail(self, view, why):
        """a view that cannot be checked at all: one mismatch"""
        print("MISMATCH %s %s" % (view, why))
        print("FAIL %s: %s" % (view, why))
        self.views += 1
        self.mismatches += 1


def keyed(rows, keycols, sortcols=()):
    """{key: row}; rows sharing a key get '#i' (their order by sortcols) as
    the key's last part, the same on both sides."""
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


def sql_rows(db, query, args=()):
    cur = db.execute(query, args)
    names = [d[0] for d in cur.description]
    return [dict(zip(names, row)) for row in cur]


# -------------------------------------------------------------- raw input --

class Raw:
    """The raw tables of one database, and every result's statistics
    computed here from its samples (result_stat's, as declared)."""

    def __init__(self, db, decl):
        self.db = db
        self.device = {r['device_id']: r for r in sql_rows(db, "SELECT * FROM device")}
        self.run = {r['run_id']: r for r in sql_rows(db, "SELECT * FROM run")}
        self.result = sql_rows(db, "SELECT result_id, run_id, study, config_key, variant, dtype, n, block, params, "
                                   "cache, timer, status, reps, bytes_read, bytes_written, flush, mode, launches, "
                                   "floor_us FROM result")
        self.ns = {rid: decode_ns(ns) for rid, ns in db.execute("SELECT result_id, ns FROM result_sample")}
        self.stat = {}
        for rid, ns in self.ns.items():
            a = sorted(ns)
            v = decl.trial_value(a)
            lo, hi = decl.one_run(a, v)
            self.stat[rid] = {
                'value_ms': v / 1e6, 'value_se_ms': st.iqm_se(a) / 1e6, 'ci_lo_ms': lo / 1e6, 'ci_hi_ms': hi / 1e6,
                'samples': len(a), 'median_ms': st.median(a) / 1e6, 'min_ms': a[0] / 1e6, 'max_ms': a[-1] / 1e6,
                'q1_ms': st.quantile(a, 0.25) / 1e6, 'q3_ms': st.quantile(a, 0.75) / 1e6,
                'mean_ms': st.mean(a) / 1e6, 'rsd': st.rsd(a)}
        for r in self.result:
            r.update(self.stat.get(r['result_id'], {}))
        try:
            self.setting = {k: v for k, v in db.execute("SELECT key, value FROM report_setting")}
        except sqlite3.Error:
            self.setting = {}


def default_flush(r):
    if r['flush'] is not None:
        return r['flush']
    return 'none' if r['cache'] == 'warm' else 'memset'


def launches_of(r):
    return r['launches'] if r['launches'] else 1


# ------------------------------------------------------------ trial views --

class Trials:
    """run_floor, gpu_floor, floor_beta, trial, trial_dev, trial_halfwidth,
    trial_h, config_stats and their checks, from the raw rows."""

    def __init__(self, raw, decl):
        self.raw, self.decl = raw, decl
        run, device = raw.run, raw.device
        ok = [r for r in raw.result if r['status'] == 'ok']

        # launch floors: per run and mode; per GPU and mode (measure runs)
        acc, gacc = {}, {}
        for r in ok:
            if pos(r['floor_us']):
                acc.setdefault((r['run_id'], r['mode']), []).append(r['floor_us'])
                u = run.get(r['run_id'])
                if u and u['kind'] == 'measure':
                    gacc.setdefault((u['device_id'], r['mode']), []).append(r['floor_us'])
        self.run_floor = {k: st.mean(v) for k, v in acc.items()}
        self.gpu_floor = {k: st.mean(v) for k, v in gacc.items()}

        # floor_beta: the pooled within-configuration slope of y (us) on x
        cfg = {}
        for r in ok:
            u = run.get(r['run_id'])
            if not u or u['kind'] != 'measure' or r['timer'] != 'cuda-event' or r['mode'] not in ('single', 'batch') \
               or not pos(r['floor_us']) or r.get('value_ms') is None:
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
            if len(pts) < 2 or st.mean(ys) >= SHORT_US:
                continue
            my, mx = st.mean(ys), st.mean([p[1] for p in pts])
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

        # trial: the rows a report counts (view result_bw: successful results of
        # finished runs, or of an interrupted run a later complete run of the
        # same binary and build resumed), each corrected for its run's floor
        later_complete = {}
        for u in run.values():
            if u['status'] == 'complete' and u['kind'] == 'measure':
                later_complete.setdefault((u['device_id'], u['binary'], u['build_id']), []).append(u['run_id'])
        fl = {}
        for u in run.values():
            if u['kind'] == 'measure' and u['status'] == 'complete' and pos(u['launch_us']):
                fl.setdefault(u['device_id'], []).append(u['launch_us'])
        ref = {k: st.mean(v) for k, v in fl.items()}

        def counted(u):
            if u['status'] == 'complete':
                return True
            if u['status'] in ('incomplete', 'failed'):
                return any(x > u['run_id'] for x in later_complete.get((u['device_id'], u['binary'], u['build_id']), []))
            return False

        self.trial = {}
        for r in ok:
            u = run.get(r['run_id'])
            if not u or u['device_id'] not in device or not counted(u) or r.get('value_ms') is None:
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
                     median_ms=r['value_ms'] - adj, ci_lo_ms=r['ci_lo_ms'] - adj, ci_hi_ms=r['ci_hi_ms'] - adj,
                     q1_ms=r['q1_ms'] - adj, q3_ms=r['q3_ms'] - adj)
            self.trial[r['result_id']] = t

        # trial_dev: per configuration its trials, each against the others
        self.configs = {}
        for t in self.trial.values():
            self.configs.setdefault((t['device_id'], t['study'], t['config_key'], t['flush'], t['mode']), []).append(t)
        halves = {}
        for dev in {k[0] for k in self.configs}:
            for i, k in enumerate(sorted(k[1:] for k in self.configs if k[0] == dev)):
                halves[(dev,) + k] = (i + 1) % 2
        centre = decl.centre
        self.dev = {}
        for key, ts in self.configs.items():
            ms = sorted(t['median_ms'] for t in ts)
            k, c = len(ms), centre(ms)
            for t in ts:
                d = {'k': k, 'half': halves[key], 'center_ms': c, 'band': band_of(c), 'x1': ms[0], 'xk': ms[-1],
                     'rest_center_ms': None, 'rest_min_ms': None, 'rest_max_ms': None, 'dev': None,
                     'rest_range': None}
                if k > 1:
                    rest = list(ms)
                    rest.remove(t['median_ms'])
                    rc = centre(rest)
                    d.update(rest_center_ms=rc, rest_min_ms=rest[0], rest_max_ms=rest[-1],
                             dev=abs(t['median_ms'] / rc - 1), rest_range=(rest[-1] - rest[0]) / rc)
                d.update(t)
                self.dev[t['result_id']] = d

        # trial_halfwidth: per GPU, band (0: all), group and part (0, 1: a half; 2: both)
        level = decl.level['interval']
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
                              'h': st.conformal(e['devs'], level)} for k, e in hw.items()}

        # trial_h: for every variant a GPU measured, in every band and part
        groups = set()
        for r in ok:
            u = run.get(r['run_id'])
            if u:
                for band in (1, 2, 3):
                    groups.add((u['device_id'], band, '%s %s %s' % (r['study'], r['variant'], r['mode']),
                                'c %s %s %s' % (r['study'], r['timer'], r['mode'])))
        self.h = {}
        for dev, band, grp, cl in groups:
            for part in (0, 1, 2):
                a = self.halfwidth.get((dev, 0, '', part))
                if a is None:
                    continue
                pick = a
                for g in ('v ' + grp, cl, ''):
                    w = self.halfwidth.get((dev, band, g, part))
                    if w is not None and w['deviations'] >= MIN_DEVIATIONS:
                        pick = w
                        break
                self.h.setdefault((dev, band, grp, part), []).append({'h': pick['h'], 'deviations': pick['deviations']})

        # config_stats: the centre and its interval
        read = {}
        for u in run.values():
            if u['kind'] == 'measure' and u['read_gbps'] is not None:
                read.setdefault(u['device_id'], []).append(u['read_gbps'])
        read = {k: st.median(v) for k, v in read.items()}
        self.stats = {}
        for key, ts in self.configs.items():
            d0 = self.dev[ts[0]['result_id']]
            k, c = d0['k'], d0['center_ms']
            hs = self.h.get((key[0], d0['band'], '%s %s %s' % (d0['study'], d0['variant'], d0['mode']), 2))
            hwv = hs[0]['h'] if hs else None
            if hwv is None:     # no deviation on this GPU: the runs' own intervals
                lo = min(t['ci_lo_ms'] for t in ts)
                hi = max(t['ci_hi_ms'] for t in ts)
                basis = 'one run'
            else:
                w = max(hwv, (d0['xk'] - d0['x1']) / c)
                lo, hi, basis = c * (1 - w), c * (1 + w), 'trials'
            vals = [t['median_ms'] for t in ts]
            b = None if d0['bytes_read'] is None or d0['bytes_written'] is None else d0['bytes_read'] + d0['bytes_written']
            rg = read.get(key[0])
            gbps = div(b, c * 1e6)
            self.stats[key] = dict(
                {x: d0[x] for x in ('device_id', 'study', 'config_key', 'variant', 'dtype', 'n', 'block', 'params',
                                    'cache', 'timer', 'flush', 'mode', 'band', 'bytes_read', 'bytes_written',
                                    'peak_gbps', 'device')},
                runs=k, median_ms=c, lo_ms=lo, hi_ms=hi, basis=basis, half_rel=(hi - lo) / (2 * c),
                sd_rel=div(st.stdev(vals), st.mean(vals)) if k > 1 else None, read_gbps=rg,
                gbps=gbps, gbps_lo=div(b, hi * 1e6), gbps_hi=div(b, lo * 1e6),
                pct_peak=div(mul(100.0, gbps), d0['peak_gbps']), pct_read=div(mul(100.0, gbps), rg))

    def coverage(self):
        """trial_coverage: every held-out trial against the interval of the
        others, its half-width from the other half of the configurations."""
        out = {}
        for d in self.dev.values():
            if d['k'] <= 1:
                continue
            for h in self.h.get((d['device_id'], d['band'], '%s %s %s' % (d['study'], d['variant'], d['mode']),
                                 1 - d['half']), []):
                o = out.setdefault((d['device_id'], d['band']), {'configs': set(), 'held_out': 0, 'covered': 0})
                o['configs'].add((d['study'], d['config_key'], d['flush'], d['mode']))
                o['held_out'] += 1
                o['covered'] += d['dev'] <= max(h['h'], d['rest_range']) * (1 + TIE)
        return {k: {'configs': len(o['configs']), 'held_out': o['held_out'], 'covered': o['covered'],
                    'pct': pct(o['covered'], o['held_out'])} for k, o in out.items()}

    def agreement(self):
        """trial_agreement: pairs of trials of one configuration, the larger
        value at most TRIAL_AGREE x the smaller (log scale, within 1e-12),
        corrected and raw."""
        lim = math.log(TRIAL_AGREE) + 1e-12

        def agree(x, y):
            return x > 0 and y > 0 and abs(math.log(x) - math.log(y)) <= lim
        out = {}
        for key, ts in self.configs.items():
            if len(ts) < 2:
                continue
            o = out.setdefault((key[0], self.dev[ts[0]['result_id']]['band']), {'pairs': 0, 'within2': 0, 'raw': 0})
            for i, a in enumerate(ts):
                for b in ts[i + 1:]:
                    o['pairs'] += 1
                    o['within2'] += agree(a['median_ms'], b['median_ms'])
                    o['raw'] += agree(a['raw_median_ms'], b['raw_median_ms'])
        return {k: {'pairs': o['pairs'], 'within2': o['within2'], 'pct': pct(o['within2'], o['pairs']),
                    'pct_raw': pct(o['raw'], o['pairs'])} for k, o in out.items()}

    def machine_agreement(self):
        """machine_agreement: per model (device name) and band, every
        ordered pair of its machines' centres of one configuration: within
        2%, and the first one's interval holding the other's centre."""
        byname = {}
        for k, s in self.stats.items():
            byname.setdefault((s['device'],) + k[1:], []).append(s)
        out = {}
        for ss in byname.values():
            for a in ss:
                for b in ss:
                    if b['device_id'] == a['device_id']:
                        continue
                    o = out.setdefault((a['device'], a['band']), {'pairs': 0, 'within2': 0, 'covered': 0})
                    o['pairs'] += 1
                    o['within2'] += abs(b['median_ms'] / a['median_ms'] - 1) <= MACHINE_AGREE
                    o['covered'] += a['lo_ms'] <= b['median_ms'] <= a['hi_ms']
        return {k: dict(o, pct_within2=pct(o['within2'], o['pairs']), pct_covered=pct(o['covered'], o['pairs']))
                for k, o in out.items()}


# ------------------------------------------------------------ paired ratios --

class Procs:
    """pair_trial_rows: every cold, GPU-timed configuration's value per
    process (GPU, invocation, trial, binary, build: the lines of one binary's
    matrix run in one process), the mean where a process timed it twice."""

    def __init__(self, raw, trials):
        acc = {}
        for t in trials.trial.values():
            if t['cache'] != 'cold' or t['timer'] != 'cuda-event':
                continue
            u = raw.run[t['run_id']]
            proc = '%s|%s|%s|%s|%s' % (t['device_id'], u['session'] or '', t['trial_index'], u['binary'], u['build_id'])
            acc.setdefault((proc, t['study'], t['config_key'], t['flush'], t['mode']), []).append(t)
        self.rows = {}
        for k, ts in acc.items():
            byt = [x['bytes_read'] + x['bytes_written'] for x in ts
                   if x['bytes_read'] is not None and x['bytes_written'] is not None]
            self.rows[k] = dict({c: ts[0][c] for c in ('trial_index', 'device_id', 'variant', 'dtype', 'n', 'flush',
                                                       'mode', 'study')},
                                run_id=min(x['run_id'] for x in ts), ms=st.mean([x['median_ms'] for x in ts]),
                                lo_ms=st.mean([x['ci_lo_ms'] for x in ts]), hi_ms=st.mean([x['ci_hi_ms'] for x in ts]),
                                bytes=max(byt) if byt else None)
        self.proc_of_run = {}
        for u in raw.run.values():
            self.proc_of_run[u['run_id']] = (u['device_id'], u['session'] or '', u['binary'], u['build_id'])
        # what a numerator may be: per process, a configuration's value, the
        # mean of one variant's configurations at one size (CUB's blocks), or
        # a value per byte (a time scaled to another configuration's bytes)
        self.cands = {}
        groups = {}
        for (proc, study, key, flush, mode), r in self.rows.items():
            c = self.cands.setdefault(proc, {'ms': [], 'per_byte': []})
            c['ms'].append((r['ms'], r['lo_ms'], r['hi_ms']))
            if r['bytes']:
                c['per_byte'].append((r['ms'] / r['bytes'], r['lo_ms'] / r['bytes'], r['hi_ms'] / r['bytes']))
            groups.setdefault((proc, study, r['variant'], r['dtype'], r['n'], flush, mode), []).append(r)
        for g, rs in groups.items():
            if len(rs) > 1:
                self.cands[g[0]]['ms'].append((st.mean([r['ms'] for r in rs]), st.mean([r['lo_ms'] for r in rs]),
                                               st.mean([r['hi_ms'] for r in rs])))
        for c in self.cands.values():
            c['ms'].sort()
            c['per_byte'].sort()

    def proc(self, run_id, trial_index):
        d, s, b, bld = self.proc_of_run[run_id]
        return '%s|%s|%s|%s|%s' % (d, s, trial_index, b, bld)

    def value_of(self, proc, ms, lo, hi, scale):
        """the candidate of the process (ms, lo, hi) that is this value,
        scaled by scale where it is per byte; None: none is"""
        c = self.cands.get(proc)
        if c is None:
            return None
        for lst, f in ((c['ms'], 1.0), (c['per_byte'], scale)):
            if f is None:
                continue
            x = ms / f
            i = bisect.bisect_left(lst, (x * (1 - REL_TOL),))
            while i < len(lst) and lst[i][0] <= x * (1 + REL_TOL):
                m, l, h = (v * f for v in lst[i])
                if Checker.same(lo, l) and Checker.same(hi, h):
                    return m, l, h
                i += 1
        return None


class Pairs:
    """pair_run's pairs (read from the analysis: which two configurations a
    pair divides), checked as values of one process, and from them
    pair_trial, pair_halfwidth, pair_h, pair_coverage and pair_stats."""

    def __init__(self, db, procs, decl):
        level = decl.level['paired ratio']
        sql = sql_rows(db, "SELECT kind, device_id, pair_key, study, config_key, flush, mode, run_id, trial_index, "
                           "num_ms, den_ms, num_lo_ms, num_hi_ms, den_lo_ms, den_hi_ms FROM pair_run")
        self.sql_run = sql
        pairs = {}
        self.run = []
        for s in sql:
            proc = procs.proc(s['run_id'], s['trial_index'])
            den = procs.rows.get((proc, s['study'], s['config_key'], s['flush'], s['mode']))
            r = {c: s[c] for c in ('kind', 'device_id', 'pair_key', 'run_id', 'study', 'config_key', 'flush', 'mode')}
            if den is None or den['run_id'] != s['run_id']:
                r.update(den_ms='no value of its process', trial_index=None)
                den = None
            else:
                r.update(trial_index=den['trial_index'], den_ms=den['ms'], den_lo_ms=den['lo_ms'],
                         den_hi_ms=den['hi_ms'])
            num = procs.value_of(proc, s['num_ms'], s['num_lo_ms'], s['num_hi_ms'],
                                 den['bytes'] if den and den['bytes'] else None)
            if num is None:
                r['num_ms'] = 'no value of its process'
            else:
                r.update(num_ms=num[0], num_lo_ms=num[1], num_hi_ms=num[2])
            self.run.append(r)
            if den is not None and num is not None:
                pairs.setdefault((s['kind'], s['device_id'], s['pair_key']), []).append(r)
        # per pair: its runs, the numerator's median (its band), the halves
        for i, p in enumerate(sorted(pairs)):
            rs = pairs[p]
            c = st.median([r['num_ms'] for r in rs])
            for r in rs:
                r.update(num_center_ms=c, k=len(rs), half=(i + 1) % 2, band=band_of(c), ratio=r['num_ms'] / r['den_ms'])
        self.trial = []
        for rs in pairs.values():
            if len(rs) < 2:
                continue
            for r in rs:
                rest = sorted(x['ratio'] for x in rs if x is not r)
                rc = st.median(rest)
                self.trial.append(dict(r, rest_ratio=rc, rest_min=rest[0], rest_max=rest[-1],
                                       dev=abs(r['ratio'] / rc - 1), rest_range=(rest[-1] - rest[0]) / rc))
        hw = {}
        for t in self.trial:
            for kind, band in ((t['kind'], t['band']), ('', t['band']), ('', 0)):
                for part in (t['half'], 2):
                    hw.setdefault((kind, t['device_id'], band, part), []).append(t['dev'])
        self.halfwidth = {k: {'deviations': len(v), 'h': st.conformal(v, level)} for k, v in hw.items()}
        self.h = {}
        for kind, dev in {(k[0], k[1]) for k in hw if k[0] != ''}:
            for part in (0, 1, 2):
                a = self.halfwidth.get(('', dev, 0, part))
                if a is None:
                    continue
                for band in (1, 2, 3):
                    g = self.halfwidth.get((kind, dev, band, part))
                    c = self.halfwidth.get(('', dev, band, part))
                    w = g if g and g['deviations'] >= MIN_DEVIATIONS else \
                        c if c and c['deviations'] >= MIN_DEVIATIONS else a
                    self.h[(kind, dev, band, part)] = {'h': w['h']}
        cov = {}
        for t in self.trial:
            h = self.h.get((t['kind'], t['device_id'], t['band'], 1 - t['half']))
            if h is None:
                continue
            o = cov.setdefault((t['kind'], t['device_id'], t['band']), {'held_out': 0, 'covered': 0})
            o['held_out'] += 1
            o['covered'] += t['dev'] <= max(h['h'], t['rest_range']) * (1 + TIE)
        self.coverage = {k: dict(o, pct=pct(o['covered'], o['held_out'])) for k, o in cov.items()}
        self.stats = {}
        for p, rs in pairs.items():
            ratios = [r['ratio'] for r in rs]
            ratio = st.median(ratios)
            s = {'band': rs[0]['band'], 'k': len(rs), 'ratio': ratio, 'range_rel': (max(ratios) - min(ratios)) / ratio}
            if len(rs) > 1:
                w = max(self.h[(p[0], p[1], s['band'], 2)]['h'], s['range_rel'])
                s.update(lo=ratio * (1 - w), hi=ratio * (1 + w), basis='runs')
            else:
                r = rs[0]
                s.update(lo=div(r['num_lo_ms'], r['den_hi_ms']), hi=div(r['num_hi_ms'], r['den_lo_ms']),
                         basis='one run')
            self.stats[p] = s


# ------------------------------------------------------------------ models --

def model_stats(db, raw, trials):
    """model_stats: per GPU model (device.name, labelled as report_models
    labels it) and default configuration (cold, the default flush and mode)
    of the report's GPUs (those with a complete run): the median over its
    machines of each one's centre, and its bracket: the range of those
    centres (several machines), one machine's interval (one)."""
    shown = {u['device_id'] for u in raw.run.values() if u['status'] == 'complete' and u['device_id'] in raw.device}
    label = dict(db.execute("SELECT name, model FROM report_models"))
    machines = {}
    for d in shown:
        machines[raw.device[d]['name']] = machines.get(raw.device[d]['name'], 0) + 1
    groups = {}
    for s in trials.stats.values():
        if s['cache'] == 'cold' and default_key(s['config_key']) and s['device_id'] in shown:
            groups.setdefault((s['device'], s['study'], s['config_key'], s['flush'], s['mode']), []).append(s)
    out = {}
    for (name, study, key, flush, mode), ss in groups.items():
        one = len(ss) == 1
        out[(label.get(name, name), study, key, flush, mode)] = {
            'machines': machines[name], 'gpus': len(ss), 'median_ms': st.median([s['median_ms'] for s in ss]),
            'lo_ms': ss[0]['lo_ms'] if one else min(s['median_ms'] for s in ss),
            'hi_ms': ss[0]['hi_ms'] if one else max(s['median_ms'] for s in ss),
            'bracket': 'interval' if one else 'range'}
    return out


# -------------------------------------------------------------- sessions --

def sessions(raw, trials, decl):
    """session_value, session_agreement_summary, session_agreement_verdict:
    per GPU, build, invocation (run.session) and configuration the centre of
    its trials; per GPU and commit the configurations two invocations of one
    build timed with two trials or more each (pairs of invocations), the
    share within agree_rel, its Wilson interval at the share's level, the
    same under agree_short_ms and for host-timed ones; the verdicts of the
    newest commit against the targets."""
    level = decl.level['share']
    rel, short = raw.setting.get('agree_rel'), raw.setting.get('agree_short_ms')
    target, target_short = raw.setting.get('agree_target_pct'), raw.setting.get('agree_target_short_pct')
    sv = {}
    for t in trials.trial.values():
        u = raw.run[t['run_id']]
        if u['kind'] == 'measure' and u['session'] is not None:
            sv.setdefault((t['device_id'], u['build_id'], u['git_commit'], u['session'], t['study'], t['config_key'],
                           t['flush'], t['mode']), []).append(t)
    value = {k: {'trials': len(ts), 'median_ms': decl.centre([t['median_ms'] for t in ts]), 'timer': ts[-1]['timer']}
             for k, ts in sv.items()}
    byconf = {}
    for k, v in value.items():
        byconf.setdefault((k[0], k[1], k[4], k[5], k[6], k[7]), []).append(dict(v, commit=k[2], session=k[3]))
    summ = {}
    for key, vs in byconf.items():
        for a in vs:
            for b in vs:
                if not (b['session'] > a['session'] and a['trials'] >= 2 and b['trials'] >= 2
                        and a['median_ms'] > 0 and b['median_ms'] > 0):
                    continue
                m = min(a['median_ms'], b['median_ms'])
                agree = abs(a['median_ms'] - b['median_ms']) / m <= rel
                s = summ.setdefault((key[0], a['commit']), {'pairs': set(), 'n': 0, 'x': 0, 'n_short': 0,
                                                            'x_short': 0, 'n_host': 0, 'x_host': 0})
                s['pairs'].add((a['session'], b['session']))
                gpu = a['timer'] == 'cuda-event'
                s['n'] += gpu
                s['x'] += gpu and agree
                s['n_short'] += gpu and m < short
                s['x_short'] += gpu and m < short and agree
                s['n_host'] += not gpu
                s['x_host'] += (not gpu) and agree
    newest = {}
    for u in sorted(raw.run.values(), key=lambda u: u['run_id']):
        if u['session'] is not None and u['kind'] == 'measure':
            newest[u['device_id']] = u['git_commit']
    out = {}
    for (dev, commit), s in summ.items():
        lo, hi = st.wilson(s['x'], s['n'], level)
        slo, shi = st.wilson(s['x_short'], s['n_short'], level)
        o = {'configs': s['n'], 'pairs': len(s['pairs']), 'share_2pct': div(s['x'], s['n']),
             'share_lo': lo, 'share_hi': hi, 'configs_u20': s['n_short'],
             'share_2pct_u20': div(s['x_short'], s['n_short']), 'share_u20_lo': slo, 'share_u20_hi': shi,
             'host_configs': s['n_host'], 'host_share': div(s['x_host'], s['n_host']),
             'latest': int(dev in newest and commit == newest[dev])}
        o['verdict'] = 'not measured' if s['n'] == 0 else st.target_at_least(mul(100, lo), mul(100, hi), target)
        o['verdict_u20'] = 'not measured' if s['n_short'] == 0 else \
            st.target_at_least(mul(100, slo), mul(100, shi), target_short)
        out[(dev, commit)] = o
    return value, out


# ---------------------------------------------------------------- verdicts --

# The views that judge an interval against a threshold, each judged again
# from its own numbers: (view, key columns, lo, hi, the threshold (a column,
# or 'setting:KEY' for a report_setting row), the verdict column, the rule,
# the verdict where lo is NULL (None: the rule's own)). The numbers
# themselves are the statistics checked above.
VERDICT_VIEWS = (
    ('reduce_top_target', ('device_id', 'dtype', 'n', 'key'), 'lo', 'hi', 'threshold', 'verdict',
     st.target_at_least, 'not judged'),
    ('small_n_target', ('model', 'n', 'key'), 'lo', 'hi', 'threshold', 'verdict', st.target_at_most, 'not judged'),
    ('small_n_bound', ('device_id', 'n'), 'over_lo_us', 'over_hi_us', 'setting:bound_goal_us', 'verdict',
     st.target_at_most, None),
)


def check_verdict_views(db, raw, chk, want):
    for view, keys, lo, hi, thr, col, rule, null_word in VERDICT_VIEWS:
        if not want(view):
            continue
        try:
            rows = sql_rows(db, "SELECT * FROM %s" % view)
        except sqlite3.Error as e:
            chk.fail(view, "cannot be read: %s" % e)
            continue
        mine = []
        for r in rows:
            t = raw.setting.get(thr[8:]) if thr.startswith('setting:') else r[thr]
            v = null_word if r[lo] is None and null_word is not None else rule(r[lo], r[hi], t)
            mine.append(dict(r, **{col: v}))
        chk.compare(view, keyed(rows, keys), keyed(mine, keys), (col,))


# -------------------------------------------------------------- functions --

def check_functions(db, decl, chk, want):
    """The engine's SQL functions against the oracle's on a grid of
    arguments (NULL among them)."""
    grid = (None, -1.0, 0.0, 0.5, 1.0, 1.5)
    if want('verdict_functions'):
        sql, mine = {}, {}
        for fn, f in (('target_at_least', st.target_at_least), ('target_at_most', st.target_at_most),
                      ('verdict_at_least', st.verdict_at_least)):
            for a in grid:
                for b in grid:
                    for c in grid:
                        sql[(fn, a, b, c)] = {'v': db.execute("SELECT %s(?, ?, ?)" % fn, (a, b, c)).fetchone()[0]}
                        mine[(fn, a, b, c)] = {'v': f(a, b, c)}
        for a in (None, 0, 1, 2, 3):
            for b in (None, 0, 1, 2, 3):
                for c in (None, 0, 1, 2, 3):
                    sql[('verdict_over', a, b, c)] = {'v': db.execute("SELECT verdict_over(?, ?, ?)",
                                                                      (a, b, c)).fetchone()[0]}
                    mine[('verdict_over', a, b, c)] = {'v': st.verdict_over(a, b, c)}
        chk.compare('verdict_functions', sql, mine, ('v',))
    # levels to ask the quantiles at: the declared ones and every 5% (a
    # grid, no level of the report)
    levels = sorted(set(range(5, 100, 5)) | {v for v in decl.level.values() if v})
    if want('quantile_functions'):
        sql, mine = {}, {}
        for lv in levels:
            sql[('stat_z', lv)] = {'v': db.execute("SELECT stat_z(?)", (lv,)).fetchone()[0]}
            mine[('stat_z', lv)] = {'v': st.z_two_sided(lv)}
            for df in list(range(1, 41)) + [60, 120, 500]:
                sql[('stat_t', lv, df)] = {'v': db.execute("SELECT stat_t(?, ?)", (lv, df)).fetchone()[0]}
                mine[('stat_t', lv, df)] = {'v': st.t_two_sided(lv, df)}
        chk.compare('quantile_functions', sql, mine, ('v',))
    if want('share_functions'):
        sql, mine = {}, {}
        for n in list(range(0, 25)) + [100, 1000, 56616]:
            for k in sorted({0, 1, n // 3, n // 2, n - 1, n} - {-1}):
                if k > n:
                    continue
                lo, hi = db.execute("SELECT wilson_lo(?, ?), wilson_hi(?, ?)", (k, n, k, n)).fetchone()
                sql[(k, n)] = {'wilson_lo': lo, 'wilson_hi': hi}
                olo, ohi = st.wilson(k, n, decl.level['share'])
                mine[(k, n)] = {'wilson_lo': olo, 'wilson_hi': ohi}
        chk.compare('share_functions', sql, mine, ('wilson_lo', 'wilson_hi'))
    if want('aggregate_functions'):
        # median() and conformal() over 1..45 values (ties among them), at
        # the declared levels
        sql, mine = {}, {}
        db.execute("CREATE TEMP TABLE IF NOT EXISTS oracle_v (m INTEGER, x REAL)")
        db.execute("DELETE FROM oracle_v")
        vals = {}
        for m in range(1, 46):
            vals[m] = [((i * 7919) % 23) / 8.0 + 0.5 for i in range(m)]
            db.executemany("INSERT INTO oracle_v VALUES (?, ?)", [(m, x) for x in vals[m]])
        for m, x in db.execute("SELECT m, median(x) FROM oracle_v GROUP BY m"):
            sql[('median', m)] = {'v': x}
            mine[('median', m)] = {'v': st.median(vals[m])}
        for lv in sorted({v for v in decl.level.values() if v}):
            for m, x in db.execute("SELECT m, conformal(x, ?) FROM oracle_v GROUP BY m", (lv,)):
                sql[('conformal', lv, m)] = {'v': x}
                mine[('conformal', lv, m)] = {'v': st.conformal(vals[m], lv)}
        chk.compare('aggregate_functions', sql, mine, ('v',))


CLAIM_WORDS = {'holds': 'holds', 'below': "holds, below the claim's magnitude", 'not': 'does not hold',
               'inconclusive': 'inconclusive'}


def check_claims(db, chk, want):
    """The claims' judging function, claim_judge(RULE, THR, A, B, LO, HI) (an
    aggregate over a claim's parts), on a grid of one part and on groups of
    several; and the claims' verdicts judged again from their own parts
    (claim_part_verdict: each part alone; claim_verdict: a claim on a GPU
    over all its parts, where they were all measured). An engine without
    the function (or a database without the views) is said so, a line of
    its own ('skip ...')."""
    try:
        db.execute("SELECT claim_judge('at least', NULL, NULL, NULL, 1.5, 2.0)").fetchone()
    except sqlite3.Error as e:
        skipped = [v for v in ('claim_functions', 'claim_part_verdict', 'claim_verdict') if want(v)]
        if skipped:
            print("skip %s: the engine has no claim_judge() (%s)" % (', '.join(skipped), e))
        return
    if want('claim_functions'):
        ends = (None, 0.8, 1.0, 1.1, 1.2, 1.4, 1.6)
        grid = [(r, t, a, b, lo, hi) for r in st.CLAIM_RULES for t in (None, 0.9, 1.0, 1.2)
                for a in (None, 1.0, 1.1, 1.3) for b in (None, 1.2, 1.5) for lo in ends for hi in ends
                if lo is None or hi is None or lo <= hi]
        sql, mine = {}, {}
        for g in grid:
            sql[g] = {'v': db.execute("SELECT claim_judge(?, ?, ?, ?, ?, ?)", g).fetchone()[0]}
            mine[g] = {'v': CLAIM_WORDS[st.claim_part(*g)]}
        # groups of 2 to 5 parts of one rule (a fixed walk through the grid)
        db.execute("CREATE TEMP TABLE IF NOT EXISTS oracle_claim (g INTEGER, rule TEXT, thr REAL, a REAL, b REAL, "
                   "lo REAL, hi REAL)")
        db.execute("DELETE FROM oracle_claim")
        groups = {}
        for i in range(600):
            first = grid[(i * 7919) % len(grid)]
            same = [x for x in grid if x[:4] == first[:4]]
            groups[i] = [same[(i * 31 + j * 17) % len(same)] for j in range(2 + i % 4)]
            db.executemany("INSERT INTO oracle_claim VALUES (?, ?, ?, ?, ?, ?, ?)", [(i,) + x for x in groups[i]])
        for i, v in db.execute("SELECT g, claim_judge(rule, thr, a, b, lo, hi) FROM oracle_claim GROUP BY g"):
            sql[('group', i)] = {'v': v}
            mine[('group', i)] = {'v': st.claim_verdict([st.claim_part(*x) for x in groups[i]])}
        try:
            db.execute("SELECT claim_judge('nonsense', 1, 1, 1, 1, 1)").fetchone()
            sql[('unknown rule',)] = {'v': 'accepted'}
        except sqlite3.Error:
            sql[('unknown rule',)] = {'v': 'refused'}
        mine[('unknown rule',)] = {'v': 'refused'}
        chk.compare('claim_functions', sql, mine, ('v',))
    if not (want('claim_part_verdict') or want('claim_verdict')):
        return
    try:
        rule = {r['claim_id']: r for r in sql_rows(db, "SELECT claim_id, rule, threshold, a, b FROM claim_rule")}
        parts = sql_rows(db, "SELECT claim_id, part, device_id, label, lo, hi, verdict FROM claim_part_verdict")
        verdicts = sql_rows(db, "SELECT claim_id, device_id, verdict, parts FROM claim_verdict")
    except sqlite3.Error as e:
        for v in ('claim_part_verdict', 'claim_verdict'):
            if want(v):
                print("skip %s: %s" % (v, e))
        return
    mine, byclaim = [], {}
    for p in parts:
        r = rule[p['claim_id']]
        v = st.claim_part(r['rule'], r['threshold'], r['a'], r['b'], p['lo'], p['hi'])
        mine.append(dict(p, verdict=CLAIM_WORDS[v]))
        byclaim.setdefault((p['claim_id'], p['device_id']), []).append(v)
    keys = ('claim_id', 'part', 'device_id', 'label')
    if want('claim_part_verdict'):
        chk.compare('claim_part_verdict', keyed(parts, keys, ('lo', 'hi')), keyed(mine, keys, ('lo', 'hi')),
                    ('verdict',))
    if want('claim_verdict'):
        judged = [v for v in verdicts if v['parts']]
        chk.compare('claim_verdict', keyed(judged, ('claim_id', 'device_id')),
                    {(v['claim_id'], v['device_id']): {'verdict': st.claim_verdict(byclaim.get(
                        (v['claim_id'], v['device_id']), []))} for v in judged}, ('verdict',))


def check_samples_functions(db, raw, decl, chk):
    """samples_ci_lo/hi at the stopping rule's level and the four quarters'
    medians (samples_part_median) of every result's samples."""
    level = decl.level['stopping rule']
    sql, mine = {}, {}
    for rid, lo, hi, p1, p2, p3, p4 in db.execute(
            "SELECT result_id, samples_ci_lo(ns, ?), samples_ci_hi(ns, ?), samples_part_median(ns, 1, 4), "
            "samples_part_median(ns, 2, 4), samples_part_median(ns, 3, 4), samples_part_median(ns, 4, 4) "
            "FROM result_sample", (level, level)):
        sql[(rid,)] = {'ci_lo_ms': lo, 'ci_hi_ms': hi, 'q1': p1, 'q2': p2, 'q3': p3, 'q4': p4}
    for rid, ns in raw.ns.items():
        a, n = sorted(ns), len(ns)
        j, k = st.median_ci_ranks(n, level)
        o = {'ci_lo_ms': a[j - 1] / 1e6, 'ci_hi_ms': a[k - 1] / 1e6}
        for q, p in enumerate(st.parts(ns, 4)):
            o['q%d' % (q + 1)] = st.median(p) / 1e6 if p else None
        mine[(rid,)] = o
    chk.compare('samples_functions', sql, mine, ('ci_lo_ms', 'ci_hi_ms', 'q1', 'q2', 'q3', 'q4'))


# ----------------------------------------------------------------- compare --

def session_pick(raw, pick):
    """compare --sessions: per GPU of two invocations or more (run.session),
    its first ('first') or last ('last') by their first run's start, ties by
    name; {device_id: session}."""
    t0 = {}
    for u in raw.run.values():
        if u['session'] is not None:
            k = (u['device_id'], u['session'])
            if u['started_utc'] is not None and (t0.get(k) is None or u['started_utc'] < t0[k]):
                t0[k] = u['started_utc']
            t0.setdefault(k, None)
    out = {}
    for dev in {d for d, _ in t0}:
        ss = sorted(s for d, s in t0 if d == dev)      # ties: by name (a stable sort keeps it)
        if len(ss) >= 2:     # by start, NULL first ascending and last descending, as SQL's
            ss.sort(key=lambda s: (t0[(dev, s)] is not None, t0[(dev, s)] or ''), reverse=pick == 'last')
            out[dev] = ss[0]
    return out


def check_compare(cmp_db, sides, decl, chk):
    """compare_verdict (experiments/tools/compare.sql, normal mode, or
    --sessions where each side is given as (raw, trials, 'first' or 'last')):
    groups 'gpu' (a uuid on both sides) and 'model' (the NEW machines a
    model's BASE lacks, pooled, against all its BASE machines); per group,
    side and configuration the trials' count, median, geometric mean and log
    standard deviation; the ratio NEW / BASE of the geometric means, its
    Welch t-interval at the declared level ('compare'), the verdict in the
    row's band; the very same trials on both sides: one measurement."""
    level = decl.level['compare']
    trials = {}
    for side, (raw, tr, pick) in sides.items():
        rows = []
        only = session_pick(raw, pick) if pick else None
        for t in tr.trial.values():
            if not t['median_ms'] > 0:
                continue
            if only is not None and only.get(t['device_id'], ()) != raw.run[t['run_id']]['session']:
                continue
            d = raw.device[t['device_id']]
            p = t['params']
            try:
                p = json.dumps(json.loads(p), sort_keys=True)
            except (TypeError, ValueError):
                pass
            rows.append({'uuid': d['uuid'], 'name': d['name'], 'run_uuid': raw.run[t['run_id']].get('run_uuid'),
                         'cfg': (t['study'], t['variant'], t['dtype'], t['n'], t['block'], p, t['flush'], t['mode']),
                         'ms': t['median_ms'], 'raw': t['raw_median_ms']})
        trials[side] = rows
    uuids = {s: {r['uuid']: r['name'] for r in rows} for s, rows in trials.items()}
    groups = {}
    for u in uuids['base']:
        if u in uuids['new']:
            groups[('gpu', u)] = {'base': {u}, 'new': {u}}
    for name in set(uuids['new'].values()):
        fresh = {u for u, n in uuids['new'].items() if n == name and u not in uuids['base']}
        based = {u for u, n in uuids['base'].items() if n == name}
        if fresh and based:
            groups[('model', name)] = {'base': based, 'new': fresh}
    mine = {}
    for (level_, grp), members in groups.items():
        per = {}
        for side in ('base', 'new'):
            for r in trials[side]:
                if r['uuid'] in members[side]:
                    per.setdefault(r['cfg'], {}).setdefault(side, []).append(r)
        for cfg, sd in per.items():
            if len(sd) < 2:
                continue
            o = {}
            for side in ('base', 'new'):
                xs = [r['ms'] for r in sd[side]]
                ls = [math.log(x) for x in xs]
                o[side] = {'n': len(xs), 'median': decl.centre(xs), 'gmean': math.exp(st.mean(ls)),
                           'sd': st.stdev(ls) if len(xs) > 1 else None,
                           'trials': sorted((repr(r['run_uuid']), r['ms'], repr(r['raw'])) for r in sd[side])}
            b, w = o['base'], o['new']
            same = b['trials'] == w['trials']
            ratio = w['gmean'] / b['gmean']
            row = {'base_runs': b['n'], 'new_runs': w['n'], 'base_ms': b['gmean'], 'new_ms': w['gmean'],
                   'base_median_ms': b['median'], 'new_median_ms': w['median'], 'base_sd_rel': b['sd'],
                   'new_sd_rel': w['sd'], 'ratio': ratio, 'lo': None, 'hi': None, 'df': None, 'same': same}
            if same:
                row.update(lo=ratio, hi=ratio, df=float(b['n'] + w['n'] - 2))
            elif b['n'] >= 2 and w['n'] >= 2:
                vb, vn = b['sd'] ** 2 / b['n'], w['sd'] ** 2 / w['n']
                df = (vb + vn) ** 2 / (vb * vb / (b['n'] - 1) + vn * vn / (w['n'] - 1)) if vb + vn > 0 \
                    else float(b['n'] + w['n'] - 2)
                row['df'] = df
                if df + 1e-9 >= 1:
                    tq = st.t_two_sided(level, int(df + 1e-9))
                    se = math.sqrt(vb + vn)
                    row.update(lo=ratio * math.exp(-tq * se), hi=ratio * math.exp(tq * se))
            mine[(level_, grp) + cfg] = row
    sql = {}
    for r in sql_rows(cmp_db, "SELECT * FROM compare_verdict"):
        p = r['params']
        try:
            p = json.dumps(json.loads(p), sort_keys=True)
        except (TypeError, ValueError):
            pass
        sql[(r['level'], r['grp'], r['study'], r['variant'], r['dtype'], r['n'], r['block'], p, r['flush'],
             r['mode'])] = r
    for k, row in mine.items():     # the verdict in the band the comparison was given (its row's)
        band = sql[k]['band'] if k in sql else None
        lo, hi = row['lo'], row['hi']
        if lo is None or band is None:
            row['verdict'] = 'inconclusive'
        elif lo >= 1 / (1 + band) and hi <= 1 + band:
            row['verdict'] = 'same'
        elif lo > 1:
            row['verdict'] = 'slower'
        elif hi < 1:
            row['verdict'] = 'faster'
        else:
            row['verdict'] = 'inconclusive'
    chk.compare('compare_verdict', sql, mine,
                ('base_runs', 'new_runs', 'base_ms', 'new_ms', 'base_median_ms', 'new_median_ms', 'base_sd_rel',
                 'new_sd_rel', 'ratio', 'lo', 'hi', 'df', 'verdict'))
    return mine


# ------------------------------------------------------------------ main --

def open_db(path, load):
    db = sqlite3.connect('file:%s?mode=ro' % path, uri=True)
    if load is not None:
        if not hasattr(db, 'enable_load_extension'):
            raise RuntimeError("this Python's sqlite3 cannot load extensions (%s): use one that can" % sys.executable)
        db.enable_load_extension(True)
        db.load_extension(load)
    db.execute("SELECT count(*) FROM sqlite_master").fetchone()
    return db


def main(argv):
    args = argv[1:]
    max_print, only, load, paths, compare, by_session = 50, None, None, [], False, False
    usage = "usage: oracle.py DB [--max-print N] [--only VIEW,...] [--load EXT]\n" \
            "       oracle.py --compare COMPARE_DB BASE_DB NEW_DB [--sessions] [--max-print N] [--load EXT]"
    while args:
        a = args.pop(0)
        if a == '--max-print' and args:
            v = args.pop(0)
            if not v.isdigit():
                print("oracle: --max-print needs a count (0: all)", file=sys.stderr)
                return 2
            max_print = int(v)
        elif a == '--only' and args:
            only = set(args.pop(0).split(','))
        elif a == '--load' and args:
            load = args.pop(0)
        elif a == '--compare':
            compare = True
        elif a == '--sessions':
            by_session = True
        elif not a.startswith('-'):
            paths.append(a)
        else:
            print(usage.split('\n')[0], file=sys.stderr)
            return 2
    if len(paths) != (3 if compare else 1) or (by_session and not compare):
        print(usage.split('\n')[1 if compare else 0], file=sys.stderr)
        return 2
    chk = Checker(max_print)

    def want(view):
        return only is None or view in only

    def done():
        print("oracle: %d values checked in %d views, %d mismatches" % (chk.values, chk.views, chk.mismatches))
        return 1 if chk.mismatches else 0

    try:
        dbs = [open_db(p, load) for p in paths]
        decl = st.Declared(dbs[0])
    except st.Unknown as e:
        chk.fail('stat_decl', str(e))
        return done()
    except (sqlite3.Error, RuntimeError) as e:
        print("oracle: %s" % e, file=sys.stderr)
        return 2
    try:
        if compare:
            sides = {}
            for side, db, pick in (('base', dbs[1], 'first'), ('new', dbs[2], 'last')):
                raw = Raw(db, decl)
                sides[side] = (raw, Trials(raw, decl), pick if by_session else None)
            check_compare(dbs[0], sides, decl, chk)
            return done()
        db = dbs[0]
        raw = Raw(db, decl)
    except (sqlite3.Error, ValueError) as e:
        print("oracle: %s" % e, file=sys.stderr)
        return 2

    def check(view, keycols, oracle, cols, query=None):
        if not want(view):
            return
        try:
            rows = sql_rows(db, query or "SELECT %s FROM %s" % (', '.join(dict.fromkeys(keycols + tuple(cols))), view))
        except sqlite3.Error as e:
            chk.fail(view, "cannot be read: %s" % e)
            return
        chk.compare(view, keyed(rows, keycols, cols), oracle, cols)

    check_functions(db, decl, chk, want)
    if want('samples_functions'):
        check_samples_functions(db, raw, decl, chk)
    rs_cols = ['value_ms', 'ci_lo_ms', 'ci_hi_ms', 'samples', 'median_ms', 'min_ms', 'max_ms', 'q1_ms', 'q3_ms',
               'mean_ms', 'rsd']
    if decl.method['one-run interval'] == 'trimmed-mean standard error':
        rs_cols.append('value_se_ms')
    check('result_stat', ('result_id',), {(k,): v for k, v in raw.stat.items()}, tuple(rs_cols))

    trials = Trials(raw, decl)
    check('run_floor', ('run_id', 'mode'), {k: {'floor_us': v} for k, v in trials.run_floor.items()}, ('floor_us',))
    check('gpu_floor', ('device_id', 'mode'), {k: {'floor_us': v} for k, v in trials.gpu_floor.items()},
          ('floor_us',))
    check('floor_beta', ('device_id', 'mode', 'launches'), trials.floor_beta,
          ('configs', 'sxy', 'sxx', 'beta', 'basis'))
    check('trial', ('result_id',), {(k,): v for k, v in trials.trial.items()},
          ('run_id', 'trial_index', 'device_id', 'study', 'config_key', 'flush', 'mode', 'raw_median_ms',
           'floor_adj_ms', 'median_ms', 'ci_lo_ms', 'ci_hi_ms', 'q1_ms', 'q3_ms'))
    check('trial_dev', ('result_id',), {(k,): v for k, v in trials.dev.items()},
          ('k', 'half', 'center_ms', 'band', 'rest_center_ms', 'rest_min_ms', 'rest_max_ms', 'dev', 'rest_range'))
    check('trial_halfwidth', ('device_id', 'band', 'grp', 'part'), trials.halfwidth, ('cls', 'deviations', 'h'))
    check('trial_h', ('device_id', 'band', 'grp', 'part'),
          keyed([dict(v, device_id=k[0], band=k[1], grp=k[2], part=k[3]) for k, vs in trials.h.items() for v in vs],
                ('device_id', 'band', 'grp', 'part'), ('h', 'deviations')), ('h', 'deviations'))
    check('config_stats', ('device_id', 'study', 'config_key', 'flush', 'mode'), trials.stats,
          ('runs', 'median_ms', 'lo_ms', 'hi_ms', 'basis', 'band', 'half_rel', 'sd_rel', 'read_gbps', 'gbps',
           'gbps_lo', 'gbps_hi', 'pct_peak', 'pct_read'))
    check('trial_coverage', ('device_id', 'band'), trials.coverage(), ('configs', 'held_out', 'covered', 'pct'))
    check('trial_agreement', ('device_id', 'band'), trials.agreement(), ('pairs', 'within2', 'pct', 'pct_raw'))
    if want('machine_agreement'):
        names = {m: n for n, m in db.execute("SELECT name, model FROM report_models")}
        rows = sql_rows(db, "SELECT * FROM machine_agreement")
        for r in rows:      # the model as its device.name, or as its label
            r['name'] = names.get(r['model'], r['model'])
        chk.compare('machine_agreement', keyed(rows, ('name', 'band')), trials.machine_agreement(),
                    ('pairs', 'within2', 'pct_within2', 'covered', 'pct_covered'))

    procs = Procs(raw, trials)
    check('pair_trial_rows', ('proc', 'study', 'config_key', 'flush', 'mode'), procs.rows,
          ('run_id', 'trial_index', 'ms', 'lo_ms', 'hi_ms', 'bytes'))
    if any(want(v) for v in ('pair_run', 'pair_trial', 'pair_halfwidth', 'pair_h', 'pair_coverage', 'pair_stats')):
        prs = Pairs(db, procs, decl)
        pk = ('kind', 'device_id', 'pair_key')
        check('pair_run', pk + ('run_id',), keyed(prs.run, pk + ('run_id',)),
              ('trial_index', 'num_ms', 'den_ms', 'num_lo_ms', 'num_hi_ms', 'den_lo_ms', 'den_hi_ms',
               'num_center_ms', 'k', 'half'))
        check('pair_trial', pk + ('run_id',), keyed(prs.trial, pk + ('run_id',)),
              ('band', 'half', 'k', 'ratio', 'rest_ratio', 'rest_min', 'rest_max', 'dev', 'rest_range'))
        check('pair_halfwidth', ('kind', 'device_id', 'band', 'part'), prs.halfwidth, ('deviations', 'h'))
        check('pair_h', ('kind', 'device_id', 'band', 'part'), prs.h, ('h',))
        check('pair_coverage', ('kind', 'device_id', 'band'), prs.coverage, ('held_out', 'covered', 'pct'))
        check('pair_stats', pk, prs.stats, ('band', 'k', 'ratio', 'range_rel', 'lo', 'hi', 'basis'))

    if want('model_stats'):
        check('model_stats', ('model', 'study', 'config_key', 'flush', 'mode'), model_stats(db, raw, trials),
              ('machines', 'gpus', 'median_ms', 'lo_ms', 'hi_ms', 'bracket'))
    if any(want(v) for v in ('session_value', 'session_agreement_summary', 'session_agreement_verdict')):
        value, summ = sessions(raw, trials, decl)
        check('session_value', ('device_id', 'build_id', 'git_commit', 'session', 'study', 'config_key', 'flush',
                                'mode'), value, ('trials', 'median_ms'))
        cols = ('pairs', 'configs', 'share_2pct', 'share_lo', 'share_hi', 'configs_u20', 'share_2pct_u20',
                'share_u20_lo', 'share_u20_hi', 'host_configs', 'host_share', 'latest')
        check('session_agreement_summary', ('device_id', 'git_commit'), summ, cols)
        check('session_agreement_verdict', ('device_id', 'git_commit'),
              {k: v for k, v in summ.items() if v['latest']}, cols + ('verdict', 'verdict_u20'))
    check_verdict_views(db, raw, chk, want)
    check_claims(db, chk, want)
    return done()


if __name__ == '__main__':
    try:
        sys.exit(main(sys.argv))
    except Exception:       # the oracle's own failure: not a mismatch
        import traceback
        traceback.print_exc()
        print("oracle: internal error (exit 3)", file=sys.stderr)
        sys.exit(3)
