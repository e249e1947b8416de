//===- PTXExtOps.cpp - Instructions only the PTX level has ------*- C++ -*-===//
//
// Semantics follow the PTX ISA. Floats: .rn arithmetic is IEEE round to
// nearest even; .rz/.rm/.rp are computed under the host's rounding mode in
// the operation's own type (f32, f64) or exactly in double and rounded
// once to f16/bf16 (double holds f16/bf16 sums and products exactly, and
// more than twice their precision for quotients and roots, so the result
// is the correctly rounded one). .ftz flushes f32 subnormal inputs and
// results to zero of the same sign. The .approx functions (ex2, lg2, sin,
// cos, tanh, rsqrt, rcp.approx, div.approx/full, sqrt.approx) return the
// correctly rounded value of the exact function, which is within every
// bound the ISA gives for them (docs/Simulator.md: the PTX level's
// tolerance).
//
//===----------------------------------------------------------------------===//

#include "PTXExtOps.h"
#include "Arith.h"
#include "PTXTranslate.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cfenv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;
using namespace mlir::tirx::sim::ptxfe;

static std::string hexOf(uint64_t v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::format_hex(v, 2);
  return s;
}

/// What a generic address that is in no window probably is.
static std::string genericHint(uint64_t a) {
  if (a == 0)
    return " (a null pointer)";
  if (a < kClusterEnd)
    return " (it is a .shared window address: a generic access needs "
           "cvta.shared first)";
  if (a >= kGenericParam && a < kGenericParam + kWindowSize)
    return " (the kernel parameter space: only the TMA instructions and "
           "prefetch.tensormap take its generic addresses in the simulator)";
  if (a >= kPoison && a < kPoison + kWindowSize)
    return " (mapa/getctarank computed it from an address or cluster rank "
           "that is not the cluster's)";
  return "";
}

//===----------------------------------------------------------------------===//
// Addresses and parameters
//===----------------------------------------------------------------------===//

Step GenericAddr::exec(ClusterExec &ex, Thread &t, const Inst &I) {
  uint64_t *R = t.R();
  uint64_t a = R[src] + static_cast<uint64_t>(offset);
  if (a >= kGenericShared && a < kGenericShared + kClusterEnd) {
    R[dst] = a - kGenericShared;
    return Step::Next;
  }
  if ((a >= kLocalBase && a < kLocalBase + kLocalSize) ||
      (a >= kGlobalBase && a < kGenericParam)) {
    R[dst] = a;
    return Step::Next;
  }
  ex.error(I.loc) << "invalid generic address: " << ex.describe(t) << " "
                  << what << " " << hexOf(a)
                  << ", which is in no window of the generic address space"
                  << genericHint(a);
  return Step::Fail;
}

Step ParamRead::exec(ClusterExec &ex, Thread &t, const Inst &I) {
  uint64_t *R = t.R();
  uint64_t a = R[addr] + static_cast<uint64_t>(offsetImm);
  if (generic)
    a -= kGenericParam;
  for (const Param &p : params) {
    if (a < p.offset || a + bytes > p.offset + p.bytes)
      continue;
    if (p.opaque) {
      ex.error(I.loc) << ex.describe(t)
                      << " reads the bytes of a by-value tensormap parameter; "
                         "a CUtensorMap is opaque";
      return Step::Fail;
    }
    uint64_t v = 0;
    std::memcpy(&v, reinterpret_cast<uint8_t *>(R + p.slot) + (a - p.offset),
                bytes);
    if (signExtend)
      v = static_cast<uint64_t>(sim::signExtend(v, bytes * 8)) &
          widthMask(regBits);
    R[dst] = v;
    return Step::Next;
  }
  ex.error(I.loc) << ex.describe(t) << " reads " << bytes
                  << " bytes of the kernel parameter space at offset " << a
                  << ", which no parameter holds";
  return Step::Fail;
}

Step TensorMapRef::exec(ClusterExec &ex, Thread &t, const Inst &I) {
  uint64_t *R = t.R();
  uint64_t a = R[src];
  uint64_t off = a;
  if (!paramSpace) {
    if (a < kGenericParam || a >= kGenericParam + kWindowSize) {
      auto d = ex.error(I.loc);
      d << ex.describe(t) << " names the tensormap at " << hexOf(a);
      if (a >= kGlobalBase && a < kGenericParam)
        d << ", in global memory; tensormaps in global memory are not "
             "modeled (the runtime passes them by value, as "
             "__grid_constant__ kernel parameters)";
      else
        d << ", which is not the generic address of a tensormap parameter"
          << genericHint(a);
      return Step::Fail;
    }
    off = a - kGenericParam;
  }
  for (const Param &p : params)
    if (p.offset == off) {
      R[dst] = R[p.slot];
      return Step::Next;
    }
  ex.error(I.loc) << ex.describe(t) << " names the tensormap at offset " << off
                  << " of the kernel parameter space, where no by-value "
                     "tensormap parameter starts";
  return Step::Fail;
}

