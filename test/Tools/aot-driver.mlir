// REQUIRES: cuda-runtime
// UNSUPPORTED: sanitizer
// Tests the ahead-of-time path end to end short of a GPU: compile a graph
// with remat-run --compile-only, build aot/ (the runtime, the .npy reader,
// the driver, the graph's object and wrapper) as its own CMake project,
// which uses no MLIR, and run the executable: with no driver (or the
// toolkit's stub) it reports the error as JSON and exits with status 2.
// RUN: rm -rf %t && mkdir -p %t
// RUN: remat-run %S/remat-run-cuda.mlir --backend=cuda --gpu-format=isa --compile-only=%t/graphs/none --write-inputs=%t/inputs > /dev/null
// RUN: remat-run %S/../Transforms/Inputs/square_chain.mlir --policy=selective --backend=cuda --gpu-format=isa --compile-only=%t/graphs/selective > /dev/null
// RUN: FileCheck %s --check-prefix=CONSTANTS < %t/graphs/selective/square_chain_graph.cpp
// CONSTANTS: "square_chain", "square_chain.mlir", "selective", "sm_90",
// The recomputed square is fused into the kernel that reads it
// (-remat-fuse-elementwise): the predicted device peak is below remat's.
// CONSTANTS-NEXT: 2, 2, args, results, 2048, 3072, 3072};
// RUN: env -u LIBRARY_PATH cmake -G Ninja -S %remat_src_root/aot -B %t/build "-DREMAT_GRAPH_DIRS=%t/graphs/none;%t/graphs/selective" > %t/configure.log
// RUN: env -u LIBRARY_PATH cmake --build %t/build > %t/build.log
// RUN: env REMAT_CUDA_QUIET=1 REMAT_CUDA_DRIVER=/nonexistent/libcuda.so.1 not %t/build/run-none --inputs %t/inputs --json %t/none.json 2> %t/stderr.txt | FileCheck %s
// RUN: FileCheck %s < %t/none.json
// RUN: FileCheck %s --check-prefix=STDERR < %t/stderr.txt
// CHECK: {"graph": "layer", "policy": "none", "ok": false, "error": "cannot load the CUDA driver '/nonexistent/libcuda.so.1'
// STDERR: run-layer: error: cannot load the CUDA driver
// RUN: env REMAT_CUDA_QUIET=1 REMAT_CUDA_DRIVER=/nonexistent/libcuda.so.1 %t/build/run-selective; test $? = 2
// RUN: %t/build/run-none --help | FileCheck %s --check-prefix=HELP
// HELP: usage: {{.*}}run-none [--inputs DIR] [--expect DIR]

// On the runtime's fake driver (host memory, kernels not run) the
// executables run their whole host side: the measured device peak equals
// the prediction (plus the device copies of dense constants), repeated runs
// reuse the pool's blocks, and nothing is freed twice.
// RUN: env REMAT_CUDA_DRIVER=fake %t/build/run-none --inputs %t/inputs --repeat 3 | FileCheck %s --check-prefix=FAKE
// FAKE: "graph": "layer", "source": "remat-run-cuda.mlir", "policy": "none", "chip": "sm_90", "device": "remat fake device (host memory, kernels not run)", "ok": true, "measured_peak_bytes": 262144, "predicted_peak_bytes": 262144, {{.*}}"device_allocations": 3, "num_allocs": 3, "bad_frees": 0,
// RUN: env REMAT_CUDA_DRIVER=fake %t/build/run-selective --repeat 3 | FileCheck %s --check-prefix=FAKECONST
// FAKECONST: "graph": "square_chain", {{.*}}"ok": true, "measured_peak_bytes": 4096, "predicted_peak_bytes": 2048, "pipeline_peak_bytes": 3072, "constant_bytes": 3072, "measured_le_predicted_plus_constants": true,

// --profile writes one entry per kernel (and cuBLAS call) with its launch
// configuration; the fake device's clock reads 0 ms.
// RUN: env REMAT_CUDA_DRIVER=fake %t/build/run-none --inputs %t/inputs --repeat 1 --profile %t/profile.json > /dev/null
// RUN: FileCheck %s --check-prefix=PROFILE < %t/profile.json
// (The GEMM's zero fill is its beta = 0, not a kernel; the reduction's
// fill is stored by its own kernel. The elementwise kernel, four elements a
// thread, and the reduction's, a warp per row, share a launch shape.)
// PROFILE: {"total_ms": 0, "launches": 3, "kernels": [
// PROFILE-DAG: {"name": "cublasSgemm_v2 NN m=256 n=128 k=64", "count": 1,
// PROFILE-DAG: {"name": "layer_kernel <<<1x32x1, 32x8x1>>>", "count": 2,

// REMAT_CUDA_PROFILE=FILE profiles a program that does not ask for it
// (three runs here: the measured one and two timed ones), written at exit.
// RUN: env REMAT_CUDA_DRIVER=fake REMAT_CUDA_PROFILE=%t/env-profile.json %t/build/run-none --inputs %t/inputs --repeat 2 --warmup 0 > /dev/null
// RUN: FileCheck %s --check-prefix=ENVPROFILE < %t/env-profile.json
// ENVPROFILE: {"total_ms": 0, "launches": 9, "kernels": [
// ENVPROFILE-DAG: {"name": "cublasSgemm_v2 NN m=256 n=128 k=64", "count": 3,

// The comparison fails when it should: the fake device runs no kernel, so
// its results differ from the CPU path's (exit status 1, all_close false).
// RUN: mkdir -p %t/cpu && remat-run %S/remat-run-cuda.mlir --inputs=%t/inputs --outputs=%t/cpu > /dev/null
// RUN: env REMAT_CUDA_DRIVER=fake %t/build/run-none --inputs %t/inputs --expect %t/cpu --repeat 1 > %t/compare.json; test $? = 1
// RUN: FileCheck %s --check-prefix=COMPARE < %t/compare.json
// COMPARE: "ok": false, {{.*}}"rtol": 0.0001, "atol": 0, "all_close": false,

// RUN: env REMAT_CUDA_DRIVER=fake not %t/build/run-none --init bogus 2>&1 | FileCheck %s --check-prefix=INIT
// INIT: error: --init must be unit or fan-in, got 'bogus'
