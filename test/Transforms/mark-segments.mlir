// Tests the segments policy on the two-block MLP (ops named layers.<l>.*).

// group=REGEX: each layer is a group; inside it everything recomputable is
// recomputed except the group's output (fc2), which the next group reads.
// RUN: remat-opt %remat_src_root/examples/mlp2_gelu.mlir -remat-mark="policy=segments group=layers\.[0-9]+" | FileCheck %s --check-prefix=GROUP
// GROUP:      linalg.matmul {remat.policy = "recompute"} ins(%arg0, %arg1
// GROUP:      linalg.generic {{.*}} attrs =  {remat.policy = "recompute"}
// GROUP:      %[[Y0:.+]] = linalg.matmul {remat.policy = "save"}
// GROUP:      linalg.matmul {remat.policy = "recompute"} ins(%[[Y0]], %arg3
// GROUP:      linalg.generic {{.*}} attrs =  {remat.policy = "recompute"}
// The last layer's output feeds no later layer: nothing needs it saved.
// GROUP:      linalg.matmul {remat.policy = "recompute"} ins(%{{.+}}, %arg4

// every=2 checkpoints layer 0 only.
// RUN: remat-opt %remat_src_root/examples/mlp2_gelu.mlir -remat-mark="policy=segments group=layers\.[0-9]+ every=2" | FileCheck %s --check-prefix=EVERY
// EVERY:      linalg.matmul {remat.policy = "recompute"} ins(%arg0, %arg1
// EVERY:      %[[Y0:.+]] = linalg.matmul {remat.policy = "save"}
// EVERY:      linalg.matmul ins(%[[Y0]], %arg3
// EVERY:      linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%{{.+}} : tensor<2048x2048xf32>) outs(%{{.+}} : tensor<2048x2048xf32>) {

// segments=2 splits the forward FLOPs in two equal halves: the same two
// layers here.
// RUN: remat-opt %remat_src_root/examples/mlp2_gelu.mlir -remat-mark="policy=segments segments=2" | FileCheck %s --check-prefix=GROUP
// segments=sqrt on a chain of 9 equal-cost ops: 3 segments of 3; the
// outputs of the first two segments are saved, everything else recomputed.
// RUN: remat-opt %S/Inputs/exp_chain.mlir -remat-mark="policy=segments segments=sqrt" | FileCheck %s --check-prefix=SQRT
// RUN: remat-opt %S/Inputs/exp_chain.mlir -remat-mark="policy=segments segments=3" | FileCheck %s --check-prefix=SQRT
// SQRT-COUNT-2: math.exp {{.*}}{remat.policy = "recompute"}
// SQRT-NEXT:    math.exp {{.*}}{remat.policy = "save"}
// SQRT-COUNT-2: math.exp {{.*}}{remat.policy = "recompute"}
// SQRT-NEXT:    math.exp {{.*}}{remat.policy = "save"}
// SQRT-COUNT-3: math.exp {{.*}}{remat.policy = "recompute"}
// RUN: remat-opt %S/Inputs/exp_chain.mlir -remat-mark="policy=segments segments=3 every=2" | FileCheck %s --check-prefix=SQRT2
// SQRT2-COUNT-2: math.exp {{.*}}{remat.policy = "recompute"}
// SQRT2-NEXT:    math.exp {{.*}}{remat.policy = "save"}
// SQRT2-COUNT-3: math.exp %{{[0-9]+}} : tensor<64xf32>
// SQRT2-COUNT-3: math.exp {{.*}}{remat.policy = "recompute"}

// Whole pipeline with layer checkpointing: each layer's activations are
// recomputed once, from the layer's input (fc1 and GELU of both layers,
// 2 * (2*2048*512*2048 + 9*2048*2048) FLOPs), and only the boundary
// between the layers (4 MiB) is saved.
// RUN: remat-opt %remat_src_root/examples/mlp2_gelu.mlir -remat-pipeline="policy=segments group=layers\.[0-9]+" -remat-report -o /dev/null | FileCheck %s --check-prefix=PIPE
// PIPE:      recompute 8.67 GFLOP
// PIPE:      peak:    64.0 MiB (67108864 B)
// PIPE:      saved:   1 activations, 4.0 MiB (4194304 B)
// PIPE-NEXT: = linalg.matmul #13 : tensor<2048x512xf32>, 4.0 MiB (layers.0.fc2)

// -----
// A seed-independent op placed after the backward pass has started (named
// after a layer's gradient, as imported layer-norm gradients are) belongs to
// backward: it runs there. The layer's values it reads are recomputed from
// the group's input like any other backward read.
// RUN: remat-opt %s -split-input-file -remat-mark="policy=segments group=l\.[0-9]+" | FileCheck %s --check-prefix=LATE
// LATE-LABEL: func.func @late
// LATE:       %[[A:.+]] = math.exp %{{.+}} {remat.policy = "recompute"}
// LATE-NEXT:  math.exp %[[A]] {remat.policy = "recompute"}
// LATE:       math.exp %[[A]] : tensor<64xf32>
func.func @late(%x: tensor<64xf32>, %dy: tensor<64xf32> {remat.cotangent}) -> tensor<64xf32> {
  %a = math.exp %x : tensor<64xf32> loc("l.0.a")
  %b = math.exp %a : tensor<64xf32> loc("l.0.b")
  %g = arith.mulf %dy, %b : tensor<64xf32> loc("l.0.grad.b")
  %r = math.exp %a : tensor<64xf32> loc("l.0.grad.a")
  %h = arith.mulf %g, %r : tensor<64xf32> loc("l.0.grad.c")
  return %h : tensor<64xf32>
}
