//===- ResolveLayouts.cpp - Lower accesses through tile layouts -*- C++ -*-===//
//
// tirx-resolve-layouts: every buffer with a #tirx.layout becomes a flat
// rank-1 buffer of the layout's memory span, and every access through it an
// access at the element offset the layout gives (shard, offsets, swizzle).
// Views (slice, reshape, bind, local_view) are folded into the accesses.
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/Dialect/TIRxTileOps.h"
#include "TIRx/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::tirx {
#define GEN_PASS_DEF_RESOLVELAYOUTSPASS
#include "TIRx/Transforms/Passes.h.inc"
} // namespace mlir::tirx

using namespace mlir;
using namespace mlir::tirx;

namespace {

/// A buffer value with a tile layout: its root storage and how its indices
/// map to the root's.
struct View {
  Value flat;
  LayoutAttr layout;
  SmallVector<int64_t> rootShape;
  MemorySpace space;
  /// Steps from this view's indices to the root's, applied in order.
  struct Step {
    bool isSlice;
    SmallVector<Value> offsets;         // slice
    SmallVector<int64_t> from, to;      // reshape: view shape -> parent shape
  };
  SmallVector<Step> steps;
};

struct ResolveLayoutsPass
    : tirx::impl::ResolveLayoutsPassBase<ResolveLayoutsPass> {
  void runOnOperation() override;

private:
  llvm::DenseMap<Value, View> views;
  SmallVector<Operation *> toErase;

  LogicalResult visit(Operation *op);
  LogicalResult addRoot(Value value, Value flat);
  Value indexValue(OpBuilder &b, Location loc, int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }
  SmallVector<Value> rootCoords(OpBuilder &b, Location loc, const View &view,
                                ValueRange indices);
  Value axisOffset(OpBuilder &b, Location loc, const View &view,
                   ArrayRef<Value> coords, LayoutAxis axis);
  Value memoryIndex(OpBuilder &b, Location loc, const View &view,
                    ValueRange indices);
  Value tmemAddress(OpBuilder &b, Location loc, const View &view,
                    ValueRange indices, PtrType type);
};

} // namespace

static BufferType flatType(BufferType type) {
  LayoutAttr layout = type.getTileLayout();
  int64_t span = type.getMemorySpace() == MemorySpace::TMem
                     ? 1
                     : layout.getSpan(LayoutAxis::M);
  return BufferType::get({span}, type.getElementType(), type.getMemorySpace());
}

static bool isTiled(Value value) {
  auto type = dyn_cast<BufferType>(value.getType());
  return type && type.getTileLayout();
}

LogicalResult ResolveLayoutsPass::addRoot(Value value, Value flat) {
  auto type = cast<BufferType>(value.getType());
  View view;
  view.flat = flat;
  view.layout = type.getTileLayout();
  view.rootShape.assign(type.getShape().begin(), type.getShape().end());
  view.space = type.getMemorySpace();
  views[value] = std::move(view);
  return success();
}

SmallVector<Value> ResolveLayoutsPass::rootCoords(OpBuilder &b, Location loc,
                                                  const View &view,
                                                  ValueRange indices) {
  SmallVector<Value> coords(indices.begin(), indices.end());
  for (const View::Step &step : view.steps) {
    if (step.isSlice) {
      for (auto [c, o] : llvm::zip(coords, step.offsets))
        c = b.createOrFold<arith::AddIOp>(loc, c, o);
      continue;
    }
    Value linear = indexValue(b, loc, 0);
    for (auto [c, d] : llvm::zip(coords, step.from))
      linear = b.createOrFold<arith::AddIOp>(
          loc, b.createOrFold<arith::MulIOp>(loc, linear, indexValue(b, loc, d)),
          c);
    coords.assign(step.to.size(), Value());
    for (int64_t d = static_cast<int64_t>(step.to.size()) - 1; d >= 0; --d) {
      Value size = indexValue(b, loc, step.to[d]);
      coords[d] = d == 0 ? linear
                         : b.createOrFold<arith::RemUIOp>(loc, linear, size);
      if (d > 0)
        linear = b.createOrFold<arith::DivUIOp>(loc, linear, size);
    }
  }
  return coords;
}

