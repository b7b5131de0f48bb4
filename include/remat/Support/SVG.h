//===- SVG.h - the one SVG writer of remat's charts -------------*- C++ -*-===//
//
// -remat-report's plot (live bytes over program order) and -remat-pareto's
// curve (FLOPs against peak) are both drawn with this writer, so that every
// name that reaches a chart (function names such as @"a<b&c", op names) is
// escaped in one place.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_SUPPORT_SVG_H
#define REMAT_SUPPORT_SVG_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <utility>

namespace mlir::remat {

/// `text` with the five XML metacharacters replaced by entities.
std::string escapeXML(llvm::StringRef text);

/// Writes one SVG document to `os`: the header and a white background on
/// construction, `</svg>` on destruction. Every string argument is text,
/// escaped here; attribute names and colours are the caller's constants.
class SVGWriter {
public:
  SVGWriter(llvm::raw_ostream &os, double width, double height);
  ~SVGWriter();
  SVGWriter(const SVGWriter &) = delete;
  SVGWriter &operator=(const SVGWriter &) = delete;

  /// `<g class=".." id="..">`, closed by endGroup().
  void beginGroup(llvm::StringRef cls, llvm::StringRef id);
  void endGroup();

  /// `<text>`; `extra` is written verbatim as further attributes
  /// (text-anchor, font-size, fill).
  void text(double x, double y, llvm::StringRef content,
            llvm::StringRef extra = "");
  void line(double x1, double y1, double x2, double y2);
  void rect(llvm::StringRef cls, double x, double y, double width,
            double height, llvm::StringRef fill);
  void circle(llvm::StringRef cls, double cx, double cy, double r,
              llvm::StringRef fill);
  void polyline(llvm::StringRef cls, llvm::ArrayRef<std::pair<double, double>>
                                         points,
                llvm::StringRef stroke);

  /// The two axes of a plot area whose top left corner is (left, top).
  void axes(double left, double top, double width, double height);

  llvm::raw_ostream &getStream() { return os; }

private:
  llvm::raw_ostream &os;
};

} // namespace mlir::remat

#endif // REMAT_SUPPORT_SVG_H
