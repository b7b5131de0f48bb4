//===- TrainingGraphTest.cpp - forward/backward split ---------------------===//

#include "TestUtils.h"
#include "remat/Analysis/TrainingGraph.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::remat;
using namespace remat_test;

namespace {

// y = exp(x) is kept for the backward dx = dy * y; the zero constant and
// the empty destination of dx are used only by backward ops.
const char *kExpGraph = R"mlir(
func.func @exp_train(%x: tensor<8xf32>, %dy: tensor<8xf32> {remat.cotangent})
    -> (tensor<8xf32>, tensor<8xf32>) {
  %y = math.exp %x {tag = "exp"} : tensor<8xf32>
  %w = arith.mulf %y, %y {tag = "square"} : tensor<8xf32>
  %bz = arith.constant {tag = "bwd_const"} dense<0.0> : tensor<8xf32>
  %dx0 = arith.mulf %dy, %y {tag = "grad"} : tensor<8xf32>
  %dx = arith.addf %dx0, %bz {tag = "grad2"} : tensor<8xf32>
  return %w, %dx : tensor<8xf32>, tensor<8xf32>
}
)mlir";

TEST(TrainingGraph, SplitsAtTheCotangentAndFindsSaved) {
  auto ctx = makeContext();
  auto module = parse(*ctx, kExpGraph);
  ASSERT_TRUE(module);
  FailureOr<TrainingGraph> graph = TrainingGraph::build(firstFunc(*module));
  ASSERT_TRUE(succeeded(graph));
  EXPECT_EQ(graph->getPhase(findTagged(*module, "exp")), Phase::Forward);
  EXPECT_EQ(graph->getPhase(findTagged(*module, "square")), Phase::Forward);
  EXPECT_EQ(graph->getPhase(findTagged(*module, "grad")), Phase::Backward);
  // A constant read only by backward ops belongs to backward.
  EXPECT_EQ(graph->getPhase(findTagged(*module, "bwd_const")),
            Phase::Backward);
  EXPECT_EQ(graph->getNumForwardOps(), 2u);
  EXPECT_EQ(graph->getNumBackwardOps(), 3u);

  // Only y is saved: w goes to the return only.
  ASSERT_EQ(graph->getSaved().size(), 1u);
  const SavedValue &saved = graph->getSaved().front();
  EXPECT_EQ(saved.producer, findTagged(*module, "exp"));
  ASSERT_EQ(saved.backwardUsers.size(), 1u);
  EXPECT_EQ(saved.backwardUsers.front(), findTagged(*module, "grad"));
}

TEST(TrainingGraph, SeedOpStartsBackward) {
  auto ctx = makeContext();
  auto module = parse(*ctx, R"mlir(
func.func @loss(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = math.tanh %x {tag = "fwd"} : tensor<4xf32>
  %one = arith.constant {remat.seed, tag = "seed"} dense<1.0> : tensor<4xf32>
  %d = arith.mulf %one, %y {tag = "bwd"} : tensor<4xf32>
  return %d : tensor<4xf32>
}
)mlir");
  ASSERT_TRUE(module);
  FailureOr<TrainingGraph> graph = TrainingGraph::build(firstFunc(*module));
  ASSERT_TRUE(succeeded(graph));
  EXPECT_TRUE(graph->isBackward(findTagged(*module, "seed")));
  EXPECT_TRUE(graph->isBackward(findTagged(*module, "bwd")));
  EXPECT_FALSE(graph->isBackward(findTagged(*module, "fwd")));
  ASSERT_EQ(graph->getSaved().size(), 1u);
}

TEST(TrainingGraph, ValuesUsedInsideRegionsCountAsInputs) {
  auto ctx = makeContext();
  auto module = parse(*ctx, R"mlir(
#id = affine_map<(i) -> (i)>
func.func @captured(%x: tensor<4xf32>, %s: tensor<f32> {remat.cotangent}) -> tensor<4xf32> {
  %c = tensor.extract %s[] {tag = "extract"} : tensor<f32>
  %e = tensor.empty() : tensor<4xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"], tag = "gen"}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %c : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %g : tensor<4xf32>
}
)mlir");
  ASSERT_TRUE(module);
  FailureOr<TrainingGraph> graph = TrainingGraph::build(firstFunc(*module));
  ASSERT_TRUE(succeeded(graph));
  EXPECT_TRUE(graph->isBackward(findTagged(*module, "gen")));
}

TEST(TrainingGraph, RecomputationsAreBackward) {
  auto ctx = makeContext();
  auto module = parse(*ctx, R"mlir(
func.func @r(%x: tensor<4xf32>, %dy: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  %y = math.exp %x {tag = "fwd"} : tensor<4xf32>
  %r = remat.recompute(%x) {tag = "recompute"} : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    %e = math.exp %in : tensor<4xf32>
    remat.yield %e : tensor<4xf32>
  }
  %g = arith.mulf %dy, %r : tensor<4xf32>
  %h = arith.addf %g, %y : tensor<4xf32>
  return %h : tensor<4xf32>
}
)mlir");
  ASSERT_TRUE(module);
  FailureOr<TrainingGraph> graph = TrainingGraph::build(firstFunc(*module));
  ASSERT_TRUE(succeeded(graph));
  // It reads only forward values, yet exists for backward: its result is
  // not a saved activation.
  EXPECT_TRUE(graph->isBackward(findTagged(*module, "recompute")));
  ASSERT_EQ(graph->getSaved().size(), 1u);
  EXPECT_EQ(graph->getSaved().front().producer, findTagged(*module, "fwd"));
}

struct BadGraph {
  const char *name;
  const char *source;
  const char *message;
};

class TrainingGraphErrors : public ::testing::TestWithParam<BadGraph> {};

TEST_P(TrainingGraphErrors, FailWithADiagnostic) {
  auto ctx = makeContext();
  auto module = parse(*ctx, GetParam().source);
  ASSERT_TRUE(module);
  DiagnosticCollector diags(*ctx);
  EXPECT_TRUE(failed(TrainingGraph::build(firstFunc(*module))));
  ASSERT_EQ(diags.messages().size(), 1u);
  EXPECT_NE(diags.messages().front().find(GetParam().message),
            std::string::npos)
      << diags.messages().front();
}

INSTANTIATE_TEST_SUITE_P(
    TrainingGraph, TrainingGraphErrors,
    ::testing::Values(
        BadGraph{"NoSeed", R"mlir(
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = math.exp %x : tensor<4xf32>
  return %y : tensor<4xf32>
})mlir",
                 "no gradient seed"},
        BadGraph{"DynamicArgument", R"mlir(
func.func @f(%x: tensor<?xf32> {remat.cotangent}) -> tensor<?xf32> {
  return %x : tensor<?xf32>
})mlir",
                 "statically shaped"},
        BadGraph{"DynamicResult", R"mlir(
func.func @f(%x: tensor<4xf32> {remat.cotangent}) -> tensor<?xf32> {
  %y = tensor.cast %x : tensor<4xf32> to tensor<?xf32>
  return %y : tensor<?xf32>
})mlir",
                 "statically shaped"},
        BadGraph{"MultiBlock", R"mlir(
func.func @f(%x: tensor<4xf32> {remat.cotangent}) -> tensor<4xf32> {
  "cf.br"()[^bb1] : () -> ()
^bb1:
  return %x : tensor<4xf32>
})mlir",
                 "single block"}),
    [](const ::testing::TestParamInfo<BadGraph> &info) {
      return std::string(info.param.name);
    });

} // namespace
