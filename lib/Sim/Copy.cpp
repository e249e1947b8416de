//===- Copy.cpp - cp.async, bulk copies and TMA -----------------*- C++ -*-===//
//
// Asynchronous copies are queued when issued and move their bytes when they
// complete (at a scheduling point, or when the issuer waits). Their memory
// accesses are the issuing thread's asynchronous agent's, so they are
// ordered after what the issuer did before (and, for reads of data written
// through the generic proxy, after a fence.proxy.async) and before what
// acquires their completion: a wait_group of the issuer, or an mbarrier
// phase they complete_tx on.
//
// TMA copies read their descriptor (a TensorMapSpec argument) by handle and
// walk the box: coordinates outside the tensor read the OOB fill (zero, or
// NaN) and are not written; shared-memory addresses are swizzled per the
// descriptor (16-byte chunks XORed with the 128-byte row index).
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"
#include "Exec.h"

#include "TIRx/Dialect/TIRxHostOps.h"
#include "TIRx/Dialect/TIRxPTXOps.h"

#include "llvm/Support/Format.h"

#include <cstring>
#include <optional>

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;

static constexpr uint32_t kNone = ~0u;

static std::string hexOf(uint64_t v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::format_hex(v, 2);
  return s;
}

/// complete_tx on the mbarrier at `addr` on behalf of async op `o`.
static bool completeTx(ClusterExec &ex, AsyncOp &o, uint64_t addr,
                       int64_t bytes) {
  auto it = ex.mbarriers.find(addr);
  if (it == ex.mbarriers.end() || !it->second.initialized) {
    ex.error(o.loc) << "the asynchronous copy issued by "
                    << ex.describe(ex.threads[o.issuer])
                    << " completes on the mbarrier at " << hexOf(addr)
                    << ", which is not initialized";
    return false;
  }
  uint32_t rank;
  uint64_t off;
  if (ex.decodeShared(addr, ex.threads[o.issuer].cta, rank, off) &&
      ex.ctas[rank].exited) {
    ex.reportExitedAccess(o.loc, "an asynchronous copy", rank);
    return false;
  }
  MBarrier &b = it->second;
  if (b.inflight)
    --b.inflight;
  return ex.mbarrierTx(b, addr, -bytes, o.vc.empty() ? nullptr : o.vc.data(),
                       o.loc, nullptr);
}

/// Counts an op issued at op index `loc` as in flight towards the mbarrier
/// at `addr` (deadlock messages), when it exists, and records the barrier
/// as one the op completes on (ClusterExec::opBarriers).
static void noteInflight(ClusterExec &ex, uint64_t addr, uint32_t loc) {
  auto it = ex.mbarriers.find(addr);
  if (it != ex.mbarriers.end())
    ++it->second.inflight;
  auto &bars = ex.opBarriers[loc];
  if (!llvm::is_contained(bars, addr))
    bars.push_back(addr);
}

/// Copies `bytes` bytes from `src` to `dst` as async agent `acc` (its
/// writes as `wacc`, the same agent with the clock of its writes).
static bool agentCopy(ClusterExec &ex, const Accessor &acc,
                      const Accessor &wacc, uint64_t dst, Scope dstScope,
                      uint64_t src, Scope srcScope, uint32_t bytes,
                      uint32_t ctxCta) {
  uint8_t *s = ex.accessAs(acc, src, bytes, 1, srcScope, Access::Read, ctxCta);
  if (!s)
    return false;
  std::vector<uint8_t> tmp(s, s + bytes);
  uint8_t *d =
      ex.accessAs(wacc, dst, bytes, 1, dstScope, Access::Write, ctxCta);
  if (!d)
    return false;
  std::memcpy(d, tmp.data(), bytes);
  return true;
}

/// The atom operation a bulk or TMA reduction performs per element.
static ptx::AtomKind atomKindOf(ptx::TMARedKind k) {
  switch (k) {
  case ptx::TMARedKind::Add:
    return ptx::AtomKind::Add;
  case ptx::TMARedKind::Min:
    return ptx::AtomKind::Min;
  case ptx::TMARedKind::Max:
    return ptx::AtomKind::Max;
  case ptx::TMARedKind::Inc:
    return ptx::AtomKind::Inc;
  case ptx::TMARedKind::Dec:
    return ptx::AtomKind::Dec;
  case ptx::TMARedKind::And:
    return ptx::AtomKind::And;
  case ptx::TMARedKind::Or:
    return ptx::AtomKind::Or;
  case ptx::TMARedKind::Xor:
    return ptx::AtomKind::Xor;
  }
  return ptx::AtomKind::Add;
}

/// The element kind and signedness of a bulk reduction's `type`.
static void reductionKind(ptx::ValType t, SK &k, bool &isSigned) {
  isSigned = t == ptx::ValType::S32 || t == ptx::ValType::S64;
  switch (t) {
  case ptx::ValType::F16:
    k = SK::F16;
    return;
  case ptx::ValType::BF16:
    k = SK::BF16;
    return;
  case ptx::ValType::F32:
    k = SK::F32;
    return;
  case ptx::ValType::F64:
    k = SK::F64;
    return;
  case ptx::ValType::B64:
  case ptx::ValType::U64:
  case ptx::ValType::S64:
    k = SK::I64;
    return;
  default:
    k = SK::I32;
    return;
  }
}

