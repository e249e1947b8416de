//===- PTXExtOps.h - Instructions only the PTX level has --------*- C++ -*-===//
//
// ExtOps for what PTX has and the IR level does not: generic addresses and
// their windows, kernel-parameter reads, tensormap parameters by address,
// prefetch address checks, the bit-manipulation and carry instructions,
// rounding modes other than .rn, .ftz/.sat/.relu, packed f16x2/bf16x2
// arithmetic and conversions, and register packing for the ops that take
// vectors. Everything with IR-level counterparts runs the IR level's ExtOps.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_LIB_SIM_PTXEXTOPS_H
#define TIRX_LIB_SIM_PTXEXTOPS_H

#include "Exec.h"

#include <string>
#include <vector>

namespace mlir::tirx::sim::ptxfe {

/// A generic address to the engine's address (generic shared addresses
/// lose their window base); an address in no window of the generic space
/// is an error at the access.
struct GenericAddr : ExtOp {
  uint32_t src = 0, dst = 0;
  int64_t offset = 0; // added before the translation
  const char *what = "accesses"; // for the message
  const char *name() const override { return "generic address"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override;
};

/// `ld.param` through a register: bytes of the kernel parameter buffer.
struct ParamRead : ExtOp {
  struct Param {
    uint64_t offset, bytes;
    uint32_t slot;
    bool opaque; // a tensormap: its bytes are the driver's
  };
  std::vector<Param> params;
  uint32_t addr = 0, dst = 0;
  int64_t offsetImm = 0;
  unsigned bytes = 4;
  bool generic = false; // the address is a generic one
  bool signExtend = false;
  unsigned regBits = 32;
  const char *name() const override { return "ld.param"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override;
};

/// The tensormap a TMA instruction names by address: the generic (or
/// .param) address of a by-value tensormap parameter, to the engine's
/// handle of that parameter's descriptor.
struct TensorMapRef : ExtOp {
  struct Param {
    uint64_t offset;
    uint32_t slot;
  };
  std::vector<Param> params;
  uint32_t src = 0, dst = 0;
  bool paramSpace = false; // a .param address, not a generic one
  std::string instr;       // for messages
  const char *name() const override { return "tensormap operand"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override;
};

/// prefetch / prefetchu / prefetch.tensormap: no effect, but the address
/// must be one of its state space.
struct PrefetchCheck : ExtOp {
  uint32_t addr = 0;
  std::string space; // "global", "local", "" (generic), "tensormap", "param"
  std::string instr;
  std::vector<uint64_t> tensorMapOffsets; // kernel tensormap parameters
  const char *name() const override { return "prefetch"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override;
};

/// fence.proxy.tensormap::generic.acquire [addr], 128: the address must be
/// a generic address of global memory, 128-byte aligned.
struct TensormapFenceCheck : ExtOp {
  uint32_t addr = 0;
  std::string instr;
  const char *name() const override { return "fence.proxy.tensormap"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override;
};

/// Integer instructions the hot loop lacks.
enum class IntOp : uint8_t {
  Bfe,     // d = bfe(a, pos b, len c) (signed: sign-extend)
  Bfi,     // d = bfi(a into b, pos c, len e)
  Brev,
  Bfind,   // index of the most significant non-sign bit (shiftamt: f)
  Prmt,    // byte permute (mode in imm)
  Lop3,    // imm: the lookup table
  ShfL,    // funnel shift left (f: clamp)
  ShfR,
  AddCC,   // d = a + b, carry out
  AddC,    // d = a + b + carry (imm & 1: sets the carry too)
  SubCC,
  SubC,
  MadCarry, // d = lo/hi(a * b) + c (f bit 0: hi; bit 1: + carry; imm:
            // carry out)
  SatAdd,  // add.sat.s32
  SatSub,
  Mul24Lo, // mul24 / mad24 (f bit 0: + c; bit 1: .sat, clamped to s32)
  Mul24Hi,
  Sad,     // |a - b| + c
  Cnot,
  Shift16, // 16-bit shl/shr with an amount of any size (f: 0 shl, 1 shr.u,
           // 2 shr.s)
  Dp4a,
  Dp2a,
};

struct IntExt : ExtOp {
  IntOp op;
  bool isSigned = false;
  unsigned bits = 32;
  uint32_t d = 0, a = 0, b = 0, c = 0, e = 0, carry = 0;
  uint8_t f = 0;
  int64_t imm = 0;
  const char *name() const override { return "integer instruction"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override;
};

/// Float instructions with modifiers the hot loop lacks: rounding modes,
/// .ftz, .sat, .relu, .NaN, testp, packed x2 arithmetic and conversions.
enum class FltOp : uint8_t {
  Add, Sub, Mul, Fma, Div, Rcp, Sqrt, Rsqrt, Min, Max, Abs, Neg, Ex2, Lg2,
  Sin, Cos, Tanh, Cvt, CvtPack, Testp, Copysign
};
enum class Round : uint8_t { Nearest, Zero, Down, Up };
/// The narrow formats of sm_100's packed conversions, beside the SK kinds:
/// fp4 e2m1 (a nibble) and fp6 e2m3/e3m2 (the low 6 bits of a byte) have
/// no inf or NaN; ue8m0 (a byte) is the power of two 2^(e-127), 0xFF NaN.
enum class NarrowFmt : uint8_t { None, E2M1, E2M3, E3M2, UE8M0 };
struct FltExt : ExtOp {
  FltOp op;
  SK k = SK::F32;      // element kind (destination for cvt)
  SK src = SK::F32;    // source kind (cvt)
  unsigned lanes = 1;  // 2 for f16x2 / bf16x2
  Round round = Round::Nearest;
  bool ftz = false, sat = false, relu = false, nan = false, satfinite = false;
  bool toInt = false, fromInt = false, isSigned = false, roundInt = false;
  unsigned intBits = 32;
  unsigned regBits = 32; // destination register width (sign extension)
  uint8_t testKind = 0;  // testp: 0 finite, 1 infinite, 2 number, 3 nan,
                         // 4 normal, 5 subnormal
  /// cvt: a narrow destination (then `k` is unused) or source format.
  NarrowFmt dfmt = NarrowFmt::None, sfmt = NarrowFmt::None;
  uint32_t d = 0, a = 0, b = 0, c = 0;
  const char *name() const override { return "float instruction"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override;
};

/// Registers packed into (or out of) the consecutive slots of a vector
/// value, `bytes` per element.
struct PackRegs : ExtOp {
  bool unpack = false;
  unsigned bytes = 4;
  uint32_t vec = 0;
  std::vector<uint32_t> regs;
  const char *name() const override { return unpack ? "unpack" : "pack"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override;
};

/// mapa / getctarank. LLVM treats them as speculatable (no side effects,
/// no faults) and hoists them out of the code that uses their results, so
/// an address or rank out of range gives a poisoned result for the access
/// that uses it to report, never an error at the instruction itself.
struct MapaExt : ExtOp {
  uint32_t addr = 0, rank = 0, dst = 0;
  bool generic = false; // mapa.u64: generic in, generic out
  bool getRank = false; // getctarank: the rank of the address
  const char *name() const override {
    return getRank ? "getctarank" : "mapa";
  }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override;
};

/// Addresses a speculated instruction computed from bad inputs: in no
/// window, so the access that uses one fails.
inline constexpr uint64_t kPoison = uint64_t(0x7D00) << 32;

/// trap / brkpt: the kernel aborts.
struct Trap : ExtOp {
  std::string instr;
  /// What went wrong, if not a trap instruction (e.g. brx.idx out of
  /// range): reported as "<thread> <message>".
  std::string message;
  const char *name() const override { return "trap"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override;
};

/// isspacep.space d, a.
struct IsSpace : ExtOp {
  std::string space;
  uint32_t d = 0, a = 0;
  const char *name() const override { return "isspacep"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override;
};

} // namespace mlir::tirx::sim::ptxfe

#endif // TIRX_LIB_SIM_PTXEXTOPS_H
