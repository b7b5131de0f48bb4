"""The command line of remat-import-torch (tools/remat-import-torch calls main).

Every failure the user can act on ends in one `remat-import-torch: error:`
message naming its cause and a non-zero exit, never a Python traceback
(set REMAT_IMPORT_TRACEBACK=1 to see one). What is written is parsed and
verified with remat-opt before success is reported.
"""
import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import warnings
import traceback

PROG = "remat-import-torch"


class Failure(Exception):
    """A message for the user; main() prints it and exits with status 1."""


def _parser():
    p = argparse.ArgumentParser(prog=PROG, description="write the training graph of a PyTorch "
                                "module (forward, loss, backward) as MLIR")
    p.add_argument("source", help="FILE.py:FUNCTION; FUNCTION() returns (model, example_inputs)")
    p.add_argument("-o", "--output", default="-", help="output .mlir file (default: stdout)")
    p.add_argument("--dtype", choices=["f32", "bf16", "f16", "f64"], default=None,
                   help="cast parameters and floating inputs to this type first")
    p.add_argument("--fake", action="store_true",
                   help="trace on meta tensors: no weights or activations are allocated")
    p.add_argument("--inputs-dir", default=None,
                   help="also write the example arguments as DIR/argN.npy (for remat-run --inputs)")
    p.add_argument("--seed", type=int, default=0, help="random seed of the traced step (dropout)")
    p.add_argument("--dropout", choices=["inputs", "functional"], default="inputs",
                   help="random draws as arguments holding PyTorch's draws (inputs), or a "
                        "counter-based generator in the graph that remat may recompute (functional)")
    p.add_argument("--cotangents", choices=["auto", "all"], default="auto",
                   help="auto: when exactly one output is a floating scalar (the loss), seed the "
                        "backward from it alone, as loss.backward() does; all: a cotangent "
                        "argument for every output")
    p.add_argument("--name", default="train_step", help="name of the emitted function")
    p.add_argument("--remat-opt", default=None,
                   help="remat-opt used to verify the output (default: $REMAT_OPT, else the "
                        "remat-opt beside this command, else on PATH)")
    p.add_argument("--no-verify", action="store_true", help="do not verify the output")
    p.add_argument("-q", "--quiet", action="store_true", help="no summary on stderr")
    return p


def _check_dir_writable(path, what):
    """Fails early (before tracing) on a directory that cannot be written."""
    path = os.path.abspath(path)
    probe = path
    while not os.path.exists(probe):
        parent = os.path.dirname(probe)
        if parent == probe:
            break
        probe = parent
    if not os.path.isdir(probe):
        raise Failure("%s %s: %s is not a directory" % (what, path, probe))
    if not os.access(probe, os.W_OK | os.X_OK):
        raise Failure("%s %s: %s is not writable" % (what, path, probe))


def _os_error(what, path, e):
    return Failure("%s %s: %s" % (what, path, e.strerror or e))


def _user_frame(e, path):
    """' (FILE:LINE)' of the innermost frame of the user's file in e's traceback."""
    where = ""
    for frame in traceback.extract_tb(e.__traceback__):
        if os.path.abspath(frame.filename) == os.path.abspath(path):
            where = " (%s:%d)" % (os.path.basename(frame.filename), frame.lineno)
    return where


def _one_line(e):
    text = str(e).strip().split("\n")[0]
    return "%s: %s" % (type(e).__name__, text) if text else type(e).__name__


def _load(source, fake):
    path, sep, func = source.rpartition(":")
    if not sep or not path or not func:
        raise Failure("expected FILE.py:FUNCTION, got '%s'" % source)
    if not os.path.isfile(path):
        raise Failure("%s: no such file" % path)
    try:
        spec = importlib.util.spec_from_file_location("remat_user_model", path)
        module = importlib.util.module_from_spec(spec)
        sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
        spec.loader.exec_module(module)
    except Exception as e:
        raise Failure("%s: %s%s" % (path, _one_line(e), _user_frame(e, path)))
    if not hasattr(module, func):
        raise Failure("%s has no function '%s'" % (path, func))
    from .capture import no_allocation
    try:
        if fake:
            with no_allocation():
                made = getattr(module, func)()
        else:
            made = getattr(module, func)()
    except Exception as e:
        raise Failure("%s() raised %s%s" % (func, _one_line(e), _user_frame(e, path)))
    if not isinstance(made, (tuple, list)) or len(made) != 2:
        raise Failure("%s() must return (model, example_inputs), got %s" % (
            func, "a %d-tuple" % len(made) if isinstance(made, (tuple, list)) else
            type(made).__name__))
    return made


def find_remat_opt(option, tool_dir):
    if option:
        return option
    if os.environ.get("REMAT_OPT"):
        return os.environ["REMAT_OPT"]
    if tool_dir:
        beside = os.path.join(tool_dir, "remat-opt")
        if os.path.isfile(beside) and os.access(beside, os.X_OK):
            return beside
    return shutil.which("remat-opt")


