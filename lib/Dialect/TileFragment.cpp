//===- TileFragment.cpp - Register fragments of tile layouts ----*- C++ -*-===//

#include "TileFragment.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::tile;

int64_t tile::threadAxisValue(LayoutAxis axis, int64_t tid) {
  switch (axis) {
  case LayoutAxis::LaneId:
    return tid % 32;
  case LayoutAxis::WarpId:
    return tid / 32;
  case LayoutAxis::WidInWg:
    return (tid / 32) % 4;
  case LayoutAxis::TidInWg:
    return tid % 128;
  case LayoutAxis::WgId:
    return tid / 128;
  case LayoutAxis::Tx:
    return tid;
  default:
    return 0;
  }
}

/// The thread axes a scope can tell apart.
static bool axisInScope(LayoutAxis axis, ExecScope scope) {
  switch (scope) {
  case ExecScope::Thread:
    return false;
  case ExecScope::Warp:
    return axis == LayoutAxis::LaneId;
  case ExecScope::Warpgroup:
    return axis == LayoutAxis::LaneId || axis == LayoutAxis::WidInWg ||
           axis == LayoutAxis::TidInWg;
  case ExecScope::Cta:
  case ExecScope::Cluster:
    return isThreadAxis(axis);
  }
  return false;
}

static Value emitAxisValue(OpBuilder &b, Location loc, LayoutAxis axis,
                           Value tid) {
  switch (axis) {
  case LayoutAxis::LaneId:
    return remI(b, loc, tid, 32);
  case LayoutAxis::WarpId:
    return divI(b, loc, tid, 32);
  case LayoutAxis::WidInWg:
    return remI(b, loc, divI(b, loc, tid, 32), 4);
  case LayoutAxis::TidInWg:
    return remI(b, loc, tid, 128);
  case LayoutAxis::WgId:
    return divI(b, loc, tid, 128);
  default:
    return tid;
  }
}

Value Fragment::emitThreadBase(OpBuilder &b, Location loc, Value tid) const {
  Value base = cIndex(b, loc, 0);
  for (const ThreadDigit &d : threadDigits) {
    Value v = emitAxisValue(b, loc, d.axis, tid);
    if (d.axisOffset)
      v = arith::SubIOp::create(b, loc, v, cIndex(b, loc, d.axisOffset));
    Value digit = remI(b, loc, divI(b, loc, v, d.stride), d.extent);
    base = addI(b, loc, base, mulI(b, loc, digit, d.weight));
  }
  return base;
}

bool Fragment::isWritingReplica(int64_t tid) const {
  for (const ThreadDigit &d : replicaDigits) {
    int64_t v = threadAxisValue(d.axis, tid) - d.axisOffset;
    if ((v / d.stride) % d.extent != 0)
      return false;
  }
  return true;
}

Value Fragment::emitWritingReplica(OpBuilder &b, Location loc,
                                   Value tid) const {
  Value all;
  for (const ThreadDigit &d : replicaDigits) {
    Value v = emitAxisValue(b, loc, d.axis, tid);
    if (d.axisOffset)
      v = arith::SubIOp::create(b, loc, v, cIndex(b, loc, d.axisOffset));
    Value digit = remI(b, loc, divI(b, loc, v, d.stride), d.extent);
    Value zero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                       digit, cIndex(b, loc, 0));
    all = all ? Value(arith::AndIOp::create(b, loc, all, zero)) : zero;
  }
  return all;
}

int64_t Fragment::threadBase(int64_t tid) const {
  int64_t base = 0;
  for (const ThreadDigit &d : threadDigits) {
    int64_t v = threadAxisValue(d.axis, tid) - d.axisOffset;
    base += ((v / d.stride) % d.extent) * d.weight;
  }
  return base;
}

