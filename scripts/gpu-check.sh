#!/usr/bin/env bash
#===- scripts/gpu-check.sh - remat's GPU check ----------------------------===#
#
# Two halves, because the GPU machines have no MLIR and no package registry:
#
#   scripts/gpu-check.sh --prepare DIR
#       here, in a built remat tree (build/bin/remat-run): compiles the
#       graphs ahead of time for sm_90 (host objects with cubins inside,
#       and their wrappers), writes the inputs and the CPU path's outputs
#       of the small graph, copies the sources the GPU side builds (aot/,
#       runtime/, this script, bench/torch_mlp.py) and checks that DIR stays
#       under 64 MiB.
#
#   scripts/gpu-check.sh            (in DIR, on the GPU machine)
#       needs the CUDA driver, CMake, Ninja, g++ and Python with PyTorch 2.x:
#       builds aot/ (no MLIR), then
#       1. gradients: the small MLP and an imported GPT-2 (4 layers) on the
#          GPU against the CPU path's outputs, |gpu - cpu| <= 1e-4 max|cpu|
#          for every element of every result (cuBLAS and the kernels sum in
#          another order than the CPU loops), with and without
#          rematerialization; the GPT-2 under bf16 autocast too, within
#          2e-2 max|cpu|;
#       2. memory: the device pool's measured peak against the predicted
#          peak (plus the device copies of dense constants), every run;
#       3. benchmark: the 8-block MLP (8192 x 1024, f32, variance-preserving
#          random initialization), step time and peak memory with and
#          without remat (whose results must match policy=none's on the
#          GPU), next to PyTorch eager, torch.utils.checkpoint and
#          torch.compile on the same model, and with scalar elementwise
#          kernels (--vector-width=1: bitwise the same results), plus a
#          kernel profile of each
#          of remat's runs (time per kernel and cuBLAS call); the GPT-2 in
#          PyTorch (eager, checkpoint, compile) next to remat's GPT-2 runs;
#       4. a causal attention layer at T=2048 (bf16 autocast): remat's
#          untiled and tiled (attention=tiled) steps, the tiled results
#          within 5e-2 of the untiled ones, next to PyTorch's flash kernel
#          (F.scaled_dot_product_attention) and torch.compile;
#       writing JSON under $OUT (default ./gpu-check-out): one file per run
#       and gpu-check.json with everything. Exit status 0 when every check
#       passed. Budget: every step has a timeout, capped so that the whole
#       stays under GPU_CHECK_BUDGET seconds (460, under 8 minutes).
#
# Environment: BENCH_BLOCKS, BENCH_ROWS, BENCH_HIDDEN change the benchmark
# model at --prepare time; REMAT_RUN names remat-run. On the GPU machine:
# TRAIN_MODES, SDPA_MODES and DROPOUT_MODES list step 0's training modes,
# ONLY (a regular expression) keeps the steps whose names it matches.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BLOCKS=${BENCH_BLOCKS:-8}
ROWS=${BENCH_ROWS:-8192}
HIDDEN=${BENCH_HIDDEN:-1024}
LIMIT_BYTES=$((64 * 1024 * 1024))

log() { echo "gpu-check: $*" >&2; }
die() { log "error: $*"; exit 2; }

