//===- TileCopyVariants.cpp - tirx.tile.copy variants -----------*- C++ -*-===//
//
// `vec` (10): vectorized loads and stores; threads of the scope split the
//   region in row-major vectors (memory to memory), or each thread moves
//   the elements its register layout gives it (register fragments).
// `ldstmatrix` (10): ldmatrix / stmatrix between a warp's 16-bit register
//   fragment and shared memory, matched 8x8 block by block.
// `fallback` (0): one thread copies element by element, with a warning.
//
//===----------------------------------------------------------------------===//

#include "TileFragment.h"
#include "TileVariants.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::tile;

namespace {

/// True for a thread-private register buffer (no thread axes).
bool isPrivateLocal(const TileOperand &o) {
  if (!o.isBuffer() || o.getMemorySpace() != MemorySpace::Local)
    return false;
  LayoutAttr layout = o.getBufferType().getTileLayout();
  return !layout || !layout.hasThreadAxes();
}

/// True for a register buffer spread over threads.
bool isDistributedLocal(const TileOperand &o) {
  return o.isBuffer() && o.getMemorySpace() == MemorySpace::Local &&
         !isPrivateLocal(o);
}

int64_t configInt(TileOpInterface op, StringRef key, int64_t fallback) {
  if (auto attr = op.getConfigDict().getAs<IntegerAttr>(key))
    return attr.getInt();
  return fallback;
}

//===----------------------------------------------------------------------===//
// Cooperative memory-to-memory partition (shared by several primitives)
//===----------------------------------------------------------------------===//

/// The plan of a vectorized copy: `vec` elements per access, spread over
/// `threads` threads.
struct CopyPlan {
  int64_t vec = 1;
  int64_t threads = 1;
  int64_t numVectors = 0;
  /// Set for a register fragment: which operand is the fragment.
  std::optional<Fragment> fragment;
  int fragmentOperand = -1;
};

std::string planCopy(TileOpInterface op, const TileDispatchContext &ctx,
                     CopyPlan &plan) {
  SmallVector<TileOperand> ops = op.getTileOperands();
  const TileOperand &dst = ops[0], &src = ops[1];
  for (const TileOperand &o : {dst, src})
    if (!o.getBufferType().hasStaticShape() && isa<BufferType>(o.value.getType()) &&
        o.getMemorySpace() == MemorySpace::Local)
      return "register buffers need static shapes";
  if (std::string why = checkCooperativeScope(ctx); !why.empty())
    return why;
  int64_t elem = elementBytes(dst.getElementType());
  int64_t maxVec = std::max<int64_t>(1, 16 / elem);
  int64_t forced = configInt(op, "vec_len", 0);
  if (forced && (forced < 1 || !llvm::isPowerOf2_64(forced) ||
                 forced * elem > 32))
    return "vec_len " + std::to_string(forced) +
           " is not a power of two of at most 32 bytes";
  if (forced)
    maxVec = forced;
  bool dDist = isDistributedLocal(dst), sDist = isDistributedLocal(src);
  if (dDist && sDist)
    return "both operands are register fragments spread over threads (use "
           "tirx.tile.permute_layout)";
  if (dDist || sDist) {
    const TileOperand &frag = dDist ? dst : src;
    const TileOperand &mem = dDist ? src : dst;
    if (!frag.isWholeBuffer())
      return "a register fragment operand must be the whole buffer";
    std::string why;
    FailureOr<Fragment> f = analyzeFragment(frag.getBufferType(), ctx.scope,
                                            ctx.scopeThreads, why);
    if (failed(f))
      return "register layout: " + why;
    plan.fragment = std::move(*f);
    plan.fragmentOperand = dDist ? 0 : 1;
    int64_t v = std::min(maxVec, contiguousRun(mem, maxVec));
    if (isPrivateLocal(mem))
      v = maxVec;
    // Thread bases must keep vector alignment.
    for (const auto &d : plan.fragment->threadDigits)
      v = std::min(v, pow2Divisor(d.weight, maxVec));
    if (forced && v < forced)
      return "vec_len " + std::to_string(forced) +
             " is wider than the fragment's aligned runs";
    plan.vec = v;
    plan.threads = ctx.scopeThreads;
    return "";
  }
  // Memory to memory. A thread-private register operand means every thread
  // copies the whole region.
  plan.threads = (isPrivateLocal(dst) || isPrivateLocal(src))
                     ? 1
                     : ctx.scopeThreads;
  int64_t v = std::min(contiguousRun(dst, maxVec), contiguousRun(src, maxVec));
  if (forced && v < forced)
    return "vec_len " + std::to_string(forced) +
           " exceeds the widest contiguous aligned run (" + std::to_string(v) +
           " elements)";
  int64_t n = dst.getNumElements();
  while (v > 1 && (n / v) % plan.threads != 0 && !forced)
    v /= 2;
  if ((n / v) % plan.threads != 0)
    return "the region's " + std::to_string(n / v) + " vectors of " +
           std::to_string(v) + " do not divide among the scope's " +
           std::to_string(plan.threads) + " threads";
  plan.vec = v;
  plan.numVectors = n / v;
  return "";
}

/// Emits the planned copy.
void emitCopy(OpBuilder &b, Location loc, const TileDispatchContext &ctx,
              const TileOperand &dst, const TileOperand &src,
              const CopyPlan &plan) {
  if (plan.fragment) {
    const Fragment &f = *plan.fragment;
    const TileOperand &frag = plan.fragmentOperand == 0 ? dst : src;
    const TileOperand &mem = plan.fragmentOperand == 0 ? src : dst;
    Value regs = localRegisters(b, loc, frag.value);
    Value tid = f.distributed() || f.replicated() ? scopeThreadId(b, loc, ctx)
                                                   : Value();
    Value base = f.distributed() ? f.emitThreadBase(b, loc, tid)
                                 : cIndex(b, loc, 0);
    Type elemType = frag.getElementType();
    size_t n = f.slotMemory.size();
    // From a replicated fragment to memory: one replica stores (the others
    // hold the same elements).
    Value writer;
    if (plan.fragmentOperand == 1 && f.replicated())
      writer = f.emitWritingReplica(b, loc, tid);
    for (size_t j = 0; j < n;) {
      int64_t v = plan.vec;
      // Shrink to a run of consecutive, aligned slots.
      while (v > 1) {
        bool ok = j + v <= n && f.slotLogical[j] % v == 0;
        for (int64_t k = 1; ok && k < v; ++k)
          ok = f.slotLogical[j + k] == f.slotLogical[j] + k &&
               f.slotMemory[j + k] == f.slotMemory[j] + k;
        if (ok)
          break;
        v /= 2;
      }
      Value linear = addI(b, loc, base, f.slotLogical[j]);
      Value reg = cIndex(b, loc, f.slotMemory[j]);
      if (plan.fragmentOperand == 0) {
        Value value = loadAt(b, loc, mem, linear, v);
        BufferStoreOp::create(b, loc, value, regs, ValueRange{reg});
      } else {
        Value value = BufferLoadOp::create(b, loc, vectorOf(elemType, v), regs,
                                           ValueRange{reg});
        emitIf(b, loc, writer,
               [&](OpBuilder &b) { storeAt(b, loc, mem, linear, value); });
      }
      j += v;
    }
    return;
  }
  Value tid = plan.threads > 1 ? scopeThreadId(b, loc, ctx) : Value();
  int64_t iterations = plan.numVectors / plan.threads;
  emitLoop(b, loc, iterations, [&](OpBuilder &b, Value it) {
    Value idx = mulI(b, loc, it, plan.threads);
    if (tid)
      idx = addI(b, loc, idx, tid);
    Value linear = mulI(b, loc, idx, plan.vec);
    Value value = loadAt(b, loc, src, linear, plan.vec);
    storeAt(b, loc, dst, linear, value);
  });
}

//===----------------------------------------------------------------------===//
// vec
//===----------------------------------------------------------------------===//

TileVariant vecVariant() {
  TileVariant v;
  v.primitive = "copy";
  v.name = "vec";
  v.priority = 10;
  v.summary = "vectorized ld/st: threads split the region into the widest "
              "aligned vectors, or move their register-fragment elements";
  v.configKeys = {{"vec_len", TileConfigType::Int,
                   "force the vector width in elements"}};
  v.match = [](TileOpInterface op, const TileDispatchContext &ctx) {
    CopyPlan plan;
    return planCopy(op, ctx, plan);
  };
  v.emit = [](TileOpInterface op, const TileDispatchContext &ctx,
              RewriterBase &rewriter) -> LogicalResult {
    CopyPlan plan;
    (void)planCopy(op, ctx, plan);
    SmallVector<TileOperand> ops = op.getTileOperands();
    emitCopy(rewriter, op.getLoc(), ctx, ops[0], ops[1], plan);
    return success();
  };
  return v;
}

//===----------------------------------------------------------------------===//
// ldstmatrix
//===----------------------------------------------------------------------===//

/// One 8x8 block of a 16-bit fragment: its position and the register pair
/// index every lane holds it in.
struct MatrixBlock {
  int64_t row, col; // block origin in the tile
  int64_t pair;     // registers 2*pair, 2*pair+1 of every lane
};

struct MatrixPlan {
  bool trans = false;
  SmallVector<MatrixBlock> blocks;
  int64_t rows = 0, cols = 0;
};

std::string planMatrix(TileOpInterface op, const TileDispatchContext &ctx,
                       MatrixPlan &plan, bool &toShared) {
  SmallVector<TileOperand> ops = op.getTileOperands();
  const TileOperand &dst = ops[0], &src = ops[1];
  bool dReg = isDistributedLocal(dst), sReg = isDistributedLocal(src);
  if (dReg == sReg)
    return "needs one register fragment and one shared-memory operand";
  const TileOperand &frag = dReg ? dst : src;
  const TileOperand &smem = dReg ? src : dst;
  toShared = sReg;
  if (!smem.isBuffer() || !isSharedScope(smem.getMemorySpace()))
    return "the other operand must be in shared memory";
  if (ctx.scope != ExecScope::Warp)
    return "needs warp scope";
  if (std::string why = checkCooperativeScope(ctx); !why.empty())
    return why;
  if (getElementBitWidth(frag.getElementType()) != 16)
    return "needs 16-bit elements";
  if (toShared && !ctx.atLeast(90))
    return "stmatrix needs sm_90 or newer";
  if (!ctx.atLeast(75))
    return "ldmatrix needs sm_75 or newer";
  if (!frag.isWholeBuffer())
    return "a register fragment operand must be the whole buffer";
  SmallVector<int64_t> shape = frag.getNonUnitSizes();
  if (shape.size() != 2 || shape[0] % 8 || shape[1] % 8)
    return "needs a 2-D tile of whole 8x8 blocks";
  plan.rows = shape[0];
  plan.cols = shape[1];
  if (contiguousRun(smem, 8) < 8)
    return "shared-memory rows of 8 elements are not contiguous and 16-byte "
           "aligned";
  std::string why;
  FailureOr<Fragment> f =
      analyzeFragment(frag.getBufferType(), ctx.scope, 32, why);
  if (failed(f))
    return "register layout: " + why;
  // Per lane: logical element -> register.
  SmallVector<llvm::DenseMap<int64_t, int64_t>> lanes(32);
  for (int64_t l = 0; l < 32; ++l) {
    int64_t base = f->threadBase(l);
    for (size_t j = 0; j < f->slotMemory.size(); ++j)
      lanes[l][base + f->slotLogical[j]] = f->slotMemory[j];
  }
  auto regOf = [&](int64_t lane, int64_t r, int64_t c) -> int64_t {
    auto it = lanes[lane].find(r * plan.cols + c);
    return it == lanes[lane].end() ? -1 : it->second;
  };
  // A block matches when every lane holds its two elements in one aligned
  // register pair, the same for all lanes.
  auto blockPair = [&](int64_t br, int64_t bc, bool trans) -> int64_t {
    int64_t pair = -1;
    for (int64_t l = 0; l < 32; ++l) {
      int64_t r0, c0, r1, c1;
      if (!trans) {
        r0 = r1 = br + l / 4;
        c0 = bc + 2 * (l % 4);
        c1 = c0 + 1;
      } else {
        r0 = br + 2 * (l % 4);
        r1 = r0 + 1;
        c0 = c1 = bc + l / 4;
      }
      int64_t a = regOf(l, r0, c0), b = regOf(l, r1, c1);
      if (a < 0 || b != a + 1 || a % 2 != 0)
        return -1;
      if (pair >= 0 && pair != a / 2)
        return -1;
      pair = a / 2;
    }
    return pair;
  };
  for (bool trans : {false, true}) {
    plan.blocks.clear();
    bool ok = true;
    for (int64_t br = 0; br < plan.rows && ok; br += 8)
      for (int64_t bc = 0; bc < plan.cols && ok; bc += 8) {
        int64_t pair = blockPair(br, bc, trans);
        if (pair < 0)
          ok = false;
        else
          plan.blocks.push_back({br, bc, pair});
      }
    if (ok) {
      plan.trans = trans;
      return "";
    }
  }
  return "the register layout does not hold whole 8x8 blocks the way "
         "ldmatrix/stmatrix deliver them";
}

TileVariant ldstmatrixVariant() {
  TileVariant v;
  v.primitive = "copy";
  v.name = "ldstmatrix";
  v.priority = 10;
  v.summary = "ldmatrix/stmatrix m8n8 (x4/x2/x1, optionally .trans) between "
              "a warp's 16-bit register fragment and shared memory";
  v.match = [](TileOpInterface op, const TileDispatchContext &ctx) {
    MatrixPlan plan;
    bool toShared;
    return planMatrix(op, ctx, plan, toShared);
  };
  v.emit = [](TileOpInterface op, const TileDispatchContext &ctx,
              RewriterBase &b) -> LogicalResult {
    MatrixPlan plan;
    bool toShared;
    (void)planMatrix(op, ctx, plan, toShared);
    Location loc = op.getLoc();
    SmallVector<TileOperand> ops = op.getTileOperands();
    const TileOperand &frag = toShared ? ops[1] : ops[0];
    const TileOperand &smem = toShared ? ops[0] : ops[1];
    Type elem = frag.getElementType();
    Type i32 = b.getI32Type();
    Type pairType = VectorType::get({2}, elem);
    Value regs = localRegisters(b, loc, frag.value);
    Value lane = laneId(b, loc, ctx);
    Value laneRow = remI(b, loc, lane, 8);
    Value laneBlock = divI(b, loc, lane, 8);
    for (size_t first = 0; first < plan.blocks.size();) {
      size_t count = std::min<size_t>(4, plan.blocks.size() - first);
      if (count == 3)
        count = 2;
      ArrayRef<MatrixBlock> group(plan.blocks.data() + first, count);
      // Lane l gives the address of row l % 8 of block l / 8.
      Value blockRow = cIndex(b, loc, group[0].row);
      Value blockCol = cIndex(b, loc, group[0].col);
      Value which = count == 1 ? cIndex(b, loc, 0)
                               : remI(b, loc, laneBlock, count);
      for (size_t k = 1; k < count; ++k) {
        Value isK = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          which, cIndex(b, loc, k));
        blockRow = arith::SelectOp::create(b, loc, isK,
                                           cIndex(b, loc, group[k].row),
                                           blockRow);
        blockCol = arith::SelectOp::create(b, loc, isK,
                                           cIndex(b, loc, group[k].col),
                                           blockCol);
      }
      SmallVector<Value> coords = {addI(b, loc, blockRow, laneRow), blockCol};
      Value ptr = PtrToOp::create(b, loc, smem.value,
                                  regionIndices(b, loc, smem, coords));
      auto num = count == 4   ? ptx::MatrixNum::X4
                 : count == 2 ? ptx::MatrixNum::X2
                              : ptx::MatrixNum::X1;
      auto vecType = VectorType::get({static_cast<int64_t>(count)}, i32);
      if (!toShared) {
        Value res = PTXLdMatrixOp::create(b, loc, vecType, ptr,
                                          ptx::MatrixShape::M8N8, num,
                                          ptx::MatrixElt::B16, plan.trans);
        for (size_t k = 0; k < count; ++k) {
          Value word = vector::ExtractOp::create(b, loc, res, int64_t(k));
          Value pair = ReinterpretOp::create(b, loc, pairType, word);
          BufferStoreOp::create(b, loc, pair, regs,
                                ValueRange{cIndex(b, loc, 2 * group[k].pair)});
        }
      } else {
        SmallVector<Value> words;
        for (size_t k = 0; k < count; ++k) {
          Value pair = BufferLoadOp::create(
              b, loc, pairType, regs,
              ValueRange{cIndex(b, loc, 2 * group[k].pair)});
          words.push_back(ReinterpretOp::create(b, loc, i32, pair));
        }
        Value vals = vector::FromElementsOp::create(b, loc, vecType, words);
        PTXStMatrixOp::create(b, loc, ptr, vals, ptx::MatrixShape::M8N8, num,
                              ptx::MatrixElt::B16, plan.trans);
      }
      first += count;
    }
    return success();
  };
  return v;
}

