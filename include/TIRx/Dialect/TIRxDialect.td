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
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::ub::UBDialect"];
  let extraClassDeclaration = [{
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type,
                   ::mlir::DialectAsmPrinter &printer) const override;

    /// Name of the module attribute that holds the compilation target.
    static constexpr ::llvm::StringLiteral getTargetAttrName() {
      return ::llvm::StringLiteral("tirx.target");
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
