# Makefile: kernels -> experiment binaries -> SQLite -> queries -> figures and
# Markdown -> PDF. `make help` lists the targets; `make V=1` shows commands.
#
# Overridable settings (a change of any of them rebuilds what it affects):
#   NVCC          nvcc (default: PATH, then $CUDA_HOME/bin, then /usr/local/cuda/bin)
#   CUDA_ARCH     GPU architectures: native, all, or a list "sm_80 sm_90" (default:
#                 the GPUs here, else all); machine code for each plus PTX of the newest
#   CFLAGS        host C flags (default -O2 -g)
#   NVCCFLAGS     kernel flags (default -O3)
#   SQLITE_CFLAGS SQLite include flags (default: pkg-config sqlite3)
#   SQLITE_LIBS   SQLite link flags (default: pkg-config sqlite3)
#   CMOCKA_CFLAGS, CMOCKA_LIBS  the test framework (default: system cmocka)
#   OPENMP_CFLAGS OpenMP for the CPU references and input building (default
#                 -fopenmp: gcc's libgomp, linked as OPENMP_LIBS, default -lgomp;
#                 OMP_NUM_THREADS applies)
#   DB            measurement database (default data/measurements.db)
#   GPUS          the GPUs `make measure` measures: all, nvidia-smi indices or UUIDs
#                 (default: GPU 0 as CUDA numbers it)
#   V             V=1 shows the commands

CFLAGS        ?= -O2 -g
NVCCFLAGS     ?= -O3
DB            ?= data/measurements.db
CUDA_HOME     ?= /usr/local/cuda
NVCC          ?= $(or $(shell command -v nvcc 2>/dev/null),$(wildcard $(CUDA_HOME)/bin/nvcc),$(wildcard /usr/local/cuda/bin/nvcc))
SQLITE_CFLAGS ?= $(shell pkg-config --cflags sqlite3 2>/dev/null)
SQLITE_LIBS   ?= $(or $(shell pkg-config --libs sqlite3 2>/dev/null),-lsqlite3)
CMOCKA_CFLAGS ?=
CMOCKA_LIBS   ?= -lcmocka
OPENMP_CFLAGS ?= -fopenmp
OPENMP_LIBS   ?= -lgomp

# NVCC= given empty: say so once, before anything runs it.
ifeq ($(strip $(NVCC)),)
ifneq ($(filter command line environment,$(origin NVCC)),)
$(error NVCC is empty: set it to nvcc's path (NVCC=/usr/local/cuda/bin/nvcc) or leave it unset to look it up)
endif
endif

# ---------------------------------------------------------- architectures --
# CUDA_ARCH names the GPU architectures the kernels are compiled for:
#   (unset)       the GPUs of this machine (nvidia-smi), or `all` where it finds none
#   native        the GPUs of this machine; an error where there is none
#   all           every architecture this nvcc can compile for (`nvcc --list-gpu-code`)
#   sm_80 sm_90   a list (spaces or commas)
# Each gets machine code; the newest also gets PTX, which the driver compiles
# for a GPU newer than all of them. The list is in the nvcc flags, so in the
# build id and the run's provenance. `make print-arch` shows the choice.
# NVIDIA_SMI is what asks the GPUs' compute capability (tests point it at a fake).
NVIDIA_SMI ?= nvidia-smi
CUDA_ARCH  ?=
comma      := ,
NVCC_SMS   := $(if $(NVCC),$(shell $(NVCC) --list-gpu-code 2>/dev/null | sed -n 's/^sm_\([0-9]*\)$$/\1/p' | sort -un))
gpu_sms     = $(shell $(NVIDIA_SMI) --query-gpu=compute_cap --format=csv,noheader 2>/dev/null \
                | sed -n 's/^ *\([0-9]*\)\.\([0-9]*\) *$$/\1\2/p' | sort -un)
ARCH_REQ   := $(strip $(subst $(comma), ,$(CUDA_ARCH)))
ifeq ($(ARCH_REQ),)
ARCH_GPU   := $(gpu_sms)
ARCH_SMS   := $(or $(ARCH_GPU),$(NVCC_SMS))
ARCH_WHY   := default: $(if $(ARCH_GPU),the GPUs here,no GPU here$(comma) so all)
else ifeq ($(ARCH_REQ),native)
ARCH_SMS   := $(gpu_sms)
ARCH_WHY   := native
ifeq ($(ARCH_SMS),)
$(error CUDA_ARCH=native: no GPU found ($(NVIDIA_SMI) --query-gpu=compute_cap); name one: $(NVCC_SMS:%=sm_%))
endif
else ifeq ($(ARCH_REQ),all)
ARCH_SMS   := $(NVCC_SMS)
ARCH_WHY   := all
else
ARCH_SMS   := $(shell printf '%s\n' $(patsubst sm_%,%,$(ARCH_REQ)) | sort -un)
ARCH_WHY   := $(ARCH_REQ)
endif
# What this nvcc cannot compile for, named as given (or as the GPU's sm_NN).
ARCH_BAD   := $(if $(NVCC_SMS),$(strip $(if $(filter-out native all,$(ARCH_REQ)), \
                $(foreach t,$(ARCH_REQ),$(if $(filter $(patsubst sm_%,%,$(filter sm_%,$(t))),$(NVCC_SMS)),,$(t))), \
                $(patsubst %,sm_%,$(filter-out $(NVCC_SMS),$(ARCH_SMS))))))
ifneq ($(ARCH_BAD),)
$(error CUDA_ARCH=$(or $(CUDA_ARCH),(the GPUs here)): $(ARCH_BAD) not supported by this nvcc ($(NVCC)); it supports $(NVCC_SMS:%=sm_%), native, all)
endif
ARCH_NEWEST := $(lastword $(ARCH_SMS))
GENCODE   := $(foreach a,$(filter-out $(ARCH_NEWEST),$(ARCH_SMS)),-gencode arch=compute_$(a),code=sm_$(a)) \
             $(if $(ARCH_NEWEST),-gencode arch=compute_$(ARCH_NEWEST)$(comma)code=[sm_$(ARCH_NEWEST)$(comma)compute_$(ARCH_NEWEST)])
GENCODE   := $(strip $(GENCODE))

# Without a GPU nothing runs the kernels `make test` builds, so unless
# CUDA_ARCH is given it builds them for one architecture (the newest): the
# fat binary of all would cost CI minutes of nvcc for code no test runs.
TEST_ARCH  := $(if $(ARCH_REQ)$(ARCH_GPU),,$(if $(ARCH_NEWEST),CUDA_ARCH=sm_$(ARCH_NEWEST)))

.PHONY: print-arch
print-arch: ## the GPU architectures CUDA_ARCH selects and the nvcc flags for them
	@echo 'arch: $(ARCH_SMS:%=sm_%) ($(ARCH_WHY))'
	@echo 'nvcc: $(GENCODE)'

CUDA_INC  := $(if $(NVCC),$(abspath $(dir $(NVCC))../include))

# How the final flags are assembled.
WARN       := -Wall -Wextra -Werror -Wno-format-truncation
ALL_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(CFLAGS) $(OPENMP_CFLAGS) -I. \
              -isystem $(CUDA_INC) $(SQLITE_CFLAGS) $(CMOCKA_CFLAGS)
ALL_NVFLAGS := -std=c++17 $(NVCCFLAGS) $(GENCODE) -I. -Xcompiler -Wall,-Wextra --Werror all-warnings
LDLIBS     := $(SQLITE_LIBS) -lm -ldl $(OPENMP_LIBS)
# nvcc links too; it takes -l/-L itself and hands anything else (a library path) to the host linker.
NVLDLIBS   := $(foreach x,$(LDLIBS),$(if $(filter -l% -L%,$(x)),$(x),-Xlinker $(x)))

ifndef V
Q = @
say = @printf '  %-8s %s\n' $(1) $(2);
else
Q =
say =
endif

# A variable's text as the user gave it (a command-line or environment value
# is not expanded, so a '$(shell ...)' in it runs nothing), and as one
# single-quoted shell word (a ' in it cannot end the quoting).
raw = $(if $(filter command line environment,$(origin $(1))),$(value $(1)),$($(1)))
sq  = '$(subst ','\'',$(1))'

