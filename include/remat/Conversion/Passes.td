//===- Passes.td - remat's lowering passes ------------------*- tablegen -*-===//
//
// The steps remat adds to the upstream lowerings of -remat-lower-to-llvm
// (CPU) and -remat-lower-to-nvvm (NVIDIA GPUs). Rematerialization
// (remat/Transforms) links without them.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_CONVERSION_PASSES_TD
#define REMAT_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def RematPrepareLowering : Pass<"remat-prepare-lowering", "ModuleOp"> {
  let summary = "Inline recomputations and drop remat attributes before lowering";
  let description = [{
    The first step of `-remat-lower-to-llvm`. Replaces every
    `remat.recompute` by its body, in place (so the recomputation still runs
    just before its backward consumer), decomposes aggregate ops such as
    `linalg.softmax` into structured ops, removes the `remat.*` attributes
    from ops and arguments, and marks tensor arguments of functions with a
    body `bufferization.writable = false`, so that bufferization never
    writes into the caller's inputs: the inputs stay intact and the memory
    timeline (which never reuses argument buffers) stays exact. A loop
    (`scf.for`) that yields a new tensor for an iteration argument instead
    of writing into it gets a `linalg.copy` into the argument before its
    yield, which bufferization requires (and the timeline counts); an
    `scf.while` gets the same copies in both of its regions. Each
    tensor result of an `scf.if` gets one destination
    (`bufferization.alloc_tensor` before the `if`) that both branches
    write: the op computing the yielded value where its destination was a
    `tensor.empty`, else a `linalg.copy`. The `if` then returns that
    buffer, and buffers stay freed after their last use instead of by
    ownership flags at the end of the function.
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect",
                           "::mlir::linalg::LinalgDialect"];
}

def RematSplitBlocksAtLoops
    : Pass<"remat-split-blocks-at-loops", "func::FuncOp"> {
  let summary = "Give every top-level loop nest a block of its own";
  let description = [{
    A step of `-remat-lower-to-llvm`, after linalg is lowered to loops:
    splits a function's single block after every top-level op with regions
    (an `scf.for` nest), joining the pieces with `cf.br`. A training graph
    becomes one function of thousands of loop nests; lowering each `scf.for`
    to branches splits the block it is in and moves every later op, so
    `-convert-scf-to-cf` on one block is quadratic in time and memory (2.5
    GB at 400 MLP blocks, 18.6 GB at 20k ops). Split here, from the last
    loop back, each op moves once. Semantics and allocation order are
    unchanged.
  }];
  let dependentDialects = ["::mlir::cf::ControlFlowDialect"];
}

def RematDeallocateBuffers : Pass<"remat-deallocate-buffers", "ModuleOp"> {
  let summary = "Free every buffer right after its last use, in linear time";
  let description = [{
    The deallocation step of `-remat-lower-to-llvm` and
    `-remat-lower-to-nvvm`, right after one-shot bufferization. Training
    graphs are straight-line: one block whose buffers are all allocated at
    the top level. There, each `memref.alloc` gets a `memref.dealloc` right
    after the last top-level op that uses it or any view of it
    (`ViewLikeOpInterface`, transitively; uses inside a loop count at the
    loop); a buffer that is returned, or whose view is, is the caller's
    and is not freed; a returned function argument or constant (or a
    view of one) is returned as a fresh copy, allocated at the return, so
    that the caller owns every result. This is what upstream's
    `-buffer-deallocation-pipeline` followed by
    `-optimize-allocation-liveness` gives on such functions (both also
    canonicalize first, which erases dead views, and clean up with CSE and
    canonicalization after), but in one pass over the uses, where
    `-buffer-deallocation-simplification` compares the block's buffers
    pairwise (22 of 58 s at 20k ops).

    When any function is not straight-line (several blocks, buffers
    allocated or passed inside regions, memrefs from calls or other
    non-view ops), the whole module takes upstream's pipeline instead:
    ownership-based deallocation cannot run on a module that already has
    deallocations.
  }];
  let options = [
    Option<"forceUpstream", "force-upstream", "bool", "false",
           "Always take upstream's ownership-based pipeline (for comparison)">,
  ];
  // What upstream's pipeline, run from inside the pass, creates.
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::bufferization::BufferizationDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
  let statistics = [
    Statistic<"numDeallocs", "num-deallocs", "Deallocations inserted">,
    Statistic<"numCopies", "num-copies",
              "Returned arguments or constants copied">,
    Statistic<"numUpstream", "num-upstream",
              "Modules given to upstream's pipeline">,
  ];
}

