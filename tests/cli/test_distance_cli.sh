#!/bin/sh
# tests/cli/test_distance_cli.sh: command-line behaviour of the distance
# study (build/studies/distance), which needs no GPU here: --help exits 0 and
# lists the variants; --list prints the matrix with skip reasons; every
# argument error exits 2 and creates no database.
# Prints 'ok NAME' / 'not ok NAME' per check; exits 1 if any failed.
# Usage: sh tests/cli/test_distance_cli.sh   (binaries: as tests/cli/lib.sh finds them)
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh

check_constant_study_cli distance
check "distance --help describes the shared variant" grep -q '^  shared  ' "$tmp/help-distance"
check "distance: k = 3 (not a power of two)" bad_args distance --k 3
check "distance: k = 64" bad_args distance --k 64
check "distance: k = 0" bad_args distance --k 0
check "distance: points 0" bad_args distance --points 0
check "distance: points 8193 (over 64 KB of constant memory)" bad_args distance --points 8193
check "distance: grid 0" bad_args distance --grid 0
check "distance: grid garbage" bad_args distance --grid 12abc
check "distance: points garbage" bad_args distance --points 2^
check "distance: negative grid" bad_args distance --grid -256

# --list needs no GPU and shows the matrix, skip reasons included.
check "distance --list counts the cartesian product" sh -c \
  "'$STUDIES/distance' --list --grid 256,1000 --points 1,8192 --k 1:32 | tail -n 1 | grep -qx '# 96 configurations, 96 to run'"
check "distance --list gives a skip reason for k = 3" sh -c \
  "'$STUDIES/distance' --list --k 1,3 | grep -q 'k=3 .*# not run: k is not a power of two'"
check "distance --list keys carry every axis" sh -c \
  "'$STUDIES/distance' --list | head -n 1 | grep -qx 'grid=256 points=20 k=1 tile=16 variant=global cache=cold'"
check "--list writes no database" sh -c "'$STUDIES/distance' --db '$tmp/l.db' --list >/dev/null && test ! -e '$tmp/l.db'"
# every line of the shipped matrix parses
check "experiments/distance/distance.matrix lines all parse" sh -c \
  "cat experiments/distance/distance.matrix | grep -v '^[[:space:]]*\(#\|\$\)' | while read -r b a; do '$STUDIES/'\$b --list \$a >/dev/null || exit 1; done"

[ "$nfail" -eq 0 ]
