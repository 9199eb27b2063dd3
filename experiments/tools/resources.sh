#!/bin/sh
# experiments/tools/resources.sh: the compiler's resource report of every kernel as
# SQL rows of kernel_resource (data/schema.sql), on stdout.
# Usage: sh experiments/tools/resources.sh BINDIR LOGDIR BINARY...
# LOGDIR/BINARY.log holds the `nvcc -Xptxas -v` output of the binary's kernels
# (written by the rule in experiments/access/access.mk); the build id comes from
# `BINDIR/BINARY --build-id`, so the rows join run.build_id. Per kernel (entry
# function) ptxas reports:
#   ptxas info    : Compiling entry function '_Z18read_offset_kernelPKfS0_Pfmm' for 'sm_90'
#   ptxas info    : Function properties for _Z18read_offset_kernelPKfS0_Pfmm
#       128 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
#   ptxas info    : Used 32 registers, used 1 barriers, 132 bytes smem
# Static shared memory is 0 when no 'smem' is listed. The CUDA 13 ptxas lists
# no constant banks; constant_bytes is filled only where a line names cmem[3].
# Binaries without a log or without kernels give no rows.
set -u
[ $# -ge 2 ] || { echo "usage: sh experiments/tools/resources.sh BINDIR LOGDIR BINARY..." >&2; exit 2; }
bindir=$1 logdir=$2
shift 2
for bin in "$@"; do
  log=$logdir/$bin.log
  [ -f "$log" ] || { echo "resources: no $log: $bin skipped" >&2; continue; }
  id=$("$bindir/$bin" --build-id 2>/dev/null) || { echo "resources: $bindir/$bin --build-id failed: $bin skipped" >&2; continue; }
  awk -v id="$id" -v bin="$bin" '
    # Emit the kernel collected so far.
    function flush() {
      if (kernel != "" && regs != "")
        printf "INSERT OR REPLACE INTO kernel_resource VALUES (%s, %s, %s, %d, %d, %d, %d, %d, %s);\n",
               q(id), q(bin), q(kernel), regs, stack, sst, sld, smem, cmem
      kernel = ""; regs = ""
    }
    # SQL string literal.
    function q(s) { gsub(/\047/, "\047\047", s); return "\047" s "\047" }
    /Compiling entry function/ {
      flush()
      kernel = $0; sub(/^.*Compiling entry function \047/, "", kernel); sub(/\047.*$/, "", kernel)
      stack = 0; sst = 0; sld = 0; smem = 0; cmem = "NULL"; bProps = 0
      next
    }
    kernel != "" && /Function properties for/ {
      name = $0; sub(/^.*Function properties for /, "", name)
      bProps = (name == kernel)
      next
    }
    kernel != "" && bProps && /bytes stack frame/ {
      for (i = 1; i < NF; i++) {
        if ($(i + 1) == "bytes" && $(i + 2) == "stack") stack = $i + 0
        if ($(i + 1) == "bytes" && $(i + 2) == "spill" && $(i + 3) ~ /^stores/) sst = $i + 0
        if ($(i + 1) == "bytes" && $(i + 2) == "spill" && $(i + 3) ~ /^loads/) sld = $i + 0
      }
      bProps = 0
      next
    }
    kernel != "" && /Used [0-9]+ registers/ {
      for (i = 1; i < NF; i++) {
        if ($(i + 1) ~ /^registers/) regs = $i + 0
        if ($(i + 1) == "bytes" && $(i + 2) ~ /^smem/) smem = $i + 0
        if ($(i + 1) == "bytes" && $(i + 2) ~ /^cmem\[3\]/) cmem = $i + 0
      }
      flush()
    }
    END { flush() }
  ' "$log"
done
