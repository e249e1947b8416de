//===- TIRxDialect.td - TIRx dialect definition ------------*- tablegen -*-===//
//
// The `tirx` dialect: a hardware-native kernel IR for NVIDIA GPUs.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXDIALECT_TD
#define TIRX_DIALECT_TIRXDIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def TIRx_Dialect : Dialect {
  let name = "tirx";
  let cppNamespace = "::mlir::tirx";
  let summary = "Hardware-native GPU kernel IR with typed pointers and buffers";
  let description = [{
    TIRx is the hardware-native kernel layer of Apache TVM rebuilt as an MLIR
    dialect. Kernel authors script Hopper/Blackwell kernels directly (thread
    roles, mbarriers, TMA, clusters, wgmma, tcgen05); the dialect contributes
    what upstream MLIR lacks: typed pointers with storage scopes
    (`!tirx.ptr<f32, shared>`), buffers with shapes and layouts
    (`!tirx.buffer<128x64xf16, shared>`), TMA descriptors
    (`!tirx.tensormap`), and a compilation target (`#tirx.target<"sm_90a">`).
    Scalars use `arith`/`math`, functions use `func`, and kernels lower to
    `gpu` and `nvvm`.
  }];
  let useDefaultTypePrinterParser = 0;
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::ub::UBDialect"];
  let extraClassDeclaration = [{
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type,
                   ::mlir::DialectAsmPrinter &printer) const override;

    /// Name of the module attribute that holds the compilation target.
    static constexpr ::llvm::StringLiteral getTargetAttrName() {
      return ::llvm::StringLiteral("tirx.target");
    }
    /// A function's launch configuration (`#tirx.launch`).
    static constexpr ::llvm::StringLiteral getLaunchAttrName() {
      return ::llvm::StringLiteral("tirx.launch");
    }
    /// On a `shared.dyn` `tirx.alloc_buffer`: its byte offset in the
    /// kernel's dynamic shared memory (convert-tirx-to-gpu).
    static constexpr ::llvm::StringLiteral getDynSharedOffsetAttrName() {
      return ::llvm::StringLiteral("tirx.dyn_shared_offset");
    }
    /// On an outlined kernel: its dynamic shared memory in bytes.
    static constexpr ::llvm::StringLiteral getDynSharedBytesAttrName() {
      return ::llvm::StringLiteral("tirx.dyn_shared_bytes");
    }
    /// On an outlined kernel: the indices of its by-value tensormap
    /// parameters (tirx-mark-grid-constants).
    static constexpr ::llvm::StringLiteral getGridConstantArgsAttrName() {
      return ::llvm::StringLiteral("tirx.grid_constant_args");
    }
    /// On a loop lowered from `tirx.for`: the loop's annotations.
    static constexpr ::llvm::StringLiteral getAnnotationsAttrName() {
      return ::llvm::StringLiteral("tirx.annotations");
    }
    /// Argument attribute: the parameter's user-facing name.
    static constexpr ::llvm::StringLiteral getNameArgAttrName() {
      return ::llvm::StringLiteral("tirx.name");
    }
    /// Argument attribute on a `!tirx.tensormap` parameter: the tensor map
    /// the host must encode for it (the TMA tile-copy variant).
    static constexpr ::llvm::StringLiteral getTMASpecArgAttrName() {
      return ::llvm::StringLiteral("tirx.tma_spec");
    }
  private:
    void registerTypes();
    void registerAttributes();
    void registerCoreOps();
    void registerPTXOps();
    void registerHostOps();
    void registerProfileOps();
    void registerTileOps();
  public:
  }];
}

class TIRx_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TIRx_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

class TIRx_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TIRx_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

class TIRx_Op<string mnemonic, list<Trait> traits = []>
    : Op<TIRx_Dialect, mnemonic, traits>;

#endif // TIRX_DIALECT_TIRXDIALECT_TD
