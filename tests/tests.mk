# tests/tests.mk: `make test` (included by the Makefile).
#   tests/unit/test_*.c  cmocka suites that need no GPU
#   tests/gpu/test_*.c   cmocka suites of kernels; without a GPU every test
#                        calls skip() with the reason, so the skip is visible
#   tests/cli/test_*.sh  command-line behaviour of the built binaries
#   tests/report/test_*.sh  the report built from a fixture database
#   tests/harness/       fixtures: a host-only study, a query tool
#   tests/fuzz/          libFuzzer entries (make fuzz), their seed corpus and
#                        the regressions every finding becomes
# The unit suites also run built with ASan and UBSan. The test binaries link
# kernels, so they live in the CUDA build's folder: $(TESTS) (build/cuda-KEY/
# tests/unit/..., gpu/..., hoststudy, sqlq, reduce) and $(TESTS_ASAN) (the
# sanitized suites and fuzz replays). Every C suite links the harness, the CPU
# references and the kernels (TEST_OBJ, from experiments/*/*.mk) and cmocka.
#
# Two tiers: `make test`, everything (the CI's, .ci/run), and `make quicktest`
# (QUICK_SUITES: the unit suites, plain, and the command-line basics of
# every binary), at most 30 s once built, for the edit-compile-test loop; the
# name is SQLite's (its `make quicktest` runs a fast subset of `make test`).
TESTS_ASAN := $(CUDA_DIR)/tests-asan
TEST_C    := $(sort $(wildcard tests/unit/test_*.c tests/gpu/test_*.c))
TEST_BINS := $(TEST_C:tests/%.c=$(TESTS)/%)
GPU_TEST_BINS := $(patsubst tests/%.c,$(TESTS)/%,$(sort $(wildcard tests/gpu/test_*.c)))
TEST_SH   := $(sort $(wildcard tests/cli/test_*.sh tests/report/test_*.sh))

$(BUILD)/gen/buildinfo_test.c:
	@mkdir -p $(@D)
	@printf '%s\n' 'const char buildinfo_id[] = "test";' 'const char buildinfo_git_commit[] = "test";' \
	  'const int buildinfo_git_dirty = 0;' 'const char buildinfo_nvcc_version[] = "test";' \
	  'const char buildinfo_nvcc_flags[] = "test";' > $@

$(TESTS)/%: $(OBJ)/tests/%.o $(HARNESS_OBJ) $(sort $(TEST_OBJ)) $(OBJ)/gen/buildinfo_test.o
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(NVCC) $(GENCODE) -o $@ $^ $(NVLDLIBS) $(CMOCKA_LIBS)

# The seeds' code as written (reports/seed_reduce.c) is no reference: only its
# own suite links it; the analysis's statistics (reports/sqlstats.c) likewise,
# and the database suite (it applies the results views: their statistics).
$(TESTS)/unit/test_sqlstats: $(OBJ)/reports/sqlstats.o
$(TESTS_ASAN)/unit/test_sqlstats: $(BUILD)/asan/obj/reports/sqlstats.o
$(TESTS)/unit/test_db: $(OBJ)/reports/sqlstats.o
$(TESTS_ASAN)/unit/test_db: $(BUILD)/asan/obj/reports/sqlstats.o
$(TESTS)/unit/test_format: $(OBJ)/reports/format.o $(OBJ)/reports/sqlstats.o
$(TESTS_ASAN)/unit/test_format: $(BUILD)/asan/obj/reports/format.o $(BUILD)/asan/obj/reports/sqlstats.o
$(TESTS)/unit/test_seed_reduce: $(OBJ)/reports/seed_reduce.o
$(TESTS_ASAN)/unit/test_seed_reduce: $(BUILD)/asan/obj/reports/seed_reduce.o

# The harness's own fixtures, no GPU needed: a host-only study on the real
# harness (bench_main_host; built with the sanitizers, below) and a query tool
# for the shell tests (the GPU machine has no sqlite3 command).
$(TESTS)/sqlq: $(OBJ)/tests/harness/sqlq.o $(OBJ)/reports/sqlstats.o $(OBJ)/experiments/harness/stats.o
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)gcc -o $@ $^ $(LDLIBS)

# ------------------------------------------------------------- sanitizers --
# The unit suites, the host-only study and the fuzz replays are built a second
# time with AddressSanitizer and UndefinedBehaviorSanitizer (gcc): objects
# in build/asan, binaries in $(TESTS_ASAN); `make test` runs them (the CUDA objects are linked as they are:
# no GPU code runs). SAN_ENV is the environment they run in.
ASAN      := $(BUILD)/asan
SAN_FLAGS := -fsanitize=address -fsanitize=undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
SAN_ENV   := ASAN_OPTIONS=protect_shadow_gap=0:detect_leaks=1:abort_on_error=0 \
             UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
