// A loop body whose elementwise op would overwrite the iteration argument
// while a later op still reads it (`t = tanh(acc); u = t + acc`, found by
// a tester writing graphs by hand) was taken as written in place: no copy
// before the yield, and the lowering failed ("Yield operand #0 is not
// equivalent to the corresponding iter bbArg") where `u = acc + t` ran.
// -remat-prepare-lowering now stops at an operand read later and copies
// the yielded value into the argument; the timeline counts the copy.
// RUN: remat-run %s --entry=loop --compare-policy=none | FileCheck %s
// CHECK: measured peak: [[P:[0-9]+]] B
// CHECK: predicted peak: [[P]] B
// CHECK: out0: tensor<64xf32> checksum [[C0:[0-9a-f]+]]
// CHECK: out1: tensor<64xf32> checksum [[C1:[0-9a-f]+]]
// CHECK: outputs bitwise identical
// The operands swapped, written in place already: the same bits.
// RUN: remat-run %s --entry=swapped | FileCheck %s --check-prefix=SWAP
// SWAP: measured peak: [[P:[0-9]+]] B
// SWAP: predicted peak: [[P]] B
// RUN: remat-run %s --entry=loop > %t.a && remat-run %s --entry=swapped > %t.b
// RUN: grep checksum %t.a > %t.ca && grep checksum %t.b > %t.cb && diff %t.ca %t.cb
// RUN: remat-opt %s -remat-prepare-lowering | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @loop
// IR: linalg.copy
// IR: scf.yield

func.func @loop(%x: tensor<64xf32>, %dy: tensor<64xf32> {remat.cotangent}) -> (tensor<64xf32>, tensor<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %e = math.exp %x : tensor<64xf32>
  %l = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %e) -> (tensor<64xf32>) {
    %t = math.tanh %acc : tensor<64xf32>
    %u = arith.addf %t, %acc : tensor<64xf32>
    scf.yield %u : tensor<64xf32>
  }
  %g = arith.mulf %dy, %l : tensor<64xf32>
  %g2 = arith.mulf %g, %e : tensor<64xf32>
  return %l, %g2 : tensor<64xf32>, tensor<64xf32>
}

func.func @swapped(%x: tensor<64xf32>, %dy: tensor<64xf32> {remat.cotangent}) -> (tensor<64xf32>, tensor<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %e = math.exp %x : tensor<64xf32>
  %l = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %e) -> (tensor<64xf32>) {
    %t = math.tanh %acc : tensor<64xf32>
    %u = arith.addf %acc, %t : tensor<64xf32>
    scf.yield %u : tensor<64xf32>
  }
  %g = arith.mulf %dy, %l : tensor<64xf32>
  %g2 = arith.mulf %g, %e : tensor<64xf32>
  return %l, %g2 : tensor<64xf32>, tensor<64xf32>
}
