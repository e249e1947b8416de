#include "Compiler.h"
using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;
LogicalResult sim::decodeCopyOp(Operation *op, Compiler &c, bool &handled) {
  handled = false;
  return success();
}
