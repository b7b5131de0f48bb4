#!/usr/bin/env python3
"""The MLP of examples/gen_mlp.py in PyTorch: step time and peak memory.

One training step is what remat's graph computes: the forward pass of L
blocks (b = y @ W1, c = gelu_tanh(b), y' = c @ W2) and the backward pass from
a given cotangent of the last output, producing the gradients of the input
and every weight. Modes:

  eager       plain PyTorch
  checkpoint  torch.utils.checkpoint around every block (non-reentrant)
  compile     torch.compile of the whole step's forward (default mode)

Peak memory is torch.cuda.max_memory_allocated() during one step minus what
was allocated before it (inputs, weights, cotangent), the quantity remat's
device pool measures. FP32 without TF32, like remat's cuBLAS calls.

  bench/torch_mlp.py --blocks 8 --rows 8192 --hidden 1024 --mode eager --json out.json
"""
import argparse
import json
import sys

from torch_step import emit, measure


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--blocks", type=int, default=2)
    ap.add_argument("--rows", type=int, default=2048)
    ap.add_argument("--hidden", type=int, default=512)
    ap.add_argument("--mode", choices=["eager", "checkpoint", "compile"], default="eager")
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--json", help="also write the result here")
    args = ap.parse_args()

    import torch
    import torch.nn.functional as F
    from torch.utils.checkpoint import checkpoint

    if not torch.cuda.is_available():
        print(json.dumps({"mode": args.mode, "ok": False, "error": "no CUDA device"}))
        return 2
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    dev = torch.device("cuda")
    L, R, H = args.blocks, args.rows, args.hidden
    gen = torch.Generator(device=dev).manual_seed(0)

    def uniform(*shape):
        # Variance-preserving, as the aot driver's --init fan-in: U(-1, 1)
        # times sqrt(3 / first dimension).
        scale = (3.0 / shape[0]) ** 0.5
        return ((torch.rand(*shape, generator=gen, device=dev) * 2 - 1) * scale).requires_grad_()

    x = uniform(R, H)
    weights = [(uniform(H, 4 * H), uniform(4 * H, H)) for _ in range(L)]
    dy = (torch.rand(R, H, generator=gen, device=dev) * 2 - 1) * (3.0 / R) ** 0.5

    def block(y, w1, w2):
        return F.gelu(y @ w1, approximate="tanh") @ w2

    def forward(y):
        for w1, w2 in weights:
            if args.mode == "checkpoint":
                y = checkpoint(block, y, w1, w2, use_reentrant=False)
            else:
                y = block(y, w1, w2)
        return y

    fwd = torch.compile(forward) if args.mode == "compile" else forward
    params = [x] + [w for pair in weights for w in pair]

    def step():
        for p in params:
            p.grad = None
        out = fwd(x)
        out.backward(dy)
        return out

    result = {"mode": args.mode, "ok": True, "blocks": L, "rows": R, "hidden": H,
              "device": torch.cuda.get_device_name(), "torch": torch.__version__}
    result.update(measure(torch, step, params, args.warmup, args.repeat))
    emit(result, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
