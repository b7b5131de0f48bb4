//===- Npy.cpp - read and write NumPy .npy files --------------------------===//

#include "remat-runtime/Npy.h"
#include "remat-runtime/Half.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

using namespace remat_runtime::npy;

size_t remat_runtime::npy::elementSize(DType dtype) {
  switch (dtype) {
  case DType::Bool:
  case DType::I8:
  case DType::U8:
    return 1;
  case DType::I16:
  case DType::F16:
  case DType::BF16:
    return 2;
  case DType::I32:
  case DType::F32:
    return 4;
  case DType::I64:
  case DType::F64:
    return 8;
  }
  return 0;
}

std::string remat_runtime::npy::descr(DType dtype) {
  switch (dtype) {
  case DType::Bool: return "|b1";
  case DType::I8: return "|i1";
  case DType::U8: return "|u1";
  case DType::I16: return "<i2";
  case DType::I32: return "<i4";
  case DType::I64: return "<i8";
  case DType::F16: return "<f2";
  case DType::F32: return "<f4";
  case DType::F64: return "<f8";
  // No NumPy dtype: `write` writes f32; this names it in the compiled
  // graphs' wrappers (aot/), never in a .npy header.
  case DType::BF16: return "bf16";
  }
  return "?";
}

std::string remat_runtime::npy::mlirName(DType dtype) {
  switch (dtype) {
  case DType::Bool: return "i1";
  case DType::I8: return "i8";
  case DType::U8: return "ui8";
  case DType::I16: return "i16";
  case DType::I32: return "i32";
  case DType::I64: return "i64";
  case DType::F16: return "f16";
  case DType::F32: return "f32";
  case DType::F64: return "f64";
  case DType::BF16: return "bf16";
  }
  return "?";
}

int64_t Array::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

double remat_runtime::npy::elementAsDouble(const Array &array, size_t i) {
  const uint8_t *p = array.data.data() + i * elementSize(array.dtype);
  switch (array.dtype) {
  case DType::F32: { float f; std::memcpy(&f, p, 4); return f; }
  case DType::F64: { double d; std::memcpy(&d, p, 8); return d; }
  case DType::F16: { uint16_t h; std::memcpy(&h, p, 2); return halfToDouble(h); }
  case DType::BF16: { uint16_t h; std::memcpy(&h, p, 2); return bf16ToFloat(h); }
  case DType::Bool: case DType::U8: return *p;
  case DType::I8: return static_cast<int8_t>(*p);
  case DType::I16: { int16_t x; std::memcpy(&x, p, 2); return x; }
  case DType::I32: { int32_t x; std::memcpy(&x, p, 4); return x; }
  case DType::I64: { int64_t x; std::memcpy(&x, p, 8); return static_cast<double>(x); }
  }
  return 0;
}

