//===- TIRxPTXMMAOps.cpp - Verifiers of the PTX MMA ops ---------*- C++ -*-===//
//
// wgmma, mma.sync, ldmatrix/stmatrix and tcgen05, plus the third shard of
// the generated PTX op definitions.
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/TIRxPTXOps.h"
#include "TIRxPTXCommon.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::ptx;
using namespace mlir::tirx::ptx_detail;

#define GET_OP_DEFS_2
#include "TIRx/Dialect/TIRxPTXOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Shared MMA type rules
//===----------------------------------------------------------------------===//

namespace {
/// Input classes of the MMA instructions.
enum class InputClass { F16, BF16, TF32, FP8, F64, Int8, Int4, B1, Invalid };
} // namespace

static InputClass classify(MMAType a, MMAType b) {
  auto both = [&](MMAType t) { return a == t && b == t; };
  auto among = [](MMAType t, std::initializer_list<MMAType> set) {
    return llvm::is_contained(set, t);
  };
  if (both(MMAType::F16))
    return InputClass::F16;
  if (both(MMAType::BF16))
    return InputClass::BF16;
  if (both(MMAType::TF32))
    return InputClass::TF32;
  if (both(MMAType::F64))
    return InputClass::F64;
  if (both(MMAType::B1))
    return InputClass::B1;
  if (among(a, {MMAType::E4M3, MMAType::E5M2}) &&
      among(b, {MMAType::E4M3, MMAType::E5M2}))
    return InputClass::FP8;
  if (among(a, {MMAType::S8, MMAType::U8}) &&
      among(b, {MMAType::S8, MMAType::U8}))
    return InputClass::Int8;
  if (among(a, {MMAType::S4, MMAType::U4}) &&
      among(b, {MMAType::S4, MMAType::U4}))
    return InputClass::Int4;
  return InputClass::Invalid;
}

static bool isIntegerClass(InputClass c) {
  return c == InputClass::Int8 || c == InputClass::Int4 || c == InputClass::B1;
}

/// Accumulator types each input class allows.
static bool isValidAccumulator(InputClass c, MMAType d) {
  switch (c) {
  case InputClass::F16:
  case InputClass::FP8:
    return d == MMAType::F32 || d == MMAType::F16;
  case InputClass::BF16:
  case InputClass::TF32:
    return d == MMAType::F32;
  case InputClass::F64:
    return d == MMAType::F64;
  case InputClass::Int8:
  case InputClass::Int4:
  case InputClass::B1:
    return d == MMAType::S32;
  case InputClass::Invalid:
    return false;
  }
  return false;
}

/// The MLIR element type of an accumulator register.
static Type accumulatorElementType(MLIRContext *ctx, MMAType d) {
  Builder b(ctx);
  switch (d) {
  case MMAType::F16:
    return b.getF16Type();
  case MMAType::F64:
    return b.getF64Type();
  case MMAType::S32:
    return b.getI32Type();
  default:
    return b.getF32Type();
  }
}

/// Checks the input and accumulator types shared by wgmma and mma.sync.
static FailureOr<InputClass> verifyMMATypes(Operation *op, MMAType d,
                                            MMAType a, MMAType b) {
  InputClass c = classify(a, b);
  if (c == InputClass::Invalid)
    return op->emitOpError()
           << "unsupported input types a = " << stringifyEnum(a)
           << ", b = " << stringifyEnum(b);
  if (!isValidAccumulator(c, d))
    return op->emitOpError()
           << "accumulator type d = " << stringifyEnum(d)
           << " is not supported with a = " << stringifyEnum(a);
  return c;
}

static LogicalResult verifyShapeArity(Operation *op, ArrayRef<int32_t> shape) {
  if (shape.size() != 3)
    return op->emitOpError() << "shape must be [m, n, k], got "
                             << shape.size() << " values";
  return success();
}

//===----------------------------------------------------------------------===//
// wgmma
//===----------------------------------------------------------------------===//

