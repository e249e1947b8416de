//===- TileCopyForcedVariants.cpp - copy with one fixed-width access -*- C++ -*-===//
//
// `vec_256b`, `vec_128b`, `vec_64b`, `vec_32b`, `vec_16b` (20, explicit
// only): the original TIRx's forced-width copies. One thread moves exactly
// one access of that width: a region of exactly 32/16/8/4/2 bytes, loaded
// with one `ld` and stored with one `st` (a register operand is the value
// itself). Config: `cache = "nc"` loads through the non-coherent read-only
// path (`ld.global.nc`), `l1_evict` / `l2_evict` / `prefetch_size` are the
// load's L1 and L2 hints, spelled as in PTX (`"L1::no_allocate"`,
// `"L2::evict_first"`, `"L2::256B"`); the hints need a global source, an
// L2 eviction priority a 256-bit access (sm_100). The base alignment of a
// memory region is the caller's promise, as in the original; a static
// start that is not a multiple of the width is refused.
//
//===----------------------------------------------------------------------===//

#include "TileUtils.h"
#include "TileVariants.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::tile;

namespace {

/// The hints of a forced copy, checked.
struct CacheConfig {
  bool nc = false;
  std::optional<ptx::L1Evict> l1;
  std::optional<ptx::L2Evict> l2;
  std::optional<ptx::PrefetchSize> prefetch;
  bool any() const { return nc || l1 || l2 || prefetch; }
};

std::optional<std::string> configString(TileOpInterface op, StringRef key) {
  if (auto s = op.getConfigDict().getAs<StringAttr>(key))
    return s.getValue().str();
  return std::nullopt;
}

/// Reads the cache config ("" or why it is wrong).
std::string readCacheConfig(TileOpInterface op, CacheConfig &c) {
  if (auto cache = configString(op, "cache")) {
    if (*cache != "nc")
      return "unsupported cache config '" + *cache + "'; expected 'nc'";
    c.nc = true;
  }
  if (auto v = configString(op, "l1_evict")) {
    StringRef s(*v);
    if (!s.consume_front("L1::") || !(c.l1 = ptx::symbolizeL1Evict(s)))
      return "l1_evict '" + *v + "' is not one of L1::evict_normal, "
             "L1::evict_unchanged, L1::evict_first, L1::evict_last, "
             "L1::no_allocate";
  }
  if (auto v = configString(op, "l2_evict")) {
    StringRef s(*v);
    if (!s.consume_front("L2::") || !(c.l2 = ptx::symbolizeL2Evict(s)))
      return "l2_evict '" + *v + "' is not one of L2::evict_normal, "
             "L2::evict_first, L2::evict_last";
  }
  if (auto v = configString(op, "prefetch_size")) {
    StringRef s(*v);
    if (s == "L2::64B")
      c.prefetch = ptx::PrefetchSize::B64;
    else if (s == "L2::128B")
      c.prefetch = ptx::PrefetchSize::B128;
    else if (s == "L2::256B")
      c.prefetch = ptx::PrefetchSize::B256;
    else
      return "prefetch_size '" + *v + "' is not one of L2::64B, L2::128B, "
             "L2::256B";
  }
  return "";
}

bool isLocal(const TileOperand &o) {
  return o.getMemorySpace() == MemorySpace::Local;
}

/// The PTX state space of a memory operand.
std::optional<ptx::MemSpace> spaceOf(const TileOperand &o) {
  switch (o.getMemorySpace()) {
  case MemorySpace::Global:
    return ptx::MemSpace::Global;
  case MemorySpace::Shared:
  case MemorySpace::SharedDyn:
    return ptx::MemSpace::SharedCTA;
  default:
    return std::nullopt;
  }
}

/// Why the memory region `o` of `n` elements is not one consecutive,
/// width-aligned run ("" if it is).
std::string checkRun(const TileOperand &o, int64_t n, int64_t bytes) {
  BufferType type = o.getBufferType();
  // Element k of the region relative to its start: the layout must place
  // it k elements after the first (translation invariant for strided
  // layouts; a tile layout is checked at its static start).
  bool tile = static_cast<bool>(type.getTileLayout());
  if (tile && !o.hasStaticOffsets())
    return "'" + o.role.str() + "' has a tile layout and a dynamic start";
  SmallVector<int64_t> start(type.getRank(), 0);
  for (unsigned d = 0; d < type.getRank(); ++d)
    if (auto s = o.getStaticOffset(d))
      start[d] = *s;
  auto offsetAt = [&](int64_t k) -> std::optional<int64_t> {
    SmallVector<int64_t> c(type.getRank());
    int64_t rest = k;
    for (int64_t d = type.getRank() - 1; d >= 0; --d) {
      int64_t size = o.sizes[d];
      c[d] = (tile || o.getStaticOffset(d) ? start[d] : 0) + rest % size;
      rest /= size;
    }
    return memoryOffset(type, c);
  };
  std::optional<int64_t> first = offsetAt(0);
  if (!first)
    return "'" + o.role.str() + "' has no static memory layout";
  for (int64_t k = 1; k < n; ++k) {
    std::optional<int64_t> at = offsetAt(k);
    if (!at || *at != *first + k)
      return "the " + std::to_string(n) + " elements of '" + o.role.str() +
             "' are not consecutive in memory";
  }
  int64_t elem = elementBytes(o.getElementType());
  if (o.hasStaticOffsets() && (*first * elem) % bytes != 0)
    return "'" + o.role.str() + "' starts at element " +
           std::to_string(*first) + ", not on a " + std::to_string(bytes) +
           "-byte boundary";
  return "";
}

std::string matchForced(TileOpInterface op, const TileDispatchContext &ctx,
                        int64_t bytes, StringRef name) {
  std::optional<StringRef> forced = op.getForcedVariant();
  if (!forced || *forced != name)
    return "requires explicit dispatch=\"" + name.str() + "\"";
  if (ctx.scope != ExecScope::Thread)
    return std::string("needs thread scope (one thread, one access), got ") +
           stringifyExecScope(ctx.scope).str();
  SmallVector<TileOperand> ops = op.getTileOperands();
  const TileOperand &dst = ops[0], &src = ops[1];
  Type elem = dst.getElementType();
  if (elem != src.getElementType())
    return "the element types differ";
  int64_t bits = getElementBitWidth(elem);
  if (bits < 8 || (bytes * 8) % bits)
    return name.str() + " is not a whole number of " +
           std::to_string(bits) + "-bit elements";
  int64_t n = bytes * 8 / bits;
  for (const TileOperand &o : {dst, src}) {
    if (o.getNumElements() != n)
      return "'" + o.role.str() + "' has " +
             std::to_string(o.getNumElements()) + " elements, not the " +
             std::to_string(n) + " of one " + std::to_string(bytes * 8) +
             "-bit access";
    if (isLocal(o)) {
      if (LayoutAttr l = o.getBufferType().getTileLayout())
        if (l.hasThreadAxes())
          return "'" + o.role.str() +
                 "' is a register fragment spread over threads";
      if (!o.getBufferType().hasStaticShape())
        return "register buffers need static shapes";
      continue;
    }
    if (!spaceOf(o))
      return "'" + o.role.str() + "' must be in global, shared or local "
             "memory, not '" +
             stringifyMemorySpace(o.getMemorySpace()).str() + "'";
    if (std::string why = checkRun(o, n, bytes); !why.empty())
      return why;
  }
  if (isLocal(dst) && isLocal(src))
    return "both operands are registers (no memory access to make)";
  CacheConfig cache;
  if (std::string why = readCacheConfig(op, cache); !why.empty())
    return why;
  if (cache.any() && src.getMemorySpace() != MemorySpace::Global)
    return "cache/L1/L2 hint config applies to global loads; the source is "
           "in '" +
           stringifyMemorySpace(src.getMemorySpace()).str() + "'";
  if (cache.l2 && bytes != 32)
    return "an L2 eviction priority needs the 256-bit access (vec_256b)";
  if (bytes == 32 && !ctx.atLeast(100))
    return "256-bit loads and stores need sm_100 or newer";
  return "";
}

/// The PTX container of one access: its type, the number of containers and
/// their integer type.
struct Container {
  ptx::ValType type;
  int64_t lanes;
  IntegerType intType;
};

Container containerOf(OpBuilder &b, int64_t bytes, int64_t elemBits) {
  if (bytes == 2)
    return {ptx::ValType::U16, 1, b.getI16Type()};
  if (elemBits == 64)
    return {ptx::ValType::U64, bytes / 8, b.getI64Type()};
  return {ptx::ValType::U32, bytes / 4, b.getI32Type()};
}

/// `value` (a vector of `n` elements, or a scalar for n = 1) as the
/// access's containers (a scalar for one).
Value toContainers(OpBuilder &b, Location loc, Value value,
                   const Container &c) {
  auto vt = VectorType::get({c.lanes}, c.intType);
  Value v = value;
  if (!isa<VectorType>(v.getType()))
    v = vector::FromElementsOp::create(
        b, loc, VectorType::get({1}, v.getType()), ValueRange{v});
  Value words = vector::BitCastOp::create(b, loc, vt, v);
  if (c.lanes == 1)
    return vector::ExtractOp::create(b, loc, words, int64_t(0));
  return words;
}

Value fromContainers(OpBuilder &b, Location loc, Value words,
                     const Container &c, Type elem, int64_t n) {
  Value v = words;
  if (c.lanes == 1)
    v = vector::FromElementsOp::create(
        b, loc, VectorType::get({1}, c.intType), ValueRange{v});
  return vector::BitCastOp::create(b, loc, VectorType::get({n}, elem), v);
}

/// The `n` elements of a register region as one vector.
Value gatherRegisters(OpBuilder &b, Location loc, const TileOperand &o,
                      int64_t n) {
  SmallVector<Value> parts;
  for (int64_t k = 0; k < n; ++k)
    parts.push_back(loadAt(b, loc, o, cIndex(b, loc, k)));
  return vector::FromElementsOp::create(
      b, loc, VectorType::get({n}, o.getElementType()), parts);
}

void scatterRegisters(OpBuilder &b, Location loc, const TileOperand &o,
                      Value vec, int64_t n) {
  for (int64_t k = 0; k < n; ++k) {
    // Named steps, not nested calls (argument-evaluation order).
    Value part = vector::ExtractOp::create(b, loc, vec, k);
    storeAt(b, loc, o, cIndex(b, loc, k), part);
  }
}

Value regionStart(OpBuilder &b, Location loc, const TileOperand &o) {
  SmallVector<Value> zeros(o.getNonUnitSizes().size(), cIndex(b, loc, 0));
  return PtrToOp::create(b, loc, o.value, regionIndices(b, loc, o, zeros));
}

LogicalResult emitForced(TileOpInterface op, RewriterBase &b, int64_t bytes) {
  Location loc = op.getLoc();
  SmallVector<TileOperand> ops = op.getTileOperands();
  const TileOperand &dst = ops[0], &src = ops[1];
  Type elem = dst.getElementType();
  int64_t bits = getElementBitWidth(elem);
  int64_t n = bytes * 8 / bits;
  Container c = containerOf(b, bytes, bits);
  Type wordsType = c.lanes == 1 ? Type(c.intType)
                                : Type(VectorType::get({c.lanes}, c.intType));
  CacheConfig cache;
  (void)readCacheConfig(op, cache);
  MLIRContext *ctx = b.getContext();
  auto optAttr = [&](auto value, auto make) {
    return value ? make(ctx, *value) : decltype(make(ctx, *value))();
  };
  Value words;
  if (isLocal(src)) {
    words = toContainers(b, loc, gatherRegisters(b, loc, src, n), c);
  } else {
    words = PTXLdOp::create(
        b, loc, wordsType, ptx::MemSemAttr(), ptx::MemScopeAttr(),
        ptx::MemSpaceAttr::get(ctx, *spaceOf(src)), ptx::CacheOpAttr(),
        cache.nc ? b.getUnitAttr() : UnitAttr(),
        optAttr(cache.l1, ptx::L1EvictAttr::get),
        optAttr(cache.l2, ptx::L2EvictAttr::get),
        optAttr(cache.prefetch, ptx::PrefetchSizeAttr::get),
        ptx::ValTypeAttr::get(ctx, c.type), regionStart(b, loc, src),
        Value());
  }
  if (isLocal(dst)) {
    scatterRegisters(b, loc, dst, fromContainers(b, loc, words, c, elem, n),
                     n);
    return success();
  }
  PTXStOp::create(b, loc, ptx::MemSemAttr(), ptx::MemScopeAttr(),
                  ptx::MemSpaceAttr::get(ctx, *spaceOf(dst)),
                  ptx::CacheOpAttr(), ptx::L1EvictAttr(), ptx::L2EvictAttr(),
                  ptx::ValTypeAttr::get(ctx, c.type), regionStart(b, loc, dst),
                  words, Value());
  return success();
}

TileVariant forcedVariant(StringRef name, int64_t bytes) {
  TileVariant v;
  v.primitive = "copy";
  v.name = name.str();
  v.priority = 20;
  v.summary = "one thread moves the region with one " +
              std::to_string(bytes * 8) +
              "-bit ld/st (explicit dispatch only; cache hints)";
  v.configKeys = {
      {"cache", TileConfigType::String,
       "\"nc\": load through ld.global.nc (global source)"},
      {"l1_evict", TileConfigType::String,
       "L1 eviction priority of the load (\"L1::no_allocate\", ...)"},
      {"l2_evict", TileConfigType::String,
       "L2 eviction priority of the load (\"L2::evict_first\", ...; "
       "vec_256b)"},
      {"prefetch_size", TileConfigType::String,
       "L2 prefetch size of the load (\"L2::64B\", \"L2::128B\", "
       "\"L2::256B\")"}};
  std::string n = name.str();
  v.match = [n, bytes](TileOpInterface op, const TileDispatchContext &ctx) {
    return matchForced(op, ctx, bytes, n);
  };
  v.emit = [bytes](TileOpInterface op, const TileDispatchContext &,
                   RewriterBase &b) { return emitForced(op, b, bytes); };
  return v;
}

} // namespace

void tile::registerForcedCopyVariants() {
  registerTileVariant(forcedVariant("vec_256b", 32));
  registerTileVariant(forcedVariant("vec_128b", 16));
  registerTileVariant(forcedVariant("vec_64b", 8));
  registerTileVariant(forcedVariant("vec_32b", 4));
  registerTileVariant(forcedVariant("vec_16b", 2));
}