/// The reduction of a cp.reduce.async.bulk: `bytes` bytes at `src`
/// combined element by element into `dst` (each element's read and write
/// one atomic step of async agent `wacc`).
struct BulkReduction {
  ptx::AtomKind op = ptx::AtomKind::Add;
  SK kind = SK::I32;
  bool isSigned = false;
  bool ftzF32 = false;
  bool apply(ClusterExec &ex, const Accessor &acc, const Accessor &wacc,
             uint64_t dst, Scope dstScope, uint64_t src, Scope srcScope,
             uint32_t bytes, uint32_t ctxCta) const {
    uint8_t *s =
        ex.accessAs(acc, src, bytes, 1, srcScope, Access::Read, ctxCta);
    if (!s)
      return false;
    std::vector<uint8_t> tmp(s, s + bytes);
    // Each element's reduction is atomic (relaxed at .gpu scope): it races
    // with no other atomic access, as atom and red do not.
    Accessor atomic = wacc;
    atomic.strong = kScopeGPU;
    if (!ex.accessAs(atomic, dst, bytes, 1, dstScope, Access::Read, ctxCta))
      return false;
    uint8_t *d =
        ex.accessAs(atomic, dst, bytes, 1, dstScope, Access::Write, ctxCta);
    if (!d)
      return false;
    unsigned eb = skBytes(kind);
    for (uint32_t i = 0; i + eb <= bytes; i += eb) {
      uint64_t o = 0, v = 0;
      std::memcpy(&o, d + i, eb);
      std::memcpy(&v, tmp.data() + i, eb);
      uint64_t n = combineElement(op, kind, isSigned, o, v, 0, ftzF32);
      std::memcpy(d + i, &n, eb);
    }
    return true;
  }
};

