//===- RematInterfaces.td - remat cost-model interface ------*- tablegen -*-===//

#ifndef REMAT_DIALECT_REMAT_IR_REMATINTERFACES_TD
#define REMAT_DIALECT_REMAT_IR_REMATINTERFACES_TD

include "mlir/IR/OpBase.td"

def Remat_CostOpInterface : OpInterface<"CostOpInterface"> {
  let cppNamespace = "::mlir::remat";
  let description = [{
    What the rematerialization passes need to know about an op: its cost
    (FLOPs, bytes read and written), whether it may be recomputed, and
    whether a result is a view that aliases an operand's storage.

    remat attaches external models of this interface to upstream ops
    (linalg structured ops, tensor views and reshapes, elementwise arith and
    math on tensors); another compiler can attach its own to its ops. Ops
    without the interface get a conservative cost and are never recomputed.
  }];
  let methods = [
    InterfaceMethod<"The op's cost, for statically shaped operands.",
      "::mlir::remat::OpCost", "getRematCost">,
    InterfaceMethod<[{
        Whether recomputing the op gives bit-identical results and has no
        side effect (no stateful randomness, no I/O, no writes).
      }],
      "bool", "isRematRecomputable", (ins), [{}],
      /*defaultImplementation=*/[{ return true; }]>,
    InterfaceMethod<[{
        The operand whose storage result `resultIndex` is a view of, if any.
        A view keeps its source alive and costs no memory of its own.
      }],
      "::std::optional<unsigned>", "getRematAliasedOperand",
      (ins "unsigned":$resultIndex), [{}],
      /*defaultImplementation=*/[{ return ::std::nullopt; }]>,
  ];
}

#endif // REMAT_DIALECT_REMAT_IR_REMATINTERFACES_TD
