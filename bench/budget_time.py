#!/usr/bin/env python3
"""Times the fast budget solver on generated MLP training graphs.

Writes stacked MLP/GELU blocks with examples/gen_mlp.py (50, 250 and 900
blocks: about 1,000, 5,500 and 20,000 top-level ops) and runs
remat-budget-bench on each at a budget of 70% of the unrematerialized peak.
The solver time is the model's construction, the fast family and the
choice; with --measure, the one real check of the choice (materialize and
schedule on a copy of the function) is timed too.

  bench/budget_time.py build/bin [--blocks 50 250 900] [--measure]
"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bindir")
    ap.add_argument("--blocks", type=int, nargs="+", default=[50, 250, 900])
    ap.add_argument("--budget", default="0.7")
    ap.add_argument("--measure", action="store_true")
    args = ap.parse_args()
    bench = os.path.join(args.bindir, "remat-budget-bench")
    gen = os.path.join(HERE, "..", "examples", "gen_mlp.py")
    with tempfile.TemporaryDirectory() as tmp:
        for blocks in args.blocks:
            path = os.path.join(tmp, f"mlp{blocks}.mlir")
            with open(path, "w") as f:
                subprocess.run([sys.executable, gen, "--blocks", str(blocks),
                                "--rows", "64", "--hidden", "32"], stdout=f,
                               check=True)
            cmd = [bench, path, f"--budget={args.budget}"]
            if args.measure:
                cmd.append("--measure")
            out = subprocess.run(cmd, capture_output=True, text=True, check=True)
            print(f"{blocks} blocks: " + out.stdout.strip())


if __name__ == "__main__":
    main()
