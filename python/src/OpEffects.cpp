//===- OpEffects.cpp - Memory-effect queries on operations ------*- C++ -*-===//
//
// `tirx._tirx.op_is_memory_effect_free(op)`: whether an operation (and, for
// ops with recursive effects, its regions) has no memory effects -- the
// script printer and structural equality treat such ops as expressions.
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace nb = nanobind;
using namespace tirx_py;

void tirx_py::bindOpEffects(nb::module_ &m) {
  m.def(
      "op_is_memory_effect_free",
      [](nb::handle op) {
        return mlir::isMemoryEffectFree(toOperation(op).get());
      },
      nb::arg("op"),
      "True when the operation has no memory effects (an unregistered op, "
      "or one without the MemoryEffectOpInterface, has unknown effects).");
}
