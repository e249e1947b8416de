//===- TIRxPTXOps.h - TIRx PTX-level ops ------------------------*- C++ -*-===//
//
// PTX-level ops (`tirx.ptx.*`), the target requirement every one of them
// carries, and the operand predicates their ODS type constraints use.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXPTXOPS_H
#define TIRX_DIALECT_TIRXPTXOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "TIRx/Dialect/TIRxDialect.h"
#include "TIRx/Dialect/TIRxTypes.h"

#include "TIRx/Dialect/TIRxPTXEnums.h.inc"

#include "llvm/ADT/SmallVector.h"

#include <initializer_list>
#include <string>

namespace mlir::tirx {

//===----------------------------------------------------------------------===//
// Target requirements
//===----------------------------------------------------------------------===//

/// How a PTX feature carries to later chips.
enum class PTXTargetKind : unsigned {
  /// Any chip with at least the given compute capability (`sm_90` features
  /// such as mapa run on sm_90, sm_90a, sm_100, sm_100a, ...).
  Plain = 0,
  /// Exactly the given architecture-specific chip (`a` suffix): wgmma needs
  /// sm_90a and nothing later.
  Arch = 1,
  /// An architecture- or family-specific chip (`a` or `f` suffix) of the
  /// same family (same major compute capability), at least the given one:
  /// tcgen05 runs on sm_100a, sm_100f, sm_101a, sm_103a and sm_103f.
  Family = 2,
};

/// The minimum target of a PTX instruction form. `also` lists further base
/// chips (compute capability times ten) that accept the same Arch/Family
/// feature in their own families (setmaxnreg: sm_90a, then sm_100a,
/// sm_110a, sm_120a and their families).
struct PTXRequirement {
  PTXTargetKind kind;
  unsigned sm;
  unsigned ptx; // PTX ISA version times ten (e.g. 78 for 7.8)
  llvm::ArrayRef<unsigned> also;
};

/// `sm_90 or newer`, `sm_90a`, `sm_100a or newer in its family`, ...
std::string describePTXRequirement(const PTXRequirement &req);

/// True if `target` provides the feature.
bool isPTXRequirementMet(const PTXRequirement &req, TargetAttr target);

/// The one target gate of every PTX-level op: if the module enclosing `op`
/// has a `tirx.target` below `req`, emits
///   '<op>' op [<what> ]requires <req>, but the module targets <chip>
/// and fails. Ops outside a module with a target are not gated. Ops use it
/// through the PTXRequires trait, and their verifiers call it again for
/// modifiers that need a newer chip than the op's base form.
LogicalResult verifyPTXRequirement(Operation *op, const PTXRequirement &req,
                                   llvm::StringRef what = {});

/// A PTX instruction runs in a thread: the op must be inside a function
/// (func.func, gpu.func, ...), not directly in a module.
LogicalResult verifyPTXPlacement(Operation *op);

/// What an op instance needs: a requirement and what needs it ("" for the
/// op itself, e.g. "'relaxed' semantics" for a modifier).
struct PTXNeed {
  PTXRequirement req;
  std::string what;
};
using PTXNeeds = llvm::SmallVector<PTXNeed, 4>;

/// The requirements of `op` (a PTX-level op), or none for other ops.
PTXNeeds getPTXNeeds(Operation *op);

/// The PTX ISA version (times ten) `op` needs, and the need that sets it.
/// 0 for ops that are not PTX-level ops.
unsigned getMinPTXVersion(Operation *op, std::string *what = nullptr);

/// Checks every need of `op` against the module's target (see
/// verifyPTXRequirement).
LogicalResult verifyPTXNeeds(Operation *op, const PTXNeeds &needs);

/// Op trait carrying the minimum target of a PTX-level op; its verifier is
/// `verifyPTXPlacement` then the requirements of the op instance (the base
/// one and those of its modifiers, from PTXOpInterface). Instantiated by ODS
/// from `TIRx_PTXReq` records. Ops whose modifiers need more define their
/// own `collectModifierRequirements`.
template <unsigned Kind, unsigned SM, unsigned PTX, unsigned... Also>
struct PTXRequires {
  template <typename ConcreteType>
  class Impl : public OpTrait::TraitBase<ConcreteType, Impl> {
  public:
    static PTXRequirement getPTXRequirement() {
      static constexpr unsigned also[] = {Also..., 0};
      return {static_cast<PTXTargetKind>(Kind), SM, PTX,
              llvm::ArrayRef<unsigned>(also, sizeof...(Also))};
    }
    /// No modifier needs more than the op (overridden per op).
    void collectModifierRequirements(PTXNeeds &) {}
    static LogicalResult verifyTrait(Operation *op) {
      if (failed(verifyPTXPlacement(op)))
        return failure();
      return verifyPTXNeeds(op, getPTXNeeds(op));
    }
  };
};

//===----------------------------------------------------------------------===//
// Operand predicates used by the ODS type constraints
//===----------------------------------------------------------------------===//

/// A `!tirx.ptr` in one of `scopes`.
inline bool ptxPtrIn(Type type, std::initializer_list<MemorySpace> scopes) {
  auto ptr = llvm::dyn_cast<PtrType>(type);
  return ptr && llvm::is_contained(scopes, ptr.getMemorySpace());
}

/// A `!tirx.ptr` whose pointee is an integer of `width` bits (any
/// signedness), in one of `scopes`.
inline bool ptxIntPtrIn(Type type, unsigned width,
                        std::initializer_list<MemorySpace> scopes) {
  if (!ptxPtrIn(type, scopes))
    return false;
  auto elt = llvm::dyn_cast<IntegerType>(
      llvm::cast<PtrType>(type).getElementType());
  return elt && elt.getWidth() == width;
}

/// A `!tirx.ptr<!tirx.tensormap, scope>` (any scope).
inline bool ptxIsTensorMapPtr(Type type) {
  auto ptr = llvm::dyn_cast<PtrType>(type);
  return ptr && llvm::isa<TensorMapType>(ptr.getElementType());
}

} // namespace mlir::tirx

#include "TIRx/Dialect/TIRxPTXInterfaces.h.inc"

namespace mlir::tirx::ptx {
/// The width of one register of a memory instruction's `.type` (32 for the
/// packed f16x2/bf16x2) and the elements it holds (2 for those, else 1).
unsigned getBitWidth(ValType type);
unsigned getLanes(ValType type);
} // namespace mlir::tirx::ptx

#define GET_OP_CLASSES
#include "TIRx/Dialect/TIRxPTXOps.h.inc"

#endif // TIRX_DIALECT_TIRXPTXOPS_H
