//===- TIRxExecScope.cpp - Kernel region and scope-id ops -------*- C++ -*-===//

#include "TIRx/Dialect/TIRxOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tirx;

//===----------------------------------------------------------------------===//
// Scope-id ops
//===----------------------------------------------------------------------===//

template <typename OpT>
static LogicalResult verifyScopeId(OpT op) {
  if (!op->template getParentOfType<KernelOp>())
    return op.emitOpError("must be nested in a 'tirx.kernel'");
  unsigned maxDims = OpT::allowsMultiDim() ? 3 : 1;
  size_t numResults = op.getIds().size();
  if (numResults == 0 || numResults > maxDims)
    return op.emitOpError("returns ")
           << (maxDims == 1 ? "exactly one id" : "one to three ids")
           << ", got " << numResults;
  if (auto extents = op.getExtents()) {
    if (extents->size() != numResults)
      return op.emitOpError("has ")
             << extents->size() << " extent(s) but " << numResults
             << " result(s)";
    for (int64_t e : *extents)
      if (e <= 0)
        return op.emitOpError("extents must be positive, got ") << e;
    if (int64_t fixed = OpT::getFixedExtent())
      if ((*extents)[0] != fixed)
        return op.emitOpError("extent must be ") << fixed << ", got "
                                                 << (*extents)[0];
  }
  Type first = op.getIds().front().getType();
  for (Value id : op.getIds())
    if (id.getType() != first)
      return op.emitOpError("results must all have one type");
  return success();
}

namespace {
/// What a scope id with extents writes: the kernel's launch shape. An unused
/// `tirx.thread_id [128]` still sets the number of threads per CTA, so it
/// must not be erased as dead.
struct LaunchShapeResource
    : public SideEffects::Resource::Base<LaunchShapeResource> {
  StringRef getName() override { return "tirx.launch_shape"; }
};
} // namespace

template <typename OpT>
static void scopeIdEffects(
    OpT op,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (op.getExtentsAttr())
    effects.emplace_back(MemoryEffects::Write::get(),
                         LaunchShapeResource::get());
}

#define TIRX_SCOPE_ID_VERIFY(OP)                                               \
  LogicalResult OP::verify() { return verifyScopeId(*this); }                  \
  void OP::getEffects(                                                         \
      SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>      \
          &effects) {                                                          \
    scopeIdEffects(*this, effects);                                            \
  }
TIRX_SCOPE_ID_VERIFY(ClusterIdOp)
TIRX_SCOPE_ID_VERIFY(CtaIdOp)
TIRX_SCOPE_ID_VERIFY(CtaIdInClusterOp)
TIRX_SCOPE_ID_VERIFY(WarpgroupIdOp)
TIRX_SCOPE_ID_VERIFY(WarpIdOp)
TIRX_SCOPE_ID_VERIFY(WarpIdInWgOp)
TIRX_SCOPE_ID_VERIFY(LaneIdOp)
TIRX_SCOPE_ID_VERIFY(ThreadIdOp)
TIRX_SCOPE_ID_VERIFY(ThreadIdInWgOp)
#undef TIRX_SCOPE_ID_VERIFY

//===----------------------------------------------------------------------===//
// KernelOp
//===----------------------------------------------------------------------===//

void KernelOp::build(OpBuilder &builder, OperationState &state,
                     ValueRange dynamicGrid) {
  state.addOperands(dynamicGrid);
  Region *body = state.addRegion();
  body->push_back(new Block());
}

namespace {
/// The extents declared by all scope ids of one kind in a kernel.
struct ScopeInfo {
  Operation *op = nullptr;                // first op of this kind
  std::optional<SmallVector<int64_t>> extents; // first op that had extents
  Operation *extentsOp = nullptr;
};
} // namespace

static std::string formatExtents(ArrayRef<int64_t> extents) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(extents, os);
  os << "]";
  return s;
}

/// a * b for positive extents, saturating at INT64_MAX: every count it feeds
/// has a far smaller limit, which then reports the excess.
static int64_t mulSat(int64_t a, int64_t b) {
  int64_t r;
  return llvm::MulOverflow(a, b, r) ? INT64_MAX : r;
}

static int64_t product(ArrayRef<int64_t> xs) {
  int64_t p = 1;
  for (int64_t x : xs)
    p = mulSat(p, x);
  return p;
}

