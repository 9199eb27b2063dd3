#!/bin/sh
# tests/cli/test_raytrace_cli.sh: command-line behaviour of the raytrace
# study (build/bin/raytrace) and of raytrace-image, neither of which needs a
# GPU here: --help exits 0 and lists the variants; --list prints the matrix;
# every argument error exits 2 and creates no database; raytrace-image
# writes a PNG on the CPU.
# Prints 'ok NAME' / 'not ok NAME' per check; exits 1 if any failed.
# Usage: sh tests/cli/test_raytrace_cli.sh   (BIN=dir overrides build/bin)
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh

# bad_args BINARY ARGS...: exits 2, says why on stderr, writes no database.
bad_args() {
  b=$1; shift
  "$BIN/$b" --db "$tmp/x.db" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ $rc -eq 2 ] && [ -s "$tmp/err" ] && [ ! -e "$tmp/x.db" ] ||
    { echo "# $b $*: exit $rc, stderr: $(cat "$tmp/err")"; return 1; }
}

b=raytrace
check "$b --help exits 0" sh -c "'$BIN/$b' --help > '$tmp/help-$b'"
check "$b --help describes the variants" sh -c \
  "grep -q '^  global  ' '$tmp/help-$b' && grep -q '^  constant  .*__constant__' '$tmp/help-$b' && grep -q '^  readonly  ' '$tmp/help-$b'"
check "$b: unknown variant" bad_args $b --variant texture
check "$b: unknown option" bad_args $b --nope 1
check "$b: garbage tile" bad_args $b --tile 16x
check "$b: tile 33" bad_args $b --tile 33
check "$b: missing value" bad_args $b --tile
check "raytrace: spheres 0" bad_args raytrace --spheres 0
check "raytrace: spheres 2341 (over 64 KB of constant memory)" bad_args raytrace --spheres 2341
check "raytrace: size 0" bad_args raytrace --size 0
check "raytrace: size garbage" bad_args raytrace --size 1k2

# --list needs no GPU and shows the matrix, skip reasons included.
check "raytrace --list counts the cartesian product" sh -c \
  "'$BIN/raytrace' --list --size 512:4096 --spheres 20,100,2340 | tail -n 1 | grep -qx '# 36 configurations, 36 to run'"
check "--list writes no database" sh -c "'$BIN/raytrace' --db '$tmp/l.db' --list >/dev/null && test ! -e '$tmp/l.db'"
# every line of the shipped matrix parses
check "experiments/raytrace/raytrace.matrix lines all parse" sh -c \
  "cat experiments/raytrace/raytrace.matrix | grep -v '^[[:space:]]*\(#\|\$\)' | while read -r b a; do '$BIN/'\$b --list \$a >/dev/null || exit 1; done"

# raytrace-image: the report's picture, on the CPU.
check "raytrace-image writes a PNG" sh -c \
  "'$BIN/raytrace-image' '$tmp/r.png' 64 100 && test \"\$(head -c 8 '$tmp/r.png' | od -An -tx1 | tr -d ' \n')\" = 89504e470d0a1a0a"
check "raytrace-image: wrong arguments exit 2" sh -c \
  "'$BIN/raytrace-image' '$tmp/s.png' 0 100 2>/dev/null; test \$? -eq 2 && test ! -e '$tmp/s.png'"
check "raytrace-image: 2341 spheres exit 2" sh -c \
  "'$BIN/raytrace-image' '$tmp/s.png' 64 2341 2>/dev/null; test \$? -eq 2"

[ "$nfail" -eq 0 ]
