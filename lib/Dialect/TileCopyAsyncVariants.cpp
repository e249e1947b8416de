//===- TileCopyAsyncVariants.cpp - tirx.tile.copy_async variants -*- C++ -*-===//
//
// `cp_async` (20): global to shared through cp.async (LDGSTS) in 4/8/16-byte
//   pieces split over the scope's threads; the caller commits and waits,
//   or with `mbar` a cp.async.mbarrier.arrive tracks completion.
// `dsmem` (10): this CTA's shared region to the same place in the CTA
//   `remote_cta` of the cluster: one cp.async.bulk shared::cluster copy
//   completing on the remote CTA's `mbar` (both addresses through mapa).
// `tcgen05_cp` (10): shared memory to tensor memory (tcgen05.cp
//   128x256b / 128x128b, 32-bit elements) from a K-major descriptor.
// `tcgen05_ld` / `tcgen05_st` (10): a warpgroup's registers from / to a
//   128-lane tensor-memory tile (32x32b shape, one row per thread), then
//   tcgen05.wait::ld (loads) so the registers may be read.
// TMA variants are in TileTMAVariants.cpp.
//
//===----------------------------------------------------------------------===//

#include "TileDescriptors.h"
#include "TileFragment.h"
#include "TileVariants.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::tile;

namespace {

//===----------------------------------------------------------------------===//
// cp_async
//===----------------------------------------------------------------------===//

struct CpAsyncPlan {
  int64_t vec = 1, threads = 1, numVectors = 0;
};

std::string planCpAsync(TileOpInterface iop, const TileDispatchContext &ctx,
                        CpAsyncPlan &plan) {
  auto op = cast<TileCopyAsyncOp>(iop.getOperation());
  SmallVector<TileOperand> ops = iop.getTileOperands();
  if (!ctx.atLeast(80))
    return "cp.async needs sm_80 or newer";
  if (!isSharedScope(ops[0].getMemorySpace()) ||
      ops[1].getMemorySpace() != MemorySpace::Global)
    return "copies global to shared memory only";
  if (op.getCtaMask() || op.getRemoteCta() || op.getTensormap())
    return "takes no cta_mask, remote_cta or tensormap";
  if (std::string why = checkCooperativeScope(ctx); !why.empty())
    return why;
  int64_t eb = elementBytes(ops[0].getElementType());
  int64_t maxVec = std::max<int64_t>(1, 16 / eb);
  int64_t v = std::min(contiguousRun(ops[0], maxVec),
                       contiguousRun(ops[1], maxVec));
  plan.threads = ctx.scopeThreads;
  int64_t n = ops[0].getNumElements();
  while (v * eb > 4 && (n / v) % plan.threads != 0)
    v /= 2;
  if (v * eb < 4 || v * eb > 16)
    return "cp.async moves 4, 8 or 16 contiguous aligned bytes; the widest "
           "run here is " + std::to_string(v * eb) + " bytes";
  if ((n / v) % plan.threads != 0)
    return "the region's " + std::to_string(n / v) + " pieces of " +
           std::to_string(v * eb) + " bytes do not divide among the scope's " +
           std::to_string(plan.threads) + " threads";
  plan.vec = v;
  plan.numVectors = n / v;
  return "";
}

TileVariant cpAsyncVariant() {
  TileVariant v;
  v.primitive = "copy_async";
  v.name = "cp_async";
  v.priority = 20;
  v.summary = "cp.async (LDGSTS) global->shared in 4/8/16-byte pieces";
  v.configKeys = {{"cache", TileConfigType::String,
                   "\"ca\" (L1 and L2) or \"cg\" (L2 only, 16-byte pieces)"},
                  {"commit", TileConfigType::Bool,
                   "emit cp.async.commit_group after the copies"}};
  v.match = [](TileOpInterface op, const TileDispatchContext &ctx) {
    CpAsyncPlan plan;
    std::string why = planCpAsync(op, ctx, plan);
    if (!why.empty())
      return why;
    if (auto cache = op.getConfigDict().getAs<StringAttr>("cache")) {
      if (cache.getValue() != "ca" && cache.getValue() != "cg")
        return std::string("cache must be \"ca\" or \"cg\"");
      if (cache.getValue() == "cg" &&
          plan.vec * elementBytes(op.getTileOperands()[0].getElementType()) !=
              16)
        return std::string("cache \"cg\" needs 16-byte pieces");
    }
    return std::string();
  };
  v.emit = [](TileOpInterface iop, const TileDispatchContext &ctx,
              RewriterBase &b) -> LogicalResult {
    auto op = cast<TileCopyAsyncOp>(iop.getOperation());
    CpAsyncPlan plan;
    (void)planCpAsync(iop, ctx, plan);
    Location loc = op.getLoc();
    SmallVector<TileOperand> ops = iop.getTileOperands();
    int64_t bytes = plan.vec * elementBytes(ops[0].getElementType());
    auto cacheAttr = iop.getConfigDict().getAs<StringAttr>("cache");
    ptx::CpAsyncCache cache =
        cacheAttr ? (cacheAttr.getValue() == "cg" ? ptx::CpAsyncCache::CG
                                                  : ptx::CpAsyncCache::CA)
                  : (bytes == 16 ? ptx::CpAsyncCache::CG
                                 : ptx::CpAsyncCache::CA);
    Value tid = plan.threads > 1 ? scopeThreadId(b, loc, ctx) : Value();
    emitLoop(b, loc, plan.numVectors / plan.threads,
             [&](OpBuilder &b, Value it) {
               Value idx = mulI(b, loc, it, plan.threads);
               if (tid)
                 idx = addI(b, loc, idx, tid);
               Value linear = mulI(b, loc, idx, plan.vec);
               Value dst = PtrToOp::create(
                   b, loc, ops[0].value,
                   regionIndicesOfLinear(b, loc, ops[0], linear));
               Value src = PtrToOp::create(
                   b, loc, ops[1].value,
                   regionIndicesOfLinear(b, loc, ops[1], linear));
               PTXCpAsyncOp::create(b, loc, cache, dst, src,
                                    static_cast<uint32_t>(bytes), Value(),
                                    op.getCacheHint(),
                                    ptx::PrefetchSizeAttr());
             });
    if (Value mbar = op.getMbar())
      PTXCpAsyncMBarrierArriveOp::create(b, loc, /*noinc=*/false, mbar);
    if (auto commit = iop.getConfigDict().getAs<BoolAttr>("commit");
        commit && commit.getValue())
      PTXCpAsyncCommitGroupOp::create(b, loc);
    return success();
  };
  return v;
}

//===----------------------------------------------------------------------===//
// dsmem
//===----------------------------------------------------------------------===//

/// True when the region's elements are consecutive in memory in row-major
/// order (for every value its dynamic offsets can take).
bool isDenseRegion(const TileOperand &o) {
  BufferType type = o.getBufferType();
  if (!type.hasStaticShape() && !o.hasStaticOffsets())
    return false;
  if (type.getTileLayout() && !o.hasStaticOffsets())
    return false;
  int64_t rank = o.sizes.size();
  SmallVector<int64_t> origin(rank);
  for (int64_t d = 0; d < rank; ++d)
    origin[d] = o.getStaticOffset(d).value_or(0);
  int64_t n = o.getNumElements();
  if (n > (1 << 18))
    return false;
  std::optional<int64_t> first = memoryOffset(type, origin);
  if (!first)
    return false;
  SmallVector<int64_t> c(origin.begin(), origin.end());
  for (int64_t i = 0; i < n; ++i) {
    std::optional<int64_t> m = memoryOffset(type, c);
    if (!m || *m != *first + i)
      return false;
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++c[d] < origin[d] + o.sizes[d])
        break;
      c[d] = origin[d];
    }
  }
  return true;
}

