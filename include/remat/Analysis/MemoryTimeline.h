//===- MemoryTimeline.h - program-order liveness and peak memory -*- C++ -*-===//
//
// Predicts the live tensor bytes at every top-level op of a block, as a
// bufferized execution in program order would have them:
//
// - Every tensor result gets its own buffer, except a view (the cost model's
//   aliased operand: reshapes, slices, casts), which shares its source's
//   buffer and keeps it alive, and a destination-style result written in
//   place into its init operand when that init's buffer has no later use
//   (what one-shot bufferization does; an argument or a constant is never
//   written in place). Elementwise arith/math ops on tensors count as
//   destination-style, with the first operand of the result's type as the
//   init, as convert-elementwise-to-linalg makes them. Not in place when the
//   op also reads that buffer through another value (a view of it, say), or
//   reads the same value other than elementwise: one-shot bufferization
//   copies then (getInPlaceConflicts).
// - A buffer is live from the op that defines it to the last top-level op
//   that uses any value stored in it, both included: an op's inputs and its
//   outputs are live together. A view nobody uses does not count as a use
//   (bufferization erases it).
// - A `tensor.empty` allocates nothing until the first op writes into it.
// - Buffers of block arguments and constants are not counted: the caller
//   owns the former, the latter are static data.
// - A `remat.recompute` op also holds, while it runs, the transient peak of
//   its body.
// - A call holds, while it runs, its callee's peak beyond the call's results
//   (the lowering inlines callees, whose ops may then share buffers with
//   the caller's: never more than this).
// - An `scf.for` (the tiled attention's loops) writes its results into its
//   inits' buffers and holds, while it runs, the peak of its body, in which
//   loop-carried tensors are updated in place and values from above are
//   owned outside, like arguments.
// - A function returning an argument or a constant (or a view of one)
//   returns a copy: its bytes count at the return.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_ANALYSIS_MEMORYTIMELINE_H
#define REMAT_ANALYSIS_MEMORYTIMELINE_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <optional>

namespace mlir::scf {
class IfOp;
} // namespace mlir::scf

namespace mlir::remat {

/// The operand a result of `op` may be written into in place: the tied init
/// of a destination-style op on tensors, or, for an elementwise arith/math
/// op on tensors, the first operand of the result's type (the init
/// convert-elementwise-to-linalg gives it). None for other ops.
std::optional<unsigned> getInPlaceOperand(Operation *op, unsigned resultIndex);

/// The operands of `op` that forbid writing a result into operand `tied`'s
/// buffer when they are stored in that buffer too. One-shot bufferization
/// writes over a buffer that the same op also reads only when the read is of
/// the very same value and both accesses are elementwise (all loops
/// parallel, identity indexing maps); any other read of the buffer (through
/// a view, a transposed map, a reduction) makes it allocate a new one.
SmallVector<unsigned, 2> getInPlaceConflicts(Operation *op, unsigned tied);

/// Whether operand `operandNumber` of `op` is the source of a view that
/// bufferization turns into a pure memref view (reshapes, slices, casts)
/// and erases when nobody uses it: such a use keeps the source's buffer
/// alive only through the view's own uses.
bool isErasableViewSource(Operation *op, unsigned operandNumber);

/// Whether `value`, yielded by a `remat.recompute`, is a view that would
/// keep a larger buffer alive: part of a value the region computes, or
/// any view of the region's inputs. The lowering copies it out when it
/// inlines the region (-remat-prepare-lowering), so that the buffer dies
/// with the region, and a timeline counts the copy at the region's yield.
/// (Inlined as it was, a 4 KiB slice kept its 64 KiB buffer alive, 8 KiB
/// over the prediction.) A view of the whole of a computed value is not.
bool isYieldedAlias(Value value);

/// The bytes a call op holds while it runs beyond its results: the peak of
/// its callee's body (0 for other ops, external or unresolved callees).
int64_t getCallTransientBytes(Operation *op);

/// The bytes an `scf.for`, `scf.while` or `scf.if` holds while it runs
/// beyond its results: the peak of its body (of its larger region), or of
/// its larger branch beyond what the branch yields (0 for other ops).
int64_t getRegionTransientBytes(Operation *op);

/// The bytes an aggregate op holds while it runs beyond its results, as
/// -remat-prepare-lowering decomposes it: `linalg.softmax` keeps its
/// exponentials (the input's shape) and a row maximum, then a row sum (the
/// input's shape without the softmax dimension); 0 for other ops.
int64_t getDecompositionTransientBytes(Operation *op);

/// Everything an op holds while it runs beyond its results: the sum of the
/// three above.
int64_t getHeldTransientBytes(Operation *op);

/// The operand of an aggregate op whose buffer, when it dies at the op and
/// lives on the heap, gives back that many of getDecompositionTransientBytes
/// (a softmax's exponentials take its input's place); nullopt for other
/// ops. MemoryTimeline::build and the budget model both apply it.
std::optional<std::pair<Value, int64_t>> getDecompositionCredit(Operation *op);

/// The value from above that both branches of `op` write result `index`
/// into (through the tied inits of destination-style ops), or null: the
/// result is then that value's buffer.
Value getIfResultDestination(scf::IfOp op, unsigned index);

enum class StorageKind { Argument, Constant, Heap };

struct Buffer {
  /// The value whose definition allocates the buffer.
  Value root;
  int64_t bytes = 0;
  StorageKind kind = StorageKind::Heap;
  /// Indices of the defining op and of the last top-level op using it.
  unsigned defIndex = 0;
  unsigned lastUseIndex = 0;
};

/// What a timeline asks of each op that does not depend on where the op
/// is: destination-style inits, in-place conflicts, the bytes a
/// recomputation, call or loop holds while it runs. Timelines of one block
/// whose ops are only reordered between the builds (the scheduler's
/// trials) may share one, so each op is asked once. Ops must not be
/// created, erased or changed while it is in use: it is keyed by the op.
class MemoryTimelineFacts {
public:
  MemoryTimelineFacts();
  ~MemoryTimelineFacts();
  MemoryTimelineFacts(const MemoryTimelineFacts &) = delete;
  MemoryTimelineFacts &operator=(const MemoryTimelineFacts &) = delete;

