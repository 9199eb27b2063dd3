# experiments/tools/profile.mk: `make profile`, the Nsight Compute counters of the
# profile matrices, through the harness (experiments/harness/profile.c).
#
# experiments/<study>/<study>.profile: one sweep a line, a binary and its arguments
# with `--profile SET` (the metric sets: `build/studies/reduce --profile list`),
# run like a .matrix by experiments/tools/measure-gpus on every GPU of GPUS, one
# process per GPU at once (a failing matrix does not stop the others; `make
# profile` then fails; a stamp per database, GPU and profile matrix skips one
# that ran to the end with the same binaries). All lines of a binary run
# under one ncu process (`BIN --matrix FILE`: ncu's start and the child's GPU
# open once per binary, not per line or per configuration, as before, when
# the profile phase took minutes), each line a profile run of its own; each
# configuration is its launches replayed by ncu. A profile run resumes: what
# this build already profiled on this GPU is not redone.
PROFILES := $(sort $(wildcard experiments/*/*.profile))

.PHONY: profile
# The database is made only after the GPU check: without a GPU nothing is
# written (a data/measurements.db made here would hide data/measurements.sql.gz
# from `make report`).
profile: build ## Nsight Compute counters of experiments/*/*.profile (GPU and ncu; NCU=path)
	$(Q)$(CU_TOOLS)/gpu-probe || { echo "make profile: needs a CUDA GPU; nothing profiled" >&2; exit 3; }
	$(Q)$(MAKE) --no-print-directory $(call sq,$(DB))
	$(Q)NCU=$(call sq,$(NCU)) NVIDIA_SMI=$(call sq,$(NVIDIA_SMI)) RUNS=1 KEEP_GOING=1 \
	  sh experiments/tools/measure-gpus $(call sq,$(DB)) $(STUDIES) $(call sq,$(MEASURE_STAMPS)) $(call sq,$(GPUS)) $(PROFILES); st=$$?; \
	  [ $$st -eq 0 ] || echo "make profile: a profile matrix failed (exit $$st, see above); the others ran" >&2; exit $$st

# `make measure` runs it after the trials (never beside them: ncu and the
# timings must not share the GPU); without ncu it says so and goes on.
NCU ?= $(or $(shell command -v ncu 2>/dev/null),$(wildcard $(dir $(NVCC))ncu))
.PHONY: measure-profile
measure-profile:
	$(Q)$(MAKE) --no-print-directory profile || \
	  echo "make measure: Nsight Compute counters not collected (see above); \`make profile\` to retry" >&2