BUILD := build
OBJ   := $(BUILD)/obj
BIN   := $(BUILD)/bin

.DEFAULT_GOAL := all
# A recipe that fails leaves no half-written target behind.
.DELETE_ON_ERROR:
# Keep the figure data for inspection.
.SECONDARY:

# ---------------------------------------------------------------- settings --
# Every flag that changes code generation, persisted; objects depend on it:
# host C objects on $(BUILD)/settings (gcc's flags), kernels on
# $(BUILD)/settings-cu (nvcc's, the architectures among them), so a target
# that builds no kernel (make report) never rewrites the kernels' file and
# a change of architectures (make test builds the newest only where there
# is no GPU) rebuilds the kernels alone.
SETTINGS    := $(ALL_CFLAGS) | $(LDLIBS)
SETTINGS_CU := $(NVCC) | $(ALL_NVFLAGS)
# What changes the generated code, for the build id: not where the SQLite
# and cmocka headers live, so a build with other paths resumes as the same build.
CODEGEN := $(NVCC) | $(CFLAGS) | $(ALL_NVFLAGS)
$(BUILD)/settings: FORCE
	@mkdir -p $(@D)
	@echo '$(SETTINGS)' | cmp -s - $@ || echo '$(SETTINGS)' > $@
$(BUILD)/settings-cu: FORCE
	@mkdir -p $(@D)
	@echo '$(SETTINGS_CU)' | cmp -s - $@ || echo '$(SETTINGS_CU)' > $@
FORCE:
.PHONY: FORCE

# ------------------------------------------------------------------ tools --
# Check (and, as root with apt, install) what a target needs; one line otherwise.
.PHONY: deps-build deps-report deps-test
deps-build:
	$(Q)NVCC='$(NVCC)' sh .ci/deps build
deps-report:
	$(Q)sh .ci/deps report
deps-test:
	$(Q)NVCC='$(NVCC)' sh .ci/deps test

# ---------------------------------------------------------------- sources --
HARNESS := experiments/harness/args.c experiments/harness/bench.c experiments/harness/db.c \
           experiments/harness/env.c experiments/harness/gpu.c experiments/harness/parse.c \
           experiments/harness/profile.c experiments/harness/resources.c experiments/harness/run.c \
           experiments/harness/stats.c experiments/harness/watchdog.c
HARNESS += experiments/harness/nvml.c
# The schedule of gpu_sample() (experiments/harness/sampler.h).
HARNESS += experiments/harness/sampler.c
# With the probe kernel the run launches before the first configuration.
HARNESS_OBJ := $(HARNESS:%.c=$(OBJ)/%.o) $(OBJ)/gen/schema.o $(OBJ)/kernels/timing.o $(OBJ)/kernels/probe.o
# The read ceiling every run measures first (experiments/harness/ceiling.h).
HARNESS += experiments/harness/ceiling.c
HARNESS_OBJ += $(OBJ)/experiments/harness/ceiling.o $(OBJ)/kernels/ceiling.o
# The marker a profile child launches before each configuration (experiments/harness/profile.c).
HARNESS_OBJ += $(OBJ)/kernels/marker.o
# Linked into test builds only (build/bin/tests/...): the harness's test switches
# (experiments/harness/testhook.c) and the kernels that fault on purpose.
TEST_HOOK_OBJ := $(OBJ)/experiments/harness/testhook.o $(OBJ)/kernels/fault.o

