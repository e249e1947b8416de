//===- TileTMAVariants.cpp - TMA copy_async variants ------------*- C++ -*-===//
//
// `tma` (10) and `tma_multicast` (15): tirx.tile.copy_async between global
// and shared memory through the Tensor Memory Accelerator, issued by one
// thread.
//
// Two steps:
// 1. Planning (`planTMA`, device side only): the tensor map of the global
//    buffer (dtype string, dims and byte strides innermost first) and the
//    box: as large as the region allows (<= 256 per dimension, the inner
//    box row equal to the swizzle span when the shared layout is swizzled),
//    then every element of every box is checked against the shared
//    layout, so the shared tile is exactly what TMA writes. The plan also
//    gives the issue grid (mixed-radix loops over boxes) and the bytes an
//    mbarrier must expect.
// 2. The host part (`recordHostTensorMap`): the tensor map is created on
//    the host. The op names the host-built descriptor (`tensormap %desc`, a
//    kernel argument) and dispatch records on that argument the spec the
//    host must encode (`tirx.tma_spec`), so a launcher builds it with
//    cuTensorMapEncodeTiled from the dtype string and the lists.
//
// Loads arm `mbar` with mbarrier.expect_tx of the region's bytes (the
// caller arrives and waits); stores commit a bulk group when `commit`.
//
//===----------------------------------------------------------------------===//

#include "TileDescriptors.h"
#include "TileVariants.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::tile;

