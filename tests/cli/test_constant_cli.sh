#!/bin/sh
# tests/cli/test_constant_cli.sh: command-line behaviour of the constant-memory
# studies (build/bin/distance, build/bin/raytrace) and of raytrace-image,
# none of which needs a GPU here: --help exits 0 and lists the variants;
# --list prints the matrix with skip reasons; every argument error exits 2
# and creates no database; raytrace-image writes a PNG on the CPU.
# Run from the repository root; BIN overrides build/bin.
set -u
BIN=${BIN:-build/bin}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0

# ok DESCRIPTION CONDITION...: one TAP-style line per check.
ok() {
  n=$((n + 1)); what=$1; shift
  if "$@"; then echo "ok $n - $what"; else echo "not ok $n - $what"; failed=$((failed + 1)); fi
}

# bad_args BINARY ARGS...: exits 2, says why on stderr, writes no database.
bad_args() {
  b=$1; shift
  "$BIN/$b" --db "$tmp/x.db" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ $rc -eq 2 ] && [ -s "$tmp/err" ] && [ ! -e "$tmp/x.db" ] ||
    { echo "# $b $*: exit $rc, stderr: $(cat "$tmp/err")"; return 1; }
}

for b in distance raytrace; do
  ok "$b --help exits 0" sh -c "'$BIN/$b' --help > '$tmp/help-$b'"
  ok "$b --help describes the variants" sh -c \
    "grep -q '^  global  ' '$tmp/help-$b' && grep -q '^  constant  .*__constant__' '$tmp/help-$b' && grep -q '^  readonly  ' '$tmp/help-$b'"
  ok "$b: unknown variant" bad_args $b --variant texture
  ok "$b: unknown option" bad_args $b --nope 1
  ok "$b: garbage tile" bad_args $b --tile 16x
  ok "$b: tile 33" bad_args $b --tile 33
  ok "$b: missing value" bad_args $b --tile
done
ok "distance --help describes the shared variant" grep -q '^  shared  ' "$tmp/help-distance"
ok "distance: k = 3 (not a power of two)" bad_args distance --k 3
ok "distance: k = 64" bad_args distance --k 64
ok "distance: k = 0" bad_args distance --k 0
ok "distance: points 0" bad_args distance --points 0
ok "distance: points 8193 (over 64 KB of constant memory)" bad_args distance --points 8193
ok "distance: grid 0" bad_args distance --grid 0
ok "distance: grid garbage" bad_args distance --grid 12abc
ok "distance: points garbage" bad_args distance --points 2^
ok "distance: negative grid" bad_args distance --grid -256
ok "raytrace: spheres 0" bad_args raytrace --spheres 0
ok "raytrace: spheres 2341 (over 64 KB of constant memory)" bad_args raytrace --spheres 2341
ok "raytrace: size 0" bad_args raytrace --size 0
ok "raytrace: size garbage" bad_args raytrace --size 1k2

# --list needs no GPU and shows the matrix, skip reasons included.
ok "distance --list counts the cartesian product" sh -c \
  "'$BIN/distance' --list --grid 256,1000 --points 1,8192 --k 1:32 | tail -n 1 | grep -qx '# 96 configurations, 96 to run'"
ok "distance --list gives a skip reason for k = 3" sh -c \
  "'$BIN/distance' --list --k 1,3 | grep -q 'k=3 .*# not run: k is not a power of two'"
ok "distance --list keys carry every axis" sh -c \
  "'$BIN/distance' --list | head -n 1 | grep -qx 'grid=256 points=20 k=1 tile=16 variant=global cache=cold'"
ok "raytrace --list counts the cartesian product" sh -c \
  "'$BIN/raytrace' --list --size 512:4096 --spheres 20,100,2340 | tail -n 1 | grep -qx '# 36 configurations, 36 to run'"
ok "--list writes no database" sh -c "'$BIN/distance' --db '$tmp/l.db' --list >/dev/null && test ! -e '$tmp/l.db'"
# every line of the shipped matrix parses
ok "experiments/distance/distance.matrix and experiments/raytrace/raytrace.matrix lines all parse" sh -c \
  "cat experiments/distance/distance.matrix experiments/raytrace/raytrace.matrix | grep -v '^[[:space:]]*\(#\|\$\)' | while read -r b a; do '$BIN/'\$b --list \$a >/dev/null || exit 1; done"

# raytrace-image: the report's picture, on the CPU.
ok "raytrace-image writes a PNG" sh -c \
  "'$BIN/raytrace-image' '$tmp/r.png' 64 100 && test \"\$(head -c 8 '$tmp/r.png' | od -An -tx1 | tr -d ' \n')\" = 89504e470d0a1a0a"
ok "raytrace-image: wrong arguments exit 2" sh -c \
  "'$BIN/raytrace-image' '$tmp/s.png' 0 100 2>/dev/null; test \$? -eq 2 && test ! -e '$tmp/s.png'"
ok "raytrace-image: 2341 spheres exit 2" sh -c \
  "'$BIN/raytrace-image' '$tmp/s.png' 64 2341 2>/dev/null; test \$? -eq 2"

echo "1..$n"
[ $failed -eq 0 ]
