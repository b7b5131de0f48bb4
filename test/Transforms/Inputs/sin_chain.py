"""A chain of N f16 sin layers (4x8) and its backward, as one function:
  sin_chain.py N > chain.mlir
(budget-fine-segments.mlir; a fresh user's generator, session 31)."""
import sys
n=int(sys.argv[1]); T="tensor<4x8xf16>"
L=[]
L.append("#id = affine_map<(i, j) -> (i, j)>")
L.append(f"func.func @chain(%x: {T}, %dy: {T} {{remat.cotangent}}) -> {T} {{")
prev="%x"
for i in range(n):
    L.append(f"  %e{i} = tensor.empty() : {T}")
    L.append(f"  %h{i} = linalg.generic {{indexing_maps = [#id, #id], iterator_types = [\"parallel\", \"parallel\"]}} ins({prev} : {T}) outs(%e{i} : {T}) {{\n  ^bb0(%v: f16, %o: f16):\n    %r = math.sin %v : f16\n    linalg.yield %r : f16\n  }} -> {T}")
    prev=f"%h{i}"
g="%dy"
for i in reversed(range(n)):
    inp = "%x" if i==0 else f"%h{i-1}"
    L.append(f"  %f{i} = tensor.empty() : {T}")
    L.append(f"  %g{i} = linalg.generic {{indexing_maps = [#id, #id, #id], iterator_types = [\"parallel\", \"parallel\"]}} ins({g}, {inp} : {T}, {T}) outs(%f{i} : {T}) {{\n  ^bb0(%a: f16, %b: f16, %o: f16):\n    %c = math.cos %b : f16\n    %r = arith.mulf %a, %c : f16\n    linalg.yield %r : f16\n  }} -> {T}")
    g=f"%g{i}"
L.append(f"  return {g} : {T}\n}}")
print("\n".join(L))