namespace {

struct TMAPlan {
  bool load = true;
  std::string dtype;
  SmemSwizzle swizzle = SmemSwizzle::None;
  /// Tensor map, innermost dimension first (the TMA coordinate order).
  SmallVector<int64_t> globalDims, globalStrides, box;
  /// Boxes per global dimension (outermost first, buffer order).
  SmallVector<int64_t> issues;
  SmallVector<int64_t> boxOuterFirst;
  int64_t bytes = 0;
  unsigned globalOperand = 1, sharedOperand = 0;
};

/// The runtime's dtype string of an element type.
std::optional<std::string> dtypeString(Type t) {
  if (t.isF16())
    return "float16";
  if (t.isBF16())
    return "bfloat16";
  if (t.isF32())
    return "float32";
  if (t.isF64())
    return "float64";
  if (isa<Float8E4M3FNType>(t))
    return "float8_e4m3fn";
  if (isa<Float8E5M2Type>(t))
    return "float8_e5m2";
  if (auto i = dyn_cast<IntegerType>(t)) {
    unsigned w = i.getWidth();
    if (w != 8 && w != 16 && w != 32 && w != 64)
      return std::nullopt;
    return (i.isUnsigned() ? "uint" : "int") + std::to_string(w);
  }
  return std::nullopt;
}

StringRef swizzleName(SmemSwizzle s) {
  switch (s) {
  case SmemSwizzle::None: return "none";
  case SmemSwizzle::B32: return "32b";
  case SmemSwizzle::B64: return "64b";
  case SmemSwizzle::B128: return "128b";
  }
  return "none";
}

std::string planTMA(TileOpInterface iop, const TileDispatchContext &ctx,
                    TMAPlan &plan) {
  auto op = cast<TileCopyAsyncOp>(iop.getOperation());
  SmallVector<TileOperand> ops = iop.getTileOperands();
  if (!ctx.atLeast(90))
    return "TMA needs sm_90 or newer";
  bool g2s = ops[1].getMemorySpace() == MemorySpace::Global &&
             isSharedScope(ops[0].getMemorySpace());
  bool s2g = ops[0].getMemorySpace() == MemorySpace::Global &&
             isSharedScope(ops[1].getMemorySpace());
  if (!g2s && !s2g)
    return "copies between global and shared memory only";
  plan.load = g2s;
  plan.globalOperand = g2s ? 1 : 0;
  plan.sharedOperand = g2s ? 0 : 1;
  if (ctx.scope != ExecScope::Thread)
    return "needs thread scope (one thread issues TMA)";
  if (!op.getTensormap())
    return "needs `tensormap %desc`: the host-built descriptor of the global "
           "buffer (dispatch records its spec on the kernel argument)";
  if (plan.load && !op.getMbar())
    return "a TMA load needs `mbar` (the mbarrier it completes on)";
  if (!plan.load && (op.getMbar() || op.getCtaMask()))
    return "a TMA store takes no mbar or cta_mask";
  if (op.getRemoteCta())
    return "takes no remote_cta";
  const TileOperand &g = ops[plan.globalOperand];
  const TileOperand &s = ops[plan.sharedOperand];
  BufferType gType = g.getBufferType();
  Type elem = gType.getElementType();
  std::optional<std::string> dtype = dtypeString(elem);
  if (!dtype)
    return "no TMA dtype for element type";
  plan.dtype = *dtype;
  int64_t eb = elementBytes(elem);
  int64_t rank = gType.getRank();
  if (rank < 1 || rank > 5)
    return "the global buffer must have rank 1 to 5";
  if (!gType.hasStaticShape())
    return "the global buffer needs a static shape";
  SmallVector<int64_t> strides = gType.getStridesOrDefault();
  if (gType.getTileLayout() || ShapedType::isDynamic(gType.getOffsetOrDefault()) ||
      gType.getOffsetOrDefault() != 0)
    return "the global buffer must be strided with offset 0";
  if (strides.back() != 1)
    return "the global buffer's innermost stride must be 1";
  for (int64_t d = rank - 2; d >= 0; --d) {
    if (ShapedType::isDynamic(strides[d]) || (strides[d] * eb) % 16 != 0)
      return "global strides must be static multiples of 16 bytes";
  }
  for (int64_t d = rank - 1; d >= 0; --d) {
    plan.globalDims.push_back(gType.getShape()[d]);
    if (d != rank - 1)
      plan.globalStrides.push_back(strides[d] * eb);
  }
  std::string why;
  FailureOr<SmemSwizzle> swizzle = getSmemSwizzle(s.getBufferType(), why);
  if (failed(swizzle))
    return why;
  plan.swizzle = *swizzle;
  // The box, outermost first.
  SmallVector<int64_t> box(g.sizes.begin(), g.sizes.end());
  int64_t W = static_cast<int64_t>(plan.swizzle);
  if (plan.swizzle != SmemSwizzle::None) {
    int64_t inner = W / eb;
    if (g.sizes.back() % inner != 0)
      return "the region's inner extent (" +
             std::to_string(g.sizes.back() * eb) +
             " bytes) is not a multiple of the " + std::to_string(W) +
             "B swizzle span";
    box.back() = inner;
  }
  for (int64_t d = 0; d < rank; ++d) {
    while (box[d] > 256) {
      if (box[d] % 2)
        return "region extent " + std::to_string(g.sizes[d]) +
               " does not split into TMA boxes of at most 256";
      box[d] /= 2;
    }
  }
  if ((box.back() * eb) % 16 != 0)
    return "the inner box row (" + std::to_string(box.back() * eb) +
           " bytes) is not a multiple of 16 bytes";
  plan.boxOuterFirst = box;
  for (int64_t d = rank - 1; d >= 0; --d)
    plan.box.push_back(box[d]);
  for (int64_t d = 0; d < rank; ++d)
    plan.issues.push_back(g.sizes[d] / box[d]);
  // Check the shared tile against what TMA writes: each box dense
  // row-major from an aligned start.
  BufferType sType = s.getBufferType();
  LayoutAttr sLayout = sType.getTileLayout();
  if (sLayout && !sLayout.isMemoryOnly())
    return "the shared layout has non-memory axes";
  LayoutAttr plain = sLayout ? sLayout.withSwizzle(SwizzleSpec()) : LayoutAttr();
  SmallVector<unsigned> gDims, sDims;
  for (auto [d, size] : llvm::enumerate(g.sizes))
    if (size != 1)
      gDims.push_back(d);
  for (auto [d, size] : llvm::enumerate(s.sizes))
    if (size != 1)
      sDims.push_back(d);
  SmallVector<int64_t> sOrigin;
  for (unsigned d = 0; d < s.sizes.size(); ++d)
    sOrigin.push_back(s.getStaticOffset(d).value_or(0));
  auto sharedOffset = [&](ArrayRef<int64_t> gc) -> std::optional<int64_t> {
    SmallVector<int64_t> c(sOrigin.begin(), sOrigin.end());
    for (auto [gd, sd] : llvm::zip(gDims, sDims))
      c[sd] += gc[gd];
    if (plain)
      return plain.applyMemory(c, sType.getShape());
    return memoryOffset(sType, c);
  };
  int64_t atom = plan.swizzle == SmemSwizzle::None ? 128 : 8 * W;
  if (baseAlignment(s.value) < atom)
    return "the shared buffer must be " + std::to_string(atom) +
           "-byte aligned (give its alloc_buffer an alignment)";
  int64_t boxElems = 1;
  for (int64_t b : box)
    boxElems *= b;
  int64_t numIssues = 1;
  for (int64_t n : plan.issues)
    numIssues *= n;
  if (numIssues * boxElems > (1 << 20))
    return "the region is too large to check";
  for (int64_t i = 0; i < numIssues; ++i) {
    SmallVector<int64_t> origin(rank);
    int64_t rest = i;
    for (int64_t d = rank - 1; d >= 0; --d) {
      origin[d] = (rest % plan.issues[d]) * box[d];
      rest /= plan.issues[d];
    }
    std::optional<int64_t> start = sharedOffset(origin);
    if (!start)
      return "the shared buffer needs static strides";
    if ((*start * eb) % atom != 0)
      return "box " + std::to_string(i) + " starts at shared byte " +
             std::to_string(*start * eb) + ", not on a " +
             std::to_string(atom) + "-byte boundary";
    SmallVector<int64_t> c(rank, 0);
    for (int64_t e = 0; e < boxElems; ++e) {
      SmallVector<int64_t> gc(origin.begin(), origin.end());
      for (int64_t d = 0; d < rank; ++d)
        gc[d] += c[d];
      std::optional<int64_t> m = sharedOffset(gc);
      if (!m || *m - *start != e)
        return "the shared layout is not the dense row-major box TMA writes "
               "(box " + std::to_string(i) + ", element " +
               std::to_string(e) + ")";
      for (int64_t d = rank - 1; d >= 0; --d) {
        if (++c[d] < box[d])
          break;
        c[d] = 0;
      }
    }
  }
  for (unsigned d = 0; d < s.sizes.size(); ++d)
    if (!s.getStaticOffset(d) && sType.getTileLayout())
      return "a dynamic offset into a tile-layout shared buffer is not "
             "supported; pass the whole stage buffer";
  plan.bytes = g.getNumElements() * eb;
  return "";
}

/// The host step: records the tensor map the host must build on the
/// kernel argument the op's descriptor comes from.
LogicalResult recordHostTensorMap(TileCopyAsyncOp op, const TMAPlan &plan) {
  Value desc = op.getTensormap();
  auto arg = dyn_cast<BlockArgument>(desc);
  auto func = arg ? dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp())
                  : FunctionOpInterface();
  // Only a parameter of the function (an argument of its entry block) has
  // a host-side encoding to record; a block argument of a later block is
  // not a parameter, whatever its number.
  if (!func || func.isExternal() ||
      arg.getOwner() != &func.getFunctionBody().front())
    return success(); // built by host code the caller wrote
  Builder b(op.getContext());
  SmallVector<NamedAttribute> fields = {
      b.getNamedAttr("dtype", b.getStringAttr(plan.dtype)),
      b.getNamedAttr("global_dims", b.getDenseI64ArrayAttr(plan.globalDims)),
      b.getNamedAttr("global_strides",
                     b.getDenseI64ArrayAttr(plan.globalStrides)),
      b.getNamedAttr("box", b.getDenseI64ArrayAttr(plan.box)),
      b.getNamedAttr("swizzle", b.getStringAttr(swizzleName(plan.swizzle)))};
  Value global = op.getTileOperands()[plan.globalOperand].value;
  if (auto garg = dyn_cast<BlockArgument>(global);
      garg && garg.getOwner() == &func.getFunctionBody().front())
    fields.push_back(
        b.getNamedAttr("source", b.getI64IntegerAttr(garg.getArgNumber())));
  auto spec = b.getDictionaryAttr(fields);
  StringRef name = "tirx.tma_spec";
  if (auto existing = func.getArgAttrOfType<DictionaryAttr>(arg.getArgNumber(),
                                                             name)) {
    if (existing != spec)
      return op.emitOpError("uses tensormap argument #")
             << arg.getArgNumber()
             << " with another tensor map than an earlier copy: " << spec
             << " vs " << existing;
    return success();
  }
  func.setArgAttr(arg.getArgNumber(), name, spec);
  return success();
}

