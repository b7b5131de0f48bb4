//===- BudgetTest.cpp - parsing budget sizes ------------------------------===//

#include "remat/Transforms/Passes.h"

#include "gtest/gtest.h"

using namespace mlir::remat;

namespace {

TEST(Budget, BytesWithAndWithoutUnits) {
  EXPECT_EQ(parseBudget("12000")->resolve(1), 12000);
  EXPECT_EQ(parseBudget("16MiB")->resolve(1), 16 << 20);
  EXPECT_EQ(parseBudget("2.5GiB")->resolve(1), int64_t(2.5 * (1 << 30)));
  EXPECT_EQ(parseBudget("3KB")->resolve(1), 3000);
  EXPECT_EQ(parseBudget("64KiB")->resolve(1), 65536);
  EXPECT_EQ(parseBudget("1")->resolve(1000), 1); // an integer is bytes
  EXPECT_FALSE(parseBudget("16MiB")->isFraction);
}

TEST(Budget, FractionsOfThePeak) {
  std::optional<BudgetSpec> half = parseBudget("0.5");
  ASSERT_TRUE(half);
  EXPECT_TRUE(half->isFraction);
  EXPECT_EQ(half->resolve(73728), 36864);
  EXPECT_EQ(parseBudget("1.0")->resolve(73728), 73728);
}

TEST(Budget, RejectsNonsense) {
  for (const char *bad : {"", "lots", "1.5", "0.0", "-3MiB", "-1", "2.5XB",
                          "inf", "1e30GiB"})
    EXPECT_FALSE(parseBudget(bad)) << bad;
}

} // namespace