namespace {

//===----------------------------------------------------------------------===//
// cp.async (LDGSTS)
//===----------------------------------------------------------------------===//

struct CpAsyncCopy : AsyncOp {
  uint64_t dst, src;
  uint32_t size, srcSize;
  bool complete(ClusterExec &ex) override {
    Accessor acc = ex.agentAccessor(*this, "cp.async copy");
    // cp.async (unlike the bulk copies) accesses memory through the
    // generic proxy: a thread's earlier stores need no proxy fence.
    acc.genericProxy = true;
    uint32_t cta = ex.threads[issuer].cta;
    std::vector<uint8_t> tmp(size, 0);
    if (srcSize) {
      uint8_t *s = ex.accessAs(acc, src, srcSize, 1, Scope::Global,
                               Access::Read, cta);
      if (!s)
        return false;
      std::memcpy(tmp.data(), s, srcSize);
    }
    uint8_t *d =
        ex.accessAs(acc, dst, size, 1, Scope::Shared, Access::Write, cta);
    if (!d)
      return false;
    std::memcpy(d, tmp.data(), size);
    return true;
  }
};

struct CpAsync : ExtOp {
  uint32_t dst, src, size, srcSize = kNone;
  const char *name() const override { return "cp.async"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    auto op = std::make_unique<CpAsyncCopy>();
    op->dst = R[dst];
    op->src = R[src];
    op->size = size;
    op->srcSize = srcSize == kNone ? size : static_cast<uint32_t>(R[srcSize]);
    if (op->dst % size || op->src % size) {
      ex.error(I.loc) << ex.describe(t) << " issues a " << size
                      << "-byte cp.async from " << hexOf(op->src) << " to "
                      << hexOf(op->dst) << "; both must be " << size
                      << "-byte aligned";
      return Step::Fail;
    }
    if (op->srcSize > size) {
      ex.error(I.loc) << ex.describe(t) << " issues a cp.async with src_size "
                      << op->srcSize << " larger than its " << size
                      << " bytes";
      return Step::Fail;
    }
    t.cpAsyncOpen.push_back(ex.issue(t, std::move(op), I.loc));
    return Step::Next;
  }
};

/// cp.async.commit_group and cp.async.bulk.commit_group.
struct CommitGroup : ExtOp {
  bool bulk = false;
  const char *name() const override {
    return bulk ? "cp.async.bulk.commit_group" : "cp.async.commit_group";
  }
  Step exec(ClusterExec &, Thread &t, const Inst &) override {
    auto &open = bulk ? t.bulkOpen : t.cpAsyncOpen;
    auto &groups = bulk ? t.bulkGroups : t.cpAsyncGroups;
    groups.push_back(AsyncGroup{std::move(open)});
    open.clear();
    return Step::Next;
  }
};

struct WaitGroup : ExtOp {
  enum Kind { CpAsync, CpAsyncAll, Bulk } kind = CpAsync;
  uint32_t n = 0;
  /// cp.async.bulk.wait_group.read: waits until the groups' source reads
  /// are done; their writes are not ordered before what follows.
  bool read = false;
  const char *name() const override {
    return kind == Bulk         ? "cp.async.bulk.wait_group"
           : kind == CpAsyncAll ? "cp.async.wait_all"
                                : "cp.async.wait_group";
  }
  bool visible() const override { return true; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &) override {
    if (kind == Bulk)
      return ex.waitGroups(t, t.bulkGroups, nullptr, n, read);
    if (kind == CpAsyncAll)
      return ex.waitGroups(t, t.cpAsyncGroups, &t.cpAsyncOpen, 0);
    return ex.waitGroups(t, t.cpAsyncGroups, nullptr, n);
  }
};

/// An arrive on an mbarrier once other async ops completed.
struct ArriveWhenDone : AsyncOp {
  uint64_t bar;
  std::vector<uint32_t> deps;
  bool complete(ClusterExec &ex) override {
    if (!ex.forceComplete(deps))
      return false;
    auto it = ex.mbarriers.find(bar);
    if (it == ex.mbarriers.end() || !it->second.initialized) {
      ex.error(loc) << "the mbarrier at " << hexOf(bar)
                    << " is not initialized when the copies complete";
      return false;
    }
    MBarrier &b = it->second;
    if (b.inflight)
      --b.inflight;
    return ex.mbarrierArrive(b, bar, 1, vc.empty() ? nullptr : vc.data(), loc,
                             nullptr);
  }
};

struct CpAsyncMBarrierArrive : ExtOp {
  uint32_t bar;
  bool noinc = false;
  const char *name() const override { return "cp.async.mbarrier.arrive"; }
  bool visible() const override { return true; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t addr = t.R()[bar];
    MBarrier *b = ex.mbarrier(t, I.loc, addr, false, true, &addr);
    if (!b)
      return Step::Fail;
    // Without .noinc the pending count rises now: an expectation.
    ex.noteSync(addr, noinc ? SyncKind::Check : SyncKind::Expect);
    auto op = std::make_unique<ArriveWhenDone>();
    op->bar = addr;
    op->deps = t.cpAsyncOpen;
    for (const AsyncGroup &g : t.cpAsyncGroups)
      op->deps.insert(op->deps.end(), g.ops.begin(), g.ops.end());
    // Without noinc the pending count goes up now and the asynchronous
    // arrive takes it back: a zero-net arrival that holds the phase open.
    if (!noinc)
      ++b->pending;
    ++b->inflight;
    ex.issue(t, std::move(op), I.loc);
    return Step::Next;
  }
};

//===----------------------------------------------------------------------===//
// cp.async.bulk (non-tensor)
//===----------------------------------------------------------------------===//

struct BulkCopy : AsyncOp {
  enum Kind { G2S, S2G, S2S } kind;
  uint64_t dst, src, bar = 0;
  uint32_t size;
  uint16_t mask = 0;
  bool multicast = false;
  /// cp.reduce.async.bulk (S2G and S2S): combines instead of copying.
  std::optional<BulkReduction> reduction;
  bool move(ClusterExec &ex, const Accessor &acc, const Accessor &wacc,
            Scope dstScope, uint32_t cta) const {
    if (reduction)
      return reduction->apply(ex, acc, wacc, dst, dstScope, src,
                              Scope::Shared, size, cta);
    return agentCopy(ex, acc, wacc, dst, dstScope, src, Scope::Shared, size,
                     cta);
  }
  bool complete(ClusterExec &ex) override {
    const char *what = reduction ? "bulk reduction" : "bulk copy";
    Accessor acc = ex.agentAccessor(*this, what);
    Accessor wacc = ex.agentAccessor(*this, what, /*write=*/true);
    uint32_t cta = ex.threads[issuer].cta;
    switch (kind) {
    case S2G:
      return move(ex, acc, wacc, Scope::Global, cta);
    case S2S:
      if (!move(ex, acc, wacc, Scope::SharedCluster, cta))
        return false;
      return completeTx(ex, *this, bar, size);
    case G2S: {
      if (!multicast) {
        if (!agentCopy(ex, acc, wacc, dst, Scope::SharedCluster, src,
                       Scope::Global, size, cta))
          return false;
        return completeTx(ex, *this, bar, size);
      }
      uint32_t drank, brank;
      uint64_t doff, boff;
      ex.decodeShared(dst, cta, drank, doff);
      ex.decodeShared(bar, cta, brank, boff);
      for (uint32_t r = 0; r < 16; ++r) {
        if (!((mask >> r) & 1))
          continue;
        if (!agentCopy(ex, acc, wacc, ex.sharedAddrFrom(cta, r, doff),
                       Scope::SharedCluster, src, Scope::Global, size, cta) ||
            !completeTx(ex, *this, ex.sharedAddr(r, boff), size))
          return false;
      }
      return true;
    }
    }
    return true;
  }
};

struct BulkCopyOp : ExtOp {
  BulkCopy::Kind kind;
  uint32_t dst, src, size, bar = kNone, mask = kNone;
  std::optional<BulkReduction> reduction;
  const char *name() const override {
    if (reduction)
      return kind == BulkCopy::S2G ? "cp.reduce.async.bulk.s2g"
                                   : "cp.reduce.async.bulk.s2s";
    return kind == BulkCopy::G2S   ? "cp.async.bulk.g2s"
           : kind == BulkCopy::S2G ? "cp.async.bulk.s2g"
                                   : "cp.async.bulk.s2s";
  }
  bool visible() const override { return bar != kNone; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    auto op = std::make_unique<BulkCopy>();
    op->kind = kind;
    op->reduction = reduction;
    op->dst = R[dst];
    op->src = R[src];
    op->size = static_cast<uint32_t>(R[size]);
    if (op->size == 0 || op->size % 16 || op->dst % 16 || op->src % 16) {
      ex.error(I.loc) << ex.describe(t) << " issues " << name() << " of "
                      << op->size << " bytes from " << hexOf(op->src)
                      << " to " << hexOf(op->dst)
                      << "; the size and both addresses must be multiples of "
                         "16";
      return Step::Fail;
    }
    if (bar != kNone) {
      op->bar = R[bar];
      // For s2s the mbarrier is the destination CTA's.
      if (!ex.mbarrier(t, I.loc, op->bar, kind == BulkCopy::S2S, true,
                       &op->bar))
        return Step::Fail;
      ex.noteSync(op->bar, SyncKind::Check);
    }
    if (mask != kNone) {
      op->multicast = true;
      op->mask = static_cast<uint16_t>(R[mask]);
      for (uint32_t r = 0; r < 16; ++r)
        if (((op->mask >> r) & 1) && r >= ex.ctas.size()) {
          ex.error(I.loc) << ex.describe(t) << " multicasts to cluster rank "
                          << r << ", but the cluster has " << ex.ctas.size()
                          << " CTAs";
          return Step::Fail;
        }
    }
    if (kind == BulkCopy::S2G) {
      uint32_t rank;
      uint64_t off;
      if (ex.decodeShared(op->src, t.cta, rank, off))
        op->readsCta = static_cast<int32_t>(rank);
      op->splitWrites = true;
    }
    if (op->bar) {
      if (op->multicast) {
        uint32_t brank;
        uint64_t boff;
        ex.decodeShared(op->bar, t.cta, brank, boff);
        for (uint32_t r = 0; r < 16; ++r)
          if ((op->mask >> r) & 1)
            noteInflight(ex, ex.sharedAddr(r, boff), I.loc);
      } else {
        noteInflight(ex, op->bar, I.loc);
      }
    }
    uint32_t id = ex.issue(t, std::move(op), I.loc);
    if (kind == BulkCopy::S2G)
      t.bulkOpen.push_back(id);
    return Step::Next;
  }
};

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

/// Byte offset of a box element after the descriptor's swizzle, given the
/// shared memory offset of the unswizzled byte.
static uint64_t swizzle(const TensorMapSpec &spec, uint64_t offset) {
  unsigned bits;
  switch (spec.swizzle) {
  case TensorMapSwizzle::None:
    return offset;
  case TensorMapSwizzle::B32:
    bits = 1;
    break;
  case TensorMapSwizzle::B64:
    bits = 2;
    break;
  default:
    bits = 3;
    break;
  }
  uint64_t mask = (uint64_t(1) << bits) - 1;
  return offset ^ (((offset >> 7) & mask) << 4);
}

struct TmaOp : AsyncOp {
  enum Kind { Load, Store, Reduce } kind;
  ptx::TMARedKind red = ptx::TMARedKind::Add;
  const TensorMapSpec *spec;
  int64_t coords[5] = {0, 0, 0, 0, 0};
  uint64_t smem;      // destination (load) or source (store)
  uint64_t bar = 0;
  uint16_t mask = 0;
  bool multicast = false;

