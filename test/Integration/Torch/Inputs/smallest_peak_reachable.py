#!/usr/bin/env python3
"""policy=budget's refusal states the smallest peak remat reaches, and that
peak is reachable: a budget of it is met, a byte less is refused. On a
2-block selective state-space model (a Mamba-style scan unrolled over
time), the refusal named the measured peak of the family's last member,
27,968 B, where a budget of 19,264 B was met at 19,136 B (session 34):
remat_torch's policy="budget" grid starts at the stated peak and never
tried the low ones, and the step fell back to min-cut's partition.

  smallest_peak_reachable.py REMAT_OPT
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "python"))
sys.path.insert(0, HERE)

import torch  # noqa: E402
from remat_torch import import_model  # noqa: E402
import community_wild  # noqa: E402


def budget(tool, path, bytes_):
    """(peak reached, None) or (None, smallest peak stated)."""
    run = subprocess.run([tool, path, "-remat-pipeline=policy=budget budget=%d" % bytes_,
                          "-remat-report", "-o", os.devnull], capture_output=True, text=True)
    out = run.stdout + run.stderr
    if run.returncode == 0:
        return int(re.search(r"peak: .*?\(([0-9]+) B\)", out).group(1)), None
    m = re.search(r"smallest peak remat reaches for this function: ([0-9]+) bytes", out)
    if not m:
        sys.exit("FAIL: budget=%d: %s" % (bytes_, out.strip()[:400]))
    return None, int(m.group(1))


def main():
    model, inputs = community_wild.ssm()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "ssm.mlir")
        with open(path, "w") as f:
            f.write(import_model(model, inputs).mlir)
        _, smallest = budget(sys.argv[1], path, 1)
        reached, _ = budget(sys.argv[1], path, smallest)
        _, below = budget(sys.argv[1], path, smallest - 1)
    ok = smallest is not None and reached is not None and reached <= smallest and \
        below is not None
    print("%s: ssm: smallest peak stated %s B; a budget of it reaches %s B; one byte less: %s" % (
        "ok" if ok else "FAIL", smallest, reached,
        "refused" if below is not None else "met"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
