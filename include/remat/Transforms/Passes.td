//===- Passes.td - remat passes ----------------------------*- tablegen -*-===//

#ifndef REMAT_TRANSFORMS_PASSES_TD
#define REMAT_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def RematReport : Pass<"remat-report", "ModuleOp"> {
  let summary = "Print the memory report of every training graph";
  let description = [{
    For each function with a body, splits forward from backward (gradient
    seeds: arguments marked `remat.cotangent`, ops marked `remat.seed`),
    lists the saved activations (forward tensors that backward ops read, with
    the backward op that needs each), and predicts live tensor bytes over
    program order: the peak and the op where it occurs. Arguments are not
    counted. The IR is not changed.

    `format=text` (default) prints a summary per function; `format=json`
    prints one JSON document `{"functions": [...]}` (fields in
    docs/Report.md). `file=PATH` writes to PATH instead of stdout, and
    `plot=PATH` also draws live bytes over program order as an SVG.
  }];
  let options = [
    Option<"format", "format", "::mlir::remat::ReportFormat",
           /*default=*/"::mlir::remat::ReportFormat::Text", "Output format">,
    Option<"file", "file", "std::string", /*default=*/"\"-\"",
           "Where to write the report ('-' is stdout)">,
    Option<"plot", "plot", "std::string", /*default=*/"\"\"",
           "If set, write an SVG plot of live bytes over program order">,
  ];
}