LogicalResult PTXWGMMAMmaAsyncOp::verify() {
  ArrayRef<int32_t> shape = getShape();
  if (failed(verifyShapeArity(*this, shape)))
    return failure();
  FailureOr<InputClass> c =
      verifyMMATypes(*this, getTypeD(), getTypeA(), getTypeB());
  if (failed(c))
    return failure();
  if (*c == InputClass::F64 || *c == InputClass::Int4)
    return emitOpError() << "unsupported input types a = "
                         << stringifyEnum(getTypeA())
                         << ", b = " << stringifyEnum(getTypeB());
  int32_t m = shape[0], n = shape[1], k = shape[2];
  if (m != 64)
    return emitOpError() << "m must be 64, got " << m;
  if (n < 8 || n > 256 || n % 8 != 0)
    return emitOpError() << "n must be a multiple of 8 in [8, 256], got " << n;
  // Integer and b1 inputs: n in {8, 16, 24} or a multiple of 16.
  if (isIntegerClass(*c) && n > 24 && n % 16 != 0)
    return emitOpError() << "n must be 8, 16, 24 or a multiple of 16 up to "
                            "256 for "
                         << stringifyEnum(getTypeA()) << " inputs, got " << n;
  int32_t expectedK = 16;
  switch (*c) {
  case InputClass::TF32:
    expectedK = 8;
    break;
  case InputClass::FP8:
  case InputClass::Int8:
    expectedK = 32;
    break;
  case InputClass::B1:
    expectedK = 256;
    break;
  default:
    break;
  }
  if (k != expectedK)
    return emitOpError() << "k must be " << expectedK << " for a = "
                         << stringifyEnum(getTypeA()) << ", got " << k;
  auto expectedAcc = VectorType::get(
      {n / 2}, accumulatorElementType(getContext(), getTypeD()));
  if (getD().getType() != expectedAcc)
    return emitOpError() << "accumulator must be " << expectedAcc
                         << " for n = " << n << " and d = "
                         << stringifyEnum(getTypeD()) << ", got "
                         << getD().getType();
  bool registerA = isa<VectorType>(getA().getType());
  if (registerA && *c == InputClass::B1)
    return emitOpError("b1 inputs need a shared-memory descriptor for a");
  if (registerA && getLayoutA())
    return emitOpError("layout_a only applies to a shared-memory descriptor");
  if ((getLayoutA() || getLayoutB()) && *c != InputClass::F16 &&
      *c != InputClass::BF16)
    return emitOpError("layout_a and layout_b only apply to f16 and bf16 "
                       "inputs");
  if ((getScaleA() || getScaleB()) && isIntegerClass(*c))
    return emitOpError("scale_a and scale_b only apply to floating-point "
                       "inputs");
  if (getSatfinite() && getTypeD() != MMAType::S32)
    return emitOpError("satfinite only applies to integer accumulators");
  return success();
}

void PTXWGMMAMmaAsyncOp::collectModifierRequirements(PTXNeeds &needs) {
  if (classify(getTypeA(), getTypeB()) == InputClass::Int8 &&
      getTypeA() != getTypeB())
    needs.push_back({kSM90aPTX84, "mixing s8 and u8 inputs"});
}

//===----------------------------------------------------------------------===//
// mma.sync
//===----------------------------------------------------------------------===//

LogicalResult PTXMmaSyncOp::verify() {
  ArrayRef<int32_t> shape = getShape();
  if (failed(verifyShapeArity(*this, shape)))
    return failure();
  FailureOr<InputClass> c =
      verifyMMATypes(*this, getTypeD(), getTypeA(), getTypeB());
  if (failed(c))
    return failure();
  using Shape = std::array<int32_t, 3>;
  SmallVector<Shape, 3> shapes;
  switch (*c) {
  case InputClass::F16:
    shapes = {{8, 8, 4}, {16, 8, 8}, {16, 8, 16}};
    break;
  case InputClass::BF16:
    shapes = {{16, 8, 8}, {16, 8, 16}};
    break;
  case InputClass::TF32:
    shapes = {{16, 8, 4}, {16, 8, 8}};
    break;
  case InputClass::FP8:
    shapes = {{16, 8, 32}};
    break;
  case InputClass::F64:
    shapes = {{8, 8, 4}};
    break;
  case InputClass::Int8:
    shapes = {{8, 8, 16}, {16, 8, 16}, {16, 8, 32}};
    break;
  case InputClass::Int4:
    shapes = {{8, 8, 32}, {16, 8, 32}, {16, 8, 64}};
    break;
  case InputClass::B1:
    shapes = {{8, 8, 128}, {16, 8, 128}, {16, 8, 256}};
    break;
  case InputClass::Invalid:
    break;
  }
  Shape actual = {shape[0], shape[1], shape[2]};
  if (!llvm::is_contained(shapes, actual))
    return emitOpError() << "shape [" << shape[0] << ", " << shape[1] << ", "
                         << shape[2] << "] is not supported for a = "
                         << stringifyEnum(getTypeA());
  Type accElt = accumulatorElementType(getContext(), getTypeD());
  if (cast<VectorType>(getC().getType()).getElementType() != accElt)
    return emitOpError() << "accumulator must have element type " << accElt
                         << " for d = " << stringifyEnum(getTypeD())
                         << ", got " << getC().getType();
  bool defaultLayout = getLayoutA().value_or(MMALayout::Row) == MMALayout::Row &&
                       getLayoutB().value_or(MMALayout::Col) == MMALayout::Col;
  if (!defaultLayout &&
      !(*c == InputClass::F16 && actual == Shape{8, 8, 4}))
    return emitOpError("layouts other than layout_a = row, layout_b = col "
                       "need the m8n8k4 f16 shape");
  if (getSatfinite() && getTypeD() != MMAType::S32)
    return emitOpError("satfinite only applies to integer accumulators");
  return success();
}