Step PrefetchCheck::exec(ClusterExec &ex, Thread &t, const Inst &I) {
  uint64_t a = t.R()[addr];
  auto fail = [&](const Twine &why) {
    ex.error(I.loc) << ex.describe(t) << " executes '" << instr << "' with "
                    << hexOf(a) << ", " << why;
    return Step::Fail;
  };
  uint64_t off;
  if (space == "global") {
    if (!ex.m.globalBlock(a, 1, off))
      return fail("which is not an address of global memory" +
                  genericHint(a));
    return Step::Next;
  }
  if (space == "local") {
    if (a >= t.local.size())
      return fail(a >= kLocalBase && a < kLocalBase + kLocalSize
                      ? Twine("a generic address of local memory; "
                              "prefetch.local takes a .local window address "
                              "(cvta.to.local)")
                      : Twine("which is not in the thread's ") +
                            Twine(t.local.size()) +
                            " bytes of local memory");
    return Step::Next;
  }
  if (space == "tensormap" || space == "param") {
    uint64_t o = a;
    if (space == "tensormap") {
      if (a >= kGlobalBase && a < kGenericParam)
        return Step::Next; // a tensormap in global memory
      if (a < kGenericParam || a >= kGenericParam + kWindowSize)
        return fail("which is not the address of a tensormap" +
                    genericHint(a));
      o = a - kGenericParam;
    }
    for (uint64_t p : tensorMapOffsets)
      if (p == o)
        return Step::Next;
    return fail("which is not the address of a by-value tensormap "
                "parameter");
  }
  // Generic: any address of a window.
  if ((a >= kGenericShared && a < kGenericShared + kClusterEnd) ||
      (a >= kLocalBase && a < kLocalBase + kLocalSize) ||
      ex.m.globalBlock(a, 1, off))
    return Step::Next;
  return fail("which is in no window of the generic address space" +
              genericHint(a));
}

Step TensormapFenceCheck::exec(ClusterExec &ex, Thread &t, const Inst &I) {
  uint64_t a = t.R()[addr];
  uint64_t off;
  if (a >= kGenericParam && a < kGenericParam + kWindowSize) {
    ex.error(I.loc) << ex.describe(t) << " executes '" << instr << "' on "
                    << hexOf(a)
                    << ", the generic address of a kernel parameter; "
                       "fence.proxy.tensormap::generic.acquire takes the "
                       "address of a tensormap in global memory (a by-value "
                       "tensormap parameter needs no fence)";
    return Step::Fail;
  }
  if (!ex.m.globalBlock(a, 128, off)) {
    ex.error(I.loc) << ex.describe(t) << " executes '" << instr << "' on "
                    << hexOf(a)
                    << ", which is not the generic address of 128 bytes of "
                       "global memory"
                    << genericHint(a);
    return Step::Fail;
  }
  if (a % 128) {
    ex.error(I.loc) << ex.describe(t) << " executes '" << instr << "' on "
                    << hexOf(a) << ", which is not 128-byte aligned";
    return Step::Fail;
  }
  return Step::Next;
}

Step IsSpace::exec(ClusterExec &ex, Thread &t, const Inst &) {
  uint64_t a = t.R()[this->a];
  bool inShared = a >= kGenericShared && a < kGenericShared + kClusterEnd;
  bool r = false;
  if (space == "global")
    r = a >= kGlobalBase && a < kGenericParam;
  else if (space == "shared" || space == "shared::cta") {
    uint32_t rank;
    uint64_t off;
    r = inShared &&
        ex.decodeShared(a - kGenericShared, t.cta, rank, off) &&
        rank == t.cta;
  } else if (space == "shared::cluster")
    r = inShared;
  else if (space == "local")
    r = a >= kLocalBase && a < kLocalBase + kLocalSize;
  else if (space == "param" || space == "param::entry")
    r = a >= kGenericParam && a < kGenericParam + kWindowSize;
  t.R()[d] = r;
  return Step::Next;
}

Step MapaExt::exec(ClusterExec &ex, Thread &t, const Inst &) {
  uint64_t *R = t.R();
  uint64_t a = R[addr];
  bool valid = true;
  if (generic) {
    valid = a >= kGenericShared && a < kGenericShared + kClusterEnd;
    a -= kGenericShared;
  }
  uint32_t from = 0;
  uint64_t off = 0;
  valid = valid && ex.decodeShared(a, t.cta, from, off) &&
          from < ex.ctas.size();
  if (getRank) {
    R[dst] = valid ? from : 0xFFFFFFFF;
    return Step::Next;
  }
  uint64_t to = static_cast<uint32_t>(R[rank]);
  if (!valid || to >= ex.ctas.size()) {
    R[dst] = kPoison + (R[addr] & 0xFFFFFFFF);
    return Step::Next;
  }
  uint64_t r = ex.sharedAddr(static_cast<uint32_t>(to), off);
  R[dst] = generic ? r + kGenericShared : r;
  return Step::Next;
}

