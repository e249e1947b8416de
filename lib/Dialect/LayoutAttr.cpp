//===- LayoutAttr.cpp - #tirx.layout syntax and verifier --------*- C++ -*-===//
//
// Axis names, the textual form of `#tirx.layout`, and its verifiers (the
// attribute's own well-formedness, and its fit to a buffer). The algebra
// (apply, canonicalize, slice, tile) is in LayoutAlgebra.cpp.
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/TIRxTypes.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tirx;

//===----------------------------------------------------------------------===//
// Axes
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kAxisNames[kNumLayoutAxes] = {
    "m",   "laneid", "warpid", "wgid", "tx",  "wid_in_wg", "tid_in_wg", "bx",
    "by",  "bz",     "cbx",    "cby",  "cbz", "TLane",     "TCol"};

StringRef mlir::tirx::stringifyLayoutAxis(LayoutAxis axis) {
  return kAxisNames[static_cast<unsigned>(axis)];
}

std::optional<LayoutAxis> mlir::tirx::symbolizeLayoutAxis(StringRef name) {
  for (unsigned i = 0; i < kNumLayoutAxes; ++i)
    if (kAxisNames[i] == name)
      return static_cast<LayoutAxis>(i);
  return std::nullopt;
}

StringRef mlir::tirx::getLayoutAxisNames() {
  return "m, laneid, warpid, wgid, tx, wid_in_wg, tid_in_wg, bx, by, bz, "
         "cbx, cby, cbz, TLane, TCol";
}

bool mlir::tirx::isThreadAxis(LayoutAxis axis) {
  switch (axis) {
  case LayoutAxis::LaneId:
  case LayoutAxis::WarpId:
  case LayoutAxis::WgId:
  case LayoutAxis::Tx:
  case LayoutAxis::WidInWg:
  case LayoutAxis::TidInWg:
    return true;
  default:
    return false;
  }
}

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

/// `int` or `int@axis`.
static ParseResult parseStrideOnAxis(AsmParser &parser, int64_t &value,
                                     LayoutAxis &axis) {
  if (parser.parseInteger(value))
    return failure();
  axis = LayoutAxis::M;
  SMLoc loc = parser.getCurrentLocation();
  StringAttr name;
  if (succeeded(parser.parseOptionalSymbolName(name))) {
    std::optional<LayoutAxis> parsed = symbolizeLayoutAxis(name.getValue());
    if (!parsed)
      return parser.emitError(loc, "unknown layout axis '")
             << name.getValue() << "'; expected one of: "
             << getLayoutAxisNames();
    axis = *parsed;
  }
  return success();
}

/// `[(e0, e1, ...):(s0, s1@a, ...)]` or `[e:s@a]`.
static ParseResult parseIters(AsmParser &parser,
                              SmallVectorImpl<LayoutIter> &iters) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLSquare())
    return failure();
  SmallVector<int64_t> extents;
  SmallVector<std::pair<int64_t, LayoutAxis>> strides;
  bool tuple = succeeded(parser.parseOptionalLParen());
  auto parseExtent = [&]() -> ParseResult {
    return parser.parseInteger(extents.emplace_back());
  };
  auto parseStride = [&]() -> ParseResult {
    auto &entry = strides.emplace_back();
    return parseStrideOnAxis(parser, entry.first, entry.second);
  };
  if (tuple) {
    if (parser.parseCommaSeparatedList(parseExtent) || parser.parseRParen() ||
        parser.parseColon() ||
        parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren,
                                       parseStride))
      return failure();
  } else if (parseExtent() || parser.parseColon() || parseStride()) {
    return failure();
  }
  if (parser.parseRSquare())
    return failure();
  if (extents.size() != strides.size())
    return parser.emitError(loc) << "layout has " << extents.size()
                                 << " extents but " << strides.size()
                                 << " strides";
  for (auto [extent, stride] : llvm::zip(extents, strides))
    iters.push_back({extent, stride.first, stride.second});
  return success();
}

