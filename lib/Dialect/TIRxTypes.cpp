//===- TIRxTypes.cpp - TIRx types -------------------------------*- C++ -*-===//

#include "TIRx/Dialect/TIRxTypes.h"
#include "TIRx/Dialect/TIRxDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tirx;

#include "TIRx/Dialect/TIRxEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "TIRx/Dialect/TIRxOpsTypes.cpp.inc"

void TIRxDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "TIRx/Dialect/TIRxOpsTypes.cpp.inc"
      >();
}

Type TIRxDialect::parseType(DialectAsmParser &parser) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Type type;
  OptionalParseResult result = generatedTypeParser(parser, &mnemonic, type);
  if (!result.has_value()) {
    parser.emitError(loc) << "unknown TIRx type '" << mnemonic
                          << "'; expected one of: ptr, buffer, tensormap";
    return {};
  }
  if (failed(*result))
    return {};
  // Parameterless types must not silently swallow a parameter list.
  if (succeeded(parser.parseOptionalLess())) {
    parser.emitError(loc) << type << " takes no parameters";
    return {};
  }
  return type;
}

void TIRxDialect::printType(Type type, DialectAsmPrinter &printer) const {
  (void)generatedTypePrinter(type, printer);
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static bool isScalarElementType(Type type) {
  if (auto i = dyn_cast<IntegerType>(type))
    return i.getWidth() > 0;
  return isa<FloatType>(type);
}

bool mlir::tirx::isValidElementType(Type type) {
  if (!type)
    return false;
  if (auto v = dyn_cast<VectorType>(type))
    return v.getRank() == 1 && !v.isScalable() &&
           isScalarElementType(v.getElementType());
  return isScalarElementType(type);
}

unsigned mlir::tirx::getElementBitWidth(Type type) {
  if (auto v = dyn_cast_or_null<VectorType>(type)) {
    if (v.getRank() != 1 || v.isScalable())
      return 0;
    return v.getNumElements() * getElementBitWidth(v.getElementType());
  }
  if (auto i = dyn_cast_or_null<IntegerType>(type))
    return i.getWidth();
  if (auto f = dyn_cast_or_null<FloatType>(type))
    return f.getWidth();
  return 0;
}

unsigned mlir::tirx::getNVPTXAddressSpace(MemorySpace space) {
  switch (space) {
  case MemorySpace::Generic:
    return 0;
  case MemorySpace::Global:
    return 1;
  case MemorySpace::Shared:
  case MemorySpace::SharedDyn:
    return 3;
  case MemorySpace::Local:
    return 5;
  case MemorySpace::TMem:
    return 6;
  case MemorySpace::SharedCluster:
    return 7;
  case MemorySpace::Param:
    return 101;
  }
  return 0;
}

TargetAttr mlir::tirx::lookupTarget(Operation *op) {
  for (Operation *cur = op; cur; cur = cur->getParentOp())
    if (auto attr = cur->getAttrOfType<TargetAttr>(
            TIRxDialect::getTargetAttrName()))
      return attr;
  return {};
}

//===----------------------------------------------------------------------===//
// PtrType
//===----------------------------------------------------------------------===//

LogicalResult PtrType::verify(function_ref<InFlightDiagnostic()> emitError,
                              Type elementType, MemorySpace memorySpace) {
  if (isValidElementType(elementType) ||
      isa_and_nonnull<TensorMapType, NoneType>(elementType))
    return success();
  return emitError() << "pointee must be a scalar or vector element type, "
                        "!tirx.tensormap or none, got "
                     << elementType;
}

//===----------------------------------------------------------------------===//
// BufferType
//===----------------------------------------------------------------------===//

LogicalResult BufferType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> shape, Type elementType,
                                 MemorySpace memorySpace, Attribute layout) {
  if (!isValidElementType(elementType))
    return emitError() << "buffer element type must be a scalar or vector "
                          "element type, got "
                       << elementType;
  // The element count (and so every default stride) must fit in int64_t.
  int64_t numElements = 1;
  for (int64_t dim : shape) {
    if (dim == ShapedType::kDynamic)
      continue;
    if (dim <= 0)
      return emitError() << "buffer dimensions must be positive or '?', got "
                         << dim;
    if (llvm::MulOverflow(numElements, dim, numElements))
      return emitError() << "buffer has more than " << INT64_MAX
                         << " elements";
  }
  if (!layout)
    return success();
  if (auto tile = dyn_cast<LayoutAttr>(layout))
    return tile.verifyForBuffer(emitError, shape, memorySpace);
  auto strided = dyn_cast<StridedLayoutAttr>(layout);
  if (!strided)
    return emitError() << "buffer layout must be a strided layout or a "
                          "#tirx.layout, got "
                       << layout;
  if (strided.getStrides().size() != shape.size())
    return emitError() << "strided layout has " << strided.getStrides().size()
                       << " strides but the buffer has rank " << shape.size();
  return success();
}

