// RUN: remat-opt %s -split-input-file -verify-diagnostics -pass-pipeline="builtin.module(func.func(remat-gpu-device-memory))" | FileCheck %s

// Tests that buffers are allocated, copied and freed on the device, and
// that a dense constant gets a device copy freed before the return.
// CHECK-LABEL: func.func @buffers
// CHECK:       %[[G:.+]] = memref.get_global @weights : memref<4xf32>
// CHECK:       %[[GD:.+]] = gpu.alloc () : memref<4xf32>
// CHECK:       gpu.memcpy %[[GD]], %[[G]] : memref<4xf32>, memref<4xf32>
// CHECK:       %[[A:.+]] = gpu.alloc () : memref<4xf32>
// CHECK:       gpu.launch
// CHECK:         memref.load %[[GD]]
// CHECK:         memref.store %{{.+}}, %[[A]]
// CHECK:       gpu.memcpy %arg0, %[[A]] : memref<4xf32>, memref<4xf32>
// CHECK:       gpu.dealloc %[[A]] : memref<4xf32>
// CHECK:       gpu.dealloc %[[GD]] : memref<4xf32>
// CHECK-NEXT:  return
// CHECK-NOT:   memref.alloc
memref.global "private" constant @weights : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func @buffers(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %g = memref.get_global @weights : memref<4xf32>
  %a = memref.alloc() : memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c4, %v = %c1, %w = %c1) {
    %e = memref.load %g[%tx] : memref<4xf32>
    memref.store %e, %a[%tx] : memref<4xf32>
    gpu.terminator
  }
  memref.copy %a, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// -----

// Tests that the stage's contract is checked: the host may not read a
// buffer's contents.
func.func @host_read(%a: memref<f32>) -> f32 {
  // expected-error @+1 {{'memref.load' op would access device memory on the host}}
  %x = memref.load %a[] : memref<f32>
  return %x : f32
}

// -----

// Tests that a linalg op left outside every kernel is reported.
func.func @leftover(%a: memref<4xf32>) {
  %z = arith.constant 0.0 : f32
  // expected-error @+1 {{'linalg.fill' op would access device memory on the host}}
  linalg.fill ins(%z : f32) outs(%a : memref<4xf32>)
  return
}

// -----

// Tests that copies between non-contiguous views are rejected by name.
func.func @strided(%a: memref<4x4xf32>, %b: memref<4xf32>) {
  %s = memref.subview %a[0, 0] [4, 1] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[4]>>
  // expected-error @+1 {{copies between non-contiguous buffers are not supported on the GPU path}}
  memref.copy %s, %b : memref<4xf32, strided<[4]>> to memref<4xf32>
  return
}
