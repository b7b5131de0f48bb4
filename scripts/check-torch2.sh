#!/bin/sh
# make check-torch2: the PyTorch front end under the current PyTorch 2.x from
# PyPI, next to Debian's 1.13 that `make check` uses. Installs torch and numpy
# into BUILD/torch2-venv the first time (the wheel is ~540 MB, its CUDA
# libraries several GB more), then runs the op conformance suite, model
# comparisons and the training checks of train.test through remat_torch.compile (torch.compile with an
# aot_autograd backend on 2.x).
#   scripts/check-torch2.sh [BUILD]
set -eu
BUILD=${1:-build}
VENV=$BUILD/torch2-venv
PY=$VENV/bin/python
for tool in remat-run remat-opt; do
  test -x "$BUILD/bin/$tool" || { echo "check-torch2: $BUILD/bin/$tool is missing (make build first)"; exit 1; }
done
if ! "$PY" -c "import torch, numpy" 2>/dev/null; then
  echo "check-torch2: installing torch and numpy from PyPI into $VENV"
  /usr/bin/python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --progress-bar off torch numpy
fi
"$PY" -c "import torch; print('check-torch2: PyTorch', torch.__version__)"
export REMAT_OPT="$BUILD/bin/remat-opt"
fail=0
echo "== op conformance (test/Integration/Torch/Inputs/conformance.py) =="
"$PY" test/Integration/Torch/Inputs/conformance.py --remat-run "$BUILD/bin/remat-run" > "$BUILD/torch2-conformance.txt" || fail=1
grep -v " ok" "$BUILD/torch2-conformance.txt" || true
tail -1 "$BUILD/torch2-conformance.txt"
for model in models.py:gpt community.py:nanogpt community.py:llama community.py:mobilenet community.py:unet community.py:resnet; do
  echo "== import and run $model against PyTorch's step =="
  "$PY" test/Integration/Torch/Inputs/compare.py "test/Integration/Torch/Inputs/$model" \
    --remat-run "$BUILD/bin/remat-run" --policy none --opt-level 0 --tol 1e-5 > "$BUILD/torch2-compare.txt" 2>&1 || fail=1
  tail -1 "$BUILD/torch2-compare.txt"
done
echo "== F.scaled_dot_product_attention (test/Integration/Torch/Inputs/sdpa.py) =="
"$PY" test/Integration/Torch/Inputs/compare.py test/Integration/Torch/Inputs/sdpa.py:nanogpt_flash,nanogpt_flash_drop,bert_sdpa,gqa,masked_rows \
  --remat-run "$BUILD/bin/remat-run" --policy none --policy peak --opt-level 0 --tol 1e-5 > "$BUILD/torch2-sdpa.txt" 2>&1 || fail=1
grep -E "^(==|none|peak)" "$BUILD/torch2-sdpa.txt"
echo "== F.scaled_dot_product_attention tiled (test/Integration/Torch/Inputs/sdpa_tiled.py) =="
# Every attention of these models must be tiled (the fused CPU kernel and the
# math path), and the tiled step must match PyTorch's within 1e-5.
"$PY" - "$BUILD/bin/remat-opt" <<'PYEOF' || fail=1
import importlib.util, subprocess, sys
sys.path.insert(0, "python")
from remat_torch import import_model
spec = importlib.util.spec_from_file_location("m", "test/Integration/Torch/Inputs/sdpa_tiled.py")
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
bad = 0
for name in m.MODELS:
    graph = import_model(*getattr(m, name)())
    r = subprocess.run([sys.argv[1], "-", "-remat-tile-attention=block-q=16 block-k=16", "-o", "/dev/null"],
                       input=graph.mlir, capture_output=True, text=True)
    tiled, untiled = r.stderr.count("attention tiled"), r.stderr.count("attention not tiled")
    print("%s: %d attention(s) tiled, %d not" % (name, tiled, untiled))
    bad += r.returncode != 0 or tiled == 0 or untiled != 0
sys.exit(1 if bad else 0)
PYEOF
"$PY" test/Integration/Torch/Inputs/compare.py test/Integration/Torch/Inputs/sdpa_tiled.py:nanogpt_t64,nanogpt_t64_drop,llama_t64,bert_t48,vit_t50,whisper_cross,mistral,alibi,gqa,crosspad,qknorm,triumask,padrow_fmin \
  --remat-run "$BUILD/bin/remat-run" --policy none --policy "none --attention=tiled --attention-block-q=16 --attention-block-k=16" \
  --policy "peak --attention=tiled --attention-block-q=16 --attention-block-k=16" --opt-level 0 --tol 1e-5 > "$BUILD/torch2-sdpa-tiled.txt" 2>&1 || fail=1
grep -E "^(==|none|peak)" "$BUILD/torch2-sdpa-tiled.txt"
"$PY" test/Integration/Torch/Inputs/sdpa_gpu_ops.py --remat-run "$BUILD/bin/remat-run" || fail=1
# Session 31's importer fixes (torch.div of ints, hardswish's kinks per version,
# complex Python scalars).
"$PY" test/Integration/Torch/Inputs/compare.py test/Integration/Torch/Inputs/community_wild12.py:@MODELS_2X \
  --remat-run "$BUILD/bin/remat-run" --policy none --policy peak --opt-level 0 --tol 1e-5 \
  > "$BUILD/torch2-wild12.txt" 2>&1 || fail=1
grep -c " ok;" "$BUILD/torch2-wild12.txt"
# 2.x converts Python scalars for mul and div differently from 1.x.
"$PY" test/Integration/Torch/Inputs/compare.py test/Integration/Torch/Inputs/half_semantics.py:@CASES \
  --remat-run "$BUILD/bin/remat-run" --policy none --opt-level 0 --tol 0 > "$BUILD/torch2-half.txt" 2>&1 || fail=1
grep -c " ok;" "$BUILD/torch2-half.txt"
"$PY" test/Integration/Torch/Inputs/train.py models sdpa:nanogpt_flash,nanogpt_flash_drop,bert_sdpa,gqa,masked_rows || fail=1
for mode in steps placement memory "budget 0.7" cache state round31 round32 round33 checkpoints fallback ddp fsdp inductor community bnsplit; do
  echo "== training with remat_torch.compile (train.py $mode) =="
  # shellcheck disable=SC2086
  "$PY" test/Integration/Torch/Inputs/train.py $mode || fail=1
done
if [ $fail -ne 0 ]; then echo "check-torch2: FAILED"; exit 1; fi
echo "check-torch2: all passed"