prepare() {
  local dest=$1
  local src
  src=$(cd "$SCRIPT_DIR/.." && pwd)
  local run=${REMAT_RUN:-$src/build/bin/remat-run}
  [ -x "$run" ] || die "no remat-run at $run (build remat first, or set REMAT_RUN)"
  command -v python3 > /dev/null || die "python3 is needed to generate the benchmark graph"
  rm -rf "$dest"
  mkdir -p "$dest/graphs" "$dest/inputs" "$dest/expected" "$dest/scripts" "$dest/bench" "$dest/src-graphs"

  # Sources the GPU side builds: no MLIR in any of them.
  cp -r "$src/aot" "$dest/aot"
  mkdir -p "$dest/runtime"
  cp -r "$src/runtime/include" "$src/runtime/lib" "$src/runtime/cuda" "$dest/runtime/"
  cp "$SCRIPT_DIR/gpu-check.sh" "$dest/scripts/"
  cp "$src/bench/torch_mlp.py" "$src/bench/torch_gpt2.py" "$src/bench/torch_step.py" \
    "$src/examples/torch/gpt2_small.py" \
    "$dest/bench/"

  # The small graph: inputs and the CPU path's outputs (the reference).
  local small=$src/examples/mlp2_small.mlir
  cp "$small" "$dest/src-graphs/"
  "$run" "$small" --write-inputs="$dest/inputs/small" --outputs="$dest/expected/small" > /dev/null
  "$run" "$small" --backend=cuda --gpu-format=bin --compile-only="$dest/graphs/small-none" > /dev/null
  "$run" "$small" --backend=cuda --gpu-format=bin --policy=selective --flops-per-byte=16 \
    --compile-only="$dest/graphs/small-selective" > /dev/null

  # An imported GPT-2 (examples/torch/gpt2_small.py: layer norm, softmax,
  # batched GEMMs, strided copies, cross-entropy, dropout masks as inputs),
  # when this machine's Python has PyTorch: the CPU path's outputs are the
  # reference again.
  local import=${REMAT_IMPORT_TORCH:-$src/build/bin/remat-import-torch}
  if [ -x "$import" ] && "$import" "$src/examples/torch/gpt2_small.py:make" \
      -o "$dest/src-graphs/gpt2_small.mlir" --inputs-dir "$dest/inputs/gpt2" > /dev/null; then
    local gpt2=$dest/src-graphs/gpt2_small.mlir
    "$run" "$gpt2" --inputs="$dest/inputs/gpt2" --outputs="$dest/expected/gpt2" > /dev/null
    "$run" "$gpt2" --backend=cuda --gpu-format=bin --compile-only="$dest/graphs/gpt2-none" > /dev/null
    "$run" "$gpt2" --backend=cuda --gpu-format=bin --policy=selective --flops-per-byte=16 \
      --compile-only="$dest/graphs/gpt2-selective" > /dev/null
    # The same model under bf16 autocast (f32 parameters and gradients,
    # bf16 GEMMs through cublasGemmEx), dropout drawn in the graph, inputs
    # made from --seed 0 on both sides (nothing to carry): the bf16
    # tolerance against the CPU path.
    local bf16=$dest/src-graphs/gpt2_bf16.mlir
    if "$import" "$src/examples/torch/gpt2_small.py:make_autocast" --dropout functional \
        -o "$bf16" > /dev/null; then
      "$run" "$bf16" --seed 0 --outputs="$dest/expected/gpt2bf16" > /dev/null
      "$run" "$bf16" --backend=cuda --gpu-format=bin --compile-only="$dest/graphs/gpt2bf16-none" > /dev/null
    else
      log "warning: no bf16 GPT-2 graph"
    fi
    xz -T0 "$dest"/graphs/gpt2*-*/*.o  # 2 MB each: unpacked by the check
  else
    log "warning: no GPT-2 graph (remat-import-torch or PyTorch missing here)"
  fi

  # GPT-2 small as nanoGPT trains it (124M parameters, 1024 tokens, batch 8)
  # under bf16 autocast (f32 weights, bf16 GEMMs), traced on meta tensors:
  # no weights here, the check draws them (--seed 0 --init fan-in). Policy
  # none and remat's default (peak).
  if [ -x "$import" ] && "$import" "$src/examples/torch/gpt2_small.py:make_124m_autocast" --fake \
      -o "$dest/src-graphs/gpt2s.mlir" > /dev/null; then
    for policy in none peak; do
      "$run" "$dest/src-graphs/gpt2s.mlir" --backend=cuda --gpu-format=bin --policy=$policy \
        --compile-only="$dest/graphs/gpt2s-$policy" > /dev/null
      xz -T0 "$dest/graphs/gpt2s-$policy"/*.o  # 7 MB each: unpacked by the check
    done
  else
    log "warning: no GPT-2 small graph (remat-import-torch or PyTorch missing here)"
  fi

  # Issue 21: one causal attention layer at T=2048 (batch 4, 16 heads of
  # 64, bf16 autocast; examples/torch/attention_layer.py), imported with the
  # attention written out (this machine's PyTorch may predate
  # F.scaled_dot_product_attention), untiled and tiled (blocks of 256: 8 x 8
  # tiles, each a cuBLAS call and kernels launched from the host loop). The
  # check runs PyTorch's flash kernel on the same layer (make(): SDPA).
  cp "$src/examples/torch/attention_layer.py" "$dest/bench/"
  if [ -x "$import" ] && "$import" "$src/examples/torch/attention_layer.py:make_manual" --fake \
      -o "$dest/src-graphs/attn.mlir" > /dev/null; then
    "$run" "$dest/src-graphs/attn.mlir" --backend=cuda --gpu-format=bin --policy=none \
      --compile-only="$dest/graphs/attn-none" > /dev/null
    "$run" "$dest/src-graphs/attn.mlir" --backend=cuda --gpu-format=bin --policy=none \
      --attention=tiled --attention-block-q=256 --attention-block-k=256 \
      --compile-only="$dest/graphs/attn-tiled" > /dev/null
    xz -T0 "$dest"/graphs/attn-*/*.o
  else
    log "warning: no attention layer graph (remat-import-torch or PyTorch missing here)"
  fi

  # remat's partition inside PyTorch (bench/torch_train.py --mode remat)
  # needs remat-opt there: with REMAT_OPT_BUNDLE=1, one linked against
  # MLIR's static archives (the GPU machines have no MLIR), packed with xz.
  mkdir -p "$dest/python"
  cp -r "$src/python/remat_torch" "$dest/python/"
  find "$dest/python" -name __pycache__ -prune -exec rm -rf {} +
  cp "$src/bench/torch_train.py" "$dest/bench/"
  mkdir -p "$dest/examples/torch"
  cp "$src/examples/torch/gpt2_small.py" "$dest/examples/torch/"
  if [ "${REMAT_OPT_BUNDLE:-0}" = 1 ]; then
    bundle_remat_opt "$src/build" "$dest/remat-opt"
  fi

  # The benchmark graph.
  local bench=$dest/src-graphs/mlp_bench.mlir
  python3 "$src/examples/gen_mlp.py" --blocks "$BLOCKS" --rows "$ROWS" --hidden "$HIDDEN" \
    --name mlp_bench > "$bench"
  "$run" "$bench" --backend=cuda --gpu-format=bin --compile-only="$dest/graphs/bench-none" > /dev/null
  "$run" "$bench" --backend=cuda --gpu-format=bin --policy=selective \
    --compile-only="$dest/graphs/bench-selective" > /dev/null
  "$run" "$bench" --backend=cuda --gpu-format=bin --policy=segments --segments=sqrt \
    --compile-only="$dest/graphs/bench-segments" > /dev/null
  # One element a thread (no vector loads and stores): what vectorizing the
  # elementwise kernels gains, on the same machine.
  "$run" "$bench" --backend=cuda --gpu-format=bin --vector-width=1 \
    --compile-only="$dest/graphs/bench-scalar" > /dev/null
  cat > "$dest/bench/model.env" <<EOF
BLOCKS=$BLOCKS
ROWS=$ROWS
HIDDEN=$HIDDEN
EOF
  (cd "$src" && git rev-parse HEAD 2> /dev/null || echo unknown) > "$dest/REMAT_COMMIT"

  local bytes
  bytes=$(du -sb "$dest" | cut -f1)
  log "prepared $dest: $bytes bytes"
  [ "$bytes" -lt "$LIMIT_BYTES" ] || die "$dest is $bytes bytes, over the 64 MiB that can be carried"
}

