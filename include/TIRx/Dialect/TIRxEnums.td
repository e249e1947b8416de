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

// Loop kinds of tirx.for.
def TIRx_ForKind_Serial     : I32EnumAttrCase<"Serial", 0, "serial">;
def TIRx_ForKind_Unroll     : I32EnumAttrCase<"Unroll", 1, "unroll">;
def TIRx_ForKind_Vectorized : I32EnumAttrCase<"Vectorized", 2, "vectorized">;
def TIRx_ForKind_Parallel   : I32EnumAttrCase<"Parallel", 3, "parallel">;
def TIRx_ForKind : I32EnumAttr<"ForKind", "TIRx loop kind", [
    TIRx_ForKind_Serial, TIRx_ForKind_Unroll, TIRx_ForKind_Vectorized,
    TIRx_ForKind_Parallel]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::tirx";
}
def TIRx_ForKindAttr : EnumAttr<TIRx_Dialect, TIRx_ForKind, "for_kind"> {
  let summary = "Kind of a tirx.for loop";
  let description = [{
    `serial` (the default: a plain loop, optionally with an unroll hint),
    `unroll` (fully unrolled), `vectorized` (the body becomes vector code)
    or `parallel` (iterations are independent).

    Example: `#tirx<for_kind unroll>`
  }];
}

// Access mask of tirx.access_ptr (TVM's tvm_access_ptr rw_mask).
def TIRx_Access_Read      : I32EnumAttrCase<"Read", 1, "r">;
def TIRx_Access_Write     : I32EnumAttrCase<"Write", 2, "w">;
def TIRx_Access_ReadWrite : I32EnumAttrCase<"ReadWrite", 3, "rw">;
def TIRx_AccessMask : I32EnumAttr<"AccessMask", "TIRx access mask", [
    TIRx_Access_Read, TIRx_Access_Write, TIRx_Access_ReadWrite]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::tirx";
}
def TIRx_AccessMaskAttr : EnumAttr<TIRx_Dialect, TIRx_AccessMask, "access"> {
  let summary = "How tirx.access_ptr's pointer is used";
  let description = [{
    `r` (read), `w` (write) or `rw` (both).

    Example: `#tirx<access rw>`
  }];
}

#endif // TIRX_DIALECT_TIRXENUMS_TD