static void pad3(ArrayRef<int64_t> in, int64_t out[3]) {
  for (int i = 0; i < 3; ++i)
    out[i] = i < static_cast<int>(in.size()) ? in[i] : 1;
}

FailureOr<LaunchShape> KernelOp::computeLaunchShape(bool allowDynamicGrid) {
  bool dynamicGrid = !getDynamicGrid().empty();
  if (dynamicGrid) {
    if (!allowDynamicGrid)
      return emitOpError("has a grid computed on the host (its grid "
                         "operands); this needs a static grid");
    if (getDynamicGrid().size() > 3)
      return emitOpError("takes one to three grid values, got ")
             << getDynamicGrid().size();
    if (getGrid())
      return emitOpError("has both grid values and a static 'grid'");
  }
  llvm::StringMap<ScopeInfo> infos;
  bool failedWalk = false;
  getBody().walk([&](Operation *op) {
    StringRef name = op->getName().getStringRef();
    if (!isa<ClusterIdOp, CtaIdOp, CtaIdInClusterOp, WarpgroupIdOp, WarpIdOp,
             WarpIdInWgOp, LaneIdOp, ThreadIdOp, ThreadIdInWgOp>(op))
      return;
    ScopeInfo &info = infos[name];
    if (!info.op)
      info.op = op;
    auto extents = op->getAttrOfType<DenseI64ArrayAttr>("extents");
    if (!extents)
      return;
    SmallVector<int64_t> values(extents.asArrayRef());
    if (!info.extents) {
      info.extents = values;
      info.extentsOp = op;
      return;
    }
    if (*info.extents != values) {
      op->emitOpError("extents ")
          << formatExtents(values) << " disagree with an earlier '" << name
          << "' with extents " << formatExtents(*info.extents);
      failedWalk = true;
    }
  });
  if (failedWalk)
    return failure();

  auto get = [&](StringRef name) -> ScopeInfo * {
    auto it = infos.find(name);
    return it == infos.end() ? nullptr : &it->second;
  };
  LaunchShape shape;

  // Threads per CTA: every scope id that determines it must agree.
  std::optional<int64_t> threads;
  Operation *threadsOp = nullptr;
  auto addThreads = [&](StringRef name, int64_t perId) -> LogicalResult {
    ScopeInfo *info = get(name);
    if (!info || !info->extents)
      return success();
    int64_t n = mulSat(product(*info->extents), perId);
    if (threads && *threads != n)
      return info->extentsOp->emitOpError("implies ")
             << n << " threads per CTA, but '"
             << threadsOp->getName().getStringRef() << "' implies "
             << *threads;
    threads = n;
    threadsOp = info->extentsOp;
    return success();
  };
  if (failed(addThreads("tirx.thread_id", 1)) ||
      failed(addThreads("tirx.warp_id", 32)) ||
      failed(addThreads("tirx.warpgroup_id", 128)))
    return failure();
  if (auto block = getBlock()) {
    if (block->empty() || block->size() > 3 ||
        llvm::any_of(*block, [](int64_t e) { return e <= 0; }))
      return emitOpError("'block' needs one to three positive extents");
    if (threads && *threads != product(*block))
      return emitOpError("'block' ")
             << formatExtents(*block) << " has " << product(*block)
             << " threads, but the scope ids imply " << *threads;
    threads = product(*block);
    pad3(*block, shape.block);
  } else if (threads) {
    ScopeInfo *tid = get("tirx.thread_id");
    if (tid && tid->extents)
      pad3(*tid->extents, shape.block);
    else
      pad3({*threads}, shape.block);
  } else {
    // No explicit extents: a kernel with thread-level ids needs them.
    for (StringRef name : {"tirx.thread_id", "tirx.warp_id", "tirx.warpgroup_id",
                           "tirx.lane_id", "tirx.warp_id_in_wg",
                           "tirx.thread_id_in_wg"})
      if (ScopeInfo *info = get(name))
        return info->op->emitOpError(
            "cannot infer the number of threads per CTA: give "
            "'tirx.thread_id', 'tirx.warp_id' or 'tirx.warpgroup_id' "
            "extents");
    threads = 1;
  }
  auto needMultiple = [&](StringRef name, int64_t unit,
                          StringRef what) -> LogicalResult {
    if (ScopeInfo *info = get(name))
      if (*threads % unit != 0)
        return info->op->emitOpError("needs whole ")
               << what << "s, but the CTA has " << *threads << " threads";
    return success();
  };
  if (failed(needMultiple("tirx.lane_id", 32, "warp")) ||
      failed(needMultiple("tirx.warp_id", 32, "warp")) ||
      failed(needMultiple("tirx.warpgroup_id", 128, "warpgroup")) ||
      failed(needMultiple("tirx.warp_id_in_wg", 128, "warpgroup")) ||
      failed(needMultiple("tirx.thread_id_in_wg", 128, "warpgroup")))
    return failure();
  if (*threads > 1024)
    return (threadsOp ? threadsOp->emitOpError() : emitOpError())
           << "a CTA has at most 1024 threads, got " << *threads;

  // Cluster shape: cta_id_in_cluster, the function's tirx.launch, or the
  // 'cluster' attribute; they must agree.
  std::optional<SmallVector<int64_t>> cluster;
  // The op that gave the cluster shape first: a cluster that is too big is
  // reported there (the scope id's extents, not the kernel).
  Operation *clusterAt = nullptr;
  auto addCluster = [&](ArrayRef<int64_t> dims, Operation *at,
                        StringRef what) -> LogicalResult {
    int64_t padded[3];
    pad3(dims, padded);
    SmallVector<int64_t> d(padded, padded + 3);
    if (cluster && *cluster != d)
      return at->emitOpError() << what << " " << formatExtents(dims)
                               << " disagrees with the cluster shape "
                               << formatExtents(*cluster);
    if (!cluster)
      clusterAt = at;
    cluster = d;
    return success();
  };
  if (ScopeInfo *info = get("tirx.cta_id_in_cluster"))
    if (info->extents &&
        failed(addCluster(*info->extents, info->extentsOp,
                          "'tirx.cta_id_in_cluster' extents")))
      return failure();
  if (auto func = (*this)->getParentOfType<FunctionOpInterface>())
    if (auto launch = func->getAttrOfType<LaunchAttr>("tirx.launch"))
      if (!launch.getClusterDims().empty() &&
          failed(addCluster(launch.getClusterDims(), *this,
                            "the function's cluster_dims")))
        return failure();
  if (auto attr = getCluster()) {
    if (attr->empty() || attr->size() > 3 ||
        llvm::any_of(*attr, [](int64_t e) { return e <= 0; }))
      return emitOpError("'cluster' needs one to three positive extents");
    if (failed(addCluster(*attr, *this, "'cluster'")))
      return failure();
  }
  if (cluster) {
    shape.hasCluster = true;
    llvm::copy(*cluster, shape.cluster);
    if (product(*cluster) > 16)
      return (clusterAt ? clusterAt : getOperation())
                 ->emitOpError("a cluster holds at most 16 CTAs, got ")
             << product(*cluster);
  } else if (ScopeInfo *info = get("tirx.cta_id_in_cluster")) {
    return info->op->emitOpError(
        "cannot infer the cluster shape: give extents, the function's "
        "'tirx.launch' cluster_dims, or the kernel's 'cluster'");
  }

  // Grid: cta_id, or cluster_id x cluster; they must agree.
  std::optional<SmallVector<int64_t>> grid;
  ScopeInfo *cta = get("tirx.cta_id");
  ScopeInfo *clusterId = get("tirx.cluster_id");
  if (dynamicGrid) {
    // The host computes the grid: no static extents to agree with.
    for (ScopeInfo *info : {cta, clusterId})
      if (info && info->extents)
        return info->extentsOp->emitOpError(
            "has extents, but the kernel's grid is computed on the host (its "
            "grid operands); omit them");
    for (int i = 0; i < 3; ++i)
      shape.grid[i] = i < static_cast<int>(getDynamicGrid().size())
                          ? ShapedType::kDynamic
                          : 1;
    shape.hasDynamicGrid = true;
    return shape;
  }
  if (cta && cta->extents) {
    int64_t padded[3];
    pad3(*cta->extents, padded);
    grid = SmallVector<int64_t>(padded, padded + 3);
  }
  if (clusterId && clusterId->extents) {
    if (!cluster)
      return clusterId->op->emitOpError(
          "needs a cluster shape ('tirx.cta_id_in_cluster' extents or the "
          "function's 'tirx.launch' cluster_dims)");
    int64_t padded[3];
    pad3(*clusterId->extents, padded);
    SmallVector<int64_t> g;
    for (int i = 0; i < 3; ++i)
      g.push_back(mulSat(padded[i], (*cluster)[i]));
    if (grid && *grid != g)
      return clusterId->extentsOp->emitOpError("extents ")
             << formatExtents(*clusterId->extents) << " times the cluster "
             << formatExtents(*cluster) << " give the grid "
             << formatExtents(g) << ", but 'tirx.cta_id' declares "
             << formatExtents(*grid);
    grid = g;
  }
  if (auto attr = getGrid()) {
    if (attr->empty() || attr->size() > 3 ||
        llvm::any_of(*attr, [](int64_t e) { return e <= 0; }))
      return emitOpError("'grid' needs one to three positive extents");
    int64_t padded[3];
    pad3(*attr, padded);
    SmallVector<int64_t> g(padded, padded + 3);
    if (grid && *grid != g)
      return emitOpError("'grid' ")
             << formatExtents(*attr) << " disagrees with the scope ids' grid "
             << formatExtents(*grid);
    grid = g;
  }
  if (!grid) {
    for (ScopeInfo *info : {cta, clusterId})
      if (info)
        return info->op->emitOpError("cannot infer the grid: give "
                                     "'tirx.cta_id' or 'tirx.cluster_id' "
                                     "extents");
    if (cluster)
      grid = *cluster; // One cluster.
    else
      grid = SmallVector<int64_t>{1, 1, 1};
  }
  llvm::copy(*grid, shape.grid);
  // CUDA's launch limits: 2^31 - 1 CTAs in x, 65535 in y and z.
  static constexpr int64_t kMaxGrid[3] = {2147483647, 65535, 65535};
  for (int i = 0; i < 3; ++i)
    if (shape.grid[i] > kMaxGrid[i])
      return emitOpError("the grid ")
             << formatExtents(*grid) << " exceeds the launch limit of "
             << kMaxGrid[i] << " CTAs in dimension " << "xyz"[i];
  if (cluster)
    for (int i = 0; i < 3; ++i)
      if (shape.grid[i] % shape.cluster[i] != 0)
        return emitOpError("the grid ")
               << formatExtents(*grid) << " is not a multiple of the cluster "
               << formatExtents(*cluster);
  return shape;
}