  uint64_t boxBytes() const { return ::tirx::runtime::tensorMapBoxBytes(*spec); }

  /// The traversal step of dimension d (TMA ignores elementStrides[0]
  /// without interleave).
  uint64_t step(unsigned d) const {
    return d == 0 && spec->interleave == TensorMapInterleave::None
               ? 1
               : spec->elementStrides[d];
  }

  /// Visits every box element: `fn(globalAddr or 0 when out of bounds,
  /// smem byte offset before swizzling)`.
  template <typename Fn>
  bool walk(Fn fn) const {
    unsigned esz = tensorMapElementBytes(spec->dtype);
    unsigned rank = spec->rank;
    uint64_t counts[5], strides[5];
    for (unsigned d = 0; d < 5; ++d) {
      counts[d] = d < rank ? (spec->boxDim[d] + step(d) - 1) / step(d) : 1;
      strides[d] = d == 0 ? esz : (d < rank ? spec->globalStrides[d - 1] : 0);
    }
    uint64_t total = 1;
    for (unsigned d = 0; d < rank; ++d)
      total *= counts[d];
    uint64_t idx[5] = {0, 0, 0, 0, 0};
    for (uint64_t e = 0; e < total; ++e) {
      bool inBounds = true;
      uint64_t g = spec->globalAddress;
      for (unsigned d = 0; d < rank; ++d) {
        int64_t c = coords[d] + int64_t(idx[d] * step(d));
        if (c < 0 || uint64_t(c) >= spec->globalDim[d])
          inBounds = false;
        else
          g += uint64_t(c) * strides[d];
      }
      if (!fn(inBounds ? g : 0, e * esz))
        return false;
      for (unsigned d = 0; d < rank; ++d) {
        if (++idx[d] < counts[d])
          break;
        idx[d] = 0;
      }
    }
    return true;
  }

