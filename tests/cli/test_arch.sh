#!/bin/sh
# tests/cli/test_arch.sh: what the Makefile hands nvcc for each CUDA_ARCH
# (`make print-arch`: the architectures and the -gencode flags): the default
# with GPUs present (a fake nvidia-smi reporting 9.0, 8.6 and 9.0 again) and
# without one (every architecture this nvcc lists), native, all, a list with
# spaces or commas, and the refusals (an architecture this nvcc lacks, a
# malformed name, native without a GPU): one line naming what nvcc supports.
# Also `make test` without a GPU builds one architecture, and the build id
# changes with the architectures. Needs nvcc; runs no GPU code.
# Usage: sh tests/cli/test_arch.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh

# The make of this test must not inherit the settings of the make running it.
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CUDA_ARCH make --no-print-directory "$@"; }
NVCC=$(mk -s print-NVCC 2>/dev/null)
if [ -z "$NVCC" ]; then echo "SKIP: no nvcc"; exit 0; fi
all=$("$NVCC" --list-gpu-code | sed -n 's/^sm_\([0-9]*\)$/\1/p' | sort -n | tr '\n' ' ')
newest=$(echo $all | awk '{ print $NF }')
want_all=$(for a in $all; do [ "$a" = "$newest" ] || printf -- '-gencode arch=compute_%s,code=sm_%s ' "$a" "$a"; done
           printf -- '-gencode arch=compute_%s,code=[sm_%s,compute_%s]' "$newest" "$newest" "$newest")

printf '#!/bin/sh\ncase "$1" in -L) printf "GPU 0: Fake (UUID: GPU-a)\\nGPU 1: Fake (UUID: GPU-b)\\n" ;; *) printf "9.0\\n8.6\\n9.0\\n" ;; esac\n' > "$tmp/smi-two"
printf '#!/bin/sh\necho 7.0\n' > "$tmp/smi-volta"
printf '#!/bin/sh\necho "NVIDIA-SMI has failed" >&2; exit 9\n' > "$tmp/smi-none"
chmod +x "$tmp"/smi-*

# arch NAME WANT_ARCHS WANT_NVCC MAKEARGS...: print-arch gives both lines.
arch() {
  a_name=$1 a_archs=$2 a_nvcc=$3; shift 3
  out=$(mk print-arch "$@" 2>&1)
  check_eq "$a_name: architectures" "$(printf '%s\n' "$out" | sed -n 's/^arch: \([^(]*\) (.*/\1/p')" "$a_archs"
  check_eq "$a_name: nvcc flags" "$(printf '%s\n' "$out" | sed -n 's/^nvcc: //p')" "$a_nvcc"
}
# refused NAME WANT_IN_MESSAGE MAKEARGS...: make stops with one line naming it.
refused() {
  r_name=$1 r_want=$2; shift 2
  out=$(mk print-arch "$@" 2>&1); rc=$?
  check "$r_name: make stops" test "$rc" -ne 0
  check_eq "$r_name: one line" "$(printf '%s\n' "$out" | awk 'END { print NR }')" 1
  case "$out" in *"$r_want"*"it supports sm_$(echo $all | awk '{ print $1 }')"*) ok "$r_name: names it and what nvcc supports" ;;
                 *) notok "$r_name: names it and what nvcc supports" "$out" ;; esac
}

sms() { for a in "$@"; do printf 'sm_%s ' "$a"; done | sed 's/ $//'; }
arch "default with GPUs" "sm_86 sm_90" \
  "-gencode arch=compute_86,code=sm_86 -gencode arch=compute_90,code=[sm_90,compute_90]" NVIDIA_SMI="$tmp/smi-two"
arch "native with GPUs" "sm_86 sm_90" \
  "-gencode arch=compute_86,code=sm_86 -gencode arch=compute_90,code=[sm_90,compute_90]" \
  NVIDIA_SMI="$tmp/smi-two" CUDA_ARCH=native
arch "default without a GPU: all" "$(sms $all)" "$want_all" NVIDIA_SMI="$tmp/smi-none"
arch "all" "$(sms $all)" "$want_all" NVIDIA_SMI="$tmp/smi-two" CUDA_ARCH=all
arch "one" "sm_90" "-gencode arch=compute_90,code=[sm_90,compute_90]" CUDA_ARCH=sm_90
arch "a list, any order" "sm_80 sm_90" \
  "-gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=[sm_90,compute_90]" CUDA_ARCH="sm_90 sm_80"
arch "a list with commas" "sm_80 sm_90" \
  "-gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=[sm_90,compute_90]" CUDA_ARCH="sm_80,sm_90"

