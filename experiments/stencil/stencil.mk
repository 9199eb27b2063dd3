# experiments/stencil/stencil.mk: the 2-D stencil study (seed 001, texture caching on
# reuse). Its sweeps: experiments/stencil/stencil.matrix; counters:
# experiments/stencil/stencil.profile.
STUDY_NAMES  += stencil
stencil_ABOUT := seed 001; stencil: a 5x5 stencil's reuse read through plain loads, __ldg, a 2-D texture or a shared tile
BINARIES     += stencil
stencil_SRC  := experiments/stencil/stencil.c experiments/stencil/ref_stencil.c experiments/stencil/stencil_image.c
stencil_CU   := kernels/stencil.cu
TEST_OBJ     += $(OBJ)/experiments/stencil/ref_stencil.o $(OBJ)/experiments/stencil/stencil_image.o \
                $(CU_OBJ)/kernels/stencil.o
