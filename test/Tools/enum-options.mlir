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
// HELP:        --prefer=<value>
// HELP-NEXT:     =flops
// HELP-NEXT:     =saved
// HELP:        --solver=<value>
// HELP-NEXT:     =auto
// HELP-NEXT:     =exact
// HELP-NEXT:     =milp
// HELP-NEXT:     =fast
// HELP:      --remat-pareto
// HELP:        --format=<value>
// HELP-NEXT:     =auto
// HELP-NEXT:     =json
// HELP-NEXT:     =csv
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

// Pipelines come after passes in --help.
// RUN: remat-opt --help | FileCheck %s --check-prefix=NVVM-HELP
// NVVM-HELP:      --remat-lower-to-nvvm
// NVVM-HELP:        --format=<value>
// NVVM-HELP-NEXT:     =bin
// NVVM-HELP-NEXT:     =isa
// NVVM-HELP-NEXT:     =fatbin
// NVVM-HELP-NEXT:     =auto

// RUN: remat-run --help | FileCheck %s --check-prefix=RUN-HELP
// RUN-HELP:      --accumulators=<value>
// RUN-HELP-NEXT:   =whole
// RUN-HELP-NEXT:   =tiled
// RUN-HELP-NEXT: --attention=<value>
// RUN-HELP-NEXT:   =untiled
// RUN-HELP-NEXT:   =tiled
// RUN-HELP:      --backend=<value>
// RUN-HELP-NEXT:   =cpu
// RUN-HELP-NEXT:   =cuda
// RUN-HELP:      --compare-policy=<value>
// RUN-HELP-NEXT:   =peak
// RUN-HELP:      --gpu-format=<value>
// RUN-HELP-NEXT:   =bin
// RUN-HELP-NEXT:   =isa
// RUN-HELP-NEXT:   =fatbin
// RUN-HELP-NEXT:   =auto
// RUN-HELP:      --policy=<value>
// RUN-HELP-NEXT:   =peak
// RUN-HELP:      --prefer=<value>
// RUN-HELP-NEXT:   =flops
// RUN-HELP-NEXT:   =saved
// RUN-HELP:      --solver=<value>
// RUN-HELP-NEXT:   =auto

// RUN: remat-opt %s -remat-mark="policy=selective solver=milp" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRINT
// PRINT: remat-mark{{.*}} policy=selective {{.*}}solver=milp

// RUN: not remat-opt %s -remat-pareto="file=%t.json solver=ilp" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PARETO
// PARETO: remat-opt: for the --solver option: remat: unknown solver 'ilp'; accepted: auto, exact, milp, fast
// PARETO-NOT: error
// RUN: not remat-opt %s -remat-pareto="file=%t.json format=xml" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PFORMAT
// PFORMAT: remat-opt: for the --format option: remat-pareto: unknown format 'xml'; expected auto, json or csv
// An empty format (once the way to say auto) is refused too.
// RUN: not remat-opt %s -remat-pareto="file=%t.json format=" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PEMPTY
// PEMPTY: remat-opt: for the --format option: remat-pareto: unknown format ''; expected auto, json or csv
// RUN: remat-opt %s -remat-pareto="file=%t.json" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PPRINT
// PPRINT: remat-pareto{{.*}} format=auto

// RUN: not remat-opt %s -remat-lower-to-nvvm="format=elf" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NVVM
// NVVM: remat-opt: for the --format option: remat-lower-to-nvvm: format must be bin, isa, fatbin or auto, got 'elf'

// RUN: not remat-run %s --compare-policy=greedy 2>&1 | FileCheck %s --check-prefix=COMPARE
// COMPARE: remat-run: for the --compare-policy option: remat: unknown policy 'greedy'; accepted policies: peak, none, manual, selective, segments, budget
// RUN: not remat-run %s --policy=budget --budget=0.5 --solver=ilp 2>&1 | FileCheck %s --check-prefix=SOLVER
// SOLVER: remat-run: for the --solver option: remat: unknown solver 'ilp'; accepted: auto, exact, milp, fast
// RUN: not remat-run %s --backend=tpu 2>&1 | FileCheck %s --check-prefix=BACKEND
// BACKEND: remat-run: for the --backend option: --backend must be cpu or cuda, got 'tpu'
// RUN: not remat-run %s --gpu-format=elf 2>&1 | FileCheck %s --check-prefix=GPU-FORMAT
// GPU-FORMAT: remat-run: for the --gpu-format option: --gpu-format must be bin, isa, fatbin or auto, got 'elf'

func.func @ok(%x: tensor<4xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  return %dy : tensor<4xf32>
}