  struct Impl;
  Impl &get() { return *impl; }

private:
  std::unique_ptr<Impl> impl;
};

class MemoryTimeline {
public:
  /// Builds the timeline of `block`, whose tensor types must be static.
  /// `facts`, if given, is shared with other builds of the same ops.
  static MemoryTimeline build(Block &block,
                              MemoryTimelineFacts *facts = nullptr);

  ArrayRef<Operation *> getOps() const { return ops; }
  ArrayRef<Buffer> getBuffers() const { return buffers; }
  /// The buffer holding tensor `value`, if it is a tensor of this block.
  std::optional<unsigned> getBufferId(Value value) const;

  /// Live heap bytes at each op, in program order.
  ArrayRef<int64_t> getLiveBytes() const { return liveBytes; }
  int64_t getPeakBytes() const { return peakBytes; }
  /// The first op where the peak is reached (nullptr for an empty block).
  Operation *getPeakOp() const {
    return ops.empty() ? nullptr : ops[peakIndex];
  }
  unsigned getPeakIndex() const { return peakIndex; }

  /// Bytes of the distinct heap buffers holding `values`: a view and its
  /// source count once.
  int64_t getDistinctHeapBytes(ArrayRef<Value> values) const;

  /// The heap buffers the block's terminator returns (the step's results:
  /// outputs, weight gradients).
  SmallVector<unsigned> getResultBuffers() const;
  /// The peak of live bytes less the result buffers while they are live,
  /// and the first op index where it is reached: what the step holds beyond
  /// what it hands back, the whole of its memory when an optimizer or a
  /// gradient all-reduce consumes each weight gradient as it is made.
  std::pair<int64_t, unsigned> getPeakBeyondResults() const;
  /// The peak of live bytes when the distinct heap buffers of `held` stay
  /// live from their definition to the block's end: what a framework's
  /// autograd holds when it keeps every saved activation until its backward
  /// returns (PyTorch's AOTAutograd: the saved tensors are the backward's
  /// inputs, released with its context), while the backward's own
  /// temporaries die at their last use.
  int64_t getPeakHolding(ArrayRef<Value> held) const;

private:
  SmallVector<Operation *> ops;
  SmallVector<Buffer> buffers;
  DenseMap<Value, unsigned> bufferOf;
  SmallVector<int64_t> liveBytes;
  int64_t peakBytes = 0;
  unsigned peakIndex = 0;
};

} // namespace mlir::remat

#endif // REMAT_ANALYSIS_MEMORYTIMELINE_H
