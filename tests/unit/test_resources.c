/*
** tests/unit/test_resources.c: the compiler's resource report parsed into
** kernel_resource rows (experiments/harness/resources.c) from recorded text:
** cuobjdump --dump-resource-usage (tests/profile/cuobjdump-resource-usage.txt)
** and nvcc -Xptxas -v (tests/profile/ptxas-v.txt: the 8 kernels of
** kernels/access.cu for sm_80 and sm_90, part of reduce.cu and distance.cu
** for sm_90), and inline
** ptxas lines for what the recorded kernels do not show (spills, cmem[3],
** properties of a device function); cuobjdump fields apart by tabs, a tag
** only as a whole word followed by ':', a resource line only right after its
** Function line; a line of 1022 characters read whole; a failing COMMIT
** (a deferred foreign key of a TEMP table, on this handle only) stores
** nothing and returns -1.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <unistd.h>

#include <sqlite3.h>

#include "experiments/harness/db.h"
#include "experiments/harness/resources.h"
#include "tests/unit/slurp.h"

static char zDbPath[] = "/tmp/test_resources_XXXXXX";

/* A fresh database for each test. */
static int setup(void **state) {
  strcpy(zDbPath, "/tmp/test_resources_XXXXXX");
  int fd = mkstemp(zDbPath);
  if (fd < 0) return -1;
  close(fd);
  unlink(zDbPath);
  char zErr[256];
  *state = db_open(zDbPath, zErr, sizeof(zErr));
  return *state ? 0 : -1;
}

static int teardown(void **state) {
  db_close(*state);
  char z[64];
  unlink(zDbPath);
  snprintf(z, sizeof(z), "%s-wal", zDbPath);
  unlink(z);
  snprintf(z, sizeof(z), "%s-shm", zDbPath);
  unlink(z);
  return 0;
}