TileVariant dsmemVariant() {
  TileVariant v;
  v.primitive = "copy_async";
  v.name = "dsmem";
  v.priority = 10;
  v.summary = "cp.async.bulk shared::cluster: this CTA's shared region to "
              "CTA remote_cta of the cluster, completing on its mbar";
  v.match = [](TileOpInterface iop, const TileDispatchContext &ctx) {
    auto op = cast<TileCopyAsyncOp>(iop.getOperation());
    SmallVector<TileOperand> ops = iop.getTileOperands();
    if (!ctx.atLeast(90))
      return std::string("needs sm_90 or newer");
    if (!op.getRemoteCta())
      return std::string("needs remote_cta (the destination CTA's rank)");
    if (!op.getMbar())
      return std::string("needs mbar (the destination CTA's mbarrier, at the "
                         "same address as in this CTA)");
    if (ctx.scope != ExecScope::Thread)
      return std::string("needs thread scope (one thread issues the copy)");
    if (!isSharedScope(ops[0].getMemorySpace()) ||
        !isSharedScope(ops[1].getMemorySpace()))
      return std::string("copies shared to shared memory");
    int64_t bytes = ops[0].getNumElements() *
                    elementBytes(ops[0].getElementType());
    if (bytes % 16 != 0)
      return "copies multiples of 16 bytes, got " + std::to_string(bytes);
    for (const TileOperand &o : ops) {
      if (!isDenseRegion(o))
        return "'" + o.role.str() + "' is not one contiguous memory range";
      SmallVector<int64_t> origin;
      for (unsigned d = 0; d < o.sizes.size(); ++d)
        origin.push_back(o.getStaticOffset(d).value_or(0));
      std::optional<int64_t> m = memoryOffset(o.getBufferType(), origin);
      if (!o.hasStaticOffsets() || !m ||
          (*m * elementBytes(o.getElementType())) % 16 != 0 ||
          baseAlignment(o.value) < 16)
        return "'" + o.role.str() +
               "' does not provably start 16-byte aligned (needs constant "
               "region offsets)";
    }
    return std::string();
  };
  v.emit = [](TileOpInterface iop, const TileDispatchContext &,
              RewriterBase &b) -> LogicalResult {
    auto op = cast<TileCopyAsyncOp>(iop.getOperation());
    Location loc = op.getLoc();
    SmallVector<TileOperand> ops = iop.getTileOperands();
    Value zero = cIndex(b, loc, 0);
    Value dst = PtrToOp::create(b, loc, ops[0].value,
                                regionIndicesOfLinear(b, loc, ops[0], zero));
    Value src = PtrToOp::create(b, loc, ops[1].value,
                                regionIndicesOfLinear(b, loc, ops[1], zero));
    auto dstType = cast<PtrType>(dst.getType());
    auto clusterPtr = PtrType::get(dstType.getElementType(),
                                   MemorySpace::SharedCluster);
    Value remoteDst =
        PTXMapaOp::create(b, loc, clusterPtr, dst, op.getRemoteCta());
    auto barType = cast<PtrType>(op.getMbar().getType());
    Value remoteBar = op.getMbar();
    if (barType.getMemorySpace() != MemorySpace::SharedCluster)
      remoteBar = PTXMapaOp::create(
          b, loc,
          PtrType::get(barType.getElementType(), MemorySpace::SharedCluster),
          op.getMbar(), op.getRemoteCta());
    int64_t bytes = ops[0].getNumElements() *
                    elementBytes(ops[0].getElementType());
    PTXCpAsyncBulkS2SOp::create(b, loc, remoteDst, src, remoteBar,
                                cI32(b, loc, bytes));
    return success();
  };
  return v;
}