//===----------------------------------------------------------------------===//
// fallback
//===----------------------------------------------------------------------===//

TileVariant fallbackVariant() {
  TileVariant v;
  v.primitive = "copy";
  v.name = "fallback";
  v.priority = 0;
  v.summary = "one thread of the scope copies element by element (warns)";
  v.match = [](TileOpInterface op, const TileDispatchContext &ctx) {
    SmallVector<TileOperand> ops = op.getTileOperands();
    for (const TileOperand &o : ops) {
      if (isDistributedLocal(o))
        return std::string("register fragments spread over threads cannot "
                           "be copied by one thread");
      if (isPrivateLocal(o) && ctx.scope != ExecScope::Thread)
        return std::string("one thread cannot fill the other threads' "
                           "registers");
    }
    if (ctx.scope != ExecScope::Thread)
      if (std::string why = checkCooperativeScope(ctx); !why.empty())
        return why;
    return std::string();
  };
  v.emit = [](TileOpInterface op, const TileDispatchContext &ctx,
              RewriterBase &b) -> LogicalResult {
    Location loc = op.getLoc();
    op->emitWarning("tile copy falls back to a scalar loop run by one "
                    "thread of the ")
        << stringifyExecScope(ctx.scope) << " scope";
    SmallVector<TileOperand> ops = op.getTileOperands();
    Value leader;
    if (ctx.scope != ExecScope::Thread) {
      Value zero = cIndex(b, loc, 0);
      Value tid = scopeThreadId(b, loc, ctx);
      leader = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid,
                                     zero);
    }
    emitIf(b, loc, leader, [&](OpBuilder &b) {
      emitLoop(
          b, loc, ops[0].getNumElements(),
          [&](OpBuilder &b, Value i) {
            storeAt(b, loc, ops[0], i, loadAt(b, loc, ops[1], i));
          },
          /*unrollLimit=*/1);
    });
    return success();
  };
  return v;
}

} // namespace

void tile::registerCopyVariants() {
  registerTileVariant(vecVariant());
  registerTileVariant(ldstmatrixVariant());
  registerTileVariant(fallbackVariant());
}
