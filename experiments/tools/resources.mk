# experiments/tools/resources.mk: the compiler's resource report of every
# study's kernels, loaded by `make measure`.
#
# The compiler's resource report (registers, stack frame, spill bytes, static
# shared memory per kernel) of every binary in BINARIES: each binary's kernels
# (name_CU and the .cu files of name_EXTRA_SRC) are compiled again with its
# flags (name_NVFLAGS too) and -Xptxas -v into $(RES_DIR)/<binary>.log;
# experiments/tools/resources.sh turns the logs into INSERT OR REPLACE rows of
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

# BINARIES is complete only after every experiments/*/*.mk is read, so the list
# of logs is expanded in the recipe; the SQL file changes only when its rows do.
$(BUILD)/resources.sql: FORCE experiments/tools/resources.sh
	$(Q)$(MAKE) --no-print-directory $(BINARIES:%=$(RES_DIR)/%.log)
	$(Q)sh experiments/tools/resources.sh $(BIN) $(RES_DIR) $(BINARIES) > $@.tmp
	$(Q)cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@

# Load the rows into the database (again whenever the database changed).
$(BUILD)/stamp/resources: $(BUILD)/resources.sql $(DB) | $(BIN)/dbtool
	$(call say,RESOURCE,$(DB))
	@mkdir -p $(@D)
	$(Q)$(BIN)/dbtool load $< $(DB)
	@touch $@

# Run by `make measure` after the matrices, before the counters of profile.mk.
MEASURE_EXTRA := $(BUILD)/stamp/resources $(MEASURE_EXTRA)
