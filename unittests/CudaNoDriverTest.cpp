//===- CudaNoDriverTest.cpp - the runtime without a CUDA driver -----------===//
//
// Its own binary: the runtime loads the driver once per process, and this
// process points it at a file that does not exist (as on a machine without
// an NVIDIA driver), whatever the machine has.
//
//===----------------------------------------------------------------------===//

#include "remat-cuda/CudaRuntime.h"

#include "gtest/gtest.h"
#include <cstdlib>
#include <string>

namespace {

class NoDriver : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    setenv("REMAT_CUDA_DRIVER", "/nonexistent/libcuda.so.1", 1);
    setenv("REMAT_CUDA_QUIET", "1", 1);
  }
};

TEST_F(NoDriver, InitFailsWithAClearMessage) {
  EXPECT_NE(remat_cuda_init(0), 0);
  const char *error = remat_cuda_error();
  ASSERT_NE(error, nullptr);
  std::string message(error);
  EXPECT_NE(message.find("cannot load the CUDA driver "
                         "'/nonexistent/libcuda.so.1'"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("REMAT_CUDA_DRIVER"), std::string::npos);
  EXPECT_STREQ(remat_cuda_device_name(), "");
}

TEST_F(NoDriver, EntryPointsDoNotCrash) {
  // What compiled code does, in order: load a module, get a kernel, make a
  // stream, allocate, copy, launch, free, synchronize, unload.
  char image[16] = "not a cubin";
  void *module = mgpuModuleLoad(image, sizeof(image));
  EXPECT_EQ(module, nullptr);
  EXPECT_EQ(mgpuModuleLoadJIT(image, 2), nullptr);
  void *function = mgpuModuleGetFunction(module, "k");
  EXPECT_EQ(function, nullptr);
  void *stream = mgpuStreamCreate();
  EXPECT_EQ(stream, nullptr);
  void *ptr = mgpuMemAlloc(1024, stream, false);
  EXPECT_EQ(ptr, nullptr);
  char host[64] = {0};
  mgpuMemcpy(ptr, host, sizeof(host), stream);
  mgpuMemset32(ptr, 0, 16, stream);
  mgpuMemset16(ptr, 0, 16, stream);
  mgpuLaunchKernel(function, 1, 1, 1, 256, 1, 1, 0, stream, nullptr, nullptr,
                   0);
  void *event = mgpuEventCreate();
  mgpuEventRecord(event, stream);
  mgpuStreamWaitEvent(stream, event);
  mgpuEventSynchronize(event);
  mgpuEventDestroy(event);
  mgpuMemFree(ptr, stream);
  mgpuStreamSynchronize(stream);
  mgpuStreamDestroy(stream);
  mgpuModuleUnload(module);
  remat_cublas_sgemm(0, 0, 4, 4, 4, 0, 4, 0, 4, 0.0f, 0, 4);
  EXPECT_EQ(remat_cuda_alloc(16), nullptr);
  EXPECT_NE(remat_cuda_copy_to_device(nullptr, host, 4), 0);
  EXPECT_NE(remat_cuda_synchronize(), 0);
  EXPECT_LT(remat_cuda_timer_stop(), 0);
  // Still the first error: the driver's absence.
  ASSERT_NE(remat_cuda_error(), nullptr);
  EXPECT_NE(std::string(remat_cuda_error()).find("cannot load the CUDA driver"),
            std::string::npos);
  remat_cuda_pool_stats s = remat_cuda_get_pool_stats();
  EXPECT_EQ(s.live_bytes, 0u);
  EXPECT_EQ(s.num_device_allocs, 0u);
}

TEST_F(NoDriver, ClearingTheErrorKeepsTheDriverUnavailable) {
  remat_cuda_clear_error();
  EXPECT_EQ(remat_cuda_error(), nullptr);
  EXPECT_NE(remat_cuda_init(0), 0);
}

} // namespace
