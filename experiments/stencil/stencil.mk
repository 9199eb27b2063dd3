# experiments/stencil/stencil.mk: the 2-D stencil study (seed 001, texture caching on
# reuse). Its sweeps: experiments/stencil/stencil.matrix; counters:
# experiments/stencil/stencil.profile.
BINARIES     += stencil
stencil_SRC  := experiments/stencil/stencil.c experiments/stencil/ref_stencil.c experiments/stencil/stencil_image.c
stencil_CU   := kernels/stencil.cu
TEST_OBJ     += $(OBJ)/experiments/stencil/ref_stencil.o $(OBJ)/experiments/stencil/stencil_image.o \
                $(OBJ)/kernels/stencil.o