LogicalResult emitTMA(TileOpInterface iop, const TileDispatchContext &ctx,
                      RewriterBase &b) {
  auto op = cast<TileCopyAsyncOp>(iop.getOperation());
  TMAPlan plan;
  (void)planTMA(iop, ctx, plan);
  if (failed(recordHostTensorMap(op, plan)))
    return failure();
  Location loc = op.getLoc();
  SmallVector<TileOperand> ops = iop.getTileOperands();
  const TileOperand &g = ops[plan.globalOperand];
  const TileOperand &s = ops[plan.sharedOperand];
  int64_t rank = plan.box.size();
  Type i32 = b.getI32Type();
  if (plan.load)
    PTXMBarrierExpectTxOp::create(b, loc, ptx::ClusterScopeAttr(),
                                  op.getMbar(), cI32(b, loc, plan.bytes));
  int64_t numIssues = 1;
  for (int64_t n : plan.issues)
    numIssues *= n;
  SmallVector<unsigned> gDims, sDims;
  for (auto [d, size] : llvm::enumerate(g.sizes))
    if (size != 1)
      gDims.push_back(d);
  for (auto [d, size] : llvm::enumerate(s.sizes))
    if (size != 1)
      sDims.push_back(d);
  emitLoop(b, loc, numIssues, [&](OpBuilder &b, Value i) {
    // Mixed-radix issue coordinates, outermost first.
    SmallVector<Value> origin = delinearize(b, loc, i, plan.issues);
    for (int64_t d = 0; d < rank; ++d)
      origin[d] = mulI(b, loc, origin[d], plan.boxOuterFirst[d]);
    SmallVector<Value> coords;
    for (int64_t d = rank - 1; d >= 0; --d) {
      OpFoldResult off = g.offsets[d];
      Value base = isa<Attribute>(off)
                       ? cIndex(b, loc,
                                cast<IntegerAttr>(cast<Attribute>(off)).getInt())
                       : cast<Value>(off);
      coords.push_back(fromIndex(b, loc, addI(b, loc, base, origin[d]), i32));
    }
    SmallVector<Value> sCoords;
    for (unsigned gd : gDims)
      sCoords.push_back(origin[gd]);
    Value smem = PtrToOp::create(b, loc, s.value,
                                 regionIndices(b, loc, s, sCoords));
    if (plan.load) {
      Value dst = smem;
      if (op.getCtaMask()) {
        auto type = cast<PtrType>(smem.getType());
        dst = ReinterpretOp::create(
            b, loc,
            PtrType::get(type.getElementType(), MemorySpace::SharedCluster),
            smem);
      }
      PTXTMALoadOp::create(b, loc, ptx::TMALoadMode::Tile,
                           static_cast<uint32_t>(rank), dst, op.getTensormap(),
                           coords, ValueRange{}, op.getMbar(), op.getCtaMask(),
                           op.getCacheHint(), ptx::CTAGroupAttr());
    } else {
      PTXTMAStoreOp::create(b, loc, ptx::TMAStoreMode::Tile,
                            static_cast<uint32_t>(rank), op.getTensormap(),
                            coords, smem, op.getCacheHint());
    }
  });
  if (!plan.load) {
    auto commit = iop.getConfigDict().getAs<BoolAttr>("commit");
    if (!commit || commit.getValue())
      PTXCpAsyncBulkCommitGroupOp::create(b, loc);
  }
  return success();
}

