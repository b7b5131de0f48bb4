#!/usr/bin/env python3
"""Runs graphs under several policies with remat-run and checks, for each:
measured peak == predicted peak, no bad frees, outputs bitwise identical to
policy=none, and measured peak <= policy=none's.

  check_runs.py REMAT_RUN GRAPH.mlir...
"""
import json
import subprocess
import sys

CONFIGS = [
    ["--policy=selective"],
    ["--policy=selective", "--flops-per-byte=16"],
    ["--policy=segments", "--segments=2"],
    ["--policy=segments", "--segments=sqrt"],
]


def main():
    remat_run, graphs = sys.argv[1], sys.argv[2:]
    failures = 0
    for graph in graphs:
        for config in CONFIGS:
            out = subprocess.run([remat_run, graph, "--json", "--compare-policy=none"] + config,
                                 check=True, capture_output=True, text=True).stdout
            r = json.loads(out)
            c = r["compare"]
            problems = []
            if r["measured_peak_bytes"] != r["predicted_peak_bytes"]:
                problems.append("measured != predicted")
            if c["measured_peak_bytes"] != c["predicted_peak_bytes"]:
                problems.append("none: measured != predicted")
            if not c["bitwise_equal"]:
                problems.append("outputs differ from policy=none")
            if r["measured_peak_bytes"] > c["measured_peak_bytes"]:
                problems.append("peak above policy=none")
            if r["bad_frees"] or c["bad_frees"]:
                problems.append("bad frees")
            status = "FAIL " + ", ".join(problems) if problems else "ok"
            print(f"{status}: {graph} {' '.join(config)}: measured {r['measured_peak_bytes']} "
                  f"predicted {r['predicted_peak_bytes']}, none {c['measured_peak_bytes']}")
            failures += bool(problems)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