Step Trap::exec(ClusterExec &ex, Thread &t, const Inst &I) {
  if (!message.empty()) {
    ex.error(I.loc) << ex.describe(t) << " " << message;
    return Step::Fail;
  }
  ex.error(I.loc) << ex.describe(t) << " executes '" << instr
                  << "': the kernel aborts";
  return Step::Fail;
}

Step PackRegs::exec(ClusterExec &, Thread &t, const Inst &) {
  uint64_t *R = t.R();
  uint8_t *v = reinterpret_cast<uint8_t *>(R + vec);
  if (unpack) {
    for (size_t i = 0; i < regs.size(); ++i) {
      uint64_t x = 0;
      std::memcpy(&x, v + i * bytes, bytes);
      R[regs[i]] = x;
    }
    return Step::Next;
  }
  size_t total = regs.size() * bytes;
  size_t slots = std::max<size_t>(1, (total + 7) / 8);
  // Registers may alias the vector's slots only when unpacking.
  uint8_t tmp[2048];
  uint8_t *out = total <= sizeof(tmp) ? tmp : v;
  std::memset(out, 0, slots * 8);
  for (size_t i = 0; i < regs.size(); ++i)
    std::memcpy(out + i * bytes, &R[regs[i]], bytes);
  if (out != v)
    std::memcpy(v, out, slots * 8);
  return Step::Next;
}

//===----------------------------------------------------------------------===//
// Integers
//===----------------------------------------------------------------------===//