  bool loadInto(ClusterExec &ex, const Accessor &acc, uint32_t rank,
                uint64_t dstOff, uint32_t cta) const {
    unsigned esz = tensorMapElementBytes(spec->dtype);
    bool isFloat = spec->dtype.find("float") != std::string::npos;
    uint64_t fill = 0;
    if (spec->oobFill == TensorMapOOBFill::NaNRequestZeroFMA && isFloat)
      fill = esz == 2   ? (spec->dtype == "bfloat16" ? 0x7FC0 : 0x7E00)
             : esz == 4 ? 0x7FC00000u
             : esz == 8 ? 0x7FF8000000000000ull
                        : 0x7F;
    return walk([&](uint64_t g, uint64_t off) {
      uint8_t value[8];
      if (g) {
        uint8_t *s = ex.accessAs(acc, g, esz, 1, Scope::Global, Access::Read,
                                 cta);
        if (!s)
          return false;
        std::memcpy(value, s, esz);
      } else {
        std::memcpy(value, &fill, esz);
      }
      uint64_t phys = swizzle(*spec, dstOff + off);
      uint8_t *d = ex.accessAs(acc, ex.sharedAddrFrom(cta, rank, phys), esz,
                               1, Scope::SharedCluster, Access::Write, cta);
      if (!d)
        return false;
      std::memcpy(d, value, esz);
      return true;
    });
  }

  bool storeFrom(ClusterExec &ex, const Accessor &acc, const Accessor &wacc,
                 uint32_t rank, uint64_t srcOff, uint32_t cta) const {
    unsigned esz = tensorMapElementBytes(spec->dtype);
    return walk([&](uint64_t g, uint64_t off) {
      uint64_t phys = swizzle(*spec, srcOff + off);
      uint8_t *s = ex.accessAs(acc, ex.sharedAddrFrom(cta, rank, phys), esz,
                               1, Scope::Shared, Access::Read, cta);
      if (!s)
        return false;
      if (!g)
        return true; // out of bounds: not written
      uint64_t v = 0;
      std::memcpy(&v, s, esz);
      if (kind == Reduce) {
        uint8_t *old = ex.accessAs(wacc, g, esz, 1, Scope::Global,
                                   Access::Read, cta);
        if (!old)
          return false;
        uint64_t o = 0;
        std::memcpy(&o, old, esz);
        v = combine(o, v);
      }
      uint8_t *d =
          ex.accessAs(wacc, g, esz, 1, Scope::Global, Access::Write, cta);
      if (!d)
        return false;
      std::memcpy(d, &v, esz);
      return true;
    });
  }

  /// One element of a TMA reduction, as the atomic ops combine it.
  uint64_t combine(uint64_t o, uint64_t v) const {
    const std::string &t = spec->dtype;
    unsigned esz = tensorMapElementBytes(t);
    bool isFloat = t.find("float") != std::string::npos;
    SK k = !isFloat           ? skOfIntBits(esz * 8)
           : esz == 2         ? (t == "bfloat16" ? SK::BF16 : SK::F16)
           : esz == 8         ? SK::F64
                              : SK::F32;
    return combineElement(atomKindOf(red), k, t.rfind("int", 0) == 0, o, v,
                          0);
  }

  bool complete(ClusterExec &ex) override {
    const char *what = kind == Load    ? "TMA load"
                       : kind == Store ? "TMA store"
                                       : "TMA reduction";
    Accessor acc = ex.agentAccessor(*this, what);
    uint32_t cta = ex.threads[issuer].cta;
    uint32_t rank, brank;
    uint64_t off, boff = 0;
    ex.decodeShared(smem, cta, rank, off);
    if (kind != Load)
      return storeFrom(ex, acc, ex.agentAccessor(*this, what, /*write=*/true),
                       rank, off, cta);
    if (bar)
      ex.decodeShared(bar, cta, brank, boff);
    uint64_t bytes = boxBytes();
    if (!multicast) {
      if (!loadInto(ex, acc, rank, off, cta))
        return false;
      return completeTx(ex, *this, bar, static_cast<int64_t>(bytes));
    }
    for (uint32_t r = 0; r < 16; ++r) {
      if (!((mask >> r) & 1))
        continue;
      if (!loadInto(ex, acc, r, off, cta) ||
          !completeTx(ex, *this, ex.sharedAddr(r, boff),
                      static_cast<int64_t>(bytes)))
        return false;
    }
    return true;
  }
};

struct TmaIssue : ExtOp {
  TmaOp::Kind kind;
  ptx::TMARedKind red = ptx::TMARedKind::Add;
  unsigned rank;
  uint32_t smem, tmap, bar = kNone, mask = kNone;
  std::vector<uint32_t> coords;
  const char *name() const override {
    return kind == TmaOp::Load    ? "cp.async.bulk.tensor.load"
           : kind == TmaOp::Store ? "cp.async.bulk.tensor.store"
                                  : "cp.async.bulk.tensor.reduce";
  }
  bool visible() const override { return kind == TmaOp::Load; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    uint64_t handle = R[tmap];
    uint64_t index = (handle - kTensorMapBase) / kTensorMapStride;
    if (handle < kTensorMapBase || (handle - kTensorMapBase) % kTensorMapStride ||
        index >= ex.m.tensorMaps.size()) {
      ex.error(I.loc) << ex.describe(t) << " issues " << name()
                      << " with " << hexOf(handle)
                      << ", which is not a tensor map the kernel received";
      return Step::Fail;
    }
    const TensorMapSpec &spec = ex.m.tensorMaps[index];
    if (spec.rank != rank) {
      ex.error(I.loc) << ex.describe(t) << " issues a rank-" << rank << " "
                      << name() << " with a rank-" << spec.rank
                      << " tensor map";
      return Step::Fail;
    }
    if (spec.interleave != TensorMapInterleave::None ||
        spec.swizzle > TensorMapSwizzle::B128) {
      ex.error(I.loc) << name() << ": interleaved tensor maps and the 128B "
                         "atom swizzle modes are not modeled by the simulator";
      return Step::Fail;
    }
    auto op = std::make_unique<TmaOp>();
    op->kind = kind;
    op->red = red;
    op->spec = &spec;
    for (unsigned d = 0; d < rank; ++d)
      op->coords[d] = static_cast<int32_t>(R[coords[d]]);
    op->smem = R[smem];
    uint32_t srank;
    uint64_t soff;
    if (!ex.decodeShared(op->smem, t.cta, srank, soff) ||
        srank >= ex.ctas.size()) {
      ex.error(I.loc) << ex.describe(t) << " issues " << name()
                      << " with the shared memory address " << hexOf(op->smem)
                      << ", which is not in the cluster's shared memory";
      return Step::Fail;
    }
    if (op->smem % 128) {
      ex.error(I.loc) << ex.describe(t) << " issues " << name()
                      << " to shared memory at " << hexOf(op->smem)
                      << ", which is not 128-byte aligned";
      return Step::Fail;
    }
    if (kind == TmaOp::Load) {
      op->bar = R[bar];
      if (!ex.mbarrier(t, I.loc, op->bar, false, true, &op->bar))
        return Step::Fail;
      ex.noteSync(op->bar, SyncKind::Check);
      if (mask != kNone) {
        op->multicast = true;
        op->mask = static_cast<uint16_t>(R[mask]);
        uint32_t brank;
        uint64_t boff;
        ex.decodeShared(op->bar, t.cta, brank, boff);
        for (uint32_t r = 0; r < 16; ++r) {
          if (!((op->mask >> r) & 1))
            continue;
          if (r >= ex.ctas.size()) {
            ex.error(I.loc) << ex.describe(t)
                            << " multicasts to cluster rank " << r
                            << ", but the cluster has " << ex.ctas.size()
                            << " CTAs";
            return Step::Fail;
          }
          noteInflight(ex, ex.sharedAddr(r, boff), I.loc);
        }
      } else {
        noteInflight(ex, op->bar, I.loc);
      }
    } else {
      op->readsCta = static_cast<int32_t>(srank);
      op->splitWrites = true;
    }
    uint32_t id = ex.issue(t, std::move(op), I.loc);
    if (kind != TmaOp::Load)
      t.bulkOpen.push_back(id);
    return Step::Next;
  }
};

struct Prefetch : ExtOp {
  const char *opName;
  explicit Prefetch(const char *n) : opName(n) {}
  const char *name() const override { return opName; }
  Step exec(ClusterExec &, Thread &, const Inst &) override {
    return Step::Next;
  }
};

} // namespace