Value ResolveLayoutsPass::axisOffset(OpBuilder &b, Location loc,
                                     const View &view, ArrayRef<Value> coords,
                                     LayoutAxis axis) {
  LayoutAttr layout = view.layout;
  Value sum = indexValue(b, loc, 0);
  auto addTerm = [&](Value digit, const LayoutIter &it) {
    if (it.axis != axis || it.stride == 0)
      return;
    sum = b.createOrFold<arith::AddIOp>(
        loc, sum,
        b.createOrFold<arith::MulIOp>(loc, digit,
                                      indexValue(b, loc, it.stride)));
  };
  auto groups = layout.groupByShape(view.rootShape);
  if (succeeded(groups)) {
    // Per dimension: the coordinate's mixed-radix digits.
    for (auto [d, group] : llvm::enumerate(*groups)) {
      Value c = coords[d];
      for (int64_t k = static_cast<int64_t>(group.size()) - 1; k >= 0; --k) {
        const LayoutIter &it = group[k];
        Value extent = indexValue(b, loc, it.extent);
        Value digit = k == 0 ? c : b.createOrFold<arith::RemUIOp>(loc, c, extent);
        addTerm(digit, it);
        if (k > 0)
          c = b.createOrFold<arith::DivUIOp>(loc, c, extent);
      }
    }
  } else {
    // Row-major linear index, split by the shard extents.
    Value linear = indexValue(b, loc, 0);
    for (auto [c, d] : llvm::zip(coords, view.rootShape))
      linear = b.createOrFold<arith::AddIOp>(
          loc,
          b.createOrFold<arith::MulIOp>(loc, linear, indexValue(b, loc, d)),
          c);
    ArrayRef<LayoutIter> shard = layout.getShard();
    for (int64_t k = static_cast<int64_t>(shard.size()) - 1; k >= 0; --k) {
      Value extent = indexValue(b, loc, shard[k].extent);
      Value digit =
          k == 0 ? linear : b.createOrFold<arith::RemUIOp>(loc, linear, extent);
      addTerm(digit, shard[k]);
      if (k > 0)
        linear = b.createOrFold<arith::DivUIOp>(loc, linear, extent);
    }
  }
  for (const LayoutOffset &o : layout.getOffsets())
    if (o.axis == axis)
      sum = b.createOrFold<arith::AddIOp>(loc, sum, indexValue(b, loc, o.value));
  return sum;
}

Value ResolveLayoutsPass::memoryIndex(OpBuilder &b, Location loc,
                                      const View &view, ValueRange indices) {
  SmallVector<Value> coords = rootCoords(b, loc, view, indices);
  Value m = axisOffset(b, loc, view, coords, LayoutAxis::M);
  SwizzleSpec s = view.layout.getSwizzle();
  if (s.isNone())
    return m;
  // m ^ ((m >> shift) & (((1 << bits) - 1) << base))
  Value shifted =
      b.createOrFold<arith::ShRUIOp>(loc, m, indexValue(b, loc, s.shift));
  Value mask = indexValue(b, loc, ((int64_t(1) << s.bits) - 1) << s.base);
  Value bits = b.createOrFold<arith::AndIOp>(loc, shifted, mask);
  return b.createOrFold<arith::XOrIOp>(loc, m, bits);
}

Value ResolveLayoutsPass::tmemAddress(OpBuilder &b, Location loc,
                                      const View &view, ValueRange indices,
                                      PtrType type) {
  SmallVector<Value> coords = rootCoords(b, loc, view, indices);
  Value lane = axisOffset(b, loc, view, coords, LayoutAxis::TLane);
  Value col = axisOffset(b, loc, view, coords, LayoutAxis::TCol);
  Type i32 = b.getI32Type();
  Value offset = b.createOrFold<arith::AddIOp>(
      loc,
      b.createOrFold<arith::ShLIOp>(loc, lane, indexValue(b, loc, 16)), col);
  Value base = BufferDataOp::create(b, loc, view.flat);
  Value baseInt = ReinterpretOp::create(b, loc, i32, base);
  Value sum = b.createOrFold<arith::AddIOp>(
      loc, baseInt, b.createOrFold<arith::IndexCastUIOp>(loc, i32, offset));
  return ReinterpretOp::create(b, loc, type, sum);
}