ASAN_HARNESS_OBJ := $(HARNESS:%.c=$(ASAN)/obj/%.o) $(ASAN)/obj/gen/schema.o $(CU_OBJ)/kernels/timing.o \
                    $(CU_OBJ)/kernels/probe.o
ASAN_HARNESS_OBJ += $(CU_OBJ)/kernels/ceiling.o $(CU_OBJ)/kernels/marker.o
ASAN_TEST_HOOK_OBJ := $(ASAN)/obj/experiments/harness/testhook.o $(CU_OBJ)/kernels/fault.o
ASAN_TEST_OBJ    := $(patsubst $(OBJ)/experiments/%,$(ASAN)/obj/experiments/%,$(sort $(TEST_OBJ)))
ASAN_TEST_BINS   := $(patsubst tests/%.c,$(TESTS_ASAN)/%,$(sort $(wildcard tests/unit/test_*.c)))
FUZZERS          := parse args dump
REPLAY_BINS      := $(FUZZERS:%=$(TESTS_ASAN)/fuzz/replay_%)
# nvcc links through gcc, which needs the flags to link the runtimes.
SAN_LINK          = $(NVCC) $(GENCODE) $(foreach f,$(SAN_FLAGS),-Xcompiler $(f)) -o $@ $^ $(NVLDLIBS)

$(ASAN)/obj/%.o: %.c $(BUILD)/settings | deps-host
	$(call say,CC-SAN,$<)
	@mkdir -p $(@D)
	$(Q)gcc $(ALL_CFLAGS) $(SAN_FLAGS) -MMD -MP -c $< -o $@
$(ASAN)/obj/gen/%.o: $(BUILD)/gen/%.c $(BUILD)/settings
	@mkdir -p $(@D)
	$(Q)gcc $(ALL_CFLAGS) $(SAN_FLAGS) -c $< -o $@

$(TESTS_ASAN)/%: $(ASAN)/obj/tests/%.o $(ASAN_HARNESS_OBJ) $(ASAN_TEST_OBJ) $(ASAN)/obj/gen/buildinfo_test.o
	$(call say,LINK-SAN,$@)
	@mkdir -p $(@D)
	$(Q)$(SAN_LINK) $(CMOCKA_LIBS)

# The host-only study the CLI tests drive runs sanitized too.
$(TESTS)/hoststudy: $(ASAN)/obj/tests/harness/hoststudy.o $(ASAN_HARNESS_OBJ) $(ASAN_TEST_HOOK_OBJ) \
                        $(ASAN)/obj/gen/buildinfo_test.o
	$(call say,LINK-SAN,$@)
	@mkdir -p $(@D)
	$(Q)$(SAN_LINK)

$(TESTS_ASAN)/fuzz/replay_%: $(ASAN)/obj/tests/fuzz/fuzz_%.o $(ASAN)/obj/tests/fuzz/replay.o $(ASAN_HARNESS_OBJ) $(ASAN)/obj/gen/buildinfo_test.o
	$(call say,LINK-SAN,$@)
	@mkdir -p $(@D)
	$(Q)$(SAN_LINK)

-include $(shell find $(ASAN) -name '*.d' 2>/dev/null)

# ------------------------------------------------------------------- fuzz --
# `make fuzz`: libFuzzer (clang) over the parsers (tests/fuzz/fuzz_parse.c), the dump reader (tests/fuzz/fuzz_dump.c)
# and a study's command line (tests/fuzz/fuzz_args.c), FUZZ_SECONDS each. The
# corpus grows in build/fuzz/corpus-NAME from tests/fuzz/corpus/NAME; any
# crash, leak, timeout or out-of-memory input is copied to
# tests/fuzz/regressions/NAME/ (which `make test` replays) and fails the target.
FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_FLAGS   := -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -Wall -Wextra -Werror -I. \
                -isystem $(CUDA_INC) $(SQLITE_CFLAGS) -fsanitize=address,undefined \
                -fno-sanitize-recover=all
FUZZ_OBJ     := $(HARNESS:%.c=$(BUILD)/fuzz/obj/%.o) $(BUILD)/fuzz/obj/gen/schema.o \
                $(BUILD)/fuzz/obj/gen/buildinfo_test.o $(CU_OBJ)/kernels/probe.o $(CU_OBJ)/kernels/timing.o \
                $(CU_OBJ)/kernels/ceiling.o $(CU_OBJ)/kernels/marker.o
CUDA_LIB     := $(if $(NVCC),$(abspath $(dir $(NVCC))../lib64))

