//===- TIRxPTXInterfaces.td - Interfaces of the PTX ops ----*- tablegen -*-===//
//
// The interface every `tirx.ptx.*` op implements: the target requirements of
// an op instance (its base requirement and those its modifiers add), which
// the verifier checks against the module's `#tirx.target` and
// `tirx-attach-target` turns into the PTX ISA version a module needs.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXPTXINTERFACES_TD
#define TIRX_DIALECT_TIRXPTXINTERFACES_TD

include "mlir/IR/OpBase.td"

def TIRx_PTXOpInterface : OpInterface<"PTXOpInterface"> {
  let description = [{
    A PTX-level op: it knows the chips and the PTX ISA version it needs.
  }];
  let cppNamespace = "::mlir::tirx";
  let methods = [
    InterfaceMethod<[{
        Appends what this op instance needs: the op's base requirement, then
        one entry per modifier or operand form that needs more (each with a
        short description of what needs it, e.g. "'relaxed' semantics").
      }], "void", "collectPTXRequirements",
      (ins "::mlir::tirx::PTXNeeds &":$needs), [{}], [{
        needs.push_back({ConcreteOp::getPTXRequirement(), ""});
        $_op.collectModifierRequirements(needs);
      }]>,
  ];
}

#endif // TIRX_DIALECT_TIRXPTXINTERFACES_TD
