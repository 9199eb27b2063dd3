# Makefile: kernels -> experiment binaries -> SQLite -> queries -> figures and
# Markdown -> PDF. `make help` lists the targets; `make V=1` shows commands.
#
# Two products: measuring (CUDA, the harness, the studies: `make build`,
# `make measure`) and the report (host tools only: `make report`). Without a
# GPU, `make all` is the report alone and compiles no CUDA.
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
#   JOBS          steps `make report` and the test builds run at a time where
#                 make was not given -j itself (default: the processors)

CFLAGS        ?= -O2 -g
JOBS          ?= $(shell nproc 2>/dev/null || echo 1)
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
              $(if $(CUDA_INC),-isystem $(CUDA_INC)) $(SQLITE_CFLAGS) $(CMOCKA_CFLAGS)
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
# -jJOBS for a sub-make, unless make was given -j (its jobserver then rules).
PAR_J = $(if $(filter -j% --jobserver%,$(MAKEFLAGS)),,-j$(JOBS))

# Paths make names as targets, or runs as commands, cannot hold a space (make
# would split them into two words): one given with one is refused here, one
# line, before anything runs. Every other path (EXPORT_DIR, COMPARE_DIR,
# SHIPPED, MEASURE_STAMPS, SLURM_OUT, NCU) is quoted in every recipe.
NO_SPACE_VARS := BUILD DB REPORT_BUILD REPORT_DB REPORT_PDF REPORT_HTML NVCC CUDA_HOME NVIDIA_SMI
$(if $(filter command line,$(origin BUILD)),$(if $(strip $(value BUILD)),,$(error BUILD is empty: name the build folder (default build))))
$(foreach v,$(NO_SPACE_VARS),$(if $(and $(filter command line environment,$(origin $(v))),$(word 2,$(value $(v)))),\
  $(error $(v)='$(value $(v))': a path with a space cannot be used for $(v) (make would split it); name one without)))

# ------------------------------------------------------------ build folders --
# Each folder is keyed by what changes its code, so builds with other settings
# (make test's one architecture without a GPU, make build's all) never
# rebuild each other's objects:
#   build/obj, build/gen    host C objects (gcc; a change of CFLAGS rebuilds them)
#   build/tools             the host tools, no CUDA: dbtool, mdquery, errata,
#                           raytrace-image (the report needs only these and
#                           build/lib/sqlstats.so)
#   build/cuda-KEY          the kernels and all that links them, KEY the
#                           architectures (all, sm_90, sm_80+sm_90) and, where
#                           NVCCFLAGS is not the default, a hash of it:
#     obj/ gen/             kernel objects, each binary's build facts
#     studies/              the study binaries and coldbench (what matrices name)
#     tools/                gpu-probe
#     tests/                the test binaries (tests/tests.mk)
#   build/studies           a link to the studies `make build` built last
# A build id (buildinfo_rule) hashes sources and flags, never a folder.
BUILD     := build
OBJ       := $(BUILD)/obj
TOOLS     := $(BUILD)/tools
space     := $(subst ,, )
ARCH_ALL  := $(if $(word 2,$(ARCH_SMS)),$(if $(filter-out $(ARCH_SMS),$(NVCC_SMS))$(filter-out $(NVCC_SMS),$(ARCH_SMS)),,all))
ARCH_KEY  := $(or $(ARCH_ALL),$(subst $(space),+,$(ARCH_SMS:%=sm_%)),none)
CUDA_KEY  := cuda-$(ARCH_KEY)$(if $(filter-out default file,$(origin NVCCFLAGS)),-$(shell printf '%s' $(call sq,$(NVCCFLAGS)) | sha1sum | cut -c1-8))
CUDA_DIR  := $(BUILD)/$(CUDA_KEY)
CU_OBJ    := $(CUDA_DIR)/obj
STUDIES   := $(CUDA_DIR)/studies
CU_TOOLS  := $(CUDA_DIR)/tools
TESTS     := $(CUDA_DIR)/tests

.DEFAULT_GOAL := all
# A recipe that fails leaves no half-written target behind.
.DELETE_ON_ERROR:
# Keep the figure data for inspection.
.SECONDARY:

# ---------------------------------------------------------------- settings --
# Every flag that changes code generation, persisted; objects depend on it:
# host C objects on $(BUILD)/settings (gcc's flags), kernels on
# $(CUDA_DIR)/settings-cu (nvcc's, the architectures among them), so a
# target that builds no kernel (make report) never rewrites the kernels'
# file, and a change of NVCC or its version rebuilds that folder's kernels.
SETTINGS    := $(ALL_CFLAGS) | $(LDLIBS)
SETTINGS_CU := $(NVCC) | $(ALL_NVFLAGS)
# What changes the generated code, for the build id: not where the SQLite
# and cmocka headers live, so a build with other paths resumes as the same build.
CODEGEN := $(NVCC) | $(CFLAGS) | $(ALL_NVFLAGS)
$(BUILD)/settings: FORCE
	@mkdir -p $(@D)
	@echo '$(SETTINGS)' | cmp -s - $@ || echo '$(SETTINGS)' > $@
$(CUDA_DIR)/settings-cu: FORCE
	@mkdir -p $(@D)
	@echo '$(SETTINGS_CU)' | cmp -s - $@ || echo '$(SETTINGS_CU)' > $@
FORCE:
.PHONY: FORCE

# ------------------------------------------------------------------ tools --
# Check (and, as root with apt, install) what a target needs; one line otherwise.
# deps-host: what the host tools need (no CUDA); deps-build: the kernels too.
.PHONY: deps-host deps-build deps-report deps-test
deps-host:
	$(Q)sh .ci/deps host
deps-build:
	$(Q)NVCC=$(call sq,$(NVCC)) sh .ci/deps build
deps-report:
	$(Q)sh .ci/deps report
deps-test:
	$(Q)NVCC=$(call sq,$(NVCC)) sh .ci/deps test

# ---------------------------------------------------------------- sources --
HARNESS := experiments/harness/args.c experiments/harness/bench.c experiments/harness/db.c \
           experiments/harness/env.c experiments/harness/gpu.c experiments/harness/parse.c \
           experiments/harness/profile.c experiments/harness/resources.c experiments/harness/run.c \
           experiments/harness/stats.c experiments/harness/watchdog.c
HARNESS += experiments/harness/nvml.c
# The schedule of gpu_sample() (experiments/harness/sampler.h).
HARNESS += experiments/harness/sampler.c
# With the probe kernel the run launches before the first configuration.
HARNESS_OBJ := $(HARNESS:%.c=$(OBJ)/%.o) $(OBJ)/gen/schema.o $(CU_OBJ)/kernels/timing.o $(CU_OBJ)/kernels/probe.o
# The read ceiling every run measures first (experiments/harness/ceiling.h).
HARNESS += experiments/harness/ceiling.c
HARNESS_OBJ += $(OBJ)/experiments/harness/ceiling.o $(CU_OBJ)/kernels/ceiling.o
# The marker a profile child launches before each configuration (experiments/harness/profile.c).
HARNESS_OBJ += $(CU_OBJ)/kernels/marker.o
# Linked into test builds only ($(TESTS)/...): the harness's test switches
# (experiments/harness/testhook.c) and the kernels that fault on purpose.
TEST_HOOK_OBJ := $(OBJ)/experiments/harness/testhook.o $(CU_OBJ)/kernels/fault.o

