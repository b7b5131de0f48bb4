// Tests that options whose values are a fixed set are enums: --help lists
// each value with a line on it, a pipeline prints them back by name, and
// another value is refused naming the option and what it accepts.

// RUN: remat-opt --help | FileCheck %s --check-prefix=HELP
// HELP:      --remat-mark
// HELP:        --policy=<value>
// HELP-NEXT:     =peak
// HELP-NEXT:     =none
// HELP-NEXT:     =manual
// HELP-NEXT:     =selective
// HELP-NEXT:     =segments
// HELP-NEXT:     =budget
// HELP:        --solver=<value>
// HELP-NEXT:     =auto
// HELP-NEXT:     =exact
// HELP-NEXT:     =milp
// HELP-NEXT:     =fast
// HELP:      --remat-report
// HELP:        --format=<value>
// HELP-NEXT:     =text
// HELP-NEXT:     =json
// HELP:      --remat-pipeline
// HELP:        --accumulators=<value>
// HELP-NEXT:     =whole
// HELP-NEXT:     =tiled
// HELP-NEXT:   --attention=<value>
// HELP-NEXT:     =untiled
// HELP-NEXT:     =tiled

// RUN: remat-run --help | FileCheck %s --check-prefix=RUN-HELP
// RUN-HELP:      --accumulators=<value>
// RUN-HELP-NEXT:   =whole
// RUN-HELP-NEXT:   =tiled
// RUN-HELP-NEXT: --attention=<value>
// RUN-HELP-NEXT:   =untiled
// RUN-HELP-NEXT:   =tiled
// RUN-HELP:      --compare-policy=<value>
// RUN-HELP-NEXT:   =peak
// RUN-HELP:      --policy=<value>
// RUN-HELP-NEXT:   =peak
// RUN-HELP:      --solver=<value>
// RUN-HELP-NEXT:   =auto

// RUN: remat-opt %s -remat-mark="policy=selective solver=milp" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRINT
// PRINT: remat-mark{{.*}} policy=selective {{.*}}solver=milp

// RUN: not remat-opt %s -remat-pareto="file=%t.json solver=ilp" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PARETO
// PARETO: remat-opt: for the --solver option: remat: unknown solver 'ilp'; accepted: auto, exact, milp, fast
// PARETO-NOT: error

// RUN: not remat-run %s --compare-policy=greedy 2>&1 | FileCheck %s --check-prefix=COMPARE
// COMPARE: remat-run: for the --compare-policy option: remat: unknown policy 'greedy'; accepted policies: peak, none, manual, selective, segments, budget
// RUN: not remat-run %s --policy=budget --budget=0.5 --solver=ilp 2>&1 | FileCheck %s --check-prefix=SOLVER
// SOLVER: remat-run: for the --solver option: remat: unknown solver 'ilp'; accepted: auto, exact, milp, fast

func.func @ok(%x: tensor<4xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  return %dy : tensor<4xf32>
}