//===----------------------------------------------------------------------===//
// Tensor memory
//===----------------------------------------------------------------------===//

/// Checks a 128-lane tensor-memory tile of 32-bit elements whose row r is
/// lane r and column c is 32-bit column c.
std::string checkTmemTile(const TileOperand &t) {
  if (!t.isBuffer() || t.getMemorySpace() != MemorySpace::TMem)
    return "'" + t.role.str() + "' is not in tensor memory";
  if (getElementBitWidth(t.getElementType()) != 32)
    return "needs 32-bit elements in tensor memory";
  SmallVector<int64_t> shape = t.getNonUnitSizes();
  if (shape.size() != 2 || shape[0] != 128)
    return "needs a 128-row tensor-memory region";
  LayoutAttr layout = t.getBufferType().getTileLayout();
  if (!layout)
    return "the tensor-memory buffer needs a #tirx.layout";
  if (!t.isWholeBuffer())
    return "needs the whole tensor-memory buffer";
  auto origin = layout.apply(0);
  for (int64_t r = 0; r < 128; r += 3)
    for (int64_t c = 0; c < shape[1]; c += 3) {
      auto p = layout.apply(r * shape[1] + c);
      if (p[static_cast<unsigned>(LayoutAxis::TLane)] -
                  origin[static_cast<unsigned>(LayoutAxis::TLane)] !=
              r ||
          p[static_cast<unsigned>(LayoutAxis::TCol)] -
                  origin[static_cast<unsigned>(LayoutAxis::TCol)] !=
              c)
        return "the tensor-memory layout must put row r in lane r and column "
               "c in column c";
    }
  return "";
}

