// Tests that bad options are rejected with a message that lists what is
// accepted, for -remat-mark and for -remat-pipeline alike.

// RUN: not remat-opt %s -remat-mark="policy=greedy" 2>&1 | FileCheck %s --check-prefix=POLICY
// RUN: not remat-opt %s -remat-pipeline="policy=greedy" 2>&1 | FileCheck %s --check-prefix=POLICY
// POLICY: remat: unknown policy 'greedy'; accepted policies: peak, none, manual, selective, segments, budget

// RUN: not remat-opt %s -remat-pipeline="policy=budget" 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET: remat: policy 'budget' needs budget=SIZE: bytes (12000, 16MiB, 2.5GiB) or a fraction of the unrematerialized peak (0.5)
// RUN: not remat-opt %s -remat-pipeline="policy=budget budget=lots" 2>&1 | FileCheck %s --check-prefix=BUDGET-SYNTAX
// RUN: not remat-opt %s -remat-pipeline="policy=budget budget=1.5" 2>&1 | FileCheck %s --check-prefix=BUDGET-SYNTAX
// RUN: not remat-opt %s -remat-pipeline="policy=budget budget=-3MiB" 2>&1 | FileCheck %s --check-prefix=BUDGET-SYNTAX
// BUDGET-SYNTAX: remat: invalid budget '{{.*}}': expected bytes (12000, 16MiB, 2.5GiB) or a fraction in (0, 1] of the unrematerialized peak (0.5)
// RUN: not remat-opt %s -remat-mark="policy=selective budget=0.5" 2>&1 | FileCheck %s --check-prefix=BUDGET-STRAY
// BUDGET-STRAY: remat: budget= applies only to policy=budget
// RUN: not remat-opt %s -remat-mark="policy=budget budget=0.5 solver=ilp" 2>&1 | FileCheck %s --check-prefix=SOLVER
// SOLVER: remat: unknown solver 'ilp'; accepted: auto, exact, milp, fast

// RUN: not remat-opt %s -remat-mark="flops-per-byte=-1" 2>&1 | FileCheck %s --check-prefix=THRESHOLD
// RUN: not remat-opt %s -remat-pipeline="flops-per-byte=-0.5" 2>&1 | FileCheck %s --check-prefix=THRESHOLD
// THRESHOLD: remat: flops-per-byte must be a finite number >= 0

// RUN: not remat-opt %s -remat-mark="flops-per-byte=lots" 2>&1 | FileCheck %s --check-prefix=NUMBER
// NUMBER: 'lots' value invalid for floating point argument

// RUN: not remat-opt %s -remat-pipeline="policy=segments group=layers\.(" 2>&1 | FileCheck %s --check-prefix=REGEX
// REGEX: remat: invalid group regex 'layers\.(': parentheses not balanced

// RUN: not remat-opt %s -remat-mark="policy=segments segments=0" 2>&1 | FileCheck %s --check-prefix=SEGMENTS
// RUN: not remat-opt %s -remat-mark="policy=segments segments=many" 2>&1 | FileCheck %s --check-prefix=SEGMENTS
// SEGMENTS: remat: segments must be a positive number or 'sqrt', got

// RUN: not remat-opt %s -remat-mark="policy=segments" 2>&1 | FileCheck %s --check-prefix=NEITHER
// RUN: not remat-opt %s -remat-mark="policy=segments segments=2 group=x" 2>&1 | FileCheck %s --check-prefix=NEITHER
// NEITHER: remat: policy 'segments' needs exactly one of segments=N|sqrt and group=REGEX

// RUN: not remat-opt %s -remat-mark="policy=selective segments=2" 2>&1 | FileCheck %s --check-prefix=STRAY
// STRAY: remat: segments= and group= apply only to policy=segments

// RUN: not remat-opt %s -remat-mark="policy=segments segments=2 every=0" 2>&1 | FileCheck %s --check-prefix=EVERY
// EVERY: remat: every must be at least 1

// RUN: not remat-opt %s -remat-pipeline="polcy=none" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: no such option polcy

func.func @f(%x: tensor<4xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  %y = math.exp %x : tensor<4xf32>
  %g = arith.mulf %dy, %y : tensor<4xf32>
  return %g : tensor<4xf32>
}
