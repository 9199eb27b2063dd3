/*
** experiments/harness/rng.h: a fixed-seed generator (splitmix64) so every run
** fills its inputs with the same values. splitmix64's state only advances by
** a constant, so its i-th output is a hash of (seed, i): rng_at() gives it
** without the i calls before it, and a fill can run in parallel (OpenMP)
** with the values a serial rng_next() loop gives.
*/
#ifndef HARNESS_RNG_H
#define HARNESS_RNG_H

#include <stdint.h>

/* splitmix64's state increment (the golden ratio in 64 bits). */
#define RNG_GAMMA 0x9E3779B97F4A7C15ull

/* splitmix64's output function: 64 random bits from a state. */
static inline uint64_t rng_mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* Next 64 random bits; advances *pState. */
static inline uint64_t rng_next(uint64_t *pState) {
  return rng_mix(*pState += RNG_GAMMA);
}

/* Uniform float in [0,1) with 24 random bits. */
static inline float rng_float(uint64_t *pState) {
  return (float)(rng_next(pState) >> 40) * (1.0f / 16777216.0f);
}

/* The 64 bits of the i-th (from 0) rng_next() call on a state that starts at
** seed: a counter-based hash of (seed, i), independent of any other index. */
static inline uint64_t rng_at(uint64_t seed, uint64_t i) {
  return rng_mix(seed + (i + 1) * RNG_GAMMA);
}

/* rng_float() of the i-th call from seed: uniform in [0,1), 24 random bits. */
static inline float rng_float_at(uint64_t seed, uint64_t i) {
  return (float)(rng_at(seed, i) >> 40) * (1.0f / 16777216.0f);
}

#endif
