//===- Compiler.h - Decoding MLIR into the simulator's stream ---*- C++ -*-===//
//
// The decoder walks a kernel function once: every SSA value gets register
// slots, every op becomes instructions (control flow becomes jumps). Op
// families outside the hot loop (the tirx.ptx ops, vector shuffles) are
// decoded by `decode*Op` functions in their own files into ExtOps.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_LIB_SIM_COMPILER_H
#define TIRX_LIB_SIM_COMPILER_H

#include "Program.h"

#include "TIRx/Dialect/TIRxPTXOps.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::tirx::sim {

class Compiler {
public:
  explicit Compiler(Program &prog) : prog(prog) {}
  Program &prog;

  /// Scalar kind of `type` (None if it has none: buffers, vectors, ...).
  static SK kindOf(Type type);
  /// Register slots a value of `type` takes; 0 if the simulator cannot hold
  /// it (then `describeUnsupported` says why).
  static uint32_t widthOf(Type type);
  /// Element kind and count of a vector type (flattened), or of a scalar
  /// (count 1). False if unsupported.
  static bool vectorShape(Type type, SK &kind, uint32_t &count);

  /// Slot of an already-defined value.
  uint32_t slot(Value v) {
    auto it = slots.find(v);
    return it == slots.end() ? 0 : it->second;
  }
  bool hasSlot(Value v) const { return slots.count(v) != 0; }
  /// Allocates slots for `v` (its result or block argument); emits an
  /// error at `at` and returns false if its type is not modeled.
  bool define(Value v, Operation *at);
  /// Makes `result` share `source`'s slots (binds, no-op casts).
  void alias(Value result, Value source) { slots[result] = slot(source); }
  /// Gives `v` the slots starting at `s` (the PTX front end binds the
  /// operands and results of the ops it builds to its registers' slots).
  void bind(Value v, uint32_t s) { slots[v] = s; }
  /// The next free slot (the frame size so far).
  uint32_t slotsUsed() const { return nextSlot; }
  /// Fresh scratch slots.
  uint32_t temp(uint32_t n = 1) {
    uint32_t s = nextSlot;
    nextSlot += n;
    return s;
  }

  /// An instruction at the current op's location.
  Inst make(Opc op) const {
    Inst i;
    i.op = op;
    i.loc = curLoc;
    return i;
  }
  uint32_t emit(const Inst &inst) {
    prog.code.push_back(inst);
    return static_cast<uint32_t>(prog.code.size() - 1);
  }
  uint32_t pc() const { return static_cast<uint32_t>(prog.code.size()); }
  /// Emits an ExtOp instruction for `op`.
  void emitExt(std::unique_ptr<ExtOp> op);
  /// Copies `widths[i]` slots from srcs[i] to dsts[i], all at once (as
  /// block arguments are bound), through scratch slots when they overlap.
  void emitParallelCopy(llvm::ArrayRef<uint32_t> dsts,
                        llvm::ArrayRef<uint32_t> srcs,
                        llvm::ArrayRef<uint32_t> widths);
  void emitCopy(uint32_t dst, uint32_t src, uint32_t width);

  /// "'<op>' is not modeled by the simulator[: detail]" at `op`.
  InFlightDiagnostic notModeled(Operation *op, const llvm::Twine &detail = "");

  /// Decodes `func` as the kernel function (host part, then the kernel
  /// region) and every function it calls.
  LogicalResult compileKernelFunction(FunctionOpInterface func);

  /// Index of the current op in Program::ops.
  uint32_t curLoc = 0;
  /// True while decoding the kernel region (device code).
  bool inDevice = false;

private:
  struct LoopCtx {
    std::vector<uint32_t> breakFixups;
    std::vector<uint32_t> continueFixups;
    uint32_t continueTarget = ~0u; // known target (while loops)
  };

