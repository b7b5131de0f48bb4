//===- CostModelTest.cpp - hand-computed costs of small ops ---------------===//

#include "TestUtils.h"
#include "remat/Analysis/CostModel.h"

#include "mlir/IR/BuiltinTypes.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::remat;
using namespace remat_test;

namespace mlir::remat {
// Readable failures for OpCost comparisons.
void PrintTo(const OpCost &cost, std::ostream *os) {
  *os << "{flops=" << cost.flops << ", read=" << cost.bytesRead
      << ", written=" << cost.bytesWritten << "}";
}
} // namespace mlir::remat

namespace {

const char *kOps = R"mlir(
#id = affine_map<(i, j) -> (i, j)>
func.func @f(%a: tensor<16x64xf32>, %w: tensor<64x256xf32>,
             %t: tensor<8x8xf32>, %h: tensor<4x4xbf16>) {
  %zero = arith.constant {tag = "const"} 0.0 : f32
  %e = tensor.empty() {tag = "empty"} : tensor<16x256xf32>
  %f = linalg.fill {tag = "fill"} ins(%zero : f32) outs(%e : tensor<16x256xf32>) -> tensor<16x256xf32>
  %m = linalg.matmul {tag = "mm"} ins(%a, %w : tensor<16x64xf32>, tensor<64x256xf32>)
                     outs(%f : tensor<16x256xf32>) -> tensor<16x256xf32>
  %e2 = tensor.empty() : tensor<8x8xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"], tag = "gen"}
      ins(%t : tensor<8x8xf32>) outs(%e2 : tensor<8x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %1 = arith.mulf %x, %x : f32
    %2 = math.exp %1 : f32
    %3 = arith.addf %2, %x : f32
    linalg.yield %3 : f32
  } -> tensor<8x8xf32>
  %r = tensor.expand_shape %t [[0], [1, 2]] output_shape [8, 2, 4] {tag = "view"}
      : tensor<8x8xf32> into tensor<8x2x4xf32>
  %s = arith.addf %h, %h {tag = "add"} : tensor<4x4xbf16>
  %u = "foo.bar"(%t) {tag = "unknown"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %sm = linalg.softmax {tag = "softmax"} dimension(1) ins(%t : tensor<8x8xf32>)
      outs(%e2 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %rc = remat.recompute(%t) {tag = "recompute"} : (tensor<8x8xf32>) -> tensor<8x8xf32> {
  ^bb0(%in: tensor<8x8xf32>):
    %x = arith.mulf %in, %in : tensor<8x8xf32>
    %y = math.tanh %x : tensor<8x8xf32>
    remat.yield %y : tensor<8x8xf32>
  }
  return
}
)mlir";

class CostModelTest : public ::testing::Test {
protected:
  void SetUp() override {
    ctx = makeContext();
    module = parse(*ctx, kOps);
    ASSERT_TRUE(module);
  }
  OpCost cost(StringRef tag) { return getOpCost(findTagged(*module, tag)); }

  std::unique_ptr<MLIRContext> ctx;
  OwningOpRef<ModuleOp> module;
};

TEST_F(CostModelTest, MatmulIsTwoMNKAndReadsItsAccumulator) {
  // 2*M*N*K; reads A (16x64), B (64x256) and the accumulator (16x256).
  EXPECT_EQ(cost("mm"), (OpCost{2 * 16 * 256 * 64,
                                (16 * 64 + 64 * 256 + 16 * 256) * 4,
                                16 * 256 * 4}));
  EXPECT_TRUE(isRecomputable(findTagged(*module, "mm")));
}

TEST_F(CostModelTest, GenericIsPointsTimesBodyOps) {
  // 64 points, 3 scalar ops each; the init is not read by the body.
  EXPECT_EQ(cost("gen"), (OpCost{64 * 3, 64 * 4, 64 * 4}));
}

TEST_F(CostModelTest, FillWritesOnly) {
  EXPECT_EQ(cost("fill"), (OpCost{0, 0, 16 * 256 * 4}));
}

TEST_F(CostModelTest, ViewsAreFreeAndAlias) {
  Operation *view = findTagged(*module, "view");
  EXPECT_EQ(getOpCost(view), OpCost{});
  EXPECT_EQ(getAliasedOperand(view, 0), std::optional<unsigned>(0));
  EXPECT_EQ(getAliasedOperand(findTagged(*module, "mm"), 0), std::nullopt);
}

TEST_F(CostModelTest, ElementwiseArithOnTensors) {
  // 16 bf16 elements: 16 adds, two 32-byte operands read, 32 bytes written.
  EXPECT_EQ(cost("add"), (OpCost{16, 64, 32}));
  EXPECT_EQ(cost("const"), OpCost{});
  EXPECT_EQ(cost("empty"), OpCost{});
}

TEST_F(CostModelTest, SoftmaxIsFiveOpsPerElement) {
  EXPECT_EQ(cost("softmax"), (OpCost{5 * 64, 256, 256}));
}

TEST_F(CostModelTest, RecomputeCostsItsBodyAndIsNotRecomputable) {
  Operation *recompute = findTagged(*module, "recompute");
  // mulf (64) reads its operand twice (512 B), tanh (64) reads 256 B; the
  // body writes two 256 B tensors.
  EXPECT_EQ(getOpCost(recompute), (OpCost{128, 768, 512}));
  EXPECT_FALSE(isRecomputable(recompute));
}

TEST_F(CostModelTest, UnknownOpsAreConservativeAndNeverRecomputed) {
  Operation *unknown = findTagged(*module, "unknown");
  EXPECT_FALSE(hasCostModel(unknown));
  EXPECT_FALSE(isRecomputable(unknown));
  EXPECT_EQ(getOpCost(unknown), (OpCost{64, 256, 256}));
  EXPECT_EQ(getAliasedOperand(unknown, 0), std::nullopt);
}

TEST(CostModelTypes, ElementAndTensorBytes) {
  auto ctx = makeContext();
  Builder b(ctx.get());
  EXPECT_EQ(getElementBytes(b.getF32Type()), 4);
  EXPECT_EQ(getElementBytes(b.getBF16Type()), 2);
  EXPECT_EQ(getElementBytes(b.getI1Type()), 1);
  EXPECT_EQ(getElementBytes(b.getIndexType()), 8);
  EXPECT_EQ(getElementBytes(ComplexType::get(b.getF32Type())), 8);
  EXPECT_EQ(getTensorBytes(RankedTensorType::get({3, 5}, b.getF16Type())), 30);
  EXPECT_EQ(getTensorBytes(RankedTensorType::get({ShapedType::kDynamic, 5},
                                                 b.getF16Type())),
            0);
  EXPECT_EQ(getTensorBytes(b.getF32Type()), 0);
  EXPECT_EQ(getNumElements(b.getF32Type()), 1);
}

} // namespace