Attribute LayoutAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<LayoutIter> shard, replica;
  SmallVector<LayoutOffset> offsets;
  SwizzleSpec swizzle;
  bool sawShard = false, sawReplica = false;
  if (parser.parseLess())
    return {};
  do {
    SMLoc partLoc = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalKeyword("S"))) {
      if (sawShard) {
        parser.emitError(partLoc, "a layout has one shard 'S[...]'");
        return {};
      }
      sawShard = true;
      if (parseIters(parser, shard))
        return {};
    } else if (succeeded(parser.parseOptionalKeyword("R"))) {
      if (sawReplica) {
        parser.emitError(partLoc, "a layout has at most one replica 'R[...]'");
        return {};
      }
      sawReplica = true;
      if (parseIters(parser, replica))
        return {};
    } else {
      int64_t value;
      LayoutAxis axis;
      OptionalParseResult hasInt = parser.parseOptionalInteger(value);
      if (!hasInt.has_value()) {
        parser.emitError(partLoc, "expected 'S[...]', 'R[...]' or an offset "
                                  "'k' / 'k@axis' in a layout");
        return {};
      }
      if (failed(*hasInt))
        return {};
      axis = LayoutAxis::M;
      StringAttr name;
      SMLoc nameLoc = parser.getCurrentLocation();
      if (succeeded(parser.parseOptionalSymbolName(name))) {
        std::optional<LayoutAxis> parsed = symbolizeLayoutAxis(name.getValue());
        if (!parsed) {
          parser.emitError(nameLoc, "unknown layout axis '")
              << name.getValue()
              << "'; expected one of: " << getLayoutAxisNames();
          return {};
        }
        axis = *parsed;
      }
      offsets.push_back({axis, value});
    }
  } while (succeeded(parser.parseOptionalPlus()));
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("swizzle") || parser.parseLess() ||
        parser.parseInteger(swizzle.bits) || parser.parseComma() ||
        parser.parseInteger(swizzle.base) || parser.parseComma() ||
        parser.parseInteger(swizzle.shift) || parser.parseGreater())
      return {};
  }
  if (parser.parseGreater())
    return {};
  if (!sawShard) {
    parser.emitError(loc, "a layout needs a shard 'S[...]'");
    return {};
  }
  return parser.getChecked<LayoutAttr>(
      loc, parser.getContext(), ArrayRef<LayoutIter>(shard),
      ArrayRef<LayoutIter>(replica), ArrayRef<LayoutOffset>(offsets), swizzle);
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

static void printStride(AsmPrinter &printer, int64_t value, LayoutAxis axis) {
  printer << value;
  if (axis != LayoutAxis::M)
    printer << "@" << stringifyLayoutAxis(axis);
}

static void printIters(AsmPrinter &printer, ArrayRef<LayoutIter> iters) {
  printer << "[";
  if (iters.size() == 1) {
    printer << iters[0].extent << ":";
    printStride(printer, iters[0].stride, iters[0].axis);
  } else {
    printer << "(";
    llvm::interleaveComma(iters, printer,
                          [&](const LayoutIter &i) { printer << i.extent; });
    printer << "):(";
    llvm::interleaveComma(iters, printer, [&](const LayoutIter &i) {
      printStride(printer, i.stride, i.axis);
    });
    printer << ")";
  }
  printer << "]";
}

