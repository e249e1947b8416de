//===- Int.cpp - Integer bit manipulation ------------------------*- C++ -*-===//
//
// tirx.ptx.brev/popc/clz/bfind/bfe/bfi/prmt/lop3/shf run the integer
// semantics the PTX level runs the same instructions with (IntExt in
// PTXExtOps.cpp; popc and clz the hot loop's unary integer opcodes).
//
//===----------------------------------------------------------------------===//

#include "Arith.h"
#include "Compiler.h"
#include "PTXExtOps.h"

#include "TIRx/Dialect/TIRxPTXOps.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;
using namespace mlir::tirx::sim::ptxfe;

/// An IntExt writing `res` from `srcs` (at most four).
static void emitIntExt(Compiler &c, IntOp iop, Value res, ValueRange srcs,
                       unsigned bits, bool isSigned = false, uint8_t f = 0,
                       int64_t imm = 0) {
  auto e = std::make_unique<IntExt>();
  e->op = iop;
  e->bits = bits;
  e->isSigned = isSigned;
  e->f = f;
  e->imm = imm;
  e->d = c.slot(res);
  uint32_t *slots[] = {&e->a, &e->b, &e->c, &e->e};
  for (auto [i, v] : llvm::enumerate(srcs))
    *slots[i] = c.slot(v);
  c.emitExt(std::move(e));
}

static unsigned widthOf(Value v) { return v.getType().getIntOrFloatBitWidth(); }

LogicalResult sim::decodeIntOp(Operation *op, Compiler &c, bool &handled) {
  handled = true;
  if (auto o = dyn_cast<PTXBrevOp>(op)) {
    emitIntExt(c, IntOp::Brev, o.getRes(), o.getA(), widthOf(o.getA()));
    return success();
  }
  if (isa<PTXPopcOp, PTXClzOp>(op)) {
    Value a = op->getOperand(0);
    Inst i = c.make(Opc::IntBin);
    i.f = kIntUnaryBase + (isa<PTXPopcOp>(op) ? 1 : 2);
    i.k = widthOf(a) == 64 ? SK::I64 : SK::I32;
    i.d = c.slot(op->getResult(0));
    i.a = c.slot(a);
    i.b = i.a;
    c.emit(i);
    return success();
  }
  if (auto o = dyn_cast<PTXBfindOp>(op)) {
    emitIntExt(c, IntOp::Bfind, o.getRes(), o.getA(), widthOf(o.getA()),
               o.getSign() == ptx::IntSign::Signed, o.getShiftamt());
    return success();
  }
  if (auto o = dyn_cast<PTXBfeOp>(op)) {
    emitIntExt(c, IntOp::Bfe, o.getRes(), {o.getA(), o.getPos(), o.getLen()},
               widthOf(o.getA()), o.getSign() == ptx::IntSign::Signed);
    return success();
  }
  if (auto o = dyn_cast<PTXBfiOp>(op)) {
    emitIntExt(c, IntOp::Bfi, o.getRes(),
               {o.getA(), o.getB(), o.getPos(), o.getLen()}, widthOf(o.getA()));
    return success();
  }
  if (auto o = dyn_cast<PTXPrmtOp>(op)) {
    // imm: 0 the default mode, else the mode's enumerator + 1.
    int64_t mode = o.getMode() ? static_cast<int64_t>(*o.getMode()) + 1 : 0;
    emitIntExt(c, IntOp::Prmt, o.getRes(), {o.getA(), o.getB(), o.getSel()},
               32, false, 0, mode);
    return success();
  }
  if (auto o = dyn_cast<PTXLop3Op>(op)) {
    emitIntExt(c, IntOp::Lop3, o.getRes(), {o.getA(), o.getB(), o.getC()}, 32,
               false, 0, o.getLut());
    return success();
  }
  if (auto o = dyn_cast<PTXShfOp>(op)) {
    emitIntExt(c,
               o.getDir() == ptx::ShfDir::Left ? IntOp::ShfL : IntOp::ShfR,
               o.getRes(), {o.getA(), o.getB(), o.getShift()}, 32, false,
               o.getMode() == ptx::ShfMode::Clamp);
    return success();
  }
  if (isa<PTXMul24Op, PTXMad24Op>(op)) {
    // mad24 is mul24 plus its third operand (f bit 0); `.sat` clamps
    // (f bit 1).
    auto attr = [&](StringRef name) {
      return op->getAttrOfType<IntegerAttr>(name).getInt();
    };
    bool hi = attr("half") == static_cast<int64_t>(ptx::Half::Hi);
    bool isSigned = attr("sign") == static_cast<int64_t>(ptx::IntSign::Signed);
    emitIntExt(c, hi ? IntOp::Mul24Hi : IntOp::Mul24Lo, op->getResult(0),
               op->getOperands(), 32, isSigned,
               isa<PTXMad24Op>(op) ? 1 | (op->hasAttr("sat") ? 2 : 0) : 0);
    return success();
  }
  if (auto o = dyn_cast<PTXSadOp>(op)) {
    emitIntExt(c, IntOp::Sad, o.getRes(), {o.getA(), o.getB(), o.getC()},
               widthOf(o.getA()), o.getSign() == ptx::IntSign::Signed);
    return success();
  }
  if (auto o = dyn_cast<PTXCnotOp>(op)) {
    emitIntExt(c, IntOp::Cnot, o.getRes(), o.getA(), widthOf(o.getA()));
    return success();
  }
  if (isa<PTXDp4aOp, PTXDp2aOp>(op)) {
    // f: bit 0 a signed, bit 1 b signed, bit 2 the high bytes (dp2a.hi).
    auto sign = [&](StringRef name) {
      return op->getAttrOfType<IntegerAttr>(name).getInt() ==
                     static_cast<int64_t>(ptx::IntSign::Signed)
                 ? 1
                 : 0;
    };
    uint8_t f = sign("a_sign") | (sign("b_sign") << 1);
    if (auto d = dyn_cast<PTXDp2aOp>(op); d && d.getHalf() == ptx::Half::Hi)
      f |= 4;
    emitIntExt(c, isa<PTXDp4aOp>(op) ? IntOp::Dp4a : IntOp::Dp2a,
               op->getResult(0), op->getOperands(), 32, false, f);
    return success();
  }
  handled = false;
  return success();
}