Step IntExt::exec(ClusterExec &, Thread &t, const Inst &) {
  uint64_t *R = t.R();
  uint64_t A = R[a], B = R[b], C = R[c], E = R[e];
  uint64_t mask = widthMask(bits);
  unsigned msb = bits - 1;
  uint64_t r = 0;
  switch (op) {
  case IntOp::Bfe: {
    unsigned pos = B & 0xFF, len = C & 0xFF;
    uint64_t sbit = 0;
    if (isSigned && len)
      sbit = (A >> std::min(pos + len - 1, msb)) & 1;
    for (unsigned i = 0; i <= msb; ++i) {
      uint64_t bit = (i < len && pos + i <= msb) ? (A >> (pos + i)) & 1 : sbit;
      r |= bit << i;
    }
    break;
  }
  case IntOp::Bfi: {
    unsigned pos = C & 0xFF, len = E & 0xFF;
    r = B;
    for (unsigned i = 0; i < len && pos + i <= msb; ++i)
      r = (r & ~(uint64_t(1) << (pos + i))) | (((A >> i) & 1) << (pos + i));
    break;
  }
  case IntOp::Brev:
    for (unsigned i = 0; i <= msb; ++i)
      r |= ((A >> i) & 1) << (msb - i);
    break;
  case IntOp::Bfind: {
    uint64_t v = A & mask;
    if (isSigned && ((v >> msb) & 1))
      v = ~v & mask; // the most significant non-sign bit
    if (v == 0) {
      r = 0xFFFFFFFF;
    } else {
      unsigned idx = 63 - llvm::countl_zero(v);
      r = f ? msb - idx : idx;
    }
    R[d] = r & 0xFFFFFFFF;
    return Step::Next;
  }
  case IntOp::Prmt: {
    uint8_t bytes[8];
    uint32_t lo = static_cast<uint32_t>(A), hi = static_cast<uint32_t>(B);
    std::memcpy(bytes, &lo, 4);
    std::memcpy(bytes + 4, &hi, 4);
    unsigned s = C & 3;
    for (unsigned i = 0; i < 4; ++i) {
      unsigned sel = (C >> (4 * i)) & 0xF;
      // imm: 0 the default mode (a nibble per byte, bit 3 replicates the
      // sign), else f4e, b4e, rc8, ecl, ecr, rc16 (PTX ISA, prmt).
      unsigned idx = imm == 1   ? (s + i) & 7
                     : imm == 2 ? (s + 8 - i) & 7
                     : imm == 3 ? s
                     : imm == 4 ? std::max(i, s)
                     : imm == 5 ? std::min(i, s)
                     : imm == 6 ? 2 * (s & 1) + (i & 1)
                                : sel & 7;
      uint8_t v = bytes[idx];
      if (imm == 0 && (sel & 8))
        v = (v & 0x80) ? 0xFF : 0;
      r |= uint64_t(v) << (8 * i);
    }
    break;
  }
  case IntOp::Lop3:
    for (unsigned i = 0; i < 8; ++i)
      if ((imm >> i) & 1)
        r |= ((i & 4) ? A : ~A) & ((i & 2) ? B : ~B) & ((i & 1) ? C : ~C);
    break;
  case IntOp::ShfL:
  case IntOp::ShfR: {
    uint64_t n = f ? std::min<uint64_t>(C & 0xFFFFFFFF, 32) : (C & 31);
    uint64_t wide = ((B & 0xFFFFFFFF) << 32) | (A & 0xFFFFFFFF);
    if (op == IntOp::ShfL)
      r = n == 0 ? B : n >= 32 ? (A << (n - 32)) : ((wide << n) >> 32);
    else
      r = n >= 32 ? (B >> (n - 32)) : (wide >> n);
    r &= 0xFFFFFFFF;
    break;
  }
  case IntOp::AddCC:
  case IntOp::AddC: {
    uint64_t cin = op == IntOp::AddC ? (R[carry] & 1) : 0;
    unsigned __int128 s =
        (unsigned __int128)(A & mask) + (B & mask) + cin;
    r = static_cast<uint64_t>(s);
    if (op == IntOp::AddCC || imm)
      R[carry] = static_cast<uint64_t>(s >> bits) & 1;
    break;
  }
  case IntOp::SubCC:
  case IntOp::SubC: {
    uint64_t bin = op == IntOp::SubC ? (R[carry] & 1) : 0;
    unsigned __int128 rhs = (unsigned __int128)(B & mask) + bin;
    r = (A & mask) - static_cast<uint64_t>(rhs);
    if (op == IntOp::SubCC || imm)
      R[carry] = (unsigned __int128)(A & mask) < rhs;
    break;
  }
  case IntOp::MadCarry: {
    unsigned __int128 p = (unsigned __int128)(A & mask) * (B & mask);
    if (isSigned)
      p = (unsigned __int128)((__int128)signExtend(A, bits) *
                              (__int128)signExtend(B, bits));
    uint64_t part = (f & 1) ? static_cast<uint64_t>(p >> bits)
                            : static_cast<uint64_t>(p);
    unsigned __int128 s = (unsigned __int128)(part & mask) + (C & mask) +
                          ((f & 2) ? (R[carry] & 1) : 0);
    r = static_cast<uint64_t>(s);
    if (imm)
      R[carry] = static_cast<uint64_t>(s >> bits) & 1;
    break;
  }
  case IntOp::SatAdd:
  case IntOp::SatSub: {
    int64_t x = signExtend(A, 32), y = signExtend(B, 32);
    int64_t s = op == IntOp::SatAdd ? x + y : x - y;
    s = std::max<int64_t>(INT32_MIN, std::min<int64_t>(INT32_MAX, s));
    r = static_cast<uint64_t>(s);
    break;
  }
  case IntOp::Mul24Lo:
  case IntOp::Mul24Hi: {
    int64_t x = isSigned ? signExtend(A, 24) : int64_t(A & 0xFFFFFF);
    int64_t y = isSigned ? signExtend(B, 24) : int64_t(B & 0xFFFFFF);
    int64_t p = x * y; // 48 bits
    r = op == IntOp::Mul24Lo ? static_cast<uint64_t>(p)
                             : static_cast<uint64_t>(p >> 16);
    if (f & 2) { // mad24.hi.sat.s32: bits 47..16 plus c, clamped
      int64_t s = signExtend(r, 32) + signExtend(C, 32);
      r = static_cast<uint64_t>(
          std::max<int64_t>(INT32_MIN, std::min<int64_t>(INT32_MAX, s)));
    } else if (f) { // mad24
      r += C;
    }
    break;
  }
  case IntOp::Sad: {
    int64_t x = isSigned ? signExtend(A, bits) : int64_t(A & mask);
    int64_t y = isSigned ? signExtend(B, bits) : int64_t(B & mask);
    r = static_cast<uint64_t>(x > y ? x - y : y - x) + C;
    break;
  }
  case IntOp::Cnot:
    r = (A & mask) == 0;
    break;
  case IntOp::Shift16: {
    uint64_t n = B & 0xFFFFFFFF;
    uint64_t v = A & 0xFFFF;
    if (f == 0)
      r = n >= 16 ? 0 : v << n;
    else if (f == 1)
      r = n >= 16 ? 0 : v >> n;
    else
      r = static_cast<uint64_t>(signExtend(v, 16) >> std::min<uint64_t>(n, 15));
    break;
  }
  case IntOp::Dp4a: {
    int64_t s = static_cast<int32_t>(C);
    for (unsigned i = 0; i < 4; ++i) {
      int64_t x = (f & 1) ? signExtend(A >> (8 * i), 8) : (A >> (8 * i)) & 0xFF;
      int64_t y = (f & 2) ? signExtend(B >> (8 * i), 8) : (B >> (8 * i)) & 0xFF;
      s += x * y;
    }
    r = static_cast<uint64_t>(s);
    break;
  }
  case IntOp::Dp2a: {
    int64_t s = static_cast<int32_t>(C);
    unsigned base = (f & 4) ? 2 : 0;
    for (unsigned i = 0; i < 2; ++i) {
      int64_t x = (f & 1) ? signExtend(A >> (16 * i), 16)
                          : (A >> (16 * i)) & 0xFFFF;
      int64_t y = (f & 2) ? signExtend(B >> (8 * (base + i)), 8)
                          : (B >> (8 * (base + i))) & 0xFF;
      s += x * y;
    }
    r = static_cast<uint64_t>(s);
    break;
  }
  }
  R[d] = r & mask;
  return Step::Next;
}

