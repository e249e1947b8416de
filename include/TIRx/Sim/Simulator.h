//===- Simulator.h - Run TIRx kernels on the CPU ----------------*- C++ -*-===//
//
// The TIRx simulator: an interpreter over the IR a kernel is compiled from
// (tirx core and tirx.ptx ops, arith, math, vector, scf, cf, func calls),
// after tile-primitive dispatch and before GPU/NVVM conversion. It runs the
// launch shape (clusters x CTAs x threads) over host memory, with per-CTA
// shared memory, distributed shared memory, tensor memory, mbarriers, TMA,
// warp collectives and the MMA families, and checks the run: data races
// (vector clocks, including missing proxy fences), deadlocks, mbarrier
// misuse, out-of-bounds and misaligned accesses, reads of uninitialized
// shared memory, tensor memory leaks and CTAs exiting under their peers.
//
// Every problem is an MLIR error at the location of the op involved (the
// user's Python line for script kernels), with notes at the other accesses.
// An op the simulator does not model is a compile error, never a no-op.
//
//   FailureOr<std::shared_ptr<Program>> p = sim::compile(func);
//   sim::run(**p, memory, args, options, &stats);
//
// docs/Simulator.md lists what each op's simulation covers.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_SIM_SIMULATOR_H
#define TIRX_SIM_SIMULATOR_H

#include "TIRx/Sim/TensorMap.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Types.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir::tirx::sim {

/// A kernel function decoded into the simulator's instruction stream. It
/// refers to the IR for diagnostics: the IR must outlive it.
class Program;

/// What a parameter of the kernel function expects.
struct ParamInfo {
  enum class Kind {
    /// A `!tirx.buffer<..., global>`: memory of `bytes` bytes (0 when the
    /// shape has dynamic extents).
    Buffer,
    /// A `!tirx.ptr<T, global|generic>`: memory.
    Pointer,
    /// An integer or index scalar.
    Int,
    /// A float scalar.
    Float,
    /// A `!tirx.tensormap` (or a pointer to one): a TensorMapSpec.
    TensorMap,
  };
  Kind kind;
  Type type;
  /// Element type name as NumPy spells it ("float32", "int8", "bool", ...)
  /// for Buffer and Pointer; the scalar's for Int and Float.
  std::string dtype;
  /// Buffer shape (ShapedType::kDynamic for `?`), outermost first.
  std::vector<int64_t> shape;
  /// Bytes of a static Buffer, else 0.
  uint64_t bytes = 0;
};

/// A block of host memory the kernel reads and writes (a NumPy array, a
/// file's contents). It is copied in before the launch and back after it.
struct MemoryBlock {
  void *data = nullptr;
  uint64_t bytes = 0;
  /// For messages ("argument #2", "%A").
  std::string name;
};

/// One kernel argument.
struct Argument {
  enum class Kind { Memory, Int, Float, TensorMap };
  Kind kind = Kind::Int;
  /// Memory and TensorMap: the block (index into the run's MemoryBlocks)
  /// holding the buffer or tensor, and the byte offset of its start. A
  /// TensorMap's globalAddress is replaced by that address.
  size_t block = 0;
  uint64_t byteOffset = 0;
  int64_t intValue = 0;
  double floatValue = 0.0;
  TensorMapSpec tensorMap;
  /// Memory: the array's shape (outermost first), which gives the `?`
  /// extents of a buffer parameter. Empty: inferred from the block size
  /// when the buffer has one dynamic extent.
  std::vector<int64_t> shape;

  static Argument memory(size_t block, uint64_t byteOffset = 0) {
    Argument a;
    a.kind = Kind::Memory;
    a.block = block;
    a.byteOffset = byteOffset;
    return a;
  }
  static Argument integer(int64_t v) {
    Argument a;
    a.kind = Kind::Int;
    a.intValue = v;
    return a;
  }
  static Argument floating(double v) {
    Argument a;
    a.kind = Kind::Float;
    a.floatValue = v;
    return a;
  }
  static Argument tensorMapOf(const TensorMapSpec &spec, size_t block,
                              uint64_t byteOffset = 0) {
    Argument a;
    a.kind = Kind::TensorMap;
    a.tensorMap = spec;
    a.block = block;
    a.byteOffset = byteOffset;
    return a;
  }
};

