#!/bin/sh
# tests/cli/test_compare.sh: `make compare` (experiments/tools/compare) on
# fixture databases with known shifts. Each fixture GPU has 5 trials (runs) of
# every configuration, spread by -0.2..+0.2% (BASE; NEW the same spread in
# another order); NEW's times are BASE's moved by:
#   zero 0%, up1 +1%, down1 -1%, up5 +5%, down5 -5% (studies reduce; access: plain 0%, up1 +1%),
#   bimodal: trials alternate 1.0 and 1.2 (BASE 1.0 first, NEW 1.2 first),
#   single: one trial only.
# The times (0.1 and 0.5 ms) are whole nanoseconds at every shift and
# spread, as samples are stored: each trial's median is exactly the one stated.
# Checked: every verdict under the default band (2%) and a study's own band;
# a self-comparison (same everywhere its trials allow); swapping BASE and NEW
# swaps faster and slower; one variant raised 10% is exactly that variant
# slower and FAIL_ON=slower exits non-zero (also through make); a NEW GPU that
# BASE lacks is compared with BASE's GPUs of its model, pooled; the card line;
# the page; database text escaped in the terminal, the page and the figure;
# the shipped data against itself (the acceptance of issue 24); the trials'
# medians are view trial's, launch-floor corrected, also for a side made by an
# older schema or a dump cached by an older dbtool; the refusals. The fixtures
# state each trial's median (tests/report/fixture_stat_columns.sql), made
# into its samples (tests/report/fixture_to_samples.sql: nine, all of it).
# Usage: sh tests/cli/test_compare.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
. tests/analysis.sh
DBTOOL="$TOOLS/dbtool"
[ -x "$DBTOOL" ] || { notok "dbtool exists" "run make test-build"; exit 1; }
command -v sqlite3 >/dev/null || { notok "sqlite3 exists" "apt-get install sqlite3"; exit 1; }
CMP=experiments/tools/compare

# sq TEXT: TEXT inside an SQL string literal.
sq() { printf '%s' "$1" | sed "s/'/''/g"; }
# gen DB UUID NAME SIDE [STUDY]: a fixture database of one GPU (base or new side;
# STUDY names the second study, default access).
gen() {
  "$DBTOOL" load /dev/null "$1" >/dev/null || return 1
  cat tests/report/fixture_stat_columns.sql - tests/report/fixture_to_samples.sql <<EOF | sqlite3 -bail "$1" >/dev/null
PRAGMA journal_mode = DELETE;
INSERT INTO device(device_id, uuid, name) VALUES (1, '$(sq "$2")', '$(sq "$3")');
CREATE TEMP TABLE cfg(study TEXT, variant TEXT, shift REAL, kind TEXT);
INSERT INTO cfg VALUES ('reduce', 'zero', 0, ''), ('reduce', 'up1', 0.01, ''), ('reduce', 'down1', -0.01, ''),
  ('reduce', 'up5', 0.05, ''), ('reduce', 'down5', -0.05, ''), ('reduce', 'bimodal', 0, 'bimodal'),
  ('reduce', 'single', 0, 'single'), ('access', 'plain', 0, ''), ('access', 'up1', 0.01, '');
UPDATE cfg SET study = '$(sq "${5:-access}")' WHERE study = 'access';
CREATE TEMP TABLE k(i INTEGER);
INSERT INTO k VALUES (1), (2), (3), (4), (5);
CREATE TEMP TABLE sz(n INTEGER, ms REAL);
INSERT INTO sz VALUES (1024, 0.1), (4096, 0.5);
INSERT INTO run(study, binary, device_id, status, started_utc, finished_utc, argv, build_id, run_uuid, kind, repeat_index)
SELECT s.study, s.study, 1, 'complete', '2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z', s.study, 'b',
       '$2-$4-' || s.study || '-' || i, 'measure', i
FROM (SELECT DISTINCT study FROM cfg) s, k;
INSERT INTO result(run_id, study, config_key, variant, dtype, n, block, params, cache, timer, status, median_ms,
                   created_utc, flush, mode)
SELECT u.run_id, c.study, 'variant=' || c.variant || ' n=' || sz.n, c.variant, 'float32', sz.n, 256, '{"loads":4}',
       'cold', 'cuda-event', 'ok',
       sz.ms * CASE WHEN '$4' = 'new' THEN 1 + c.shift ELSE 1 END
         * CASE WHEN c.kind = 'bimodal' THEN CASE WHEN (k.i + ('$4' = 'new')) % 2 = 1 THEN 1.0 ELSE 1.2 END
                WHEN '$4' = 'new' THEN 1 + ((2 * k.i) % 5 - 2) * 0.001
                ELSE 1 + (k.i - 3) * 0.001 END,
       '2026-01-01T00:00:30Z', 'clean', 'single'
FROM cfg c, k, sz JOIN run u ON u.run_uuid = '$2-$4-' || c.study || '-' || k.i
WHERE c.kind <> 'single' OR k.i = 1;
EOF
}
gen "$tmp/base.db" aaaa1111 "Test GPU" base
gen "$tmp/new.db" aaaa1111 "Test GPU" new
cp "$tmp/new.db" "$tmp/new-analysed.db" && apply_analysis "$tmp/new-analysed.db"
check_eq "fixture: 18 configurations, 5 trials each but one" \
  "$(sqls "$tmp/new-analysed.db" "SELECT count(*) || ' ' || sum(runs = 5) FROM config_stats")" "18 16"

# cmp OUT ARGS...: run the comparison into $tmp/OUT (no page unless asked); rc, output in $tmp/OUT.out/.err.
cmp() {
  o=$1; shift
  DBTOOL="$DBTOOL" sh $CMP --out "$tmp/$o" "$@" >"$tmp/$o.out" 2>"$tmp/$o.err"
  rc=$?
}
# verdicts OUT: 'study variant n verdict' a line, in order.
verdicts() {
  sqlite3 "$tmp/$1/compare.db" "SELECT study || ' ' || variant || ' ' || n || ' ' || verdict FROM compare_verdict
                                ORDER BY study, variant, n"
}
# verdict_of OUT STUDY VARIANT: the verdicts of its two sizes, distinct.
verdict_of() {
  sqlite3 "$tmp/$1/compare.db" "SELECT group_concat(DISTINCT verdict) FROM compare_verdict
                                WHERE study = '$2' AND variant = '$3'"
}

