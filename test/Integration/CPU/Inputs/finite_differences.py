#!/usr/bin/env python3
"""Checks remat-run's gradients against central finite differences.

The graph returns (y, dx, dW1_0, dW2_0, ...) for a cotangent dy: the
gradients of L = sum(y * dy). For a few weight entries w, compares the
returned dL/dw with (L(w + h) - L(w - h)) / 2h, computed by running the
same graph (policy none) on perturbed inputs. Needs an f64 graph.

  finite_differences.py REMAT_RUN GRAPH.mlir WORKDIR [remat-run flags...]
"""
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "Inputs"))
import npy  # noqa: E402


def run(remat_run, graph, inputs_dir, outputs_dir, flags):
    subprocess.run([remat_run, graph, "--inputs", inputs_dir, "--outputs", outputs_dir, "--overwrite"] + flags,
                   check=True, capture_output=True)
    outs = []
    i = 0
    while os.path.exists(os.path.join(outputs_dir, f"out{i}.npy")):
        outs.append(npy.read(os.path.join(outputs_dir, f"out{i}.npy"))[1])
        i += 1
    return outs


def main():
    remat_run, graph, work = sys.argv[1:4]
    flags = sys.argv[4:]
    os.makedirs(work, exist_ok=True)
    # Inputs: seeded uniform values, one .npy per argument, with the shapes
    # read off the function signature (gen_mlp.py's form: tensor arguments).
    text = open(graph).read()
    start = text.index("func.func")
    header = text[start:text.index("->", start)]
    args = [a.strip() for a in header[header.index("(") + 1:].split("%")[1:]]
    rng = random.Random(0)
    shapes = []
    for i, a in enumerate(args):
        ty = a[a.index("tensor<") + 7:a.index(">")]
        dims = ty.split("x")[:-1]
        n = 1
        for d in dims:
            n *= int(d)
        values = [rng.uniform(-1, 1) for _ in range(n)]
        shapes.append(("x".join(dims), values))
        npy.write(os.path.join(work, f"arg{i}.npy"), "f64", "x".join(dims),
                  ",".join(repr(v) for v in values))
    base = run(remat_run, graph, work, os.path.join(work, "base"), flags)
    dy = shapes[-1][1]
    h = 1e-6
    worst = 0.0
    # Weights are arguments 1..2L; their gradients are outputs 2.. in order.
    for arg in range(1, len(shapes) - 1):
        dims, values = shapes[arg]
        for entry in [0, len(values) // 2, len(values) - 1]:
            losses = []
            for sign in (1, -1):
                pert = list(values)
                pert[entry] += sign * h
                d = os.path.join(work, "pert")
                os.makedirs(d, exist_ok=True)
                for j in range(len(shapes)):
                    src = os.path.join(work, f"arg{j}.npy")
                    dst = os.path.join(d, f"arg{j}.npy")
                    if j == arg:
                        npy.write(dst, "f64", dims, ",".join(repr(v) for v in pert))
                    else:
                        with open(src, "rb") as f, open(dst, "wb") as g:
                            g.write(f.read())
                y = run(remat_run, graph, d, os.path.join(work, "pout"), ["--policy=none"])[0]
                losses.append(sum(a * b for a, b in zip(y, dy)))
            fd = (losses[0] - losses[1]) / (2 * h)
            analytic = base[1 + arg][entry]
            err = abs(fd - analytic) / max(1e-3, abs(analytic))
            worst = max(worst, err)
            print(f"arg{arg}[{entry}]: analytic {analytic:.9g} finite-difference {fd:.9g} rel.err {err:.2e}")
    print(f"max relative error {worst:.2e}")
    sys.exit(0 if worst < 1e-5 else 1)


if __name__ == "__main__":
    main()
