//===- TIRxModule.cpp - The tirx._tirx extension module ---------*- C++ -*-===//

#include "IRCore.h"

#include "TIRx/InitAll.h"

#include "llvm/Config/llvm-config.h"

namespace tirx_py {
// Launch.cpp: the launch description (tirx.runtime).
void bindLaunch(nb::module_ &m);
void bindSim(nb::module_ &m); // Sim.cpp
} // namespace tirx_py

NB_MODULE(_tirx, m) {
  m.doc() = "TIRx and MLIR C++ API bindings (use the tirx.ir, "
            "tirx.passmanager and tirx.compiler modules).";
  tirx_py::initMLIRError(m);
  tirx_py::bindContext(m);
  tirx_py::bindDiagnostics(m);
  tirx_py::bindLocation(m);
  tirx_py::bindIRCore(m);
  tirx_py::bindIRTypes(m);
  tirx_py::bindPasses(m);
  tirx_py::bindLaunch(m);
  tirx_py::bindSim(m);
  tirx_py::bindPlugins(m);
  tirx_py::bindOpEffects(m);
  m.attr("__version__") = mlir::tirx::getTIRxVersion();
  m.attr("MLIR_VERSION") = LLVM_VERSION_STRING;
}
