"""tests/report/oracle_stats.py: the statistics the report's engine declares
(reports/sqlstats.c, aStatDecl; view stat_decl), written again from their
definitions in plain Python (its standard library only), for the oracle
(tests/report/oracle.py). No code is shared with the C: the normal quantile
is Python's (statistics.NormalDist), Student's t is solved from the exact
finite series of its distribution function for whole degrees of freedom
(Abramowitz and Stegun 26.7.3-4), not from the C's continued fraction.

Nothing here types a level: every function that needs one takes it (a
whole percent, as stat_decl gives it), and Declared reads them all, with
each statistic's method, from the database; a method it has no code for
is refused (Unknown), never guessed.

  median(xs)                 the middle value, or the mean of the middle two
  quantile(a, q)             the q-quantile of sorted a, linear between order
                             statistics (numpy's 'linear')
  iqm(a), iqm_se(a)          the interquartile mean of sorted a (all but the
                             floor(n/4) smallest and largest) and its
                             Tukey-McLaughlin standard error
  mean(xs), stdev(xs), rsd(a)
  z_two_sided(level)         the two-sided normal quantile: the (1/2 + level/200)-quantile
  t_two_sided(level, df)     the same of Student's t, df a whole number >= 1
  median_ci_ranks(n, level)  the 1-based order statistics (j, k) of the
                             distribution-free interval of a median
  conformal_rank(m, level), conformal(devs, level)
                             the split-conformal quantile of m deviations
  wilson(k, n, level)        the Wilson score interval of the share k / n
  parts(xs, k)               the samples cut in k consecutive parts
  at_least, target_at_least, target_at_most, verdict_at_least, verdict_over
                             the verdict functions, NULL (None) as SQL's
  claim_part, claim_verdict  a seed claim's judging function (claim_judge):
                             one part by the claim's rule, a claim over its parts
  Declared                   the declarations read from a database
"""

import json
import math
import statistics


# ----------------------------------------------------------- basic ones --

