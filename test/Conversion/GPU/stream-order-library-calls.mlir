// RUN: remat-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(remat-gpu-stream-order-library-calls))" | FileCheck %s

// Tests that the host wait -gpu-async-region puts before a cuBLAS call is
// dropped and the stream goes on after the call (the call runs on the
// legacy default stream, ordered with the runtime's blocking streams),
// also across two calls in a row; the wait before the return stays.
// CHECK-LABEL: func.func @one_stream
// CHECK:       %[[T0:.+]] = gpu.wait async
// CHECK:       %[[M:.+]], %[[T1:.+]] = gpu.alloc async [%[[T0]]]
// CHECK-NOT:   gpu.wait
// CHECK:       call @remat_cublas_sgemm
// CHECK:       call @remat_cublas_sgemm_batched
// CHECK-NOT:   gpu.wait
// CHECK:       gpu.dealloc async [%[[T1]]] %[[M]]
// CHECK:       gpu.wait [%{{.+}}]
// CHECK-NEXT:  return
func.func private @remat_cublas_sgemm(i64)
func.func private @remat_cublas_sgemm_batched(i64)
func.func @one_stream() {
  %t0 = gpu.wait async
  %m, %t1 = gpu.alloc async [%t0] () : memref<64xf32>
  gpu.wait [%t1]
  %p = memref.extract_aligned_pointer_as_index %m : memref<64xf32> -> index
  %i = arith.index_cast %p : index to i64
  call @remat_cublas_sgemm(%i) : (i64) -> ()
  call @remat_cublas_sgemm_batched(%i) : (i64) -> ()
  %t2 = gpu.wait async
  %t3 = gpu.dealloc async [%t2] %m : memref<64xf32>
  gpu.wait [%t3]
  return
}

// -----

// Tests that a wait for two streams becomes a device-side join after the
// call instead of a host wait.
// CHECK-LABEL: func.func @two_streams
// CHECK:       %[[A:.+]] = gpu.wait async
// CHECK:       %[[B:.+]] = gpu.wait async
// CHECK-NOT:   gpu.wait [
// CHECK:       call @remat_cublas_sgemm
// CHECK-NEXT:  %[[J:.+]] = gpu.wait async [%[[A]], %[[B]]]
// CHECK-NEXT:  gpu.wait [%[[J]]]
func.func private @remat_cublas_sgemm(i64)
func.func @two_streams(%i: i64) {
  %a = gpu.wait async
  %b = gpu.wait async
  gpu.wait [%a, %b]
  call @remat_cublas_sgemm(%i) : (i64) -> ()
  %t = gpu.wait async
  gpu.wait [%t]
  return
}

// -----

// Tests that waits stay when the host does anything else in between: a
// call of another function, or no library call at all.
// CHECK-LABEL: func.func @host_work
// CHECK:       gpu.wait [%{{.+}}]
// CHECK-NEXT:  call @remat_cublas_sgemm
// CHECK-NEXT:  call @host_side
// CHECK:       gpu.wait [%{{.+}}]
// CHECK-NEXT:  call @host_side
// CHECK:       gpu.wait [%{{.+}}]
// CHECK-NEXT:  return
func.func private @remat_cublas_sgemm(i64)
func.func private @host_side()
func.func @host_work(%i: i64) {
  %a = gpu.wait async
  gpu.wait [%a]
  call @remat_cublas_sgemm(%i) : (i64) -> ()
  call @host_side() : () -> ()
  %b = gpu.wait async
  gpu.wait [%b]
  call @host_side() : () -> ()
  %c = gpu.wait async
  gpu.wait [%c]
  return
}
