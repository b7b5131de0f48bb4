#!/usr/bin/env python3
"""Partition speed: remat-opt's whole process against PyTorch's
min_cut_rematerialization_partition on the same GPT stack.

  partition_speed.py --what mincut|remat --layers N [--remat-opt PATH] [--repeat K]

Runs one measurement and prints one JSON line. The model is import_speed.py's:
N GPT-2 blocks (models.Block) at C=256, 4 heads, T=128, batch 2, dropout 0.1,
f32, real tensors.

  mincut  AOTAutograd (functorch.compile.aot_module, no-op compilers) traces
          the joint graph; the seconds are those of the partition_fn call
          alone: min_cut_rematerialization_partition on that joint graph
          (wall and CPU seconds).
  remat   the model imported (not timed), then `remat-opt FILE
          -remat-pipeline -o /dev/null` as a process, K times: the fastest
          and the median whole-process wall seconds, the least CPU seconds
          (user + system, robust on a shared machine), and the timings of
          one more run with -mlir-timing.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "test", "Integration", "Torch", "Inputs"))
sys.path.insert(0, os.path.join(ROOT, "bench"))

import torch  # noqa: E402
from import_speed import gpt_stack  # noqa: E402


def mincut(layers):
    from functorch.compile import aot_module, min_cut_rematerialization_partition, nop
    seconds = []

    def timed(joint, joint_inputs, **kw):
        start, cpu = time.perf_counter(), time.process_time()
        out = min_cut_rematerialization_partition(joint, joint_inputs, **kw)
        seconds.append((time.perf_counter() - start, time.process_time() - cpu))
        return out

    model, inputs = gpt_stack(layers)
    compiled = aot_module(model, fw_compiler=nop, bw_compiler=nop, partition_fn=timed)
    compiled(*inputs)
    return dict(seconds=round(seconds[0][0], 3), cpu=round(seconds[0][1], 3))


def mlir_timing(stderr):
    """Wall seconds per top-level -mlir-timing line (name -> seconds)."""
    got = {}
    for line in stderr.splitlines():
        m = re.match(r"\s*([0-9.]+) \(\s*[0-9.]+%\)\s+(\S.*)$", line)
        if m and m.group(2) not in got:
            got[m.group(2).strip()] = float(m.group(1))
    return got


def children_cpu():
    import resource
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def remat(layers, remat_opt, repeat):
    from remat_torch import import_model
    model, inputs = gpt_stack(layers)
    graph = import_model(model, inputs)
    path = os.path.join(tempfile.mkdtemp(prefix="remat-partition-speed-"), "g.mlir")
    with open(path, "w") as f:
        f.write(graph.mlir)
    cmd = [remat_opt, path, "-remat-pipeline", "-o", os.devnull]
    runs, cpus = [], []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), children_cpu()
        subprocess.run(cmd, check=True)
        runs.append(time.perf_counter() - start)
        cpus.append(children_cpu() - cpu)
    r = subprocess.run(cmd + ["-mlir-timing"], check=True, capture_output=True, text=True)
    runs.sort()
    cpus.sort()
    return dict(seconds=round(runs[0], 3), median=round(runs[len(runs) // 2], 3), cpu=round(cpus[0], 3),
                timing={k: round(v, 3) for k, v in mlir_timing(r.stderr).items()})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--what", choices=("mincut", "remat"), required=True)
    ap.add_argument("--layers", type=int, required=True)
    ap.add_argument("--remat-opt", default=os.path.join(ROOT, "build", "bin", "remat-opt"))
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    got = mincut(args.layers) if args.what == "mincut" else remat(args.layers, args.remat_opt, args.repeat)
    print(json.dumps(dict(what=args.what, layers=args.layers, **got)))


if __name__ == "__main__":
    main()
