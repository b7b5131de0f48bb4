"""Lowering of the aten ops of a captured joint graph to upstream MLIR.

One handler per aten op (packet name; overloads share it), registered in
one registry, `HANDLERS` (core.py), by the family modules of this package:

  elementwise    arithmetic, math, comparisons, logic, where, casts
  activations    relu, gelu, silu, leaky_relu, softplus, elu, hardtanh
  constants      zeros, ones, full, arange
  rng            random draws (arguments, or a counter-based generator)
  views          reshapes, transposes, slices, cat/stack/split
  matmul         mm, bmm, addmm
  attention      scaled_dot_product_attention's fused CPU kernel and its
                 backward (PyTorch 2.x), _safe_softmax
  reductions     sum, mean, amax, var, std, max/min
  normalization  softmax, layer norm, batch norm
  losses         nll_loss, mse_loss, label smoothing's masked ops
  indexing       embedding, gather, scatter
  scans          cumsum, cumprod, sort, topk
  conv           convolution (1-D, 2-D, 3-D, grouped, transposed)
  pooling        max, average (2-D, 3-D), adaptive pooling; upsampling; pads
  sampling       affine_grid, grid_sample (spatial transformers)
  special        lgamma, digamma, polygamma
  complexes      complex tensors as view_as_real (LLaMA's complex RoPE)

Handlers see `Tensor` views (see mlir.py) and Python scalars, and return a
Tensor, a tuple of them (multi-result ops) or None. Semantics follow
PyTorch's CPU kernels; results are not bitwise equal to PyTorch's
(summation order differs) but match within the tolerances stated in
docs/PyTorch.md.
"""

from .core import HANDLERS, Lowering, compute_elem, handles  # noqa: F401
from . import (activations, attention, complexes, constants, conv, ctc, elementwise, indexing, linalg, losses, masked,  # noqa: F401
               matmul, normalization, pooling, reductions, rng, sampling, scans, special,
               views)
from .rng import RANDOM_OPS, functional_uniform  # noqa: F401