static ParseResult parseMemorySpace(AsmParser &parser, MemorySpace &space) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<MemorySpace> parsed = symbolizeMemorySpace(keyword);
  if (!parsed)
    return parser.emitError(loc)
           << "unknown storage scope '" << keyword
           << "'; expected one of: generic, global, shared, shared.dyn, "
              "shared.cluster, local, tmem, param";
  space = *parsed;
  return success();
}

Type BufferType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape;
  Type elementType;
  MemorySpace space;
  Attribute layout;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parseMemorySpace(parser, space))
    return {};
  if (succeeded(parser.parseOptionalComma()) &&
      parser.parseAttribute(layout))
    return {};
  if (parser.parseGreater())
    return {};
  return parser.getChecked<BufferType>(loc, parser.getContext(), shape,
                                       elementType, space, layout);
}

void BufferType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t dim : getShape()) {
    if (ShapedType::isDynamic(dim))
      printer << "?";
    else
      printer << dim;
    printer << "x";
  }
  printer << getElementType() << ", " << stringifyMemorySpace(getMemorySpace());
  if (getLayout())
    printer << ", " << getLayout();
  printer << ">";
}

BufferType BufferType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                                 Type elementType) const {
  return BufferType::get(shape ? *shape : getShape(),
                         elementType, getMemorySpace(), {});
}

int64_t BufferType::getNumElementsStatic() const {
  int64_t n = 1;
  for (int64_t d : getShape())
    n *= d;
  return n;
}

SmallVector<int64_t> BufferType::getStridesOrDefault() const {
  if (auto strided = dyn_cast_or_null<StridedLayoutAttr>(getLayout()))
    return llvm::to_vector(strided.getStrides());
  // A tile layout has no per-dimension strides.
  if (isa_and_nonnull<LayoutAttr>(getLayout()))
    return SmallVector<int64_t>(getShape().size(), ShapedType::kDynamic);
  SmallVector<int64_t> strides(getShape().size(), 1);
  int64_t running = 1;
  for (int64_t i = static_cast<int64_t>(getShape().size()) - 1; i >= 0; --i) {
    strides[i] = running;
    int64_t dim = getShape()[i];
    if (running == ShapedType::kDynamic || ShapedType::isDynamic(dim))
      running = ShapedType::kDynamic;
    else
      running *= dim;
  }
  return strides;
}

int64_t BufferType::getOffsetOrDefault() const {
  if (auto strided = dyn_cast_or_null<StridedLayoutAttr>(getLayout()))
    return strided.getOffset();
  return 0;
}

bool BufferType::hasDefaultLayout() const {
  if (!getLayout())
    return true;
  if (isa<LayoutAttr>(getLayout()))
    return false;
  if (getOffsetOrDefault() != 0)
    return false;
  return BufferType::get(getShape(), getElementType(),
                         getMemorySpace(), {})
             .getStridesOrDefault() == getStridesOrDefault();
}

LayoutAttr BufferType::getTileLayout() const {
  return dyn_cast_or_null<LayoutAttr>(getLayout());
}

BufferType BufferType::withLayout(Attribute layout) const {
  return BufferType::get(getShape(), getElementType(),
                         getMemorySpace(), layout);
}
