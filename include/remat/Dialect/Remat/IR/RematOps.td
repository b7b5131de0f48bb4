//===- RematOps.td - remat operations -----------------------*- tablegen -*-===//

#ifndef REMAT_DIALECT_REMAT_IR_REMATOPS_TD
#define REMAT_DIALECT_REMAT_IR_REMATOPS_TD

include "remat/Dialect/Remat/IR/RematDialect.td"
include "remat/Dialect/Remat/IR/RematAttrs.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Remat_RecomputeOp : Remat_Op<"recompute", [
    IsolatedFromAbove, RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "Recompute forward values from saved inputs";
  let description = [{
    A recomputation of forward values, placed in the backward part of a
    training graph just before the first op that needs them. The operands
    are the saved values the recomputation starts from; they become the
    block arguments of the body. The body is a copy of forward ops and
    `remat.yield`s the recomputed values, which become the results.

    The op is isolated from above so that CSE and canonicalization cannot
    merge the recomputation back into the forward ops it copies, which would
    silently undo the memory saving. Its body must be free of side effects:
    an op with side effects or stateful randomness is never recomputed.

    ```mlir
    %c = remat.recompute(%b) : (tensor<64x1024xf32>) -> tensor<64x1024xf32> {
    ^bb0(%arg0: tensor<64x1024xf32>):
      %e = tensor.empty() : tensor<64x1024xf32>
      %g = linalg.generic ... ins(%arg0 : ...) outs(%e : ...) { ... }
      remat.yield %g : tensor<64x1024xf32>
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` $inputs `)` attr-dict `:` functional-type($inputs, $results) $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Block &getBodyBlock() { return getBody().front(); }
  }];
}

def Remat_YieldOp : Remat_Op<"yield", [
    Pure, ReturnLike, Terminator, HasParent<"RecomputeOp">]> {
  let summary = "Yield the recomputed values";
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ /* nothing to yield */ }]>];
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

#endif // REMAT_DIALECT_REMAT_IR_REMATOPS_TD
