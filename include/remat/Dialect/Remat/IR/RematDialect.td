//===- RematDialect.td - remat dialect definition ----------*- tablegen -*-===//
//
// The remat dialect holds only what upstream MLIR lacks to express
// rematerialization of a training graph: a region op for a recomputation and
// a handful of discardable attributes that mark gradient seeds, per-op
// policies and costs. Everything else stays in upstream dialects.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_DIALECT_REMAT_IR_REMATDIALECT_TD
#define REMAT_DIALECT_REMAT_IR_REMATDIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Remat_Dialect : Dialect {
  let name = "remat";
  let cppNamespace = "::mlir::remat";
  let summary = "Activation rematerialization for training graphs";
  let description = [{
    A training graph is a `func.func` holding forward and backward together.
    The backward part is everything that depends on a gradient seed: a
    function argument carrying `remat.cotangent`, or an op carrying
    `remat.seed`. Forward values used by the backward part are *saved*; the
    remat passes decide which of them to recompute instead, and place each
    recomputation, as a `remat.recompute` op, just before the first backward
    op that needs it.

    Discardable attributes (verified by the dialect):
    - `remat.cotangent` (unit, on a tensor function argument): the incoming
      gradient of an output.
    - `remat.seed` (unit, on an op with tensor results): a gradient seed such
      as the constant 1.0 of a scalar loss.
    - `remat.policy` (`"save"` or `"recompute"`, on an op): a per-op
      override, like PyTorch's MUST_SAVE / MUST_RECOMPUTE.
    - `remat.cost` (`#remat.cost<...>`): an op's cost, written for inspection.
    - `remat.attention` (`"BQxBK"`): on the forward `scf.for` of an attention
      that -remat-tile-attention tiled, its tile shape.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let extraClassDeclaration = [{
    static constexpr ::llvm::StringLiteral kCotangentAttrName = "remat.cotangent";
    static constexpr ::llvm::StringLiteral kSeedAttrName = "remat.seed";
    static constexpr ::llvm::StringLiteral kPolicyAttrName = "remat.policy";
    static constexpr ::llvm::StringLiteral kCostAttrName = "remat.cost";
    static constexpr ::llvm::StringLiteral kAttentionAttrName = "remat.attention";
  }];
}

class Remat_Op<string mnemonic, list<Trait> traits = []>
    : Op<Remat_Dialect, mnemonic, traits>;

class Remat_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Remat_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // REMAT_DIALECT_REMAT_IR_REMATDIALECT_TD
