//===- InputGuardTest.cpp - the nesting scan of remat's tools -------------===//

#include "remat/Support/InputGuard.h"

#include "gtest/gtest.h"

#include <csignal>

#include <string>

using namespace mlir::remat;

namespace {

std::string repeat(llvm::StringRef piece, unsigned times) {
  std::string text;
  for (unsigned i = 0; i < times; ++i)
    text += piece;
  return text;
}

TEST(InputGuardTest, RealGraphsPass) {
  const char *graph = R"mlir(
#map = affine_map<(d0, d1) -> (d0 * 4 + d1 - 1, d0 floordiv 2, -d1)>
#set = affine_set<(d0) : (d0 - 1 >= 0, -d0 + 8 >= 0)>
func.func @f(%arg-0: tensor<4x?xf32>, %a: !llvm.ptr) -> tensor<4xf32> {
  // a comment with ((((((( and - - - - -
  %c = arith.constant dense<[-1.0, -2.5e-3, 0x7F800000]> : tensor<3xf32>
  %s = "test.op"() {str = "((((( [[[[ \" ((("} : () -> i32
  return %arg-0 : tensor<4xf32>
}
)mlir";
  EXPECT_EQ(findExcessiveNesting(graph, 8), -1);
}

TEST(InputGuardTest, DeepBracketsAreFound) {
  for (llvm::StringRef open : {"(", "[", "{", "<"}) {
    std::string text = "x = " + repeat(open, 20);
    // The 9th opener (offset 4 + 8) is the first past a limit of 8.
    EXPECT_EQ(findExcessiveNesting(text, 8), 12) << open.str();
    EXPECT_EQ(findExcessiveNesting(text, 20), -1) << open.str();
  }
}

TEST(InputGuardTest, ClosedBracketsDoNotAccumulate) {
  EXPECT_EQ(findExcessiveNesting(repeat("(<[{}]>)", 1000), 4), -1);
  // Arrows and comparisons do not close.
  EXPECT_NE(findExcessiveNesting("<<<->->->-><<", 4), -1);
  EXPECT_EQ(findExcessiveNesting("<<<->->->-><<", 5), -1);
  EXPECT_NE(findExcessiveNesting("<<< >= >= <<", 4), -1);
}

TEST(InputGuardTest, OperatorChainsAreFound) {
  // Unary minus runs and left-deep sums recurse without any bracket.
  EXPECT_NE(findExcessiveNesting("(d0) -> (" + repeat("- ", 100) + "d0)", 50),
            -1);
  EXPECT_NE(findExcessiveNesting("(" + repeat("d0+", 100) + "d0)", 50), -1);
  EXPECT_NE(findExcessiveNesting("(" + repeat("(d0) * ", 100) + "d0)", 50),
            -1);
  EXPECT_NE(findExcessiveNesting(repeat("d0 mod ", 100), 50), -1);
  // Commas end a chain: long lists of negative numbers are fine.
  EXPECT_EQ(findExcessiveNesting("[" + repeat("-1.0e-3, ", 1000) + "]", 50),
            -1);
}

TEST(InputGuardTest, UnterminatedStringsAndCommentsEnd) {
  EXPECT_EQ(findExcessiveNesting("\"((((((((((", 4), -1);
  EXPECT_EQ(findExcessiveNesting("// ((((((((((", 4), -1);
  EXPECT_EQ(findExcessiveNesting("\"\\", 4), -1);
}

TEST(InputGuardTest, LargeStackRunsTheBody) {
  // Deep enough to overflow an 8 MB stack, well within kLargeStackBytes.
  std::function<unsigned(unsigned)> recurse = [&](unsigned depth) -> unsigned {
    volatile char frame[1024];
    frame[0] = static_cast<char>(depth);
    return depth == 0 ? frame[0] : recurse(depth - 1) + 1;
  };
  EXPECT_EQ(runWithLargeStack([&] { return int(recurse(20000)); }), 20000);
}

TEST(InputGuardTest, ParserCrashIsAnError) {
  EXPECT_EQ(runGuardingParser([](llvm::function_ref<void()>) {
              std::raise(SIGSEGV);
              return 0;
            }),
            1);
  // Without a crash, the body's own status.
  EXPECT_EQ(runGuardingParser([](llvm::function_ref<void()>) { return 7; }),
            7);
}

TEST(InputGuardDeathTest, CrashAfterParsingIsACrash) {
  // A crash in remat's code (after parsing) must not become an error.
  EXPECT_DEATH(runGuardingParser([](llvm::function_ref<void()> parsed) {
                 parsed();
                 std::raise(SIGSEGV);
                 return 0;
               }),
               "");
}

} // namespace
