# experiments/stencil/stencil.profile: Nsight Compute counters of the stencil study at
# the largest size (set 'sectors': hit rates of L1/texture and L2, DRAM bytes
# read), so the report can set the requested bytes against the bytes DRAM
# actually delivered. 4 configurations.
stencil --profile sectors --variant global,ldg,tex,shared --size 8192 --block 256