# bundle_remat_opt BUILD DEST: BUILD/bin/remat-opt linked again with
# MLIR's and LLVM's static archives instead of libMLIR.so and libLLVM.so
# (Debian's llvm-22 ships both), stripped and packed with xz (about 30 MB),
# with the shared libraries it still needs (CBC, LAPACK, ...) beside it,
# the C and C++ runtimes left to the machine. DEST/remat-opt.sh unpacks it
# on first use and runs it.
bundle_remat_opt() {
  local build=$1 dest=$2
  command -v ninja > /dev/null || die "ninja is needed to bundle remat-opt"
  local libdir
  libdir=$(llvm-config-22 --libdir 2> /dev/null || echo /usr/lib/llvm-22/lib)
  local cmd
  cmd=$(cd "$build" && ninja -t commands bin/remat-opt | tail -1 | sed 's/^: && //; s/ && :$//')
  local group="-Wl,--start-group $(ls "$libdir"/libMLIR*.a "$libdir"/libLLVM*.a | tr '\n' ' ') -Wl,--end-group"
  local syslibs="-lz /lib/x86_64-linux-gnu/libzstd.so.1 -ltinfo -lxml2 -lz3 -lffi /lib/x86_64-linux-gnu/libedit.so.2 -Wl,--gc-sections -s"
  mkdir -p "$dest/lib"
  cmd=$(echo "$cmd" | sed "s#[^ ]*/libMLIR\.so[^ ]*#$group#; s#[^ ]*/libLLVM\.so[^ ]*#$syslibs#; s# -o bin/remat-opt # -o $dest/remat-opt #")
  log "linking a static remat-opt"
  (cd "$build" && eval "$cmd" 2>&1 | grep -v "warning: " >&2) || true
  [ -x "$dest/remat-opt" ] || die "the static link of remat-opt failed"
  ldd "$dest/remat-opt" | awk '/=> \// {print $3}' | while read -r lib; do
    case $(basename "$lib") in
      libc.so*|libm.so*|libpthread.so*|libdl.so*|librt.so*|libgcc_s.so*|libstdc++.so*|ld-linux*) ;;
      *) cp -L "$lib" "$dest/lib/" ;;
    esac
  done
  xz -T0 -6 "$dest/remat-opt"
  tar -C "$dest" -cJf "$dest/lib.tar.xz" lib && rm -rf "$dest/lib"
  cat > "$dest/remat-opt.sh" <<'EOF'