/// tmem base + lane offset << 16 + column offset.
Value tmemAt(OpBuilder &b, Location loc, Value tmemBuffer, Value laneOffset,
             int64_t col) {
  Value base = BufferDataOp::create(b, loc, tmemBuffer);
  auto type = cast<PtrType>(base.getType());
  Type i32 = b.getI32Type();
  Value addr = ReinterpretOp::create(b, loc, i32, base);
  Value off = cI32(b, loc, col);
  if (laneOffset) {
    Value sixteen = cI32(b, loc, 16);
    Value lane = fromIndex(b, loc, laneOffset, i32);
    off = arith::AddIOp::create(
        b, loc, off, arith::ShLIOp::create(b, loc, lane, sixteen));
  }
  addr = arith::AddIOp::create(b, loc, addr, off);
  return ReinterpretOp::create(b, loc, type, addr);
}

TileVariant tcgen05CpVariant() {
  TileVariant v;
  v.primitive = "copy_async";
  v.name = "tcgen05_cp";
  v.priority = 10;
  v.summary = "tcgen05.cp shared->tensor memory (128x256b / 128x128b) from a "
              "K-major shared-memory descriptor";
  v.configKeys = {{"cta_group", TileConfigType::Int, "1 (default) or 2"}};
  v.match = [](TileOpInterface op, const TileDispatchContext &ctx) {
    SmallVector<TileOperand> ops = op.getTileOperands();
    if (!ctx.hasTcgen05())
      return std::string("tcgen05 needs the sm_100a family");
    if (ctx.scope != ExecScope::Thread)
      return std::string("needs thread scope (one thread issues tcgen05.cp)");
    if (!isSharedScope(ops[1].getMemorySpace()))
      return std::string("copies shared memory to tensor memory");
    if (std::string why = checkTmemTile(ops[0]); !why.empty())
      return why;
    int64_t cols = ops[0].getNonUnitSizes()[1];
    if (cols % 4)
      return std::string("needs a multiple of 4 columns (128 bits)");
    std::string why;
    int64_t inst = cols % 8 == 0 ? 8 : 4;
    if (failed(planMatrixDescriptor(ops[1], 0, 1, 128, inst, why)))
      return "source: " + why;
    return std::string();
  };
  v.emit = [](TileOpInterface iop, const TileDispatchContext &,
              RewriterBase &b) -> LogicalResult {
    Location loc = iop.getLoc();
    SmallVector<TileOperand> ops = iop.getTileOperands();
    int64_t cols = ops[0].getNonUnitSizes()[1];
    int64_t inst = cols % 8 == 0 ? 8 : 4;
    std::string why;
    MatrixDescriptor desc = *planMatrixDescriptor(ops[1], 0, 1, 128, inst, why);
    int cg = 1;
    if (auto g = iop.getConfigDict().getAs<IntegerAttr>("cta_group"))
      cg = g.getInt();
    auto group = ptx::CTAGroupAttr::get(
        b.getContext(), cg == 2 ? ptx::CTAGroup::CTA2 : ptx::CTAGroup::CTA1);
    auto shape = inst == 8 ? ptx::Tcgen05CpShape::S128x256b
                           : ptx::Tcgen05CpShape::S128x128b;
    for (int64_t c = 0; c < cols; c += inst) {
      Value sdesc = emitMatrixDescriptor(b, loc, ops[1], desc, 0, c, true);
      Value taddr = tmemAt(b, loc, ops[0].value, Value(), c);
      PTXTcgen05CpOp::create(b, loc, shape, ptx::Tcgen05CpMulticastAttr(),
                             ptx::Tcgen05CpSrcFmtAttr(), group, taddr, sdesc);
    }
    return success();
  };
  return v;
}

/// tcgen05.ld/st: the register fragment holds row t on thread t of the
/// warpgroup, column c in register c.
std::string planLdSt(TileOpInterface op, const TileDispatchContext &ctx,
                     bool load, Fragment &frag) {
  SmallVector<TileOperand> ops = op.getTileOperands();
  const TileOperand &tmem = load ? ops[1] : ops[0];
  const TileOperand &regs = load ? ops[0] : ops[1];
  if (!ctx.hasTcgen05())
    return "tcgen05 needs the sm_100a family";
  if (ctx.scope != ExecScope::Warpgroup)
    return "needs warpgroup scope (each warp reaches its 32 lanes)";
  if (std::string why = checkCooperativeScope(ctx); !why.empty())
    return why;
  if (std::string why = checkTmemTile(tmem); !why.empty())
    return why;
  if (!regs.isBuffer() || regs.getMemorySpace() != MemorySpace::Local)
    return std::string("the other operand must be a register fragment");
  if (!regs.isWholeBuffer())
    return "the register fragment must be a whole buffer";
  std::string why;
  FailureOr<Fragment> f =
      analyzeFragment(regs.getBufferType(), ctx.scope, 128, why);
  if (failed(f))
    return "register layout: " + why;
  int64_t cols = tmem.getNonUnitSizes()[1];
  for (int64_t t = 0; t < 128; ++t) {
    int64_t base = f->threadBase(t);
    for (size_t j = 0; j < f->slotLogical.size(); ++j) {
      int64_t logical = base + f->slotLogical[j];
      if (logical / cols != t || f->slotMemory[j] != logical % cols)
        return "the register layout must give thread t row t with column c "
               "in register c (the 32x32b shape)";
    }
  }
  frag = *f;
  return "";
}

