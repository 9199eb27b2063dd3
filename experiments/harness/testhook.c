/*
** experiments/harness/testhook.c: test-only switches of the harness, linked
** only into test builds (with kernels/fault.cu); it installs its hook
** (bench_set_test_hook) before main() runs, so a production binary neither
** holds nor honours these switches.
**
**   BENCH_INJECT_FAULT=[trap:]SUBSTRING  instead of measuring a configuration
**     whose key contains SUBSTRING, launch a kernel that writes far out of
**     bounds (or executes __trap() with 'trap:') and record what CUDA says;
**     a host-only run launches nothing and records a fatal failure naming
**     the injection.
**   BENCH_CUDA_ERROR=CODE:SUBSTRING  a configuration whose key contains
**     SUBSTRING records cudaError_t CODE as a kernel that returned it would
**     (bench_cuda_fail: 719, cudaErrorLaunchFailure, is what __trap() gives,
**     sticky), launching nothing: the store path of a CUDA fault without a GPU;
**   BENCH_ENV_ERROR=probe  the probe before the first configuration reports
**     cudaErrorNoKernelImageForDevice (as a build without code for the GPU
**     would), host-only runs included;
**   BENCH_ENV_ERROR=SUBSTRING  a configuration whose key contains SUBSTRING
**     reports that error instead of being measured.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/harness/bench.h"
#include "kernels/fault.h"

/* The measure hook: 1 if it filled pOut instead of the measure. */
static int test_measure(const bench_config *c, const char *zKey, int bHostOnly, bench_out *pOut) {
  (void)c;
  const char *zEnv = getenv("BENCH_ENV_ERROR");
  if (zEnv && *zEnv && strcmp(zEnv, "probe") && strstr(zKey, zEnv)) {
    bench_cuda_fail(pOut, "simulated environment error", cudaErrorNoKernelImageForDevice);
    return 1;
  }
  const char *zCode = getenv("BENCH_CUDA_ERROR");
  const char *zAt = zCode ? strchr(zCode, ':') : NULL;
  if (zAt && zAt[1] && strstr(zKey, zAt + 1)) {
    bench_cuda_fail(pOut, "simulated CUDA error", atoi(zCode));
    return 1;
  }
  const char *zInject = getenv("BENCH_INJECT_FAULT");
  int bTrap = zInject && !strncmp(zInject, "trap:", 5);
  if (bTrap) zInject += 5;
  if (!zInject || !*zInject || !strstr(zKey, zInject)) return 0;
  if (bHostOnly) {
    pOut->bFailed = pOut->bFatal = 1;
    snprintf(pOut->zError, sizeof(pOut->zError), "injected fault (host-only run: no kernel launched)");
    return 1;
  }
  int rc = bTrap ? fault_launch_trap(gpu_stream()) : fault_launch_oob(gpu_stream());
  if (rc) {
    bench_cuda_fail(pOut, bTrap ? "injected __trap()" : "injected out-of-bounds write", rc);
  } else {
    pOut->bFailed = 1;
    snprintf(pOut->zError, sizeof(pOut->zError), "injected fault: CUDA reported no error");
  }
  return 1;
}

/* The probe hook: the simulated error, or -1 to probe as usual. */
static int test_probe(int bHostOnly) {
  (void)bHostOnly;
  const char *zEnv = getenv("BENCH_ENV_ERROR");
  return zEnv && !strcmp(zEnv, "probe") ? (int)cudaErrorNoKernelImageForDevice : -1;
}

/* Install the hooks before main(). */
__attribute__((constructor)) static void install_test_hooks(void) {
  static const bench_test_hooks hooks = {test_measure, test_probe};
  bench_set_test_hooks(&hooks);
}
