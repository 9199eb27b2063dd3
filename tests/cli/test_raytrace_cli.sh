#!/bin/sh
# tests/cli/test_raytrace_cli.sh: command-line behaviour of the raytrace
# study (build/studies/raytrace) and of raytrace-image, neither of which needs a
# GPU here: --help exits 0 and lists the variants; --list prints the matrix;
# every argument error exits 2 and creates no database; raytrace-image
# writes a PNG on the CPU.
# Prints 'ok NAME' / 'not ok NAME' per check; exits 1 if any failed.
# Usage: sh tests/cli/test_raytrace_cli.sh   (binaries: as tests/cli/lib.sh finds them)
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh

check_constant_study_cli raytrace
check "raytrace: spheres 0" bad_args raytrace --spheres 0
check "raytrace: spheres 2341 (over 64 KB of constant memory)" bad_args raytrace --spheres 2341
check "raytrace: size 0" bad_args raytrace --size 0
check "raytrace: size garbage" bad_args raytrace --size 1k2

# --list needs no GPU and shows the matrix, skip reasons included.
check "raytrace --list counts the cartesian product" sh -c \
  "'$STUDIES/raytrace' --list --size 512:4096 --spheres 20,100,2340 | tail -n 1 | grep -qx '# 36 configurations, 36 to run'"
check "--list writes no database" sh -c "'$STUDIES/raytrace' --db '$tmp/l.db' --list >/dev/null && test ! -e '$tmp/l.db'"
# every line of the shipped matrix parses
check "experiments/raytrace/raytrace.matrix lines all parse" sh -c \
  "cat experiments/raytrace/raytrace.matrix | grep -v '^[[:space:]]*\(#\|\$\)' | while read -r b a; do '$STUDIES/'\$b --list \$a >/dev/null || exit 1; done"

# raytrace-image: the report's picture, on the CPU.
check "raytrace-image writes a PNG" sh -c \
  "'$TOOLS/raytrace-image' '$tmp/r.png' 64 100 && test \"\$(head -c 8 '$tmp/r.png' | od -An -tx1 | tr -d ' \n')\" = 89504e470d0a1a0a"
check "raytrace-image: wrong arguments exit 2" sh -c \
  "'$TOOLS/raytrace-image' '$tmp/s.png' 0 100 2>/dev/null; test \$? -eq 2 && test ! -e '$tmp/s.png'"
check "raytrace-image: 2341 spheres exit 2" sh -c \
  "'$TOOLS/raytrace-image' '$tmp/s.png' 64 2341 2>/dev/null; test \$? -eq 2"

[ "$nfail" -eq 0 ]