void PTXMmaSyncOp::collectModifierRequirements(PTXNeeds &needs) {
  if (classify(getTypeA(), getTypeB()) != InputClass::FP8)
    return;
  needs.push_back({kSM89PTX84, "e4m3/e5m2 input"});
  if (getTypeD() == MMAType::F16)
    needs.push_back({kPTX87, "an f16 accumulator with e4m3/e5m2 inputs"});
}

//===----------------------------------------------------------------------===//
// ldmatrix / stmatrix
//===----------------------------------------------------------------------===//

static int64_t matrixCount(MatrixNum num) {
  switch (num) {
  case MatrixNum::X1:
    return 1;
  case MatrixNum::X2:
    return 2;
  case MatrixNum::X4:
    return 4;
  }
  return 1;
}

/// Shape/element/trans/count rules shared by ldmatrix and stmatrix.
/// `regsPerMatrix` is set to the i32 registers each matrix takes per lane.
static LogicalResult verifyMatrixForm(Operation *op, bool isLoad,
                                      MatrixShape shape, MatrixNum num,
                                      MatrixElt elt, bool trans,
                                      int64_t &regsPerMatrix) {
  StringRef shapeName = stringifyEnum(shape);
  auto unsupported = [&](StringRef what) {
    return op->emitOpError() << shapeName << " does not support " << what;
  };
  bool b8x16 = elt == MatrixElt::B8x16B6x16P32 || elt == MatrixElt::B8x16B4x16P64;
  regsPerMatrix = 1;
  switch (shape) {
  case MatrixShape::M8N8:
    if (elt != MatrixElt::B16)
      return unsupported((stringifyEnum(elt) + " elements").str());
    return success();
  case MatrixShape::M16N16:
    if (!isLoad)
      return op->emitOpError("m16n16 is an ldmatrix shape");
    if (elt != MatrixElt::B8 && !b8x16)
      return unsupported((stringifyEnum(elt) + " elements").str());
    if (!trans)
      return op->emitOpError("m16n16 needs trans");
    if (num == MatrixNum::X4)
      return unsupported("x4");
    regsPerMatrix = 2;
    break;
  case MatrixShape::M8N16:
    if (!isLoad)
      return op->emitOpError("m8n16 is an ldmatrix shape");
    if (!b8x16)
      return unsupported((stringifyEnum(elt) + " elements").str());
    if (trans)
      return unsupported("trans");
    break;
  case MatrixShape::M16N8:
    if (isLoad)
      return op->emitOpError("m16n8 is a stmatrix shape");
    if (elt != MatrixElt::B8)
      return unsupported((stringifyEnum(elt) + " elements").str());
    if (!trans)
      return op->emitOpError("m16n8 needs trans");
    break;
  }
  return success();
}

/// The shapes other than m8n8 need the sm_100a family.
static void matrixNeeds(MatrixShape shape, PTXNeeds &needs) {
  if (shape != MatrixShape::M8N8)
    needs.push_back({kSM100f, ("shape " + stringifyEnum(shape)).str()});
}

void PTXLdMatrixOp::collectModifierRequirements(PTXNeeds &needs) {
  matrixNeeds(getShape(), needs);
}

void PTXStMatrixOp::collectModifierRequirements(PTXNeeds &needs) {
  matrixNeeds(getShape(), needs);
}

LogicalResult PTXLdMatrixOp::verify() {
  int64_t regs;
  if (failed(verifyMatrixForm(*this, /*isLoad=*/true, getShape(), getNum(),
                              getElt(), getTrans(), regs)))
    return failure();
  auto expected = VectorType::get({regs * matrixCount(getNum())},
                                  IntegerType::get(getContext(), 32));
  if (getRes().getType() != expected)
    return emitOpError() << "result must be " << expected << ", got "
                         << getRes().getType();
  return success();
}

