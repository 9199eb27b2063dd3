# experiments/reduce/reduce.profile: Nsight Compute counters of every reduction step
# (set 'reduce': branch uniformity, divergence, shared bank conflicts,
# occupancy, DRAM) at the seed's 2^24 int32, block 256; view
# counter_reduce_step. 13 configurations.
reduce --profile reduce --dtype int32 --n 2^24 --block 256 --variant neighbored,neighbored-less-divergence,interleaved,unroll2,unroll4,unroll8,unroll-warps8,complete-unroll-warps8,complete-unroll-template,warp-shuffle,vectorized,single-pass,cub