# ------------------------------------------------------------- known shifts --
cmp shift --base "$tmp/base.db" --new "$tmp/new.db" --no-page
check_eq "shifts: exit 0" "$rc" 0
for vw in zero:same up1:same down1:same up5:slower down5:faster bimodal:inconclusive single:inconclusive; do
  check_eq "shifts: reduce ${vw%%:*} is ${vw#*:}" "$(verdict_of shift reduce "${vw%%:*}")" "${vw#*:}"
done
check_eq "shifts: access plain and up1 same under the default band" \
  "$(verdict_of shift access plain) $(verdict_of shift access up1)" "same same"
check_eq "shifts: the +5% ratio and an interval around it, from 5 trials a side" \
  "$(sqlite3 "$tmp/shift/compare.db" "SELECT printf('%.4f', ratio) || ' ' || (lo < 1.05 AND hi > 1.05 AND lo > 1.04)
     || ' ' || base_runs || '/' || new_runs || ' ' || printf('%.0f', df) FROM compare_verdict WHERE variant = 'up5' AND n = 1024")" \
  "1.0500 1 5/5 8"
# The interval, from the fixture's own numbers: 5 trials a side spread by
# (-2..2) x 0.1%, so se = sqrt(2 s^2 / 5) with s their logarithms' sd, t(8) = 2.3060.
want=$(awk 'BEGIN { for (i = -2; i <= 2; i++) { l[i] = log(1 + i * 0.001); m += l[i] / 5 }
                    for (i = -2; i <= 2; i++) v += (l[i] - m) ^ 2 / 4
                    h = exp(2.3060 * sqrt(2 * v / 5)); printf "%.6f %.6f", 1.05 / h, 1.05 * h }')
check_eq "shifts: the +5% interval is Welch's with t(8)" \
  "$(sqlite3 "$tmp/shift/compare.db" "SELECT printf('%.6f %.6f', lo, hi) FROM compare_verdict WHERE variant = 'up5' AND n = 1024")" "$want"
check_eq "shifts: the single-trial configuration says why" \
  "$(sqlite3 "$tmp/shift/compare.db" "SELECT DISTINCT reason FROM compare_verdict WHERE variant = 'single'")" \
  "1 trial in BASE, 1 in NEW: an interval needs 2 on each side"
check_eq "shifts: the bimodal configuration's trials disagree (sd about 10%)" \
  "$(sqlite3 "$tmp/shift/compare.db" "SELECT DISTINCT lo < 1 AND hi > 1.02 AND base_sd_rel > 0.09 FROM compare_verdict WHERE variant = 'bimodal'")" 1
check_eq "shifts: one GPU pair, matched on its uuid" \
  "$(sqlite3 "$tmp/shift/compare.db" "SELECT DISTINCT level || ' ' || base_gpus || ' / ' || new_gpus FROM compare_verdict")" \
  "gpu Test GPU #aaaa / Test GPU #aaaa"
check_eq "shifts: the table starts with the largest change (-5%: |log 0.95| > log 1.05)" \
  "$(sed -n 2p "$tmp/shift.out" | awk '{ print $1, $2 }')" "faster 0.9500"
check "shifts: the table is sorted by |log ratio|" sh -c "sed -n '2,19p' '$tmp/shift.out' | awk '{ r = \$2; d = r > 1 ? r : 1 / r; if (NR > 1 && d > p + 1e-9) exit 1; p = d }'"
check_eq "shifts: the summary line counts" "$(grep '^compare: 18 configurations' "$tmp/shift.out")" \
  "compare: 18 configurations on 1 GPU pair: 2 faster, 2 slower, 10 same, 4 inconclusive (2 with fewer than 2 trials a side); band +-2.0%"

cmp band --base "$tmp/base.db" --new "$tmp/new.db" --no-page --band access=0.005
check_eq "a study's band (access 0.5%): access up1 slower, plain same, reduce up1 still same" \
  "$(verdict_of band access up1) $(verdict_of band access plain) $(verdict_of band reduce up1)" "slower same same"
# The band's edges, on the log scale: +-1% with a band of 1.235% (intervals
# [1.00767, 1.01233] and [0.98772, 0.99229]): +1% is inside 1 + b, but -1% is
# below 1 / (1 + b) = 0.98780 (while above 1 - b = 0.98765).
cmp edge --base "$tmp/base.db" --new "$tmp/new.db" --no-page --band 0.01235
check_eq "band 1.235%: up1 same, down1 faster (the band is [1/(1+b), 1+b])" \
  "$(verdict_of edge reduce up1) $(verdict_of edge reduce down1)" "same faster"
cmp band2 --base "$tmp/base.db" --new "$tmp/new.db" --no-page --band 0.1
check_eq "a 10% band: the +-5% shifts are same" "$(verdict_of band2 reduce up5) $(verdict_of band2 reduce down5)" "same same"

# ---------------------------------------------------------- self-comparison --
cmp self --base "$tmp/base.db" --new "$tmp/base.db" --no-page --fail-on slower,faster
check_eq "self-comparison: exit 0 under FAIL_ON=slower,faster" "$rc" 0
check_eq "self-comparison: the same trials on both sides are one measurement: same everywhere, the bimodal and single-trial configurations too" \
  "$(sqlite3 "$tmp/self/compare.db" "SELECT group_concat(x) FROM (SELECT DISTINCT verdict || ':'
     || (variant IN ('bimodal', 'single')) AS x FROM compare_verdict ORDER BY x)")" "same:0,same:1"
check_eq "self-comparison: the reason says so, and the interval is the point 1" \
  "$(sqlite3 "$tmp/self/compare.db" "SELECT count(*) FROM compare_verdict WHERE reason NOT LIKE 'the same % on both sides: one measurement' OR lo <> 1 OR hi <> 1")" 0