refused "sm_70 (no Volta in this nvcc)" "CUDA_ARCH=sm_70: sm_70 not supported" CUDA_ARCH=sm_70
refused "a malformed name" "CUDA_ARCH=90: 90 not supported" CUDA_ARCH=90
refused "one bad name in a list" "sm_7x not supported" CUDA_ARCH="sm_80 sm_7x"
refused "a GPU this nvcc cannot build for" "(the GPUs here): sm_70 not supported" NVIDIA_SMI="$tmp/smi-volta"
out=$(mk print-arch NVIDIA_SMI="$tmp/smi-none" CUDA_ARCH=native 2>&1); rc=$?
check "native without a GPU: make stops" test "$rc" -ne 0
case "$out" in "Makefile:"*"CUDA_ARCH=native: no GPU found"*) ok "native without a GPU: says so" ;;
               *) notok "native without a GPU: says so" "$out" ;; esac

# `make test` on a machine without a GPU builds for one architecture (nothing
# runs the kernels); with a GPU, or with CUDA_ARCH given, it builds what it is told.
test_arch() { mk -n test "$@" 2>/dev/null | sed -n 's/.*CUDA_ARCH=\([^ ]*\) .*test-build.*/\1/p' | head -n 1; }
check_eq "make test without a GPU: one architecture" "$(test_arch NVIDIA_SMI="$tmp/smi-none")" "sm_$newest"
check_eq "make test with a GPU: its architectures" "$(test_arch NVIDIA_SMI="$tmp/smi-two")" ""
check_eq "make test with CUDA_ARCH given" "$(test_arch NVIDIA_SMI="$tmp/smi-none" CUDA_ARCH=sm_80)" ""

# Two products (issue 44): `make all` without a GPU is the report alone, from
# the host tools: no nvcc in what it would run (make -n, in an empty BUILD);
# with a GPU it builds the kernels first.
# all_n SMI: what `make -n all` would run with that nvidia-smi, in an empty BUILD.
all_n() { mk -n all BUILD="$tmp/fresh" REPORT_PDF="$tmp/r.pdf" REPORT_HTML="$tmp/r.html" NVIDIA_SMI="$1" 2>/dev/null; }
nvcc_c() { grep -c -E '(^|[ /])nvcc .* -c ' "$1"; }
all_n "$tmp/smi-none" > "$tmp/all-none"
all_n "$tmp/smi-two" > "$tmp/all-gpu"
check_eq "make all without a GPU: no CUDA compiled" "$(nvcc_c "$tmp/all-none")" 0
check "make all without a GPU: the report's host tools and the report" \
  sh -c "grep -q 'gcc .*reports/mdquery.c' '$tmp/all-none' && grep -q 'pandoc' '$tmp/all-none'"
check "make all with a GPU: builds the kernels" test "$(nvcc_c "$tmp/all-gpu")" -gt 0

# Build folders keyed by their settings: the kernels of `make build` (every
# architecture here) and of `make test` (the newest) never share a folder;
# the host objects and tools are one.
dir() { mk -s print-CUDA_DIR "$@" 2>/dev/null; }
check "CUDA folders: all architectures and the test's one differ" \
  test "$(dir NVIDIA_SMI="$tmp/smi-none")" != "$(dir NVIDIA_SMI="$tmp/smi-none" CUDA_ARCH=sm_$newest)"
check_eq "CUDA folders: named by the architectures" "$(dir CUDA_ARCH='sm_90,sm_80')" "build/cuda-sm_80+sm_90"
check_eq "CUDA folders: every architecture is 'all'" "$(dir CUDA_ARCH=all)" "build/cuda-all"
check "CUDA folders: other NVCCFLAGS, another folder" test "$(dir CUDA_ARCH=sm_90 NVCCFLAGS=-O2)" != "build/cuda-sm_90"
check_eq "the host tools' folder is one" "$(mk -s print-TOOLS CUDA_ARCH=sm_90) $(mk -s print-TOOLS CUDA_ARCH=all)" "build/tools build/tools"

# The build id (the hash over sources and code-generation flags) follows the list.
id() { mk -s print-reduce_ID "$@" 2>/dev/null; }
id90=$(id CUDA_ARCH=sm_90)
check "the build id exists" test -n "$id90"
check "the build id differs with another list" test "$id90" != "$(id CUDA_ARCH='sm_80 sm_90')"
check_eq "the build id is the same for the same list" "$(id CUDA_ARCH=sm_90,sm_90)" "$id90"

[ "$nfail" -eq 0 ]
