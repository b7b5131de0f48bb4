#!/usr/bin/env python3
"""Training steps of a GPT-2 (examples/torch/gpt2_small.py's model, by
default GPT-2 small: 12 layers, d=768, 12 heads) in PyTorch, with remat's
partition (remat_torch.compile) next to what PyTorch offers, under bf16
autocast on a GPU (issue 16's GPU row; scripts/gpu-check.sh runs it).

Modes (each a fresh process, the same seed, model and batches):

  eager       plain PyTorch
  checkpoint  torch.utils.checkpoint around every transformer block
  compile     torch.compile (Inductor, default partitioner for training)
  mincut      AOTAutograd with min_cut_rematerialization_partition and no
              compiler (PyTorch's kernels, as remat's partition runs)
  default     AOTAutograd with PyTorch's default partition, no compiler
  remat       remat_torch.compile(model) (remat's default policy, peak)
  remat-inductor  remat_torch.compile(model, compiler="inductor"): remat's
              partition inside torch.compile (Inductor's kernels)
  remat-budget:F  remat_torch.compile(model, policy="budget", budget=F)

One step: AdamW's zero_grad, forward under autocast, cross-entropy loss,
backward, AdamW step. Reported (JSON): the median step time over
--repeat steps after --warmup (CUDA events); `peak_bytes`, what
torch.cuda.max_memory_allocated() rises during one step above what lives
before it (parameters, optimizer state, inputs); `held_bytes`, what
torch.cuda.memory_allocated() rises from before the forward to just after
it (the loss and what autograd holds for backward: activations); the
losses of every step; for remat, its decision's statistics (time to
decide, ops, remat's predicted saved and peak bytes).

  bench/torch_train.py --mode remat --json out.json
  bench/torch_train.py --mode eager --device cpu --layers 2 --d 64 --heads 2 --seq 32 --vocab 256
"""
import argparse
import importlib.util
import json
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def load_model_file(path):
    spec = importlib.util.spec_from_file_location("remat_bench_model", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mode", default="eager")
    ap.add_argument("--model", default=os.path.join(HERE, "..", "examples", "torch", "gpt2_small.py"),
                    help="a file with a GPT2(vocab, d, heads, seq, layers, dropout) class")
    ap.add_argument("--device", default="cuda")
    ap.add_argument("--layers", type=int, default=12)
    ap.add_argument("--d", type=int, default=768)
    ap.add_argument("--heads", type=int, default=12)
    ap.add_argument("--seq", type=int, default=1024)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--vocab", type=int, default=50304)
    ap.add_argument("--dropout", type=float, default=0.0)
    ap.add_argument("--sdpa", action="store_true",
                    help="attention through F.scaled_dot_product_attention (PyTorch's fused "
                         "kernels, as nanoGPT's flash path) instead of written out")
    ap.add_argument("--dtype", choices=["bf16", "f16", "f32"], default="bf16",
                    help="autocast dtype (f32: no autocast)")
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--json", help="also write the result here")
    args = ap.parse_args()

    import torch
    from torch.utils.checkpoint import checkpoint

    cuda = args.device == "cuda"
    result = {"mode": args.mode, "ok": False, "torch": torch.__version__,
              "config": {k: getattr(args, k) for k in
                         ("layers", "d", "heads", "seq", "batch", "vocab", "dropout", "dtype", "sdpa")}}
    if cuda and not torch.cuda.is_available():
        result["error"] = "no CUDA device"
        return emit(result, args.json, 2)
    dev = torch.device(args.device)
    result["device"] = torch.cuda.get_device_name() if cuda else "cpu"

    gpt = load_model_file(args.model)
    torch.manual_seed(0)
    model = gpt.GPT2(vocab=args.vocab, d=args.d, heads=args.heads, seq=args.seq,
                     layers=args.layers, dropout=args.dropout).to(dev).train()
    if args.sdpa:
        import torch.nn.functional as F

        def sdpa_forward(self, x):
            b, t, c = x.shape
            q, k, v = self.c_attn(self.ln_1(x)).split(c, dim=2)
            q, k, v = (z.view(b, t, self.heads, c // self.heads).transpose(1, 2) for z in (q, k, v))
            y = F.scaled_dot_product_attention(q, k, v, dropout_p=self.drop.p if self.training else 0.0,
                                               is_causal=True)
            x = x + self.drop(self.c_proj(y.transpose(1, 2).contiguous().view(b, t, c)))
            return x + self.drop(self.mlp_proj(F.gelu(self.c_fc(self.ln_2(x)))))
        for block in model.h:
            block.forward = sdpa_forward.__get__(block)
    gen = torch.Generator().manual_seed(1)
    batches = []
    for _ in range(2):
        idx = torch.randint(0, args.vocab, (args.batch, args.seq), generator=gen)
        batches.append((idx.to(dev), torch.roll(idx, -1, dims=1).to(dev)))

    mode, fwd, stats = args.mode, model, None
    if mode == "checkpoint":
        for block in model.h:
            block.forward = (lambda f: lambda x: checkpoint(f, x, use_reentrant=False))(block.forward)
    elif mode == "compile":
        fwd = torch.compile(model)
    elif mode in ("mincut", "default"):
        from functorch.compile import (default_partition, make_boxed_func,
                                       min_cut_rematerialization_partition)
        from torch._dynamo.backends.common import aot_autograd

        def nop(gm, _):
            return make_boxed_func(gm.forward)
        part = min_cut_rematerialization_partition if mode == "mincut" else default_partition
        fwd = torch.compile(model, backend=aot_autograd(fw_compiler=nop, bw_compiler=nop,
                                                        partition_fn=part), dynamic=False)
    elif mode in ("remat", "remat-inductor") or mode.startswith("remat-budget:"):
        sys.path.insert(0, os.path.join(HERE, "..", "python"))
        import remat_torch
        if mode == "remat":
            fwd = remat_torch.compile(model)
        elif mode == "remat-inductor":
            fwd = remat_torch.compile(model, compiler="inductor")
        else:
            fwd = remat_torch.compile(model, policy="budget", budget=float(mode.split(":", 1)[1]))
        stats = fwd
    elif mode != "eager":
        result["error"] = "unknown mode " + mode
        return emit(result, args.json, 2)

    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    amp = {"bf16": torch.bfloat16, "f16": torch.float16}.get(args.dtype)
    losses = []
    held = []

    def sync():
        if cuda:
            torch.cuda.synchronize()

    def allocated():
        return torch.cuda.memory_allocated() if cuda else 0

    def step(i):
        opt.zero_grad(set_to_none=True)
        idx, tgt = batches[i % len(batches)]
        before = allocated()
        with torch.autocast(dev.type, dtype=amp or torch.float32, enabled=amp is not None):
            loss = fwd(idx, tgt)
        held.append(allocated() - before)
        loss.backward()
        opt.step()
        losses.append(loss.detach())

    t0 = time.time()
    step(0)
    sync()
    result["first_step_s"] = time.time() - t0
    for i in range(1, args.warmup):
        step(i)
    sync()
    if cuda:
        torch.cuda.reset_peak_memory_stats()
    base = allocated()
    step(args.warmup)
    sync()
    if cuda:
        result["peak_bytes"] = torch.cuda.max_memory_allocated() - base
        result["held_bytes"] = held[-1]
    times = []
    for i in range(args.repeat):
        if cuda:
            start = torch.cuda.Event(enable_timing=True)
            stop = torch.cuda.Event(enable_timing=True)
            start.record()
            step(args.warmup + 1 + i)
            stop.record()
            stop.synchronize()
            times.append(start.elapsed_time(stop))
        else:
            t = time.perf_counter()
            step(args.warmup + 1 + i)
            times.append((time.perf_counter() - t) * 1e3)
    result["step_ms_median"] = statistics.median(times)
    result["step_ms_min"] = min(times)
    result["losses"] = [float(l) for l in losses]
    result["held_bytes_all"] = sorted(set(held))
    if stats is not None:
        result["remat_stats"] = [{k: v for k, v in s.items() if isinstance(v, (int, float, str, bool))}
                                 for s in stats.stats]
        result["decided_by_remat"] = bool(stats.stats) and all(
            not s.get("fallback") and not s.get("mincut_fallback") for s in stats.stats)
    result["ok"] = all(l == l for l in result["losses"])  # no NaN
    return emit(result, args.json, 0 if result["ok"] else 1)


def emit(result, path, status):
    text = json.dumps(result)
    print(text)
    if path:
        with open(path, "w") as f:
            f.write(text + "\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
