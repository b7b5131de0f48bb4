"""Counts kernel launches and library GEMMs in lowered GPT-2 graphs, and
compares a fused CPU run with an unfused one (see gpu-fusion.test)."""
import filecmp
import json
import os
import re
import sys

d = sys.argv[1]


def count(name):
    text = open(os.path.join(d, name)).read()
    return (len(re.findall(r"gpu\.launch_func", text)),
            len(re.findall(r"llvm\.call @remat_cublas_", text)))


def host_waits(name):
    return len(re.findall(r"llvm\.call @mgpuStreamSynchronize\(", open(os.path.join(d, name)).read()))


if len(sys.argv) > 2:
    plain = json.load(open(os.path.join(d, "plain.json")))
    fused = json.load(open(os.path.join(d, "fused.json")))
    same = all(filecmp.cmp(os.path.join(d, "plain", f), os.path.join(d, "fused", f), shallow=False)
               for f in os.listdir(os.path.join(d, "plain")))
    print("fused: bit-identical outputs:", same)
    print("fused: measured = predicted:",
          fused["measured_peak_bytes"] == fused["predicted_peak_bytes"] <= plain["predicted_peak_bytes"])
    print("fused: fewer allocations:", fused["num_allocs"] < plain["num_allocs"])
    sys.exit(0)

none, gemms = count("none.ll.mlir")
unfused, _ = count("nofuse.ll.mlir")
peak, _ = count("peak.ll.mlir")
bf16, bf16_gemms = count("bf16.ll.mlir")
print("none: %d launches, %d library GEMMs, within 240: %s" % (none, gemms, none <= 240))
print("unfused: %d launches, more than none: %s" % (unfused, unfused > none))
print("peak: %d launches, within 1.3x none: %s" % (peak, peak <= 1.3 * none))
print("host waits: none %d, peak %d, bf16 %d" % (host_waits("none.ll.mlir"), host_waits("peak.ll.mlir"),
                                                 host_waits("bf16.ll.mlir")))
print("bf16: %d launches, %d library GEMMs (%d%% of f32's)" % (bf16, bf16_gemms, 100 * bf16_gemms // gemms))
