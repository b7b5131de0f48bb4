"""remat_torch: import a PyTorch module's training step (forward and
backward) as a remat training graph in upstream MLIR dialects.

    from remat_torch import import_model
    graph = import_model(model, (x,))
    open("step.mlir", "w").write(graph.mlir)
    graph.write_inputs("inputs/")   # argN.npy for remat-run --inputs
"""

from .capture import ImportedGraph, import_model  # noqa: F401
from .mlir import ImportError_ as RematImportError  # noqa: F401
