#!/usr/bin/env python3
"""Imports community_wild5.py's models twice, with their boolean masks
(and the labels a mask is computed from) selecting different counts, and
prints whether the MLIR is the same text: a graph over x[mask] must not
depend on how many elements the traced mask selected.

  mask_independent.py sasrec,masked_mse,...
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "python"))
sys.path.insert(0, HERE)

import torch  # noqa: E402
from remat_torch import import_model  # noqa: E402
import community_wild5 as W  # noqa: E402


def other_inputs(name, inputs):
    """The inputs with a different selection: masks complemented, and one
    more label kept where a mask comes from labels."""
    out = []
    for i, t in enumerate(inputs):
        t = t.clone()
        if t.dtype == torch.bool:
            t = ~t
        elif name in ("mlm_flat", "mlm_2d") and i == 1:
            t.view(-1)[4] = 5
        elif name == "masked_bce" and i == 1:
            t[1] = 0
        elif name == "smooth_ce" and i == 1:
            t[1] = 2
        elif name == "sasrec" and i == 1:
            t[0, 1] = 4
        out.append(t)
    return tuple(out)


def count(name, inputs):
    for i, t in enumerate(inputs):
        if t.dtype == torch.bool:
            return int(t.sum())
    t = inputs[1]
    return int({"sasrec": t != 0, "masked_bce": t >= 0, "smooth_ce": t != -1}.get(name, t != -100).sum())


def main():
    for name in sys.argv[1].split(","):
        model, inputs = getattr(W, name)()
        texts, counts = [], []
        for inp in (inputs, other_inputs(name, inputs)):
            g = import_model(model, inp)
            texts.append(re.sub(r"loc\(.*?\)", "", g.mlir))
            counts.append(count(name, inp))
        same = texts[0] == texts[1]
        ok = same and counts[0] != counts[1]
        print("%s: counts %d and %d, %s" % (name, counts[0], counts[1],
                                            "the same graph" if ok else "FAIL: different graphs"
                                            if not same else "FAIL: the same count"))


if __name__ == "__main__":
    main()
