//===- EnumOption.h - options whose values are a fixed set ------*- C++ -*-===//
//
// An option whose values are a fixed set (policy=, solver=, attention=,
// format= ...) is an enum, not a string: the code that reads it switches on
// the enum, and each enum has one table, written with clEnumValN, that is
// the only place mapping its values to their names:
//
//   REMAT_ENUM_OPTION(::mlir::remat::AttentionMode,
//       clEnumValN(AttentionMode::Untiled, "untiled", "as written"),
//       clEnumValN(AttentionMode::Tiled, "tiled", "FlashAttention's tiles"))
//
// The table gives the names in --help (each with its description, for pass
// options, pipeline options and command-line flags alike), parses them,
// prints them back (pipelines, remarks, JSON: enumName), and any other
// value is refused saying what was given and what is accepted, printed by
// llvm::cl as "<tool>: for the --<option> option: <message>": by default
// "attention must be untiled or tiled, got 'flash'", or the enum's own
// specialization of unknownEnumValue.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_SUPPORT_ENUMOPTION_H
#define REMAT_SUPPORT_ENUMOPTION_H

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"

#include <optional>
#include <string>

namespace mlir::remat {

/// Specialized per enum by REMAT_ENUM_OPTION: `values`, a constexpr array
/// of clEnumValN.
template <typename E>
struct EnumOptionTraits;

/// The name of `value` (what is typed, printed and written to JSON).
template <typename E>
llvm::StringRef enumName(E value) {
  for (const llvm::cl::OptionEnumValue &entry : EnumOptionTraits<E>::values)
    if (entry.Value == static_cast<int>(value))
      return entry.Name;
  llvm_unreachable("enum value without a name");
}

/// The value named `name`, if any.
template <typename E>
std::optional<E> parseEnumName(llvm::StringRef name) {
  for (const llvm::cl::OptionEnumValue &entry : EnumOptionTraits<E>::values)
    if (entry.Name == name)
      return static_cast<E>(entry.Value);
  return std::nullopt;
}

/// Every name, in the table's order: "a, b, c" with separator ", ";
/// `last` (" or ") joins the last two instead: "a, b or c"; `quote` puts
/// each name in single quotes.
template <typename E>
std::string enumNames(llvm::StringRef separator = ", ",
                      std::optional<llvm::StringRef> last = std::nullopt,
                      bool quote = false) {
  std::string text;
  size_t count = std::size(EnumOptionTraits<E>::values);
  for (auto [i, entry] : llvm::enumerate(EnumOptionTraits<E>::values)) {
    if (i)
      text += (last && i + 1 == count ? *last : separator).str();
    text += quote ? ("'" + entry.Name + "'").str() : entry.Name.str();
  }
  return text;
}

/// "<option> must be a, b or c, got '<value>'".
template <typename E>
std::string mustBeOneOf(llvm::StringRef option, llvm::StringRef value) {
  return option.str() + " must be " + enumNames<E>(", ", " or ") + ", got '" +
         value.str() + "'";
}

/// The message for `value`, not a name of E, given to `option` (the name
/// as typed: `--attention` for a flag, `attention` in a pass's or
/// pipeline's options). By default mustBeOneOf; an enum may specialize it
/// (before its options).
template <typename E>
std::string unknownEnumValue(llvm::StringRef option, llvm::StringRef value) {
  return mustBeOneOf<E>(option, value);
}

/// The llvm::cl parser of every enum option (REMAT_ENUM_OPTION makes it
/// llvm::cl::parser<E>, which MLIR's pass options and llvm::cl::opt pick up
/// by themselves): llvm::cl::parser<E>'s table of names, filled from
/// EnumOptionTraits<E>::values, and its error from `unknown`.
template <typename E>
class EnumOptionParser : public llvm::cl::generic_parser_base {
protected:
  class OptionInfo : public GenericOptionInfo {
  public:
    OptionInfo(llvm::StringRef name, E value, llvm::StringRef help)
        : GenericOptionInfo(name, help), V(value) {}
    llvm::cl::OptionValue<E> V;
  };
  // Named as in llvm::cl::parser<E>: MLIR's GenericOptionParser reads it to
  // print a pass's options back.
  llvm::SmallVector<OptionInfo, 8> Values;

public:
  using parser_data_type = E;

  EnumOptionParser(llvm::cl::Option &option) : generic_parser_base(option) {
    for (const llvm::cl::OptionEnumValue &entry : EnumOptionTraits<E>::values)
      Values.emplace_back(entry.Name, static_cast<E>(entry.Value),
                          entry.Description);
  }

  unsigned getNumOptions() const override { return unsigned(Values.size()); }
  llvm::StringRef getOption(unsigned n) const override {
    return Values[n].Name;
  }
  llvm::StringRef getDescription(unsigned n) const override {
    return Values[n].HelpStr;
  }
  const llvm::cl::GenericOptionValue &getOptionValue(unsigned n) const override {
    return Values[n].V;
  }

  /// True on error, as llvm::cl's parsers.
  bool parse(llvm::cl::Option &option, llvm::StringRef argName,
             llvm::StringRef arg, E &value) {
    if (std::optional<E> parsed = parseEnumName<E>(arg)) {
      value = *parsed;
      return false;
    }
    // A command-line flag is typed --name; a pass option name=.
    // (llvm::cl leaves Subs empty for the top level's own options.)
    bool flag = option.Subs.empty() ||
                option.Subs.contains(&llvm::cl::SubCommand::getTopLevel());
    std::string spelled = (flag ? "--" : "") + argName.str();
    return option.error(unknownEnumValue<E>(spelled, arg));
  }
};

} // namespace mlir::remat

/// Names enum E's values (clEnumValN, ...) and makes EnumOptionParser<E>
/// the llvm::cl parser of E; at global scope, before any option of type E.
#define REMAT_ENUM_OPTION(E, ...)                                              \
  template <>                                                                  \
  struct mlir::remat::EnumOptionTraits<E> {                                    \
    static constexpr llvm::cl::OptionEnumValue values[] = {__VA_ARGS__};       \
  };                                                                           \
  template <>                                                                  \
  class llvm::cl::parser<E> : public ::mlir::remat::EnumOptionParser<E> {     \
  public:                                                                      \
    parser(::llvm::cl::Option &option)                                         \
        : ::mlir::remat::EnumOptionParser<E>(option) {}                        \
  };

#endif // REMAT_SUPPORT_ENUMOPTION_H