/// A TMA store or reduction of the shared tile at `src` into the tensor of
/// `tmap` at `coords`.
template <typename OpT>
static std::unique_ptr<TmaIssue> tmaToGlobal(Compiler &c, OpT op,
                                             TmaOp::Kind kind) {
  auto e = std::make_unique<TmaIssue>();
  e->kind = kind;
  e->rank = op.getRank();
  e->smem = c.slot(op.getSrc());
  e->tmap = c.slot(op.getTmap());
  for (Value v : op.getCoords())
    e->coords.push_back(c.slot(v));
  return e;
}

LogicalResult sim::decodeCopyOp(Operation *op, Compiler &c, bool &handled) {
  handled = true;
  auto slotOr = [&](Value v) { return v ? c.slot(v) : kNone; };
  if (auto cp = dyn_cast<PTXCpAsyncOp>(op)) {
    auto e = std::make_unique<CpAsync>();
    e->dst = c.slot(cp.getDst());
    e->src = c.slot(cp.getSrc());
    e->size = static_cast<uint32_t>(cp.getSize());
    e->srcSize = slotOr(cp.getSrcSize());
    c.emitExt(std::move(e));
    return success();
  }
  if (isa<PTXCpAsyncCommitGroupOp, PTXCpAsyncBulkCommitGroupOp>(op)) {
    auto e = std::make_unique<CommitGroup>();
    e->bulk = isa<PTXCpAsyncBulkCommitGroupOp>(op);
    c.emitExt(std::move(e));
    return success();
  }
  if (isa<PTXCpAsyncWaitAllOp>(op)) {
    auto e = std::make_unique<WaitGroup>();
    e->kind = WaitGroup::CpAsyncAll;
    c.emitExt(std::move(e));
    return success();
  }
  if (auto w = dyn_cast<PTXCpAsyncWaitGroupOp>(op)) {
    auto e = std::make_unique<WaitGroup>();
    e->n = w.getN();
    c.emitExt(std::move(e));
    return success();
  }
  if (auto w = dyn_cast<PTXCpAsyncBulkWaitGroupOp>(op)) {
    auto e = std::make_unique<WaitGroup>();
    e->kind = WaitGroup::Bulk;
    e->n = w.getN();
    e->read = w.getRead();
    c.emitExt(std::move(e));
    return success();
  }
  if (auto a = dyn_cast<PTXCpAsyncMBarrierArriveOp>(op)) {
    auto e = std::make_unique<CpAsyncMBarrierArrive>();
    e->bar = c.slot(a.getBar());
    e->noinc = a.getNoinc();
    c.emitExt(std::move(e));
    return success();
  }
  if (auto b = dyn_cast<PTXCpAsyncBulkG2SOp>(op)) {
    auto e = std::make_unique<BulkCopyOp>();
    e->kind = BulkCopy::G2S;
    e->dst = c.slot(b.getDst());
    e->src = c.slot(b.getSrc());
    e->bar = c.slot(b.getBar());
    e->size = c.slot(b.getSize());
    e->mask = slotOr(b.getMulticastMask());
    c.emitExt(std::move(e));
    return success();
  }
  if (auto b = dyn_cast<PTXCpAsyncBulkS2GOp>(op)) {
    if (b.getByteMask())
      return c.notModeled(op) << ": byte_mask";
    auto e = std::make_unique<BulkCopyOp>();
    e->kind = BulkCopy::S2G;
    e->dst = c.slot(b.getDst());
    e->src = c.slot(b.getSrc());
    e->size = c.slot(b.getSize());
    c.emitExt(std::move(e));
    return success();
  }
  if (auto b = dyn_cast<PTXCpAsyncBulkS2SOp>(op)) {
    auto e = std::make_unique<BulkCopyOp>();
    e->kind = BulkCopy::S2S;
    e->dst = c.slot(b.getDst());
    e->src = c.slot(b.getSrc());
    e->bar = c.slot(b.getBar());
    e->size = c.slot(b.getSize());
    c.emitExt(std::move(e));
    return success();
  }
  auto reduction = [](ptx::TMARedKind k, ptx::ValType t, bool global) {
    BulkReduction r;
    r.op = atomKindOf(k);
    reductionKind(t, r.kind, r.isSigned);
    // .add.f32 (no .noftz before PTX ISA 9.4) flushes subnormals.
    r.ftzF32 = global;
    return r;
  };
  if (auto b = dyn_cast<PTXCpReduceAsyncBulkS2GOp>(op)) {
    auto e = std::make_unique<BulkCopyOp>();
    e->kind = BulkCopy::S2G;
    e->reduction = reduction(b.getOp(), b.getType(), /*global=*/true);
    e->dst = c.slot(b.getDst());
    e->src = c.slot(b.getSrc());
    e->size = c.slot(b.getSize());
    c.emitExt(std::move(e));
    return success();
  }
  if (auto b = dyn_cast<PTXCpReduceAsyncBulkS2SOp>(op)) {
    auto e = std::make_unique<BulkCopyOp>();
    e->kind = BulkCopy::S2S;
    e->reduction = reduction(b.getOp(), b.getType(), /*global=*/false);
    e->dst = c.slot(b.getDst());
    e->src = c.slot(b.getSrc());
    e->bar = c.slot(b.getBar());
    e->size = c.slot(b.getSize());
    c.emitExt(std::move(e));
    return success();
  }
  if (auto l = dyn_cast<PTXTMALoadOp>(op)) {
    if (l.getMode() != ptx::TMALoadMode::Tile)
      return c.notModeled(op) << ": only the tile mode is modeled";
    if (l.getCtaGroup() && *l.getCtaGroup() == ptx::CTAGroup::CTA2)
      return c.notModeled(op) << ": cta_2 (pair-UMMA) loads";
    auto e = std::make_unique<TmaIssue>();
    e->kind = TmaOp::Load;
    e->rank = l.getRank();
    e->smem = c.slot(l.getDst());
    e->tmap = c.slot(l.getTmap());
    e->bar = c.slot(l.getBar());
    e->mask = slotOr(l.getMulticastMask());
    for (Value v : l.getCoords())
      e->coords.push_back(c.slot(v));
    c.emitExt(std::move(e));
    return success();
  }
  if (auto s = dyn_cast<PTXTMAStoreOp>(op)) {
    if (s.getMode() != ptx::TMAStoreMode::Tile)
      return c.notModeled(op) << ": only the tile mode is modeled";
    c.emitExt(tmaToGlobal(c, s, TmaOp::Store));
    return success();
  }
  if (auto r = dyn_cast<PTXTMAReduceOp>(op)) {
    if (r.getMode() != ptx::TMAStoreMode::Tile)
      return c.notModeled(op) << ": only the tile mode is modeled";
    std::unique_ptr<TmaIssue> e = tmaToGlobal(c, r, TmaOp::Reduce);
    e->red = r.getKind();
    c.emitExt(std::move(e));
    return success();
  }
  if (isa<PTXTensorMapReplaceOp, PTXTensorMapReplaceLayoutOp,
          PTXTensorMapCpFenceProxyOp>(op))
    return c.notModeled(op, "the simulator's tensor maps are the kernel's "
                            "tensormap arguments (a descriptor checked when "
                            "the host encodes it), not 128-byte images in "
                            "memory");
  if (isa<PTXTMAPrefetchOp, PTXPrefetchTensormapOp, PTXPrefetchOp,
          PTXPrefetchuOp, PTXCpAsyncBulkPrefetchOp>(op)) {
    c.emitExt(std::make_unique<Prefetch>("prefetch"));
    return success();
  }
  handled = false;
  return success();
}