static uint64_t splitmix64(uint64_t &state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

void remat_runtime::npy::fillRandom(Array &array, uint64_t seed,
                                    uint64_t index) {
  size_t width = elementSize(array.dtype);
  array.data.assign(array.numElements() * width, 0);
  uint64_t state = seed * 0x100000001B3ull + index + 1;
  for (int64_t i = 0; i < array.numElements(); ++i) {
    uint64_t bits = splitmix64(state);
    float unit = static_cast<float>(bits >> 40) / 16777216.0f * 2.0f - 1.0f;
    uint8_t *p = array.data.data() + i * width;
    switch (array.dtype) {
    case DType::F32: std::memcpy(p, &unit, 4); break;
    case DType::F64: { double d = unit; std::memcpy(p, &d, 8); break; }
    case DType::F16: { uint16_t h = floatToHalf(unit); std::memcpy(p, &h, 2); break; }
    case DType::BF16: { uint16_t h = floatToBf16(unit); std::memcpy(p, &h, 2); break; }
    case DType::Bool: *p = bits & 1; break;
    case DType::I8: case DType::U8: *p = bits % 100; break;
    case DType::I16: { int16_t v = bits % 100; std::memcpy(p, &v, 2); break; }
    case DType::I32: { int32_t v = bits % 100; std::memcpy(p, &v, 4); break; }
    case DType::I64: { int64_t v = bits % 100; std::memcpy(p, &v, 8); break; }
    }
  }
}

/// The value of `key` in a Python dict literal, up to the next top-level
/// comma or closing brace.
static bool findValue(const std::string &header, const std::string &key,
                      std::string &value) {
  size_t pos = header.find("'" + key + "'");
  if (pos == std::string::npos)
    return false;
  pos = header.find(':', pos);
  if (pos == std::string::npos)
    return false;
  ++pos;
  while (pos < header.size() && header[pos] == ' ')
    ++pos;
  size_t end = pos;
  int depth = 0;
  for (; end < header.size(); ++end) {
    char c = header[end];
    if (c == '(')
      ++depth;
    else if (c == ')')
      --depth;
    else if ((c == ',' || c == '}') && depth == 0)
      break;
  }
  value = header.substr(pos, end - pos);
  while (!value.empty() && value.back() == ' ')
    value.pop_back();
  return true;
}

bool remat_runtime::npy::parseHeader(const std::string &header, DType &dtype,
                             std::vector<int64_t> &shape, std::string &error) {
  std::string d, order, shapeText;
  if (!findValue(header, "descr", d) ||
      !findValue(header, "fortran_order", order) ||
      !findValue(header, "shape", shapeText)) {
    error = "malformed header: " + header;
    return false;
  }
  if (d.size() < 2 || (d.front() != '\'' && d.front() != '"')) {
    error = "malformed descr " + d;
    return false;
  }
  d = d.substr(1, d.size() - 2);
  static const DType all[] = {DType::Bool, DType::I8,  DType::I16,
                              DType::I32,  DType::I64, DType::U8,
                              DType::F16,  DType::F32, DType::F64};
  bool found = false;
  for (DType candidate : all) {
    std::string want = descr(candidate);
    // '=' and '<' both mean little endian here; '|' marks one-byte types.
    if (d == want || (d.size() == 3 && want.size() == 3 && d[0] == '=' &&
                      want[0] == '<' && d.substr(1) == want.substr(1))) {
      dtype = candidate;
      found = true;
    }
  }
  if (!found) {
    error = "unsupported dtype '" + d + "' (big-endian or not numeric?)";
    return false;
  }
  if (order != "False") {
    error = "Fortran-ordered arrays are not supported";
    return false;
  }
  if (shapeText.size() < 2 || shapeText.front() != '(' ||
      shapeText.back() != ')') {
    error = "malformed shape " + shapeText;
    return false;
  }
  // A Python tuple of non-negative integer literals: "()", "(4,)", "(4, 8)";
  // anything else ("(4,,8)", "(4.9, 8e0)", "(-1,)") is malformed.
  shape.clear();
  std::string inner = shapeText.substr(1, shapeText.size() - 2);
  size_t pos = 0;
  auto skipSpaces = [&] {
    while (pos < inner.size() && inner[pos] == ' ')
      ++pos;
  };
  skipSpaces();
  while (pos < inner.size()) {
    size_t begin = pos;
    uint64_t value = 0;
    while (pos < inner.size() && inner[pos] >= '0' && inner[pos] <= '9') {
      value = value * 10 + (inner[pos] - '0');
      if (value > uint64_t(INT64_MAX) / 16) {
        error = "shape " + shapeText + " is too large";
        return false;
      }
      ++pos;
    }
    if (pos == begin) {
      error = "malformed shape " + shapeText;
      return false;
    }
    shape.push_back(static_cast<int64_t>(value));
    skipSpaces();
    if (pos == inner.size())
      break;
    if (inner[pos] != ',') {
      error = "malformed shape " + shapeText;
      return false;
    }
    ++pos;
    skipSpaces();
  }
  // One dimension needs its trailing comma: "(4)" is not a tuple.
  if (shape.size() == 1 && inner.find(',') == std::string::npos) {
    error = "malformed shape " + shapeText;
    return false;
  }
  return true;
}

bool remat_runtime::npy::byteSize(const Array &array, uint64_t &bytes) {
  bytes = elementSize(array.dtype);
  for (int64_t d : array.shape) {
    if (d < 0)
      return false;
    if (d != 0 && bytes > uint64_t(INT64_MAX) / uint64_t(d))
      return false;
    bytes *= uint64_t(d);
  }
  return true;
}

bool remat_runtime::npy::read(const std::string &path, Array &array,
                      std::string &error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open '" + path + "'";
    return false;
  }
  char magic[8];
  if (!in.read(magic, 8) || std::memcmp(magic, "\x93NUMPY", 6) != 0) {
    error = "'" + path + "' is not a .npy file";
    return false;
  }
  if (magic[6] < 1 || magic[6] > 3) {
    error = "'" + path + "': unsupported .npy version " +
            std::to_string(int(magic[6]));
    return false;
  }
  uint32_t headerLen = 0;
  if (magic[6] == 1) {
    unsigned char len[2];
    in.read(reinterpret_cast<char *>(len), 2);
    headerLen = len[0] | (len[1] << 8);
  } else {
    unsigned char len[4];
    in.read(reinterpret_cast<char *>(len), 4);
    headerLen = len[0] | (len[1] << 8) | (len[2] << 16) | (uint32_t(len[3]) << 24);
  }
  if (!in || headerLen > (1u << 20)) {
    error = "'" + path + "': truncated or oversized header";
    return false;
  }
  std::string header(headerLen, '\0');
  if (!in.read(header.data(), headerLen)) {
    error = "'" + path + "': truncated header";
    return false;
  }
  if (!parseHeader(header, array.dtype, array.shape, error)) {
    error = "'" + path + "': " + error;
    return false;
  }
  // Never trust the header's size: check it against the file before
  // allocating (a crafted shape would otherwise ask for terabytes).
  uint64_t bytes = 0;
  if (!byteSize(array, bytes)) {
    error = "'" + path + "': the shape's byte size overflows";
    return false;
  }
  std::streampos dataStart = in.tellg();
  in.seekg(0, std::ios::end);
  std::streampos fileEnd = in.tellg();
  in.seekg(dataStart);
  if (dataStart < 0 || fileEnd < dataStart ||
      uint64_t(fileEnd - dataStart) < bytes) {
    error = "'" + path + "': the header declares " + std::to_string(bytes) +
            " bytes of data, the file has " +
            std::to_string(fileEnd < dataStart ? 0 : int64_t(fileEnd - dataStart));
    return false;
  }
  if (uint64_t(fileEnd - dataStart) > bytes) {
    error = "'" + path + "': " +
            std::to_string(uint64_t(fileEnd - dataStart) - bytes) +
            " bytes after the data the header declares";
    return false;
  }
  array.data.resize(bytes);
  if (bytes && !in.read(reinterpret_cast<char *>(array.data.data()), bytes)) {
    error = "'" + path + "': expected " + std::to_string(bytes) +
            " bytes of data, the file is shorter";
    return false;
  }
  return true;
}