# Each study adds itself in experiments/<study>/<study>.mk: BINARIES += name, and per
# binary name_SRC (host C), name_CU (kernels built with the default flags),
# name_EXTRA_OBJ (objects with rules of its own) and TEST_OBJ += what the
# tests link. Its matrix is experiments/<study>/<study>.matrix.
BINARIES :=
TEST_OBJ :=
include $(sort $(wildcard experiments/*/*.mk))
BIN_FILES := $(BINARIES:%=$(BIN)/%)

# ------------------------------------------------------------------ rules --
$(OBJ)/%.o: %.c $(BUILD)/settings | deps-build
	$(call say,CC,$<)
	@mkdir -p $(@D)
	$(Q)gcc $(ALL_CFLAGS) -MMD -MP -c $< -o $@

$(OBJ)/%.o: %.cu $(BUILD)/settings-cu | deps-build
	$(call say,NVCC,$<)
	@mkdir -p $(@D)
	$(Q)$(NVCC) $(ALL_NVFLAGS) -MMD -MP -c $< -o $@

# The schema compiled into the harness as a C string.
$(BUILD)/gen/schema.c: data/schema.sql
	@mkdir -p $(@D)
	$(Q){ echo 'const char db_schema_sql[] ='; sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/  "/' -e 's/$$/\\n"/' $<; echo ';'; } > $@
$(OBJ)/gen/%.o: $(BUILD)/gen/%.c $(BUILD)/settings
	@mkdir -p $(@D)
	$(Q)gcc $(ALL_CFLAGS) -c $< -o $@

# Build facts per binary: rewritten only when they change.
GIT_COMMIT   ?= $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
GIT_DIRTY    ?= $(shell test -z "$$(git status --porcelain -- kernels experiments 2>/dev/null)" && echo 0 || echo 1)
NVCC_VERSION := $(if $(NVCC),$(shell $(NVCC) --version 2>/dev/null | grep -o 'release [^,]*, V[0-9.]*'))
define buildinfo_rule
$(1)_ID := $$(shell cat $$($(1)_SRC) $$($(1)_CU) $$($(1)_EXTRA_SRC) $(HARNESS) kernels/*.h kernels/timing.cu data/schema.sql 2>/dev/null | { cat; echo '$$(CODEGEN) $$($(1)_NVFLAGS)'; } | sha1sum | cut -c1-16)
$(BUILD)/gen/buildinfo_$(1).c: FORCE
	@mkdir -p $$(@D)
	@printf '%s\n' 'const char buildinfo_id[] = "$$($(1)_ID)";' \
	  'const char buildinfo_git_commit[] = "$(GIT_COMMIT)";' 'const int buildinfo_git_dirty = $(GIT_DIRTY);' \
	  'const char buildinfo_nvcc_version[] = "$(NVCC_VERSION)";' \
	  'const char buildinfo_nvcc_flags[] = "$$(strip $(ALL_NVFLAGS) $$($(1)_NVFLAGS))";' > $$@.tmp
	@cmp -s $$@.tmp $$@ && rm -f $$@.tmp || mv $$@.tmp $$@
endef
$(foreach b,$(BINARIES),$(eval $(call buildinfo_rule,$(b))))

define binary_rule
$(BIN)/$(1): $$($(1)_SRC:%.c=$(OBJ)/%.o) $$($(1)_CU:%.cu=$(OBJ)/%.o) $$($(1)_EXTRA_OBJ) $(HARNESS_OBJ) $(OBJ)/gen/buildinfo_$(1).o
	$$(call say,LINK,$$@)
	@mkdir -p $$(@D)
	$(Q)$(NVCC) $(GENCODE) -o $$@ $$^ $(NVLDLIBS)
endef
$(foreach b,$(BINARIES),$(eval $(call binary_rule,$(b))))

# The database tool (load a dump; used where no sqlite3 command exists).
$(BIN)/dbtool: $(OBJ)/experiments/tools/dbtool.o $(OBJ)/experiments/tools/merge.o $(OBJ)/experiments/tools/dumpfile.o $(OBJ)/experiments/harness/db.o $(OBJ)/experiments/harness/resources.o $(OBJ)/experiments/harness/stats.o $(OBJ)/gen/schema.o \
               $(OBJ)/reports/sqlstats.o
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)gcc -o $@ $^ $(LDLIBS)

# Whether this machine has a usable GPU.
$(BIN)/gpu-probe: $(OBJ)/experiments/tools/gpu_probe.o $(OBJ)/experiments/harness/env.o $(OBJ)/experiments/harness/gpu.o \
                  $(OBJ)/experiments/harness/stats.o $(OBJ)/experiments/harness/sampler.o $(OBJ)/kernels/timing.o
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(NVCC) $(GENCODE) -o $@ $^ -lm

-include $(shell find $(OBJ) -name '*.d' 2>/dev/null)

.PHONY: build
build: $(BIN_FILES) $(BIN)/dbtool $(BIN)/gpu-probe ## compile every kernel variant and study binary

# ---------------------------------------------------------------- measure --
# Each study's matrix is experiments/<study>/<study>.matrix: one sweep (binary and
# arguments) a line. experiments/tools/measure-gpus runs them on each GPU of GPUS,
# one process per GPU, at once, into DB, with a stamp per database, GPU and
# matrix under MEASURE_STAMPS: a matrix runs again after the binaries it names
# change, for another DB and on another GPU. The binaries resume, so a re-run
# measures only what that database lacks for that GPU.
#   GPUS  '' (default): GPU 0 as CUDA numbers it (honouring CUDA_VISIBLE_DEVICES);
#         all: every GPU nvidia-smi lists; or nvidia-smi indices or UUIDs ("0 1")
# RUNS=N (default 6) is the number of trials: every matrix is measured N
# times as independent runs, trial 1 of every matrix before trial 2 of any
# (--repeat 1..N: resume never skips trial 2 for what trial 1 measured, and an
# interrupted trial k resumes as trial k); its stamp names N. The report's
# intervals are over the trials (data/schema.sql, view config_stats).
# The compiler's resource report is compiled beside the trials (CPU only);
# the counters follow them. The wall time of each phase is stored in table
# measure_phase (experiments/tools/record-phases) and printed at the end.
# Every run and phase row of one invocation carries its session id
# (MEASURE_SESSION, random unless set; run.session): the report compares
# two invocations on one GPU.
GPUS           ?=
MEASURE_STAMPS ?= $(BUILD)/stamp/measure
RUNS           ?= 6
# Checked as text, without a shell and without expanding it: digits only, not 0.
no_digits      = $(subst 0,,$(subst 1,,$(subst 2,,$(subst 3,,$(subst 4,,$(subst 5,,$(subst 6,,$(subst 7,,$(subst 8,,$(subst 9,,$(1)))))))))))
ifneq ($(words $(call raw,RUNS)):$(call no_digits,$(call raw,RUNS)):$(if $(subst 0,,$(call raw,RUNS)),n),1::n)
$(error RUNS must be a positive integer, got '$(call raw,RUNS)')
endif
MATRICES       := $(sort $(wildcard experiments/*/*.matrix))

