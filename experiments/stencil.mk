# experiments/stencil.mk: the 2-D stencil study (seed 001, texture caching on
# reuse). Its sweeps: experiments/stencil.matrix; counters:
# experiments/stencil.profile.
BINARIES     += stencil
stencil_SRC  := experiments/stencil.c experiments/ref_stencil.c
stencil_CU   := kernels/stencil.cu
TEST_OBJ     += $(OBJ)/experiments/ref_stencil.o $(OBJ)/kernels/stencil.o
