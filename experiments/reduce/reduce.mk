# experiments/reduce/reduce.mk: the parallel-reduction study (seed 003).
BINARIES   += reduce
reduce_SRC := experiments/reduce/reduce.c experiments/reduce/ref_reduce.c experiments/reduce/reduce_input.c
reduce_CU  := kernels/reduce.cu
TEST_OBJ   += $(OBJ)/experiments/reduce/ref_reduce.o $(OBJ)/experiments/reduce/reduce_input.o $(OBJ)/kernels/reduce.o
