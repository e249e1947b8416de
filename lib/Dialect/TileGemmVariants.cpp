//===- TileGemmVariants.cpp - tirx.tile.gemm / gemm_async variants -*- C++ -*-===//
//
// gemm `mma_sync` (10): a warp's register fragments, fully unrolled
//   mma.sync.m16n8k16 (or k8); every operand's layout is matched element by
//   element against the mma fragments, so any layout that puts the right
//   elements in the same register on every lane works.
// gemm_async `wgmma` (10, sm_90a): warpgroup scope, A and B in shared
//   memory (K-major, any of the four swizzles), the f32 accumulator in the
//   warpgroup's registers; fence.proxy.async (the operands may have been
//   written through the generic proxy), wgmma.fence, one wgmma.mma_async per 64-row
//   block and K step, wgmma.commit_group (the caller waits, or `wait`).
// gemm_async `tcgen05` (10, sm_100a family): one thread issues
//   tcgen05.mma (cta_group 1 or 2) into a tensor-memory f32 accumulator; A
//   and B in shared memory; with `mbar`, tcgen05.commit arrives on it.
// Descriptors come from the operand layouts (TileDescriptors.h).
//
//===----------------------------------------------------------------------===//

#include "TileDescriptors.h"
#include "TileFragment.h"
#include "TileVariants.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::tile;