//===----------------------------------------------------------------------===//
// Floats
//===----------------------------------------------------------------------===//

namespace {

/// Sets the host's rounding mode for its scope.
class RoundingScope {
public:
  explicit RoundingScope(Round r) : saved(std::fegetround()) {
    std::fesetround(r == Round::Zero   ? FE_TOWARDZERO
                    : r == Round::Down ? FE_DOWNWARD
                    : r == Round::Up   ? FE_UPWARD
                                       : FE_TONEAREST);
  }
  ~RoundingScope() { std::fesetround(saved); }

private:
  int saved;
};

double decode(SK k, uint64_t bits) { return floatBitsToDouble(k, bits); }

/// Bits of `v` rounded to kind `k` with rounding `r`.
uint64_t encode(SK k, double v, Round r) {
  if (k == SK::F64)
    return f64ToBits(v);
  if (k == SK::F32) {
    RoundingScope scope(r);
    volatile double dv = v;
    float f = static_cast<float>(dv);
    return f32ToBits(f);
  }
  uint64_t bits = doubleToFloatBits(k, v);
  if (r == Round::Nearest || std::isnan(v))
    return bits;
  double got = decode(k, bits);
  if (got == v || std::isinf(v))
    return bits;
  unsigned w = skBits(k);
  uint64_t sign = uint64_t(1) << (w - 1);
  // One step toward zero or away from it, in sign-magnitude.
  auto toward0 = [&](uint64_t x) {
    return (x & ~sign) == 0 ? x : x - 1;
  };
  auto away = [&](uint64_t x) { return x + 1; };
  bool neg = std::signbit(v);
  bool tooBig = std::fabs(got) > std::fabs(v);
  bool wantSmallerMag = r == Round::Zero || (r == Round::Down && !neg) ||
                        (r == Round::Up && neg);
  if (wantSmallerMag && tooBig)
    return toward0(bits);
  if (!wantSmallerMag && !tooBig)
    return away(bits);
  return bits;
}

bool isSubnormal(SK k, uint64_t bits) {
  double v = decode(k, bits);
  if (v == 0 || !std::isfinite(v))
    return false;
  double minNormal = k == SK::F32 ? std::numeric_limits<float>::min()
                     : k == SK::F64 ? std::numeric_limits<double>::min()
                     : k == SK::F16 ? 6.103515625e-05
                                    : std::numeric_limits<float>::min();
  return std::fabs(v) < minNormal;
}

uint64_t flush(SK k, uint64_t bits) {
  if (!isSubnormal(k, bits))
    return bits;
  return bits & (uint64_t(1) << (skBits(k) - 1));
}

uint64_t canonicalNaN(SK k) {
  switch (k) {
  case SK::F16:
    return 0x7FFF;
  case SK::BF16:
    return 0x7FFF;
  case SK::F32:
    return 0x7FFFFFFF;
  case SK::E4M3:
    return 0x7F;
  case SK::E5M2:
    return 0x7F;
  default:
    return 0x7FF8000000000000ull;
  }
}

/// The largest finite value of kind k.
double maxFinite(SK k) {
  switch (k) {
  case SK::F16:
    return 65504.0;
  case SK::BF16:
    return 3.3895313892515355e38;
  case SK::F32:
    return std::numeric_limits<float>::max();
  case SK::E4M3:
    return 448.0;
  case SK::E5M2:
    return 57344.0;
  default:
    return std::numeric_limits<double>::max();
  }
}

/// One lane of a float instruction.
uint64_t lane(const FltExt &op, uint64_t a, uint64_t b, uint64_t c) {
  SK k = op.k;
  if (op.ftz) {
    a = flush(k, a);
    b = flush(k, b);
    c = flush(k, c);
  }
  double x = decode(k, a), y = decode(k, b), z = decode(k, c);
  double v;
  Round r = op.round;
  auto inType = [&](auto fn) -> uint64_t {
    // f32/f64 arithmetic in the type itself, under the rounding mode.
    RoundingScope scope(r);
    if (k == SK::F32) {
      volatile float fx = static_cast<float>(x), fy = static_cast<float>(y),
                     fz = static_cast<float>(z);
      return f32ToBits(fn(fx, fy, fz));
    }
    volatile double dx = x, dy = y, dz = z;
    return f64ToBits(fn(dx, dy, dz));
  };
  bool native = k == SK::F32 || k == SK::F64;
  uint64_t bits;
  switch (op.op) {
  case FltOp::Add:
    if (native) {
      bits = inType([](auto p, auto q, auto) { return p + q; });
      break;
    }
    bits = encode(k, x + y, r);
    break;
  case FltOp::Sub:
    if (native) {
      bits = inType([](auto p, auto q, auto) { return p - q; });
      break;
    }
    bits = encode(k, x - y, r);
    break;
  case FltOp::Mul:
    if (native) {
      bits = inType([](auto p, auto q, auto) { return p * q; });
      break;
    }
    bits = encode(k, x * y, r);
    break;
  case FltOp::Fma:
    if (native) {
      bits = inType([](auto p, auto q, auto s) { return std::fma(p, q, s); });
      break;
    }
    bits = encode(k, std::fma(x, y, z), r);
    break;
  case FltOp::Div:
    if (native) {
      bits = inType([](auto p, auto q, auto) { return p / q; });
      break;
    }
    bits = encode(k, x / y, r);
    break;
  case FltOp::Rcp:
    if (native) {
      bits = inType([](auto p, auto, auto) { return decltype(p)(1) / p; });
      break;
    }
    bits = encode(k, 1.0 / x, r);
    break;
  case FltOp::Sqrt:
    if (native) {
      bits = inType([](auto p, auto, auto) { return std::sqrt(p); });
      break;
    }
    bits = encode(k, std::sqrt(x), r);
    break;
  case FltOp::Rsqrt:
    bits = encode(k, 1.0 / std::sqrt(x), r);
    break;
  case FltOp::Min:
  case FltOp::Max: {
    bool isMin = op.op == FltOp::Min;
    if (std::isnan(x) || std::isnan(y)) {
      if (op.nan || (std::isnan(x) && std::isnan(y)))
        return canonicalNaN(k);
      v = std::isnan(x) ? y : x;
    } else if (x == y) {
      // -0 < +0 for min and max.
      v = isMin ? (std::signbit(x) ? x : y) : (std::signbit(x) ? y : x);
    } else {
      v = isMin ? std::min(x, y) : std::max(x, y);
    }
    bits = encode(k, v, Round::Nearest);
    break;
  }
  case FltOp::Abs:
    bits = a & ~(uint64_t(1) << (skBits(k) - 1));
    break;
  case FltOp::Neg:
    bits = a ^ (uint64_t(1) << (skBits(k) - 1));
    break;
  case FltOp::Ex2:
    bits = encode(k, std::exp2(x), r);
    break;
  case FltOp::Lg2:
    bits = encode(k, std::log2(x), r);
    break;
  case FltOp::Sin:
    bits = encode(k, std::sin(x), r);
    break;
  case FltOp::Cos:
    bits = encode(k, std::cos(x), r);
    break;
  case FltOp::Tanh:
    bits = encode(k, std::tanh(x), r);
    break;
  case FltOp::Copysign:
    bits = (b & ~(uint64_t(1) << (skBits(k) - 1))) |
           (a & (uint64_t(1) << (skBits(k) - 1)));
    break;
  default:
    bits = 0;
    break;
  }
  double res = decode(k, bits);
  if (op.sat) {
    if (std::isnan(res))
      bits = 0;
    else if (res < 0 || (res == 0 && std::signbit(res)))
      bits = 0;
    else if (res > 1)
      bits = encode(k, 1.0, Round::Nearest);
  }
  if (op.relu && !std::isnan(res) && (res < 0 || std::signbit(res)))
    bits = 0;
  if (op.relu && std::isnan(res))
    bits = canonicalNaN(k);
  if (op.ftz)
    bits = flush(k, bits);
  return bits;
}

/// A value converted to a narrow kind with .satfinite / .relu.
uint64_t toNarrow(SK k, double v, Round r, bool satfinite, bool relu) {
  if (relu && !std::isnan(v) && v < 0)
    v = 0;
  if (std::isnan(v))
    return canonicalNaN(k);
  if (satfinite && std::fabs(v) > maxFinite(k))
    v = std::copysign(maxFinite(k), v);
  return encode(k, v, r);
}

const char *narrowName(NarrowFmt f) {
  switch (f) {
  case NarrowFmt::E2M1:
    return "e2m1";
  case NarrowFmt::E2M3:
    return "e2m3";
  case NarrowFmt::E3M2:
    return "e3m2";
  default:
    return "ue8m0";
  }
}

/// The (exponent, mantissa) bits of a finite-only narrow format.
std::pair<unsigned, unsigned> finiteBits(NarrowFmt f) {
  return f == NarrowFmt::E2M1   ? std::make_pair(2u, 1u)
         : f == NarrowFmt::E2M3 ? std::make_pair(2u, 3u)
                                : std::make_pair(3u, 2u);
}

/// The value of a narrow code (NaN for ue8m0's 0xFF).
double narrowValue(NarrowFmt f, uint32_t code) {
  if (f == NarrowFmt::UE8M0)
    return code == 0xFF ? std::numeric_limits<double>::quiet_NaN()
                        : std::ldexp(1.0, int(code) - 127);
  auto [e, m] = finiteBits(f);
  return decodeFiniteFloat(code, e, m);
}

/// `v` converted to a narrow format, or false for an input whose result
/// the ISA does not pin down (a NaN into a format without one; for ue8m0
/// zero, negatives, and overflow or underflow without a representable
/// result).
bool narrowEncode(NarrowFmt f, double v, Round r, bool satfinite, bool relu,
                  uint32_t &code) {
  if (f == NarrowFmt::UE8M0) {
    if (std::isnan(v)) {
      code = 0xFF;
      return true;
    }
    if (!(v > 0))
      return false;
    if (std::isinf(v)) {
      code = 0xFE;
      return satfinite;
    }
    int x;
    double frac = std::frexp(v, &x); // v = frac * 2^x, frac in [0.5, 1)
    int e = (r == Round::Up && frac != 0.5) ? x : x - 1;
    int biased = e + 127;
    if (biased < 0) {
      if (r != Round::Up)
        return false;
      biased = 0;
    }
    if (biased > 254) {
      if (!satfinite)
        return false;
      biased = 254;
    }
    code = static_cast<uint32_t>(biased);
    return true;
  }
  if (std::isnan(v))
    return false;
  if (relu && v < 0)
    v = 0;
  auto [e, m] = finiteBits(f);
  double top = finiteFloatMax(e, m);
  if (std::fabs(v) > top) // .satfinite is part of every such line
    v = std::copysign(top, v);
  code = encodeFiniteFloat(v, e, m);
  return true;
}

} // namespace

