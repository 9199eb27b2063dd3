/*
** experiments/harness/nvml.c: GPU state from NVML, loaded at run time (see nvml.h).
*/
#include "experiments/harness/nvml.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* NVML's C ABI, as far as it is used here (nvml.h of CUDA 11-13). */
typedef int nvmlReturn_t;             /* 0 = NVML_SUCCESS */
typedef struct nvmlDevice_st *nvmlDevice_t;
#define NVML_CLOCK_SM 1
#define NVML_CLOCK_MEM 2
#define NVML_TEMPERATURE_GPU 0

/* The library and its entry points. */
static struct {
  int bTried;
  void *pLib;
  nvmlReturn_t (*xInit)(void);
  nvmlReturn_t (*xShutdown)(void);
  const char *(*xErrorString)(nvmlReturn_t);
  nvmlReturn_t (*xByUuid)(const char *, nvmlDevice_t *);
  nvmlReturn_t (*xClock)(nvmlDevice_t, int, unsigned int *);
  nvmlReturn_t (*xTemp)(nvmlDevice_t, int, unsigned int *);
  nvmlReturn_t (*xPower)(nvmlDevice_t, unsigned int *);
  nvmlReturn_t (*xPowerLimit)(nvmlDevice_t, unsigned int *);
  nvmlReturn_t (*xEcc)(nvmlDevice_t, int *, int *);
  nvmlReturn_t (*xPersistence)(nvmlDevice_t, int *);
  nvmlReturn_t (*xThrottle)(nvmlDevice_t, unsigned long long *);
  nvmlReturn_t (*xPstate)(nvmlDevice_t, int *);
  nvmlReturn_t (*xAppClock)(nvmlDevice_t, int, unsigned int *);
  nvmlReturn_t (*xDefaultAppClock)(nvmlDevice_t, int, unsigned int *);
  nvmlReturn_t (*xDriverVersion)(char *, unsigned int);
  char zWhy[128];
} n;

/* Look up a symbol, NULL if absent. */
static void *sym(const char *z) { return n.pLib ? dlsym(n.pLib, z) : NULL; }

/* Load and initialise NVML once; 0 when usable. */
static int load(void) {
  if (n.bTried) return n.pLib && n.xInit ? 0 : -1;
  n.bTried = 1;
  n.pLib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!n.pLib) {
    snprintf(n.zWhy, sizeof(n.zWhy), "NVML not found (libnvidia-ml.so.1)");
    return -1;
  }
  *(void **)&n.xInit = sym("nvmlInit_v2");
  *(void **)&n.xShutdown = sym("nvmlShutdown");
  *(void **)&n.xErrorString = sym("nvmlErrorString");
  *(void **)&n.xByUuid = sym("nvmlDeviceGetHandleByUUID");
  *(void **)&n.xClock = sym("nvmlDeviceGetClockInfo");
  *(void **)&n.xTemp = sym("nvmlDeviceGetTemperature");
  *(void **)&n.xPower = sym("nvmlDeviceGetPowerUsage");
  *(void **)&n.xPowerLimit = sym("nvmlDeviceGetEnforcedPowerLimit");
  *(void **)&n.xEcc = sym("nvmlDeviceGetEccMode");
  *(void **)&n.xPersistence = sym("nvmlDeviceGetPersistenceMode");
  *(void **)&n.xThrottle = sym("nvmlDeviceGetCurrentClocksEventReasons");
  if (!n.xThrottle) *(void **)&n.xThrottle = sym("nvmlDeviceGetCurrentClocksThrottleReasons");
  *(void **)&n.xPstate = sym("nvmlDeviceGetPerformanceState");
  *(void **)&n.xAppClock = sym("nvmlDeviceGetApplicationsClock");
  *(void **)&n.xDefaultAppClock = sym("nvmlDeviceGetDefaultApplicationsClock");
  *(void **)&n.xDriverVersion = sym("nvmlSystemGetDriverVersion");
  int rc = n.xInit && n.xByUuid ? n.xInit() : -1;
  if (rc != 0) {
    snprintf(n.zWhy, sizeof(n.zWhy), "NVML init failed (%s)",
             rc > 0 && n.xErrorString ? n.xErrorString(rc) : "missing entry points");
    dlclose(n.pLib);
    memset(&n, 0, sizeof(n));
    n.bTried = 1;
    return -1;
  }
  return 0;
}

