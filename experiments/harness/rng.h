/*
** experiments/harness/rng.h: a fixed-seed generator (splitmix64) so every run
** fills its inputs with the same values.
*/
#ifndef HARNESS_RNG_H
#define HARNESS_RNG_H

#include <stdint.h>

/* Next 64 random bits; advances *pState. */
static inline uint64_t rng_next(uint64_t *pState) {
  uint64_t z = (*pState += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* Uniform float in [0,1) with 24 random bits. */
static inline float rng_float(uint64_t *pState) {
  return (float)(rng_next(pState) >> 40) * (1.0f / 16777216.0f);
}

#endif
