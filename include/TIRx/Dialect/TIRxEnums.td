//===- TIRxEnums.td - TIRx enumerations --------------------*- tablegen -*-===//

#ifndef TIRX_DIALECT_TIRXENUMS_TD
#define TIRX_DIALECT_TIRXENUMS_TD

include "mlir/IR/EnumAttr.td"
include "TIRx/Dialect/TIRxDialect.td"

// Storage scopes. The integer values are the NVPTX address spaces where one
// exists; `shared.dyn` (the dynamic shared-memory arena) lives in address
// space 3 like `shared` and `param` is NVPTX's kernel-parameter space.
def TIRx_Scope_Generic       : I32EnumAttrCase<"Generic", 0, "generic">;
def TIRx_Scope_Global        : I32EnumAttrCase<"Global", 1, "global">;
def TIRx_Scope_Shared        : I32EnumAttrCase<"Shared", 3, "shared">;
def TIRx_Scope_Local         : I32EnumAttrCase<"Local", 5, "local">;
def TIRx_Scope_TMem          : I32EnumAttrCase<"TMem", 6, "tmem">;
def TIRx_Scope_SharedCluster : I32EnumAttrCase<"SharedCluster", 7, "shared.cluster">;
def TIRx_Scope_SharedDyn     : I32EnumAttrCase<"SharedDyn", 8, "shared.dyn">;
def TIRx_Scope_Param         : I32EnumAttrCase<"Param", 101, "param">;

def TIRx_MemorySpace : I32EnumAttr<"MemorySpace", "TIRx storage scope", [
    TIRx_Scope_Generic, TIRx_Scope_Global, TIRx_Scope_Shared,
    TIRx_Scope_Local, TIRx_Scope_TMem, TIRx_Scope_SharedCluster,
    TIRx_Scope_SharedDyn, TIRx_Scope_Param]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::tirx";
}

def TIRx_MemorySpaceAttr : EnumAttr<TIRx_Dialect, TIRx_MemorySpace, "scope"> {
  let summary = "A TIRx storage scope";
  let description = [{
    One of the storage scopes a pointer or buffer lives in: `global`,
    `shared`, `shared.dyn`, `shared.cluster`, `local`, `tmem`, `param` or
    `generic`.

    Example:

    ```mlir
    #tirx.scope<shared.dyn>
    ```
  }];
  let assemblyFormat = "`<` $value `>`";
}

#endif // TIRX_DIALECT_TIRXENUMS_TD
