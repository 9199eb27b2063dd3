# experiments/constant.mk: the constant-memory studies, distance field (seed
# 000) and sphere ray tracer (seed 002), and the report's CPU render.
BINARIES           += distance raytrace
distance_SRC       := experiments/distance.c experiments/ref_distance.c
distance_CU        := kernels/distance.cu
raytrace_SRC       := experiments/raytrace.c experiments/ref_raytrace.c
raytrace_CU        := kernels/raytrace.cu
raytrace_EXTRA_SRC := experiments/raytrace_scene.h
TEST_OBJ           += $(OBJ)/experiments/ref_distance.o $(OBJ)/experiments/ref_raytrace.o \
                      $(OBJ)/experiments/png.o $(OBJ)/kernels/distance.o $(OBJ)/kernels/raytrace.o

# raytrace-image: the study's scene rendered by the CPU reference, host-only
# (no CUDA runtime), so the report's picture needs no GPU.
$(BIN)/raytrace-image: $(OBJ)/experiments/raytrace_image.o $(OBJ)/experiments/ref_raytrace.o $(OBJ)/experiments/png.o
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)gcc -o $@ $^ -lm
build test-build: $(BIN)/raytrace-image

# The report's picture: the book's configuration (1024 x 1024, 100 spheres),
# one of the verified configurations of experiments/constant.matrix.
$(BUILD)/figures/raytrace.png: $(BIN)/raytrace-image
	$(call say,RENDER,$@)
	@mkdir -p $(@D)
	$(Q)$(BIN)/raytrace-image $@ 1024 100
reports/report.pdf: $(BUILD)/figures/raytrace.png