  LogicalResult compileFunctionBody(FunctionOpInterface func, bool kernel);
  LogicalResult compileRegionBlocks(Region &region);
  LogicalResult compileBlockOps(Block &block);
  LogicalResult compileOp(Operation *op);
  LogicalResult compileArith(Operation *op, bool &handled);
  LogicalResult compileMath(Operation *op, bool &handled);
  LogicalResult compileControl(Operation *op, bool &handled);
  LogicalResult compileTIRxCore(Operation *op, bool &handled);
  LogicalResult compileBinary(Operation *op, Opc opc, uint8_t f);
  LogicalResult compileUnaryFloat(Operation *op, uint8_t f);
  LogicalResult compileCast(Operation *op, CV cv);
  LogicalResult compileConstant(Operation *op, Attribute value);
  LogicalResult compileBufferAccess(Operation *op);
  LogicalResult compileAllocBuffer(Operation *op);
  LogicalResult analyzePromotion(Operation *alloc, bool &promote);
  uint32_t addAddrMode(AddrMode mode);
  /// Fills the base, index strides and bounds of `mode` for an access to
  /// `buffer` at `indices`.
  LogicalResult buildBufferMode(Operation *op, Value buffer,
                                ValueRange indices, AddrMode &mode);

  llvm::DenseMap<Value, uint32_t> slots;
  uint32_t nextSlot = 0;
  std::vector<LoopCtx> loops;
  /// Block -> pc, and pending branches to patch.
  llvm::DenseMap<Block *, uint32_t> blockPcs;
  std::vector<std::pair<uint32_t, Block *>> blockFixups;
  /// Promoted local buffers: alloc value -> first slot.
  llvm::DenseMap<Value, uint32_t> promoted;
  /// Callees by symbol, pending compilation.
  llvm::DenseMap<Operation *, uint32_t> functionIndex;
  std::vector<Operation *> pendingFunctions;
  uint64_t staticShared = 0;
  uint64_t dynShared = 0;
  uint64_t localBytes = 0;
  llvm::DenseMap<Operation *, uint64_t> dynOffsets;
  uint32_t functionOf(Operation *callee);
};

/// One element of atom, red and the bulk reductions (Mem.cpp): the new
/// value from `old` and `v` (and `cmp` for cas). `ftzF32`: an f32 `add`
/// flushes subnormal inputs and its result to sign-preserving zero, as
/// atom/red and cp.reduce.async.bulk `.add.f32` do on global memory.
uint64_t combineElement(ptx::AtomKind op, SK k, bool isSigned, uint64_t old,
                        uint64_t v, uint64_t cmp, bool ftzF32 = false);

// Op-family decoders. Each handles its family's ops (setting `handled`):
// it defines the results, emits the instructions (usually one ExtOp) and
// reports unsupported forms at the op.
LogicalResult decodeSyncOp(Operation *op, Compiler &c, bool &handled);
LogicalResult decodeCopyOp(Operation *op, Compiler &c, bool &handled);
LogicalResult decodeWarpOp(Operation *op, Compiler &c, bool &handled);
LogicalResult decodeMMAOp(Operation *op, Compiler &c, bool &handled);
LogicalResult decodeTcgen05Op(Operation *op, Compiler &c, bool &handled);
LogicalResult decodeVectorOp(Operation *op, Compiler &c, bool &handled);
/// tirx.tensormap_encode_tiled in the host part.
LogicalResult decodeTensorMapEncode(Operation *op, Compiler &c);
LogicalResult decodeMemOp(Operation *op, Compiler &c, bool &handled);
/// Integer bit manipulation (Int.cpp).
LogicalResult decodeIntOp(Operation *op, Compiler &c, bool &handled);
/// A table-generated op on registers only (the scalar arithmetic family):
/// its row's PTX instruction run with the PTX level's semantics
/// (PTXTableDecode.cpp).
LogicalResult decodeTableScalarOp(Operation *op, Compiler &c, bool &handled);
/// A `tirx.ptx` op through the families' decoders above, in order (the
/// IR level and the ops the PTX level builds both run it); `handled` is
/// false when none models the op.
LogicalResult decodePTXOp(Operation *op, Compiler &c, bool &handled);
/// MemScopeLevel (Exec.h) of a PTX memory-consistency scope.
uint8_t scopeLevel(ptx::MemScope scope);
/// tirx.profile.* (Profile.cpp).
LogicalResult decodeProfileOp(Operation *op, Compiler &c, bool &handled);

} // namespace mlir::tirx::sim

#endif // TIRX_LIB_SIM_COMPILER_H
