"""remat_torch: import a PyTorch module's training step (forward and
backward) as a remat training graph in upstream MLIR dialects.

    from remat_torch import import_model
    graph = import_model(model, (x,))
    open("step.mlir", "w").write(graph.mlir)
    graph.write_inputs("inputs/")   # argN.npy for remat-run --inputs

Training with remat's decisions inside PyTorch (AOTAutograd's partition):

    model = remat_torch.compile(model)          # policy="peak", remat's default
    fn = remat_torch.partition(policy="budget", budget=64 << 20)  # partition_fn
"""

from .capture import ImportedGraph, import_model  # noqa: F401
from .mlir import ImporterError  # noqa: F401
RematImportError = ImporterError  # its earlier public name
from .partition import partition  # noqa: F401,E402
from .training import RematModule, compile, held_bytes  # noqa: F401,E402
