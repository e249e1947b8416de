#include "Compiler.h"
using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;
LogicalResult sim::decodeTcgen05Op(Operation *op, Compiler &c, bool &handled) {
  handled = false;
  return success();
}