bool remat_runtime::npy::toBF16(Array &array, std::string &error) {
  if (array.dtype != DType::F32) {
    error = "a bf16 value is read from an f32 array, got " +
            mlirName(array.dtype);
    return false;
  }
  std::vector<uint8_t> narrow(array.numElements() * 2);
  for (int64_t i = 0; i < array.numElements(); ++i) {
    float f;
    std::memcpy(&f, array.data.data() + i * 4, 4);
    uint16_t h = floatToBf16(f);
    std::memcpy(narrow.data() + i * 2, &h, 2);
  }
  array.data = std::move(narrow);
  array.dtype = DType::BF16;
  return true;
}

bool remat_runtime::npy::write(const std::string &path, const Array &array,
                       std::string &error) {
  // NumPy has no bf16: widened to f32, which holds every bf16 exactly.
  if (array.dtype == DType::BF16) {
    Array wide;
    wide.dtype = DType::F32;
    wide.shape = array.shape;
    wide.data.resize(array.numElements() * 4);
    for (int64_t i = 0; i < array.numElements(); ++i) {
      uint16_t h;
      std::memcpy(&h, array.data.data() + i * 2, 2);
      float f = bf16ToFloat(h);
      std::memcpy(wide.data.data() + i * 4, &f, 4);
    }
    return write(path, wide, error);
  }
  std::string shape = "(";
  for (size_t i = 0; i < array.shape.size(); ++i)
    shape += std::to_string(array.shape[i]) + (array.shape.size() == 1 ? "," : (i + 1 < array.shape.size() ? ", " : ""));
  shape += ")";
  std::string header = "{'descr': '" + descr(array.dtype) +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  // Pad so that the data starts on a 64-byte boundary, ending in '\n'.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  if (!out) {
    error = "cannot write '" + path + "'";
    return false;
  }
  out.write("\x93NUMPY\x01\x00", 8);
  unsigned char len[2] = {static_cast<unsigned char>(header.size() & 0xff),
                          static_cast<unsigned char>(header.size() >> 8)};
  out.write(reinterpret_cast<char *>(len), 2);
  out.write(header.data(), header.size());
  out.write(reinterpret_cast<const char *>(array.data.data()),
            array.data.size());
  if (!out) {
    error = "cannot write '" + path + "'";
    return false;
  }
  return true;
}