# SHIPPED: the shipped measurements, a gzip-compressed SQL dump (make dump).
SHIPPED ?= data/measurements.sql.gz
# dbtool load parses the dump (never executes it) into a temporary file and
# renames it in only when whole, never over a database made meanwhile: a
# killed load leaves no database to trust. Two makes take turns (a lock on
# the database's directory); the second finds the database made.
$(DB): | $(BIN)/dbtool
	$(call say,DB,$@ from $(SHIPPED))
	$(Q)exec 9< $(call sq,$(dir $@)); if command -v flock > /dev/null; then flock 9 || exit 1; fi; \
	  [ -e $(call sq,$@) ] || { gzip -t $(call sq,$(SHIPPED)) && gzip -dc $(call sq,$(SHIPPED)) | $(BIN)/dbtool load - $(call sq,$@); }

.PHONY: measure measure-stale
measure: ## measure every stale configuration (needs a GPU; GPUS=all for every GPU here, RUNS=N trials, default 6)
	$(Q)t0=$$(date +%s.%N); utc0=$$(date -u +%Y-%m-%dT%H:%M:%SZ); \
	  MEASURE_SESSION=$${MEASURE_SESSION:-$$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')}; export MEASURE_SESSION; \
	  case $$MEASURE_SESSION in *[!A-Za-z0-9_.-]*) echo "make measure: MEASURE_SESSION may hold only letters, digits, '.', '_' and '-'; nothing measured" >&2; exit 2 ;; esac; \
	  [ $${#MEASURE_SESSION} -le 64 ] || { echo "make measure: MEASURE_SESSION is longer than 64 characters; nothing measured" >&2; exit 2; }; \
	  $(MAKE) --no-print-directory build || exit $$?; t1=$$(date +%s.%N); \
	  $(BIN)/gpu-probe 2>/dev/null || { echo "make measure: $$($(BIN)/gpu-probe 2>&1 | sed 's/^gpu-probe: //'): nothing measured" >&2; exit 3; }; \
	  $(MAKE) --no-print-directory $(DB) || exit $$?; \
	  ( $(MAKE) --no-print-directory -j4 $(BUILD)/stamp/resources > $(BUILD)/resources.out 2>&1; echo $$? > $(BUILD)/resources.rc ) & \
	  NVIDIA_SMI='$(NVIDIA_SMI)' RUNS='$(RUNS)' sh experiments/tools/measure-gpus '$(DB)' $(BIN) $(MEASURE_STAMPS) '$(GPUS)' $(MATRICES); \
	  rc=$$?; t2=$$(date +%s.%N); wait; cat $(BUILD)/resources.out; \
	  [ "$$(cat $(BUILD)/resources.rc)" = 0 ] || { echo "make measure: the compiler's resource report failed (see above)" >&2; rc=1; }; \
	  t3=$$(date +%s.%N); [ $$rc -eq 0 ] || exit $$rc; \
	  $(MAKE) --no-print-directory measure-profile; t4=$$(date +%s.%N); \
	  sh experiments/tools/record-phases $(BIN)/dbtool '$(DB)' "$$MEASURE_SESSION" \
	    "$$utc0" '$(RUNS)' $$t0 $$t1 $$t2 $$t3 $$t4

measure-stale: ## which matrices `make measure` would run, per GPU (DB, GPUS as for measure)
	$(Q)NVIDIA_SMI='$(NVIDIA_SMI)' RUNS='$(RUNS)' sh experiments/tools/measure-gpus --dry-run '$(DB)' $(BIN) $(MEASURE_STAMPS) '$(GPUS)' $(MATRICES)

# ------------------------------------------------------------------ slurm --
# `make slurm PARTITIONS="a b"` (or CONSTRAINTS="x y"): a measure job per
# entry on a Slurm cluster over this (shared) checkout, each building for its
# own GPU into its own shard, then a job that merges the shards and renders the
# report (experiments/tools/slurm/submit.sh says how; SLURM_OUT, SLURM_GRES,
# SLURM_TIME, SLURM_ARGS). `make test-cluster` (root) runs it on a real
# single-node Slurm it starts and stops (tests/cluster/test_cluster.sh).
PARTITIONS  ?=
CONSTRAINTS ?=
SLURM_VARS  := $(foreach v,PARTITIONS CONSTRAINTS SLURM_OUT SLURM_GRES SLURM_TIME SLURM_ARGS SLURM_REPORT,\
                 $(if $(filter-out undefined,$(origin $(v))),$(v)='$($(v))'))
.PHONY: slurm test-cluster
slurm: ## submit measure jobs to Slurm (PARTITIONS= or CONSTRAINTS=), then a merge-and-report job
	$(Q)$(SLURM_VARS) sh experiments/tools/slurm/submit.sh

test-cluster: $(BIN)/tests/hoststudy $(BIN)/tests/sqlq $(BIN)/dbtool ## as root: the Slurm pipeline on a single-node Slurm it starts
	$(Q)sh tests/run-tests tests/cluster/test_cluster.sh

# ----------------------------------------------------------------- report --
# Where the report's intermediate files and outputs go (a test points them
# into a temporary directory, with DB at a fixture database):
#   REPORT_BUILD  snapshot database, figure data, figures, report.md (default $(BUILD))
#   REPORT_DB     the snapshot the report reads (default $(REPORT_BUILD)/report.db)
#   REPORT_PDF, REPORT_HTML  the two outputs (default reports/report.pdf, .html)
REPORT_BUILD ?= $(BUILD)
REPORT_DB    ?= $(REPORT_BUILD)/report.db
REPORT_PDF   ?= reports/report.pdf
REPORT_HTML  ?= reports/report.html
FIG_DIR      := $(REPORT_BUILD)/figures
FIG_NAMES    := $(patsubst reports/figures/%.gp,%,$(wildcard reports/figures/*.gp))
FIGURES      := $(FIG_NAMES:%=$(FIG_DIR)/%.pdf)
FIGURES_SVG  := $(FIG_NAMES:%=$(FIG_DIR)/%.svg)

# The analysis: every view the report reads, split by concern, applied in
# file-name order to the report's snapshot (never part of a build id: a
# statistics fix keeps the shipped measurements this build's). Its
# statistics are C functions (reports/sqlstats.c): linked into mdquery, and
# for the sqlite3 command the loadable extension $(SQLSTATS).
ANALYSIS_SQL := $(sort $(wildcard reports/analysis/*.sql))
# The last of them turns the views every section reads into tables, once the
# report's own tables are filled (the snapshot's last step before the figures).
ANALYSIS_CACHE := reports/analysis/90-cache.sql
SQLSTATS     := $(BUILD)/lib/sqlstats.so
SQLITE_STATS  = sqlite3 -bail -cmd '.load $(abspath $(SQLSTATS))'
$(SQLSTATS): reports/sqlstats_ext.c reports/sqlstats.c reports/sqlstats.h experiments/harness/stats.c \
             experiments/harness/stats.h $(BUILD)/settings | deps-report
	$(call say,CC,$@)
	@mkdir -p $(@D)
	$(Q)gcc $(filter-out $(OPENMP_CFLAGS),$(ALL_CFLAGS)) -fPIC -shared $< experiments/harness/stats.c -o $@ -lm

# The report reads a snapshot: the local database if measurements were taken
# here, else the measurements shipped in data/measurements.sql.gz. Added to it:
# the report's own tables (reports/schema.sql), the analysis (ANALYSIS_SQL:
# first every result's statistics from its samples, table result_stat;
# ending with the trial statistics computed once: 90-cache.sql), the
# errata found by running the seeds' logic as written ($(BIN)/errata), the
# measurement matrices line by line, the metric sets of the profile mode
# (from experiments/harness/profile.c), the build facts, and every figure's
# points (table figure_point: captions say which series coincide).
# The source is keyed by its identity and content (reports/snapshot.sh): a
# stamp, rewritten only when they change, so another DB, an updated one or
# a deleted one (the shipped data again) makes a new snapshot.
REPORT_SOURCE := $(REPORT_BUILD)/report-source.stamp
$(REPORT_SOURCE): FORCE
	@mkdir -p $(@D)
	$(Q)sh reports/snapshot.sh stamp $(call sq,$(call raw,DB)) $(call sq,$(SHIPPED)) $@
$(REPORT_DB): $(REPORT_SOURCE) reports/snapshot.sh reports/schema.sql $(ANALYSIS_SQL) $(SQLSTATS) \
              reports/report_build.sql \
              $(MATRICES) $(BIN)/errata \
              reports/matrix.awk reports/profile_sets.awk experiments/harness/profile.c reports/figure_points.sh \
              $(wildcard reports/figures/*.sql) | $(BIN)/dbtool deps-report
	@mkdir -p $(@D)
	$(Q)set -e; t=$@.tmp.$$$$; trap 'rm -f "$$t" "$$t-journal" "$$t.sql"' EXIT; \
	  sh reports/snapshot.sh copy $(REPORT_SOURCE) $(BIN)/dbtool "$$t"; \
	  cat reports/schema.sql $(filter-out $(ANALYSIS_CACHE),$(ANALYSIS_SQL)) | $(SQLITE_STATS) "$$t"; \
	  $(BIN)/errata | sqlite3 -bail "$$t"; \
	  awk -f reports/matrix.awk $(MATRICES) | sqlite3 -bail "$$t"; \
	  awk -f reports/profile_sets.awk experiments/harness/profile.c | sqlite3 -bail "$$t"; \
	  sqlite3 -bail -cmd ".parameter set :git_commit \"'$(GIT_COMMIT)'\"" -cmd ".parameter set :git_dirty $(GIT_DIRTY)" \
	    "$$t" < reports/report_build.sql; \
	  $(SQLITE_STATS) "$$t" < $(ANALYSIS_CACHE); \
	  SQLSTATS='$(abspath $(SQLSTATS))' sh reports/figure_points.sh "$$t" $(wildcard reports/figures/*.sql); \
	  mv "$$t" $@

# Host-only: the seeds' code as written, run on inputs where it fails.
$(BIN)/errata: $(OBJ)/reports/errata.o $(OBJ)/reports/seed_reduce.o $(OBJ)/experiments/reduce/ref_reduce.o
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)gcc -o $@ $^ -lm $(OPENMP_LIBS)

# Figure data: the query's rows (read with separators no text holds: the
# snapshot made every other control character '?'), every field's tab,
# newline and carriage return (in a GPU name) made spaces,
# as tab-separated lines; written to a temporary file and renamed in, so a
# killed run leaves no partial or empty data file that the next would accept.
DAT_FIELDS := 'BEGIN { RS = "\036"; FS = "\037"; OFS = "\t" } { for (i = 1; i <= NF; i++) gsub(/[\001-\037\177]/, " ", $$i); $$1 = $$1; print }'
$(FIG_DIR)/%.dat: reports/figures/%.sql $(REPORT_DB) reports/blocks.awk $(SQLSTATS)
	@mkdir -p $(@D)
	$(Q)t=$@.tmp.$$$$; trap 'rm -f "$$t" "$$t.q"' EXIT; \
	  $(SQLITE_STATS) -header -separator "$$(printf '\037')" -newline "$$(printf '\036')" $(REPORT_DB) < $< > $$t.q \
	  && awk $(DAT_FIELDS) $$t.q | awk -f reports/blocks.awk > $$t && mv $$t $@

# One gnuplot script per figure; style.gnuplot picks the terminal from the
# output's suffix: .pdf for the PDF, .svg for the HTML. Cairo stamps a PDF
# with the current time: it is replaced by SOURCE_DATE_EPOCH's (same length).
# The figure is drawn into a temporary name (same suffix) and renamed in, so
# a killed gnuplot leaves no partial figure that a later run would accept.
define gnuplot_fig
	$(call say,GNUPLOT,$@)
	$(Q)t=$(@D)/.tmp.$$$$.$(@F); export SOURCE_DATE_EPOCH=$${SOURCE_DATE_EPOCH:-$(REPORT_EPOCH)}; if [ -s $(FIG_DIR)/$*.dat ]; then \
	  gnuplot -e "datafile='$(FIG_DIR)/$*.dat'; outfile='$$t'" -c reports/figures/style.gnuplot $< 2> $@.log; \
	else gnuplot -e "outfile='$$t'" reports/figures/empty.gnuplot 2> $@.log; fi \
	  || { cat $@.log >&2; rm -f $$t; exit 1; }; \
	sh reports/figure_complete.sh $$t $@ || { rm -f $$t; exit 1; }; \
	case $@ in *.pdf) d=$$(date -u -d @$${SOURCE_DATE_EPOCH:-$(REPORT_EPOCH)} +%Y%m%d%H%M%S) && \
	  sed -i "s|/CreationDate (D:[0-9]\{14\}Z)|/CreationDate (D:$${d}Z)|" $$t;; esac; mv $$t $@
endef
FIG_SCRIPTS := reports/figures/style.gnuplot reports/figures/empty.gnuplot reports/figures/panel.gnuplot \
               reports/figures/panels.awk
$(FIG_DIR)/%.pdf: reports/figures/%.gp $(FIG_DIR)/%.dat $(FIG_SCRIPTS)
	$(gnuplot_fig)
$(FIG_DIR)/%.svg: reports/figures/%.gp $(FIG_DIR)/%.dat $(FIG_SCRIPTS)
	$(gnuplot_fig)

# The report's text: sections in file-name order, every number a query.
SECTIONS := $(sort $(wildcard reports/sections/*.md))
$(REPORT_BUILD)/report.md: $(SECTIONS) $(REPORT_DB) $(BIN)/mdquery reports/report_cache.sql
	$(call say,QUERY,$@)
	$(Q)$(BIN)/mdquery --cache reports/report_cache.sql $(REPORT_DB) $(SECTIONS) > $@.tmp.$$$$ && mv $@.tmp.$$$$ $@ \
	  || { rm -f $@.tmp.$$$$; exit 1; }

$(BIN)/mdquery: $(OBJ)/reports/mdquery.o $(OBJ)/reports/format.o $(OBJ)/reports/sqlstats.o $(OBJ)/experiments/harness/stats.o
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)gcc -o $@ $^ $(LDLIBS)

# Figures are named without a suffix in the text (figures/x): the PDF takes
# x.pdf, the HTML x.svg; crossref.lua numbers figures and tables for both.
PANDOC_FLAGS = $(REPORT_BUILD)/report.md --metadata-file=reports/template.yaml --lua-filter=reports/crossref.lua \
               --resource-path=.:$(REPORT_BUILD):$(BUILD)
# The PDF goes through LaTeX here (not inside pandoc) so that its log stays
# beside it: $(REPORT_BUILD)/report.log, which the report test reads for
# overfull lines. Reproducible: two renders of one database give the same
# bytes (SOURCE_DATE_EPOCH, default: the end of the latest run, fixes the
# dates pdfTeX and cairo write; FORCE_SOURCE_DATE makes pdfTeX use it).
REPORT_EPOCH = $$(sqlite3 $(abspath $(REPORT_DB)) < $(abspath reports/report_epoch.sql))
$(REPORT_PDF): $(REPORT_BUILD)/report.md $(FIGURES) $(BUILD)/figures/raytrace.png reports/template.yaml \
               reports/preamble.tex reports/crossref.lua | deps-report
	$(call say,PANDOC,$@)
	$(Q)pandoc $(PANDOC_FLAGS) --default-image-extension=pdf -H reports/preamble.tex --standalone \
	  -o $(REPORT_BUILD)/report.tex
	$(Q)cd $(REPORT_BUILD) && export SOURCE_DATE_EPOCH=$${SOURCE_DATE_EPOCH:-$(REPORT_EPOCH)} FORCE_SOURCE_DATE=1 \
	  TEXINPUTS=.:$(abspath $(BUILD)):; rm -f report.aux report.toc report.out; \
	  for i in 1 2 3; do pdflatex -interaction=nonstopmode -halt-on-error report.tex > /dev/null \
	    || { tail -20 report.log; exit 1; }; done
	$(Q)cp $(REPORT_BUILD)/report.pdf $@.tmp && mv $@.tmp $@

# The HTML: table of contents, numbered sections, verdict colours and
# scrolling tables with sticky headers (reports/verdicts.lua,
# reports/report.css); the ray tracer's image at half size (its own
# directory comes first on the resource path), so the file stays small.
$(REPORT_BUILD)/html/figures/raytrace.png: $(BUILD)/figures/raytrace.png reports/figure_complete.sh
	@mkdir -p $(@D)
	$(Q)t=$(@D)/.tmp.$$$$.$(@F); gnuplot -e "set terminal pngcairo size 400,400; set output '$$t'; unset border; unset tics; \
	  unset key; set margins 0,0,0,0; set size ratio -1; plot '$<' binary filetype=png with rgbimage" \
	  && sh reports/figure_complete.sh $$t $@ && mv $$t $@ || { rm -f $$t; exit 1; }
# The HTML, self-contained: figures as percent-encoded SVG data URIs
# (reports/inline-svg.lua; base64 is a third larger), table cells aligned by
# class (reports/report.css; a cell's default is left) instead of a style
# attribute on each of ~20000.
$(REPORT_HTML): $(REPORT_BUILD)/report.md $(FIGURES_SVG) $(REPORT_BUILD)/html/figures/raytrace.png reports/template.yaml \
                reports/report.css reports/crossref.lua reports/verdicts.lua reports/inline-svg.lua | deps-report
	$(call say,PANDOC,$@)
	$(Q)pandoc $(REPORT_BUILD)/report.md --metadata-file=reports/template.yaml --lua-filter=reports/crossref.lua \
	  --lua-filter=reports/verdicts.lua --lua-filter=reports/inline-svg.lua --metadata=svg-dir:$(REPORT_BUILD) \
	  --resource-path=$(REPORT_BUILD)/html:.:$(REPORT_BUILD):$(BUILD) \
	  --default-image-extension=svg --standalone --self-contained --toc --toc-depth=2 --number-sections \
	  --css=reports/report.css --metadata=pagetitle:'GPU memory optimizations, measured' -t html -o $@.tmp
	$(Q)sed -e 's/<td style="text-align: left;">/<td>/g' -e 's/ style="text-align: left;"/ class="l"/g' -e 's/ style="text-align: right;"/ class="r"/g' \
	  -e 's/ style="text-align: center;"/ class="c"/g' $@.tmp > $@.tmp2 && mv $@.tmp2 $@ && rm -f $@.tmp

# Two `make report` in one tree take turns (a lock in REPORT_BUILD): they
# share report.tex, its .aux and the temporary files.
.PHONY: report report-files
report: ## render reports/report.pdf and reports/report.html from the database
	$(Q)mkdir -p $(REPORT_BUILD) && exec 9> $(REPORT_BUILD)/report.lock; if command -v flock > /dev/null; then \
	  flock -n 9 || { echo "report: another make report runs in this tree: waiting for it" >&2; flock 9; }; fi; \
	  $(MAKE) --no-print-directory report-files
report-files: $(REPORT_PDF) $(REPORT_HTML)

.PHONY: all
all: build ## measure what is stale (GPU machines only), then render the report
	$(Q)if $(BIN)/gpu-probe 2>/dev/null; then $(MAKE) --no-print-directory measure; \
	  else echo "make all: no CUDA GPU here: rendering from the measurements shipped in data/"; fi
	$(Q)$(MAKE) --no-print-directory report
	$(Q)if $(BIN)/gpu-probe 2>/dev/null; then $(MAKE) --no-print-directory compare-card; fi

# Ship the local measurements: an SQL dump, gzip-compressed so the checkout stays
# small enough to travel (experiments/tools/dump-db; refuses, changing nothing,
# when $(DB) does not exist). A plain data/measurements.sql left from before is
# no longer read: it is left alone, and said so.
.PHONY: dump
dump: $(BIN)/dbtool ## write data/measurements.sql.gz from the database DB (FORCE=1: even if it drops shipped runs)
	$(Q)DBTOOL=$(BIN)/dbtool FORCE=$(call sq,$(call raw,FORCE)) sh experiments/tools/dump-db $(call sq,$(call raw,DB)) $(call sq,$(SHIPPED))
	$(Q)if [ -f data/measurements.sql ]; then \
	  echo "dump: data/measurements.sql is no longer read (data/measurements.sql.gz is); remove it"; fi

# ---------------------------------------------------------------- compare --
# `make compare`: two measurement sets compared per configuration and GPU
# (experiments/tools/compare; README, "Comparing measurement sets"): the
# terminal table, table compare_verdict of $(COMPARE_DIR)/compare.db and a
# page (compare.pdf, compare.html). Each side is a database, a dump (.sql or
# .sql.gz) or a git commit (its data/measurements.sql.gz, or an older commit's
# data/measurements.sql):
#   BASE     default data/measurements.sql.gz (the shipped data)
#   NEW      default $(DB) (the local database)
#   BAND     equivalence band (default 0.02: same = the ratio's interval within
#            +-2%); BAND_<study>=B a study's own
#   FAIL_ON  verdicts that make the exit status 1 (e.g. slower)
#   ROWS     rows of the table and the page (default 40; 0 = all)
# `make compare-card`: each GPU measured here against BASE's GPUs of its model, one line.
BASE        ?= $(SHIPPED)
NEW         ?= $(DB)
BAND        ?= 0.02
FAIL_ON     ?=
ROWS        ?= 40
COMPARE_DIR ?= $(BUILD)/compare
COMPARE_ARGS = --base $(call sq,$(call raw,BASE)) --new $(call sq,$(call raw,NEW)) --out $(call sq,$(call raw,COMPARE_DIR)) \
               --band $(call sq,$(call raw,BAND)) --rows $(call sq,$(call raw,ROWS)) \
               $(foreach v,$(filter BAND_%,$(.VARIABLES)),--band $(call sq,$(v:BAND_%=%)=$(call raw,$(v))))
.PHONY: compare compare-card
# Each side gets the trial statistics of the analysis (COMPARE_SQL).
COMPARE_SQL := $(filter %-results.sql %-trials.sql,$(ANALYSIS_SQL))
COMPARE_ENV  = DBTOOL=$(BIN)/dbtool SQLSTATS=$(abspath $(SQLSTATS)) COMPARE_SQL='$(COMPARE_SQL)'
compare: $(BIN)/dbtool $(SQLSTATS) ## compare two measurement sets (BASE=, NEW=: databases, dumps or commits; BAND=, FAIL_ON=slower)
	$(Q)$(COMPARE_ENV) sh experiments/tools/compare $(COMPARE_ARGS) --fail-on $(call sq,$(call raw,FAIL_ON))
compare-card: $(BIN)/dbtool $(SQLSTATS) ## one line: each GPU measured here against the shipped GPUs of its model
	$(Q)$(COMPARE_ENV) sh experiments/tools/compare $(COMPARE_ARGS) --card

# ------------------------------------------------------------------- test --
include tests/tests.mk
.PHONY: test
# SUITES="test_report test_db ...": only the suites of those names (a unit
# suite runs plain and sanitized); unknown names are refused, nothing run.
SUITES     ?=
TEST_ALL   := $(TEST_BINS) $(ASAN_TEST_BINS) $(TEST_SH)
TEST_PICK  := $(if $(strip $(SUITES)),$(foreach s,$(SUITES),$(filter %/$(s) %/$(s).sh,$(TEST_ALL))),$(TEST_ALL))
TEST_NONE  := $(foreach s,$(SUITES),$(if $(filter %/$(s) %/$(s).sh,$(TEST_ALL)),,$(s)))
# test_oracle checks the shipped data's snapshot built as `make report`
# builds it (oracle-db, below): once, and again when the shipped data, the
# analysis or the tools change; if that fails, the suite builds its own.
TEST_ORACLE := $(filter %/test_oracle.sh,$(TEST_PICK))
test: deps-test ## unit, CLI, report and (with a GPU) kernel tests (SUITES="name ..." for a few)
	$(Q)$(if $(strip $(TEST_NONE)),echo 'make test: no suite named $(strip $(TEST_NONE)) (tests/*/test_*)' >&2; exit 2;)
	$(Q)$(TEST_ARCH) $(MAKE) --no-print-directory test-build
	$(Q)$(if $(TEST_ORACLE),$(TEST_ARCH) $(MAKE) --no-print-directory oracle-db > $(BUILD)/oracle-db.log 2>&1 \
	  || { rm -f $(ORACLE_DB); echo "make test: the shipped data's snapshot failed ($(BUILD)/oracle-db.log)"; })
	$(Q)$(TEST_ARCH) $(SAN_ENV) BIN=$(abspath $(BIN)) SQLSTATS=$(abspath $(SQLSTATS)) \
	  $(if $(TEST_ORACLE),ORACLE_DB=$(abspath $(ORACLE_DB))) sh tests/run-tests $(TEST_PICK)

# The shipped data's report snapshot (DB named where there is no database:
# the report reads data/measurements.sql.gz), in its own REPORT_BUILD.
ORACLE_BUILD := $(BUILD)/test-shipped
ORACLE_DB    := $(ORACLE_BUILD)/report.db
.PHONY: oracle-db
oracle-db: ## the shipped data's report snapshot test_oracle checks (build/test-shipped/report.db)
	$(Q)$(MAKE) --no-print-directory REPORT_BUILD=$(ORACLE_BUILD) DB=$(ORACLE_BUILD)/no-database $(ORACLE_DB)

# Only the kernel correctness suites: for a GPU machine without the report tools.
.PHONY: test-gpu
test-gpu: $(GPU_TEST_BINS) ## kernel correctness tests only (no report tools needed)
	$(Q)sh tests/run-tests $(GPU_TEST_BINS)

.PHONY: clean
clean: ## remove build outputs (keeps data/ and the measurement database)
	rm -rf $(BUILD) reports/report.pdf reports/report.html

# `make print-VAR`: the value of a make variable (e.g. print-NVCC, print-reduce_ID).
print-%:
	@echo '$($*)'

.PHONY: help
help: ## this list
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | sort | awk -F'\t' '{printf "  make %-10s %s\n", $$1, $$2}'
	@echo; echo "Settings (make VAR=value; a change rebuilds what it affects):"
	@sed -n '/^# Overridable settings/,/^$$/s/^#   /  /p' Makefile
	@echo '  (CUDA_ARCH now selects: $(ARCH_SMS:%=sm_%))'

# ----------------------------------------------------------------- export --
# The results for other tools (README, "Exports"): from the report's snapshot
# of the database, into EXPORT_DIR (default build/export):
#   results.csv   one row per GPU and configuration (view config_stats:
#                 median over complete runs, 95% interval, GB/s, % of peak)
#   samples.csv   every sample: GPU, study, configuration, run, rep, ms
#   results.json  one object per GPU and configuration with its samples
EXPORT_DIR ?= $(BUILD)/export
.PHONY: export
export: $(REPORT_DB) $(SQLSTATS) reports/export_results.sql reports/export_samples.sql reports/export.sql ## write the results as CSV and JSON into EXPORT_DIR (build/export)
	@mkdir -p $(EXPORT_DIR)
	$(call say,EXPORT,$(EXPORT_DIR))
	$(Q)t=$(EXPORT_DIR)/.tmp.$$$$; trap 'rm -f "$$t".*' EXIT; \
	  sqlite3 -bail $(REPORT_DB) < reports/export_results.sql > "$$t.results.csv" && \
	  $(SQLITE_STATS) $(REPORT_DB) < reports/export_samples.sql > "$$t.samples.csv" && \
	  $(SQLITE_STATS) $(REPORT_DB) < reports/export.sql > "$$t.results.json" && \
	  for f in results.csv samples.csv results.json; do mv "$$t.$$f" $(EXPORT_DIR)/$$f; done
