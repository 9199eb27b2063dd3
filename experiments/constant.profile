# experiments/constant.profile: Nsight Compute counters of the constant-memory
# kernels (set 'constant': constant-cache miss and idle stalls, issue
# activity, SM throughput) for claims 000-broadcast, 000-cached and 002-idle;
# view counter_constant. Uniform (k = 1) against fully divergent (k = 32)
# reads of the distance field, and the ray tracer at the book's 100 spheres
# and the full 64 KB bank. 14 configurations (each verified on the CPU in
# its own process: the grid is kept at 1024 so that takes about a second).
distance --profile constant --grid 1024 --points 1024 --k 1,32
raytrace --profile constant --size 1024 --spheres 100,2340
