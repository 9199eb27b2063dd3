# experiments/distance/distance.profile: Nsight Compute counters of the
# distance field's constant-memory kernels (set 'constant': constant-cache
# miss and idle stalls, issue activity, SM throughput) for claims
# 000-broadcast and 000-cached; view counter_constant. Uniform (k = 1)
# against fully divergent (k = 32) reads (each configuration verified on the
# CPU in its own process: the grid is kept at 1024 so that takes about a second).
distance --profile constant --grid 1024 --points 1024 --k 1,32
