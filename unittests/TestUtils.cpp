//===- TestUtils.cpp - helpers for remat unit tests -----------------------===//

#include "TestUtils.h"
#include "remat/InitRemat.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;

std::unique_ptr<MLIRContext> remat_test::makeContext() {
  DialectRegistry registry;
  remat::registerRematDialects(registry);
  auto ctx = std::make_unique<MLIRContext>(registry);
  ctx->loadAllAvailableDialects();
  ctx->allowUnregisteredDialects();
  return ctx;
}

OwningOpRef<ModuleOp> remat_test::parse(MLIRContext &ctx,
                                        const std::string &source) {
  std::string errors;
  OwningOpRef<ModuleOp> module;
  {
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
      errors += diag.str() + "\n";
      return success();
    });
    module = parseSourceString<ModuleOp>(source, &ctx);
  }
  EXPECT_TRUE(module) << "parse failed:\n" << errors << source;
  return module;
}

Operation *remat_test::findTagged(ModuleOp module, llvm::StringRef name) {
  Operation *found = nullptr;
  module->walk([&](Operation *op) {
    if (auto tag = op->getAttrOfType<StringAttr>("tag"))
      if (tag.getValue() == name)
        found = op;
  });
  EXPECT_TRUE(found) << "no op tagged " << name.str();
  return found;
}

func::FuncOp remat_test::firstFunc(ModuleOp module) {
  for (auto func : module.getOps<func::FuncOp>())
    return func;
  ADD_FAILURE() << "no func.func";
  return nullptr;
}

remat_test::DiagnosticCollector::DiagnosticCollector(MLIRContext &ctx)
    : ctx(ctx) {
  id = ctx.getDiagEngine().registerHandler([this](Diagnostic &diag) {
    collected.push_back(diag.str());
    return success();
  });
}

remat_test::DiagnosticCollector::~DiagnosticCollector() {
  ctx.getDiagEngine().eraseHandler(id);
}
