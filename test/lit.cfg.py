# -*- Python -*-
# lit configuration for remat: the lit suites under test/ and, through the
# GoogleTest format, the unit tests under unittests/.
import os

import lit.formats
import lit.util
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "REMAT"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.remat_obj_root, "test")
config.excludes = ["CMakeLists.txt", "README.md", "lit.cfg.py", "lit.site.cfg.py", "check_peaks.py", "check_budget.py", "npy.py", "finite_differences.py", "check_runs.py", "check_gpu.py", "run_corpus.py", "corpus", "valid",
                   "Inputs"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%remat_src_root", config.remat_src_root))
config.substitutions.append(("%remat_obj_root", config.remat_obj_root))
config.substitutions.append(("%remat_tools", config.remat_tools_dir))
config.substitutions.append(("%llvm_tools_dir", config.llvm_tools_dir))
config.substitutions.append(("%remat_libs", os.path.join(config.remat_obj_root, "lib")))

# Variables in FileCheck patterns are scoped to a CHECK-LABEL block, and an
# unused prefix is an error: both catch tests that check less than they say.
config.environment["FILECHECK_OPTS"] = "-enable-var-scope --allow-unused-prefixes=false"

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# The PyTorch front end's tests need a Python that imports torch (and
# torchvision); `make check` installs Debian's, CMake finds it.
if config.remat_torch_python:
    config.available_features.add("torch")
    config.substitutions.append(("%torch_python", config.remat_torch_python))

tool_dirs = [config.remat_tools_dir, config.llvm_tools_dir]
tools = ["remat-opt", "remat-run", "mlir-opt", "remat-import-torch"]
llvm_config.add_tool_substitutions(tools, tool_dirs)
# remat_torch runs remat-opt itself: the one under test, not whichever
# build/bin it would find first (the sanitizer suite has its own).
config.environment["REMAT_OPT"] = os.path.join(config.remat_tools_dir, "remat-opt")

# In a sanitizer build, remat's code carries the sanitizer runtime: it cannot
# be loaded into the uninstrumented mlir-opt, nor linked by an uninstrumented
# consumer project. Those tests are marked UNSUPPORTED: sanitizer.
if config.remat_sanitize:
    config.available_features.add("sanitizer")
    # LLVM's and MLIR's global registries are never freed at exit.
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1"

# `long`: sweeps kept out of `make check` (15 minutes on 2 cores) and run by
# `make check-long` (CI runs both): `lit --param long=1` or REMAT_LONG_TESTS=1.
if lit_config.params.get("long", os.environ.get("REMAT_LONG_TESTS", "")) not in ("", "0"):
    config.available_features.add("long")

# `cbc` when the budget policy's MILP solver was built (REMAT_HAVE_CBC).
if getattr(config, "remat_have_cbc", "") == "ON":
    config.available_features.add("cbc")

# GPU: `ptxas` when CUDA's ptxas was found at configure time (its folder is
# put on PATH so -remat-lower-to-nvvm can make cubins), `cuda-runtime` when
# the CUDA runtime was built, `cuda-device` only when a CUDA driver loads and
# reports a device (never on the CPU-only build machines). GPU integration
# tests under test/Integration/GPU need cuda-device.
if getattr(config, "remat_enable_cuda", "") in ("ON", "1", "TRUE", "True"):
    config.available_features.add("cuda-runtime")
ptxas = getattr(config, "remat_ptxas", "")
if ptxas and os.path.exists(ptxas):
    config.available_features.add("ptxas")
    llvm_config.with_environment("PATH", os.path.dirname(ptxas), append_path=True)
    config.substitutions.append(("%cuda_bin", os.path.dirname(ptxas)))


def _has_cuda_device():
    import ctypes
    try:
        lib = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return False
    count = ctypes.c_int(0)
    return lib.cuInit(0) == 0 and lib.cuDeviceGetCount(ctypes.byref(count)) == 0 and count.value > 0


if _has_cuda_device():
    config.available_features.add("cuda-device")
