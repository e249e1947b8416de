//===- LowerProfile.cpp - tirx.profile ops: dropped or traced ---*- C++ -*-===//
//
// `tirx-lower-profile`: without `trace` the profile ops are erased (what
// every compile pipeline does, so a kernel costs nothing for the ranges it
// declares); with `trace` they become writes into a per-warp trace buffer
// (layout in TIRx/Dialect/TIRxProfileOps.h) that the pass adds as the
// kernel function's last parameter. The lowering is TIRx code (scope ids,
// a shared-memory counter, tirx.ptx special registers and atomics, buffer
// stores), so the simulator runs exactly what the GPU runs.
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/Dialect/TIRxPTXOps.h"
#include "TIRx/Dialect/TIRxProfileOps.h"
#include "TIRx/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::tirx {
#define GEN_PASS_DEF_LOWERPROFILEPASS
#include "TIRx/Transforms/Passes.h.inc"
} // namespace mlir::tirx

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::profile;

namespace {

bool isProfileOp(Operation *op) {
  return isa<ProfileRangeBeginOp, ProfileRangeEndOp, ProfileMarkOp>(op);
}

Value cIndex(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}
Value cInt(OpBuilder &b, Location loc, Type type, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, type, v);
}
Value toIndex(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isIndex())
    return v;
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), v);
}
Value add(OpBuilder &b, Location loc, Value x, Value y) {
  return arith::AddIOp::create(b, loc, x, y);
}
Value mul(OpBuilder &b, Location loc, Value x, Value y) {
  return arith::MulIOp::create(b, loc, x, y);
}
Value addC(OpBuilder &b, Location loc, Value x, int64_t c) {
  return c == 0 ? x : add(b, loc, x, cIndex(b, loc, c));
}
Value mulC(OpBuilder &b, Location loc, Value x, int64_t c) {
  return c == 1 ? x : mul(b, loc, x, cIndex(b, loc, c));
}

/// Extents with trailing 1s dropped (at least one).
SmallVector<int64_t> trimmed(const int64_t dims[3]) {
  SmallVector<int64_t> out(dims, dims + 3);
  while (out.size() > 1 && out.back() == 1)
    out.pop_back();
  return out;
}

