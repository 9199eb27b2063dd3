# experiments/access/access.mk: the global-access-pattern study (seed 004, the
# texture and local-memory part of seed 001). Its Nsight Compute counters:
# experiments/access/access.profile (experiments/tools/profile.mk).

# ------------------------------------------------------------ binaries --
# One host source, two binaries: kernels/access.cu is compiled once per L1
# caching mode of global loads (-Xptxas -dlcm=ca: L1 and L2; -dlcm=cg: L2
# only) into an object of its own, and the binary says which it holds.
STUDY_NAMES  += access
access_ABOUT := seed 004, 001; access-ca, access-cg (L1 on, off): offset, misaligned, strided reads and writes; __ldg, texture, local memory
BINARIES     += access-ca access-cg
ACCESS_DLCMS := ca cg

define access_binary
$(CU_OBJ)/$(1)/kernels/access.o: kernels/access.cu $(CUDA_DIR)/settings-cu | deps-build
	$$(call say,NVCC,$$@)
	@mkdir -p $$(@D)
	$(Q)$(NVCC) $(ALL_NVFLAGS) -Xptxas -dlcm=$(1) -DACCESS_DLCM=\"$(1)\" -MMD -MP -c $$< -o $$@
access-$(1)_SRC       := experiments/access/access.c experiments/access/ref_access.c experiments/access/host_bytes.c
access-$(1)_EXTRA_OBJ := $(CU_OBJ)/$(1)/kernels/access.o
access-$(1)_EXTRA_SRC := kernels/access.cu
access-$(1)_NVFLAGS   := -Xptxas -dlcm=$(1)
endef
$(foreach d,$(ACCESS_DLCMS),$(eval $(call access_binary,$(d))))

# The tests link one build of the kernels (the L1-cached one).
TEST_OBJ += $(OBJ)/experiments/access/ref_access.o $(OBJ)/experiments/access/host_bytes.o \
            $(CU_OBJ)/ca/kernels/access.o