#!/bin/sh
# remat-opt bundled by scripts/gpu-check.sh: unpacked on first use.
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -x "$here/remat-opt" ]; then
  python3 -c "import lzma, shutil, sys, tarfile
tarfile.open(sys.argv[1] + '/lib.tar.xz').extractall(sys.argv[1])
shutil.copyfileobj(lzma.open(sys.argv[1] + '/remat-opt.xz'), open(sys.argv[1] + '/remat-opt.tmp', 'wb'))" \
    "$here" && chmod +x "$here/remat-opt.tmp" && mv "$here/remat-opt.tmp" "$here/remat-opt"
fi
LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "$here/remat-opt" "$@"
EOF
  chmod +x "$dest/remat-opt.sh"
}

# run_step NAME SECONDS COMMAND...: runs with a timeout (capped by what is
# left of the whole check's budget), records the status. A step that cannot
# start within the budget is skipped and counts as a failure.
STATUS=0
BUDGET=${GPU_CHECK_BUDGET:-520}
run_step() {
  local name=$1 seconds=$2
  shift 2
  # ONLY (an extended regular expression): run the steps it matches alone,
  # for a short second look within a device lease.
  if [ -n "${ONLY:-}" ] && ! [[ $name =~ $ONLY ]]; then
    return 0
  fi
  local left=$((BUDGET - SECONDS))
  if [ "$left" -lt 15 ]; then
    log "$name: skipped, the ${BUDGET} s budget is spent"
    echo "{\"step\": \"$name\", \"exit_status\": null, \"skipped\": true}" >> "$OUT/steps.jsonl"
    STATUS=1
    return 0
  fi
  [ "$seconds" -le "$left" ] || seconds=$left
  log "$name (timeout ${seconds} s)"
  local rc=0
  # Standard output (each run's JSON, also in its --json file) goes to
  # $OUT/logs, so that the console shows the progress and the errors.
  timeout "$seconds" "$@" > "$OUT/logs/$name.out" || rc=$?
  if [ "$rc" -ne 0 ]; then
    log "$name: exit status $rc"
    STATUS=1
  fi
  echo "{\"step\": \"$name\", \"exit_status\": $rc}" >> "$OUT/steps.jsonl"
}