def median(xs):
    """The median of a non-empty list: its middle value, or the mean of the
    middle two for an even count."""
    a = sorted(xs)
    n = len(a)
    return a[n // 2] if n % 2 else (a[n // 2 - 1] + a[n // 2]) / 2


def mean(xs):
    return math.fsum(xs) / len(xs)


def stdev(xs):
    """The sample standard deviation (n - 1); 0 for one value."""
    n = len(xs)
    if n < 2:
        return 0.0
    m = mean(xs)
    return math.sqrt(math.fsum((x - m) * (x - m) for x in xs) / (n - 1))


def rsd(a):
    """The relative standard deviation: the sample standard deviation over
    the mean; 0 for one value."""
    return stdev(a) / mean(a) if len(a) > 1 else 0.0


def quantile(a, q):
    """The q-quantile (0 <= q <= 1) of sorted a: position q (n - 1),
    linear between the order statistics either side of it."""
    n = len(a)
    pos = q * (n - 1)
    lo = int(math.floor(pos))
    hi = min(lo + 1, n - 1)
    return a[lo] + (a[hi] - a[lo]) * (pos - lo)


def iqm(a):
    """The interquartile mean of sorted a: the mean of all but the
    floor(n / 4) smallest and the floor(n / 4) largest."""
    g = len(a) // 4
    return mean(a[g:len(a) - g])


def iqm_se(a):
    """Its standard error (Tukey and McLaughlin): the standard deviation of
    sorted a winsorized at g = floor(n / 4) (the g smallest made a[g], the g
    largest a[n - 1 - g]) over (1 - 2 g / n) sqrt(n); 0 for one value."""
    n = len(a)
    if n < 2:
        return 0.0
    g = n // 4
    w = [a[g]] * g + list(a[g:n - g]) + [a[n - 1 - g]] * g
    return stdev(w) / ((1 - 2 * g / n) * math.sqrt(n))


def parts(xs, k):
    """xs (in the order taken) cut in k consecutive parts: sample i (from 0)
    is in part floor(i k / n) (from 0); a part may be empty."""
    out = [[] for _ in range(k)]
    for i, x in enumerate(xs):
        out[i * k // len(xs)].append(x)
    return out


# ------------------------------------------------------------- quantiles --

def z_two_sided(level):
    """The two-sided level% quantile of the standard normal: the
    (1/2 + level/200)-quantile."""
    return statistics.NormalDist().inv_cdf(0.5 + level / 200)


def t_central(t, df):
    """P(|T| <= t) for Student's t with df (a whole number >= 1) degrees of
    freedom, t >= 0, from the finite series in theta = atan(t / sqrt(df))
    (Abramowitz and Stegun 26.7.3 for odd df, 26.7.4 for even)."""
    th = math.atan(t / math.sqrt(df))
    s, c = math.sin(th), math.cos(th)
    c2 = c * c
    if df % 2:
        if df == 1:
            return 2 * th / math.pi
        term = total = 1.0
        for k in range(1, (df - 3) // 2 + 1):
            term *= c2 * (2 * k) / (2 * k + 1)
            total += term
        return 2 / math.pi * (th + s * c * total)
    term = total = 1.0
    for k in range(1, (df - 2) // 2 + 1):
        term *= c2 * (2 * k - 1) / (2 * k)
        total += term
    return s * total


def t_two_sided(level, df):
    """The two-sided level% quantile of Student's t with df degrees of
    freedom (a whole number >= 1): the t where P(|T| <= t) = level / 100,
    by bisection to the last bit."""
    p = level / 100
    lo, hi = 0.0, 1.0
    while t_central(hi, df) < p:
        hi *= 2
    for _ in range(2000):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if t_central(mid, df) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def median_ci_ranks(n, level):
    """The distribution-free level% interval of the median of n sorted
    samples: the 1-based order statistics j = floor((n - z sqrt(n)) / 2) and
    k = ceil((n + z sqrt(n)) / 2), clamped to 1..n (z: z_two_sided)."""
    r = z_two_sided(level) * math.sqrt(n)
    j, k = math.floor((n - r) / 2), math.ceil((n + r) / 2)
    return min(max(j, 1), n), min(max(k, 1), n)


def conformal_rank(m, level):
    """The 1-based rank of the split-conformal level% quantile of m values:
    ceil(level (m + 1) / 100), at most m (whole-number arithmetic)."""
    return min(m, -(-level * (m + 1) // 100))


def conformal(devs, level):
    """The split-conformal quantile of the deviations devs (a further one
    exchangeable with them falls at or below it with probability >= level%).
    None sorts first, as SQL's NULL would in an ORDER BY."""
    a = sorted(devs, key=lambda d: (d is not None, d if d is not None else 0.0))
    return a[conformal_rank(len(a), level) - 1]


def wilson(k, n, level):
    """The Wilson score interval (lo, hi) of the share k / n at level%;
    (None, None) for n < 1 or a None argument."""
    if k is None or n is None or n < 1:
        return None, None
    z, p = z_two_sided(level), k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


# --------------------------------------------------------------- verdicts --

def _ge(a, b):
    return a is not None and b is not None and a >= b


def _lt(a, b):
    return a is not None and b is not None and a < b


def _neg(x):
    return None if x is None else -x


def at_least(lo, hi, thr):
    """1 where the whole interval is at or above thr, 0 where it is wholly
    below, else -1; a None (SQL's NULL) makes a comparison false."""
    if _ge(lo, thr):
        return 1
    if _lt(hi, thr):
        return 0
    return -1


def verdict_at_least(lo, hi, thr):
    return {1: 'holds', 0: 'does not hold', -1: 'inconclusive'}[at_least(lo, hi, thr)]


def target_at_least(lo, hi, thr):
    return {1: 'met', 0: 'missed', -1: 'inconclusive'}[at_least(lo, hi, thr)]


def target_at_most(lo, hi, thr):
    """At most thr: at least -thr on the negated interval."""
    return target_at_least(_neg(hi), _neg(lo), _neg(thr))


def verdict_over(n, hold, nothold):
    """A claim over n configurations, hold of which meet its threshold and
    nothold of which miss it."""
    if n is not None and hold is not None and hold == n:
        return 'holds'
    if n is not None and nothold is not None and nothold == n:
        return 'does not hold'
    if hold is not None and nothold is not None and hold > 0 and nothold > 0:
        return 'holds in part'
    return 'inconclusive'


# ----------------------------------------------------------------- claims --

CLAIM_RULES = ('at least', 'range', 'within')


def claim_part(rule, thr, a, b, lo, hi):
    """One part of a seed's claim judged by the claim's rule (its row of
    seed_claim; claim_judge() of reports/sqlstats.c): 'holds', 'below' (holds,
    below the claim's magnitude), 'not' (does not hold) or 'inconclusive'; a
    rule it does not know raises ValueError. 'within': the whole interval in
    a..b holds, wholly outside it does not. 'at least' and 'range': the
    claim's direction first: the whole interval above thr (at or above it),
    or strictly above 1 where the claim states no thr; it does not hold
    where the interval is wholly below thr (at or below 1 without one).
    Then its magnitude: from a on (at least), a..b (range): the whole
    interval at or above a (and at or under b) holds, wholly below a is
    below the magnitude, a range's interval wholly above b does not hold;
    no a: an 'at least' claim holds on its direction, a range stays
    inconclusive. None (SQL's NULL) makes a comparison false; no interval
    end is inconclusive."""
    if rule not in CLAIM_RULES:
        raise ValueError("claim_judge(): unknown rule %r" % rule)
    if lo is None or hi is None:
        return 'inconclusive'
    if rule == 'within':
        if _ge(lo, a) and _ge(b, hi):
            return 'holds'
        if _lt(hi, a) or _lt(b, lo):
            return 'not'
        return 'inconclusive'
    up = lo > 1 if thr is None else lo >= thr
    down = hi <= 1 if thr is None else hi < thr
    if down:
        return 'not'
    if not up:
        return 'inconclusive'
    if rule == 'range' and _lt(b, lo):
        return 'not'
    if a is None:
        return 'inconclusive' if rule == 'range' else 'holds'
    if hi < a:
        return 'below'
    if lo >= a and (rule == 'at least' or _ge(b, hi)):
        return 'holds'
    return 'inconclusive'


def claim_verdict(parts):
    """A claim's verdict over its parts' (claim_part's): every part holds:
    'holds'; none: 'does not hold'; all hold, some below the claim's
    magnitude: 'holds, below the claim's magnitude'; some hold (at any
    magnitude) and some do not: 'holds in part'; else 'inconclusive'; no
    part: None."""
    n = len(parts)
    if n == 0:
        return None
    holds, below, nots = parts.count('holds'), parts.count('below'), parts.count('not')
    if holds == n:
        return 'holds'
    if nots == n:
        return 'does not hold'
    if holds + below == n:
        return "holds, below the claim's magnitude"
    if holds + below > 0 and nots > 0:
        return 'holds in part'
    return 'inconclusive'


# ----------------------------------------------------------- declarations --

class Unknown(Exception):
    """A statistic declared with a method the oracle has no code for."""


# The methods the oracle implements, per statistic: the method's words as
# the engine declares them (view stat_decl's method) and what computes it.
# A declaration names one of these or the oracle stops (Unknown): when the
# engine changes a method, the oracle gets the new one written here.
TRIAL_VALUE = {
    'interquartile mean of every sample': iqm,
    'median of every sample': lambda a: median(a),
}
CENTRE = {
    'median of the trial values': median,
    'mean of the trial values': mean,
}
# The one-run interval of a trial's value from its sorted samples a (value
# v, level L): (lo, hi).
ONE_RUN = {
    'trimmed-mean standard error':
        lambda a, v, level: (v - z_two_sided(level) * iqm_se(a), v + z_two_sided(level) * iqm_se(a)),
    'order-statistic interval of the median':
        lambda a, v, level: tuple(a[r - 1] for r in median_ci_ranks(len(a), level)),
}
# The rest are one method each, implemented where they are used
# (tests/report/oracle.py); the words must be these.
FIXED = {
    'stopping rule': 'order-statistic interval of the median',
    'interval': 'split-conformal, leave one trial out',
    'paired ratio': 'median of per-process ratios, split-conformal',
    'share': 'Wilson score interval',
    'model value': 'median over machines',
    'model range': 'lowest to highest machine value',
    'compare': 'Welch t on log trial values',
}


class Declared:
    """The engine's declarations, read from a database (view stat_decl,
    else the engine's own stat_declarations() where the database has no
    view: a comparison's output): level[NAME] (a whole percent, 0: none),
    method[NAME], and the functions their methods name: trial_value(a),
    one_run(a, v) -> (lo, hi), centre(xs). Raises Unknown for a method the
    oracle does not implement, and for a statistic it needs that is not
    declared."""

    def __init__(self, db):
        try:
            rows = db.execute("SELECT name, method, level FROM stat_decl").fetchall()
        except Exception:     # sqlite3.Error: no such view
            rows = [(d['name'], d['method'], d['level'])
                    for d in json.loads(db.execute("SELECT stat_declarations()").fetchone()[0])]
        self.method = {name: method for name, method, level in rows}
        self.level = {name: level for name, method, level in rows}

        def pick(name, table):
            if name not in self.method:
                raise Unknown("statistic '%s' is not declared (view stat_decl)" % name)
            if self.method[name] not in table:
                raise Unknown("statistic '%s' is declared as '%s': the oracle implements %s"
                              % (name, self.method[name], ' or '.join("'%s'" % m for m in table)))
            return table[self.method[name]]
        self.trial_value = pick('trial value', TRIAL_VALUE)
        self.centre = pick('centre', CENTRE)
        one_run = pick('one-run interval', ONE_RUN)
        level = self.level['one-run interval']
        self.one_run = lambda a, v: one_run(a, v, level)
        for name, method in FIXED.items():
            pick(name, {method: None})
