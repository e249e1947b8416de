//===- TIRxTileInterfaces.td - Tile primitive interface ----*- tablegen -*-===//

#ifndef TIRX_DIALECT_TIRXTILEINTERFACES_TD
#define TIRX_DIALECT_TIRXTILEINTERFACES_TD

include "mlir/IR/OpBase.td"

def TIRx_TileOpInterface : OpInterface<"TileOpInterface"> {
  let cppNamespace = "::mlir::tirx";
  let description = [{
    A tile primitive (`tirx.tile.*`): an operation on buffer regions run
    cooperatively by the threads of an execution scope, which
    `tirx-dispatch-tile-primitives` replaces by the instruction sequence of
    the registered variant it selects.
  }];
  let methods = [
    InterfaceMethod<"The primitive's name in the variant registry (`copy`, "
                    "`gemm_async`, ...).",
                    "::llvm::StringRef", "getPrimitiveName">,
    InterfaceMethod<"The operands with their roles: buffer regions (offsets "
                    "and sizes filled in) and scalars.",
                    "::llvm::SmallVector<::mlir::tirx::TileOperand>",
                    "getTileOperands">,
    InterfaceMethod<"The execution scope.", "::mlir::tirx::ExecScope",
                    "getExecScope", (ins), [{ return $_op.getScope(); }]>,
    InterfaceMethod<"The config dictionary (empty when absent).",
                    "::mlir::DictionaryAttr", "getConfigDict", (ins), [{
      if (auto config = $_op.getConfigAttr())
        return config;
      return ::mlir::DictionaryAttr::get($_op.getContext());
    }]>,
    InterfaceMethod<"The forced variant, if any.",
                    "std::optional<::llvm::StringRef>", "getForcedVariant",
                    (ins), [{ return $_op.getDispatch(); }]>,
  ];
}

#endif // TIRX_DIALECT_TIRXTILEINTERFACES_TD