# The same values under other runs (run_uuid) are two measurements: judged on their spread.
cp "$tmp/base.db" "$tmp/twin.db"
sqlite3 "$tmp/twin.db" "UPDATE run SET run_uuid = run_uuid || '-twin'"
cmp twin --base "$tmp/base.db" --new "$tmp/twin.db" --no-page
check_eq "twin (same values, other runs): the bimodal and single-trial configurations inconclusive, the rest same" \
  "$(sqlite3 "$tmp/twin/compare.db" "SELECT group_concat(x) FROM (SELECT DISTINCT verdict || ':'
     || (variant IN ('bimodal', 'single')) AS x FROM compare_verdict ORDER BY x)")" "inconclusive:1,same:0"
check_eq "self-comparison: every ratio 1" \
  "$(sqlite3 "$tmp/self/compare.db" "SELECT count(*) FROM compare_verdict WHERE abs(ratio - 1) > 1e-12")" 0

# --------------------------------------------------------------------- swap --
cmp swap --base "$tmp/new.db" --new "$tmp/base.db" --no-page
check_eq "swap: faster and slower swap, the rest stays" \
  "$(verdicts swap)" "$(verdicts shift | sed -e 's/ slower$/ x/' -e 's/ faster$/ slower/' -e 's/ x$/ faster/')"
check_eq "swap: the ratio and its interval invert" \
  "$(sqlite3 "$tmp/swap/compare.db" "ATTACH '$tmp/shift/compare.db' AS o; SELECT count(*) FROM compare_verdict s
     JOIN o.compare_verdict v USING (study, variant, n) WHERE abs(s.ratio * v.ratio - 1) > 1e-9
     OR abs(s.lo * v.hi - 1) > 1e-9 OR abs(s.hi * v.lo - 1) > 1e-9")" 0

# ------------------------------------------------ one variant raised by 10% --
cp "$tmp/base.db" "$tmp/raised.db"
sqlite3 "$tmp/raised.db" "UPDATE result_sample SET ns = (SELECT group_concat(CAST(round(value * 1.1) AS INTEGER), ' ')
  FROM json_each('[' || replace(ns, ' ', ',') || ']')) WHERE result_id IN (SELECT result_id FROM result WHERE variant = 'zero')"
cmp raised --base "$tmp/base.db" --new "$tmp/raised.db" --no-page
check_eq "raised 10%: exit 0 without FAIL_ON" "$rc" 0
check_eq "raised 10%: exactly variant zero slower" \
  "$(sqlite3 "$tmp/raised/compare.db" "SELECT group_concat(variant || ' ' || n) FROM compare_verdict WHERE verdict = 'slower'")" \
  "zero 1024,zero 4096"
check_eq "raised 10%: nothing faster, the rest as in the self-comparison" \
  "$(verdicts raised | grep -v '^reduce zero ')" "$(verdicts self | grep -v '^reduce zero ')"
cmp raised --base "$tmp/base.db" --new "$tmp/raised.db" --no-page --fail-on slower
check_eq "raised 10%: FAIL_ON=slower exits 1" "$rc" 1
check_eq "raised 10%: FAIL_ON says how many" "$(cat "$tmp/raised.err")" "compare: FAIL_ON=slower: 2 configurations"
make -s --no-print-directory compare BASE="$tmp/base.db" NEW="$tmp/raised.db" COMPARE_DIR="$tmp/mk" FAIL_ON=slower \
  >"$tmp/mk.out" 2>&1
check "make compare FAIL_ON=slower: non-zero" test $? -ne 0
make -s --no-print-directory compare BASE="$tmp/base.db" NEW="$tmp/new.db" COMPARE_DIR="$tmp/mk" FAIL_ON=slower \
  BAND=0.1 >"$tmp/mk.out" 2>&1
check_eq "make compare BAND=0.1 FAIL_ON=slower on the +-5% shifts: exit 0" "$?" 0
make -s --no-print-directory compare BASE="$tmp/base.db" NEW="$tmp/new.db" COMPARE_DIR="$tmp/mk" ROWS=3 \
  BAND_access=0.005 BAND_reduce=0.1 >"$tmp/mk.out" 2>&1
check_eq "make compare BAND_<study>: access up1 slower, reduce up5 same" \
  "$(verdict_of mk access up1) $(verdict_of mk reduce up5)" "slower same"
check_eq "make compare ROWS=3: three rows, then how many more" \
  "$(grep -c '^[a-z]* *[01]\.[0-9]\{4\} ' "$tmp/mk.out") $(grep '^\.\.\. ' "$tmp/mk.out")" "3 ... 15 more (ROWS=0 prints every row; all are in table compare_verdict of $tmp/mk/compare.db)"
check "make compare: the page" test -s "$tmp/mk/compare.pdf" -a -s "$tmp/mk/compare.html" -a -s "$tmp/mk/compare-fig.svg"

# ------------------------------------------------------- GPU model, card line --
gen "$tmp/base2.db" bbbb2222 "Test GPU" base
gen "$tmp/newc.db" cccc3333 "Test GPU" new
"$DBTOOL" merge "$tmp/base.db" "$tmp/base2.db" -o "$tmp/pool.db" >/dev/null
"$DBTOOL" merge "$tmp/pool.db" "$tmp/newc.db" -o "$tmp/local.db" >/dev/null
cmp model --base "$tmp/pool.db" --new "$tmp/newc.db" --no-page
check_eq "model: a new GPU against the pooled GPUs of its model" \
  "$(sqlite3 "$tmp/model/compare.db" "SELECT DISTINCT level || ' ' || base_gpus || ' / ' || new_gpus || ' ' || base_runs
     FROM compare_verdict WHERE variant = 'zero'")" "model Test GPU (2 GPUs) / Test GPU #cccc 10"
check_eq "model: the shifts' verdicts" \
  "$(verdict_of model reduce up5) $(verdict_of model reduce down5) $(verdict_of model reduce zero)" "slower faster same"