$(BUILD)/fuzz/obj/%.o: %.c $(BUILD)/settings
	$(call say,CC-FUZZ,$<)
	@mkdir -p $(@D)
	$(Q)$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -c $< -o $@
$(BUILD)/fuzz/obj/gen/%.o: $(BUILD)/gen/%.c $(BUILD)/settings
	@mkdir -p $(@D)
	$(Q)$(FUZZ_CC) $(FUZZ_FLAGS) -c $< -o $@
$(BUILD)/fuzz/fuzz_%: $(BUILD)/fuzz/obj/tests/fuzz/fuzz_%.o $(FUZZ_OBJ)
	$(call say,LINK-FUZZ,$@)
	$(Q)$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $^ -L$(CUDA_LIB) -lcudart_static -ldl -lrt -lpthread \
	  -lstdc++ $(LDLIBS)

.PHONY: fuzz
fuzz: $(FUZZERS:%=$(BUILD)/fuzz/fuzz_%) ## run the fuzzers FUZZ_SECONDS (60) each; findings become regression tests
	$(Q)command -v $(FUZZ_CC) >/dev/null || { echo "make fuzz: needs clang (apt-get install clang)" >&2; exit 1; }
	$(Q)status=0; for f in $(FUZZERS); do \
	  mkdir -p $(BUILD)/fuzz/corpus-$$f $(BUILD)/fuzz/found-$$f tests/fuzz/regressions/$$f; \
	  $(BUILD)/fuzz/fuzz_$$f -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 -close_fd_mask=3 \
	    -print_final_stats=1 -artifact_prefix=$(BUILD)/fuzz/found-$$f/ $(BUILD)/fuzz/corpus-$$f tests/fuzz/corpus/$$f \
	    > $(BUILD)/fuzz/fuzz_$$f.log 2>&1; rc=$$?; \
	  runs=$$(sed -n 's/^stat::number_of_executed_units: *//p' $(BUILD)/fuzz/fuzz_$$f.log); \
	  found=$$(ls $(BUILD)/fuzz/found-$$f); \
	  for x in $$found; do cp $(BUILD)/fuzz/found-$$f/$$x tests/fuzz/regressions/$$f/; done; \
	  echo "fuzz $$f: $${runs:-?} inputs in $(FUZZ_SECONDS) s, exit $$rc, findings: $${found:-none} (log: $(BUILD)/fuzz/fuzz_$$f.log)"; \
	  [ $$rc -eq 0 ] && [ -z "$$found" ] || status=1; \
	done; exit $$status

# --------------------------------------------------------------- sanitize --
# `make sanitize` (GPU machines): compute-sanitizer's memcheck, racecheck,
# initcheck and synccheck over every kernel test suite (every variant of
# every study) on small awkward sizes (BENCH_SMALL=1: n <= 2^20+1).
# SANITIZE_TOOLS picks a subset. Needs no report tools.
SANITIZE_TOOLS    ?= memcheck racecheck initcheck synccheck
COMPUTE_SANITIZER ?= $(or $(wildcard $(dir $(NVCC))compute-sanitizer),compute-sanitizer)

.PHONY: sanitize
sanitize: $(GPU_TEST_BINS) $(CU_TOOLS)/gpu-probe ## compute-sanitizer over every kernel test suite (GPU only)
	$(Q)$(CU_TOOLS)/gpu-probe >/dev/null 2>&1 || { echo "make sanitize: needs a CUDA GPU: $$($(CU_TOOLS)/gpu-probe 2>&1 | head -n 1)" >&2; exit 3; }
	$(Q)status=0; for tool in $(SANITIZE_TOOLS); do for t in $(GPU_TEST_BINS); do \
	  echo "== compute-sanitizer --tool $$tool $$t"; \
	  BENCH_SMALL=1 $(COMPUTE_SANITIZER) --tool $$tool --error-exitcode 1 $$t > $$t.$$tool.log 2>&1; rc=$$?; \
	  tail -n 3 $$t.$$tool.log; \
	  if [ $$rc -ne 0 ]; then echo "FAILED: $$tool $$t (exit $$rc; log $$t.$$tool.log)"; status=1; fi; \
	done; done; exit $$status

# The test build of reduce: the production objects (and build id) plus the
# test hook, for the fault-injection tests (tests/cli/test_fault.sh).
$(TESTS)/reduce: $(reduce_SRC:%.c=$(OBJ)/%.o) $(reduce_CU:%.cu=$(CU_OBJ)/%.o) $(HARNESS_OBJ) $(TEST_HOOK_OBJ) \
                     $(CU_OBJ)/gen/buildinfo_reduce.o
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(NVCC) $(GENCODE) -o $@ $^ $(NVLDLIBS)

