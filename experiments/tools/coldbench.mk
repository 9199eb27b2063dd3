# experiments/tools/coldbench.mk: the minimal harness (issue 36 item 2),
# build/studies/coldbench: CUB's int32 sum (64-bit and 32-bit offsets) and an
# empty kernel timed as nvbench's cold measurement does
# (experiments/tools/coldbench.c says how). Built by
# `make build` and `make test-build`; `make measure` runs it on each GPU
# beside the matrices through experiments/tools/coldbench.matrix (a matrix
# like the studies', so measure-gpus runs it per GPU, per trial, with a stamp;
# its line's --trials 1 measures in trial 1 only).
# It links the harness only for the device row, the result's download and
# the database (gpu_open, gpu_download, db_add_reference), not for timing.
COLDBENCH_OBJ := $(OBJ)/experiments/tools/coldbench.o $(CU_OBJ)/experiments/tools/coldbench_gpu.o \
                 $(OBJ)/experiments/harness/db.o $(OBJ)/experiments/harness/env.o \
                 $(OBJ)/experiments/harness/gpu.o $(OBJ)/experiments/harness/sampler.o $(OBJ)/experiments/harness/parse.o \
                 $(OBJ)/experiments/harness/resources.o $(OBJ)/experiments/harness/stats.o \
                 $(CU_OBJ)/kernels/timing.o $(OBJ)/gen/schema.o $(OBJ)/gen/coldbench_git.o

# The commit it is built from (rewritten only when it changes).
$(BUILD)/gen/coldbench_git.c: FORCE
	@mkdir -p $(@D)
	@printf 'const char coldbench_git_commit[] = "%s";\n' '$(GIT_COMMIT)' > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@

$(STUDIES)/coldbench: $(COLDBENCH_OBJ)
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(NVCC) $(GENCODE) -o $@ $^ $(NVLDLIBS)

build test-build: $(STUDIES)/coldbench
