# experiments/distance/distance.profile: Nsight Compute counters of the
# distance field (set 'constant', experiments/harness/profile.c) for claims
# 000-broadcast and 000-cached; view counter_constant. The constant kernel's
# indexed-constant-cache (IDC) requests and hits against the global kernel's
# L1 global-load requests and sectors, at uniform (k = 1) and fully divergent
# (k = 32) reads: eight configurations (each verified on the CPU in its own
# process: the grid is kept at 1024 so that takes about a second). 1024
# points (8 KiB) overflow the constant cache; 20 points (the seed's, 160
# bytes) fit it: claim 000-cached (repeated reads of the same addresses) is
# judged there, 000-broadcast at 1024.
distance --profile constant --grid 1024 --points 20,1024 --k 1,32 --variant global,constant
