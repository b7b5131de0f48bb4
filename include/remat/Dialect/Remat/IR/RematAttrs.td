//===- RematAttrs.td - remat attributes ---------------------*- tablegen -*-===//

#ifndef REMAT_DIALECT_REMAT_IR_REMATATTRS_TD
#define REMAT_DIALECT_REMAT_IR_REMATATTRS_TD

include "remat/Dialect/Remat/IR/RematDialect.td"

def Remat_CostAttr : Remat_Attr<"Cost", "cost"> {
  let summary = "The cost of one op, as the remat cost model sees it";
  let description = [{
    Written by `-remat-annotate-costs` so that users can read, in the IR, what
    the cost model thinks of each op:

    ```mlir
    %0 = linalg.matmul {remat.cost = #remat.cost<flops = 4096, bytes_read = 2048,
                        bytes_written = 1024, recomputable = true>} ...
    ```
    `flops` counts scalar operations (a multiply-add is two), `bytes_read`
    and `bytes_written` the tensor bytes the op reads and writes.
  }];
  let parameters = (ins "int64_t":$flops, "int64_t":$bytes_read,
                        "int64_t":$bytes_written, "bool":$recomputable);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // REMAT_DIALECT_REMAT_IR_REMATATTRS_TD
