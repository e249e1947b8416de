//===- TIRxAttrs.td - TIRx attribute definitions -----------*- tablegen -*-===//

#ifndef TIRX_DIALECT_TIRXATTRS_TD
#define TIRX_DIALECT_TIRXATTRS_TD

include "mlir/IR/BuiltinAttributeInterfaces.td"
include "TIRx/Dialect/TIRxDialect.td"
include "TIRx/Dialect/TIRxEnums.td"
include "TIRx/Dialect/TIRxLayout.td"

def TIRx_TargetAttr : TIRx_Attr<"Target", "target"> {
  let summary = "The compilation target: an NVIDIA chip";
  let description = [{
    The chip a module is compiled for, attached to the module as the
    `tirx.target` attribute. Ops that need a newer chip than the target are
    diagnosed at the op. The supported chips are `sm_80`, `sm_86`, `sm_87`,
    `sm_89`, `sm_90`, `sm_90a`, `sm_100`, `sm_100a`, `sm_100f`, `sm_101a`,
    `sm_103`, `sm_103a`, `sm_103f`, `sm_110a`, `sm_120`, `sm_120a`,
    `sm_121a`; any other name is an error.

    The `a` suffix selects the architecture-specific feature set (wgmma on
    sm_90a, tcgen05 on sm_100a), which does not carry forward to later
    chips; the `f` suffix selects the family-portable feature set.

    Example:

    ```mlir
    module attributes {tirx.target = #tirx.target<"sm_90a">} {}
    ```
  }];
  let parameters = (ins StringRefParameter<"the chip name">:$chip);
  let assemblyFormat = "`<` $chip `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Compute capability times ten, e.g. 90 for `sm_90a`, 100 for `sm_100a`.
    unsigned getSMVersion() const;
    /// True for the architecture-specific (`a`) chips.
    bool isArchSpecific() const;
    /// True for the family-portable (`f`) chips.
    bool isFamilySpecific() const;
    /// The lowest PTX ISA version (times ten, e.g. 80 for 8.0) that
    /// supports the chip.
    unsigned getMinPTXVersion() const;
    /// The highest PTX ISA version (times ten) this build can emit.
    static unsigned getMaxPTXVersion() { return 90; }
    /// The chip names this attribute accepts.
    static ::llvm::ArrayRef<::llvm::StringRef> getSupportedChips();
    /// Parses `sm_XY[a|f]`; returns false for names not in the list.
    static bool isSupportedChip(::llvm::StringRef chip);
  }];
}

// An optional `[a, b, c]` list of integers.
class TIRx_OptionalBracketedI64List<string unused = ""> : OptionalArrayRefParameter<"int64_t"> {
  let parser = [{ [&]() -> ::mlir::FailureOr<::llvm::SmallVector<int64_t>> {
    ::llvm::SmallVector<int64_t> values;
    if ($_parser.parseCommaSeparatedList(
            ::mlir::AsmParser::Delimiter::Square, [&]() -> ::mlir::ParseResult {
              int64_t value;
              if ($_parser.parseInteger(value))
                return ::mlir::failure();
              values.push_back(value);
              return ::mlir::success();
            }))
      return ::mlir::failure();
    return values;
  }() }];
  let printer = [{ $_printer << '[';
                   ::llvm::interleaveComma($_self, $_printer);
                   $_printer << ']'; }];
}

def TIRx_LaunchAttr : TIRx_Attr<"Launch", "launch"> {
  let summary = "Launch controls of a kernel function";
  let description = [{
    Launch controls for the kernel of a function, attached as the
    `tirx.launch` attribute of a `func.func`: the register budget per thread
    (`max_registers`, lowered to `.maxnreg`), the minimum number of resident
    CTAs per SM (`min_blocks_per_sm`, `.minnctapersm`) and the cluster shape
    (`cluster_dims`, one to three extents, `.reqnctapercluster`). Every field
    is optional.

    Example:

    ```mlir
    func.func @k() attributes {
        tirx.launch = #tirx.launch<max_registers = 168, min_blocks_per_sm = 1,
                                   cluster_dims = [2, 1, 1]>} {
      return
    }
    ```
  }];
  let parameters = (ins
    OptionalParameter<"std::optional<int64_t>">:$max_registers,
    OptionalParameter<"std::optional<int64_t>">:$min_blocks_per_sm,
    TIRx_OptionalBracketedI64List<>:$cluster_dims);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // TIRX_DIALECT_TIRXATTRS_TD