namespace {

/// An MMA input type: its instruction K and PTX spellings.
struct InputKind {
  int64_t k16;             // K of the wgmma / tcgen05 instruction
  ptx::MMAType ptxType;    // wgmma / mma.sync type
  ptx::Tcgen05Kind kind;   // tcgen05.mma kind
  unsigned tcgen05Format;  // atype/btype field of the instruction descriptor
};

std::optional<InputKind> inputKind(Type t) {
  if (t.isF16())
    return InputKind{16, ptx::MMAType::F16, ptx::Tcgen05Kind::F16, 0};
  if (t.isBF16())
    return InputKind{16, ptx::MMAType::BF16, ptx::Tcgen05Kind::F16, 1};
  if (t.isF32())
    return InputKind{8, ptx::MMAType::TF32, ptx::Tcgen05Kind::TF32, 2};
  if (isa<Float8E4M3FNType>(t))
    return InputKind{32, ptx::MMAType::E4M3, ptx::Tcgen05Kind::F8F6F4, 0};
  if (isa<Float8E5M2Type>(t))
    return InputKind{32, ptx::MMAType::E5M2, ptx::Tcgen05Kind::F8F6F4, 1};
  return std::nullopt;
}

std::string typeName(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

struct GemmShape {
  int64_t m, n, k;
};

GemmShape gemmShape(const TileOperand &d, const TileOperand &a, bool ta) {
  int64_t m = d.sizes[d.sizes.size() - 2], n = d.sizes.back();
  int64_t k = ta ? a.sizes[a.sizes.size() - 2] : a.sizes.back();
  return {m, n, k};
}

bool isDistributed(const TileOperand &o) {
  if (!o.isBuffer() || o.getMemorySpace() != MemorySpace::Local)
    return false;
  LayoutAttr l = o.getBufferType().getTileLayout();
  return l && l.hasThreadAxes();
}

/// Per thread: logical element -> register.
struct RegisterMaps {
  SmallVector<llvm::DenseMap<int64_t, int64_t>> threads;
  int64_t cols = 0; // columns of the buffer's logical (row, col) view
  bool transposed = false;
  /// The register of logical (row, col) on thread t, or -1.
  int64_t reg(int64_t t, int64_t row, int64_t col) const {
    int64_t logical = transposed ? col * cols + row : row * cols + col;
    auto it = threads[t].find(logical);
    return it == threads[t].end() ? -1 : it->second;
  }
};

FailureOr<RegisterMaps> registerMaps(const TileOperand &o, ExecScope scope,
                                     int64_t threads, bool transposed,
                                     std::string &why) {
  if (!o.isWholeBuffer()) {
    why = "'" + o.role.str() + "' must be a whole register buffer";
    return failure();
  }
  FailureOr<Fragment> f =
      analyzeFragment(o.getBufferType(), scope, threads, why);
  if (failed(f)) {
    why = "register layout of '" + o.role.str() + "': " + why;
    return failure();
  }
  RegisterMaps maps;
  maps.threads.resize(threads);
  for (int64_t t = 0; t < threads; ++t) {
    int64_t base = f->threadBase(t);
    for (size_t j = 0; j < f->slotLogical.size(); ++j)
      maps.threads[t][base + f->slotLogical[j]] = f->slotMemory[j];
  }
  maps.cols = o.sizes.back();
  maps.transposed = transposed;
  return maps;
}

/// The registers holding, on every thread, the element `elem(t, i)` of a
/// fragment of `count` elements; failure names the first element that is
/// not in one register on every thread.
using ElementFn = function_ref<std::pair<int64_t, int64_t>(int64_t, int64_t)>;
FailureOr<SmallVector<int64_t>> uniformRegisters(const RegisterMaps &maps,
                                                 int64_t count, ElementFn elem,
                                                 StringRef role,
                                                 std::string &why) {
  SmallVector<int64_t> regs(count, -1);
  for (int64_t t = 0; t < static_cast<int64_t>(maps.threads.size()); ++t)
    for (int64_t i = 0; i < count; ++i) {
      auto [r, c] = elem(t, i);
      int64_t reg = maps.reg(t, r, c);
      if (reg < 0 || (regs[i] >= 0 && regs[i] != reg)) {
        why = "'" + role.str() + "' element (" + std::to_string(r) + ", " +
              std::to_string(c) + ") is not in the same register on every " +
              "thread, as the instruction's fragment needs (thread " +
              std::to_string(t) + ")";
        return failure();
      }
      regs[i] = reg;
    }
  return regs;
}

Value loadRegs(OpBuilder &b, Location loc, Value regs, ArrayRef<int64_t> idx,
               Type elem) {
  SmallVector<Value> parts;
  for (int64_t r : idx)
    parts.push_back(
        BufferLoadOp::create(b, loc, elem, regs, ValueRange{cIndex(b, loc, r)}));
  return vector::FromElementsOp::create(
      b, loc, VectorType::get({static_cast<int64_t>(idx.size())}, elem), parts);
}

void storeRegs(OpBuilder &b, Location loc, Value regs, ArrayRef<int64_t> idx,
               Value vec) {
  for (auto [i, r] : llvm::enumerate(idx)) {
    Value reg = cIndex(b, loc, r);
    Value elem = vector::ExtractOp::create(b, loc, vec, int64_t(i));
    BufferStoreOp::create(b, loc, elem, regs, ValueRange{reg});
  }
}

/// Packs pairs of 16-bit registers into i32 words.
Value packPairs(OpBuilder &b, Location loc, Value regs, ArrayRef<int64_t> idx,
                Type elem) {
  Type i32 = b.getI32Type();
  SmallVector<Value> words;
  for (size_t i = 0; i < idx.size(); i += 2) {
    Value pair = loadRegs(b, loc, regs, idx.slice(i, 2), elem);
    words.push_back(ReinterpretOp::create(b, loc, i32, pair));
  }
  return vector::FromElementsOp::create(
      b, loc, VectorType::get({static_cast<int64_t>(words.size())}, i32),
      words);
}

//===----------------------------------------------------------------------===//
// mma_sync
//===----------------------------------------------------------------------===//

struct MmaPlan {
  GemmShape shape;
  int64_t k;               // 16 or 8
  RegisterMaps a, b, d;
};

std::string planMma(TileOpInterface iop, const TileDispatchContext &ctx,
                    MmaPlan &plan) {
  auto op = cast<TileGemmOp>(iop.getOperation());
  SmallVector<TileOperand> ops = iop.getTileOperands();
  if (ctx.scope != ExecScope::Warp)
    return "needs warp scope";
  if (!ctx.atLeast(80))
    return "mma.sync with these types needs sm_80 or newer";
  for (const TileOperand &o : ops)
    if (!isDistributed(o))
      return "'" + o.role.str() + "' is not a register fragment of the warp";
  Type in = ops[1].getElementType();
  if (!in.isF16() && !in.isBF16())
    return "needs f16 or bf16 inputs, got " + typeName(in);
  if (!ops[0].getElementType().isF32())
    return "needs an f32 accumulator, got " +
           typeName(ops[0].getElementType());
  plan.shape = gemmShape(ops[0], ops[1], op.getTransposeA());
  if (plan.shape.m % 16 || plan.shape.n % 8 || plan.shape.k % 8)
    return "needs M % 16 == 0, N % 8 == 0, K % 8 == 0, got " +
           std::to_string(plan.shape.m) + "x" + std::to_string(plan.shape.n) +
           "x" + std::to_string(plan.shape.k);
  plan.k = plan.shape.k % 16 == 0 ? 16 : 8;
  std::string why;
  auto a = registerMaps(ops[1], ctx.scope, 32, op.getTransposeA(), why);
  auto b = registerMaps(ops[2], ctx.scope, 32, op.getTransposeB(), why);
  if (failed(a) || failed(b))
    return why;
  auto d = registerMaps(ops[0], ctx.scope, 32, false, why);
  if (failed(d))
    return why;
  plan.a = *a;
  plan.b = *b;
  plan.d = *d;
  return "";
}

// Fragment element i of lane l (g = l / 4, t = l % 4) of each operand, as
// (row, col) within the instruction tile (PTX ISA, mma.m16n8k16/k8).
std::pair<int64_t, int64_t> aElement(int64_t l, int64_t i, int64_t k) {
  int64_t g = l / 4, t = l % 4;
  int64_t row = g + 8 * ((i / 2) % 2);
  int64_t col = 2 * t + (i % 2) + (k == 16 ? 8 * (i / 4) : 0);
  return {row, col};
}
std::pair<int64_t, int64_t> bElement(int64_t l, int64_t i) {
  int64_t g = l / 4, t = l % 4;
  return {2 * t + (i % 2) + 8 * (i / 2), g}; // (k, n)
}
std::pair<int64_t, int64_t> cElement(int64_t l, int64_t i) {
  int64_t g = l / 4, t = l % 4;
  return {g + 8 * (i / 2), 2 * t + (i % 2)};
}

std::string matchMma(const MmaPlan &plan,
                     SmallVector<SmallVector<int64_t>> *aRegs,
                     SmallVector<SmallVector<int64_t>> *bRegs,
                     SmallVector<SmallVector<int64_t>> *cRegs) {
  const GemmShape &s = plan.shape;
  int64_t k = plan.k;
  std::string why;
  for (int64_t mi = 0; mi < s.m; mi += 16)
    for (int64_t ki = 0; ki < s.k; ki += k) {
      auto regs = uniformRegisters(
          plan.a, k == 16 ? 8 : 4,
          [&](int64_t l, int64_t i) {
            auto [r, c] = aElement(l, i, k);
            return std::make_pair(mi + r, ki + c);
          },
          "a", why);
      if (failed(regs))
        return why;
      if (aRegs)
        aRegs->push_back(*regs);
    }
  for (int64_t ni = 0; ni < s.n; ni += 8)
    for (int64_t ki = 0; ki < s.k; ki += k) {
      auto regs = uniformRegisters(
          plan.b, k == 16 ? 4 : 2,
          [&](int64_t l, int64_t i) {
            auto [kk, n] = bElement(l, i);
            return std::make_pair(ki + kk, ni + n);
          },
          "b", why);
      if (failed(regs))
        return why;
      if (bRegs)
        bRegs->push_back(*regs);
    }
  for (int64_t mi = 0; mi < s.m; mi += 16)
    for (int64_t ni = 0; ni < s.n; ni += 8) {
      auto regs = uniformRegisters(
          plan.d, 4,
          [&](int64_t l, int64_t i) {
            auto [r, c] = cElement(l, i);
            return std::make_pair(mi + r, ni + c);
          },
          "d", why);
      if (failed(regs))
        return why;
      if (cRegs)
        cRegs->push_back(*regs);
    }
  return "";
}

TileVariant mmaSyncVariant() {
  TileVariant v;
  v.primitive = "gemm";
  v.name = "mma_sync";
  v.priority = 10;
  v.summary = "mma.sync.m16n8k16/k8 over a warp's register fragments, "
              "fully unrolled";
  v.match = [](TileOpInterface op, const TileDispatchContext &ctx) {
    MmaPlan plan;
    if (std::string why = planMma(op, ctx, plan); !why.empty())
      return why;
    return matchMma(plan, nullptr, nullptr, nullptr);
  };
  v.emit = [](TileOpInterface iop, const TileDispatchContext &ctx,
              RewriterBase &b) -> LogicalResult {
    auto op = cast<TileGemmOp>(iop.getOperation());
    MmaPlan plan;
    (void)planMma(iop, ctx, plan);
    SmallVector<SmallVector<int64_t>> aRegs, bRegs, cRegs;
    (void)matchMma(plan, &aRegs, &bRegs, &cRegs);
    Location loc = op.getLoc();
    SmallVector<TileOperand> ops = iop.getTileOperands();
    Type in = ops[1].getElementType();
    Type f32 = b.getF32Type();
    Value dRegs = localRegisters(b, loc, ops[0].value);
    Value aBuf = localRegisters(b, loc, ops[1].value);
    Value bBuf = localRegisters(b, loc, ops[2].value);
    ptx::MMAType inType =
        in.isF16() ? ptx::MMAType::F16 : ptx::MMAType::BF16;
    auto vec4 = VectorType::get({4}, f32);
    Value zeros = arith::ConstantOp::create(
        b, loc, vec4, DenseElementsAttr::get(vec4, b.getF32FloatAttr(0.0)));
    const GemmShape &s = plan.shape;
    int64_t kSteps = s.k / plan.k, nBlocks = s.n / 8;
    for (int64_t mi = 0; mi < s.m / 16; ++mi)
      for (int64_t ni = 0; ni < nBlocks; ++ni) {
        ArrayRef<int64_t> cIdx = cRegs[mi * nBlocks + ni];
        Value c = zeros;
        if (Value accum = op.getAccum())
          c = arith::SelectOp::create(b, loc, accum,
                                      loadRegs(b, loc, dRegs, cIdx, f32),
                                      zeros);
        for (int64_t ki = 0; ki < kSteps; ++ki) {
          Value a = packPairs(b, loc, aBuf, aRegs[mi * kSteps + ki], in);
          Value bb = packPairs(b, loc, bBuf, bRegs[ni * kSteps + ki], in);
          c = PTXMmaSyncOp::create(
              b, loc, vec4, a, bb, c,
              ArrayRef<int32_t>{16, 8, static_cast<int32_t>(plan.k)},
              ptx::MMAType::F32, inType, inType, ptx::MMALayoutAttr(),
              ptx::MMALayoutAttr(), false);
        }
        storeRegs(b, loc, dRegs, cIdx, c);
      }
    return success();
  };
  return v;
}

//===----------------------------------------------------------------------===//
// wgmma
//===----------------------------------------------------------------------===//

struct WgmmaPlan {
  GemmShape shape;
  InputKind kind;
  int64_t instN;
  MatrixDescriptor a, b;
  RegisterMaps c;
};

/// Shared operands as K-major matrices: rows (M or N) and K dimensions.
std::pair<unsigned, unsigned> operandDims(bool isA, bool transposed) {
  if (isA)
    return transposed ? std::make_pair(1u, 0u) : std::make_pair(0u, 1u);
  return transposed ? std::make_pair(0u, 1u) : std::make_pair(1u, 0u);
}

std::string planWgmma(TileOpInterface iop, const TileDispatchContext &ctx,
                      WgmmaPlan &plan) {
  auto op = cast<TileGemmAsyncOp>(iop.getOperation());
  SmallVector<TileOperand> ops = iop.getTileOperands();
  if (!ctx.hasWGMMA())
    return "wgmma needs sm_90a";
  if (ctx.scope != ExecScope::Warpgroup)
    return "needs warpgroup scope";
  if (op.getMbar())
    return "wgmma completes through wgmma.wait_group, not an mbarrier";
  if (!isDistributed(ops[0]))
    return "the accumulator must be a register fragment of the warpgroup";
  if (!ops[0].getElementType().isF32())
    return "needs an f32 accumulator";
  for (unsigned i : {1u, 2u})
    if (!ops[i].isBuffer() || !isSharedScope(ops[i].getMemorySpace()))
      return "'" + ops[i].role.str() +
             "' must be in shared memory (registers for A are not supported)";
  std::optional<InputKind> kind = inputKind(ops[1].getElementType());
  if (!kind)
    return "unsupported input type " + typeName(ops[1].getElementType());
  plan.kind = *kind;
  plan.shape = gemmShape(ops[0], ops[1], op.getTransposeA());
  const GemmShape &s = plan.shape;
  if (s.m % 64 || s.k % kind->k16 || s.n % 8 || s.n > 256)
    return "needs M % 64 == 0, K % " + std::to_string(kind->k16) +
           " == 0 and N a multiple of 8 up to 256, got " + std::to_string(s.m) +
           "x" + std::to_string(s.n) + "x" + std::to_string(s.k);
  plan.instN = s.n;
  std::string why;
  auto [ar, ak] = operandDims(true, op.getTransposeA());
  auto a = planMatrixDescriptor(ops[1], ar, ak, 64, kind->k16, why);
  if (failed(a))
    return "A: " + why;
  auto [br, bk] = operandDims(false, op.getTransposeB());
  auto b = planMatrixDescriptor(ops[2], br, bk, plan.instN, kind->k16, why);
  if (failed(b))
    return "B: " + why;
  plan.a = *a;
  plan.b = *b;
  auto c = registerMaps(ops[0], ctx.scope, 128, false, why);
  if (failed(c))
    return why;
  plan.c = *c;
  return "";
}

// Accumulator element j of thread t of a m64nN wgmma: (row, col).
std::pair<int64_t, int64_t> wgmmaD(int64_t t, int64_t j) {
  int64_t w = t / 32, l = t % 32;
  return {16 * w + l / 4 + 8 * ((j / 2) % 2), 8 * (j / 4) + 2 * (l % 4) + j % 2};
}

TileVariant wgmmaVariant() {
  TileVariant v;
  v.primitive = "gemm_async";
  v.name = "wgmma";
  v.priority = 10;
  v.summary = "Hopper wgmma.mma_async (SS) over shared-memory descriptors, "
              "f32 accumulator in the warpgroup's registers";
  v.configKeys = {{"wait", TileConfigType::Int,
                   "emit wgmma.wait_group N after the commit"}};
  v.match = [](TileOpInterface op, const TileDispatchContext &ctx) {
    WgmmaPlan plan;
    if (std::string why = planWgmma(op, ctx, plan); !why.empty())
      return why;
    std::string why;
    for (int64_t mi = 0; mi < plan.shape.m; mi += 64)
      if (failed(uniformRegisters(
              plan.c, plan.instN / 2,
              [&](int64_t t, int64_t j) {
                auto [r, c] = wgmmaD(t, j);
                return std::make_pair(mi + r, c);
              },
              "c", why)))
        return why;
    return std::string();
  };
  v.emit = [](TileOpInterface iop, const TileDispatchContext &ctx,
              RewriterBase &b) -> LogicalResult {
    auto op = cast<TileGemmAsyncOp>(iop.getOperation());
    WgmmaPlan plan;
    (void)planWgmma(iop, ctx, plan);
    Location loc = op.getLoc();
    SmallVector<TileOperand> ops = iop.getTileOperands();
    Type f32 = b.getF32Type();
    Value cRegs = localRegisters(b, loc, ops[0].value);
    Value accum = op.getAccum() ? op.getAccum() : cBool(b, loc, false);
    Value one = cBool(b, loc, true);
    // wgmma reads A and B through the async proxy: order the warpgroup's
    // generic-proxy writes of them (ordered before this primitive by a
    // barrier, e.g. a Tx copy into shared memory) before it.
    PTXFenceProxyAsyncOp::create(
        b, loc,
        ptx::ProxySpaceAttr::get(b.getContext(), ptx::ProxySpace::SharedCTA));
    PTXWGMMAFenceOp::create(b, loc);
    const GemmShape &s = plan.shape;
    int64_t regsPerBlock = plan.instN / 2;
    auto accType = VectorType::get({regsPerBlock}, f32);
    for (int64_t mi = 0; mi < s.m; mi += 64) {
      std::string why;
      auto idx = *uniformRegisters(
          plan.c, regsPerBlock,
          [&](int64_t t, int64_t j) {
            auto [r, c] = wgmmaD(t, j);
            return std::make_pair(mi + r, c);
          },
          "c", why);
      Value acc = loadRegs(b, loc, cRegs, idx, f32);
      for (int64_t ki = 0; ki < s.k; ki += plan.kind.k16) {
        Value adesc =
            emitMatrixDescriptor(b, loc, ops[1], plan.a, mi, ki, false);
        Value bdesc =
            emitMatrixDescriptor(b, loc, ops[2], plan.b, 0, ki, false);
        acc = PTXWGMMAMmaAsyncOp::create(
            b, loc, accType, adesc, bdesc, acc, ki == 0 ? accum : one,
            ArrayRef<int32_t>{64, static_cast<int32_t>(plan.instN),
                              static_cast<int32_t>(plan.kind.k16)},
            ptx::MMAType::F32, plan.kind.ptxType, plan.kind.ptxType,
            ptx::WGMMAScaleAttr(), ptx::WGMMAScaleAttr(), ptx::MMALayoutAttr(),
            ptx::MMALayoutAttr(), false);
      }
      storeRegs(b, loc, cRegs, idx, acc);
    }
    PTXWGMMACommitGroupOp::create(b, loc);
    if (auto wait = iop.getConfigDict().getAs<IntegerAttr>("wait"))
      PTXWGMMAWaitGroupOp::create(b, loc, static_cast<uint32_t>(wait.getInt()));
    return success();
  };
  return v;
}

//===----------------------------------------------------------------------===//
// tcgen05
//===----------------------------------------------------------------------===//

struct Tcgen05Plan {
  GemmShape shape;
  InputKind kind;
  int ctaGroup = 1;
  int64_t instM, instN;
  MatrixDescriptor a, b;
};

std::string planTcgen05(TileOpInterface iop, const TileDispatchContext &ctx,
                        Tcgen05Plan &plan) {
  auto op = cast<TileGemmAsyncOp>(iop.getOperation());
  SmallVector<TileOperand> ops = iop.getTileOperands();
  if (!ctx.hasTcgen05())
    return "tcgen05 needs the sm_100a family";
  if (ctx.scope != ExecScope::Thread)
    return "needs thread scope (one thread issues tcgen05.mma)";
  if (!ops[0].isBuffer() || ops[0].getMemorySpace() != MemorySpace::TMem)
    return "the accumulator must be in tensor memory";
  if (!ops[0].getElementType().isF32())
    return "needs an f32 accumulator";
  for (unsigned i : {1u, 2u})
    if (!ops[i].isBuffer() || !isSharedScope(ops[i].getMemorySpace()))
      return "'" + ops[i].role.str() + "' must be in shared memory";
  std::optional<InputKind> kind = inputKind(ops[1].getElementType());
  if (!kind)
    return "unsupported input type " + typeName(ops[1].getElementType());
  plan.kind = *kind;
  if (auto cg = iop.getConfigDict().getAs<IntegerAttr>("cta_group"))
    plan.ctaGroup = cg.getInt();
  if (plan.ctaGroup != 1 && plan.ctaGroup != 2)
    return "cta_group must be 1 or 2";
  if (plan.ctaGroup == 2 && ctx.launch.cluster[0] * ctx.launch.cluster[1] *
                                    ctx.launch.cluster[2] % 2 != 0)
    return "cta_group 2 needs clusters of an even number of CTAs";
  plan.shape = gemmShape(ops[0], ops[1], op.getTransposeA());
  const GemmShape &s = plan.shape;
  // Per CTA: A has the accumulator's M rows; with cta_group 2 each CTA
  // holds half of B's columns and the instruction covers both.
  plan.instM = 128 * plan.ctaGroup;
  plan.instN = s.n;
  if (s.m != 128)
    return "needs a per-CTA accumulator of 128 rows (M = 64 datapath "
           "layouts are not supported), got " + std::to_string(s.m);
  int64_t nStep = plan.ctaGroup == 2 ? 32 : 16;
  if (s.n % nStep || s.n < nStep || s.n > 256 || s.k % kind->k16)
    return "needs N a multiple of " + std::to_string(nStep) +
           " up to 256 and K % " + std::to_string(kind->k16) + " == 0, got N=" +
           std::to_string(s.n) + " K=" + std::to_string(s.k);
  // The accumulator: row r in lane r, column c in 32-bit column c.
  LayoutAttr d = ops[0].getBufferType().getTileLayout();
  if (!d)
    return "the tensor-memory accumulator needs a #tirx.layout";
  for (int64_t r = 0; r < 128; r += 7)
    for (int64_t c = 0; c < s.n; c += 5) {
      auto place = d.apply(r * ops[0].sizes.back() + c);
      auto origin = d.apply(0);
      if (place[static_cast<unsigned>(LayoutAxis::TLane)] -
                  origin[static_cast<unsigned>(LayoutAxis::TLane)] !=
              r ||
          place[static_cast<unsigned>(LayoutAxis::TCol)] -
                  origin[static_cast<unsigned>(LayoutAxis::TCol)] !=
              c)
        return "the accumulator layout must put row r in lane r and column "
               "c in column c (the M = 128 datapath)";
    }
  if (!ops[0].isWholeBuffer())
    return "the accumulator must be a whole tensor-memory buffer";
  std::string why;
  auto [ar, ak] = operandDims(true, op.getTransposeA());
  auto a = planMatrixDescriptor(ops[1], ar, ak, 128, kind->k16, why);
  if (failed(a))
    return "A: " + why;
  auto [br, bk] = operandDims(false, op.getTransposeB());
  int64_t bRows = ops[2].sizes[ops[2].sizes.size() - 2 + br];
  auto b = planMatrixDescriptor(ops[2], br, bk, bRows, kind->k16, why);
  if (failed(b))
    return "B: " + why;
  plan.a = *a;
  plan.b = *b;
  return "";
}

/// The 32-bit instruction descriptor (kind::f16/tf32/f8f6f4, dense).
uint32_t instrDescriptor(const Tcgen05Plan &plan) {
  uint32_t d = 0;
  d |= 1u << 4;                                  // D = f32
  d |= plan.kind.tcgen05Format << 7;             // A type
  d |= plan.kind.tcgen05Format << 10;            // B type
  d |= static_cast<uint32_t>(plan.instN >> 3) << 17;
  d |= static_cast<uint32_t>(plan.instM >> 4) << 24;
  return d;
}

TileVariant tcgen05Variant() {
  TileVariant v;
  v.primitive = "gemm_async";
  v.name = "tcgen05";
  v.priority = 10;
  v.summary = "Blackwell tcgen05.mma (SS, cta_group 1 or 2) into a "
              "tensor-memory accumulator";
  v.configKeys = {{"cta_group", TileConfigType::Int,
                   "1 (default) or 2: the CTA pair shares one MMA"}};
  v.match = [](TileOpInterface op, const TileDispatchContext &ctx) {
    Tcgen05Plan plan;
    return planTcgen05(op, ctx, plan);
  };
  v.emit = [](TileOpInterface iop, const TileDispatchContext &ctx,
              RewriterBase &b) -> LogicalResult {
    auto op = cast<TileGemmAsyncOp>(iop.getOperation());
    Tcgen05Plan plan;
    (void)planTcgen05(iop, ctx, plan);
    Location loc = op.getLoc();
    SmallVector<TileOperand> ops = iop.getTileOperands();
    auto group = ptx::CTAGroupAttr::get(
        b.getContext(),
        plan.ctaGroup == 2 ? ptx::CTAGroup::CTA2 : ptx::CTAGroup::CTA1);
    Value d = BufferDataOp::create(b, loc, ops[0].value);
    Value idesc = cI32(b, loc, instrDescriptor(plan));
    Value accum = op.getAccum() ? op.getAccum() : cBool(b, loc, false);
    Value one = cBool(b, loc, true);
    for (int64_t ki = 0; ki < plan.shape.k; ki += plan.kind.k16) {
      Value adesc = emitMatrixDescriptor(b, loc, ops[1], plan.a, 0, ki, true);
      Value bdesc = emitMatrixDescriptor(b, loc, ops[2], plan.b, 0, ki, true);
      PTXTcgen05MmaOp::create(b, loc, plan.kind.kind, group, d, adesc, bdesc,
                              idesc, ki == 0 ? accum : one, Value());
    }
    if (Value mbar = op.getMbar())
      PTXTcgen05CommitOp::create(b, loc, group, mbar, Value());
    return success();
  };
  return v;
}

} // namespace

void tile::registerGemmVariants() {
  registerTileVariant(mmaSyncVariant());
  registerTileVariant(wgmmaVariant());
  registerTileVariant(tcgen05Variant());
}