LogicalResult PTXStMatrixOp::verify() {
  int64_t regs;
  if (failed(verifyMatrixForm(*this, /*isLoad=*/false, getShape(), getNum(),
                              getElt(), getTrans(), regs)))
    return failure();
  auto expected = VectorType::get({regs * matrixCount(getNum())},
                                  IntegerType::get(getContext(), 32));
  if (getVals().getType() != expected)
    return emitOpError() << "stored value must be " << expected << ", got "
                         << getVals().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// tcgen05
//===----------------------------------------------------------------------===//

LogicalResult PTXTcgen05MmaOp::verify() {
  if (Value mask = getDisableOutputLane()) {
    bool pair = getCtaGroup() == CTAGroup::CTA2;
    auto expected = VectorType::get({pair ? 8 : 4},
                                    IntegerType::get(getContext(), 32));
    if (mask.getType() != expected)
      return emitOpError() << "disable_output_lane must be " << expected
                           << " for " << (pair ? "cta_2" : "cta_1")
                           << ", got " << mask.getType();
  }
  return success();
}

LogicalResult PTXTcgen05MmaBlockScaleOp::verify() {
  Tcgen05ScaleVec vec = getScaleVec();
  switch (getKind()) {
  case Tcgen05BlockScaleKind::MXF8F6F4:
    if (vec == Tcgen05ScaleVec::X1)
      return success();
    return emitOpError() << "kind mxf8f6f4 needs scale_vec_1x, got "
                         << stringifyEnum(vec);
  case Tcgen05BlockScaleKind::MXF4:
    if (vec == Tcgen05ScaleVec::X2)
      return success();
    return emitOpError() << "kind mxf4 needs scale_vec_2x, got "
                         << stringifyEnum(vec);
  case Tcgen05BlockScaleKind::MXF4NVF4:
    if (vec != Tcgen05ScaleVec::X1)
      return success();
    return emitOpError() << "kind mxf4nvf4 needs scale_vec_2x or "
                            "scale_vec_4x, got "
                         << stringifyEnum(vec);
  }
  return success();
}

void PTXTcgen05MmaBlockScaleOp::collectModifierRequirements(PTXNeeds &needs) {
  // LLVM emits the mxf4nvf4 scale vectors as .block32/.block16 (PTX ISA 8.8).
  if (getKind() == Tcgen05BlockScaleKind::MXF4NVF4)
    needs.push_back({kPTX88, "kind mxf4nvf4"});
}

/// Registers per thread of one repetition of a tcgen05.ld/st shape.
static int64_t regsPerRepetition(Tcgen05LdStShape shape) {
  switch (shape) {
  case Tcgen05LdStShape::S16x128b:
    return 2;
  case Tcgen05LdStShape::S16x256b:
    return 4;
  default:
    return 1;
  }
}

static LogicalResult verifyTmemLdSt(Operation *op, Tcgen05LdStShape shape,
                                    int64_t num, std::optional<uint64_t> offset,
                                    VectorType regs, StringRef valueName) {
  StringRef shapeName = stringifyEnum(shape);
  bool split = shape == Tcgen05LdStShape::S16x32bx2;
  if (split && !offset)
    return op->emitOpError() << shapeName << " needs an immediate offset";
  if (!split && offset)
    return op->emitOpError("offset only applies to shape_16x32bx2");
  // pack/unpack put two 16-bit elements in each register; the register
  // count stays num x (registers of one repetition).
  int64_t count = num * regsPerRepetition(shape);
  if (count > 128)
    return op->emitOpError()
           << shapeName << " with num = " << num << " moves " << count
           << " registers per thread, more than 128";
  if (regs.getNumElements() != count)
    return op->emitOpError()
           << valueName << " must have " << count << " elements for "
           << shapeName << " with num = " << num << ", got " << regs;
  return success();
}

LogicalResult PTXTcgen05LdOp::verify() {
  return verifyTmemLdSt(*this, getShape(), getNum(), getOffset(),
                        cast<VectorType>(getRes().getType()), "result");
}

LogicalResult PTXTcgen05StOp::verify() {
  return verifyTmemLdSt(*this, getShape(), getNum(), getOffset(),
                        cast<VectorType>(getVals().getType()),
                        "stored value");
}

LogicalResult PTXTcgen05CpOp::verify() {
  std::optional<Tcgen05CpMulticast> mc = getMulticast();
  switch (getShape()) {
  case Tcgen05CpShape::S64x128b:
    if (mc == Tcgen05CpMulticast::Warpx2_02_13 ||
        mc == Tcgen05CpMulticast::Warpx2_01_23)
      return success();
    return emitOpError("shape_64x128b needs warpx2_02_13 or warpx2_01_23 "
                       "multicast");
  case Tcgen05CpShape::S32x128b:
    if (mc == Tcgen05CpMulticast::Warpx4)
      return success();
    return emitOpError("shape_32x128b needs warpx4 multicast");
  default:
    if (mc)
      return emitOpError() << stringifyEnum(getShape())
                           << " takes no multicast";
    return success();
  }
}
