# experiments/access/access.profile: Nsight Compute counters of the access study,
# both builds. Set 'sectors' (view access_counter: bytes used per sector,
# sectors per request, hit rates, DRAM bytes) at 2^24 floats, block 512, the
# offsets and strides the report's table and claims read; set 'local' (view
# counter_local: local-memory sectors, L2 and DRAM traffic) for 001-local at
# the timed 2^26, block 256. 34 configurations.
access-ca --profile sectors --variant read-offset --n 2^24 --block 512 --k 0,1,2,8,11,32,128
access-ca --profile sectors --variant write-offset --n 2^24 --block 512 --k 0,11,32,128
access-ca --profile sectors --variant read-stride --n 2^24 --block 512 --k 1,2,4,8,32
access-cg --profile sectors --variant read-offset --n 2^24 --block 512 --k 0,1,2,8,11,32,128
access-cg --profile sectors --variant write-offset --n 2^24 --block 512 --k 0,11,32,128
access-cg --profile sectors --variant read-stride --n 2^24 --block 512 --k 1,2,4,8,32
access-ca --profile local --variant local-dynamic,local-static --n 2^26 --block 256 --k 0
access-cg --profile local --variant local-dynamic,local-static --n 2^26 --block 256 --k 0
