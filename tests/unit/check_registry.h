/*
** tests/unit/check_registry.h: what every kernel registry (kernels/variant.h)
** must satisfy, checked the same way for every family. Include after
** <cmocka.h>.
**
** Key and launcher sit in one registry line, so a misordered table cannot
** pair a key with another line's launcher. What is left is a copy-pasted
** line whose launcher was not changed: the entry's zLauncher is spelt by the
** family's VARIANT macro from the same token as its function pointer, and it
** must be <family>_<key with '-' as '_'>, so such a line fails here.
*/
#ifndef TESTS_UNIT_CHECK_REGISTRY_H
#define TESTS_UNIT_CHECK_REGISTRY_H

#include <stdio.h>
#include <string.h>

#include "kernels/variant.h"

/* Every entry of the registry: non-empty unique key found at its own index
** by variant_find, neither `all` nor starting with '-', non-empty
** description, a bottleneck string, a launcher named zFamily_<key>, and no
** flag outside the known VARIANT_* bits; unknown keys give -1. */
static void check_registry(const void *aReg, int nEntry, size_t nStride, const char *zFamily) {
  const unsigned mKnown = VARIANT_IN_PLACE | VARIANT_HOPPER_ONLY | VARIANT_NO_BLOCK | VARIANT_CONSTANT |
                          VARIANT_TEXTURE | VARIANT_SHARED | VARIANT_HOST |
                          VARIANT_TUNED | VARIANT_BOUND | VARIANT_OFFSET32 | VARIANT_OWN_SWEEP |
                          VARIANT_NO_BATCH;
  assert_true(nEntry >= 1);
  for (int i = 0; i < nEntry; i++) {
    const kernel_variant *v = variant_at(aReg, nStride, i);
    char zWant[128];
    assert_non_null(v->zKey);
    assert_non_null(v->zDesc);
    assert_non_null(v->zBottleneck);
    assert_non_null(v->zOrigin);
    assert_non_null(v->zLauncher);
    if (!v->zKey[0] || !v->zDesc[0]) fail_msg("%s entry %d: empty key or description", zFamily, i);
    if (variant_find(aReg, nEntry, nStride, v->zKey) != i) fail_msg("%s: duplicate key %s", zFamily, v->zKey);
    /* `all` and a leading '-' are the variant selector's (experiments/harness/args.c). */
    if (!strcmp(v->zKey, "all") || v->zKey[0] == '-') fail_msg("%s: key %s reads as a selector", zFamily, v->zKey);
    if ((v->mFlags & ~mKnown) != 0) fail_msg("%s %s: unknown flag bits 0x%x", zFamily, v->zKey, v->mFlags);
    int nw = snprintf(zWant, sizeof zWant, "%s_%s", zFamily, v->zKey);
    assert_true(nw > 0 && (size_t)nw < sizeof zWant);
    for (char *p = zWant; *p; p++)
      if (*p == '-') *p = '_';
    if (strcmp(v->zLauncher, zWant) != 0)
      fail_msg("%s: key %s is launched by %s, want %s (a copied registry line?)", zFamily, v->zKey,
               v->zLauncher, zWant);
  }
  assert_int_equal(variant_find(aReg, nEntry, nStride, "no-such-variant"), -1);
  assert_int_equal(variant_find(aReg, nEntry, nStride, ""), -1);
  assert_int_equal(variant_find(aReg, nEntry, nStride, NULL), -1);
}

#endif
