#!/usr/bin/env python3
"""Sweeps budgets on graphs and checks the budget policy's guarantees.

For each graph: budgets from its unrematerialized peak down to 5% of it.
For every feasible budget, the achieved peak (after the whole pipeline) must
fit; smaller budgets must never give a higher peak nor fewer recompute
FLOPs; an infeasible budget must fail with the smallest reachable peak, and
every smaller budget must fail too.

  check_budget.py REMAT_OPT SOLVER GRAPH.mlir...
"""
import json
import re
import subprocess
import sys


def report(remat_opt, args):
    p = subprocess.run([remat_opt] + args + ["-remat-report=format=json", "-o", "/dev/null"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        m = re.search(r"smallest peak remat reaches for this function: (\d+) bytes", p.stderr)
        if not m:
            sys.exit(f"unexpected failure: {p.stderr}")
        return None, int(m.group(1))
    return json.loads(p.stdout)["functions"][0], None


def main():
    remat_opt, solver, graphs = sys.argv[1], sys.argv[2], sys.argv[3:]
    failures = 0
    for graph in graphs:
        base, _ = report(remat_opt, [graph])
        peak0 = base["peak_bytes"]
        last = None  # (peak, flops) at the previous, larger budget
        infeasible = False
        for step in range(20, 0, -1):
            budget = peak0 * step // 20
            fn, smallest = report(remat_opt, [graph, f"-remat-pipeline=policy=budget budget={budget} solver={solver}"])
            problems = []
            if fn is None:
                infeasible = True
                if smallest <= budget:
                    problems.append(f"infeasible but smallest peak {smallest} fits")
                line = f"budget {budget}: infeasible, smallest {smallest}"
            else:
                if infeasible:
                    problems.append("feasible below an infeasible budget")
                if fn["peak_bytes"] > budget:
                    problems.append(f"peak {fn['peak_bytes']} above budget")
                if last and (fn["peak_bytes"] > last[0] or fn["recompute_flops"] < last[1]):
                    problems.append(f"not monotone: {last} -> {(fn['peak_bytes'], fn['recompute_flops'])}")
                last = (fn["peak_bytes"], fn["recompute_flops"])
                line = f"budget {budget}: peak {fn['peak_bytes']} flops {fn['recompute_flops']}"
            failures += bool(problems)
            print(("FAIL " + "; ".join(problems) + ": " if problems else "ok: ") + f"{graph} {line}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