/* The row of zKernel as "registers:stack:spill_store:spill_load:shared:constant"
** (NULL columns as '-'), "none" if there is none, "many" for several. */
static const char *row(const char *zKernel) {
  static char zOut[256];
  sqlite3 *pDb = NULL;
  sqlite3_stmt *pStmt = NULL;
  assert_int_equal(sqlite3_open_v2(zDbPath, &pDb, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_prepare_v2(pDb,
                       "SELECT registers || ':' || coalesce(stack_bytes, '-') || ':' ||"
                       " coalesce(spill_store_bytes, '-') || ':' || coalesce(spill_load_bytes, '-') || ':' ||"
                       " coalesce(shared_bytes, '-') || ':' || coalesce(constant_bytes, '-')"
                       " FROM kernel_resource WHERE build_id = 'b1' AND binary = 'bin' AND kernel = ?",
                       -1, &pStmt, NULL),
                   SQLITE_OK);
  sqlite3_bind_text(pStmt, 1, zKernel, -1, SQLITE_STATIC);
  if (sqlite3_step(pStmt) != SQLITE_ROW) snprintf(zOut, sizeof(zOut), "none");
  else snprintf(zOut, sizeof(zOut), "%s", (const char *)sqlite3_column_text(pStmt, 0));
  if (sqlite3_step(pStmt) == SQLITE_ROW) snprintf(zOut, sizeof(zOut), "many");
  sqlite3_finalize(pStmt);
  sqlite3_close(pDb);
  return zOut;
}

/* The number of kernel_resource rows. */
static int count_rows(void) {
  sqlite3 *pDb = NULL;
  sqlite3_stmt *pStmt = NULL;
  assert_int_equal(sqlite3_open_v2(zDbPath, &pDb, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_prepare_v2(pDb, "SELECT count(*) FROM kernel_resource", -1, &pStmt, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_step(pStmt), SQLITE_ROW);
  int n = sqlite3_column_int(pStmt, 0);
  sqlite3_finalize(pStmt);
  sqlite3_close(pDb);
  return n;
}

/* cuobjdump: registers, stack, shared, bank-3 constant (NULL when absent), no spills. */
static void test_cuobjdump(void **state) {
  int nKernel = 0;
  assert_int_equal(resources_store_cuobjdump(slurp("tests/profile/cuobjdump-resource-usage.txt"), "b1", "bin", *state,
                                             &nKernel), 0);
  assert_int_equal(nKernel, 2);
  assert_int_equal(count_rows(), 2);
  assert_string_equal(row("_Z14reduce2_kernelPKiPim"), "16:0:-:-:1024:64");
  assert_string_equal(row("_Z20local_dynamic_kernelPKfPfm"), "32:128:-:-:0:-");
}

/* ptxas, recorded: every entry function once (the last architecture's
** report), stack frames, static shared memory, 0 where no smem is listed. */
static void test_ptxas_recorded(void **state) {
  int nKernel = 0;
  assert_int_equal(resources_store_ptxas(slurp("tests/profile/ptxas-v.txt"), "b1", "bin", *state, &nKernel), 0);
  assert_int_equal(nKernel, 2 * 8 + 3 + 2);
  assert_int_equal(count_rows(), 8 + 3 + 2);
  assert_string_equal(row("_Z27access_local_dynamic_kernelPKfPfm"), "32:128:0:0:0:-");
  assert_string_equal(row("_Z22distance_shared_kernelPK6float2iiPfii"), "28:0:0:0:0:-");
  assert_string_equal(row("_Z24distance_readonly_kernelPK6float2iiPfii"), "32:0:0:0:0:-");
  assert_string_equal(row("_ZN3cub17CUB_300001_SM_9006detail6reduce18DeviceReduceKernelINS2_10policy_hubIfyN4cuda3std3"
                          "__44plusIvEEE10Policy1000EPKfyS9_fNS7_10__identityEEEvT0_PT3_T1_NS0_13GridEvenShareISI_EET2"
                          "_T4_"),
                      "32:0:0:0:128:-");
}

/* ptxas: spill bytes, cmem[3], the last architecture wins, and the
** properties of a device function are not taken for the kernel's. */
static void test_ptxas_lines(void **state) {
  const char *zText =
      "ptxas info    : Compiling entry function '_Z1kv' for 'sm_80'\n"
      "ptxas info    : Function properties for _Z1kv\n"
      "    8 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads\n"
      "ptxas info    : Used 255 registers, used 1 barriers, 64 bytes smem, 360 bytes cmem[0], 8 bytes cmem[3]\n"
      "ptxas info    : Compiling entry function '_Z1kv' for 'sm_90'\n"
      "ptxas info    : Function properties for _Z1kv\n"
      "    24 bytes stack frame, 20 bytes spill stores, 28 bytes spill loads\n"
      "ptxas info    : Function properties for _Z6helperv\n"
      "    96 bytes stack frame, 12 bytes spill stores, 16 bytes spill loads\n"
      "ptxas info    : Used 128 registers, used 1 barriers, 2048 bytes smem, 360 bytes cmem[0], 16 bytes cmem[3]\n"
      "ptxas info    : Compile time = 1.0 ms\n"
      "ptxas info    : Used 7 registers\n";
  int nKernel = 0;
  assert_int_equal(resources_store_ptxas(zText, "b1", "bin", *state, &nKernel), 0);
  assert_int_equal(nKernel, 2);
  assert_string_equal(row("_Z1kv"), "128:24:20:28:2048:16");
  assert_string_equal(row("_Z6helperv"), "none");
}

/* No kernels: nothing stored, not an error. */
static void test_ptxas_empty(void **state) {
  int nKernel = -1;
  assert_int_equal(resources_store_ptxas("ptxas info    : 0 bytes gmem\n", "b1", "bin", *state, &nKernel), 0);
  assert_int_equal(nKernel, 0);
  assert_int_equal(count_rows(), 0);
}

/* cuobjdump: fields apart by spaces or tabs; a tag counts only as a whole word
** followed by ':' (not MAXREG, XSTACK or STACKS); a resource line counts only
** right after its Function line (the stray third one is not _Z1bv's). */
static void test_cuobjdump_words(void **state) {
  const char *zText = " Function _Z1av:\n"
                      "  REG:16\tSTACK:8\tSHARED:32 CONSTANT[3]:4\n"
                      " Function _Z1bv:\n"
                      "  MAXREG:255 REG:24 XSTACK:99 STACKS:7 STACK:16 SHARED:0\n"
                      "  REG:40 STACK:0 SHARED:0\n";
  int nKernel = 0;
  assert_int_equal(resources_store_cuobjdump(zText, "b1", "bin", *state, &nKernel), 0);
  assert_int_equal(nKernel, 2);
  assert_int_equal(count_rows(), 2);
  assert_string_equal(row("_Z1av"), "16:8:-:-:32:4");
  assert_string_equal(row("_Z1bv"), "24:16:-:-:0:-");
}

/* ptxas: a line of 1022 characters (one short of the line buffer's 1023) is
** read whole, without its newline: its kernel's properties are found. */
static void test_ptxas_long_line(void **state) {
  static char zText[4096];
  const char *zProps = "ptxas info    : Function properties for _Z1kv";
  int nPad = 1022 - (int)strlen(zProps);
  snprintf(zText, sizeof zText,
           "ptxas info    : Compiling entry function '_Z1kv' for 'sm_90'\n"
           "%*s%s\n"
           "    24 bytes stack frame, 4 bytes spill stores, 8 bytes spill loads\n"
           "ptxas info    : Used 8 registers\n",
           nPad, "", zProps);
  int nKernel = 0;
  assert_int_equal(resources_store_ptxas(zText, "b1", "bin", *state, &nKernel), 0);
  assert_int_equal(nKernel, 1);
  assert_string_equal(row("_Z1kv"), "8:24:4:8:0:-");
}

/* A COMMIT that fails (a deferred foreign key broken by a TEMP trigger on
** this handle) stores nothing and returns -1, for both parsers. */
static void test_commit_failure(void **state) {
  assert_int_equal(db_exec(*state,
                           "CREATE TEMP TABLE fk_parent(id INTEGER PRIMARY KEY);"
                           "CREATE TEMP TABLE fk_child(p INTEGER REFERENCES fk_parent(id) DEFERRABLE INITIALLY DEFERRED);"
                           "CREATE TEMP TRIGGER fail_commit AFTER INSERT ON main.kernel_resource"
                           " BEGIN INSERT INTO fk_child VALUES (1); END;"),
                   0);
  int nKernel = -1;
  assert_int_equal(resources_store_cuobjdump(" Function _Z1av:\n  REG:16 STACK:8 SHARED:32\n", "b1", "bin", *state,
                                             &nKernel), -1);
  assert_int_equal(count_rows(), 0);
  assert_int_equal(resources_store_ptxas("ptxas info    : Compiling entry function '_Z1kv' for 'sm_90'\n"
                                         "ptxas info    : Used 8 registers\n", "b1", "bin", *state, &nKernel), -1);
  assert_int_equal(count_rows(), 0);
  /* The handle is usable again: without the trigger both store. */
  assert_int_equal(db_exec(*state, "DROP TRIGGER temp.fail_commit"), 0);
  assert_int_equal(resources_store_cuobjdump(" Function _Z1av:\n  REG:16 STACK:8 SHARED:32\n", "b1", "bin", *state,
                                             &nKernel), 0);
  assert_int_equal(count_rows(), 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_cuobjdump, setup, teardown),
      cmocka_unit_test_setup_teardown(test_ptxas_recorded, setup, teardown),
      cmocka_unit_test_setup_teardown(test_ptxas_lines, setup, teardown),
      cmocka_unit_test_setup_teardown(test_ptxas_empty, setup, teardown),
      cmocka_unit_test_setup_teardown(test_cuobjdump_words, setup, teardown),
      cmocka_unit_test_setup_teardown(test_ptxas_long_line, setup, teardown),
      cmocka_unit_test_setup_teardown(test_commit_failure, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
