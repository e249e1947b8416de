//===- TIRxHostOps.cpp - TIRx host-side ops ---------------------*- C++ -*-===//
//
// Shape reads and TMA descriptor creation. The tensormap op's static parts go
// through the runtime's own validator (tirx/runtime/TensorMap.h), so the
// compiler and the runtime enforce one set of rules.
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/TIRxHostOps.h"
#include "TIRx/Dialect/TIRxOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/BuiltinTypes.h"
#include "tirx/runtime/TensorMap.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tirx;
namespace rt = ::tirx::runtime;

#define GET_OP_CLASSES
#include "TIRx/Dialect/TIRxHostOps.cpp.inc"

void TIRxDialect::registerHostOps() {
  addOperations<
#define GET_OP_LIST
#include "TIRx/Dialect/TIRxHostOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// dtype names
//===----------------------------------------------------------------------===//

std::optional<StringRef> mlir::tirx::getDTypeName(Type type) {
  if (isa<IndexType>(type))
    return StringRef("int64");
  if (auto i = dyn_cast<IntegerType>(type)) {
    bool u = i.isUnsigned();
    switch (i.getWidth()) {
    case 1:
      return StringRef("bool");
    case 8:
      return StringRef(u ? "uint8" : "int8");
    case 16:
      return StringRef(u ? "uint16" : "int16");
    case 32:
      return StringRef(u ? "uint32" : "int32");
    case 64:
      return StringRef(u ? "uint64" : "int64");
    default:
      return std::nullopt;
    }
  }
  return llvm::TypeSwitch<Type, std::optional<StringRef>>(type)
      .Case<Float16Type>([](auto) { return StringRef("float16"); })
      .Case<BFloat16Type>([](auto) { return StringRef("bfloat16"); })
      .Case<Float32Type>([](auto) { return StringRef("float32"); })
      .Case<Float64Type>([](auto) { return StringRef("float64"); })
      .Case<FloatTF32Type>([](auto) { return StringRef("tfloat32"); })
      .Case<Float8E4M3FNType>([](auto) { return StringRef("float8_e4m3fn"); })
      .Case<Float8E5M2Type>([](auto) { return StringRef("float8_e5m2"); })
      .Case<Float8E8M0FNUType>(
          [](auto) { return StringRef("float8_e8m0fnu"); })
      .Case<Float4E2M1FNType>([](auto) { return StringRef("float4_e2m1fn"); })
      .Default([](Type) { return std::nullopt; });
}

bool mlir::tirx::isTensorMapSource(Type type) {
  if (auto buffer = dyn_cast<BufferType>(type))
    return buffer.getMemorySpace() == MemorySpace::Global;
  if (auto ptr = dyn_cast<PtrType>(type))
    return ptr.getMemorySpace() == MemorySpace::Global ||
           ptr.getMemorySpace() == MemorySpace::Generic;
  return false;
}

//===----------------------------------------------------------------------===//
// BufferDimOp
//===----------------------------------------------------------------------===//

LogicalResult BufferDimOp::verify() {
  BufferType type = getBuffer().getType();
  int64_t dim = getDim();
  if (dim >= type.getRank())
    return emitOpError("dimension ")
           << dim << " is out of range for a rank-" << type.getRank()
           << " buffer";
  if (type.isDynamicDim(dim) && (*this)->getParentOfType<KernelOp>())
    return emitOpError("reads the dynamic extent of dimension ")
           << dim << " inside 'tirx.kernel', where it is unknown; read it "
                     "before the kernel (the value becomes a kernel argument)";
  return success();
}

LogicalResult BufferDimOp::canonicalize(BufferDimOp op,
                                        PatternRewriter &rewriter) {
  BufferType type = op.getBuffer().getType();
  int64_t dim = op.getDim();
  if (dim >= type.getRank() || type.isDynamicDim(dim))
    return failure();
  rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(op,
                                                      type.getDimSize(dim));
  return success();
}

//===----------------------------------------------------------------------===//
// PyFuncOp
//===----------------------------------------------------------------------===//

LogicalResult PyFuncOp::verify() {
  StringRef name = getSymName();
  StringRef source = getSource();
  // `def name(` at the start of a line (after indentation or decorators).
  std::string def = ("def " + name + "(").str();
  size_t at = source.find(def);
  while (at != StringRef::npos) {
    size_t lineStart = source.rfind('\n', at);
    lineStart = lineStart == StringRef::npos ? 0 : lineStart + 1;
    if (source.slice(lineStart, at).trim().empty() ||
        source.slice(lineStart, at).trim() == "async")
      return success();
    at = source.find(def, at + 1);
  }
  return emitOpError("source does not define 'def ")
         << name << "(...)' (the Python function named like the symbol)";
}

//===----------------------------------------------------------------------===//
// TensorMapEncodeTiledOp
//===----------------------------------------------------------------------===//

SmallVector<int64_t> TensorMapEncodeTiledOp::getElementStridesOrDefault() {
  if (auto strides = getElementStrides())
    return SmallVector<int64_t>(*strides);
  return SmallVector<int64_t>(getRank(), 1);
}

/// The op's spelling of a spec field.
static StringRef opFieldName(rt::TensorMapField field) {
  switch (field) {
  case rt::TensorMapField::DType:
    return "dtype";
  case rt::TensorMapField::Rank:
    return "rank";
  case rt::TensorMapField::GlobalAddress:
    return "source";
  case rt::TensorMapField::GlobalDim:
    return "global_dims";
  case rt::TensorMapField::GlobalStrides:
    return "global_strides";
  case rt::TensorMapField::BoxDim:
    return "box";
  case rt::TensorMapField::ElementStrides:
    return "element_strides";
  case rt::TensorMapField::Interleave:
    return "interleave";
  case rt::TensorMapField::Swizzle:
    return "swizzle";
  case rt::TensorMapField::L2Promotion:
    return "l2_promotion";
  case rt::TensorMapField::OOBFill:
    return "oob_fill";
  }
  return "?";
}

/// Copies a static list into the spec: dynamic entries become unknown,
/// negative ones are errors.
static LogicalResult fillList(Operation *op, StringRef name,
                              ArrayRef<int64_t> values, uint64_t *out) {
  for (auto [i, v] : llvm::enumerate(values)) {
    if (ShapedType::isDynamic(v)) {
      out[i] = rt::kTensorMapUnknown;
      continue;
    }
    if (v < 0)
      return op->emitOpError() << name << "[" << i << "] is negative (" << v
                               << ")";
    out[i] = static_cast<uint64_t>(v);
  }
  return success();
}

template <typename E>
static LogicalResult parseMode(Operation *op, StringRef name, StringRef value,
                               std::optional<E> (*parse)(std::string_view),
                               const char *const *names, size_t count, E &out) {
  std::optional<E> mode = parse(std::string_view(value.data(), value.size()));
  if (!mode) {
    auto diag = op->emitOpError() << name << " '" << value
                                  << "' is not one of ";
    for (size_t i = 0; i < count; ++i)
      diag << (i ? ", " : "") << names[i];
    return diag;
  }
  out = *mode;
  return success();
}

/// When the source is a buffer of the op's rank, the static dims and strides
/// must describe it (lists are innermost first, buffer shapes outermost
/// first).
static LogicalResult checkAgainstBuffer(TensorMapEncodeTiledOp op,
                                        BufferType buffer) {
  unsigned rank = op.getRank();
  if (buffer.getRank() != static_cast<int64_t>(rank))
    return success();
  ArrayRef<int64_t> dims = op.getStaticGlobalDims();
  for (unsigned i = 0; i < rank; ++i) {
    int64_t d = dims[i], e = buffer.getDimSize(rank - 1 - i);
    if (ShapedType::isDynamic(d) || ShapedType::isDynamic(e) || d == e)
      continue;
    return op.emitOpError("global_dims[")
           << i << "] is " << d << ", but dimension " << rank - 1 - i
           << " of the source buffer has " << e
           << " elements (global_dims lists the innermost dimension first)";
  }
  SmallVector<int64_t> strides = buffer.getStridesOrDefault();
  int64_t elemBytes = getElementBitWidth(buffer.getElementType()) / 8;
  ArrayRef<int64_t> bytes = op.getStaticGlobalStrides();
  for (unsigned i = 0; i + 1 < rank && elemBytes > 0; ++i) {
    int64_t s = bytes[i], e = strides[rank - 2 - i];
    if (ShapedType::isDynamic(s) || ShapedType::isDynamic(e) ||
        s == e * elemBytes)
      continue;
    return op.emitOpError("global_strides[")
           << i << "] is " << s << " bytes, but dimension " << rank - 2 - i
           << " of the source buffer has a stride of " << e * elemBytes
           << " bytes";
  }
  return success();
}

LogicalResult TensorMapEncodeTiledOp::verify() {
  Operation *op = getOperation();
  if (op->getParentOfType<KernelOp>())
    return emitOpError("is host code: build the descriptor before "
                       "'tirx.kernel' and use it inside");

  // The dtype string and the source's element type.
  StringRef dtype = getDtype();
  const rt::TensorMapDTypeInfo *info =
      rt::lookupTensorMapDType(std::string_view(dtype.data(), dtype.size()));
  if (!info)
    return emitOpError("dtype '")
           << dtype << "' is not a known dtype; expected one of "
           << rt::tensorMapDTypeNames();
  Type element;
  if (auto buffer = dyn_cast<BufferType>(getSource().getType()))
    element = buffer.getElementType();
  else
    element = cast<PtrType>(getSource().getType()).getElementType();
  if (element.isIntOrIndexOrFloat() && !isa<IndexType>(element)) {
    unsigned bits = getElementBitWidth(element);
    if (bits != info->storageBits)
      return emitOpError("dtype '")
             << dtype << "' has " << info->storageBits
             << "-bit elements, but the source's element type " << element
             << " has " << bits;
  }

  // List lengths.
  unsigned rank = getRank();
  if (rank < 1 || rank > rt::kTensorMapMaxRank)
    return emitOpError("takes 1 to 5 global_dims (the rank), got ") << rank;
  if (failed(verifyListOfOperandsOrIntegers(op, "global_dims", rank,
                                            getStaticGlobalDims(),
                                            getGlobalDims())))
    return failure();
  if (failed(verifyListOfOperandsOrIntegers(
          op, "global_strides", getStaticGlobalStrides().size(),
          getStaticGlobalStrides(), getGlobalStrides())))
    return failure();
  if (getStaticGlobalStrides().size() != rank - 1)
    return emitOpError("takes rank - 1 = ")
           << rank - 1 << " global_strides (dimension 0 is contiguous), got "
           << getStaticGlobalStrides().size();
  if (getBox().size() != rank)
    return emitOpError("takes ") << rank << " box extents, got "
                                 << getBox().size();
  SmallVector<int64_t> elementStrides = getElementStridesOrDefault();
  if (elementStrides.size() != rank)
    return emitOpError("takes ") << rank << " element_strides, got "
                                 << elementStrides.size();

  // The spec with what is known statically, then the shared validator.
  rt::TensorMapSpec spec;
  spec.dtype = dtype.str();
  spec.rank = rank;
  spec.globalAddress = rt::kTensorMapUnknown;
  if (failed(fillList(op, "global_dims", getStaticGlobalDims(),
                      spec.globalDim.data())) ||
      failed(fillList(op, "global_strides", getStaticGlobalStrides(),
                      spec.globalStrides.data())) ||
      failed(fillList(op, "box", getBox(), spec.boxDim.data())) ||
      failed(fillList(op, "element_strides", elementStrides,
                      spec.elementStrides.data())))
    return failure();
  if (failed(parseMode(op, "interleave", getInterleave(), rt::parseInterleave,
                       rt::kInterleaveNames,
                       std::size(rt::kInterleaveNames), spec.interleave)) ||
      failed(parseMode(op, "swizzle", getSwizzle(), rt::parseSwizzle,
                       rt::kSwizzleNames, std::size(rt::kSwizzleNames),
                       spec.swizzle)) ||
      failed(parseMode(op, "l2_promotion", getL2Promotion(),
                       rt::parseL2Promotion, rt::kL2PromotionNames,
                       std::size(rt::kL2PromotionNames), spec.l2Promotion)) ||
      failed(parseMode(op, "oob_fill", getOobFill(), rt::parseOOBFill,
                       rt::kOOBFillNames, std::size(rt::kOOBFillNames),
                       spec.oobFill)))
    return failure();
  if (std::optional<rt::TensorMapError> error = rt::validateTensorMap(spec)) {
    auto diag = emitOpError() << opFieldName(error->field);
    if (error->index >= 0)
      diag << "[" << error->index << "]";
    return diag << ": " << error->message;
  }
  if (auto buffer = dyn_cast<BufferType>(getSource().getType()))
    return checkAgainstBuffer(*this, buffer);
  return success();
}
