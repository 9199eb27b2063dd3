#!/bin/sh
# tests/cli/test_study_copies.sh: every copy between host and device that a
# study or the harness makes goes through gpu_upload, gpu_upload_2d or
# gpu_download (experiments/harness/gpu.c: on the study's non-blocking stream,
# waited for); a plain cudaMemcpy runs on the legacy default stream, which
# that stream does not wait for (a race the GPU shows only at times). Device
# to device copies on a stream are allowed. And every cudaMemcpyToSymbol in
# kernels/ is followed by cudaDeviceSynchronize. And a study's host buffers
# are pinned only through gpu_host_alloc, which a profile child makes
# pageable (ncu's replay would back pinned memory up on every pass); the
# mapped flag and stamp buffers of gpu.c and of coldbench (no study) aside.
# Reads the sources only.
# Prints 'ok NAME' / 'not ok NAME'; exits 1 if any failed.
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh

bad=$(grep -n -E 'cudaMemcpy[A-Za-z0-9]*\(' experiments/*/*.c | grep -v -e '^experiments/harness/gpu\.c:' -e DeviceToDevice)
check_eq "host-device copies in experiments/ only through gpu_upload/gpu_download" "$bad" ""
bad=$(awk 'FNR == 1 { want = 0 }
           want && !/cudaDeviceSynchronize\(\)/ { print FILENAME ":" FNR - 1 ": " prev }
           { want = /cudaMemcpyToSymbol\(/; prev = $0 }' kernels/*.cu)
check_eq "every cudaMemcpyToSymbol in kernels/ is waited for" "$bad" ""
bad=$(grep -n -E 'cuda(MallocHost|HostAlloc|HostRegister|FreeHost)\(' experiments/*/*.c kernels/*.cu |
      grep -v -e '^experiments/harness/gpu\.c:' -e '^experiments/tools/coldbench\.c:')
check_eq "pinned host memory in experiments/ and kernels/ only through gpu_host_alloc" "$bad" ""
[ "$nfail" -eq 0 ]
