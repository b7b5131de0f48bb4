//===- InputGuard.h - refuse input that would exhaust the parser's stack -*- C++ -*-===//
//
// MLIR's parser, its affine expression parser and the walks over what they
// build recurse once per nesting level: `((((...`, `[[[[...`, nested
// regions, `- - - d0`, and `d0 + d0 + ...` (a left-deep expression tree).
// A hostile file of a few kilobytes therefore overflows an 8 MB stack and
// the tool dies of SIGSEGV instead of saying what is wrong. remat's tools
// defend in layers:
//
//   - checkInputNesting scans the text lexically (no parsing, linear time)
//     and refuses, with an error at the offending character, any nesting
//     of brackets or chain of expression operators deeper than the limit;
//   - runWithLargeStack runs the tool on a thread whose stack holds every
//     input the limits admit, many times over (each nesting level costs at
//     most a few kilobytes of stack in the parser and in remat's walks);
//   - runGuardingParser turns a crash inside MLIR's parser (upstream bugs
//     on malformed text) into an error, and only there.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_SUPPORT_INPUTGUARD_H
#define REMAT_SUPPORT_INPUTGUARD_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::remat {

/// The deepest nesting of brackets ((), [], {}, <>) and the longest chain
/// of expression operators (+ - * mod floordiv ceildiv) between two commas
/// at one nesting level that remat's tools accept. Real training graphs
/// stay below 50 of either.
constexpr unsigned kMaxInputNesting = 4096;

/// The stack of the thread runWithLargeStack starts: 256 MiB, reserved, not
/// committed, so that it costs memory only as deep as the program goes.
constexpr unsigned kLargeStackBytes = 256u << 20;

/// Scans buffer `bufferId` of `sourceMgr` and, if it nests deeper than
/// `limit`, prints an error located at the first character past the limit
/// (through the source manager's diagnostic printer) and returns false.
/// MLIR bytecode passes unscanned: its reader does not recurse on nesting.
bool checkInputNesting(const llvm::SourceMgr &sourceMgr, unsigned bufferId,
                       unsigned limit = kMaxInputNesting);

/// The same scan over bare text; returns the offset of the first character
/// past the limit, or -1 when the text is within it.
long findExcessiveNesting(llvm::StringRef text,
                          unsigned limit = kMaxInputNesting);

/// Runs `body` on a thread with a kLargeStackBytes stack and returns its
/// result; the calling thread waits.
int runWithLargeStack(llvm::function_ref<int()> body);

/// Runs `body` so that a crash while MLIR parses the input becomes an
/// error and exit status 1 instead of a signal. MLIR 22's parser has such
/// bugs on malformed input: `linalg.reduce ... dimensions = [1 x]` reports
/// "expected ']'" and then dereferences the null attribute it could not
/// parse. `body` calls the function it is given once parsing is over: from
/// then on a crash is a crash again, with LLVM's stack trace, so that a bug
/// in remat's own code is never hidden. Returns body's result, or 1 after
/// printing the error to `errors` (none if null: the fuzz target).
int runGuardingParser(
    llvm::function_ref<int(llvm::function_ref<void()> parsed)> body,
    llvm::raw_ostream *errors = &llvm::errs());

/// A tool's whole input step: `file` added to a fresh `sourceMgr` (whose
/// diagnostic handler reports what goes wrong; the parser reads its first
/// buffer), its nesting checked, then parsed as a module under
/// runGuardingParser. Null after an error has been reported.
mlir::OwningOpRef<mlir::ModuleOp>
parseGuardedModule(std::unique_ptr<llvm::MemoryBuffer> file,
                   llvm::SourceMgr &sourceMgr, mlir::MLIRContext &context);

} // namespace mlir::remat

#endif // REMAT_SUPPORT_INPUTGUARD_H