/// One event of the simulator's trace (docs/Profiling.md).
struct TraceEvent {
  enum class Kind : uint8_t {
    /// A tirx.profile.range_begin / range_end / mark.
    RangeBegin,
    RangeEnd,
    Mark,
    /// A thread blocks at a barrier, mbarrier wait, cluster barrier or
    /// tensor-memory allocation, and is released.
    WaitBegin,
    WaitEnd,
  };
  Kind kind = Kind::Mark;
  /// Logical time: the operations the launch has executed so far.
  uint64_t time = 0;
  /// The CTA (its index in the grid, x fastest, and its ids).
  uint64_t cta = 0;
  uint32_t ctaId[3] = {0, 0, 0};
  /// The thread's linear index in its CTA.
  uint32_t thread = 0;
  /// Ranges and marks: the op's name ("" for an unnamed range_end).
  /// WaitBegin: what the thread waits at ("mbarrier", "barrier 0", ...).
  std::string name;
  /// WaitBegin: the object waited on (address, phase).
  std::string detail;
  /// The op, for its location.
  Operation *op = nullptr;
};

/// Receives the trace events of a run.
class TraceSink {
public:
  virtual ~TraceSink();
  virtual void event(const TraceEvent &e) = 0;
};

/// A TraceSink that builds a Chrome trace / Perfetto JSON timeline: one
/// process per CTA, two tracks per warp (its ranges and marks; its waits).
/// A warp's n-th range event is the first n-th event any of its threads
/// records; a warp waits while at least one of its threads is blocked.
class TraceRecorder : public TraceSink {
public:
  /// Events beyond `maxEvents` are counted as dropped.
  explicit TraceRecorder(uint64_t maxEvents = uint64_t(1) << 22);
  ~TraceRecorder() override;
  void event(const TraceEvent &e) override;
  /// Writes the JSON (`kernel`, `seed` go to its otherData).
  void writeJSON(llvm::raw_ostream &os, llvm::StringRef kernel,
                 uint64_t seed) const;
  /// Slices and instants recorded, and events dropped past the limit.
  uint64_t numEvents() const;
  uint64_t numDropped() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

struct Options {
  /// Seeds the scheduler: which ready thread runs next, when asynchronous
  /// copies and MMAs complete, the fill of uninitialized shared memory and
  /// the order clusters run in.
  uint64_t seed = 0;
  /// Data races by vector clocks (including missing fence.proxy.async).
  bool checkRaces = true;
  /// Reads of shared or tensor memory nothing wrote.
  bool checkUninitialized = true;
  /// Stop after this many errors (at least 1).
  unsigned maxErrors = 1;
  /// Give up after this many dynamic ops in the whole launch (0: no limit).
  uint64_t maxSteps = uint64_t(1) << 36;
  /// Ops a thread runs before the scheduler may switch to another one.
  unsigned quantum = 4096;
  /// Receives trace events (profile ops, waits). With a sink the scheduler
  /// switches threads after every op (quantum 1), so the events of threads
  /// interleave as the threads run together.
  TraceSink *trace = nullptr;
};

struct Stats {
  /// Dynamic ops executed (every instruction of the decoded stream).
  uint64_t dynamicOps = 0;
  uint64_t threads = 0;
  uint64_t ctas = 0;
  uint64_t clusters = 0;
  /// Asynchronous operations (copies, TMA, MMA) completed.
  uint64_t asyncOps = 0;
  /// Wall time of the launch (compilation excluded), seconds.
  double seconds = 0.0;
  /// Processor time of the launch, seconds (the run is single-threaded:
  /// what a loaded machine does not inflate).
  double cpuSeconds = 0.0;
  /// False when race checking was off or disabled for the launch size.
  bool racesChecked = false;
  /// Errors reported.
  unsigned errors = 0;
};

/// Decodes the kernel function `func` (it holds a `tirx.kernel`) and every
/// function it calls. Ops the simulator does not model, and kernels the
/// lowering would reject, are errors at their location.
FailureOr<std::shared_ptr<Program>> compile(FunctionOpInterface func);

/// The kernel function's parameters, in order.
const std::vector<ParamInfo> &getParams(const Program &program);
/// The function the program was compiled from.
Operation *getFunction(const Program &program);
/// The launch shape: grid, cluster and block extents (x, y, z).
void getLaunchShape(const Program &program, int64_t grid[3],
                    int64_t cluster[3], int64_t block[3]);

/// Runs the kernel once over `memory` with `args` (one per parameter).
/// Memory blocks are copied back after the run, also when it fails. Errors
/// are emitted as MLIR diagnostics at the ops involved; returns failure if
/// there was any.
LogicalResult run(const Program &program, ArrayRef<MemoryBlock> memory,
                  ArrayRef<Argument> args, const Options &options,
                  Stats *stats = nullptr);

/// The value of the bits of one element of a float dtype ("float16",
/// "bfloat16", "float32", "float64", "float8_e4m3fn", "float8_e5m2"), and the
/// bits of a value rounded to it (nearest even). NaN for unknown dtypes.
double decodeFloat(const std::string &dtype, uint64_t bits);
uint64_t encodeFloat(const std::string &dtype, double value);

} // namespace mlir::tirx::sim

#endif // TIRX_SIM_SIMULATOR_H
