#!/usr/bin/env python3
"""The GPT-2 of examples/torch/gpt2_small.py in PyTorch: step time and peak
memory, to set next to remat's run of the same model imported with
remat-import-torch (scripts/gpu-check.sh).

One training step: forward, cross-entropy loss, backward (all parameter
gradients), dropout on. Modes:

  eager       plain PyTorch
  checkpoint  torch.utils.checkpoint around every transformer block
  compile     torch.compile of the model (default mode)

Peak memory is torch.cuda.max_memory_allocated() during one step minus what
was allocated before it (parameters, inputs). PyTorch draws its dropout
masks inside the step, so they are in its peak; remat's graph takes them as
inputs, outside its measured peak. FP32 without TF32.

  bench/torch_gpt2.py --model examples/torch/gpt2_small.py --mode eager --json out.json
"""
import argparse
import importlib.util
import json
import sys

from torch_step import emit, measure


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True, help="a file whose make() returns (model, inputs)")
    ap.add_argument("--mode", choices=["eager", "checkpoint", "compile"], default="eager")
    ap.add_argument("--device", default="cuda")
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--json", help="also write the result here")
    args = ap.parse_args()

    import torch
    from torch.utils.checkpoint import checkpoint

    cuda = args.device == "cuda"
    if cuda and not torch.cuda.is_available():
        print(json.dumps({"mode": args.mode, "ok": False, "error": "no CUDA device"}))
        return 2
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    spec = importlib.util.spec_from_file_location("remat_bench_model", args.model)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    model, inputs = module.make()
    dev = torch.device(args.device)
    model = model.to(dev).train()
    inputs = tuple(t.to(dev) for t in inputs)
    if args.mode == "checkpoint":
        for block in model.h:
            block.forward = (lambda f: lambda x: checkpoint(f, x, use_reentrant=False))(block.forward)
    fwd = torch.compile(model) if args.mode == "compile" else model
    params = list(model.parameters())

    def step():
        for p in params:
            p.grad = None
        loss = fwd(*inputs)
        loss.backward()
        return loss

    result = {"mode": args.mode, "ok": True, "model": args.model,
              "device": torch.cuda.get_device_name() if cuda else "cpu",
              "torch": torch.__version__}
    result.update(measure(torch, step, params, args.warmup, args.repeat, cuda))
    emit(result, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