TileVariant tmaVariant(bool multicast) {
  TileVariant v;
  v.primitive = "copy_async";
  v.name = multicast ? "tma_multicast" : "tma";
  v.priority = multicast ? 15 : 10;
  v.summary = multicast
                  ? "TMA load delivered to every CTA of cta_mask in the cluster"
                  : "TMA (cp.async.bulk.tensor) load or store through a "
                    "host-built tensor map; box planned from the layouts";
  v.configKeys = {{"commit", TileConfigType::Bool,
                   "stores: commit a bulk async-group (default true)"}};
  v.match = [multicast](TileOpInterface iop, const TileDispatchContext &ctx) {
    auto op = cast<TileCopyAsyncOp>(iop.getOperation());
    if (multicast && !op.getCtaMask())
      return std::string("needs cta_mask (the CTAs to deliver to)");
    if (!multicast && op.getCtaMask())
      return std::string("cta_mask asks for tma_multicast");
    TMAPlan plan;
    std::string why = planTMA(iop, ctx, plan);
    if (!why.empty())
      return why;
    if (multicast && !plan.load)
      return std::string("multicast applies to loads");
    return std::string();
  };
  v.emit = emitTMA;
  return v;
}

} // namespace

void tile::registerTMAVariants() {
  registerTileVariant(tmaVariant(false));
  registerTileVariant(tmaVariant(true));
}
