"""Compares the outN.npy files of two remat-run --outputs folders within a
tolerance: for each output, max |a - b| / max |b| (the error relative to the
output's largest magnitude) must be at most --tol. Prints one line per
output and `ok` or `FAIL`; exits 1 on a failure or a missing file.

  python3 compare_outputs.py tiled/ untiled/ --tol 1e-5
"""
import argparse
import ast
import math
import os
import struct
import sys
from array import array

# .npy element types remat-run writes, as array typecodes (no numpy needed).
TYPECODES = {"<f4": "f", "<f8": "d", "<i4": "i", "<i8": "q"}


def load(path):
    """The shape and flat values of a little-endian, C-order .npy file."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        raise ValueError(f"{path}: not a .npy file")
    if data[6] == 1:
        (length,) = struct.unpack("<H", data[8:10])
        start = 10
    else:
        (length,) = struct.unpack("<I", data[8:12])
        start = 12
    header = ast.literal_eval(data[start:start + length].decode("latin1"))
    if header["fortran_order"] or (header["descr"] not in TYPECODES and
                                   header["descr"] != "<f2"):
        raise ValueError(f"{path}: unsupported layout {header}")
    body = data[start + length:]
    if header["descr"] == "<f2":
        return tuple(header["shape"]), list(struct.unpack("<%de" % (len(body) // 2), body))
    values = array(TYPECODES[header["descr"]])
    values.frombytes(body)
    return tuple(header["shape"]), [float(v) for v in values]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("actual")
    parser.add_argument("expected")
    parser.add_argument("--tol", type=float, required=True)
    args = parser.parse_args()
    names = sorted(f for f in os.listdir(args.expected) if f.endswith(".npy"))
    if not names:
        print("FAIL: no outputs in", args.expected)
        return 1
    worst = 0.0
    failed = False
    for name in names:
        path = os.path.join(args.actual, name)
        if not os.path.exists(path):
            print(f"FAIL: {name} missing from {args.actual}")
            failed = True
            continue
        shape_a, a = load(path)
        shape_b, b = load(os.path.join(args.expected, name))
        if shape_a != shape_b:
            print(f"FAIL: {name}: shape {shape_a} != {shape_b}")
            failed = True
            continue
        if not all(map(math.isfinite, a)) or not all(map(math.isfinite, b)):
            print(f"FAIL: {name}: not finite")
            failed = True
            continue
        scale = max(map(abs, b), default=0.0)
        err = max((abs(x - y) for x, y in zip(a, b)), default=0.0)
        rel = err / scale if scale > 0 else err
        worst = max(worst, rel)
        print(f"{name}: max abs error {err:.3e}, relative to max |x| {rel:.3e}")
        if rel > args.tol:
            failed = True
    print(f"{'FAIL' if failed else 'ok'}: {len(names)} outputs, worst relative "
          f"error {worst:.3e} (tolerance {args.tol:g})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