# Unequal trials: BASE 10 (the fixture's 5 twice), NEW 5: Welch's se and
# degrees of freedom (7.67, so t(7) = 2.3646).
want=$(awk 'BEGIN { for (i = -2; i <= 2; i++) { l[i] = log(1 + i * 0.001); m += l[i] / 5 }
                    for (i = -2; i <= 2; i++) ss += (l[i] - m) ^ 2
                    vb = 2 * ss / 9 / 10; vn = ss / 4 / 5; df = (vb + vn) ^ 2 / (vb ^ 2 / 9 + vn ^ 2 / 4)
                    h = exp(2.3646 * sqrt(vb + vn)); printf "%.2f %.6f %.6f", df, 1.05 / h, 1.05 * h }')
check_eq "model: Welch's interval from 10 and 5 trials" \
  "$(sqlite3 "$tmp/model/compare.db" "SELECT printf('%.2f %.6f %.6f', df, lo, hi) FROM compare_verdict WHERE variant = 'up5' AND n = 1024")" "$want"
cmp local --base "$tmp/pool.db" --new "$tmp/local.db" --no-page
check_eq "local database (shipped GPUs and a new one): each shipped GPU with itself, the new one with its model" \
  "$(sqlite3 "$tmp/local/compare.db" "SELECT group_concat(x, '; ') FROM (SELECT DISTINCT level || ' ' || new_gpus
     || ' ' || (SELECT group_concat(DISTINCT verdict) FROM compare_verdict c WHERE c.grp = v.grp AND variant = 'up5') AS x
     FROM compare_verdict v ORDER BY 1)")" "gpu Test GPU #aaaa same; gpu Test GPU #bbbb same; model Test GPU #cccc slower"
cmp card --base "$tmp/pool.db" --new "$tmp/local.db" --card
check_eq "card: exit 0" "$rc" 0
check_eq "card: one line per local GPU" "$(head -n 1 "$tmp/card.out")" \
  "your Test GPU #cccc matches the shipped ones (2 GPUs) on 56% of 18 configurations (same within the band); 2 are slower beyond the band: reduce up5 float32 n=1024 block=256 loads=4 flush=clean, reduce up5 float32 n=4096 block=256 loads=4 flush=clean; 2 faster, 4 inconclusive"
check "card: no page" test ! -e "$tmp/card/compare.md"
make -s --no-print-directory compare-card BASE="$tmp/pool.db" NEW="$tmp/local.db" COMPARE_DIR="$tmp/mkc" >"$tmp/mkc.out" 2>&1
check_eq "make compare-card: exit 0, the same line" "$? $(grep '^your ' "$tmp/mkc.out")" "0 $(head -n 1 "$tmp/card.out")"
cmp card0 --base "$tmp/pool.db" --new "$tmp/pool.db" --card
check_eq "card: no GPU measured here: says so, exit 0" "$rc $(cat "$tmp/card0.out")" \
  "0 compare: no GPU measured here of a model in $tmp/pool.db"

# -------------------------------------------------------------- the hosts --
# Two GPUs of one model on two hosts (issue 36 item 4): BASE's host has a
# launch floor (run.launch_us) of 3.45 us, NEW's 4.18 us (+0.73), and they
# differ in power limit (700 vs 600 W) and CUDA driver (12.8 vs 12.4), not in
# ECC or persistence. 5 trials a side, spread +-0.2%, per configuration
# (BASE us -> NEW us, launches one call makes):
#   tiny  5 -> 5.73 (1)      +14.6%: the floors' +0.73 us: a host difference
#   two   8 -> 9.46 (2)      +18%: two launches' floors: a host difference
#   real  5 -> 6.5 (1)       +30%: more than the floors explain
#   quick 5 -> 4.5 (1)       faster although NEW's floor is higher: not the host's
#   long  200 -> 210 (1)     +5% above 20 us: not a short kernel
#   mid   25 -> 25.73 (1)    +2.9%, the floors' too, but above 20 us: not a short kernel
#   batch 5 -> 5.73, mode batch: not a single launch
# genh DB UUID SIDE: one host's GPU.
genh() {
  "$DBTOOL" load /dev/null "$1" >/dev/null || return 1
  if [ "$3" = base ]; then h_floor=3.45 h_pw=700 h_drv=12080; else h_floor=4.18 h_pw=600 h_drv=12040; fi
  cat tests/report/fixture_stat_columns.sql - tests/report/fixture_to_samples.sql <<EOF | sqlite3 -bail "$1" >/dev/null
PRAGMA journal_mode = DELETE;
INSERT INTO device(device_id, uuid, name, sm_clock_khz, global_mem_bytes) VALUES (1, '$2', 'Host GPU', 1980000, 150323855360);
CREATE TEMP TABLE k(i INTEGER);
INSERT INTO k VALUES (1), (2), (3), (4), (5);
CREATE TEMP TABLE c(v TEXT, base REAL, new REAL, launches INTEGER, mode TEXT);
INSERT INTO c VALUES ('tiny', 5, 5.73, 1, 'single'), ('two', 8, 9.46, 2, 'single'), ('real', 5, 6.5, 1, 'single'),
  ('quick', 5, 4.5, 1, 'single'), ('long', 200, 210, 1, 'single'), ('batch', 5, 5.73, 1, 'batch'),
  ('mid', 25, 25.73, 1, 'single');
INSERT INTO run(run_id, study, binary, device_id, status, started_utc, finished_utc, argv, build_id, run_uuid, kind,
                repeat_index, launch_us, host, driver_version, runtime_version, cccl_version)
SELECT i, 'reduce', 'reduce', 1, 'complete', '2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z', 'reduce', 'b',
       '$2-' || i, 'measure', i, $h_floor, 'host-$3', $h_drv, 12080, '3.0.0' FROM k;
INSERT INTO run_env(run_id, phase, utc, sm_clock_mhz, power_limit_w, ecc, persistence)
SELECT i, 'start', '2026-01-01T00:00:00Z', 1980, $h_pw, 1, 1 FROM k;
INSERT INTO result(run_id, study, config_key, variant, dtype, n, block, params, cache, timer, status, median_ms,
                   created_utc, flush, mode, launches)
SELECT k.i, 'reduce', c.v, c.v, 'int32', 65536, 256, '{}', 'cold', 'cuda-event', 'ok',
       CASE WHEN '$3' = 'new' THEN c.new ELSE c.base END / 1000.0 * (1 + (k.i - 3) * 0.001),
       '2026-01-01T00:00:30Z', 'clean', c.mode, c.launches
FROM c, k;
EOF
}
genh "$tmp/host-b.db" hhh10000 base
genh "$tmp/host-n.db" hhh20000 new
cmp host --base "$tmp/host-b.db" --new "$tmp/host-n.db" --no-page
check_eq "hosts: exit 0" "$rc" 0
check_eq "hosts: the short single-launch differences the floors explain are the host's (tiny, two), not the others" \
  "$(sqlite3 "$tmp/host/compare.db" "SELECT group_concat(variant || ':' || verdict || ':' || coalesce(cause, '-'), ' ')
     FROM (SELECT * FROM compare_verdict ORDER BY variant)")" \
  "batch:slower:- long:slower:- mid:slower:- quick:faster:- real:slower:- tiny:slower:host two:slower:host"
