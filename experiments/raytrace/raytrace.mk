# experiments/raytrace/raytrace.mk: the constant-memory sphere ray-tracer study
# (seed 002), and the report's CPU render of its scene.
STUDY_NAMES        += raytrace
raytrace_ABOUT     := seed 002; raytrace: a sphere ray tracer, its spheres in __constant__ or global (plain or __ldg) memory
BINARIES           += raytrace
raytrace_SRC       := experiments/raytrace/raytrace.c experiments/raytrace/ref_raytrace.c
raytrace_CU        := kernels/raytrace.cu
raytrace_EXTRA_SRC := experiments/raytrace/raytrace_scene.h
TEST_OBJ           += $(OBJ)/experiments/raytrace/ref_raytrace.o $(OBJ)/experiments/tools/png.o \
                      $(CU_OBJ)/kernels/raytrace.o

# raytrace-image: the study's scene rendered by the CPU reference, host-only
# (no CUDA runtime), so the report's picture needs no GPU.
$(TOOLS)/raytrace-image: $(OBJ)/experiments/raytrace/raytrace_image.o $(OBJ)/experiments/raytrace/ref_raytrace.o $(OBJ)/experiments/tools/png.o
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)gcc -o $@ $^ -lm $(OPENMP_LIBS)
build test-build: $(TOOLS)/raytrace-image

# The report's picture: the book's configuration (1024 x 1024, 100 spheres),
# one of the verified configurations of experiments/raytrace/raytrace.matrix.
# Drawn into a temporary name, checked whole (its IEND) and renamed in.
$(BUILD)/figures/raytrace.png: $(TOOLS)/raytrace-image
	$(call say,RENDER,$@)
	@mkdir -p $(@D)
	$(Q)t=$(@D)/.tmp.$$$$.$(@F); $(TOOLS)/raytrace-image $$t 1024 100 && sh reports/figure_complete.sh $$t $@ \
	  && mv $$t $@ || { rm -f $$t; exit 1; }
reports/report.pdf: $(BUILD)/figures/raytrace.png
