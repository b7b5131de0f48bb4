#!/usr/bin/env python3
"""Writes and reads .npy files without NumPy, for remat-run tests.

  npy.py write DIR/arg0.npy f32 2x3 1.5        # a 2x3 array of 1.5
  npy.py write DIR/arg0.npy f32 4 1,2,3,4      # explicit values
  npy.py print DIR/out0.npy                    # shape, dtype and values
  npy.py raw DIR/arg0.npy '(4,,8)' 128         # an f32 header with this
                                               # shape text, then 128 zero bytes
"""
import struct
import sys

CODES = {"f32": ("<f4", "f"), "f64": ("<f8", "d"), "i32": ("<i4", "i"),
         "i64": ("<i8", "q"), "i1": ("|b1", "?")}


def write(path, dtype, shape_text, values_text):
    shape = [int(d) for d in shape_text.split("x")] if shape_text else []
    n = 1
    for d in shape:
        n *= d
    values = [float(v) for v in values_text.split(",")]
    if len(values) == 1:
        values = values * n
    if len(values) != n:
        sys.exit(f"npy.py: {len(values)} values for {n} elements")
    descr, fmt = CODES[dtype]
    if fmt in "iq?":
        values = [int(v) for v in values]
    shape_str = "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape_str)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(struct.pack("<%d%s" % (n, fmt), *values))


def raw(path, shape_text, nbytes):
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': %s, }" % shape_text
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(bytes(int(nbytes)))


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data[:6] == b"\x93NUMPY", "not a .npy file"
    hlen = struct.unpack("<H", data[8:10])[0]
    header = eval(data[10:10 + hlen].decode())  # a Python dict literal
    fmt = {v[0]: v[1] for v in CODES.values()}[header["descr"]]
    n = 1
    for d in header["shape"]:
        n *= d
    values = struct.unpack("<%d%s" % (n, fmt), data[10 + hlen:])
    return header, values


if __name__ == "__main__":
    if sys.argv[1] == "write":
        write(*sys.argv[2:6])
    elif sys.argv[1] == "raw":
        raw(*sys.argv[2:5])
    elif sys.argv[1] == "print":
        header, values = read(sys.argv[2])
        print("shape", header["shape"], "dtype", header["descr"])
        print(" ".join("%g" % v for v in values))
