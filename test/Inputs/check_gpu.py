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
    for a, b in zip(got[1], want[1]):
        if abs(a - b) > 1e-4 + 1e-3 * abs(b):
            close = False
print("outputs close:", close)