def RematSplitDestinations
    : Pass<"remat-split-destinations", "func::FuncOp"> {
  let summary = "Give each destination-style op its own tensor.empty and fill";
  let description = [{
    CSE merges identical `tensor.empty` ops and zero `linalg.fill`s, so one
    destination value ends up shared by many ops, forward and backward
    alike. Bufferization then keeps one buffer alive across all of them: a
    zero-filled accumulator used by a forward and a backward matmul becomes
    a "saved activation" that costs memory for nothing. This pass clones a
    multi-use `tensor.empty`, or a `linalg.fill` of a constant into one,
    once per user, just before that user, and sinks a single-use one next
    to its user. `-remat-pipeline` runs it first.

    ```mlir
    %e = tensor.empty() : tensor<4xf32>
    %z = linalg.fill ins(%c : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %a = linalg.matmul ins(...) outs(%z : tensor<4xf32>) -> tensor<4xf32>
    ...
    %b = linalg.matmul ins(...) outs(%z : tensor<4xf32>) -> tensor<4xf32>
    ```
    becomes
    ```mlir
    %e = tensor.empty() : tensor<4xf32>
    %z = linalg.fill ins(%c : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %a = linalg.matmul ins(...) outs(%z : tensor<4xf32>) -> tensor<4xf32>
    ...
    %e1 = tensor.empty() : tensor<4xf32>
    %z1 = linalg.fill ins(%c : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
    %b = linalg.matmul ins(...) outs(%z1 : tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numCloned", "num-cloned", "Destinations cloned">,
  ];
}

def RematMark : Pass<"remat-mark", "ModuleOp"> {
  let summary = "Decide, per forward op, whether to save or recompute it";
  let description = [{
    Writes the decision as `remat.policy = "save" | "recompute"` on forward
    ops, where a user can read and edit it before `-remat-materialize` acts
    on it. Existing `remat.policy` attributes are user overrides: every
    policy honours them, except that an op that is not recomputable (memory
    effects, unknown effects, no cost model) is always saved, with a warning.

    Policies:
    - `peak` (default): recomputation only where it lowers the step's
      peak. Among decisions over the cheap forward ops (pure, not GEMMs
      or convolutions, under `flops-per-byte`), the lowest peak after the
      whole pipeline whose recompute FLOPs stay within `max-recompute` of
      the step's forward and backward FLOPs and whose cloned ops grow the
      function at most `max-growth` times; ties: the fewest FLOPs. The
      choice is measured with materialize and schedule on a copy of the
      function; when nothing lowers the measured peak, nothing is
      recomputed.
    - `none`: changes nothing.
    - `manual`: only the user's `remat.policy` attributes; everything else
      is saved.
    - `selective`: the set of saved tensors with the fewest bytes
      (a min-cut over the forward graph), recomputing only through ops whose
      FLOPs per byte of output stay under `flops-per-byte`; among cuts of
      equal bytes, the one with the fewest recompute FLOPs.
    - `segments`: classic checkpointing. `segments=N` or `segments=sqrt`
      splits the forward into N segments of equal FLOPs (Chen et al.'s
      sqrt(n) for `sqrt`); `group=REGEX` groups ops by a regex over their
      location names instead (e.g. `layers\.[0-9]+`). With `every=K` only
      every K-th segment or group (the 1st, the K+1-th, ...) is
      checkpointed. Inside a checkpointed segment everything is recomputed
      from the segment's inputs; its outputs are saved.
    - `budget`: the least recompute FLOPs whose predicted peak, after the
      whole pipeline (materialize and schedule included), fits `budget`.
      Any pure op may be recomputed, GEMMs included. Small graphs: every
      subset of the candidate ops, each measured by running materialize
      and schedule on a copy of the function. Beyond that, searched on a
      peak model of the pipeline and the choice measured: `solver=exact`
      sweeps the model's exact Pareto frontier by remat's own branch and
      bound, `solver=milp` does the same with a MILP solver (CBC) and
      states the answer's proven gap in a remark, the fast solver (`auto`)
      takes a greedy path, the selective min-cut points and a node-capped
      frontier sweep (docs/Budget.md).
  }];
  let options = [
    Option<"policy", "policy", "::mlir::remat::MarkPolicy",
           /*default=*/"::mlir::remat::MarkPolicy::Peak",
           "What to recompute">,
    Option<"maxRecompute", "max-recompute", "double",
           /*default=*/"::mlir::remat::kDefaultMaxRecompute",
           "peak: the most recompute FLOPs, as a fraction of the step's "
           "forward and backward FLOPs">,
    Option<"prefer", "prefer", "::mlir::remat::PeakPreference",
           /*default=*/"::mlir::remat::PeakPreference::Flops",
           "peak: among the decisions of the lowest peak, the fewest "
           "recompute FLOPs (flops) or the fewest saved bytes (saved)">,
    Option<"maxGrowth", "max-growth", "double",
           /*default=*/"::mlir::remat::kDefaultMaxGrowth",
           "peak: the most the function may grow by cloned ops (1.5: by "
           "half)">,
    Option<"flopsPerByte", "flops-per-byte", "double",
           /*default=*/"::mlir::remat::kDefaultFlopsPerByte",
           "peak, selective: recompute only through ops with fewer FLOPs per byte "
           "of output than this">,
    Option<"segments", "segments", "std::string", /*default=*/"\"\"",
           "segments: a number of segments, or 'sqrt'">,
    Option<"group", "group", "std::string", /*default=*/"\"\"",
           "segments: a regex over location names; ops whose names match "
           "the same text form one group">,
    Option<"every", "every", "unsigned", /*default=*/"1",
           "segments: checkpoint every K-th segment or group only">,
    Option<"budget", "budget", "std::string", /*default=*/"\"\"",
           "budget: the peak to fit, in bytes (12000, 16MiB, 2.5GiB) or as "
           "a fraction of the unrematerialized peak (0.5)">,
    Option<"solver", "solver", "::mlir::remat::SolverChoice",
           /*default=*/"::mlir::remat::SolverChoice::Auto",
           "budget: the search (all but fast take the exhaustive search "
           "when the graph has at most exact-limit candidate ops and it "
           "fits time-limit)">,
    Option<"exactLimit", "exact-limit", "unsigned", /*default=*/"10",
           "budget: the most candidate ops the exhaustive search takes on "
           "(at most 16)">,
    Option<"timeLimit", "time-limit", "double", /*default=*/"0",
           "budget: seconds the solver may take, estimated at fixed rates "
           "per op (0: no limit); the exhaustive search only runs when it "
           "fits, milp answers with the best found and its proven gap "
           "when the MILP does not finish, exact fails when its branch "
           "and bound does not finish, fast measures less">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "A remark on every forward op: recompute or save, and why">,
    Option<"materialize", "materialize", "bool", /*default=*/"false",
           "Also materialize and schedule, as -remat-materialize and "
           "-remat-schedule do (what -remat-pipeline sets): the peak "
           "policy's measured choice, already materialized and scheduled "
           "on a copy, is taken as it is">,
    Option<"splitDestinations", "split-destinations", "bool",
           /*default=*/"false",
           "First split shared destinations in each function, as "
           "-remat-split-destinations does (what -remat-pipeline sets: "
           "one pass, so a large function is verified once, not twice)">,
  ];
  let statistics = [
    Statistic<"numRecompute", "num-recompute", "Ops marked recompute">,
    Statistic<"numSave", "num-save", "Ops marked save">,
  ];
}

def RematPareto : Pass<"remat-pareto", "ModuleOp"> {
  let summary = "Write the peak / recompute-FLOPs trade-off curve of each graph";
  let description = [{
    Sweeps budgets from the unrematerialized peak down to the smallest peak
    the budget solver can reach, and writes, per function, one point per
    distinct outcome: the budget, the peak achieved after the whole
    pipeline, and the recompute FLOPs. Each point is exactly what
    `-remat-pipeline="policy=budget budget=B"` gives for that budget. JSON
    (default) or CSV, and an SVG plot of the curve next to the file
    (`PATH` with its extension replaced by `.svg`). The IR is not changed.
  }];
  let options = [
    Option<"file", "file", "std::string", /*default=*/"\"\"",
           "Where to write the curve (required)">,
    Option<"format", "format", "::mlir::remat::ParetoFormat",
           /*default=*/"::mlir::remat::ParetoFormat::Auto",
           "The file's format">,
    Option<"solver", "solver", "::mlir::remat::SolverChoice",
           /*default=*/"::mlir::remat::SolverChoice::Auto",
           "The search, as for policy=budget">,
    Option<"exactLimit", "exact-limit", "unsigned", /*default=*/"10",
           "The most candidate ops the exhaustive search takes on, as for "
           "policy=budget">,
    Option<"timeLimit", "time-limit", "double", /*default=*/"0",
           "Seconds the solver may take, as for policy=budget (0: no "
           "limit)">,
  ];
}

def RematMaterialize : Pass<"remat-materialize", "ModuleOp"> {
  let summary = "Recompute marked values just before their first backward use";
  let description = [{
    For each backward op, in program order, that reads forward values marked
    `remat.policy = "recompute"`, inserts immediately before it one
    `remat.recompute` that clones the chain of recompute-marked ops those
    values need, from saved values and arguments (scalar constants are
    cloned, not passed). Shared parts of the chain are computed once per
    region; later backward uses reuse the region's results. Backward uses
    are rewired to the recomputed values, so the forward values die at their
    last forward use; forward ops left without users are erased.

    Ops that are not recomputable are never cloned, whatever their mark.
    If the recomputations would raise the predicted peak over the input's,
    the ones that raise it are undone, so `peak_bytes` never increases.
  }];
  let dependentDialects = ["::mlir::remat::RematDialect"];
  let statistics = [
    Statistic<"numRegions", "num-regions", "remat.recompute ops created">,
    Statistic<"numCloned", "num-cloned", "Ops cloned into recomputations">,
    Statistic<"numUndone", "num-undone",
              "Recomputations undone because they raised the peak">,
  ];
}

def RematSchedule : Pass<"remat-schedule", "ModuleOp"> {
  let summary = "Reorder ops to lower the predicted peak memory";
  let description = [{
    A memory-aware list schedule of each training graph's body: among the
    ops whose inputs are ready, it runs first the one that frees the most
    and allocates the least (recomputations therefore run as late as
    possible, and buffers die as early as possible), breaking ties by
    program order. Ops with memory effects keep their relative order, and
    ops reading a gradient seed stay after the ops producing the returned
    forward values (in a real step the seed exists only once they do). The
    new order is kept only if its predicted peak is lower than the input's;
    otherwise the function is left as it was. Then, at that peak or lower,
    it lowers the peak beyond the step's results (the report's "peak beyond
    results"): a list schedule counting weight gradients as free, and
    weight gradients moved, with the recomputations and destinations only
    they need, as early as their inputs allow, each kept only if better.
  }];
  let statistics = [
    Statistic<"numRescheduled", "num-rescheduled",
              "Functions whose order was changed">,
  ];
}

def RematAnnotateCosts : Pass<"remat-annotate-costs"> {
  let summary = "Attach the cost model's #remat.cost to every op";
  let description = [{
    Writes `remat.cost = #remat.cost<flops = ..., bytes_read = ...,
    bytes_written = ..., recomputable = ...>` on every op nested in the
    target op, so that the cost model's view can be read in the IR. Ops
    without a cost model get the conservative fallback and
    `recomputable = false`.
  }];
  let dependentDialects = ["::mlir::remat::RematDialect"];
}

def RematTileAccumulators
    : Pass<"remat-tile-accumulators", "func::FuncOp"> {
  let summary = "Compute products accumulated in a wider type and narrowed "
                "right after in row blocks, so no wide result is whole";
  let description = [{
    Importers write a 16-bit product as a `linalg.matmul` of bf16 (or f16)
    inputs into an f32 fill or broadcast, followed by a `linalg.generic`
    that only truncates it (as `remat-import-torch --dtype bf16` does for
    every `aten.mm`/`addmm`): the f32 result is materialized whole, twice
    the bytes of the bf16 one. For a weight gradient of a large layer this
    f32 temporary sets the step's peak (96 sbh for a GPT-3 175B layer's MLP
    projection). This pass rewrites each such pair into an `scf.for` over
    blocks of the result's rows: per block, the accumulator is initialised
    (the fill, or the broadcast cloned on the block), the product computed
    from the block's rows of the left operand, narrowed, and inserted into
    the 16-bit result. Each element's sum runs over the same `k` in the
    same order, so results are bit-identical; only the wide buffer shrinks
    to a block. Skipped (left whole) when the rows cannot be split into at
    least `min-blocks` equal blocks, or when the initial accumulator varies
    along rows in a way that is not a fill or a broadcast; undone with a
    remark if the predicted peak would rise. Opt-in
    (`accumulators=tiled` in `-remat-pipeline`, `--accumulators=tiled` in
    `remat-run`).
  }];
  let options = [
    Option<"minBlocks", "min-blocks", "int64_t", /*default=*/"32",
           "Split the rows into the fewest equal blocks that is at least "
           "this many (the wide block is then at most 1/min-blocks of the "
           "whole)">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numTiled", "num-tiled", "Narrowed products computed in row "
              "blocks">,
  ];
}

def RematTileAttention : Pass<"remat-tile-attention", "func::FuncOp"> {
  let summary = "Tile attention forward and backward (FlashAttention) so "
                "that no sequence x sequence matrix is materialized";
  let description = [{
    Recognizes attention in a training graph, exactly: `S = Q K^T`
    (`linalg.matmul` or `linalg.batch_matmul` into a zero fill), a chain of
    elementwise steps on the scores (multiplication or division by a
    constant, `select` with an `i1` mask broadcast over the batch, `+` a
    float mask broadcast the same way),
    `linalg.softmax` over the key dimension, optionally dropout (`P * M`),
    `O = P V`, and its backward (`dV = P^T dO`, `dP = dO V^T`, the softmax
    gradient `P * (dP - rowsum(dP * P))`, the steps' gradients in reverse,
    `dQ = dS K`, `dK = dS^T Q`). It rewrites forward into `scf.for` loops
    over query blocks and key blocks with online softmax, keeping only `O`
    and the per-row log-sum-exp, and backward into loops over key blocks
    and query blocks that recompute each probability tile from `Q`, `K`
    and the log-sum-exp just before its gradients consume it. Dropout
    masks are re-drawn per tile when their producer is an elementwise
    `linalg.generic` (a functional generator, or a scaling of a mask
    argument), sliced from the whole mask otherwise. A length the block
    does not divide gets a remainder tile: the loop body once more, after
    the loop, with the remainder's static shape.

    The summation order changes (online softmax; `rowsum(dO * O)` instead of
    `rowsum(dP * P)`), so results are not bit-identical to the untiled graph:
    the pass is opt-in (`attention=tiled` in `-remat-pipeline`). Anything
    that does not match exactly is left as it is, with a remark at the
    softmax saying why. Element types f32, bf16 and f16. The tiles compute
    in the graph's own type, or, where the products accumulate in a wider
    type and are narrowed right after (`remat-import-torch --dtype bf16`
    writes each bf16 product as an f32 `batch_matmul` and a `truncf`-only
    `linalg.generic`, and its steps as `extf`, the f32 op, `truncf`), in
    that wider type: row statistics, accumulators and dQ's accumulator in
    f32; O, dK and dV are narrowed where the untiled graph stores them, and
    the steps' bodies run on the narrowed scores as in the untiled graph.
  }];
  let options = [
    Option<"blockQ", "block-q", "int64_t", /*default=*/"64",
           "The most query rows per tile (clamped to the sequence length; "
           "a length it does not divide gets even tiles and a smaller "
           "last one, or the largest divisor if at least half as large)">,
    Option<"blockK", "block-k", "int64_t", /*default=*/"64",
           "The most key columns per tile (as block-q, over the key "
           "length)">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
  let statistics = [
    Statistic<"numTiled", "num-tiled", "Attentions tiled">,
    Statistic<"numUntiled", "num-untiled",
              "Softmaxes left untiled (each with a remark)">,
  ];
}

#endif // REMAT_TRANSFORMS_PASSES_TD