# Each study adds itself in experiments/<study>/<study>.mk: STUDY_NAMES +=
# study and study_ABOUT (its line in `make studies`), BINARIES += name, and
# per binary name_SRC (host C), name_CU (kernels built with the default
# flags), name_EXTRA_OBJ (objects with rules of its own) and TEST_OBJ +=
# what the tests link. Its matrix is experiments/<study>/<study>.matrix.
STUDY_NAMES :=
BINARIES :=
TEST_OBJ :=
include $(sort $(wildcard experiments/*/*.mk))
BIN_FILES := $(BINARIES:%=$(STUDIES)/%)

# ------------------------------------------------------------------ rules --
$(OBJ)/%.o: %.c $(BUILD)/settings | deps-host
	$(call say,CC,$<)
	@mkdir -p $(@D)
	$(Q)gcc $(ALL_CFLAGS) -MMD -MP -c $< -o $@

$(CU_OBJ)/%.o: %.cu $(CUDA_DIR)/settings-cu | deps-build
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
# A binary's build facts name the nvcc flags, so they live beside its kernels.
$(CU_OBJ)/gen/%.o: $(CUDA_DIR)/gen/%.c $(BUILD)/settings
	@mkdir -p $(@D)
	$(Q)gcc $(ALL_CFLAGS) -c $< -o $@

# Build facts per binary: rewritten only when they change.
GIT_COMMIT   ?= $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
GIT_DIRTY    ?= $(shell test -z "$$(git status --porcelain -- kernels experiments 2>/dev/null)" && echo 0 || echo 1)
NVCC_VERSION := $(if $(NVCC),$(shell $(NVCC) --version 2>/dev/null | grep -o 'release [^,]*, V[0-9.]*'))
define buildinfo_rule
$(1)_ID := $$(shell cat $$($(1)_SRC) $$($(1)_CU) $$($(1)_EXTRA_SRC) $(HARNESS) kernels/*.h kernels/timing.cu data/schema.sql 2>/dev/null | { cat; echo '$$(CODEGEN) $$($(1)_NVFLAGS)'; } | sha1sum | cut -c1-16)
$(CUDA_DIR)/gen/buildinfo_$(1).c: FORCE
	@mkdir -p $$(@D)
	@printf '%s\n' 'const char buildinfo_id[] = "$$($(1)_ID)";' \
	  'const char buildinfo_git_commit[] = "$(GIT_COMMIT)";' 'const int buildinfo_git_dirty = $(GIT_DIRTY);' \
	  'const char buildinfo_nvcc_version[] = "$(NVCC_VERSION)";' \
	  'const char buildinfo_nvcc_flags[] = "$$(strip $(ALL_NVFLAGS) $$($(1)_NVFLAGS))";' > $$@.tmp
	@cmp -s $$@.tmp $$@ && rm -f $$@.tmp || mv $$@.tmp $$@
endef
$(foreach b,$(BINARIES),$(eval $(call buildinfo_rule,$(b))))

define binary_rule
$(STUDIES)/$(1): $$($(1)_SRC:%.c=$(OBJ)/%.o) $$($(1)_CU:%.cu=$(CU_OBJ)/%.o) $$($(1)_EXTRA_OBJ) $(HARNESS_OBJ) $(CU_OBJ)/gen/buildinfo_$(1).o
	$$(call say,LINK,$$@)
	@mkdir -p $$(@D)
	$(Q)$(NVCC) $(GENCODE) -o $$@ $$^ $(NVLDLIBS)
endef
$(foreach b,$(BINARIES),$(eval $(call binary_rule,$(b))))

# The database tool (load a dump; used where no sqlite3 command exists).
$(TOOLS)/dbtool: $(OBJ)/experiments/tools/dbtool.o $(OBJ)/experiments/tools/merge.o $(OBJ)/experiments/tools/dumpfile.o $(OBJ)/experiments/harness/db.o $(OBJ)/experiments/harness/resources.o $(OBJ)/experiments/harness/stats.o $(OBJ)/gen/schema.o \
                 $(OBJ)/reports/sqlstats.o
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)gcc -o $@ $^ $(LDLIBS)

# Whether this machine has a usable GPU.
$(CU_TOOLS)/gpu-probe: $(OBJ)/experiments/tools/gpu_probe.o $(OBJ)/experiments/harness/env.o $(OBJ)/experiments/harness/gpu.o \
                  $(OBJ)/experiments/harness/stats.o $(OBJ)/experiments/harness/sampler.o $(CU_OBJ)/kernels/timing.o
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(NVCC) $(GENCODE) -o $@ $^ -lm

-include $(shell find $(OBJ) $(CU_OBJ) -name '*.d' 2>/dev/null)

# `make build` ends by pointing build/studies at the studies it built.
.PHONY: build
build: $(BIN_FILES) $(TOOLS)/dbtool $(CU_TOOLS)/gpu-probe ## compile every kernel variant and study binary (into build/studies)
	$(Q)ln -sfn $(CUDA_KEY)/studies $(BUILD)/studies

# `make studies`: every study, one line each, and how to see its options.
.PHONY: studies
studies: ## list the studies, one line each (their options: make build, then build/studies/BINARY --help)
	@$(foreach st,$(STUDY_NAMES),printf '  %-9s %s\n' $(call sq,$(st)) $(call sq,$($(st)_ABOUT));)
	@echo; echo "Each study's binaries: $(BINARIES)."
	@echo "Options, variants and axes: make build, then build/studies/BINARY --help (e.g. build/studies/reduce --help);"
	@echo "what a matrix line would run: build/studies/BINARY ARGS --list; the sweeps make measure runs: experiments/STUDY/STUDY.matrix."

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
$(DB): | $(TOOLS)/dbtool
	$(call say,DB,$@ from $(SHIPPED))
	$(Q)exec 9< $(call sq,$(dir $@)); if command -v flock > /dev/null; then flock 9 || exit 1; fi; \
	  [ -e $(call sq,$@) ] || { gzip -t $(call sq,$(SHIPPED)) && gzip -dc $(call sq,$(SHIPPED)) | $(TOOLS)/dbtool load - $(call sq,$@); }

.PHONY: measure measure-stale
measure: ## measure every stale configuration (needs a GPU; GPUS=all for every GPU here, RUNS=N trials, default 6)
	$(Q)t0=$$(date +%s.%N); utc0=$$(date -u +%Y-%m-%dT%H:%M:%SZ); \
	  MEASURE_SESSION=$${MEASURE_SESSION:-$$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')}; export MEASURE_SESSION; \
	  case $$MEASURE_SESSION in *[!A-Za-z0-9_.-]*) echo "make measure: MEASURE_SESSION may hold only letters, digits, '.', '_' and '-'; nothing measured" >&2; exit 2 ;; esac; \
	  [ $${#MEASURE_SESSION} -le 64 ] || { echo "make measure: MEASURE_SESSION is longer than 64 characters; nothing measured" >&2; exit 2; }; \
	  $(MAKE) --no-print-directory build || exit $$?; t1=$$(date +%s.%N); \
	  $(CU_TOOLS)/gpu-probe 2>/dev/null || { echo "make measure: $$($(CU_TOOLS)/gpu-probe 2>&1 | sed 's/^gpu-probe: //'): nothing measured" >&2; exit 3; }; \
	  $(MAKE) --no-print-directory $(call sq,$(DB)) || exit $$?; \
	  ( $(MAKE) --no-print-directory -j4 $(CUDA_DIR)/stamp/resources > $(CUDA_DIR)/resources.out 2>&1; \
	    echo $$? > $(CUDA_DIR)/resources.rc ) & \
	  NVIDIA_SMI=$(call sq,$(NVIDIA_SMI)) RUNS='$(RUNS)' sh experiments/tools/measure-gpus $(call sq,$(DB)) $(STUDIES) \
	    $(call sq,$(MEASURE_STAMPS)) $(call sq,$(GPUS)) $(MATRICES); \
	  rc=$$?; t2=$$(date +%s.%N); wait; cat $(CUDA_DIR)/resources.out; \
	  [ "$$(cat $(CUDA_DIR)/resources.rc)" = 0 ] || { echo "make measure: the compiler's resource report failed (see above)" >&2; rc=1; }; \
	  t3=$$(date +%s.%N); [ $$rc -eq 0 ] || exit $$rc; \
	  $(MAKE) --no-print-directory measure-profile; t4=$$(date +%s.%N); \
	  sh experiments/tools/record-phases $(TOOLS)/dbtool $(call sq,$(DB)) "$$MEASURE_SESSION" \
	    "$$utc0" '$(RUNS)' $$t0 $$t1 $$t2 $$t3 $$t4

measure-stale: ## which matrices `make measure` would run, per GPU (DB, GPUS as for measure)
	$(Q)NVIDIA_SMI=$(call sq,$(NVIDIA_SMI)) RUNS='$(RUNS)' sh experiments/tools/measure-gpus --dry-run $(call sq,$(DB)) $(STUDIES) \
	  $(call sq,$(MEASURE_STAMPS)) $(call sq,$(GPUS)) $(MATRICES)

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

# Built for the test architecture, as make test's (where .ci/run runs it,
# after make test, the binaries are there already).
test-cluster: ## as root: the Slurm pipeline on a single-node Slurm it starts
	$(Q)$(TEST_ARCH) $(MAKE) --no-print-directory $(PAR_J) test-cluster-run
.PHONY: test-cluster-run
test-cluster-run: $(TESTS)/hoststudy $(TESTS)/sqlq $(TOOLS)/dbtool
	$(Q)$(TEST_ENV) sh tests/run-tests tests/cluster/test_cluster.sh

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
# statistics are C functions (reports/sqlstats.c, with the quantiles of
# experiments/harness/stats.c): linked into mdquery, dbtool (it checks every
# samples text) and the tests' sqlq, and for the sqlite3 command the
# loadable extension $(SQLSTATS).
ANALYSIS_SQL := $(sort $(wildcard reports/analysis/*.sql))
# The last of them turns the views every section reads into tables, once the
# report's own tables are filled (the snapshot's last step before the figures).
ANALYSIS_CACHE := reports/analysis/90-cache.sql
SQLSTATS     := $(BUILD)/lib/sqlstats.so
SQLSTATS_LOAD = -cmd '.load $(abspath $(SQLSTATS))'
SQLITE_STATS  = sqlite3 -bail $(SQLSTATS_LOAD)
# The snapshot is built in a temporary file, renamed in only when whole and
# flushed to disk once (sync) before that: its steps need no commit of their
# own to reach the disk (synchronous OFF saved ~10 s of a cold `make report`);
# a page cache of up to 256 MB and sorts in memory (the cache step's windows
# and joins over 100,000s of rows: 1.5 s less).
SNAP_SQL      = sqlite3 -bail -cmd 'PRAGMA synchronous = OFF' -cmd 'PRAGMA cache_size = -262144' \
                -cmd 'PRAGMA temp_store = MEMORY'
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
# errata found by running the seeds' logic as written ($(TOOLS)/errata), the
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
              $(MATRICES) $(TOOLS)/errata \
              reports/matrix.awk reports/profile_sets.awk experiments/harness/profile.c reports/figure_points.sh \
              $(wildcard reports/figures/*.sql) | $(TOOLS)/dbtool deps-report
	@mkdir -p $(@D)
	$(Q)set -e; t=$@.tmp.$$$$; trap 'rm -f "$${t:?}" "$${t:?}-journal" "$${t:?}.sql"' EXIT; \
	  sh reports/snapshot.sh copy $(REPORT_SOURCE) $(TOOLS)/dbtool "$$t"; \
	  cat reports/schema.sql $(filter-out $(ANALYSIS_CACHE),$(ANALYSIS_SQL)) | $(SNAP_SQL) $(SQLSTATS_LOAD) "$$t"; \
	  $(TOOLS)/errata | $(SNAP_SQL) "$$t"; \
	  awk -f reports/matrix.awk $(MATRICES) | $(SNAP_SQL) "$$t"; \
	  awk -f reports/profile_sets.awk experiments/harness/profile.c | $(SNAP_SQL) "$$t"; \
	  $(SNAP_SQL) -cmd ".parameter set :git_commit \"'$(GIT_COMMIT)'\"" -cmd ".parameter set :git_dirty $(GIT_DIRTY)" \
	    "$$t" < reports/report_build.sql; \
	  $(SNAP_SQL) $(SQLSTATS_LOAD) "$$t" < $(ANALYSIS_CACHE); \
	  SQLSTATS='$(abspath $(SQLSTATS))' SNAPSHOT_NOSYNC=1 sh reports/figure_points.sh "$$t" $(wildcard reports/figures/*.sql); \
	  sync "$$t"; mv "$$t" $@

# Host-only: the seeds' code as written, run on inputs where it fails.
$(TOOLS)/errata: $(OBJ)/reports/errata.o $(OBJ)/reports/seed_reduce.o $(OBJ)/experiments/reduce/ref_reduce.o
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
$(REPORT_BUILD)/report.md: $(SECTIONS) $(REPORT_DB) $(TOOLS)/mdquery reports/report_cache.sql
	$(call say,QUERY,$@)
	$(Q)$(TOOLS)/mdquery --cache reports/report_cache.sql $(REPORT_DB) $(SECTIONS) > $@.tmp.$$$$ && mv $@.tmp.$$$$ $@ \
	  || { rm -f $@.tmp.$$$$; exit 1; }

$(TOOLS)/mdquery: $(OBJ)/reports/mdquery.o $(OBJ)/reports/format.o $(OBJ)/reports/sqlstats.o $(OBJ)/experiments/harness/stats.o
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
# The HTML, self-contained: figures as percent-encoded SVG data URIs and
# the ray tracer's image as base64 (reports/inline-svg.lua; base64 is a
# third larger), the style sheet inline (reports/report.css in a <style>
# block: no pandoc --self-contained, which parses the page again), table
# cells aligned by class (reports/report.css; a cell's default is left)
# instead of a style attribute on each of ~20000.
$(REPORT_BUILD)/html/report-css.html: reports/report.css
	@mkdir -p $(@D)
	$(Q){ echo '<style type="text/css">'; cat reports/report.css; echo '</style>'; } > $@.tmp && mv $@.tmp $@
$(REPORT_HTML): $(REPORT_BUILD)/report.md $(FIGURES_SVG) $(REPORT_BUILD)/html/figures/raytrace.png reports/template.yaml \
                $(REPORT_BUILD)/html/report-css.html reports/crossref.lua reports/verdicts.lua reports/inline-svg.lua | deps-report
	$(call say,PANDOC,$@)
	$(Q)pandoc $(REPORT_BUILD)/report.md --metadata-file=reports/template.yaml --lua-filter=reports/crossref.lua \
	  --lua-filter=reports/verdicts.lua --lua-filter=reports/inline-svg.lua --metadata=svg-dir:$(REPORT_BUILD) \
	  --default-image-extension=svg --standalone --toc --toc-depth=2 --number-sections --wrap=none \
	  --include-in-header=$(REPORT_BUILD)/html/report-css.html --metadata=document-css=false \
	  --metadata=pagetitle:'GPU memory optimizations, measured' -t html -o $@.tmp
	$(Q)sed -e 's/<td style="text-align: left;">/<td>/g' -e 's/ style="text-align: left;"/ class="l"/g' -e 's/ style="text-align: right;"/ class="r"/g' \
	  -e 's/ style="text-align: center;"/ class="c"/g' $@.tmp > $@.tmp2 && mv $@.tmp2 $@ && rm -f $@.tmp

# Two `make report` (or a report and a `make export`) in one REPORT_BUILD
# take turns (its lock, report.lock): they share the snapshot, report.tex,
# its .aux and the temporary files. Its steps run JOBS at a time (the
# figures beside the text, the PDF beside the HTML).
.PHONY: report report-files
report: ## render reports/report.pdf and reports/report.html from the database
	$(Q)mkdir -p $(REPORT_BUILD) && exec 9> $(REPORT_BUILD)/report.lock; if command -v flock > /dev/null; then \
	  flock -n 9 || { echo "report: a make report or export runs in $(REPORT_BUILD): waiting for it" >&2; flock 9; }; fi; \
	  $(MAKE) --no-print-directory $(PAR_J) report-files
report-files: $(REPORT_PDF) $(REPORT_HTML)

# `make all`: where nvidia-smi lists a GPU, build, and measure what is stale
# when gpu-probe finds the GPU usable; then the report. Without a GPU it is
# the report alone, from the host tools: no CUDA is compiled.
HAVE_GPU = $(NVIDIA_SMI) -L 2>/dev/null | grep -q '^GPU '
REPORT_FROM = $$([ -e $(call sq,$(DB)) ] && echo $(call sq,$(DB)) || echo 'the measurements shipped in '$(call sq,$(SHIPPED)))
.PHONY: all
all: ## GPU: build, measure what is stale, render the report; no GPU: the report alone (no CUDA compiled)
	$(Q)if $(HAVE_GPU); then $(MAKE) --no-print-directory build || exit $$?; \
	  if $(CU_TOOLS)/gpu-probe; then $(MAKE) --no-print-directory measure || exit $$?; \
	  else echo "make all: the GPU is not usable (above): rendering from $(REPORT_FROM)"; fi; \
	else echo "make all: no CUDA GPU here ($(NVIDIA_SMI) lists none): the report alone, from $(REPORT_FROM); no CUDA compiled"; fi
	$(Q)$(MAKE) --no-print-directory report
	$(Q)if $(HAVE_GPU) && $(CU_TOOLS)/gpu-probe 2>/dev/null; then $(MAKE) --no-print-directory compare-card; fi

# Ship the local measurements: an SQL dump, gzip-compressed so the checkout stays
# small enough to travel (experiments/tools/dump-db; refuses, changing nothing,
# when $(DB) does not exist). A plain data/measurements.sql left from before is
# no longer read: it is left alone, and said so.
.PHONY: dump
dump: $(TOOLS)/dbtool ## write data/measurements.sql.gz from the database DB, every sample (FORCE=1: even if it holds less than the shipped dump)
	$(Q)DBTOOL=$(TOOLS)/dbtool FORCE=$(call sq,$(call raw,FORCE)) sh experiments/tools/dump-db $(call sq,$(call raw,DB)) $(call sq,$(SHIPPED))
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
COMPARE_ENV  = DBTOOL=$(TOOLS)/dbtool SQLSTATS=$(abspath $(SQLSTATS)) COMPARE_SQL='$(COMPARE_SQL)'
# With neither BASE nor NEW given and no local database (a fresh clone), it
# compares the shipped data with itself across time: each GPU's first `make
# measure` invocation against its last (compare --sessions), and says how to
# name two sets.
COMPARE_DEFAULT := $(if $(filter file,$(origin BASE)),$(if $(filter file,$(origin NEW)),y))
COMPARE_FRESH    = [ -e $(call sq,$(DB)) ] || { echo "compare: no local database ($(DB)), so the shipped data's two make measure invocations on each GPU, the first against the last; to compare two sets, name them: make compare BASE=<database, dump or commit> NEW=<database, dump or commit>"; set -- --sessions; };
compare: $(TOOLS)/dbtool $(SQLSTATS) ## compare two measurement sets (BASE=, NEW=: databases, dumps or commits; BAND=, FAIL_ON=slower)
	$(Q)$(if $(COMPARE_DEFAULT),$(COMPARE_FRESH)) \
	  $(COMPARE_ENV) sh experiments/tools/compare $(COMPARE_ARGS) "$$@" --fail-on $(call sq,$(call raw,FAIL_ON))
compare-card: $(TOOLS)/dbtool $(SQLSTATS) ## one line: each GPU measured here against the shipped GPUs of its model
	$(Q)$(COMPARE_ENV) sh experiments/tools/compare $(COMPARE_ARGS) --card

# ------------------------------------------------------------------- test --
include tests/tests.mk
.PHONY: test quicktest test-env print-test-env
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
# Where the suites find the binaries (tests/cli/lib.sh reads these; without
# them it asks `make print-test-env`).
TEST_ENV    = TOOLS=$(abspath $(TOOLS)) STUDIES=$(abspath $(STUDIES)) TESTBIN=$(abspath $(TESTS)) \
              TESTBIN_ASAN=$(abspath $(TESTS_ASAN)) CU_TOOLS=$(abspath $(CU_TOOLS)) SQLSTATS=$(abspath $(SQLSTATS))
test: deps-test ## every test: unit, CLI, report and (with a GPU) kernel suites (SUITES="name ..." for a few)
	$(Q)$(if $(strip $(TEST_NONE)),echo 'make test: no suite named $(strip $(TEST_NONE)) (tests/*/test_*)' >&2; exit 2;)
	$(Q)$(TEST_ARCH) $(MAKE) --no-print-directory $(PAR_J) test-build
	$(Q)$(if $(TEST_ORACLE),$(TEST_ARCH) $(MAKE) --no-print-directory oracle-db > $(BUILD)/oracle-db.log 2>&1 \
	  || { rm -f $(ORACLE_DB); echo "make test: the shipped data's snapshot failed ($(BUILD)/oracle-db.log)"; })
	$(Q)$(TEST_ARCH) $(MAKE) --no-print-directory ORACLE_RUN='$(if $(TEST_ORACLE),$(abspath $(ORACLE_DB)))' test-run

# `make quicktest`: the quick tier (tests/tests.mk, QUICK_SUITES): the unit
# suites and every binary's command-line basics, at most 30 s once built.
quicktest: deps-test ## the quick tier: unit suites and command-line basics (30 s once built)
	$(Q)$(TEST_ARCH) $(MAKE) --no-print-directory $(PAR_J) quick-build
	$(Q)$(TEST_ARCH) $(MAKE) --no-print-directory QUICK=1 test-run

# Run the suites (QUICK=1: the quick tier's) with the binaries of this
# make's CUDA build (the test architecture: test and quicktest hand it down).
test-run:
	$(Q)$(SAN_ENV) $(TEST_ENV) $(if $(ORACLE_RUN),ORACLE_DB=$(ORACLE_RUN)) sh tests/run-tests $(if $(QUICK),$(QUICK_PICK),$(TEST_PICK))
print-test-env:
	$(Q)$(TEST_ARCH) $(MAKE) --no-print-directory -s test-env
test-env:
	@echo '$(TEST_ENV)'

# The shipped data's report snapshot (DB named where there is no database:
# the report reads data/measurements.sql.gz), in its own REPORT_BUILD; where
# there is no local database, the report's own (`make all` built it already).
ORACLE_BUILD := $(if $(wildcard $(DB)),$(BUILD)/test-shipped,$(REPORT_BUILD))
ORACLE_DB    := $(ORACLE_BUILD)/report.db
.PHONY: oracle-db
oracle-db: ## the shipped data's snapshot test_oracle checks (build/report.db, or build/test-shipped/ beside a local DB)
	$(Q)$(MAKE) --no-print-directory REPORT_BUILD=$(ORACLE_BUILD) DB=$(ORACLE_BUILD)/no-database $(ORACLE_DB)

# README.md's headline numbers: the block between its '<!-- headline' and
# '<!-- /headline -->' lines is reports/readme-headline.md expanded by
# mdquery on the shipped data's snapshot (ORACLE_DB), never typed;
# tests/cli/test_docs.sh checks it against the data.
README_HEADLINE = $(TOOLS)/mdquery --cache reports/report_cache.sql $(ORACLE_DB) reports/readme-headline.md | cat -s
.PHONY: readme
readme: $(TOOLS)/mdquery ## rewrite README.md's headline numbers from the shipped data
	$(Q)$(MAKE) --no-print-directory oracle-db
	$(Q)t=README.md.tmp.$$$$; trap 'rm -f "$${t:?}" "$${t:?}.block"' EXIT; \
	  $(README_HEADLINE) > "$$t.block" && \
	  awk -v f="$$t.block" '/^<!-- headline/ { print; while ((getline l < f) > 0) print l; skip = 1; next } \
	    /^<!-- \/headline -->/ { skip = 0 } !skip' README.md > "$$t" && \
	  grep -q '^<!-- /headline -->' "$$t" && mv "$$t" README.md && echo "readme: README.md's headline numbers rewritten"
print-readme-headline: $(TOOLS)/mdquery
	@$(README_HEADLINE)

# Only the kernel correctness suites: for a GPU machine without the report tools.
.PHONY: test-gpu
# One suite at a time unless TEST_JOBS says otherwise: the timing suite's
# flush and launch-floor checks measure, and need the GPU to themselves.
test-gpu: $(GPU_TEST_BINS) ## kernel correctness tests only, one suite at a time (no report tools needed)
	$(Q)$(TEST_ENV) TEST_JOBS=$${TEST_JOBS:-1} sh tests/run-tests $(GPU_TEST_BINS)

.PHONY: clean
clean: ## remove build outputs (keeps data/ and the measurement database)
	rm -rf -- $(call sq,$(BUILD)) reports/report.pdf reports/report.html

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
# The results for other tools (docs/ops.md, "Exports"), from the report's
# snapshot of the database, into EXPORT_DIR (default build/export;
# reports/export.sh: written to temporary names, read back and checked, then
# renamed in):
#   results.csv   one row per GPU and configuration (view config_stats:
#                 the mean of the trials' medians, interval at the engine's level, GB/s, % of
#                 peak), the GPU named by model, uuid and the report's label
#   results.json  the same rows as an array of objects
# EXPORT_SAMPLES=1 adds every stored sample (table result_sample holds every
# sample taken): samples.csv (GPU, study, configuration, run, rep, ms) and
# each object's "samples" in results.json.
# It takes the report's lock (REPORT_BUILD/report.lock), so a `make report`
# beside it never sees its snapshot change mid-way, nor it the report's.
EXPORT_DIR     ?= $(BUILD)/export
EXPORT_SAMPLES ?= 0
.PHONY: export export-files
export: ## write the results as CSV and JSON into EXPORT_DIR (build/export; EXPORT_SAMPLES=1: every sample too)
	$(Q)mkdir -p $(REPORT_BUILD) && exec 9> $(REPORT_BUILD)/report.lock; if command -v flock > /dev/null; then \
	  flock -n 9 || { echo "export: a make report or export runs in $(REPORT_BUILD): waiting for it" >&2; flock 9; }; fi; \
	  $(MAKE) --no-print-directory export-files
export-files: $(REPORT_DB) $(SQLSTATS) reports/export.sh reports/export_results.sql reports/export_samples.sql \
              reports/export_samples_csv.sql reports/export.sql
	$(call say,EXPORT,$(call sq,$(call raw,EXPORT_DIR)))
	$(Q)sh reports/export.sh $(REPORT_DB) $(call sq,$(call raw,EXPORT_DIR)) $(call sq,$(call raw,EXPORT_SAMPLES)) $(abspath $(SQLSTATS))
