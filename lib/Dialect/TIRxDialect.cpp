//===- TIRxDialect.cpp - TIRx dialect ---------------------------*- C++ -*-===//

#include "TIRx/Dialect/TIRxDialect.h"
#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/Dialect/TIRxProfileOps.h"
#include "TIRx/Dialect/TIRxTypes.h"
#include "TIRx/Dialect/TileDispatch.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Interfaces/FoldInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace mlir::tirx;

#include "TIRx/Dialect/TIRxOpsDialect.cpp.inc"

namespace {
/// Constants folded inside a kernel are materialized in the kernel, not
/// hoisted above it: only scalars cross the host/device boundary, so a
/// vector constant hoisted out of `tirx.kernel` would not verify.
struct TIRxFoldInterface : public DialectFoldInterface {
  using DialectFoldInterface::DialectFoldInterface;
  bool shouldMaterializeInto(Region *region) const final {
    return isa<KernelOp>(region->getParentOp());
  }
};
} // namespace

void TIRxDialect::initialize() {
  registerTypes();
  registerAttributes();
  registerCoreOps();
  registerPTXOps();
  registerHostOps();
  registerProfileOps();
  addInterfaces<TIRxFoldInterface>();
  registerTileOps();
  registerBuiltinTileVariants();
}

//===----------------------------------------------------------------------===//
// Discardable attributes
//===----------------------------------------------------------------------===//
//
// Every `tirx.*` attribute a pass reads is checked here, where it is
// attached, so that a pass never meets one that does not mean what it
// should: a wrong kind of value, an op it cannot go on, indices that name no
// parameter. Passes check again what only they can see (their contract on
// the surrounding IR), but none trusts an attribute the verifier let pass
// without checking its kind.

/// A kernel function: a `gpu.func` marked `gpu.kernel`, or a lowered
/// `llvm.func` marked `nvvm.kernel`, with a body.
static bool isKernelFunction(FunctionOpInterface func) {
  if (func.isExternal())
    return false;
  StringRef name = func->getName().getStringRef();
  if (name == "gpu.func")
    return func->hasAttr("gpu.kernel");
  if (name == "llvm.func")
    return func->hasAttr("nvvm.kernel"); // NVVMDialect::getKernelFuncAttrName

  return false;
}

static LogicalResult verifyGridConstantArgs(Operation *op, StringRef name,
                                            Attribute value) {
  auto indices = dyn_cast<DenseI32ArrayAttr>(value);
  if (!indices)
    return op->emitError() << "'" << name
                           << "' must be an array<i32> of parameter indices";
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func || !isKernelFunction(func))
    return op->emitError()
           << "'" << name
           << "' may only be attached to a kernel function with a body (a "
              "gpu.func marked gpu.kernel, or an llvm.func marked "
              "nvvm.kernel)";
  unsigned numArgs = func.getNumArguments();
  int64_t previous = -1;
  for (int32_t index : indices.asArrayRef()) {
    if (index < 0 || static_cast<unsigned>(index) >= numArgs)
      return op->emitError() << "'" << name << "' lists parameter " << index
                             << ", but the function has " << numArgs
                             << " parameters";
    if (index <= previous)
      return op->emitError() << "'" << name
                             << "' must list parameter indices in increasing "
                                "order, each once";
    previous = index;
    Type type = func.getArgumentTypes()[index];
    bool ok = op->getName().getStringRef() == "gpu.func"
                  ? isa<TensorMapType>(type)
                  : isa<LLVM::LLVMPointerType>(type) &&
                        cast<LLVM::LLVMPointerType>(type).getAddressSpace() ==
                            0;
    if (!ok)
      return op->emitError()
             << "'" << name << "' lists parameter " << index << " of type "
             << type << ", which is not a tensormap parameter ("
             << (op->getName().getStringRef() == "gpu.func"
                     ? "!tirx.tensormap"
                     : "a generic !llvm.ptr")
             << ")";
  }
  return success();
}

