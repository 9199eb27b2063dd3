# experiments/raytrace/raytrace.profile: Nsight Compute counters of the ray
# tracer's constant-memory kernels (set 'constant': constant-cache miss and
# idle stalls, issue activity, SM throughput) for claim 002-idle; view
# counter_constant. The book's 100 spheres and the full 64 KB bank.
raytrace --profile constant --size 1024 --spheres 100,2340