/* The NVML handle of CUDA's uuid (32 hex digits), or NULL with the reason in
** zErr. */
static nvmlDevice_t device_of(const char *zUuid, char *zErr, size_t nErr) {
  char zNvUuid[64];
  nvmlDevice_t dev = NULL;
  if (load()) {
    snprintf(zErr, nErr, "%s", n.zWhy);
    return NULL;
  }
  /* CUDA's 32 hex digits as NVML's GPU-8-4-4-4-12. */
  if (strlen(zUuid) != 32) {
    snprintf(zErr, nErr, "no NVML uuid for '%s'", zUuid);
    return NULL;
  }
  snprintf(zNvUuid, sizeof(zNvUuid), "GPU-%.8s-%.4s-%.4s-%.4s-%.12s", zUuid, zUuid + 8, zUuid + 12, zUuid + 16,
           zUuid + 20);
  int rc = n.xByUuid(zNvUuid, &dev);
  if (rc != 0) {
    snprintf(zErr, nErr, "NVML has no device %s (%s)", zNvUuid, n.xErrorString ? n.xErrorString(rc) : "error");
    return NULL;
  }
  return dev;
}

int nvml_driver_release(char *zOut, size_t nOut) {
  char z[96] = "";
  if (load() || !n.xDriverVersion || n.xDriverVersion(z, (unsigned int)sizeof(z)) != 0 || !z[0]) return -1;
  snprintf(zOut, nOut, "%s", z);
  return 0;
}

int nvml_clock_lock(const char *zUuid, char *zOut, size_t nOut) {
  char zErr[128];
  unsigned int app = 0, def = 0;
  nvmlDevice_t dev = device_of(zUuid, zErr, sizeof(zErr));
  if (!dev || !n.xAppClock || !n.xDefaultAppClock || n.xAppClock(dev, NVML_CLOCK_SM, &app) != 0 ||
      n.xDefaultAppClock(dev, NVML_CLOCK_SM, &def) != 0)
    return -1;
  if (app == def) snprintf(zOut, nOut, "application clocks at default (SM %u MHz)", app);
  else snprintf(zOut, nOut, "application clocks set: SM %u MHz (default %u MHz)", app, def);
  return 0;
}

int nvml_read(const char *zUuid, nvml_env *p) {
  unsigned int u = 0;
  int a = 0, b = 0;
  memset(p, 0, sizeof(*p));
  nvmlDevice_t dev = device_of(zUuid, p->zError, sizeof(p->zError));
  if (!dev) return 0;
  if (n.xClock && n.xClock(dev, NVML_CLOCK_SM, &u) == 0) { p->smClockMhz = u; p->mValid |= NVML_HAVE_SM_CLOCK; }
  if (n.xClock && n.xClock(dev, NVML_CLOCK_MEM, &u) == 0) { p->memClockMhz = u; p->mValid |= NVML_HAVE_MEM_CLOCK; }
  if (n.xTemp && n.xTemp(dev, NVML_TEMPERATURE_GPU, &u) == 0) { p->tempC = u; p->mValid |= NVML_HAVE_TEMP; }
  if (n.xPower && n.xPower(dev, &u) == 0) { p->powerW = u / 1000.0; p->mValid |= NVML_HAVE_POWER; }
  if (n.xPowerLimit && n.xPowerLimit(dev, &u) == 0) { p->powerLimitW = u / 1000.0; p->mValid |= NVML_HAVE_POWER_LIMIT; }
  if (n.xEcc && n.xEcc(dev, &a, &b) == 0) { p->bEcc = a != 0; p->mValid |= NVML_HAVE_ECC; }
  if (n.xPersistence && n.xPersistence(dev, &a) == 0) { p->bPersistence = a != 0; p->mValid |= NVML_HAVE_PERSISTENCE; }
  if (n.xThrottle && n.xThrottle(dev, &p->throttle) == 0) p->mValid |= NVML_HAVE_THROTTLE;
  if (n.xPstate && n.xPstate(dev, &a) == 0 && a >= 0 && a < 32) { p->pstate = a; p->mValid |= NVML_HAVE_PSTATE; }
  int nRead = 0;
  for (unsigned int m = p->mValid; m; m &= m - 1) nRead++;
  return nRead;
}

void nvml_close(void) {
  if (n.pLib) {
    if (n.xShutdown) n.xShutdown();
    dlclose(n.pLib);
  }
  memset(&n, 0, sizeof(n));
}