check_eq "hosts: both floors and the launches beside every verdict" \
  "$(sqlite3 "$tmp/host/compare.db" "SELECT DISTINCT printf('%.2f %.2f', base_floor_us, new_floor_us) || ' '
     || (SELECT launches FROM compare_verdict WHERE variant = 'two') FROM compare_verdict")" "3.45 4.18 2"
check "hosts: the reason names the floors' difference" \
  sh -c "sqlite3 '$tmp/host/compare.db' \"SELECT reason FROM compare_verdict WHERE variant = 'two'\" |
         grep -q 'launch floors differ by +0.73 us a launch (2 launches): that explains it, a host difference'"
check_eq "hosts: the printed lines" "$(grep '^host:' "$tmp/host.out")" \
"host: Host GPU #hhh2 (NEW) against Host GPU #hhh1 (BASE): launch floor 4.18 us against 3.45 us (+0.73 us a launch); 2 of the 4 short single-launch differences (under 20 us) are the floors', a host difference, not the GPU's
host:   the hosts also differ in: power limit (W) 700 (BASE) vs 600 (NEW); CUDA driver 12.8 (BASE) vs 12.4 (NEW)"
check_eq "hosts: table compare_host, what differs" \
  "$(sqlite3 "$tmp/host/compare.db" "SELECT group_concat(fact || '=' || base || '/' || new || ':' || differs, ', ')
     FROM (SELECT * FROM compare_host ORDER BY ord)")" \
  "launch floor (us)=3.45/4.18:1, SM clock at start (MHz)=1980/1980:0, power limit (W)=700/600:1, ECC=on/on:0, persistence mode=on/on:0, CUDA driver=12.8/12.4:1, CUDA runtime=12.8/12.8:0, CCCL=3.0.0/3.0.0:0, max SM clock (MHz)=1980/1980:0, memory (GiB)=140.0/140.0:0, hosts=1/1:0"
# The floor is the median of the runs' (one run of NEW at 9 us moves nothing).
sqlite3 "$tmp/host-n.db" "UPDATE run SET launch_us = 9 WHERE run_id = 1"
cmp host2 --base "$tmp/host-b.db" --new "$tmp/host-n.db" --no-page
check_eq "hosts: the floor is the runs' median" \
  "$(sqlite3 "$tmp/host2/compare.db" "SELECT printf('%.2f', new_num) FROM compare_host WHERE ord = 1")" "4.18"
sqlite3 "$tmp/host-n.db" "UPDATE run SET launch_us = 4.18 WHERE run_id = 1"
# The card line of a local database holding BASE's runs and the new GPU's.
"$DBTOOL" merge "$tmp/host-b.db" "$tmp/host-n.db" -o "$tmp/host-local.db" >/dev/null
cmp hostcard --base "$tmp/host-b.db" --new "$tmp/host-local.db" --card
check_eq "hosts: the card line, then the hosts' lines" "$(sed -n '2,3p' "$tmp/hostcard.out")" "$(grep '^host:' "$tmp/host.out")"
check_eq "hosts: the same GPU against itself prints no host line" \
  "$(DBTOOL="$DBTOOL" sh $CMP --out "$tmp/hostself" --base "$tmp/host-b.db" --new "$tmp/host-b.db" --no-page | grep -c '^host:')" 0
cmp hostpage --base "$tmp/host-b.db" --new "$tmp/host-n.db"
check "hosts: the page shows the hosts' table" grep -q 'CUDA driver | 12\\.8 | 12\\.4 | differs' "$tmp/hostpage/compare.md"

# ------------------------------------------------------------------ escaping --
evil='Evil $x^2$ <b>bold</b> *em* `tick` \textbf{x} & 100% #1 _u_'
evil_esc="$(printf '%s\033[31m' "$evil")"
gen "$tmp/evil-b.db" 'dd"d<i>' "$evil_esc" base "st\"u'dy\$(touch $tmp/PWNED)"
gen "$tmp/evil-n.db" 'dd"d<i>' "$evil_esc" new "st\"u'dy\$(touch $tmp/PWNED)"
cmp evil --base "$tmp/evil-b.db" --new "$tmp/evil-n.db" --rows 0
check_eq "escaping: exit 0, page rendered" "$rc $(test -s "$tmp/evil/compare.pdf" && test -s "$tmp/evil/compare.html" && echo yes)" "0 yes"
check_eq "escaping: the terminal gets no escape character" "$(LC_ALL=C tr -cd '\033' < "$tmp/evil.out" | wc -c)" 0
check "escaping: nothing in the names ran" test ! -e "$tmp/PWNED"
check "escaping: the HTML shows the name as text" grep -qF '&lt;b&gt;bold&lt;/b&gt;' "$tmp/evil/compare.html"
check "escaping: no markup from the name in the HTML" sh -c "! grep -qF '<b>bold' '$tmp/evil/compare.html'"
if command -v pdftotext >/dev/null; then
  pdftotext "$tmp/evil/compare.pdf" "$tmp/evil.txt"
  # (LaTeX sets a backtick as an opening quote: `tick` reads as a quoted tick)
  for piece in 'Evil' '$x^2$' '<b>bold</b>' '*em*' 'tick' '\textbf{x}' '&' '100%' '#1' '_u_'; do
    check "escaping: the PDF shows $piece as typed" grep -qF -- "$piece" "$tmp/evil.txt"
  done