# The fault-injection and memory tests on a GPU machine (no report tools).
.PHONY: test-fault
test-fault: $(TESTS)/reduce $(CU_TOOLS)/gpu-probe $(TESTS)/sqlq $(TESTS)/hoststudy ## fault-injection and low-memory tests (GPU; no report tools)
	$(Q)$(TEST_ENV) sh tests/run-tests tests/cli/test_fault.sh

# Everything `make test` runs (after the variables above: prerequisites expand at once).
.PHONY: test-build quick-build
test-build: $(TEST_BINS) $(ASAN_TEST_BINS) $(REPLAY_BINS) $(BIN_FILES) $(TOOLS)/dbtool $(TOOLS)/mdquery $(CU_TOOLS)/gpu-probe \
            $(TESTS)/hoststudy $(TESTS)/sqlq $(TESTS)/reduce $(SQLSTATS) $(TOOLS)/errata $(TOOLS)/raytrace-image

# The quick tier (`make quicktest`): the unit suites, plain (their sanitized
# runs, the fuzz replays and everything slower are `make test`'s), and the
# command-line basics of every binary and tool (--help, --list, argument
# errors, the matrices parse) and of the docs' paths; what they need built.
QUICK_SUITES := $(filter $(TESTS)/unit/%,$(TEST_BINS)) \
                $(addprefix tests/cli/,test_reduce_cli.sh test_access_cli.sh test_distance_cli.sh test_raytrace_cli.sh \
                  test_stencil_cli.sh test_robust_args.sh test_dbtool.sh test_mdquery.sh test_study_copies.sh \
                  test_halfwidth.sh test_record_phases.sh test_docs.sh)
QUICK_PICK   := $(filter $(QUICK_SUITES),$(TEST_BINS) $(TEST_SH))
quick-build: $(filter $(TESTS)/unit/%,$(TEST_BINS)) $(BIN_FILES) $(TOOLS)/dbtool $(TOOLS)/mdquery $(TOOLS)/raytrace-image \
             $(TESTS)/hoststudy \
             $(TESTS)/sqlq $(SQLSTATS)

# ----------------------------------------------------------------- mutate --
# `make mutate`: mutation testing of the host C code (tests/mutate/mutate.sh):
# universalmutator's mutants of each file of tests/mutate/targets, each
# compiled, linked into that file's fast tests in a build of its own
# (build/mutate/build) and run; prints the score and the survivors.
# MUTATE_FILES (default: every file in targets), MUTATE_MAX mutants tested
# per file (default 25; 0: all), MUTATE_SEED (1), MUTATE_TIMEOUT s (30),
# MUTATE_MIN % killed (90), MUTATE_MATCH (only mutants whose description
# contains this text, e.g. 'dx * dx - dy * dy').
MUTATE_DIR   := $(BUILD)/mutate
MUTATE_BUILD := $(MUTATE_DIR)/build
MUTATE_VENV  := $(MUTATE_DIR)/venv

.PHONY: mutate
mutate: deps-test ## mutation testing of the host C code (MUTATE_FILES=, MUTATE_MAX=)
	$(Q)sh tests/mutate/deps $(MUTATE_VENV)
	$(Q)MUTATE_UM=$(MUTATE_VENV)/bin/mutate MUTATE_CC='gcc $(ALL_CFLAGS)' MUTATE_DIR=$(MUTATE_DIR) \
	  MUTATE_BUILD=$(MUTATE_BUILD) MUTATE_MAKE='$(MAKE) --no-print-directory BUILD=$(MUTATE_BUILD) $(TEST_ARCH)' \
	  MUTATE_FILES='$(MUTATE_FILES)' MUTATE_MAX='$(MUTATE_MAX)' MUTATE_SEED='$(MUTATE_SEED)' \
	  MUTATE_TIMEOUT='$(MUTATE_TIMEOUT)' MUTATE_MIN='$(MUTATE_MIN)' MUTATE_MATCH='$(MUTATE_MATCH)' \
	  sh tests/mutate/mutate.sh

# `make mutate-report`: mutation testing of the report (tests/report/mutate-report.sh):
# comparison flips in the sections' and views' queries, report_setting
# thresholds moved up and down, {{= }} printing nothing, the errata's one
# pass; each must fail tests/report/test_report.sh. Prints the score.
.PHONY: mutate-report
mutate-report: $(TOOLS)/mdquery $(TOOLS)/dbtool $(TOOLS)/errata deps-test ## mutation testing of the report (MUTATE_REPORT_MATCH=, MUTATE_REPORT_QUICK=1)
	$(Q)sh tests/report/mutate-report.sh
