# remat: the two commands of the quick start, and a few more.
#
#   make demo    install what is missing (as root), build, and print the memory
#                report of the bundled example training graph before and after
#                rematerialization
#   make check   the same set-up, then every lit and GoogleTest suite
#   make check-long  the sweeps kept out of `make check` (lit feature `long`)
#   make bench   the benchmark tables of docs/Benchmarks.md, measured now
#   make check-torch2  optional: the PyTorch front end under PyTorch 2.x from PyPI
#
# Both are idempotent and incremental: a second run only rebuilds what changed.

BUILD_DIR ?= build
BUILD_TYPE ?= Release
MLIR_DIR ?= /usr/lib/llvm-22/lib/cmake/mlir
CMAKE_FLAGS ?=
REMAT_OPT := $(BUILD_DIR)/bin/remat-opt
REMAT_RUN := $(BUILD_DIR)/bin/remat-run
RUN_EXAMPLE ?= examples/mlp2_small.mlir
EXAMPLE ?= examples/mlp2_gelu.mlir

.PHONY: all setup configure build demo check check-long check-torch2 bench check-sanitize fuzz clean

all: build

setup:
	@scripts/setup.sh

$(BUILD_DIR)/build.ninja:
	@$(MAKE) --no-print-directory setup
	cmake -G Ninja -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
	  -DMLIR_DIR=$(MLIR_DIR) $(CMAKE_FLAGS)

configure: setup $(BUILD_DIR)/build.ninja

build: configure
	cmake --build $(BUILD_DIR)

demo: build
	@echo "== $(EXAMPLE) as written (no rematerialization) =="
	@$(REMAT_OPT) $(EXAMPLE) -remat-report="plot=$(BUILD_DIR)/demo-before.svg" -o /dev/null
	@echo
	@echo "== after -remat-pipeline (the default policy, peak) =="
	@$(REMAT_OPT) $(EXAMPLE) -remat-pipeline -remat-report="plot=$(BUILD_DIR)/demo-after.svg" -o /dev/null
	@echo
	@echo "Plots of live bytes over program order: $(BUILD_DIR)/demo-before.svg, $(BUILD_DIR)/demo-after.svg"
	@echo
	@echo "== measured on the CPU: $(RUN_EXAMPLE), a GELU recomputed =="
	@$(REMAT_RUN) $(RUN_EXAMPLE) --policy=peak --compare-policy=none

check: build
	cmake --build $(BUILD_DIR) --target check-remat

# The sweeps `make check` leaves out to stay under 15 minutes on 2 cores
# from a clean clone (tests marked `REQUIRES: long`, named *-sweep: most
# community models compared and trained through remat_torch.compile, and
# most difftest seeds). LONG_SHARD=i/n runs the i-th of n parts (CI runs
# a third, docs/Reliability.md "CI").
LIT ?= /usr/lib/llvm-22/bin/lit
LONG_SHARD ?=
LONG_SHARD_ARGS = $(if $(LONG_SHARD),--num-shards $(word 2,$(subst /, ,$(LONG_SHARD))) \
  --run-shard $(word 1,$(subst /, ,$(LONG_SHARD))))
check-long: build
	REMAT_LONG_TESTS=1 $(LIT) -sv --filter 'sweep' $(LONG_SHARD_ARGS) $(BUILD_DIR)/test

# Optional: the PyTorch front end under the current PyTorch 2.x from PyPI (a
# virtual environment in $(BUILD_DIR)/torch2-venv, several GB the first time):
# op conformance, model imports and a remat_torch.compile training check.
check-torch2: build
	scripts/check-torch2.sh $(BUILD_DIR)

# The tables of docs/Benchmarks.md, measured now (a few minutes on 2 cores;
# BENCH_ARGS=--quick for a smoke run). Needs the Python that has PyTorch.
TORCH_PYTHON = $(shell sed -n 's/^REMAT_TORCH_PYTHON:FILEPATH=//p' $(BUILD_DIR)/CMakeCache.txt 2>/dev/null)
BENCH_ARGS ?=
bench: build
	@test -n "$(TORCH_PYTHON)" || { echo "make bench: no Python with PyTorch (see scripts/setup.sh)"; exit 1; }
	$(TORCH_PYTHON) bench/benchmarks.py --build $(BUILD_DIR) --out $(BUILD_DIR)/bench $(BENCH_ARGS)

# The whole suite with AddressSanitizer and UndefinedBehaviorSanitizer on
# remat's own code (LLVM/MLIR are Debian's, uninstrumented).
# -O1 -g1: line tables for the reports' stack traces at a fraction of -O2 -g's
# compile time (CI builds this tree from scratch).
SANITIZE_FLAGS := -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO='-O1 -g1 -DNDEBUG' \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO='-O1 -g1 -DNDEBUG'
check-sanitize: setup
	cmake -G Ninja -S . -B build-sanitize $(SANITIZE_FLAGS) \
	  -DMLIR_DIR=$(MLIR_DIR) -DREMAT_SANITIZE=address,undefined $(CMAKE_FLAGS)
	cmake --build build-sanitize --target check-remat

# libFuzzer over parse -> analyse -> remat pipeline, built with clang.
FUZZ_SECONDS ?= 60
fuzz: setup
	@scripts/setup-fuzz.sh
	cmake -G Ninja -S . -B build-fuzz $(SANITIZE_FLAGS) \
	  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
	  -DMLIR_DIR=$(MLIR_DIR) -DREMAT_SANITIZE=address,undefined \
	  -DREMAT_ENABLE_FUZZER=ON -DREMAT_ENABLE_TESTS=OFF $(CMAKE_FLAGS)
	cmake --build build-fuzz --target remat-fuzz
	mkdir -p build-fuzz/corpus
	cp test/Fuzz/corpus/* test/Fuzz/valid/* test/Transforms/Inputs/*.mlir build-fuzz/corpus/
	ASAN_OPTIONS=detect_leaks=0 build-fuzz/bin/remat-fuzz build-fuzz/corpus \
	  -max_total_time=$(FUZZ_SECONDS) -max_len=8192 -timeout=20 -print_final_stats=1

clean:
	rm -rf $(BUILD_DIR)