Step FltExt::exec(ClusterExec &ex, Thread &t, const Inst &I) {
  uint64_t *R = t.R();
  uint64_t A = R[a], B = R[b], C = R[c];
  if (op == FltOp::Testp) {
    double v = decode(k, A);
    bool res = false;
    switch (testKind) {
    case 0:
      res = std::isfinite(v);
      break;
    case 1:
      res = std::isinf(v);
      break;
    case 2:
      res = !std::isnan(v);
      break;
    case 3:
      res = std::isnan(v);
      break;
    case 4: // zeros count as normal (the ISA's special case)
      res = std::isfinite(v) && !isSubnormal(k, A);
      break;
    default:
      res = isSubnormal(k, A);
      break;
    }
    R[d] = res;
    return Step::Next;
  }
  if (op == FltOp::CvtPack) {
    // Two f32 sources (`a` the high lane), or the two lanes of one register.
    bool pair = src == SK::F32 && sfmt == NarrowFmt::None;
    unsigned sw = sfmt == NarrowFmt::E2M1   ? 4
                  : sfmt != NarrowFmt::None ? 8
                                            : skBits(src);
    bool fp6 = sfmt == NarrowFmt::E2M3 || sfmt == NarrowFmt::E3M2;
    if ((fp6 && (A & 0xC0C0)) ||
        (sfmt == NarrowFmt::UE8M0 && ((A & 0xFF) == 0xFF ||
                                      ((A >> 8) & 0xFF) == 0xFF))) {
      ex.error(I.loc) << ex.describe(t) << " converts the ." << narrowName(sfmt)
                      << "x2 source 0x" << llvm::utohexstr(A & 0xFFFF)
                      << (fp6 ? ", a lane with its 2 high bits set (the ISA "
                                "defines only 6-bit lanes)"
                              : ", a NaN lane, whose result the simulator "
                                "does not model");
      return Step::Fail;
    }
    auto srcLane = [&](unsigned i) -> double { // 1: the high lane
      if (pair)
        return bitsToF32(i ? A : B);
      uint64_t bits = (A >> (i * sw)) & widthMask(sw);
      return sfmt == NarrowFmt::None ? decode(src, bits)
                                     : narrowValue(sfmt, bits);
    };
    uint64_t out = 0;
    if (dfmt != NarrowFmt::None) {
      unsigned dw = dfmt == NarrowFmt::E2M1 ? 4 : 8;
      for (unsigned i : {1u, 0u}) {
        double v = srcLane(i);
        uint32_t code;
        if (!narrowEncode(dfmt, v, round, satfinite, relu, code)) {
          char text[32];
          std::snprintf(text, sizeof text, "%g", v);
          ex.error(I.loc) << ex.describe(t) << " converts " << text << " to ."
                          << narrowName(dfmt)
                          << ", whose result the simulator does not model";
          return Step::Fail;
        }
        out |= uint64_t(code) << (i * dw);
      }
      R[d] = out;
      return Step::Next;
    }
    unsigned w = skBits(k);
    // To a narrower kind: rounded, with .satfinite / .relu; to a wider one
    // (fp8 / fp6 / fp4 / ue8m0 lanes to halves): exact.
    bool narrowing = pair || (sfmt == NarrowFmt::None && skBits(src) > w);
    for (unsigned i : {1u, 0u}) {
      double v = srcLane(i);
      uint64_t bits;
      if (narrowing) {
        bits = toNarrow(k, v, round, satfinite, relu);
      } else {
        bits = doubleToFloatBits(k, v);
        if (relu && decode(k, bits) < 0)
          bits = 0;
      }
      out |= bits << (i * w);
    }
    R[d] = out;
    return Step::Next;
  }
  if (op == FltOp::Cvt) {
    if (toInt) {
      double v = decode(src, ftz ? flush(src, A) : A);
      if (!roundInt && round == Round::Nearest)
        v = std::nearbyint(v);
      else if (round == Round::Nearest)
        v = std::nearbyint(v);
      else if (round == Round::Down)
        v = std::floor(v);
      else if (round == Round::Up)
        v = std::ceil(v);
      else
        v = std::trunc(v);
      uint64_t r = floatToInt(v, intBits, isSigned);
      if (isSigned && regBits > intBits)
        r = static_cast<uint64_t>(signExtend(r, intBits)) & widthMask(regBits);
      R[d] = r;
      return Step::Next;
    }
    if (fromInt) {
      uint64_t bits;
      if (k == SK::F32 || k == SK::F64) {
        RoundingScope scope(round);
        if (isSigned) {
          volatile int64_t iv = signExtend(A, intBits);
          bits = k == SK::F32 ? f32ToBits(static_cast<float>(iv))
                              : f64ToBits(static_cast<double>(iv));
        } else {
          volatile uint64_t uv = A & widthMask(intBits);
          bits = k == SK::F32 ? f32ToBits(static_cast<float>(uv))
                              : f64ToBits(static_cast<double>(uv));
        }
      } else {
        // Integers of up to 53 bits are exact in double.
        double v = isSigned ? double(signExtend(A, intBits))
                            : double(A & widthMask(intBits));
        bits = encode(k, v, round);
      }
      if (sat) {
        double res = decode(k, bits);
        if (res < 0)
          bits = 0;
        else if (res > 1)
          bits = encode(k, 1.0, Round::Nearest);
      }
      R[d] = bits;
      return Step::Next;
    }
    uint64_t in = A;
    if (ftz && src == SK::F32)
      in = flush(src, in);
    double v = decode(src, in);
    uint64_t bits;
    if (roundInt) {
      v = round == Round::Nearest ? std::nearbyint(v)
          : round == Round::Down  ? std::floor(v)
          : round == Round::Up    ? std::ceil(v)
                                  : std::trunc(v);
      bits = encode(k, v, Round::Nearest);
    } else if (k == SK::F16 || k == SK::BF16 || k == SK::E4M3 ||
               k == SK::E5M2) {
      bits = toNarrow(k, v, round, satfinite, relu);
    } else {
      bits = encode(k, v, round);
    }
    double res = decode(k, bits);
    if (sat) {
      if (std::isnan(res) || res < 0 || (res == 0 && std::signbit(res)))
        bits = 0;
      else if (res > 1)
        bits = encode(k, 1.0, Round::Nearest);
    }
    if (ftz && k == SK::F32)
      bits = flush(k, bits);
    R[d] = bits;
    return Step::Next;
  }
  if (lanes == 2) {
    unsigned w = skBits(k);
    uint64_t m = widthMask(w);
    uint64_t lo = lane(*this, A & m, B & m, C & m);
    uint64_t hi = lane(*this, (A >> w) & m, (B >> w) & m, (C >> w) & m);
    R[d] = (hi << w) | lo;
    return Step::Next;
  }
  R[d] = lane(*this, A, B, C);
  return Step::Next;
}
