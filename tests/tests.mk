# tests/tests.mk: `make test` (included by the Makefile).
#   tests/unit/test_*.c  cmocka suites that need no GPU
#   tests/gpu/test_*.c   cmocka suites of kernels; without a GPU every test
#                        calls skip() with the reason, so the skip is visible
#   tests/cli/test_*.sh  command-line behaviour of the built binaries
#   tests/report/test_*.sh  the report built from a fixture database
# Every C suite links the harness, the CPU references and the kernels
# (TEST_OBJ, from experiments/*.mk) and cmocka.
TEST_C    := $(sort $(wildcard tests/unit/test_*.c tests/gpu/test_*.c))
TEST_BINS := $(TEST_C:tests/%.c=$(BIN)/tests/%)
GPU_TEST_BINS := $(patsubst tests/%.c,$(BIN)/tests/%,$(sort $(wildcard tests/gpu/test_*.c)))
TEST_SH   := $(sort $(wildcard tests/cli/test_*.sh tests/report/test_*.sh))

$(BUILD)/gen/buildinfo_test.c:
	@mkdir -p $(@D)
	@printf '%s\n' 'const char buildinfo_id[] = "test";' 'const char buildinfo_git_commit[] = "test";' \
	  'const int buildinfo_git_dirty = 0;' 'const char buildinfo_nvcc_version[] = "test";' \
	  'const char buildinfo_nvcc_flags[] = "test";' > $@

$(BIN)/tests/%: $(OBJ)/tests/%.o $(HARNESS_OBJ) $(sort $(TEST_OBJ)) $(OBJ)/gen/buildinfo_test.o
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(NVCC) $(GENCODE) -o $@ $^ $(NVLDLIBS) $(CMOCKA_LIBS)

.PHONY: test-build
test-build: $(TEST_BINS) $(BIN_FILES) $(BIN)/dbtool $(BIN)/mdquery $(BIN)/gpu-probe

# The harness's own fixtures, no GPU needed: a host-only study on the real
# harness (bench_main_host) and a query tool for the shell tests.
$(BIN)/tests/hoststudy: $(OBJ)/tests/harness/hoststudy.o $(HARNESS_OBJ) $(OBJ)/gen/buildinfo_test.o
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(NVCC) $(GENCODE) -o $@ $^ $(NVLDLIBS)

$(BIN)/tests/sqlq: $(OBJ)/tests/harness/sqlq.o
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)gcc -o $@ $^ $(LDLIBS)
