#!/usr/bin/env python3
"""Measures the fast budget solver against the exact one on random graphs.

For each seed, remat-difftest writes a small random training graph; for
budgets of 95%, 90%, 80% and 70% of its unrematerialized peak, both solvers
run (remat-opt -remat-pipeline="policy=budget ... solver=exact|fast") and
their recompute FLOPs are compared where the exact solver finds a solution.

  bench/budget_quality.py build/bin [--seeds 60] [--max-ops 8]
"""
import argparse
import json
import os
import re
import subprocess
import tempfile


def report(remat_opt, graph, options):
    p = subprocess.run([remat_opt, graph] + options + ["-remat-report=format=json", "-o", os.devnull],
                       capture_output=True, text=True)
    if p.returncode != 0:
        if "smallest peak" in p.stderr:
            return None
        raise SystemExit(p.stderr)
    return json.loads(p.stdout)["functions"][0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bindir")
    ap.add_argument("--seeds", type=int, default=60)
    ap.add_argument("--max-ops", type=int, default=8)
    args = ap.parse_args()
    remat_opt = os.path.join(args.bindir, "remat-opt")
    difftest = os.path.join(args.bindir, "remat-difftest")
    cases = equal = within5 = fast_infeasible = 0
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(args.seeds):
            graph = os.path.join(tmp, f"g{seed}.mlir")
            with open(graph, "w") as f:
                f.write(subprocess.run([difftest, "--seed", str(seed), "--emit", "--min-ops", "3",
                                        "--max-ops", str(args.max_ops)],
                                       capture_output=True, text=True, check=True).stdout)
            peak = report(remat_opt, graph, [])["peak_bytes"]
            for fraction in (0.95, 0.9, 0.8, 0.7):
                budget = int(peak * fraction)
                opts = lambda s: [f"-remat-pipeline=policy=budget budget={budget} solver={s} exact-limit=20"]
                try:
                    exact = report(remat_opt, graph, opts("exact"))
                except SystemExit:
                    continue  # too many candidates for the exact search
                if exact is None:
                    continue
                fast = report(remat_opt, graph, opts("fast"))
                cases += 1
                if fast is None:
                    fast_infeasible += 1
                    print(f"seed {seed} budget {fraction:.0%}: fast found no solution, exact "
                          f"{exact['recompute_flops']:.0f} FLOP at {exact['peak_bytes']} B")
                    continue
                e, f = exact["recompute_flops"], fast["recompute_flops"]
                excess = 0.0 if f == e else (f - e) / max(e, 1)
                equal += f == e
                if f != e:
                    print(f"seed {seed} budget {fraction:.0%}: fast {f:.0f} FLOP, exact {e:.0f}")
                within5 += excess <= 0.05
                worst = max(worst, excess)
    print(f"cases (seed x budget where the exact solver fits): {cases}")
    print(f"fast = exact FLOPs: {equal}; within 5%: {within5}; fast found no solution: {fast_infeasible}")
    print(f"worst excess of fast over exact: {worst:.1%}")


if __name__ == "__main__":
    main()