void LayoutAttr::print(AsmPrinter &printer) const {
  printer << "<S";
  printIters(printer, getShard());
  if (!getReplica().empty()) {
    printer << " + R";
    printIters(printer, getReplica());
  }
  for (const LayoutOffset &o : getOffsets()) {
    printer << " + ";
    printStride(printer, o.value, o.axis);
  }
  SwizzleSpec s = getSwizzle();
  if (!s.isNone())
    printer << ", swizzle<" << s.bits << ", " << s.base << ", " << s.shift
            << ">";
  printer << ">";
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

static LogicalResult verifyIters(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<LayoutIter> iters, StringRef what) {
  int64_t product = 1;
  for (const LayoutIter &i : iters) {
    if (i.extent < 1)
      return emitError() << "layout " << what
                         << " extents must be positive, got " << i.extent;
    if (i.stride < 0)
      return emitError() << "layout " << what
                         << " strides must be non-negative, got " << i.stride;
    int64_t reach;
    if (llvm::MulOverflow(product, i.extent, product) ||
        llvm::MulOverflow(i.extent - 1, i.stride, reach) ||
        reach > (int64_t(1) << 48))
      return emitError() << "layout " << what << " is too large";
  }
  return success();
}

LogicalResult LayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<LayoutIter> shard,
                                 ArrayRef<LayoutIter> replica,
                                 ArrayRef<LayoutOffset> offsets,
                                 SwizzleSpec swizzle) {
  if (shard.empty())
    return emitError() << "layout shard needs at least one iterator";
  if (failed(verifyIters(emitError, shard, "shard")) ||
      failed(verifyIters(emitError, replica, "replica")))
    return failure();
  bool seen[kNumLayoutAxes] = {};
  for (const LayoutOffset &o : offsets) {
    if (o.value < 0 || o.value > (int64_t(1) << 48))
      return emitError() << "layout offset " << o.value << "@"
                         << stringifyLayoutAxis(o.axis)
                         << " is out of range [0, 2^48]";
    if (seen[static_cast<unsigned>(o.axis)])
      return emitError() << "layout has two offsets on axis '"
                         << stringifyLayoutAxis(o.axis) << "'";
    seen[static_cast<unsigned>(o.axis)] = true;
  }
  if (!swizzle.isNone()) {
    if (swizzle.bits < 0 || swizzle.base < 0 || swizzle.shift < swizzle.bits ||
        swizzle.bits + swizzle.base + swizzle.shift > 30)
      return emitError()
             << "swizzle<" << swizzle.bits << ", " << swizzle.base << ", "
             << swizzle.shift
             << "> is invalid: needs bits >= 0, base >= 0, shift >= bits and "
                "bits + base + shift <= 30";
    bool usesMemory =
        llvm::any_of(shard, [](const LayoutIter &i) {
          return i.axis == LayoutAxis::M;
        });
    if (!usesMemory)
      return emitError() << "a swizzle needs the memory axis 'm' in the shard";
  } else if (swizzle.base != 0 || swizzle.shift != 0 || swizzle.bits < 0) {
    return emitError() << "swizzle<0, M, S> must be swizzle<0, 0, 0>";
  }
  return success();
}

LogicalResult
LayoutAttr::verifyForBuffer(function_ref<InFlightDiagnostic()> emitError,
                            ArrayRef<int64_t> shape, MemorySpace space) const {
  if (llvm::any_of(shape, ShapedType::isDynamic))
    return emitError() << "a buffer with a tile layout needs a static shape";
  int64_t numElements = 1;
  for (int64_t d : shape)
    numElements *= d;
  if (getSize() != numElements)
    return emitError() << "layout covers " << getSize()
                       << " elements but the buffer has " << numElements;
  auto allowed = [&](LayoutAxis axis) {
    switch (space) {
    case MemorySpace::Local:
      return axis == LayoutAxis::M || isThreadAxis(axis);
    case MemorySpace::Shared:
    case MemorySpace::SharedDyn:
    case MemorySpace::SharedCluster:
      return axis == LayoutAxis::M || isClusterAxis(axis);
    case MemorySpace::TMem:
      return isTMemAxis(axis);
    default:
      return axis == LayoutAxis::M;
    }
  };
  auto check = [&](LayoutAxis axis) -> LogicalResult {
    if (allowed(axis))
      return success();
    return emitError() << "layout axis '" << stringifyLayoutAxis(axis)
                       << "' is not allowed in a '"
                       << stringifyMemorySpace(space)
                       << "' buffer (allowed: "
                       << (space == MemorySpace::Local
                               ? "m and thread axes"
                           : space == MemorySpace::TMem ? "TLane, TCol"
                           : isSharedScope(space) ||
                                   space == MemorySpace::SharedCluster
                               ? "m and cluster axes"
                               : "m")
                       << ")";
  };
  for (const LayoutIter &i : getShard())
    if (i.stride != 0 && failed(check(i.axis)))
      return failure();
  for (const LayoutIter &i : getReplica())
    if (failed(check(i.axis)))
      return failure();
  for (const LayoutOffset &o : getOffsets())
    if (failed(check(o.axis)))
      return failure();
  if (!getSwizzle().isNone() && !isSharedScope(space) &&
      space != MemorySpace::SharedCluster)
    return emitError() << "a swizzled layout needs a shared-memory buffer, "
                          "not '"
                       << stringifyMemorySpace(space) << "'";
  return success();
}
