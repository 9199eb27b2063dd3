# experiments/reduce/reduce.mk: the parallel-reduction study (seed 003).
STUDY_NAMES  += reduce
reduce_ABOUT := seed 003; reduce: the parallel-reduction ladder, step by step, and the steps above it, against CUB, DRAM peak and the read ceiling
BINARIES   += reduce
reduce_SRC := experiments/reduce/reduce.c experiments/reduce/ref_reduce.c experiments/reduce/reduce_input.c
reduce_CU  := kernels/reduce.cu
TEST_OBJ   += $(OBJ)/experiments/reduce/ref_reduce.o $(OBJ)/experiments/reduce/reduce_input.o $(CU_OBJ)/kernels/reduce.o
