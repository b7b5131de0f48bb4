//===- MemoryTimelineTest.cpp - hand-computed liveness and peaks ----------===//

#include "TestUtils.h"
#include "remat/Analysis/MemoryTimeline.h"
#include "remat/Analysis/TrainingGraph.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::remat;
using namespace remat_test;

namespace {

std::vector<int64_t> live(const MemoryTimeline &timeline) {
  return {timeline.getLiveBytes().begin(), timeline.getLiveBytes().end()};
}

// Every tensor is 1 KiB. Lifetimes (op indices):
//   A [0,5]; B [1,6]: b, its view v, c (written in place: v dies there)
//   and c's view cc, read at #6; G [5,7]: g, and h written in place.
TEST(MemoryTimeline, ViewsKeepTheirSourceAlive) {
  auto ctx = makeContext();
  auto module = parse(*ctx, R"mlir(
func.func @t(%x: tensor<256xf32>, %dy: tensor<256xf32> {remat.cotangent}) -> tensor<256xf32> {
  %a = math.exp %x {tag = "a"} : tensor<256xf32>
  %b = math.tanh %a : tensor<256xf32>
  %v = tensor.expand_shape %b [[0, 1]] output_shape [16, 16] : tensor<256xf32> into tensor<16x16xf32>
  %c = math.exp %v {tag = "c"} : tensor<16x16xf32>
  %cc = tensor.collapse_shape %c [[0, 1]] {tag = "cc"} : tensor<16x16xf32> into tensor<256xf32>
  %g = arith.mulf %dy, %a {tag = "g"} : tensor<256xf32>
  %h = arith.mulf %g, %cc : tensor<256xf32>
  return %h : tensor<256xf32>
}
)mlir");
  ASSERT_TRUE(module);
  FailureOr<TrainingGraph> graph = TrainingGraph::build(firstFunc(*module));
  ASSERT_TRUE(succeeded(graph));
  MemoryTimeline timeline = MemoryTimeline::build(graph->getBody());
  EXPECT_EQ(live(timeline), (std::vector<int64_t>{1024, 2048, 2048, 2048,
                                                  2048, 3072, 2048, 1024}));
  EXPECT_EQ(timeline.getPeakBytes(), 3072);
  EXPECT_EQ(timeline.getPeakIndex(), 5u);
  EXPECT_EQ(timeline.getPeakOp(), findTagged(*module, "g"));

  // Saved: a, and cc (a view of c's buffer). Distinct storage: 2 KiB.
  SmallVector<Value> saved;
  for (const SavedValue &s : graph->getSaved())
    saved.push_back(s.value);
  ASSERT_EQ(saved.size(), 2u);
  EXPECT_EQ(timeline.getDistinctHeapBytes(saved), 2048);
  Value c = findTagged(*module, "c")->getResult(0);
  Value cc = findTagged(*module, "cc")->getResult(0);
  EXPECT_EQ(timeline.getBufferId(c), timeline.getBufferId(cc));
  EXPECT_EQ(timeline.getDistinctHeapBytes({c, cc, c}), 1024);
}

// A framework that keeps saved values until its backward returns: %a is
// read by backward at #1 only, and held it adds its 1 KiB to every later
// op, the peak at #3 (g2, g3 and the new h) included. A value held that
// is live to the end anyway, or a view of it, adds nothing.
TEST(MemoryTimeline, PeakHoldingSavedValuesToTheEnd) {
  auto ctx = makeContext();
  auto module = parse(*ctx, R"mlir(
func.func @t(%x: tensor<256xf32>, %dy: tensor<256xf32> {remat.cotangent}) -> tensor<256xf32> {
  %a = math.exp %x {tag = "a"} : tensor<256xf32>
  %g = arith.mulf %dy, %a : tensor<256xf32>
  %g2 = math.tanh %g : tensor<256xf32>
  %g3 = math.exp %g2 {tag = "g3"} : tensor<256xf32>
  %h = arith.mulf %g3, %g2 {tag = "h"} : tensor<256xf32>
  %v = tensor.expand_shape %h [[0, 1]] output_shape [16, 16] {tag = "v"} : tensor<256xf32> into tensor<16x16xf32>
  %r = tensor.collapse_shape %v [[0, 1]] : tensor<16x16xf32> into tensor<256xf32>
  return %r : tensor<256xf32>
}
)mlir");
  ASSERT_TRUE(module);
  FailureOr<TrainingGraph> graph = TrainingGraph::build(firstFunc(*module));
  ASSERT_TRUE(succeeded(graph));
  MemoryTimeline timeline = MemoryTimeline::build(graph->getBody());
  std::vector<int64_t> bytes = live(timeline);
  ASSERT_EQ(bytes.size(), 8u);
  Value a = findTagged(*module, "a")->getResult(0);
  std::optional<unsigned> id = timeline.getBufferId(a);
  ASSERT_TRUE(id);
  EXPECT_EQ(timeline.getBuffers()[*id].lastUseIndex, 1u);
  // By hand from the timeline: 1 KiB more after #1.
  int64_t expected = 0;
  for (size_t i = 0; i < bytes.size(); ++i)
    expected = std::max(expected, bytes[i] + (i > 1 ? 1024 : 0));
  EXPECT_EQ(timeline.getPeakHolding({a}), expected);
  EXPECT_EQ(timeline.getPeakHolding({a, a}), expected);
  EXPECT_GT(timeline.getPeakHolding({a}), timeline.getPeakBytes());
  EXPECT_EQ(timeline.getPeakHolding({}), timeline.getPeakBytes());
  // The result (and its views) live to the end already.
  Value h = findTagged(*module, "h")->getResult(0);
  Value v = findTagged(*module, "v")->getResult(0);
  EXPECT_EQ(timeline.getPeakHolding({h, v}), timeline.getPeakBytes());
  // Arguments are not heap buffers.
  EXPECT_EQ(timeline.getPeakHolding({graph->getBody().getArgument(0)}),
            timeline.getPeakBytes());
}

// 256-byte tensors. A destination-style result reuses its init's buffer
// when that buffer has no later use, and never an argument's.
TEST(MemoryTimeline, DestinationStyleResultsWriteInPlace) {
  auto ctx = makeContext();
  auto module = parse(*ctx, R"mlir(
#id = affine_map<(i) -> (i)>
func.func @dps(%x: tensor<64xf32>, %dy: tensor<64xf32> {remat.cotangent})
    -> (tensor<64xf32>, tensor<64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() {tag = "e"} : tensor<64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"], tag = "g"}
      ins(%dy : tensor<64xf32>) outs(%f : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %e2 = tensor.empty() : tensor<64xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<64xf32>) -> tensor<64xf32>
  %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"], tag = "s"}
      ins(%g : tensor<64xf32>) outs(%f2 : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<64xf32>
  %t = arith.addf %s, %f2 : tensor<64xf32>
  %u = linalg.fill {tag = "u"} ins(%zero : f32) outs(%x : tensor<64xf32>) -> tensor<64xf32>
  return %t, %u : tensor<64xf32>, tensor<64xf32>
}
)mlir");
  ASSERT_TRUE(module);
  FailureOr<TrainingGraph> graph = TrainingGraph::build(firstFunc(*module));
  ASSERT_TRUE(succeeded(graph));
  MemoryTimeline timeline = MemoryTimeline::build(graph->getBody());
  // E [2,6] holds e, f and g (allocated when the fill first writes it);
  // E2 [5,7]; S [6,9]: s (f2 is read again at #7, so s cannot reuse E2)
  // and t, written in place into s; U [8,9] (never written into the
  // argument %x).
  EXPECT_EQ(live(timeline), (std::vector<int64_t>{0, 0, 256, 256, 256, 512,
                                                  768, 512, 512, 512}));
  Value e = findTagged(*module, "e")->getResult(0);
  Value g = findTagged(*module, "g")->getResult(0);
  Value s = findTagged(*module, "s")->getResult(0);
  Value u = findTagged(*module, "u")->getResult(0);
  EXPECT_EQ(timeline.getBufferId(e), timeline.getBufferId(g));
  EXPECT_NE(timeline.getBufferId(s), timeline.getBufferId(g));
  EXPECT_NE(timeline.getBufferId(u),
            timeline.getBufferId(firstFunc(*module).getArgument(0)));
  EXPECT_EQ(timeline.getPeakBytes(), 768);
  EXPECT_EQ(timeline.getPeakIndex(), 6u);
}

TEST(MemoryTimeline, ArgumentsAndConstantsAreNotCounted) {
  auto ctx = makeContext();
  auto module = parse(*ctx, R"mlir(
func.func @c(%x: tensor<64xf32> {remat.cotangent}) -> tensor<64xf32> {
  %k = arith.constant {tag = "k"} dense<1.0> : tensor<64xf32>
  %v = tensor.expand_shape %x [[0, 1]] output_shape [8, 8] : tensor<64xf32> into tensor<8x8xf32>
  %y = arith.addf %x, %k : tensor<64xf32>
  return %y : tensor<64xf32>
}
)mlir");
  ASSERT_TRUE(module);
  MemoryTimeline timeline =
      MemoryTimeline::build(firstFunc(*module).getBody().front());
  EXPECT_EQ(live(timeline), (std::vector<int64_t>{0, 0, 256, 256}));
  std::optional<unsigned> k =
      timeline.getBufferId(findTagged(*module, "k")->getResult(0));
  ASSERT_TRUE(k);
  EXPECT_EQ(timeline.getBuffers()[*k].kind, StorageKind::Constant);
}

// The body's peak is 512 B (a and b live together; c is written in place
// into b); the result holds 256 B, so the recomputation adds 256 B of
// transient memory while it runs. %s then reuses the result's buffer.
TEST(MemoryTimeline, RecomputeHoldsItsBodyPeak) {
  auto ctx = makeContext();
  auto module = parse(*ctx, R"mlir(
func.func @r(%x: tensor<64xf32> {remat.cotangent}) -> tensor<64xf32> {
  %r = remat.recompute(%x) : (tensor<64xf32>) -> tensor<64xf32> {
  ^bb0(%in: tensor<64xf32>):
    %a = math.exp %in : tensor<64xf32>
    %b = math.exp %a : tensor<64xf32>
    %c = arith.addf %b, %a : tensor<64xf32>
    remat.yield %c : tensor<64xf32>
  }
  %s = math.exp %r : tensor<64xf32>
  return %s : tensor<64xf32>
}
)mlir");
  ASSERT_TRUE(module);
  MemoryTimeline timeline =
      MemoryTimeline::build(firstFunc(*module).getBody().front());
  EXPECT_EQ(live(timeline), (std::vector<int64_t>{512, 256, 256}));
  EXPECT_EQ(timeline.getPeakIndex(), 0u);
}

} // namespace
