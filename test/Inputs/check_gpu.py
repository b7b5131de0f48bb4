"""Compares a remat-run --backend=cuda run with the CPU path's outputs."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import npy  # noqa: E402

run = json.load(open(sys.argv[1]))
print("measured <= predicted:", run["measured_peak_bytes"] <= run["predicted_peak_bytes"])
close = True
for i in range(len(run["outputs"])):
    want = npy.read(os.path.join(sys.argv[2], "out%d.npy" % i))
    got = npy.read(os.path.join(sys.argv[3], "out%d.npy" % i))
    # Relative to the result's largest element, as the ahead-of-time
    # driver: GEMM results cancel, so elements near zero carry the rounding
    # of large terms (measured on an H200: up to 6.4e-6 of the largest).
    largest = max((abs(b) for b in want[1]), default=0.0)
    for a, b in zip(got[1], want[1]):
        if not abs(a - b) <= 1e-4 * largest:
            close = False
print("outputs close:", close)