def RematFuseElementwise : Pass<"remat-fuse-elementwise", "func::FuncOp"> {
  let summary = "Fuse elementwise producers into their only consumer where the peak allows";
  let description = [{
    The last step of the preparation of `-remat-lower-to-nvvm` (and of
    `remat-run --fuse-elementwise` on the CPU), before the memory timeline
    predicts the peak. A `linalg.generic` whose loops are all parallel and
    whose one result is used only by another `linalg.generic` (as an input,
    or as an init the consumer's payload never reads) is fused into it with
    upstream's `linalg::fuseElementwiseOps`: one kernel instead of two, and
    the intermediate never reaches memory. Contractions are never fused
    into (the GPU lowering calls cuBLAS for them).

    Fusion moves the producer's reads to the consumer, so its operands may
    live longer. A pair is fused only when the memory timeline shows that
    the bytes it frees (the producer's own buffer, from the producer to the
    consumer) cover every operand buffer it keeps alive longer, at every op
    in between; pairs are fused in rounds of disjoint pairs until none is
    left (at most `max-rounds`). If the function's predicted peak still
    rose (a write that was in place no longer is), every fusion of the
    function is undone, with a remark. The timeline built after this pass
    therefore predicts what the lowered code allocates, as without it.

    Each fused op computes every element with the same operations in the
    same order as the unfused pair: results are bit-identical on the CPU.
  }];
  let options = [
    Option<"maxRounds", "max-rounds", "unsigned", "64",
           "Rounds of disjoint fusions at most">,
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numFused", "num-fused", "Producers fused into their consumer">,
  ];
}

def RematFuseParallelLoops : Pass<"remat-fuse-parallel-loops", "func::FuncOp"> {
  let summary = "Fewer kernels: fuse accumulator fills, neighbouring elementwise loops and reduction epilogues";
  let description = [{
    Part of `-remat-lower-to-nvvm` (option `fuse`), after
    `-convert-linalg-to-parallel-loops`, where each outermost `scf.parallel`
    becomes one kernel launch; `remat-run --fuse-elementwise` runs the same
    loops on the CPU, where the results must be bit-identical to the
    unfused run's and the measured peak equal to the predicted one.

    1. **Accumulator fills.** A loop that stores one value into every
       element of an allocated buffer, in order (a `linalg.fill`), is fused
       into the next loop that touches the buffer when that loop reads and
       writes it at one index, a permutation of its induction variables
       over the buffer's shape (each element belongs to exactly one
       iteration: a reduction's output), nothing in between touches the
       buffer, and nothing in between has effects on memory the pass
       cannot see (a library call reading a pointer taken earlier). That
       iteration stores the value first:
       ```mlir
       scf.parallel (%i) = (%c0) to (%c128) step (%c1) {
         memref.store %zero, %acc[%i] }
       scf.parallel (%i) = (%c0) to (%c128) step (%c1) {
         scf.for %k = ... { %o = memref.load %acc[%i] ... memref.store %r, %acc[%i] } }
       // becomes
       scf.parallel (%i) = (%c0) to (%c128) step (%c1) {
         memref.store %zero, %acc[%i]
         scf.for %k = ... { ... } }
       ```
       `-remat-gpu-map-parallel-loops` reads such a store as the
       accumulator's initial value when it gives the row a warp.
    2. **Neighbouring elementwise loops** (loads, stores and pure ops,
       no nested loops) over the same constant bounds become one loop:
       the second's body runs after the first's in each iteration. Legal
       when every buffer one writes and the other touches is accessed by
       both through the same view at the same induction variables (each
       iteration depends only on itself); two buffers count as distinct
       only when one of them is a fresh allocation (function arguments
       may be one buffer). Between the two
       only allocations, frees and pure ops may stand: allocations and pure
       ops move before the pair, frees after it, and a pair with frees in
       between is fused only if the live bytes of the block's allocations
       while it runs stay within the block's peak (so the peak, and
       measured = predicted, do not change).
    3. **A row reduction's epilogue.** The elementwise loop right after a
       reduction of the form (1) leaves (`store %c, %red[idx]` then one
       `scf.for`, writing nothing but `%red`) joins it when it reads
       `%red` only at the row it belongs to (its indices name the
       reduction's induction variables, which must come first; its own
       dimensions, innermost, become a nest of `scf.for` after the
       reduction, at most as long as the row), writes nothing the
       reduction touches, and the same placement and peak rules as (2)
       hold: each row's reduction is followed by that row's epilogue
       (softmax's `exp(x - max)` and normalization, layer norm's
       scaling). `-remat-gpu-map-parallel-loops` then runs both in the
       row's warp, each lane reading the row's result from its register.

    Every element is computed by the same operations in the same order.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
  let statistics = [
    Statistic<"numFills", "num-fills", "Fills fused into the loop they initialize">,
    Statistic<"numFused", "num-fused", "Elementwise loops fused into their neighbour">,
    Statistic<"numEpilogues", "num-epilogues", "Elementwise epilogues fused into their row reduction">,
  ];
}

def RematGpuGemmToLibrary : Pass<"remat-gpu-gemm-to-library", "ModuleOp"> {
  let summary = "Turn matmuls on memrefs into calls to remat's cuBLAS entry points";
  let description = [{
    Part of `-remat-lower-to-nvvm`, after bufferization. Every linalg op
    that is a contraction with one m, one n and one k dimension (and at
    most one batch dimension) over memrefs whose innermost stride is 1
    (`linalg.matmul`, `linalg.batch_matmul`, and the generics the training
    graphs use for `A^T B` and `A B^T`) becomes a runtime call
    (runtime/cuda/include/remat-cuda/CudaRuntime.h) with the operands'
    device addresses, leading dimensions and transposition flags:

    - f32 x f32 -> f32: `remat_cublas_sgemm` or `remat_cublas_sgemm_batched`
      (`cublasSgemm`: full f32, no TF32, as PyTorch's default);
    - bf16 x bf16 or f16 x f16 -> f32 (the mixed-precision products
      importers write: 16-bit operands, an f32 accumulator):
      `remat_cublas_gemm_ex`, i.e. `cublasGemmEx` /
      `cublasGemmStridedBatchedEx` with `CUBLAS_COMPUTE_32F`, on tensor
      cores. A 16-bit result (16-bit accumulation in linalg's semantics)
      stays a loop kernel.

    ```mlir
    linalg.matmul ins(%a, %b : memref<256x64xf32>, memref<64x256xf32>)
                  outs(%c : memref<256x256xf32>)
    // becomes
    func.call @remat_cublas_sgemm(%false, %false, %m, %n, %k, %pa, %lda,
                                  %pb, %ldb, %beta, %pc, %ldc) : (...) -> ()
    ```
    `beta` is 1 (the op accumulates into its output), or 0 when a
    `linalg.fill` of zero writes the output just before the GEMM with
    nothing in between reading or writing memory: the fill is erased, one
    kernel fewer per GEMM. Other contractions are left to the loop
    lowering.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numGemms", "num-gemms", "Contractions turned into cuBLAS calls">,
  ];
}

def RematScatterIndexMatches : Pass<"remat-scatter-index-matches", "func::FuncOp"> {
  let summary = "Run one-hot reductions (embedding gradients) as scatters";
  let description = [{
    Part of `-remat-lower-to-nvvm` (and of `remat-run --fuse-elementwise`
    on the CPU), after `-remat-fuse-parallel-loops`. An embedding's
    gradient, as importers write it (`embedding_dense_backward`), is a
    reduction comparing every token's id with every row index: an
    outermost `scf.parallel` over (v, c...), optionally starting with its
    accumulator's fill, holding one `scf.for` over tokens t whose only
    store is `out[ivs] = select(ids[t] == index_cast(v), new, acc)`, with
    `acc = load out[ivs]` and `ids[...]` read at t or at values from
    outside the loop, v from 0 by 1 and used nowhere else. That visits
    rows x tokens x columns elements (GPT-2 small's token embedding: 316 G
    iterations, 355 ms in one kernel on an H200) for tokens x columns
    additions. It becomes the fill as its own loop, then an `scf.parallel`
    over c... running the tokens in order, each computing `new` into row
    `ids[t]` when 0 <= ids[t] < rows (other ids matched no row before
    either). Each element receives the same additions in the same order,
    so results are bitwise the same.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
  let statistics = [
    Statistic<"numScatters", "num-scatters",
              "One-hot reductions rewritten as scatters">,
  ];
}

def RematVectorizeElementwise : Pass<"remat-vectorize-elementwise", "func::FuncOp"> {
  let summary = "Run several iterations of elementwise loops at once, with vector loads and stores";
  let description = [{
    Part of `-remat-lower-to-nvvm` (and of `remat-run --fuse-elementwise`
    on the CPU, which runs the GPU lowering's loops sequentially), after
    `-remat-fuse-parallel-loops`: an outermost `scf.parallel` whose body is
    straight-line and whose every memory access that depends on the
    innermost index j is `M[i..., j]` (other indices free of j) on a buffer
    contiguous along j (innermost stride 1, static offset and strides that
    `width` divides, as it divides the innermost trip count; elements of
    8 to 64 bits) runs `width` iterations at once: j steps by `width`,
    each such access becomes one `vector.load` or `vector.store`
    (ld.global.v4.f32 for f32 on the GPU), the other ops that depend on j
    are cloned per element, the rest once. Each element is computed by the
    same ops as before, so the results are bitwise those of the scalar
    loop; iterations of an `scf.parallel` are independent, so running
    several in one thread keeps the loop's meaning. Loops with any other
    access that depends on j (a strided or transposed side) stay scalar.

    With `aligned` (the GPU), the vector accesses claim their own size as
    alignment (at most 16 bytes), which NVPTX needs for vector
    instructions: every buffer must start 16-byte aligned (remat's CUDA
    pool hands out cuMemAlloc's 256-byte aligned blocks). Without it, only
    the element's alignment is claimed.
  }];
  let options = [
    Option<"width", "width", "int64_t", "4",
           "Iterations run at once (1, 2, 4 or 8; 1: none)">,
    Option<"aligned", "aligned", "bool", "true",
           "Assume every buffer starts 16-byte aligned">,
  ];
  let dependentDialects = ["::mlir::vector::VectorDialect",
                           "::mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numVectorized", "num-vectorized",
              "Elementwise loops given vector loads and stores">,
  ];
}

def RematGpuMapParallelLoops : Pass<"remat-gpu-map-parallel-loops", "func::FuncOp"> {
  let summary = "Tile scf.parallel loops into thread blocks and map them to the GPU";
  let description = [{
    Part of `-remat-lower-to-nvvm`, after `-convert-linalg-to-parallel-loops`.

    1. A `memref.copy` with a strided side (a slice of a concatenation, a
       transposed view) becomes an element-wise `scf.parallel` loop, so it
       runs as a kernel; contiguous copies stay `memref.copy` (then
       `gpu.memcpy`).
    2. A row reduction (an outermost `scf.parallel` holding one `scf.for`
       that combines `load out[idx]` with a value read along the loop's
       index, innermost, and stores it back; add, mul, max or min on
       f32 or f64; at least 64 iterations), or such a reduction along
       another dimension with at most 16384 outputs (too few threads
       otherwise), gets a warp per output: a new innermost
       dimension of 32 lanes, each lane combining every 32nd element into a
       private accumulator, a butterfly of `gpu.shuffle xor`, and lane 0
       storing the row's result. Reads become coalesced; the combination
       order changes as in any GPU reduction. Needs `block-size` >= 32.
       A reduction over several dimensions (a perfect nest of `scf.for`
       loops with constant bounds, as a bias gradient summing over batch
       and tokens) is first collapsed into one loop over the product of
       their trip counts (upstream's `coalesceLoops`: the same elements in
       the same order), so that it gets a warp per output too. A loop
       starting with `memref.store %c, %out[idx]` (an accumulator fill
       fused by `-remat-fuse-parallel-loops`) is matched as well: every
       lane combines the result with `%c` (the xor butterfly leaves the
       same bits in every lane), lane 0 stores it, and the epilogue loops
       that pass put after the reduction run in the same warp, lane l
       taking elements l, l + 32, ..., reading the result from its
       register, when each iteration writes its own elements into
       buffers the reduction does not read (else no warp).
    3. Runs of top-level ops that touch memory outside any `scf.parallel`
       (the loops of full reductions, the loads and stores of 0-d
       elementwise ops) are wrapped in a one-iteration `scf.parallel`, so
       that they run on the device as one-thread kernels.
    4. An outermost loop of more than three dimensions has its outer ones
       collapsed into one (upstream's `collapseParallelLoops`), when their
       product is known and at most 65535, so that every dimension maps to
       the grid (batch x heads x queries x keys: (batch * heads) x queries
       x keys).
       Every outermost `scf.parallel` is tiled so that its inner loop has up
       to `block-size` iterations, innermost dimension first (a 256 x 64
       loop gets 4 x 64 blocks), with `scf.if` guards instead of dynamic
       bounds, so launch sizes are constants.
    5. The tile loop is mapped to blocks and the inner loop to threads,
       innermost dimension to x, so that consecutive threads of a warp touch
       consecutive elements (coalesced). Dimensions past the third (where
       step 4 could not collapse them), and grid y/z extents that may
       exceed 65535, stay sequential.

    `-convert-parallel-loops-to-gpu` then turns the loops into `gpu.launch`.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", "256",
           "Threads per block (the product over the mapped dimensions)">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numKernels", "num-kernels", "Parallel loops mapped to the GPU">,
    Statistic<"numWrapped", "num-wrapped",
              "Host-side op runs wrapped into one-thread kernels">,
    Statistic<"numStridedCopies", "num-strided-copies",
              "Copies with a strided side turned into parallel loops">,
    Statistic<"numWarpReductions", "num-warp-reductions",
              "Row reductions given a warp per row">,
    Statistic<"numCollapsed", "num-collapsed",
              "Reductions over several dimensions collapsed into one loop">,
    Statistic<"numCollapsedDims", "num-collapsed-dims",
              "Loops of more than three dimensions whose outer ones were "
              "collapsed into one">,
  ];
}

def RematGpuDeviceMemory : Pass<"remat-gpu-device-memory", "func::FuncOp"> {
  let summary = "Put every buffer on the device and check the host does not touch one";
  let description = [{
    Part of `-remat-lower-to-nvvm`, after `-convert-parallel-loops-to-gpu`:
    `memref.alloc` becomes `gpu.alloc`, `memref.dealloc` `gpu.dealloc`,
    `memref.copy` `gpu.memcpy`, and a `memref.get_global` (a dense
    constant) a device copy of it, freed before each return. Function
    arguments and results are device buffers: the caller owns them.

    Then it verifies the stage's contract and fails loudly otherwise: no op
    outside a `gpu.launch` may read or write a memref's contents
    (`memref.load`/`store`, linalg ops, copies between non-contiguous
    buffers, which `-remat-gpu-map-parallel-loops` turns into kernels).
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def RematGpuStreamOrderLibraryCalls
    : Pass<"remat-gpu-stream-order-library-calls", "func::FuncOp"> {
  let summary = "No host wait before a cuBLAS call: it is ordered by the streams";
  let description = [{
    Part of `-remat-lower-to-nvvm`, right after `-gpu-async-region`, which
    makes the host wait for the device before every op with side effects,
    a library call included, and starts a new stream after it:
    ```mlir
    gpu.wait [%t]                          // host waits: a round trip
    call @remat_cublas_sgemm(...)
    %u = gpu.wait async                    // a new stream
    ```
    remat's cuBLAS entry points run on the legacy default stream, and the
    runtime's streams are blocking: the call's work starts after the work
    the streams enqueued before it, and their later work (kernels, the
    pool's free events) waits for it. So the wait is dropped and the
    stream goes on: uses of `%u` take `%t` (with several tokens waited
    for, `%u = gpu.wait async [tokens]` instead, which joins them on the
    device). Only runs of `remat_cublas_*` calls and memory-effect-free
    ops (pointer extraction, constants) between the two waits are
    rewritten; the wait before `return` stays.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
  let statistics = [
    Statistic<"numWaits", "num-waits", "Host waits before library calls removed">,
  ];
}

#endif // REMAT_CONVERSION_PASSES_TD
