// REQUIRES: cuda-runtime, ptxas
// UNSUPPORTED: sanitizer
// Tests the parts of scripts/gpu-check.sh that need no GPU: the script
// parses, and --prepare writes a carried tree under 64 MiB holding the
// sources aot/ builds from, one compiled graph per policy (object and
// wrapper), the small graph's inputs and CPU outputs, and the benchmark
// model's shape (a small model here, to stay fast).
// RUN: bash -n %remat_src_root/scripts/gpu-check.sh
// (The imported GPT-2 is left out here: REMAT_IMPORT_TORCH names no tool.)
// RUN: rm -rf %t && env BENCH_BLOCKS=2 BENCH_ROWS=256 BENCH_HIDDEN=64 REMAT_RUN=%remat_tools/remat-run REMAT_IMPORT_TORCH=/nonexistent %remat_src_root/scripts/gpu-check.sh --prepare %t 2>&1 | FileCheck %s
// CHECK: gpu-check: warning: no GPT-2 graph
// CHECK: gpu-check: warning: no GPT-2 small graph
// CHECK: gpu-check: prepared {{.*}}: {{[0-9]+}} bytes
// RUN: cd %t && ls graphs inputs/small expected/small aot runtime/cuda scripts bench | FileCheck %s --check-prefix=TREE
// TREE-LABEL: aot:
// TREE: CMakeLists.txt
// TREE: driver.cpp
// TREE: remat-graph.h
// TREE-LABEL: bench:
// TREE: gpt2_small.py
// TREE: model.env
// TREE: torch_gpt2.py
// TREE: torch_mlp.py
// TREE: torch_step.py
// TREE: torch_train.py
// TREE-LABEL: expected/small:
// TREE: out5.npy
// TREE-LABEL: graphs:
// TREE-NEXT: bench-none
// TREE-NEXT: bench-scalar
// TREE-NEXT: bench-segments
// TREE-NEXT: bench-selective
// TREE-NEXT: small-none
// TREE-NEXT: small-selective
// TREE-LABEL: inputs/small:
// TREE: arg5.npy
// TREE-LABEL: runtime/cuda:
// TREE: CMakeLists.txt
// TREE-LABEL: scripts:
// TREE: gpu-check.sh
// RUN: test -f %t/graphs/small-selective/mlp2_small.o && test -f %t/graphs/bench-none/mlp_bench_graph.cpp
// Step 0's training benchmark and the partition it loads (no remat-opt
// bundle here: REMAT_OPT_BUNDLE is unset, which the remat modes survive).
// RUN: test -f %t/python/remat_torch/partition.py && test -f %t/examples/torch/gpt2_small.py
// RUN: test ! -e %t/remat-opt
// RUN: test $(du -sb %t | cut -f1) -lt 67108864
// RUN: not %t/scripts/gpu-check.sh --bogus 2>&1 | FileCheck %s --check-prefix=USAGE
// USAGE: gpu-check: error: usage: {{.*}} [--prepare DIR]
