# experiments/access.mk: the global-access-pattern study (seed 004, the
# texture and local-memory part of seed 001), and the compiler's resource
# report of every study's kernels. Its Nsight Compute counters:
# experiments/access.profile (experiments/profile.mk).

# ------------------------------------------------------------ binaries --
# One host source, two binaries: kernels/access.cu is compiled once per L1
# caching mode of global loads (-Xptxas -dlcm=ca: L1 and L2; -dlcm=cg: L2
# only) into an object of its own, and the binary says which it holds.
BINARIES     += access-ca access-cg
ACCESS_DLCMS := ca cg

define access_binary
$(OBJ)/$(1)/kernels/access.o: kernels/access.cu $(BUILD)/settings | deps-build
	$$(call say,NVCC,$$@)
	@mkdir -p $$(@D)
	$(Q)$(NVCC) $(ALL_NVFLAGS) -Xptxas -dlcm=$(1) -DACCESS_DLCM=\"$(1)\" -MMD -MP -c $$< -o $$@
access-$(1)_SRC       := experiments/access.c experiments/ref_access.c
access-$(1)_EXTRA_OBJ := $(OBJ)/$(1)/kernels/access.o
access-$(1)_EXTRA_SRC := kernels/access.cu
access-$(1)_NVFLAGS   := -Xptxas -dlcm=$(1)
endef
$(foreach d,$(ACCESS_DLCMS),$(eval $(call access_binary,$(d))))

# The tests link one build of the kernels (the L1-cached one).
TEST_OBJ += $(OBJ)/experiments/ref_access.o $(OBJ)/ca/kernels/access.o

# ----------------------------------------------------------- resources --
# The compiler's resource report (registers, stack frame, spill bytes, static
# shared memory per kernel) of every binary in BINARIES: each binary's kernels
# (name_CU and the .cu files of name_EXTRA_SRC) are compiled again with its
# flags (name_NVFLAGS too) and -Xptxas -v into $(RES_DIR)/<binary>.log;
# experiments/resources.sh turns the logs into INSERT OR REPLACE rows of
# kernel_resource keyed by the binary's build id. A log depends on its binary,
# so it is redone whenever the binary is relinked.
RES_DIR := $(BUILD)/resources
res_cu   = $($(1)_CU) $(filter %.cu,$($(1)_EXTRA_SRC))

$(RES_DIR)/%.log: $(BIN)/%
	$(call say,PTXAS,$@)
	@mkdir -p $(RES_DIR)/$*
	$(Q): > $@.tmp; for f in $(call res_cu,$*); do echo "== $$f" >> $@.tmp; \
	  $(NVCC) $(ALL_NVFLAGS) $($*_NVFLAGS) -Xptxas -v -c $$f -o $(RES_DIR)/$*/$$(basename $$f .cu).o \
	    2>> $@.tmp || { cat $@.tmp >&2; exit 1; }; done; mv $@.tmp $@

# BINARIES is complete only after every experiments/*.mk is read, so the list
# of logs is expanded in the recipe; the SQL file changes only when its rows do.
$(BUILD)/resources.sql: FORCE experiments/resources.sh
	$(Q)$(MAKE) --no-print-directory $(BINARIES:%=$(RES_DIR)/%.log)
	$(Q)sh experiments/resources.sh $(BIN) $(RES_DIR) $(BINARIES) > $@.tmp
	$(Q)cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@

# Load the rows into the database (again whenever the database changed).
$(BUILD)/stamp/resources: $(BUILD)/resources.sql $(DB) | $(BIN)/dbtool
	$(call say,RESOURCE,$(DB))
	@mkdir -p $(@D)
	$(Q)$(BIN)/dbtool load $< $(DB)
	@touch $@

# Run by `make measure` after the matrices.
MEASURE_EXTRA += $(BUILD)/stamp/resources
