// policy=budget measures its decisions on a copy of the function; the copy
// was made without the functions it calls, so a call's peak missed its
// callee's temporaries and a budget under the reported peak was taken as
// met (budget=1024: -remat-report printed 1280 B; budget=1280: 1536 B,
// nothing recomputed). The callees are copied beside it now: each budget
// holds on the peak the report prints.
// RUN: remat-opt %s -remat-pipeline="policy=budget budget=1024" -remat-report -o /dev/null | FileCheck %s --check-prefix=B1024
// RUN: remat-opt %s -remat-pipeline="policy=budget budget=1280" -remat-report -o /dev/null | FileCheck %s --check-prefix=B1280
// RUN: remat-opt %s -remat-pipeline="policy=budget budget=1024 solver=exact" -remat-report -o /dev/null | FileCheck %s --check-prefix=B1024
// Below what remat reaches: an error, not a peak over the budget.
// RUN: not remat-opt %s -remat-pipeline="policy=budget budget=768" -o /dev/null 2>&1 | FileCheck %s --check-prefix=B768

// B1024: recompute 128 FLOP
// B1024: peak: 1.0 KiB (1024 B)
// B1280: recompute 64 FLOP
// B1280: peak: 1.2 KiB (1280 B)
// B768: error: remat-mark: budget of 768 bytes (768 B) is below the smallest peak remat reaches for this function: 1024 bytes

func.func private @g(%x: tensor<64xf32>) -> tensor<64xf32> {
  %t = math.tanh %x : tensor<64xf32>
  %e = math.exp %t : tensor<64xf32>
  %s = arith.mulf %e, %t : tensor<64xf32>
  return %s : tensor<64xf32>
}

func.func @train(%x: tensor<64xf32>, %dy: tensor<64xf32> {remat.cotangent}) -> (tensor<64xf32>, tensor<64xf32>) {
  %a = math.sin %x : tensor<64xf32>
  %b = math.cos %x : tensor<64xf32>
  %c = math.exp %x : tensor<64xf32>
  %y = arith.mulf %c, %b : tensor<64xf32>
  %g1 = arith.mulf %dy, %a : tensor<64xf32>
  %g2 = func.call @g(%g1) : (tensor<64xf32>) -> tensor<64xf32>
  %g3 = arith.mulf %g2, %b : tensor<64xf32>
  %g4 = arith.mulf %g3, %c : tensor<64xf32>
  return %y, %g4 : tensor<64xf32>, tensor<64xf32>
}