check() {
  local root
  root=$(cd "$SCRIPT_DIR/.." && pwd)
  cd "$root"
  [ -d graphs ] || die "run this in a folder made by 'scripts/gpu-check.sh --prepare DIR'"
  OUT=${OUT:-$root/gpu-check-out}
  mkdir -p "$OUT"
  : > "$OUT/steps.jsonl"
  mkdir -p "$OUT/logs"
  local start=$SECONDS
  # shellcheck disable=SC1091
  . bench/model.env
  { nvidia-smi -L || true; } > "$OUT/device.txt" 2>&1

  # CUDA's libraries for cuBLAS, wherever the toolkit put them.
  for dir in /usr/local/cuda/lib64 /usr/local/cuda/targets/x86_64-linux/lib; do
    [ -d "$dir" ] && export LD_LIBRARY_PATH="$dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  done
  # Else the cuBLAS of PyTorch's wheels (nvidia/cu13/lib, nvidia/cublas/lib).
  if [ -z "${REMAT_CUBLAS:-}" ] && ! ls /usr/local/cuda/lib64/libcublas.so.* > /dev/null 2>&1; then
    REMAT_CUBLAS=$(python3 -c 'import glob, os, site
for d in site.getsitepackages():
    hits = sorted(glob.glob(os.path.join(d, "nvidia", "*", "lib", "libcublas.so.*")))
    if hits:
        print(hits[-1])
        break' 2> /dev/null) || true
    [ -n "$REMAT_CUBLAS" ] && export REMAT_CUBLAS && log "cuBLAS: $REMAT_CUBLAS"
  fi
  { echo "LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}"; echo "REMAT_CUBLAS=${REMAT_CUBLAS:-}"; } >> "$OUT/device.txt"

  # Objects --prepare packed with xz (Python's lzma: no xz needed here).
  python3 -c "import glob, lzma, os, shutil
for p in glob.glob('graphs/*/*.o.xz'):
    shutil.copyfileobj(lzma.open(p), open(p[:-3], 'wb')); os.remove(p)"

  # The ahead-of-time build runs on the CPUs while PyTorch trains first.
  local dirs
  dirs=$(for d in graphs/*/; do printf '%s;' "$root/${d%/}"; done)
  (cmake -G Ninja -S aot -B build-aot -DCMAKE_BUILD_TYPE=Release "-DREMAT_GRAPH_DIRS=$dirs" &&
     cmake --build build-aot) > "$OUT/aot-build.log" 2>&1 &
  local build_pid=$!

  # 0: GPT-2 small (12 layers, 1024 tokens, batch 8) training under bf16
  # autocast in PyTorch: eager, checkpoint per block, AOTAutograd with
  # min-cut and no compiler, remat's partition (same kernels as min-cut's),
  # torch.compile (Inductor). Step time, max_memory_allocated, held bytes.
  local remat_opt=
  [ -x remat-opt/remat-opt.sh ] && remat_opt=$root/remat-opt/remat-opt.sh
  # train NAME MODE [ARGS...]: bench/torch_train.py in MODE as step
  # train-NAME, with the longer limit of the modes that compile.
  train() {
    local name=$1 mode=$2 limit=90
    shift 2
    case $mode in compile|remat-inductor) limit=150 ;; esac
    REMAT_OPT=$remat_opt run_step "train-$name" $limit python3 bench/torch_train.py \
      --mode "$mode" "$@" --json "$OUT/train-$name.json"
  }
  for mode in ${TRAIN_MODES:-eager checkpoint mincut remat compile remat-inductor}; do
    train "$mode" "$mode"
  done
  # The same with F.scaled_dot_product_attention (PyTorch's flash kernel;
  # measured on the H200 since 2026-12-04, second lease).
  for mode in ${SDPA_MODES:-eager remat}; do
    REMAT_OPT=$remat_opt run_step "train-sdpa-$mode" 90 python3 bench/torch_train.py --mode "$mode" \
      --sdpa --json "$OUT/train-sdpa-$mode.json"
  done

  # With dropout 0.1 (DROPOUT_MODES, e.g. "compile remat-inductor"): the
  # draws Inductor seeds per step are recomputed by remat's partition as
  # torch.compile's own partition recomputes them.
  for mode in ${DROPOUT_MODES:-}; do
    train "dropout-$mode" "$mode" --dropout 0.1
  done

  local rc=0
  wait "$build_pid" || rc=$?
  echo "{\"step\": \"aot-build\", \"exit_status\": $rc}" >> "$OUT/steps.jsonl"
  [ -x build-aot/run-small-none ] || { tail -30 "$OUT/aot-build.log" >&2; die "the ahead-of-time build failed"; }

  # 1 + 2: gradients against the CPU path, measured vs predicted peak.
  for policy in none selective; do
    run_step "small-$policy" 60 build-aot/run-small-$policy --inputs inputs/small \
      --expect expected/small --rtol 1e-4 --atol 0 --repeat 5 --json "$OUT/small-$policy.json"
  done

  if [ -d inputs/gpt2 ]; then
    for policy in none selective; do
      run_step "gpt2-$policy" 60 build-aot/run-gpt2-$policy --inputs inputs/gpt2 \
        --expect expected/gpt2 --rtol 1e-4 --atol 0 --repeat 20 \
        --profile "$OUT/profile-gpt2-$policy.json" --json "$OUT/gpt2-$policy.json"
    done
  fi

  # bf16 against the CPU path: the relative error this dtype gets (bf16
  # GEMM results round to 8 bits, so one summation order's rounding can
  # flip a last bit that later layers carry).
  if [ -d expected/gpt2bf16 ]; then
    run_step gpt2bf16-none 60 build-aot/run-gpt2bf16-none --seed 0 \
      --expect expected/gpt2bf16 --rtol 2e-2 --atol 0 --repeat 20 \
      --json "$OUT/gpt2bf16-none.json"
  fi

  # GPT-2 small under bf16 autocast in remat's runtime: policy none, then
  # remat's default (peak), whose results must agree with none's.
  if [ -x build-aot/run-gpt2s-none ]; then
    local big
    big=$(mktemp -d)
    run_step gpt2s-none 90 build-aot/run-gpt2s-none --seed 0 --init fan-in --outputs "$big" \
      --warmup 2 --repeat 10 --profile "$OUT/profile-gpt2s-none.json" --json "$OUT/gpt2s-none.json"
    run_step gpt2s-peak 90 build-aot/run-gpt2s-peak --seed 0 --init fan-in --expect "$big" \
      --rtol 1e-4 --atol 0 --warmup 2 --repeat 10 --profile "$OUT/profile-gpt2s-peak.json" \
      --json "$OUT/gpt2s-peak.json"
    rm -rf "$big"
  fi

  # 3: the benchmark; remat's policies must agree with policy=none.
  local scratch
  scratch=$(mktemp -d)
  run_step bench-none 120 build-aot/run-bench-none --seed 0 --init fan-in --outputs "$scratch" \
    --repeat 20 --profile "$OUT/profile-bench-none.json" --json "$OUT/bench-none.json"
  for policy in selective segments; do
    run_step "bench-$policy" 120 build-aot/run-bench-$policy --seed 0 --init fan-in --expect "$scratch" \
      --rtol 1e-4 --atol 0 --repeat 20 --profile "$OUT/profile-bench-$policy.json" \
      --json "$OUT/bench-$policy.json"
  done
  # Scalar kernels: the same operations per element, so bitwise the same.
  run_step bench-scalar 120 build-aot/run-bench-scalar --seed 0 --init fan-in --expect "$scratch" \
    --rtol 0 --atol 0 --repeat 20 --profile "$OUT/profile-bench-scalar.json" \
    --json "$OUT/bench-scalar.json"
  rm -rf "$scratch"
  for mode in eager checkpoint compile; do
    run_step "torch-$mode" 180 python3 bench/torch_mlp.py --blocks "$BLOCKS" --rows "$ROWS" \
      --hidden "$HIDDEN" --mode "$mode" --json "$OUT/torch-$mode.json"
  done
  # The same GPT-2 in PyTorch, next to remat's gpt2-* runs above.
  if [ -d inputs/gpt2 ]; then
    for mode in eager checkpoint compile; do
      run_step "torch-gpt2-$mode" 120 python3 bench/torch_gpt2.py --model bench/gpt2_small.py \
        --mode "$mode" --json "$OUT/torch-gpt2-$mode.json"
    done
  fi

  # Issue 21: the T=2048 attention layer in remat's runtime, untiled and
  # tiled (the tiled results within bf16's tolerance of the untiled ones,
  # a lower measured peak), next to PyTorch's flash kernel (eager SDPA) and
  # torch.compile of the same layer. Last: the steps above come first in
  # the budget.
  if [ -x build-aot/run-attn-none ]; then
    local attn
    attn=$(mktemp -d)
    run_step attn-none 60 build-aot/run-attn-none --seed 0 --init fan-in --outputs "$attn" \
      --warmup 1 --repeat 5 --profile "$OUT/profile-attn-none.json" --json "$OUT/attn-none.json"
    run_step attn-tiled 90 build-aot/run-attn-tiled --seed 0 --init fan-in --expect "$attn" \
      --rtol 5e-2 --atol 0 --warmup 1 --repeat 5 --profile "$OUT/profile-attn-tiled.json" \
      --json "$OUT/attn-tiled.json"
    rm -rf "$attn"
    for mode in eager compile; do
      run_step "torch-attn-$mode" 120 python3 bench/torch_gpt2.py --model bench/attention_layer.py \
        --mode "$mode" --json "$OUT/torch-attn-$mode.json"
    done
  fi

  python3 - "$OUT" "$((SECONDS - start))" <<'EOF'
import glob, json, os, sys
out, seconds = sys.argv[1], int(sys.argv[2])
runs = {}
for path in sorted(glob.glob(os.path.join(out, "*.json"))):
    name = os.path.basename(path)[:-5]
    if name == "gpu-check" or name.startswith("profile-"):
        continue
    try:
        runs[name] = json.load(open(path))
    except ValueError:
        runs[name] = {"ok": False, "error": "unreadable " + path}
steps = [json.loads(l) for l in open(os.path.join(out, "steps.jsonl")) if l.strip()]
profiles = {}
for path in sorted(glob.glob(os.path.join(out, "profile-*.json"))):
    try:
        profiles[os.path.basename(path)[8:-5]] = json.load(open(path))
    except ValueError:
        pass
summary = {"seconds": seconds, "steps": steps, "runs": runs, "profiles": profiles,
           "device": open(os.path.join(out, "device.txt")).read().strip(),
           "tolerance": {"rtol": 1e-4, "atol": 0,
                         "test": "|gpu - cpu| <= atol + rtol * max|cpu| per result"}}
json.dump(summary, open(os.path.join(out, "gpu-check.json"), "w"), indent=1)
print("%-18s %12s %16s %16s %8s" % ("run", "step ms", "peak bytes", "predicted", "ok"))
for name, r in runs.items():
    print("%-18s %12s %16s %16s %8s" % (
        name, "%.2f" % r["step_ms_median"] if "step_ms_median" in r else "-",
        r.get("measured_peak_bytes", r.get("peak_bytes", "-")),
        r.get("predicted_peak_bytes", "-"), r.get("ok", "-")))
print("total %d s" % seconds)
EOF
  return $STATUS
}

case "${1:-}" in
  --prepare)
    [ $# -eq 2 ] || die "usage: $0 --prepare DIR"
    prepare "$2"
    ;;
  "")
    check
    ;;
  *)
    die "usage: $0 [--prepare DIR]"
    ;;
esac