/// The extents an existing scope-id op of kind OpT in `kernel` declares
/// (they must match exactly for the new op to agree with it), if any.
template <typename OpT>
std::optional<SmallVector<int64_t>> existingExtents(KernelOp kernel) {
  std::optional<SmallVector<int64_t>> out;
  kernel.getBody().walk([&](OpT op) {
    if (auto e = op.getExtents()) {
      out = SmallVector<int64_t>(e->begin(), e->end());
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return out;
}

/// Row-major linearization (x fastest) of `ids` in `extents`.
Value linearize(OpBuilder &b, Location loc, ValueRange ids,
                ArrayRef<Value> extents) {
  Value acc = toIndex(b, loc, ids.back());
  // Named steps, not nested calls: C++ leaves the order of argument
  // evaluation open, and the IR must not depend on the host compiler.
  for (int i = static_cast<int>(ids.size()) - 2; i >= 0; --i) {
    Value scaled = mul(b, loc, extents[i], acc);
    Value id = toIndex(b, loc, ids[i]);
    acc = add(b, loc, id, scaled);
  }
  return acc;
}

/// What every record of one kernel needs, computed once at its start.
struct WarpContext {
  Value buffer;  // !tirx.buffer<?xi64, global>
  Value counter; // !tirx.buffer<Wxi32, shared>
  Value warp;    // index
  Value lane;    // i32
  Value base;    // index of the warp's region
  int64_t capacity = 0;
  bool clock64 = false;
};

struct LowerProfilePass
    : tirx::impl::LowerProfilePassBase<LowerProfilePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!trace) {
      SmallVector<Operation *> ops;
      module.walk([&](Operation *op) {
        if (isProfileOp(op))
          ops.push_back(op);
      });
      for (Operation *op : ops)
        op->erase();
      return;
    }
    if (capacity < 1 || capacity > kMaxCapacity) {
      module.emitError("tirx-lower-profile: 'capacity' must be in [1, ")
          << kMaxCapacity << "], got " << static_cast<int64_t>(capacity);
      return signalPassFailure();
    }
    if (timer != "globaltimer" && timer != "clock64") {
      module.emitError("tirx-lower-profile: 'timer' must be 'globaltimer' or "
                       "'clock64', got '")
          << static_cast<std::string>(timer) << "'";
      return signalPassFailure();
    }
    // Profile ops by kernel, in program order.
    llvm::MapVector<KernelOp, SmallVector<Operation *>> byKernel;
    bool failedAny = false;
    module.walk([&](Operation *op) {
      if (!isProfileOp(op))
        return;
      auto kernel = op->getParentOfType<KernelOp>();
      if (!kernel) {
        op->emitOpError("is outside a 'tirx.kernel': run tirx-lower-profile "
                        "before the kernel is outlined "
                        "(tirx-split-host-device, convert-tirx-to-gpu)");
        failedAny = true;
        return;
      }
      byKernel[kernel].push_back(op);
    });
    if (failedAny)
      return signalPassFailure();
    for (auto &[kernel, ops] : byKernel)
      if (failed(instrument(module, kernel, ops)))
        return signalPassFailure();
  }

  LogicalResult instrument(ModuleOp module, KernelOp kernel,
                           ArrayRef<Operation *> ops) {
    auto func = kernel->getParentOfType<FunctionOpInterface>();
    if (!func || kernel->getParentOp() != func.getOperation() ||
        func.isExternal())
      return kernel.emitOpError(
          "can be traced only as the kernel of a function (directly in its "
          "body)");
    if (func->hasAttr(kTraceAttrName))
      return func.emitOpError("is already instrumented for tracing ('")
             << kTraceAttrName << "')";
    if (!SymbolTable::symbolKnownUseEmpty(func, module))
      return func.emitOpError(
          "is called from other functions; tracing adds a parameter to it");
    FailureOr<LaunchShape> shape =
        kernel.computeLaunchShape(/*allowDynamicGrid=*/true);
    if (failed(shape))
      return failure();

    MLIRContext *ctx = &getContext();
    Location loc = kernel.getLoc();
    OpBuilder b(ctx);
    Type i32 = b.getI32Type(), i64 = b.getI64Type();

    // The trace buffer: a new last parameter.
    auto bufferType = BufferType::get({ShapedType::kDynamic}, i64,
                                      MemorySpace::Global);
    unsigned param = func.getNumArguments();
    DictionaryAttr argAttrs = b.getDictionaryAttr(
        b.getNamedAttr("tirx.name", b.getStringAttr("__tirx_trace")));
    if (failed(func.insertArgument(param, bufferType, argAttrs, loc)))
      return func.emitOpError("cannot take the trace buffer parameter");
    Value buffer = func.getArgument(param);

    int64_t threads = shape->numThreads();
    int64_t warps = (threads + 31) / 32;
    int64_t stride = kHeaderWords + capacity * kRecordWords;

    b.setInsertionPointToStart(&kernel.getBody().front());
    // The thread's linear index in the CTA.
    Value tid;
    if (threads == 1) {
      tid = cIndex(b, loc, 0);
    } else {
      SmallVector<int64_t> ext =
          existingExtents<ThreadIdOp>(kernel).value_or(trimmed(shape->block));
      SmallVector<Type> types(ext.size(), i32);
      auto op = ThreadIdOp::create(b, loc, types,
                                   b.getDenseI64ArrayAttr(ext));
      SmallVector<Value> dims;
      for (int64_t e : ext)
        dims.push_back(cIndex(b, loc, e));
      tid = linearize(b, loc, op.getIds(), dims);
    }
    // The CTA's linear index in the grid.
    Value cta;
    if (shape->hasDynamicGrid) {
      ValueRange grid = kernel.getDynamicGrid();
      SmallVector<Type> types(grid.size(), i32);
      auto op = CtaIdOp::create(b, loc, types, DenseI64ArrayAttr());
      cta = linearize(b, loc, op.getIds(), SmallVector<Value>(grid));
    } else if (shape->grid[0] * shape->grid[1] * shape->grid[2] == 1) {
      cta = cIndex(b, loc, 0);
    } else {
      SmallVector<int64_t> ext =
          existingExtents<CtaIdOp>(kernel).value_or(trimmed(shape->grid));
      SmallVector<Type> types(ext.size(), i32);
      auto op = CtaIdOp::create(b, loc, types, b.getDenseI64ArrayAttr(ext));
      SmallVector<Value> dims;
      for (int64_t e : ext)
        dims.push_back(cIndex(b, loc, e));
      cta = linearize(b, loc, op.getIds(), dims);
    }

    WarpContext w;
    w.buffer = buffer;
    w.capacity = capacity;
    w.clock64 = timer == "clock64";
    Value c32 = cIndex(b, loc, 32);
    w.warp = arith::DivUIOp::create(b, loc, tid, c32);
    Value laneIdx = arith::RemUIOp::create(b, loc, tid, c32);
    w.lane = arith::IndexCastUIOp::create(b, loc, i32, laneIdx);
    w.base = mulC(b, loc, add(b, loc, mulC(b, loc, cta, warps), w.warp),
                  stride);
    auto counterType = BufferType::get({warps}, i32, MemorySpace::Shared);
    w.counter = AllocBufferOp::create(b, loc, counterType, ValueRange(),
                                      b.getI64IntegerAttr(16),
                                      b.getStringAttr("__tirx_trace_count"));

    // Lane 0 of each warp: the counter and the header.
    Value isLane0 = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          w.lane, cInt(b, loc, i32, 0));
    {
      auto ifOp = IfOp::create(b, loc, isLane0, /*withElse=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(ifOp.getThenRegion().front().getTerminator());
      BufferStoreOp::create(b, loc, cInt(b, loc, i32, 0), w.counter,
                            ValueRange{w.warp});
      Value gt = PTXSReg_globaltimer_Op::create(b, loc, i64);
      Value clk = PTXSReg_clock64_Op::create(b, loc, i64);
      Value sm = arith::ExtUIOp::create(
          b, loc, i64, PTXSReg_smid_Op::create(b, loc, i32));
      Value header[kHeaderWords] = {cInt(b, loc, i64, 0), gt, clk, sm};
      for (int64_t i = 0; i < kHeaderWords; ++i)
        BufferStoreOp::create(b, loc, header[i], buffer,
                              ValueRange{addC(b, loc, w.base, i)});
    }
    // The lanes of the warp see the zeroed counter before any records.
    Value mask = cInt(b, loc, i32, -1);
    if (int64_t rest = threads % 32) {
      Value last = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                         w.warp, cIndex(b, loc, warps - 1));
      mask = arith::SelectOp::create(
          b, loc, last, cInt(b, loc, i32, (int64_t(1) << rest) - 1), mask);
    }
    PTXBarWarpSyncOp::create(b, loc, mask);

    // Names by first appearance.
    llvm::MapVector<StringRef, uint32_t> names;
    auto nameIndex = [&](StringRef n) {
      auto it = names.find(n);
      if (it != names.end())
        return it->second;
      uint32_t id = static_cast<uint32_t>(names.size());
      names.insert({n, id});
      return id;
    };
    for (Operation *op : ops) {
      EventKind kind;
      uint32_t id;
      Value leader;
      if (auto o = dyn_cast<ProfileRangeBeginOp>(op)) {
        kind = EventKind::Begin;
        id = nameIndex(o.getName());
        leader = o.getLeader();
      } else if (auto o = dyn_cast<ProfileRangeEndOp>(op)) {
        kind = EventKind::End;
        id = o.getName() ? nameIndex(*o.getName()) : kNoName;
        leader = o.getLeader();
      } else {
        auto m = cast<ProfileMarkOp>(op);
        kind = EventKind::Mark;
        id = nameIndex(m.getName());
        leader = m.getLeader();
      }
      b.setInsertionPoint(op);
      emitRecord(b, op->getLoc(), w, leader, kind, id);
      op->erase();
    }

    SmallVector<Attribute> nameAttrs;
    for (auto &entry : names)
      nameAttrs.push_back(b.getStringAttr(entry.first));
    NamedAttribute entries[] = {
        b.getNamedAttr("version", b.getI64IntegerAttr(kLayoutVersion)),
        b.getNamedAttr("param", b.getI64IntegerAttr(param)),
        b.getNamedAttr("capacity", b.getI64IntegerAttr(capacity)),
        b.getNamedAttr("warps_per_cta", b.getI64IntegerAttr(warps)),
        b.getNamedAttr("header_words", b.getI64IntegerAttr(kHeaderWords)),
        b.getNamedAttr("record_words", b.getI64IntegerAttr(kRecordWords)),
        b.getNamedAttr("timer", b.getStringAttr(timer)),
        b.getNamedAttr("names", b.getArrayAttr(nameAttrs))};
    func->setAttr(kTraceAttrName, b.getDictionaryAttr(entries));
    return success();
  }

  /// The record of one event, written by the recording lane(s).
  void emitRecord(OpBuilder &b, Location loc, const WarpContext &w,
                  Value leader, EventKind kind, uint32_t id) {
    Type i32 = b.getI32Type(), i64 = b.getI64Type();
    Value records = leader;
    if (!records) {
      // The lowest active lane of the warp: no active lane below it.
      Value active = PTXActiveMaskOp::create(b, loc, i32);
      Value below = arith::AndIOp::create(
          b, loc, active, PTXSReg_lanemask_lt_Op::create(b, loc, i32));
      records = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, below,
                                      cInt(b, loc, i32, 0));
    }
    auto ifOp = IfOp::create(b, loc, records, /*withElse=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifOp.getThenRegion().front().getTerminator());
    // The time first, as close to the event as the record can be.
    Value time = w.clock64 ? Value(PTXSReg_clock64_Op::create(b, loc, i64))
                           : Value(PTXSReg_globaltimer_Op::create(b, loc, i64));
    Value counterPtr =
        PtrToOp::create(b, loc, w.counter, ValueRange{w.warp});
    Value index = PTXAtomOp::create(
        b, loc, i32, ptx::MemSemAttr::get(b.getContext(), ptx::MemSem::Relaxed),
        ptx::MemScopeAttr::get(b.getContext(), ptx::MemScope::CTA),
        ptx::MemSpaceAttr::get(b.getContext(), ptx::MemSpace::SharedCTA),
        ptx::AtomKind::Add, ptx::ValType::U32, counterPtr, Value(),
        cInt(b, loc, i32, 1), Value());
    Value index64 = arith::ExtUIOp::create(b, loc, i64, index);
    // Every attempt counts: the header holds the number of events.
    Value countPtr = PtrToOp::create(b, loc, w.buffer, ValueRange{w.base});
    PTXRedOp::create(
        b, loc, ptx::MemSemAttr::get(b.getContext(), ptx::MemSem::Relaxed),
        ptx::MemScopeAttr::get(b.getContext(), ptx::MemScope::GPU),
        ptx::MemSpaceAttr::get(b.getContext(), ptx::MemSpace::Global),
        ptx::AtomKind::Max, ptx::ValType::U64, countPtr,
        arith::AddIOp::create(b, loc, index64, cInt(b, loc, i64, 1)), Value());
    Value fits =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, index,
                              cInt(b, loc, i32, w.capacity));
    auto inner = IfOp::create(b, loc, fits, /*withElse=*/false);
    b.setInsertionPoint(inner.getThenRegion().front().getTerminator());
    Value recordOffset = mulC(b, loc, toIndex(b, loc, index), kRecordWords);
    Value firstRecord = addC(b, loc, w.base, kHeaderWords);
    Value slot = add(b, loc, firstRecord, recordOffset);
    int64_t meta = (int64_t(kind) << 32) | int64_t(id);
    BufferStoreOp::create(b, loc, time, w.buffer, ValueRange{slot});
    BufferStoreOp::create(b, loc, cInt(b, loc, i64, meta), w.buffer,
                          ValueRange{addC(b, loc, slot, 1)});
  }
};

} // namespace
