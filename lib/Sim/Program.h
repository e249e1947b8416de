//===- Program.h - The simulator's decoded instruction stream ---*- C++ -*-===//
//
// A kernel function is decoded once into a flat array of `Inst`s over
// numbered 64-bit register slots (one per scalar SSA value; vectors take
// consecutive slots, packed like memory). Structured control flow becomes
// jumps. The interpreter's hot loop switches on `Inst::op` and never looks
// at MLIR; everything that is not simple arithmetic, control flow or a plain
// memory access is an `ExtOp` (an object decoded from its MLIR op, run
// through a virtual call).
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_LIB_SIM_PROGRAM_H
#define TIRX_LIB_SIM_PROGRAM_H

#include "Numeric.h"

#include "TIRx/Dialect/TIRxDialect.h"
#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/Dialect/TIRxTypes.h"
#include "TIRx/Sim/Simulator.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <vector>

namespace mlir::tirx::sim {

// Opcodes of the hot loop. `k` is the scalar kind, `f` a sub-operation
// (comparison predicate, math function, ...).
#define TIRX_SIM_OPCODES(X)                                                    \
  X(Const)      /* R[d] = imm */                                               \
  X(Mov)        /* R[d] = R[a] */                                              \
  X(MovMask)    /* R[d] = R[a] & imm */                                        \
  X(MovN)       /* R[d..d+imm) = R[a..a+imm) */                                \
  X(IntBin)     /* R[d] = R[a] <f> R[b] (width k) */                           \
  X(Cmp)        /* R[d] = R[a] <f> R[b] (kind k) */                            \
  X(Select)     /* R[d] = R[a] ? R[b] : R[c] */                                \
  X(SelectN)    /* vector/multi-slot select of imm slots */                    \
  X(Ext)        /* R[d] = sext/zext R[a] from width k (f: signed) */           \
  X(FltBin)     /* R[d] = R[a] <f> R[b] (float kind k) */                      \
  X(FltUn)      /* R[d] = <f>(R[a]) (float kind k) */                          \
  X(Fma)        /* R[d] = R[a] * R[b] + R[c] */                                \
  X(Cvt)        /* R[d] = convert R[a]; f: conversion, k: dst, imm: src kind */\
  X(VecOp)      /* element-wise vector op, described by ext table entry x */   \
  X(Jmp)        /* pc = x */                                                   \
  X(BrFalse)    /* if !R[a] pc = x */                                          \
  X(BrTrue)     /* if R[a] pc = x */                                           \
  X(ForTest)    /* if !(R[a] < R[b]) pc = x  (k width, f: 1 unsigned) */       \
  X(ForStep)    /* R[a] += R[b]; pc = x */                                     \
  X(Load)       /* R[d] = mem[addr(x)] */                                      \
  X(Store)      /* mem[addr(x)] = R[a] */                                      \
  X(Addr)       /* R[d] = addr(x) */                                           \
  X(Call)       /* call function x */                                          \
  X(Ret)        /* return from a call */                                       \
  X(Exit)       /* the thread leaves the kernel */                             \
  X(Launch)     /* host: run the kernel */                                     \
  X(HostEnd)    /* host: the function returned */                              \
  X(Special)    /* R[d] = special register f */                                \
  X(ExtOp)      /* ext[x]->exec(...) */

enum class Opc : uint16_t {
#define X(name) name,
  TIRX_SIM_OPCODES(X)
#undef X
};

/// Integer binary sub-ops (Inst::f of IntBin).
enum class IB : uint8_t {
  Add, Sub, Mul, DivS, DivU, RemS, RemU, CeilDivS, CeilDivU, FloorDivS,
  And, Or, Xor, Shl, ShrS, ShrU, MinS, MaxS, MinU, MaxU, MulHiS, MulHiU
};
/// Float binary sub-ops.
enum class FB : uint8_t {
  Add, Sub, Mul, Div, Rem, Minimum, Maximum, MinNum, MaxNum, Pow, Atan2,
  CopySign
};
/// Float unary sub-ops.
enum class FU : uint8_t {
  Neg, Abs, Sqrt, Rsqrt, Exp, Exp2, Expm1, Log, Log2, Log10, Log1p, Sin, Cos,
  Tan, Tanh, Atan, Asin, Acos, Sinh, Cosh, Asinh, Acosh, Atanh, Erf, Erfc,
  Floor, Ceil, Trunc, Round, RoundEven, Cbrt, IsNaN, IsInf, IsFinite
};
/// Comparison predicates (integer ones follow arith::CmpIPredicate, float
/// ones come after).
enum class CP : uint8_t {
  Eq, Ne, Slt, Sle, Sgt, Sge, Ult, Ule, Ugt, Uge,
  FFalse, FOeq, FOgt, FOge, FOlt, FOle, FOne, FOrd, FUeq, FUgt, FUge, FUlt,
  FUle, FUne, FUno, FTrue
};
/// Conversions (Inst::f of Cvt).
enum class CV : uint8_t { SIToFP, UIToFP, FPToSI, FPToUI, FToF, IntToInt };
/// Special registers.
enum class SR : uint8_t {
  TidX, TidY, TidZ, TidLinear, CtaIdX, CtaIdY, CtaIdZ, ClusterIdX,
  ClusterIdY, ClusterIdZ, ClusterCtaIdX, ClusterCtaIdY, ClusterCtaIdZ,
  ClusterRank, ClusterSize, LaneId, WarpId, WarpgroupId, WarpIdInWg,
  TidInWg, NWarpId, SmId, NSmId, Clock, Clock64, GlobalTimer,
  GlobalTimerLo, GlobalTimerHi, GridId, LaneMaskEq, LaneMaskLe, LaneMaskLt,
  LaneMaskGe, LaneMaskGt, DynSmemSize, TotalSmemSize, IsExplicitCluster,
  /// imm + this CTA's shared memory base / this thread's local base.
  SharedAddr, LocalAddr,
  /// The global address of static block imm >> kStaticShift, plus the
  /// offset in its low bits (Program::staticBlocks).
  StaticAddr
};
inline constexpr unsigned kStaticShift = 36;

struct Inst {
  Opc op;
  SK k = SK::None;
  uint8_t f = 0;
  uint32_t d = 0, a = 0, b = 0, c = 0;
  /// Jump target, ext-table index or address-mode index.
  uint32_t x = 0;
  /// Index of the MLIR op in Program::ops (diagnostics).
  uint32_t loc = 0;
  int64_t imm = 0;
};

/// Declared storage scope of a pointer or buffer (the TIRx type's scope).
using Scope = MemorySpace;

/// How a Load/Store/Addr computes its address: base slot, index slots with
/// static strides (in elements), element size, bounds for index checks.
struct AddrMode {
  uint32_t base = 0;
  llvm::SmallVector<uint32_t, 4> indices;
  llvm::SmallVector<int64_t, 4> strides;
  /// Static extents (kDynamic: read from dynSizeSlots in order).
  llvm::SmallVector<int64_t, 4> dims;
  /// Slot of each dynamic extent (buffer values carry them after the base).
  llvm::SmallVector<uint32_t, 4> dynDims;
  /// Bytes of one element of the buffer.
  uint32_t elemBytes = 0;
  /// Bytes accessed (a vector access: several elements).
  uint32_t accessBytes = 0;
  /// Elements accessed along the last dimension.
  uint32_t accessElems = 1;
  /// Alignment the lowering assumes for the access (0: none).
  uint32_t align = 0;
  Scope scope = Scope::Global;
  /// A byte offset instead of indices (ptr_byte_offset / access_ptr):
  /// index slot `indices[0]` times `strides[0]` bytes, no bound.
  bool rawOffset = false;
  /// Kind of a scalar access (None: a vector; then accessBytes).
  SK kind = SK::None;
  /// Register-promoted local: the value lives in slot `base` + element.
  bool promoted = false;
};

class ThreadCtx;
class ClusterExec;
struct Thread;

/// What an ext op's execution asks of the scheduler.
enum class Step : uint8_t {
  Next,    ///< continue with the next instruction
  Jumped,  ///< the op set the thread's pc
  Block,   ///< the thread blocks on this instruction (re-run when woken)
  Parked,  ///< the thread waits at a collective; the last arriver resumes it
  Exit,    ///< the thread exited
  Fail,    ///< an error was reported; stop the run
  Launch,  ///< the host part reached the tirx.kernel
};

/// An op decoded from MLIR that the hot loop does not handle itself.
class ExtOp {
public:
  virtual ~ExtOp();
  /// Runs the op for one thread.
  virtual Step exec(ClusterExec &ex, Thread &t, const Inst &inst) = 0;
  /// Warp or warpgroup collectives: the participants' group. 0: not
  /// collective; 32: the warp; 128: the warpgroup.
  virtual unsigned collectiveWidth() const { return 0; }
  /// The lanes that must join (a mask operand), given the arriving thread;
  /// default: every thread of the group. Return false (after reporting) on
  /// an error.
  virtual bool participants(ClusterExec &ex, Thread &t, const Inst &inst,
                            uint64_t mask[2]);
  /// Runs a collective once every participant arrived; `threads` are
  /// indexed by position in the group (nullptr for non-participants).
  virtual Step execCollective(ClusterExec &ex, const Inst &inst,
                              llvm::ArrayRef<Thread *> threads);
  /// A short name for wait descriptions ("shfl.sync").
  virtual const char *name() const = 0;
  /// Whether the op takes part in synchronization (barriers, mbarriers,
  /// strong memory accesses, async issues and waits): under a
  /// ScheduleObserver a thread's step ends before each such op, so the
  /// order of these ops is what a schedule chooses.
  virtual bool visible() const { return false; }
};

/// An element-wise vector op: n elements of kind k (input kind `srcKind`
/// for conversions), applying the scalar sub-op of `op`.
struct VecDesc {
  Opc op;          // IntBin, FltBin, FltUn, Cmp, Cvt, Select, Fma, Ext, Mov
  uint8_t f = 0;
  SK k = SK::None;
  SK srcKind = SK::None;
  uint32_t n = 0;
};

/// One decoded function (the kernel function, or a callee).
struct FunctionCode {
  Operation *op = nullptr;
  uint32_t entry = 0;      // pc of the first instruction
  uint32_t numSlots = 0;   // register slots its frame needs
  /// Slots of the parameters (first slot of each), and how many slots.
  std::vector<uint32_t> paramSlots;
  std::vector<uint32_t> paramWidths;
};

struct CallInfo {
  uint32_t callee = 0; // index into Program::functions
  std::vector<uint32_t> args, argWidths;
  std::vector<uint32_t> results, resultWidths;
};

struct RetInfo {
  std::vector<uint32_t> values, widths;
};

/// The shared memory layout of a CTA and the local memory of a thread.
struct MemoryLayout {
  uint64_t staticShared = 0;   // bytes of static shared allocations
  uint64_t dynSharedBase = 0;  // offset of the dynamic arena
  uint64_t dynShared = 0;      // bytes of the dynamic arena
  uint64_t totalShared = 0;
  uint64_t local = 0;          // bytes of local memory per thread
};

class Program {
public:
  std::vector<Inst> code;
  std::vector<Operation *> ops;
  std::vector<AddrMode> addrModes;
  std::vector<std::unique_ptr<ExtOp>> ext;
  std::vector<VecDesc> vecs;
  std::vector<CallInfo> calls;
  std::vector<RetInfo> rets;
  std::vector<FunctionCode> functions; // [0] is the kernel function
  /// pc of the kernel region's first instruction.
  uint32_t kernelEntry = 0;
  MemoryLayout layout;
  LaunchShape launch;
  std::vector<ParamInfo> params;
  /// The `tirx.kernel` op, and its index in `ops` (diagnostics about the
  /// launch as a whole).
  Operation *kernelOp = nullptr;
  uint32_t kernelLoc = 0;
  /// Host slots of a grid computed on the host (the kernel's grid operands,
  /// x first); empty for a static grid.
  std::vector<uint32_t> gridSlots;
  /// IR the program refers to and owns (the PTX front end's built ops).
  std::shared_ptr<void> owned;
  /// Global memory the program itself defines (the PTX's module-level
  /// .global/.const variables): each run appends them, initialized, after
  /// the caller's memory blocks; SR::StaticAddr gives their addresses.
  struct StaticBlock {
    std::string name;
    std::vector<uint8_t> data;
  };
  std::vector<StaticBlock> staticBlocks;

  uint32_t addOp(Operation *op) {
    ops.push_back(op);
    return static_cast<uint32_t>(ops.size() - 1);
  }
};

} // namespace mlir::tirx::sim

#endif // TIRX_LIB_SIM_PROGRAM_H
