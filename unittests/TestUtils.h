//===- TestUtils.h - helpers for remat unit tests ---------------*- C++ -*-===//

#ifndef REMAT_UNITTESTS_TESTUTILS_H
#define REMAT_UNITTESTS_TESTUTILS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include <memory>
#include <string>
#include <vector>

namespace remat_test {

/// A context with remat's dialects and cost models; unregistered ops are
/// allowed so that tests can use ops without a cost model.
std::unique_ptr<mlir::MLIRContext> makeContext();

/// Parses `source`; fails the current test (and returns null) on error.
mlir::OwningOpRef<mlir::ModuleOp> parse(mlir::MLIRContext &ctx,
                                        const std::string &source);

/// The op tagged `{tag = "NAME"}` in `module`, or null.
mlir::Operation *findTagged(mlir::ModuleOp module, llvm::StringRef name);

/// The first func.func in `module`.
mlir::func::FuncOp firstFunc(mlir::ModuleOp module);

/// Collects the diagnostics emitted while alive.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(mlir::MLIRContext &ctx);
  ~DiagnosticCollector();
  const std::vector<std::string> &messages() const { return collected; }

private:
  mlir::MLIRContext &ctx;
  mlir::DiagnosticEngine::HandlerID id;
  std::vector<std::string> collected;
};

} // namespace remat_test

#endif // REMAT_UNITTESTS_TESTUTILS_H
