//===- SVG.cpp - the one SVG writer of remat's charts ---------------------===//

#include "remat/Support/SVG.h"

using namespace mlir::remat;

std::string mlir::remat::escapeXML(llvm::StringRef text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '&': out += "&amp;"; break;
    case '"': out += "&quot;"; break;
    case '\'': out += "&apos;"; break;
    default: out += c;
    }
  }
  return out;
}

SVGWriter::SVGWriter(llvm::raw_ostream &os, double width, double height)
    : os(os) {
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width
     << "\" height=\"" << height << "\" font-family=\"sans-serif\" "
     << "font-size=\"12\">\n";
  os << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
}

SVGWriter::~SVGWriter() { os << "</svg>\n"; }

void SVGWriter::beginGroup(llvm::StringRef cls, llvm::StringRef id) {
  os << "<g class=\"" << cls << "\" id=\"" << escapeXML(id) << "\">\n";
}

void SVGWriter::endGroup() { os << "</g>\n"; }

void SVGWriter::text(double x, double y, llvm::StringRef content,
                     llvm::StringRef extra) {
  os << "<text x=\"" << x << "\" y=\"" << y << "\"";
  if (!extra.empty())
    os << " " << extra;
  os << ">" << escapeXML(content) << "</text>\n";
}

void SVGWriter::line(double x1, double y1, double x2, double y2) {
  os << "<line x1=\"" << x1 << "\" y1=\"" << y1 << "\" x2=\"" << x2
     << "\" y2=\"" << y2 << "\" stroke=\"black\"/>\n";
}

void SVGWriter::rect(llvm::StringRef cls, double x, double y, double width,
                     double height, llvm::StringRef fill) {
  os << "<rect class=\"" << cls << "\" x=\"" << x << "\" y=\"" << y
     << "\" width=\"" << width << "\" height=\"" << height << "\" fill=\""
     << fill << "\"/>\n";
}

void SVGWriter::circle(llvm::StringRef cls, double cx, double cy, double r,
                       llvm::StringRef fill) {
  os << "<circle class=\"" << cls << "\" cx=\"" << cx << "\" cy=\"" << cy
     << "\" r=\"" << r << "\" fill=\"" << fill << "\"/>\n";
}

void SVGWriter::polyline(llvm::StringRef cls,
                         llvm::ArrayRef<std::pair<double, double>> points,
                         llvm::StringRef stroke) {
  os << "<polyline class=\"" << cls << "\" fill=\"none\" stroke=\"" << stroke
     << "\" stroke-width=\"1.5\" points=\"";
  for (auto [x, y] : points)
    os << x << "," << y << " ";
  os << "\"/>\n";
}

void SVGWriter::axes(double left, double top, double width, double height) {
  line(left, top + height, left + width, top + height);
  line(left, top, left, top + height);
}
