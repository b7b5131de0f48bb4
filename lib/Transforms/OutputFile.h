//===- OutputFile.h - writing a pass's report files -------------*- C++ -*-===//
//
// Internal to lib/Transforms: the passes that write files (-remat-report,
// -remat-pareto) open them the same way and fail the same way.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_TRANSFORMS_OUTPUTFILE_H
#define REMAT_LIB_TRANSFORMS_OUTPUTFILE_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir::remat {

/// Writes `write`'s output to `path` ('-' is stdout); a file that cannot be
/// opened is an error at `op`'s location, prefixed with the pass name.
inline LogicalResult
writeOutputFile(Operation *op, StringRef pass, StringRef path,
                function_ref<void(llvm::raw_ostream &)> write) {
  std::string message;
  std::unique_ptr<llvm::ToolOutputFile> out = openOutputFile(path, &message);
  if (!out)
    return emitError(op->getLoc())
           << pass << ": cannot write '" << path << "': " << message;
  write(out->os());
  // A write that failed (a full disk, /dev/full) is an error here too, not
  // LLVM's "IO failure on output stream" abort when the stream closes.
  out->os().flush();
  if (std::error_code error = out->os().error()) {
    out->os().clear_error();
    return emitError(op->getLoc()) << pass << ": cannot write '" << path
                                   << "': " << error.message();
  }
  out->keep();
  return success();
}

} // namespace mlir::remat

#endif // REMAT_LIB_TRANSFORMS_OUTPUTFILE_H