else
  notok "escaping: pdftotext exists" "apt-get install poppler-utils"
fi
check_eq "escaping: the figure's study labels: two, cut to letters, digits and ._+- (else ?)" \
  "$(cut -f2 "$tmp/evil/compare-studies.dat" | grep -c '^[A-Za-z0-9._+?-]*$') $(grep -c 'st?u?dy??touch?' "$tmp/evil/compare-studies.dat")" "2 1"

# --------------------------------------------- the shipped data against itself --
cmp shipped --base HEAD --new HEAD --no-page --fail-on slower,faster
check_eq "shipped data (HEAD's) against itself: exit 0" "$rc" 0
check_eq "shipped data against itself: same or inconclusive, never faster or slower; inconclusive only with fewer than 2 trials or an interval beyond the band" \
  "$(sqlite3 "$tmp/shipped/compare.db" "SELECT count(*) FROM compare_verdict WHERE verdict IN ('faster', 'slower')
     OR (verdict = 'inconclusive' AND lo IS NOT NULL AND lo >= 1 / (1 + band) AND hi <= 1 + band)
     OR ((base_runs < 2) <> (lo IS NULL)) OR abs(ratio - 1) > 1e-12")" 0
# (its configurations: config_stats of make test's snapshot of the shipped
# data, ORACLE_DB, where that is HEAD's data, computed once there; else of
# the comparison's copy of it, computed here: 10 s)
cs_db=$(ls "$tmp"/shipped/cache/*.db)
if [ -n "${ORACLE_DB:-}" ] && [ -f "$ORACLE_DB" ] && git diff --quiet HEAD -- data/measurements.sql.gz 2>/dev/null; then
  cs_db=$ORACLE_DB
fi
check_eq "shipped data against itself: every configuration of the shipped data" \
  "$(sqlite3 "$tmp/shipped/compare.db" "SELECT count(*) FROM compare_verdict")" \
  "$(sqls "$cs_db" "SELECT count(*) FROM config_stats")"

# ----------------------------------------------------- launch-floor correction --
# A side's trials are view trial's medians (data/schema.sql: a single launch's
# median corrected by its process's launch floor), from the current schema
# whatever schema made the side. Fixture: one GPU, 3 trials a side; each
# trial's raw median is a fixed time plus its process's launch floor
# (run.launch_us: BASE 5, 6, 7 us; NEW 4, 6, 8 us; the same mean):
#   short: 5 us + floor on both sides (raw BASE 10, 11, 12 us; NEW 9, 11, 13 us)
#   long:  20 us + floor in BASE, 22 us + floor in NEW (a real +7.7%)
# Corrected, short is 11 us in every trial (same, ratio 1) and long 26 vs
# 28 us (slower); the raw medians (trial-to-trial spread 9% and 18%) give no
# interval inside the band (inconclusive).
# genf DB SIDE FLOOR...: the fixture, one run per floor (us).
genf() {
  f_db=$1 f_side=$2; shift 2
  "$DBTOOL" load /dev/null "$f_db" >/dev/null || return 1
  f_i=0 f_long=20; [ "$f_side" = new ] && f_long=22
  { echo "PRAGMA journal_mode = DELETE;"
    echo "INSERT INTO device(device_id, uuid, name) VALUES (1, 'ffff6666', 'Floor GPU');"
    for f in "$@"; do
      f_i=$((f_i + 1))
      echo "INSERT INTO run(run_id, study, binary, device_id, status, started_utc, finished_utc, argv, build_id, run_uuid,
              kind, repeat_index, launch_us)
            VALUES ($f_i, 'reduce', 'reduce', 1, 'complete', '2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z', 'reduce',
                    'b', 'floor-$f_side-$f_i', 'measure', $f_i, $f);"
      echo "INSERT INTO result(run_id, study, config_key, variant, dtype, n, block, params, cache, timer, status, median_ms,
                               created_utc, flush, mode)
            SELECT $f_i, 'reduce', v, v, 'float32', 1024, 256, '{}', 'cold', 'cuda-event', 'ok', (c + $f) / 1000.0,
                   '2026-01-01T00:00:30Z', 'clean', 'single' FROM (SELECT 'short' AS v, 5 AS c UNION ALL SELECT 'long', $f_long);"
    done
  } | cat tests/report/fixture_stat_columns.sql - tests/report/fixture_to_samples.sql | sqlite3 -bail "$f_db" >/dev/null
}
genf "$tmp/floor-b.db" base 5 6 7
genf "$tmp/floor-n.db" new 4 6 8
cmp floor --base "$tmp/floor-b.db" --new "$tmp/floor-n.db" --no-page
check_eq "floor: exit 0" "$rc" 0
check_eq "floor: raw medians that differ by the process floor only are the same after correction (ratio 1, 11 us a side)" \
  "$(sqlite3 "$tmp/floor/compare.db" "SELECT verdict || printf(' %.4f %.6f %.6f', ratio, base_ms * 1000, new_ms * 1000)
     FROM compare_verdict WHERE variant = 'short'")" "same 1.0000 11.000000 11.000000"
check_eq "floor: a real +7.7% beneath the floors is slower (26 vs 28 us)" \
  "$(sqlite3 "$tmp/floor/compare.db" "SELECT verdict || printf(' %.4f', ratio) FROM compare_verdict WHERE variant = 'long'")" \
  "slower 1.0769"
check_eq "floor: the raw medians (side_trial.raw_median_ms) differ: BASE 10 11 12, NEW 9 11 13 us" \
  "$(sqlite3 "$tmp/floor/compare.db" "SELECT group_concat(x, ' ') FROM (SELECT side || printf(':%.0f', raw_median_ms * 1000) AS x
     FROM side_trial WHERE variant = 'short' ORDER BY side, raw_median_ms)")" "base:10 base:11 base:12 new:9 new:11 new:13"
check_eq "floor: the summary line as ever" "$(grep '^compare: ' "$tmp/floor.out")" \
  "compare: 2 configurations on 1 GPU pair: 0 faster, 1 slower, 1 same, 0 inconclusive; band +-2.0%"
# A side made by an older schema: no views but a stale `trial` of its own, a
# run column missing. It is read through the current schema, and never written.
cp "$tmp/floor-b.db" "$tmp/floor-old.db"
sqlite3 -bail "$tmp/floor-old.db" "SELECT 'DROP VIEW ' || name || ';' FROM sqlite_master WHERE type = 'view'" |
  sqlite3 -bail "$tmp/floor-old.db"
sqlite3 -bail "$tmp/floor-old.db" "ALTER TABLE run DROP COLUMN os_name;
  CREATE VIEW trial AS SELECT r.*, 1 AS device_id, r.reps AS raw_median_ms FROM result r;"
sum_old=$(cksum < "$tmp/floor-old.db")
cmp floor-old --base "$tmp/floor-old.db" --new "$tmp/floor-n.db" --no-page
check_eq "floor: an older schema's side (its own view trial) is read with the current view trial" \
  "$rc $(sqlite3 "$tmp/floor-old/compare.db" "SELECT group_concat(variant || ' ' || verdict, ', ') FROM compare_verdict ORDER BY variant")" \
  "0 long slower, short same"
check_eq "floor: the sides are only read" "$(cksum < "$tmp/floor-old.db")" "$sum_old"
check "floor: the side keeps its own view trial and lacks the column" \
  sh -c "sqlite3 '$tmp/floor-old.db' \"SELECT sql FROM sqlite_master WHERE name = 'trial'\" | grep -q '1 AS device_id' &&
         ! sqlite3 '$tmp/floor-old.db' 'SELECT os_name FROM run' 2>/dev/null"
# A dump's copy is cached by the dump and the dbtool: another dbtool (a new
# schema) makes it again, and the copies of others are removed.
sh experiments/tools/dump-db "$tmp/floor-b.db" "$tmp/floor-b.sql" 2>/dev/null
cmp floor-dump --base "$tmp/floor-b.sql" --new "$tmp/floor-n.db" --no-page
check_eq "floor: a dump side as its database" \
  "$rc $(sqlite3 "$tmp/floor-dump/compare.db" "SELECT group_concat(variant || ' ' || verdict, ', ') FROM compare_verdict ORDER BY variant")" \
  "0 long slower, short same"
set -- "$tmp"/floor-dump/cache/*.db
sqlite3 "$1" "DROP VIEW trial; CREATE VIEW trial AS SELECT *, median_ms AS raw_median_ms FROM result_bw"
cmp floor-dump --base "$tmp/floor-b.sql" --new "$tmp/floor-n.db" --no-page
check_eq "floor: the cached copy is used by the same dbtool (its stale trial view: raw, inconclusive)" \
  "$(verdict_of floor-dump reduce short)" "inconclusive"
cp "$DBTOOL" "$tmp/dbtool2" && printf 'x' >> "$tmp/dbtool2"
DBTOOL="$tmp/dbtool2" sh $CMP --out "$tmp/floor-dump" --base "$tmp/floor-b.sql" --new "$tmp/floor-n.db" --no-page \
  >"$tmp/floor-dump.out" 2>&1
check_eq "floor: another dbtool makes the copy again (the current view trial) and removes the other's" \
  "$? $(verdict_of floor-dump reduce short) $(ls "$tmp"/floor-dump/cache | grep -c .)" "0 same 1"

# The shipped data is data/measurements.sql.gz: a .sql.gz side, a commit
# holding the .gz and an older commit holding the plain data/measurements.sql
# (run from a temporary git repository) read as the same dump.
sh experiments/tools/dump-db "$tmp/floor-b.db" "$tmp/floor-b.sql.gz" 2>/dev/null
cmp floor-gz --base "$tmp/floor-b.sql.gz" --new "$tmp/floor-n.db" --no-page
check_eq "gz: a .sql.gz side as its database" \
  "$rc $(sqlite3 "$tmp/floor-gz/compare.db" "SELECT group_concat(variant || ' ' || verdict, ', ') FROM compare_verdict ORDER BY variant")" \
  "0 long slower, short same"
abs_cmp=$PWD/$CMP abs_dbtool=$(cd "$(dirname "$DBTOOL")" && pwd)/$(basename "$DBTOOL")
mkdir -p "$tmp/repo/data"
g() { git -C "$tmp/repo" -c user.name=t -c user.email=t@t "$@" >/dev/null 2>&1; }
g init -q; cp "$tmp/floor-b.sql" "$tmp/repo/data/measurements.sql"
g add data/measurements.sql; g commit -q -m plain; g tag plain
g rm -q data/measurements.sql; mkdir -p "$tmp/repo/data"; cp "$tmp/floor-b.sql.gz" "$tmp/repo/data/measurements.sql.gz"
g add data/measurements.sql.gz; g commit -q -m gz; g tag gz
g rm -q data/measurements.sql.gz; g commit -q -m none; g tag none
# rcmp NAME SIDE: compare, run in the repository, SIDE against floor-n.db.
rcmp() {
  (cd "$tmp/repo" && DBTOOL="$abs_dbtool" sh "$abs_cmp" --out "$tmp/$1" --base "$2" --new "$tmp/floor-n.db" --no-page) \
    >"$tmp/$1.out" 2>"$tmp/$1.err"
  rc=$?
}
for c in plain gz; do
  rcmp "commit-$c" "$c"
  check_eq "gz: a commit holding the $c dump is read" \
    "$rc $(sqlite3 "$tmp/commit-$c/compare.db" "SELECT group_concat(variant || ' ' || verdict, ', ') FROM compare_verdict ORDER BY variant" 2>/dev/null)" \
    "0 long slower, short same"
done
rm -rf "$tmp/commit-none"; rcmp commit-none none
check_eq "gz: a commit with neither file: exit 4, one line naming data/measurements.sql.gz" \
  "$rc $(wc -l < "$tmp/commit-none.err") $(grep -c 'has no data/measurements.sql.gz' "$tmp/commit-none.err")" "4 1 1"
check_eq "the default BASE is data/measurements.sql.gz" \
  "$(sh $CMP --help | grep -c 'default data/measurements.sql.gz') $(make -n compare BUILD="$tmp/b" | grep -c "base 'data/measurements.sql.gz'")" "1 1"

# ----------------------------------------------------------------- sessions --
# `make compare` with neither BASE nor NEW and no local database (a fresh
# clone, issue 44): the shipped data's two make measure invocations per GPU,
# the first against the last (compare --sessions), exit 0, saying how to
# name two sets. The "shipped data" here: base.db with its trials 1-2 in
# session s1 and 3-5 in s2 (s2 started later), as a dump.
cp "$tmp/base.db" "$tmp/ses.db"
sqlite3 -bail "$tmp/ses.db" "UPDATE run SET session = CASE WHEN repeat_index <= 2 THEN 's1' ELSE 's2' END,
  started_utc = CASE WHEN repeat_index <= 2 THEN '2026-01-01T00:00:00Z' ELSE '2026-01-02T00:00:00Z' END"
FORCE=1 DBTOOL="$DBTOOL" sh experiments/tools/dump-db "$tmp/ses.db" "$tmp/ses.sql.gz" > /dev/null 2>&1 || notok "sessions: a dump"
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory compare SHIPPED="$tmp/ses.sql.gz" DB="$tmp/no-such.db" \
  COMPARE_DIR="$tmp/ses" > "$tmp/ses.out" 2> "$tmp/ses.err"; rc=$?
check_eq "sessions: make compare without BASE, NEW or a local database: exit 0" "$rc" 0
check "sessions: it says what it compares and how to name two sets" sh -c \
  "grep -q '^compare: no local database' '$tmp/ses.out' && grep -q 'make compare BASE=.* NEW=' '$tmp/ses.out' &&
   grep -q \"each GPU's first make measure invocation (BASE) against its last (NEW), on Test GPU #aaaa\" '$tmp/ses.out'"
check_eq "sessions: each configuration's BASE is session s1's 2 trials, NEW s2's 3 (the single-trial one: 1 and none)" \
  "$(sqlite3 "$tmp/ses/compare.db" "SELECT group_concat(DISTINCT level || ' ' || base_runs || '/' || new_runs) FROM compare_verdict")" "gpu 2/3"
check_eq "sessions: the sides as the page names them" \
  "$(sqlite3 "$tmp/ses/compare.db" "SELECT group_concat(source, ' | ') FROM (SELECT source FROM compare_source ORDER BY side)")" \
  "$tmp/ses.sql.gz, each GPU's first session | $tmp/ses.sql.gz, each GPU's last session"
cmp ses1 --sessions --base "$tmp/base.db" --no-page
check_eq "sessions: a set whose GPUs have one session each: exit 3, one line" "$rc $(wc -l < "$tmp/ses1.err")" "3 1"
cmp ses2 --sessions --card --base "$tmp/ses.db"
check_eq "sessions: with --card: exit 2" "$rc" 2
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory compare SHIPPED="$tmp/ses.sql.gz" DB="$tmp/base.db" \
  COMPARE_DIR="$tmp/ses3" > "$tmp/ses3.out" 2>&1; rc=$?
check "sessions: with a local database the default is as ever (the shipped data against it)" sh -c \
  "[ $rc -eq 0 ] && ! grep -q 'no local database' '$tmp/ses3.out' && [ \"\$(sqlite3 '$tmp/ses3/compare.db' \"SELECT source FROM compare_source WHERE side = 'new'\")\" = '$tmp/base.db' ]"

# ----------------------------------------------------------------- refusals --
cmp help --help
check_eq "--help: exit 0, usage" "$rc $(head -c 6 "$tmp/help.out")" "0 Usage:"
refuse() { # refuse NAME RC ARGS...: exit RC, one line on stderr, no output database
  n=$1 want=$2; shift 2
  rm -rf "$tmp/r"
  cmp r "$@"
  check_eq "$n: exit $want, one line" "$rc $(wc -l < "$tmp/r.err")" "$want 1"
  check "$n: no comparison written" test ! -e "$tmp/r/compare.db"
}
refuse "band 2" 2 --base "$tmp/base.db" --new "$tmp/new.db" --band 2
refuse "band x" 2 --base "$tmp/base.db" --new "$tmp/new.db" --band x
refuse "a study's band with a bad name" 2 --base "$tmp/base.db" --new "$tmp/new.db" --band "a'b=0.1"
refuse "FAIL_ON=bogus" 2 --base "$tmp/base.db" --new "$tmp/new.db" --fail-on bogus
refuse "unknown option" 2 --base "$tmp/base.db" --new "$tmp/new.db" --nope
refuse "rows -1" 2 --base "$tmp/base.db" --new "$tmp/new.db" --rows -1
refuse "missing database" 4 --base "$tmp/base.db" --new "$tmp/missing.db"
printf 'not a database at all' > "$tmp/junk.db"
refuse "not SQLite" 4 --base "$tmp/junk.db" --new "$tmp/new.db"
sqlite3 "$tmp/other.db" "CREATE TABLE t(x)"
refuse "SQLite but not measurements" 4 --base "$tmp/base.db" --new "$tmp/other.db"
refuse "neither file nor commit" 4 --base "$tmp/base.db" --new no-such-commit-xyz
printf 'CREATE TABLE run(x);' > "$tmp/bad.sql"
refuse "a dump that does not load" 4 --base "$tmp/bad.sql" --new "$tmp/new.db"
gen "$tmp/other-gpu.db" eeee5555 "Other GPU" new
refuse "nothing in common" 3 --base "$tmp/base.db" --new "$tmp/other-gpu.db"

[ "$nfail" -eq 0 ] && echo "# all compare checks passed"
exit $((nfail > 0))