/// Types that may cross from the host part of a function into its kernel.
static bool crossesHostDeviceBoundary(Type type) {
  if (type.isIntOrIndexOrFloat() || isa<TensorMapType>(type))
    return true;
  if (auto ptr = dyn_cast<PtrType>(type))
    return ptr.getMemorySpace() == MemorySpace::Global ||
           ptr.getMemorySpace() == MemorySpace::Generic ||
           ptr.getMemorySpace() == MemorySpace::Param;
  if (auto buffer = dyn_cast<BufferType>(type))
    return buffer.getMemorySpace() == MemorySpace::Global;
  return false;
}

LogicalResult KernelOp::verifyRegions() {
  if ((*this)->getParentOfType<KernelOp>())
    return emitOpError("cannot be nested in another 'tirx.kernel'");
  auto func = (*this)->getParentOfType<FunctionOpInterface>();
  if (!func)
    return emitOpError("must be inside a function");
  if (func->getParentRegion() != nullptr) {
    unsigned count = 0;
    func->walk([&](KernelOp) { ++count; });
    if (count > 1)
      return emitOpError("a function has at most one 'tirx.kernel'");
  }
  Region &body = getBody();
  WalkResult captured = body.walk([&](Operation *op) {
    for (Value operand : op->getOperands()) {
      Region *defRegion = operand.getParentRegion();
      if (defRegion && body.isAncestor(defRegion))
        continue;
      if (crossesHostDeviceBoundary(operand.getType()))
        continue;
      op->emitOpError("uses a value of type ")
          << operand.getType()
          << " from outside its 'tirx.kernel'; only scalars, global "
             "pointers and buffers, and tensormaps cross the host/device "
             "boundary";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (captured.wasInterrupted())
    return failure();
  return computeLaunchShape(/*allowDynamicGrid=*/true);
}