FailureOr<Fragment> tile::analyzeFragment(BufferType type, ExecScope scope,
                                          int64_t numThreads,
                                          std::string &why) {
  Fragment frag;
  frag.numThreads = numThreads;
  if (!type.hasStaticShape()) {
    why = "a register buffer needs a static shape";
    return failure();
  }
  int64_t size = type.getNumElementsStatic();
  LayoutAttr layout = type.getTileLayout();
  if (type.getLayout() && !layout) {
    why = "strided register buffers are not supported";
    return failure();
  }
  if (!layout || layout.isMemoryOnly()) {
    // Every thread holds the whole buffer.
    SmallVector<int64_t> shape(type.getShape());
    SmallVector<int64_t> coord(shape.size(), 0);
    for (int64_t i = 0; i < size; ++i) {
      int64_t rest = i;
      for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
        coord[d] = rest % shape[d];
        rest /= shape[d];
      }
      std::optional<int64_t> m = memoryOffset(type, coord);
      if (!m) {
        why = "the register buffer needs static strides";
        return failure();
      }
      frag.slotMemory.push_back(*m);
      frag.slotLogical.push_back(i);
    }
    frag.registers = layout ? layout.getSpan(LayoutAxis::M) : size;
    if (!layout)
      for (int64_t m : frag.slotMemory)
        frag.registers = std::max(frag.registers, m + 1);
    return frag;
  }
  ArrayRef<LayoutIter> shard = layout.getShard();
  SmallVector<int64_t> weights(shard.size(), 1);
  for (int64_t k = static_cast<int64_t>(shard.size()) - 2; k >= 0; --k)
    weights[k] = weights[k + 1] * shard[k + 1].extent;
  int64_t axisOffsets[kNumLayoutAxes] = {};
  for (const LayoutOffset &o : layout.getOffsets())
    axisOffsets[static_cast<unsigned>(o.axis)] = o.value;
  SmallVector<unsigned> memIters;
  for (auto [k, it] : llvm::enumerate(shard)) {
    if (it.extent == 1 || it.stride == 0) {
      if (it.extent != 1 && it.stride == 0) {
        why = "the layout maps several elements to one register";
        return failure();
      }
      continue;
    }
    if (it.axis == LayoutAxis::M) {
      memIters.push_back(k);
    } else if (isThreadAxis(it.axis)) {
      if (!axisInScope(it.axis, scope)) {
        why = "layout axis '" + stringifyLayoutAxis(it.axis).str() +
              "' does not name a thread of " +
              (scope == ExecScope::Thread ? std::string("a thread-scope op")
                                          : "this scope");
        return failure();
      }
      frag.threadDigits.push_back({it.axis, it.extent, it.stride, weights[k],
                                   axisOffsets[static_cast<unsigned>(it.axis)]});
    } else {
      why = "layout axis '" + stringifyLayoutAxis(it.axis).str() +
            "' is not a register axis";
      return failure();
    }
  }
  for (const LayoutIter &r : layout.getReplica()) {
    if (r.extent > 1 && r.stride != 0 &&
        (!isThreadAxis(r.axis) || !axisInScope(r.axis, scope))) {
      why = "replica axis '" + stringifyLayoutAxis(r.axis).str() +
            "' does not name a thread of this scope";
      return failure();
    }
    if (r.extent > 1 && r.stride != 0)
      frag.replicaDigits.push_back(
          {r.axis, r.extent, r.stride, 0,
           axisOffsets[static_cast<unsigned>(r.axis)]});
  }
  // Slots: mixed radix over the memory iterators.
  int64_t numSlots = 1;
  for (unsigned k : memIters)
    numSlots *= shard[k].extent;
  if (numSlots * numThreads > (int64_t(1) << 22)) {
    why = "the fragment is too large to analyze";
    return failure();
  }
  int64_t mOffset = axisOffsets[0];
  llvm::DenseSet<int64_t> seenRegs;
  for (int64_t j = 0; j < numSlots; ++j) {
    int64_t rest = j, logical = 0, mem = mOffset;
    for (auto it = memIters.rbegin(); it != memIters.rend(); ++it) {
      const LayoutIter &iter = shard[*it];
      int64_t digit = rest % iter.extent;
      rest /= iter.extent;
      logical += digit * weights[*it];
      mem += digit * iter.stride;
    }
    if (!seenRegs.insert(mem).second) {
      why = "the layout maps several elements to one register";
      return failure();
    }
    frag.slotMemory.push_back(mem);
    frag.slotLogical.push_back(logical);
  }
  frag.registers = layout.getSpan(LayoutAxis::M);
  // Check every thread's slots against the layout.
  llvm::DenseSet<int64_t> bases;
  for (int64_t t = 0; t < numThreads; ++t) {
    int64_t base = frag.threadBase(t);
    bases.insert(base);
    for (int64_t j = 0; j < numSlots; ++j) {
      int64_t logical = base + frag.slotLogical[j];
      if (logical < 0 || logical >= size) {
        why = "thread " + std::to_string(t) + " of the scope holds no element";
        return failure();
      }
      bool found = false;
      for (const auto &place : layout.applyAll(logical)) {
        bool match = place[0] == frag.slotMemory[j];
        for (unsigned a = 1; a < kNumLayoutAxes && match; ++a)
          if (isThreadAxis(static_cast<LayoutAxis>(a)) &&
              layout.usesAxis(static_cast<LayoutAxis>(a)) &&
              place[a] != threadAxisValue(static_cast<LayoutAxis>(a), t))
            match = false;
        if (match) {
          found = true;
          break;
        }
      }
      if (!found) {
        why = "the layout does not spread the buffer evenly over the " +
              std::to_string(numThreads) + " threads of the scope (thread " +
              std::to_string(t) + ")";
        return failure();
      }
    }
  }
  int64_t distinct = 1;
  for (const auto &d : frag.threadDigits)
    distinct *= d.extent;
  if (static_cast<int64_t>(bases.size()) != distinct) {
    why = "the scope's threads do not cover every element of the layout";
    return failure();
  }
  if (frag.replicated()) {
    // Exactly one writing replica per set of threads holding one base.
    llvm::DenseMap<int64_t, int64_t> writers;
    for (int64_t t = 0; t < numThreads; ++t)
      if (frag.isWritingReplica(t))
        ++writers[frag.threadBase(t)];
    for (int64_t base : bases)
      if (writers.lookup(base) != 1) {
        why = "the layout's replicas cannot be told apart by their replica "
              "digits";
        return failure();
      }
  }
  return frag;
}

Value tile::localRegisters(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<BufferType>(buffer.getType());
  LayoutAttr layout = type.getTileLayout();
  if (!layout) {
    if (type.getRank() == 1)
      return buffer;
    auto flat = BufferType::get({type.getNumElementsStatic()},
                                type.getElementType(), MemorySpace::Local);
    return BufferReshapeOp::create(b, loc, flat, buffer);
  }
  auto flat = BufferType::get({layout.getSpan(LayoutAxis::M)},
                              type.getElementType(), MemorySpace::Local);
  return TileLocalViewOp::create(b, loc, flat, buffer);
}
