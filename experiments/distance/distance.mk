# experiments/distance/distance.mk: the constant-memory distance-field study
# (seed 000).
STUDY_NAMES        += distance
distance_ABOUT     := seed 000; distance: a distance field with its points in __constant__, global (plain or __ldg) or shared memory
BINARIES           += distance
distance_SRC       := experiments/distance/distance.c experiments/distance/ref_distance.c
distance_CU        := kernels/distance.cu
TEST_OBJ           += $(OBJ)/experiments/distance/ref_distance.o $(CU_OBJ)/kernels/distance.o