LogicalResult ResolveLayoutsPass::visit(Operation *op) {
  if (auto tile = dyn_cast<TileOpInterface>(op))
    return op->emitOpError("is a tile primitive that was not dispatched; run "
                           "tirx-dispatch-tile-primitives before "
                           "tirx-resolve-layouts");
  OpBuilder b(op);
  Location loc = op->getLoc();

  // Roots.
  if (auto func = dyn_cast<FunctionOpInterface>(op)) {
    if (func.isExternal())
      return success();
    bool changed = false;
    SmallVector<Type> inputs(func.getArgumentTypes());
    for (BlockArgument arg : func.getArguments()) {
      if (!isTiled(arg))
        continue;
      auto type = cast<BufferType>(arg.getType());
      (void)addRoot(arg, arg);
      views[arg].flat = arg;
      inputs[arg.getArgNumber()] = flatType(type);
      changed = true;
    }
    if (changed) {
      // Retype the arguments after the users are rewritten (see below);
      // remember the new types now.
      for (BlockArgument arg : func.getArguments())
        if (isTiled(arg))
          arg.setType(inputs[arg.getArgNumber()]);
      func.setType(FunctionType::get(op->getContext(), inputs,
                                     func.getResultTypes()));
    }
    return success();
  }
  if (auto alloc = dyn_cast<AllocBufferOp>(op)) {
    if (!isTiled(alloc.getResult()))
      return success();
    auto flat = AllocBufferOp::create(b, loc, flatType(alloc.getType()),
                                      ValueRange{}, alloc.getAlignmentAttr(),
                                      alloc.getNameAttr());
    toErase.push_back(op);
    return addRoot(alloc.getResult(), flat);
  }
  if (auto decl = dyn_cast<DeclBufferOp>(op)) {
    if (!isTiled(decl.getResult()))
      return success();
    if (decl.getElemOffset() || !decl.getDynamicSizes().empty())
      return decl.emitOpError("a view with a tile layout takes no elem_offset "
                              "or dynamic sizes");
    auto flat = DeclBufferOp::create(b, loc, flatType(decl.getType()),
                                     decl.getData(), Value(),
                                     decl.getByteOffset(), ValueRange{},
                                     decl.getNameAttr());
    toErase.push_back(op);
    return addRoot(decl.getResult(), flat);
  }

  // Views.
  auto viewOf = [&](Value v) -> const View * {
    auto it = views.find(v);
    return it == views.end() ? nullptr : &it->second;
  };
  if (auto slice = dyn_cast<BufferSliceOp>(op)) {
    const View *parent = viewOf(slice.getSource());
    if (!parent)
      return success();
    View view = *parent;
    View::Step step;
    step.isSlice = true;
    step.offsets.assign(slice.getOffsets().begin(), slice.getOffsets().end());
    view.steps.insert(view.steps.begin(), step);
    views[slice.getResult()] = std::move(view);
    toErase.push_back(op);
    return success();
  }
  if (auto reshape = dyn_cast<BufferReshapeOp>(op)) {
    const View *parent = viewOf(reshape.getSource());
    if (!parent)
      return success();
    View view = *parent;
    View::Step step;
    step.isSlice = false;
    auto from = cast<BufferType>(reshape.getResult().getType()).getShape();
    auto to = cast<BufferType>(reshape.getSource().getType()).getShape();
    step.from.assign(from.begin(), from.end());
    step.to.assign(to.begin(), to.end());
    view.steps.insert(view.steps.begin(), step);
    views[reshape.getResult()] = std::move(view);
    toErase.push_back(op);
    return success();
  }
  if (auto bind = dyn_cast<BindOp>(op)) {
    const View *parent = viewOf(bind.getValue());
    if (!parent)
      return success();
    views[bind.getResult()] = *parent;
    toErase.push_back(op);
    return success();
  }
  if (auto local = dyn_cast<TileLocalViewOp>(op)) {
    const View *view = viewOf(local.getSource());
    if (!view)
      return success();
    if (!view->steps.empty())
      return local.emitOpError("views the registers of a whole fragment, not "
                               "of a slice or reshape of one");
    local.getResult().replaceAllUsesWith(view->flat);
    toErase.push_back(op);
    return success();
  }

  // Accesses.
  if (auto load = dyn_cast<BufferLoadOp>(op)) {
    const View *view = viewOf(load.getBuffer());
    if (!view)
      return success();
    if (auto vec = dyn_cast<VectorType>(load.getType()))
      if (!view->layout.hasContiguousRuns(view->rootShape,
                                          vec.getNumElements()))
        return load.emitOpError("loads ")
               << vec.getNumElements()
               << " elements at once, but the tile layout does not keep such "
                  "runs contiguous and aligned";
    Value m = memoryIndex(b, loc, *view, load.getIndices());
    Value v = BufferLoadOp::create(b, loc, load.getType(), view->flat,
                                   ValueRange{m});
    load.getResult().replaceAllUsesWith(v);
    toErase.push_back(op);
    return success();
  }
  if (auto store = dyn_cast<BufferStoreOp>(op)) {
    const View *view = viewOf(store.getBuffer());
    if (!view)
      return success();
    if (auto vec = dyn_cast<VectorType>(store.getValue().getType()))
      if (!view->layout.hasContiguousRuns(view->rootShape,
                                          vec.getNumElements()))
        return store.emitOpError("stores ")
               << vec.getNumElements()
               << " elements at once, but the tile layout does not keep such "
                  "runs contiguous and aligned";
    Value m = memoryIndex(b, loc, *view, store.getIndices());
    BufferStoreOp::create(b, loc, store.getValue(), view->flat, ValueRange{m});
    toErase.push_back(op);
    return success();
  }
  if (auto ptrTo = dyn_cast<PtrToOp>(op)) {
    const View *view = viewOf(ptrTo.getBuffer());
    if (!view)
      return success();
    Value ptr;
    if (view->space == MemorySpace::TMem)
      ptr = tmemAddress(b, loc, *view, ptrTo.getIndices(), ptrTo.getType());
    else
      ptr = PtrToOp::create(b, loc, view->flat,
                            ValueRange{memoryIndex(b, loc, *view,
                                                   ptrTo.getIndices())});
    ptrTo.getResult().replaceAllUsesWith(ptr);
    toErase.push_back(op);
    return success();
  }
  if (auto data = dyn_cast<BufferDataOp>(op)) {
    const View *view = viewOf(data.getBuffer());
    if (!view)
      return success();
    SmallVector<Value> zeros(
        cast<BufferType>(data.getBuffer().getType()).getRank(),
        indexValue(b, loc, 0));
    Value ptr;
    if (view->space == MemorySpace::TMem)
      ptr = tmemAddress(b, loc, *view, zeros, data.getType());
    else
      ptr = PtrToOp::create(b, loc, view->flat,
                            ValueRange{memoryIndex(b, loc, *view, zeros)});
    data.getResult().replaceAllUsesWith(ptr);
    toErase.push_back(op);
    return success();
  }
  if (auto access = dyn_cast<AccessPtrOp>(op)) {
    const View *view = viewOf(access.getBuffer());
    if (!view)
      return success();
    if (!view->steps.empty())
      return access.emitOpError("takes a physical offset, so its buffer must "
                                "be a whole tile-layout buffer, not a view");
    access.getBufferMutable().assign(view->flat);
    return success();
  }
  for (Value operand : op->getOperands())
    if (viewOf(operand))
      return op->emitOpError("uses a buffer with a tile layout in a way "
                             "tirx-resolve-layouts cannot lower (pass it to "
                             "buffer accesses, views or tile primitives)");
  return success();
}

void ResolveLayoutsPass::runOnOperation() {
  views.clear();
  toErase.clear();
  WalkResult result = getOperation()->walk<WalkOrder::PreOrder>(
      [&](Operation *op) {
        return failed(visit(op)) ? WalkResult::interrupt()
                                 : WalkResult::advance();
      });
  if (result.wasInterrupted())
    return signalPassFailure();
  for (Operation *op : llvm::reverse(toErase)) {
    op->dropAllUses();
    op->erase();
  }
}