//===----------------------------------------------------------------------===//
// tirx.tensormap_encode_tiled (host)
//===----------------------------------------------------------------------===//

namespace {
/// A descriptor built by the host part over the source's global memory,
/// checked by the runtime's validator as the launcher's encode is; the
/// kernel receives its handle as it receives a tensor map argument.
struct TensorMapEncode final : ExtOp {
  TensorMapSpec base;
  uint32_t src = kNone, result = kNone;
  // Per dimension: a slot, or kNone for the static value in `base`.
  std::vector<uint32_t> dimSlots, strideSlots;
  const char *name() const override { return "tensormap_encode_tiled"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    TensorMapSpec spec = base;
    spec.globalAddress = R[src];
    for (size_t d = 0; d < dimSlots.size(); ++d)
      if (dimSlots[d] != kNone)
        spec.globalDim[d] = R[dimSlots[d]];
    for (size_t d = 0; d < strideSlots.size(); ++d)
      if (strideSlots[d] != kNone)
        spec.globalStrides[d] = R[strideSlots[d]];
    if (auto problem = ::tirx::runtime::validateTensorMap(spec)) {
      ex.error(I.loc) << "invalid tensor map: " << problem->str();
      return Step::Fail;
    }
    uint64_t esz = tensorMapElementBytes(spec.dtype);
    uint64_t addr = spec.globalAddress;
    uint64_t block = addr >= kGlobalBase ? (addr - kGlobalBase) >> kGlobalShift
                                         : ~uint64_t(0);
    if (!esz || block >= ex.m.blocks.size()) {
      ex.error(I.loc) << (esz ? "the tensor map's address " + hexOf(addr) +
                                    " is not in an argument's memory"
                              : "tensor maps of dtype '" + spec.dtype +
                                    "' are not modeled");
      return Step::Fail;
    }
    uint64_t offset = addr - ex.m.blocks[block].base;
    uint64_t last = (spec.globalDim[0] - 1) * esz + esz;
    for (unsigned d = 1; d < spec.rank; ++d)
      last += (spec.globalDim[d] - 1) * spec.globalStrides[d - 1];
    uint64_t size = ex.m.blocks[block].data.size();
    if (offset > size || last > size - offset) {
      ex.error(I.loc) << "the tensor map spans " << last << " bytes from "
                      << hexOf(addr) << ", its memory ("
                      << ex.m.blocks[block].name << ") has "
                      << (offset > size ? 0 : size - offset);
      return Step::Fail;
    }
    R[result] = kTensorMapBase + ex.m.tensorMaps.size() * kTensorMapStride;
    ex.m.tensorMaps.push_back(spec);
    return Step::Next;
  }
};
} // namespace