def verify(remat_opt, text, label):
    """Parses and verifies `text` with remat-opt (no passes). Raises Failure
    naming the first diagnostic."""
    try:
        run = subprocess.run([remat_opt, "-", "-o", os.devnull], input=text, capture_output=True,
                             text=True)
    except OSError as e:
        raise _os_error("cannot run the verifier", remat_opt, e)
    if run.returncode == 0:
        return
    lines = [l for l in run.stderr.splitlines() if l.strip()]
    first = next((l for l in lines if "error:" in l), lines[0] if lines else
                 "%s exited with status %d" % (remat_opt, run.returncode))
    if first.startswith("<stdin>"):
        first = label + first[len("<stdin>"):]
    raise Failure("the imported MLIR does not verify (an importer bug; please report it): %s" % first)


def _summary(graph, args, verified):
    kinds = {}
    for _, kind, _ in graph.args:
        kinds[kind] = kinds.get(kind, 0) + 1
    names = [("param", "parameters"), ("frozen", "frozen parameters"), ("buffer", "buffers"),
             ("input", "inputs"), ("cotangent", "cotangents"), ("random", "random draws"),
             ("seed", "seeds")]
    counts = ", ".join("%d %s" % (kinds[k], n) for k, n in names if kinds.get(k))
    where = "stdout" if args.output == "-" else args.output
    return "%s: wrote @%s to %s: %s; %d results; %s%s" % (
        PROG, args.name, where, counts, len(graph.results), graph.note,
        "; verified with remat-opt" if verified else "; not verified")


def run(argv, tool_dir):
    args = _parser().parse_args(argv)
    try:
        import torch  # noqa: F401
    except ImportError:
        raise Failure("PyTorch is not installed for %s (Debian: apt-get install python3-torch)"
                      % sys.executable)
    from .capture import NAME_RE, import_model
    from .mlir import ImporterError

    # Everything that can be checked without the model, first.
    if not NAME_RE.match(args.name):
        raise Failure("invalid --name '%s': a function name is a letter or '_' followed by "
                      "letters, digits, '_', '$' or '.'" % args.name)
    if args.output != "-":
        if os.path.isdir(args.output):
            raise Failure("cannot write output %s: it is a directory" % args.output)
        parent = os.path.dirname(os.path.abspath(args.output))
        if not os.path.isdir(parent):
            raise Failure("cannot write output %s: no directory %s" % (args.output, parent))
        if not os.access(parent, os.W_OK):
            raise Failure("cannot write output %s: %s is not writable" % (args.output, parent))
    if args.inputs_dir:
        if args.fake:
            raise Failure("--inputs-dir needs values: an import with --fake has none")
        _check_dir_writable(args.inputs_dir, "cannot write inputs to")
    remat_opt = None
    if not args.no_verify:
        remat_opt = find_remat_opt(args.remat_opt, tool_dir)
        if not remat_opt:
            raise Failure("no remat-opt to verify the output with (build it, pass --remat-opt or "
                          "REMAT_OPT, or --no-verify)")

    model, inputs = _load(args.source, args.fake)
    try:
        graph = import_model(model, inputs, dtype=args.dtype, fake=args.fake, seed=args.seed,
                             name=args.name, dropout=args.dropout, cotangents=args.cotangents)
    except ImporterError as e:
        raise Failure(str(e))
    if args.output == "-":
        if remat_opt:  # nothing invalid on stdout
            verify(remat_opt, graph.mlir, "<output>")
        sys.stdout.write(graph.mlir)
    else:
        try:
            with open(args.output, "w") as f:
                f.write(graph.mlir)
        except OSError as e:
            raise _os_error("cannot write output", args.output, e)
        if remat_opt:  # the file stays for inspection, but the exit says it is invalid
            verify(remat_opt, graph.mlir, args.output)
    if args.inputs_dir:
        try:
            graph.write_inputs(args.inputs_dir)
        except ImporterError as e:
            raise Failure(str(e))
        except OSError as e:
            raise _os_error("cannot write inputs to", args.inputs_dir, e)
    if not args.quiet:
        sys.stderr.write(_summary(graph, args, remat_opt is not None) + "\n")


def _show_warning(message, category, filename, lineno, file=None, line=None):
    """remat's own warnings as one line, as its errors are; PyTorch's as
    Python prints them."""
    text = str(message)
    if text.startswith("remat_torch: "):
        sys.stderr.write("%s: warning: %s\n" % (PROG, text[len("remat_torch: "):]))
    else:
        sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


def main(argv=None, tool_dir=None):
    warnings.showwarning = _show_warning
    try:
        run(sys.argv[1:] if argv is None else argv, tool_dir)
    except Failure as e:
        sys.exit("%s: error: %s" % (PROG, e))
    except KeyboardInterrupt:
        sys.exit("%s: interrupted" % PROG)
    except Exception as e:  # a bug of the importer: still one line, unless asked
        if os.environ.get("REMAT_IMPORT_TRACEBACK"):
            raise
        sys.exit("%s: error: internal error: %s (REMAT_IMPORT_TRACEBACK=1 shows where)" % (
            PROG, _one_line(e)))
