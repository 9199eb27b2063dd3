# experiments/distance/distance.mk: the constant-memory distance-field study
# (seed 000).
BINARIES           += distance
distance_SRC       := experiments/distance/distance.c experiments/distance/ref_distance.c
distance_CU        := kernels/distance.cu
TEST_OBJ           += $(OBJ)/experiments/distance/ref_distance.o $(OBJ)/kernels/distance.o