TileVariant ldstVariant(bool load) {
  TileVariant v;
  v.primitive = "copy_async";
  v.name = load ? "tcgen05_ld" : "tcgen05_st";
  v.priority = 10;
  v.summary = load ? "tcgen05.ld 32x32b: tensor memory -> a warpgroup's "
                     "registers, then tcgen05.wait::ld"
                   : "tcgen05.st 32x32b: a warpgroup's registers -> tensor "
                     "memory";
  if (!load)
    v.configKeys = {{"wait", TileConfigType::Bool,
                     "emit tcgen05.wait::st after the stores"}};
  v.match = [load](TileOpInterface op, const TileDispatchContext &ctx) {
    Fragment f;
    return planLdSt(op, ctx, load, f);
  };
  v.emit = [load](TileOpInterface iop, const TileDispatchContext &ctx,
                  RewriterBase &b) -> LogicalResult {
    Location loc = iop.getLoc();
    SmallVector<TileOperand> ops = iop.getTileOperands();
    const TileOperand &tmem = load ? ops[1] : ops[0];
    const TileOperand &frag = load ? ops[0] : ops[1];
    int64_t cols = tmem.getNonUnitSizes()[1];
    Value regs = localRegisters(b, loc, frag.value);
    Value warp = divI(b, loc, scopeThreadId(b, loc, ctx), 32);
    Value laneOffset = mulI(b, loc, warp, 32);
    Type elem = frag.getElementType();
    Type f32 = b.getF32Type();
    for (int64_t c = 0; c < cols;) {
      int64_t num = 128;
      while (num > cols - c || (c % num) != 0)
        num /= 2;
      Value taddr = tmemAt(b, loc, tmem.value, laneOffset, c);
      auto vecType = VectorType::get({num}, elem.isF32() ? f32 : b.getI32Type());
      if (load) {
        Value res = PTXTcgen05LdOp::create(b, loc, vecType,
                                           ptx::Tcgen05LdStShape::S32x32b,
                                           static_cast<uint32_t>(num), false,
                                           taddr, IntegerAttr());
        for (int64_t j = 0; j < num; ++j) {
          Value x = vector::ExtractOp::create(b, loc, res, j);
          if (x.getType() != elem)
            x = ReinterpretOp::create(b, loc, elem, x);
          BufferStoreOp::create(b, loc, x, regs,
                                ValueRange{cIndex(b, loc, c + j)});
        }
      } else {
        SmallVector<Value> parts;
        for (int64_t j = 0; j < num; ++j) {
          Value x = BufferLoadOp::create(b, loc, elem, regs,
                                         ValueRange{cIndex(b, loc, c + j)});
          if (x.getType() != vecType.getElementType())
            x = ReinterpretOp::create(b, loc, vecType.getElementType(), x);
          parts.push_back(x);
        }
        Value vals = vector::FromElementsOp::create(b, loc, vecType, parts);
        PTXTcgen05StOp::create(b, loc, ptx::Tcgen05LdStShape::S32x32b,
                               static_cast<uint32_t>(num), false, taddr, vals,
                               IntegerAttr());
      }
      c += num;
    }
    if (load)
      PTXTcgen05WaitOp::create(b, loc, ptx::Tcgen05WaitKind::Ld);
    else if (auto wait = iop.getConfigDict().getAs<BoolAttr>("wait");
             wait && wait.getValue())
      PTXTcgen05WaitOp::create(b, loc, ptx::Tcgen05WaitKind::St);
    return success();
  };
  return v;
}

} // namespace

void tile::registerCopyAsyncVariants() {
  registerTileVariant(cpAsyncVariant());
  registerTileVariant(dsmemVariant());
  registerTileVariant(tcgen05CpVariant());
  registerTileVariant(ldstVariant(true));
  registerTileVariant(ldstVariant(false));
}