LogicalResult TIRxDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  Attribute value = attr.getValue();
  if (name == getTargetAttrName()) {
    if (!isa<TargetAttr>(value))
      return op->emitError() << "'" << name
                             << "' must be a #tirx.target attribute, got "
                             << value;
    if (!isa<ModuleOp>(op))
      return op->emitError() << "'" << name
                             << "' may only be attached to a builtin.module";
    return success();
  }
  if (name == getLaunchAttrName()) {
    if (!isa<LaunchAttr>(value))
      return op->emitError() << "'" << name
                             << "' must be a #tirx.launch attribute, got "
                             << value;
    if (!isa<FunctionOpInterface>(op))
      return op->emitError() << "'" << name
                             << "' may only be attached to a function";
    return success();
  }
  if (name == getDynSharedOffsetAttrName()) {
    auto offset = dyn_cast<IntegerAttr>(value);
    if (!offset || !offset.getType().isSignlessInteger(64))
      return op->emitError() << "'" << name << "' must be an i64 integer";
    auto alloc = dyn_cast<AllocBufferOp>(op);
    if (!alloc || alloc.getType().getMemorySpace() != MemorySpace::SharedDyn)
      return op->emitError() << "'" << name
                             << "' may only be attached to a 'shared.dyn' "
                                "tirx.alloc_buffer";
    if (offset.getInt() < 0)
      return op->emitError() << "'" << name
                             << "' must not be negative, got "
                             << offset.getInt();
    return success();
  }
  if (name == getDynSharedBytesAttrName()) {
    auto bytes = dyn_cast<IntegerAttr>(value);
    if (!bytes || !bytes.getType().isSignlessInteger(64))
      return op->emitError() << "'" << name << "' must be an i64 integer";
    if (!isa<FunctionOpInterface>(op))
      return op->emitError() << "'" << name
                             << "' may only be attached to a function";
    if (bytes.getInt() < 0)
      return op->emitError() << "'" << name
                             << "' must not be negative, got "
                             << bytes.getInt();
    return success();
  }
  if (name == profile::kTraceAttrName)
    return profile::verifyTraceAttr(op, value);
  if (name == getGridConstantArgsAttrName())
    return verifyGridConstantArgs(op, name, value);
  if (name == getAnnotationsAttrName()) {
    if (!isa<DictionaryAttr>(value))
      return op->emitError() << "'" << name << "' must be a dictionary";
    if (!isa<LoopLikeOpInterface>(op))
      return op->emitError() << "'" << name
                             << "' may only be attached to a loop";
    return success();
  }
  return op->emitError() << "unknown TIRx attribute '" << name << "'";
}

/// The tensor-map description `tirx.tma_spec`: what the host must encode.
static LogicalResult verifyTMASpec(Operation *op, StringRef name,
                                   DictionaryAttr spec, unsigned numArgs) {
  auto fail = [&](const Twine &what) {
    return op->emitError() << "'" << name << "' " << what;
  };
  if (!isa_and_nonnull<StringAttr>(spec.get("dtype")) ||
      !isa_and_nonnull<StringAttr>(spec.get("swizzle")))
    return fail("needs string fields 'dtype' and 'swizzle'");
  auto dims = dyn_cast_or_null<DenseI64ArrayAttr>(spec.get("global_dims"));
  auto strides =
      dyn_cast_or_null<DenseI64ArrayAttr>(spec.get("global_strides"));
  auto box = dyn_cast_or_null<DenseI64ArrayAttr>(spec.get("box"));
  if (!dims || !strides || !box)
    return fail("needs array<i64> fields 'global_dims', 'global_strides' and "
                "'box'");
  if (dims.empty() || box.size() != dims.size() ||
      strides.size() + 1 != dims.size())
    return fail("needs as many 'box' sizes as 'global_dims' and one "
                "'global_strides' entry fewer");
  if (Attribute source = spec.get("source")) {
    auto index = dyn_cast<IntegerAttr>(source);
    if (!index || index.getInt() < 0 ||
        static_cast<uint64_t>(index.getInt()) >= numArgs)
      return fail("has a 'source' that is not a parameter index");
  }
  for (NamedAttribute field : spec)
    if (!llvm::is_contained({"dtype", "swizzle", "global_dims",
                             "global_strides", "box", "source"},
                            field.getName().getValue()))
      return fail("has an unknown field '" + field.getName().getValue() +
                  "'");
  return success();
}

LogicalResult TIRxDialect::verifyRegionArgAttribute(Operation *op,
                                                    unsigned regionIndex,
                                                    unsigned argIndex,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func)
    return op->emitError() << "'" << name
                           << "' may only be a function parameter's attribute";
  if (name == getNameArgAttrName()) {
    auto str = dyn_cast<StringAttr>(attr.getValue());
    if (!str || str.getValue().empty())
      return op->emitError() << "'" << name << "' of parameter " << argIndex
                             << " must be a non-empty string";
    return success();
  }
  if (name == getTMASpecArgAttrName()) {
    auto spec = dyn_cast<DictionaryAttr>(attr.getValue());
    if (!spec)
      return op->emitError() << "'" << name << "' of parameter " << argIndex
                             << " must be a dictionary";
    if (argIndex >= func.getNumArguments() ||
        !isa<TensorMapType>(func.getArgumentTypes()[argIndex]))
      return op->emitError() << "'" << name << "' on parameter " << argIndex
                             << ", which is not a !tirx.tensormap";
    return verifyTMASpec(op, name, spec, func.getNumArguments());
  }
  return op->emitError() << "unknown TIRx parameter attribute '" << name
                         << "'";
}

LogicalResult TIRxDialect::verifyRegionResultAttribute(Operation *op,
                                                       unsigned regionIndex,
                                                       unsigned resultIndex,
                                                       NamedAttribute attr) {
  return op->emitError() << "unknown TIRx result attribute '"
                         << attr.getName().getValue() << "'";
}
