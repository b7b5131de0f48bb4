//===- InputGuard.cpp - refuse input that would exhaust the parser's stack ===//
//
// A lexical scan, not a parser: it knows MLIR's comments, string literals
// and identifier shapes only well enough not to count what is inside them,
// so that it runs in linear time on any bytes and never disagrees with the
// parser about what nests. Unbalanced closers clamp at depth 0: the parser
// reports those itself.
//
//===----------------------------------------------------------------------===//

#include "remat/Support/InputGuard.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

using namespace mlir;
using namespace mlir::remat;

static bool isIdChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
}

long mlir::remat::findExcessiveNesting(llvm::StringRef text, unsigned limit) {
  // chains[d]: operators seen at depth d since its bracket opened or the
  // last separator; chains.size() - 1 is the bracket depth.
  llvm::SmallVector<unsigned, 64> chains = {0};
  size_t n = text.size();
  auto countOperator = [&]() { return ++chains.back() > limit; };
  for (size_t i = 0; i < n;) {
    char c = text[i];
    if (c == '/' && i + 1 < n && text[i + 1] == '/') {
      while (i < n && text[i] != '\n')
        ++i;
      continue;
    }
    if (c == '"') {
      for (++i; i < n && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      ++i;
      continue;
    }
    // Sigil identifiers (%x, ^bb, #map, !type, @sym) may contain '-'.
    if (c == '%' || c == '^' || c == '#' || c == '!' || c == '@') {
      for (++i; i < n && (isIdChar(text[i]) || text[i] == '-'); ++i)
        ;
      continue;
    }
    // Numbers, with the sign of an exponent: 1.5e-3, 4x8xf32.
    if (llvm::isDigit(c)) {
      bool hex = c == '0' && i + 1 < n && text[i + 1] == 'x';
      for (++i; i < n; ++i) {
        if (isIdChar(text[i]))
          continue;
        if (!hex && (text[i] == '-' || text[i] == '+') &&
            (text[i - 1] == 'e' || text[i - 1] == 'E'))
          continue;
        break;
      }
      continue;
    }
    if (llvm::isAlpha(c) || c == '_') {
      size_t start = i;
      for (++i; i < n && isIdChar(text[i]); ++i)
        ;
      llvm::StringRef word = text.slice(start, i);
      if ((word == "mod" || word == "floordiv" || word == "ceildiv") &&
          countOperator())
        return start;
      continue;
    }
    switch (c) {
    case '(':
    case '[':
    case '{':
    case '<':
      if (chains.size() > limit)
        return i;
      chains.push_back(0);
      break;
    case '>':
      // '>=' compares (integer sets); a lone '>' closes.
      if (i + 1 < n && text[i + 1] == '=') {
        ++i;
        break;
      }
      [[fallthrough]];
    case ')':
    case ']':
    case '}':
      if (chains.size() > 1)
        chains.pop_back();
      break;
    case '-':
      // '->' is an arrow, not an operator.
      if (i + 1 < n && text[i + 1] == '>') {
        ++i;
        break;
      }
      [[fallthrough]];
    case '+':
    case '*':
      if (countOperator())
        return i;
      break;
    case ',':
    case ';':
    case ':':
    case '=':
      chains.back() = 0;
      break;
    default:
      break;
    }
    ++i;
  }
  return -1;
}

bool mlir::remat::checkInputNesting(const llvm::SourceMgr &sourceMgr,
                                    unsigned bufferId, unsigned limit) {
  const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(bufferId);
  // Bytecode is read without recursion on nesting; only text is scanned.
  if (mlir::isBytecode(buffer->getMemBufferRef()))
    return true;
  long offset = findExcessiveNesting(buffer->getBuffer(), limit);
  if (offset < 0)
    return true;
  sourceMgr.PrintMessage(
      llvm::SMLoc::getFromPointer(buffer->getBufferStart() + offset),
      llvm::SourceMgr::DK_Error,
      llvm::Twine("input nests brackets or chains operators more than ") +
          llvm::Twine(limit) +
          " deep; remat refuses it rather than exhaust the parser's stack");
  return false;
}

int mlir::remat::runWithLargeStack(llvm::function_ref<int()> body) {
  int result = 1;
  llvm::thread worker(std::optional<unsigned>(kLargeStackBytes),
                      [&] { result = body(); });
  worker.join();
  return result;
}

int mlir::remat::runGuardingParser(
    llvm::function_ref<int(llvm::function_ref<void()>)> body,
    llvm::raw_ostream *errors) {
  // Recovery is process-wide signal handlers plus a thread-local context: a
  // crash on another thread, or after parsed(), reaches the handlers that
  // were installed before (LLVM's stack trace, or a sanitizer's report).
  bool parsing = true;
  auto parsed = [&] {
    if (parsing) {
      parsing = false;
      llvm::CrashRecoveryContext::Disable();
    }
  };
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext context;
  int result = 1;
  if (context.RunSafely([&] { result = body(parsed); })) {
    parsed();
    return result;
  }
  parsed();
  if (errors)
    *errors << "error: MLIR's parser crashed on this input, a bug of MLIR "
               "on malformed text that remat cannot fix; the errors above, "
               "if any, say where the text is malformed\n";
  return 1;
}

mlir::OwningOpRef<mlir::ModuleOp>
mlir::remat::parseGuardedModule(std::unique_ptr<llvm::MemoryBuffer> file,
                                llvm::SourceMgr &sourceMgr,
                                mlir::MLIRContext &context) {
  unsigned bufferId = sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  if (!checkInputNesting(sourceMgr, bufferId))
    return nullptr;
  OwningOpRef<ModuleOp> module;
  if (runGuardingParser([&](llvm::function_ref<void()>) {
        module = parseSourceFile<ModuleOp>(sourceMgr, &context);
        return module ? 0 : 1;
      }))
    return nullptr;
  return module;
}