LogicalResult mlir::tirx::sim::decodeTensorMapEncode(Operation *op,
                                                     Compiler &c) {
  auto enc = cast<TensorMapEncodeTiledOp>(op);
  if (c.inDevice)
    return op->emitOpError("is host code: in the simulator it must precede "
                           "the 'tirx.kernel'");
  auto e = std::make_unique<TensorMapEncode>();
  TensorMapSpec &s = e->base;
  s.dtype = enc.getDtype().str();
  ArrayRef<int64_t> dims = enc.getStaticGlobalDims();
  ArrayRef<int64_t> strides = enc.getStaticGlobalStrides();
  ArrayRef<int64_t> box = enc.getBox();
  if (dims.empty() || dims.size() > 5 || box.size() != dims.size() ||
      strides.size() + 1 != dims.size())
    return c.notModeled(op) << ": rank " << dims.size();
  s.rank = static_cast<uint32_t>(dims.size());
  auto dynDims = enc.getGlobalDims();
  auto dynStrides = enc.getGlobalStrides();
  size_t k = 0;
  for (size_t d = 0; d < dims.size(); ++d) {
    if (ShapedType::isDynamic(dims[d])) {
      e->dimSlots.push_back(c.slot(dynDims[k++]));
    } else {
      e->dimSlots.push_back(kNone);
      s.globalDim[d] = static_cast<uint64_t>(dims[d]);
    }
    s.boxDim[d] = static_cast<uint64_t>(box[d]);
  }
  k = 0;
  for (size_t d = 0; d < strides.size(); ++d) {
    if (ShapedType::isDynamic(strides[d])) {
      e->strideSlots.push_back(c.slot(dynStrides[k++]));
    } else {
      e->strideSlots.push_back(kNone);
      s.globalStrides[d] = static_cast<uint64_t>(strides[d]);
    }
  }
  if (auto es = enc.getElementStrides()) {
    if (es->size() != dims.size())
      return c.notModeled(op) << ": element_strides needs one entry per "
                                 "dimension";
    for (size_t d = 0; d < es->size(); ++d)
      s.elementStrides[d] = static_cast<uint64_t>((*es)[d]);
  }
  auto interleave = ::tirx::runtime::parseInterleave(enc.getInterleave().str());
  auto swizzle = ::tirx::runtime::parseSwizzle(enc.getSwizzle().str());
  auto l2 = ::tirx::runtime::parseL2Promotion(enc.getL2Promotion().str());
  auto fill = ::tirx::runtime::parseOOBFill(enc.getOobFill().str());
  if (!interleave || !swizzle || !l2 || !fill)
    return c.notModeled(op) << ": an unknown interleave, swizzle, "
                               "l2_promotion or oob_fill mode";
  s.interleave = *interleave;
  s.swizzle = *swizzle;
  s.l2Promotion = *l2;
  s.oobFill = *fill;
  e->src = c.slot(enc.getSource());
  if (!c.define(enc.getResult(), op))
    return failure();
  e->result = c.slot(enc.getResult());
  c.emitExt(std::move(e));
  return success();
}
