/*
** experiments/harness/nvml.h: the GPU's state from NVML (clocks, temperature,
** power, power limit, ECC and persistence mode, throttle reasons), read at a
** run's start and end into table run_env.
**
** NVML comes with the driver (libnvidia-ml.so.1), not with the toolkit on
** every machine (this build machine has neither nvml.h nor the library), so
** it is opened at run time with dlopen and the few functions used are
** declared here from NVML's stable C ABI. NVML missing or failing is never
** an error: the fields it could not read stay unknown (NULL in the database).
*/
#ifndef HARNESS_NVML_H
#define HARNESS_NVML_H

#include <stddef.h>

/* One reading. A field is valid only when its bit is set in mValid. */
typedef struct nvml_env {
  unsigned int mValid;            /* NVML_HAVE_* bits */
  unsigned int smClockMhz;        /* current SM clock */
  unsigned int memClockMhz;       /* current memory clock */
  unsigned int tempC;             /* GPU temperature */
  double powerW;                  /* power draw */
  double powerLimitW;             /* enforced power limit */
  int bEcc;                       /* ECC mode (current) */
  int bPersistence;               /* persistence mode */
  unsigned long long throttle;    /* clock throttle (event) reason bits, NVML's values */
  int pstate;                     /* performance state, 0 = P0 */
  char zError[128];               /* why nothing could be read ("" if something was) */
} nvml_env;

enum {
  NVML_HAVE_SM_CLOCK = 1, NVML_HAVE_MEM_CLOCK = 2, NVML_HAVE_TEMP = 4, NVML_HAVE_POWER = 8,
  NVML_HAVE_POWER_LIMIT = 16, NVML_HAVE_ECC = 32, NVML_HAVE_PERSISTENCE = 64,
  NVML_HAVE_THROTTLE = 128, NVML_HAVE_PSTATE = 256
};

/* Read the state of the GPU whose CUDA uuid is zUuid (32 hex digits) into
** *p. Returns the number of fields read (0 when NVML is missing or fails,
** with the reason in p->zError). Loads NVML on first use. */
int nvml_read(const char *zUuid, nvml_env *p);

/* Unload NVML (safe when it was never loaded). */
void nvml_close(void);

/* The display driver's release as NVML gives it (nvmlSystemGetDriverVersion,
** e.g. "580.95.05"; run.driver_release): what driver_version's API number
** (13000) does not say. 0, or -1 without NVML. */
int nvml_driver_release(char *zOut, size_t nOut);

/* The SM application clock against its default, as text into zOut (e.g.
** "application clocks at default (SM 1980 MHz)"): what run.clock_lock
** stores. 0, or -1 when NVML cannot tell. */
int nvml_clock_lock(const char *zUuid, char *zOut, size_t nOut);

#endif
