# experiments/tools/resources.mk: the compiler's resource report of every
# study's kernels, loaded by `make measure`.
#
# The compiler's resource report (registers, stack frame, spill bytes, static
# shared memory per kernel) of every binary in BINARIES: each binary's kernels
# (name_CU and the .cu files of name_EXTRA_SRC) are compiled again with its
# flags (name_NVFLAGS too) and -Xptxas -v into $(RES_DIR)/<binary>.log;
# `dbtool resources` (experiments/harness/resources.c) stores each log's
# kernels in kernel_resource under the binary's build id (`<binary>
# --build-id`). A log depends on its binary, so it is redone whenever the
# binary is relinked.
RES_DIR := $(CUDA_DIR)/resources
res_cu   = $($(1)_CU) $(filter %.cu,$($(1)_EXTRA_SRC))

$(RES_DIR)/%.log: $(STUDIES)/%
	$(call say,PTXAS,$@)
	@mkdir -p $(RES_DIR)/$*
	$(Q): > $@.tmp; for f in $(call res_cu,$*); do echo "== $$f" >> $@.tmp; \
	  $(NVCC) $(ALL_NVFLAGS) $($*_NVFLAGS) -Xptxas -v -c $$f -o $(RES_DIR)/$*/$$(basename $$f .cu).o \
	    2>> $@.tmp || { cat $@.tmp >&2; exit 1; }; done; mv $@.tmp $@

# BINARIES is complete only after every experiments/*/*.mk is read, so the
# stamp's prerequisites are named in a second make that gets the list
# (RES_BINARIES). The logs are loaded again when one changed or the database did.
$(CUDA_DIR)/stamp/resources: FORCE
	$(Q)$(MAKE) --no-print-directory RES_BINARIES='$(BINARIES)' $(CUDA_DIR)/stamp/resources-loaded

$(CUDA_DIR)/stamp/resources-loaded: $(RES_BINARIES:%=$(RES_DIR)/%.log) $(DB) | $(TOOLS)/dbtool
	$(call say,RESOURCE,$(DB))
	@mkdir -p $(@D)
	$(Q)for b in $(RES_BINARIES); do \
	  id=$$($(STUDIES)/$$b --build-id) && $(TOOLS)/dbtool resources $(DB) $$b "$$id" $(RES_DIR)/$$b.log || exit 1; done
	@touch $@

# `make measure` runs it beside the trials (it needs the CPU only: nvcc and
# ptxas), then the counters of profile.mk.
