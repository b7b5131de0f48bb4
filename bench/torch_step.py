"""Times one training step in PyTorch and measures its peak memory; shared
by bench/torch_mlp.py and bench/torch_gpt2.py."""
import json
import statistics
import time


def measure(torch, step, params, warmup, repeat, cuda=True):
    """Runs `step` `warmup` times, then once for the peak (bytes allocated
    above what lives before the step, gradients cleared), then `repeat`
    timed times (CUDA events on the GPU, wall clock on the CPU)."""
    def sync():
        if cuda:
            torch.cuda.synchronize()

    t0 = time.time()
    for _ in range(warmup):
        step()
    sync()
    warm_s = time.time() - t0

    peak = None
    for p in params:
        p.grad = None
    sync()
    if cuda:
        torch.cuda.reset_peak_memory_stats()
        base = torch.cuda.memory_allocated()
    step()
    sync()
    if cuda:
        peak = torch.cuda.max_memory_allocated() - base

    times = []
    for _ in range(repeat):
        if cuda:
            start = torch.cuda.Event(enable_timing=True)
            stop = torch.cuda.Event(enable_timing=True)
            start.record()
            step()
            stop.record()
            stop.synchronize()
            times.append(start.elapsed_time(stop))
        else:
            t = time.perf_counter()
            step()
            times.append((time.perf_counter() - t) * 1e3)
    return {"step_ms_median": statistics.median(times), "step_ms_min": min(times),
            "peak_bytes": peak, "warmup_s": warm_s, "repeat": repeat}


def emit(result, path):
    """Prints `result` as one JSON line, and writes it to `path` if given."""
    text = json.dumps(result)
    print(text)
    if path:
        with open(path, "w") as f:
            f.write(text + "\n")
