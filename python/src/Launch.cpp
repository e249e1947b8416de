//===- Launch.cpp - Launch description binding ------------------*- C++ -*-===//
//
// `_tirx.export_launch_description(module)`: the JSON launch description of
// a module after tirx-split-host-device (tirx.runtime builds kernel
// packages from it).
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

#include "TIRx/Host/LaunchDescription.h"

#include "mlir/IR/BuiltinOps.h"

#include <nanobind/stl/string.h>

using namespace mlir;

namespace tirx_py __attribute__((visibility("hidden"))) {

void bindLaunch(nb::module_ &m) {
  m.def(
      "export_launch_description",
      [](nb::handle module) {
        PyOperation &py = toOperation(module);
        auto mod = dyn_cast<ModuleOp>(py.get());
        if (!mod)
          throw nb::type_error("expected a builtin.module");
        std::string text;
        bool ok = false;
        std::vector<CapturedDiagnostic> captured;
        {
          DiagnosticCapture diags(py.ctx.get());
          if (FailureOr<std::string> r = tirx::exportLaunchDescription(mod);
              succeeded(r)) {
            text = std::move(*r);
            ok = true;
          }
          captured = diags.take();
        }
        if (!ok)
          raiseMLIRError(py.ctx, "cannot describe the host part",
                         std::move(captured));
        return text;
      },
      nb::arg("module"),
      "The launch description (JSON text) of every host function of a "
      "module split by tirx-split-host-device.");
}

} // namespace tirx_py
