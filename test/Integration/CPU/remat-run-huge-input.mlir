// An argument larger than the machine's memory, drawn by --seed (no
// --inputs): remat-run aborted in the allocator ("LLVM ERROR: out of
// memory", exit 134); now a located error naming the size, exit 1.
// (The check takes the machine's physical memory: 480 GB is above it on any
// machine CI runs on.)
// RUN: not remat-run %s --policy=none 2>&1 | FileCheck %s
// CHECK: error: argument #0 of @f: tensor of 480000000000 bytes does not fit in this machine's memory ({{[0-9]+}} bytes)
func.func @f(%x: tensor<60000x1000000xf64>) -> tensor<60000x1000000xf64> {
  %a = math.tanh %x : tensor<60000x1000000xf64>
  return %a : tensor<60000x1000000xf64>
}
