// UNSUPPORTED: sanitizer
// Tests the installed package: `cmake --install` into a fresh prefix, then
// an out-of-tree project (examples/consumer) finds it with
// find_package(Remat), links Remat::RematTransforms, builds the remat
// pipeline into its own PassManager and reads the memory timeline.
// RUN: rm -rf %t && cmake --install %remat_obj_root --prefix %t/prefix > %t.install.log
// RUN: test -x %t/prefix/bin/remat-opt && test -x %t/prefix/bin/remat-run
// RUN: test -f %t/prefix/lib/RematPassPlugin.so && test -f %t/prefix/include/remat/Transforms/Passes.h.inc
// RUN: cmake -G Ninja -S %remat_src_root/examples/consumer -B %t/build -DCMAKE_PREFIX_PATH=%t/prefix > %t.configure.log
// RUN: cmake --build %t/build > %t.build.log
// RUN: %t/build/remat-consumer %s | FileCheck %s
// RUN: %t/build/remat-consumer %remat_src_root/examples/mlp2_gelu.mlir | FileCheck %s --check-prefix=MLP2
// MLP2: @mlp_train: peak 96468992 -> 79691776 bytes, 2 recomputations

// The graph mixes in an op remat has no cost model for (from "another
// producer"): it is analysed conservatively and saved, and the cheap chain
// after it is still recomputed (without lowering the peak, which is in
// backward here, and without raising it).
// CHECK: @mixed: peak 4096 -> 4096 bytes, 1 recomputations
func.func @mixed(%x: tensor<256xf32>, %dy: tensor<256xf32> {remat.cotangent}) -> (tensor<256xf32>, tensor<256xf32>) {
  %u = "other.op"(%x) : (tensor<256xf32>) -> tensor<256xf32>
  %a = math.exp %u : tensor<256xf32>
  %b = math.tanh %a : tensor<256xf32>
  %z = arith.mulf %b, %b : tensor<256xf32>
  %g = arith.mulf %dy, %b : tensor<256xf32>
  %h = arith.mulf %g, %a : tensor<256xf32>
  return %z, %h : tensor<256xf32>, tensor<256xf32>
}
