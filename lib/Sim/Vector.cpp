//===- Vector.cpp - vector dialect ops on packed registers ------*- C++ -*-===//
//
// Vectors live in consecutive register slots, packed like memory (element i
// at byte i * sizeof(element)), so these ops are byte copies: building a
// vector from scalars, extracting and inserting elements or slices,
// broadcasts, reductions. Bitcasts and shape casts share the slots.
//
//===----------------------------------------------------------------------===//

#include "Arith.h"
#include "Compiler.h"
#include "Exec.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSwitch.h"

#include <cstring>

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;

namespace {

inline uint8_t *bytes(uint64_t *R, uint32_t slot) {
  return reinterpret_cast<uint8_t *>(R + slot);
}

/// Packs scalars into a vector.
struct FromElements : ExtOp {
  std::vector<uint32_t> elems;
  uint32_t result, eltBytes, widthSlots;
  const char *name() const override { return "vector.from_elements"; }
  Step exec(ClusterExec &, Thread &t, const Inst &) override {
    uint64_t *R = t.R();
    uint8_t image[2048] = {};
    for (size_t i = 0; i < elems.size(); ++i)
      std::memcpy(image + i * eltBytes, R + elems[i], eltBytes);
    std::memcpy(R + result, image, widthSlots * 8);
    return Step::Next;
  }
};

/// Extracts `count` elements at a (possibly dynamic) flat position.
struct Extract : ExtOp {
  uint32_t source, result, eltBytes, count, resultSlots;
  int64_t staticOffset = 0;
  std::vector<uint32_t> dynSlots;
  std::vector<int64_t> dynStrides, dynDims;
  const char *name() const override { return "vector.extract"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    int64_t off = staticOffset;
    for (size_t i = 0; i < dynSlots.size(); ++i) {
      int64_t p = static_cast<int64_t>(R[dynSlots[i]]);
      if (p < 0 || p >= dynDims[i]) {
        ex.error(I.loc) << ex.describe(t) << " extracts position " << p
                        << " of a vector dimension of size " << dynDims[i];
        return Step::Fail;
      }
      off += p * dynStrides[i];
    }
    uint8_t tmp[2048] = {};
    std::memcpy(tmp, bytes(R, source) + off * eltBytes, count * eltBytes);
    std::memcpy(R + result, tmp, resultSlots * 8);
    return Step::Next;
  }
};

/// Inserts `count` elements at a (possibly dynamic) flat position.
struct Insert : ExtOp {
  uint32_t value, dest, result, eltBytes, count, resultSlots;
  int64_t staticOffset = 0;
  std::vector<uint32_t> dynSlots;
  std::vector<int64_t> dynStrides, dynDims;
  const char *name() const override { return "vector.insert"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    int64_t off = staticOffset;
    for (size_t i = 0; i < dynSlots.size(); ++i) {
      int64_t p = static_cast<int64_t>(R[dynSlots[i]]);
      if (p < 0 || p >= dynDims[i]) {
        ex.error(I.loc) << ex.describe(t) << " inserts at position " << p
                        << " of a vector dimension of size " << dynDims[i];
        return Step::Fail;
      }
      off += p * dynStrides[i];
    }
    uint8_t tmp[2048];
    std::memcpy(tmp, R + dest, resultSlots * 8);
    std::memcpy(tmp + off * eltBytes, R + value, count * eltBytes);
    std::memcpy(R + result, tmp, resultSlots * 8);
    return Step::Next;
  }
};

/// Repeats a scalar or a vector to fill the result.
struct Broadcast : ExtOp {
  uint32_t source, result, srcBytes, repeats, resultSlots;
  const char *name() const override { return "vector.broadcast"; }
  Step exec(ClusterExec &, Thread &t, const Inst &) override {
    uint64_t *R = t.R();
    uint8_t src[2048], tmp[2048] = {};
    std::memcpy(src, R + source, srcBytes);
    for (uint32_t i = 0; i < repeats; ++i)
      std::memcpy(tmp + i * srcBytes, src, srcBytes);
    std::memcpy(R + result, tmp, resultSlots * 8);
    return Step::Next;
  }
};

/// 1-D extract_strided_slice / insert_strided_slice.
struct StridedSlice : ExtOp {
  bool insert = false;
  uint32_t source, dest = 0, result, eltBytes, count, resultSlots;
  int64_t offset, stride;
  const char *name() const override {
    return insert ? "vector.insert_strided_slice"
                  : "vector.extract_strided_slice";
  }
  Step exec(ClusterExec &, Thread &t, const Inst &) override {
    uint64_t *R = t.R();
    uint8_t tmp[2048] = {};
    if (insert) {
      std::memcpy(tmp, R + dest, resultSlots * 8);
      for (uint32_t i = 0; i < count; ++i)
        std::memcpy(tmp + (offset + i * stride) * eltBytes,
                    bytes(R, source) + i * eltBytes, eltBytes);
    } else {
      for (uint32_t i = 0; i < count; ++i)
        std::memcpy(tmp + i * eltBytes,
                    bytes(R, source) + (offset + i * stride) * eltBytes,
                    eltBytes);
    }
    std::memcpy(R + result, tmp, resultSlots * 8);
    return Step::Next;
  }
};

/// vector.reduction: folds the elements (and the optional accumulator)
/// with an arith sub-op.
struct Reduction : ExtOp {
  Opc op;
  uint8_t f;
  SK k;
  uint32_t source, acc = ~0u, result, count;
  const char *name() const override { return "vector.reduction"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    unsigned eb = skBytes(k);
    auto elem = [&](uint32_t i) {
      uint64_t v = 0;
      std::memcpy(&v, bytes(R, source) + i * eb, eb);
      return v;
    };
    uint64_t r = acc != ~0u ? R[acc] : elem(0);
    for (uint32_t i = acc != ~0u ? 0 : 1; i < count; ++i) {
      uint64_t v = elem(i);
      if (op == Opc::IntBin) {
        if (!evalIntBin(f, k, r, v, r)) {
          ex.error(I.loc) << "integer division by zero";
          return Step::Fail;
        }
      } else {
        r = evalFltBin(f, k, r, v);
      }
    }
    R[result] = r;
    return Step::Next;
  }
};

/// Flat strides (in elements) of a vector shape.
SmallVector<int64_t> flatStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

} // namespace

LogicalResult sim::decodeVectorOp(Operation *op, Compiler &c, bool &handled) {
  StringRef name = op->getName().getStringRef();
  if (!name.consume_front("vector."))
    return success();
  handled = true;
  for (Value r : op->getResults())
    if (!c.define(r, op))
      return failure();
  auto elemInfo = [&](Type t, SK &k, uint32_t &n) {
    return Compiler::vectorShape(t, k, n);
  };
  if (name == "bitcast" || name == "shape_cast") {
    Value src = op->getOperand(0), res = op->getResult(0);
    if (Compiler::widthOf(src.getType()) != Compiler::widthOf(res.getType()))
      return c.notModeled(op) << ": " << src.getType() << " to "
                              << res.getType();
    c.alias(res, src);
    return success();
  }
  if (name == "from_elements") {
    auto e = std::make_unique<FromElements>();
    SK k;
    uint32_t n;
    Value res = op->getResult(0);
    if (!elemInfo(res.getType(), k, n))
      return c.notModeled(op) << ": " << res.getType();
    for (Value v : op->getOperands())
      e->elems.push_back(c.slot(v));
    e->result = c.slot(res);
    e->eltBytes = skBytes(k);
    e->widthSlots = Compiler::widthOf(res.getType());
    if (e->widthSlots * 8 > 2048)
      return c.notModeled(op) << ": vectors over 2048 bytes";
    c.emitExt(std::move(e));
    return success();
  }
  if (name == "extract" || name == "insert") {
    bool isInsert = name == "insert";
    Value vec = op->getOperand(isInsert ? 1 : 0);
    auto vt = dyn_cast<VectorType>(vec.getType());
    auto pos = op->getAttrOfType<DenseI64ArrayAttr>("static_position");
    if (!vt || !pos)
      return c.notModeled(op) << ": unexpected form";
    SK k;
    uint32_t n;
    if (!elemInfo(vt, k, n))
      return c.notModeled(op) << ": " << vt;
    SmallVector<int64_t> strides = flatStrides(vt.getShape());
    int64_t staticOffset = 0;
    std::vector<uint32_t> dynSlots;
    std::vector<int64_t> dynStrides, dynDims;
    unsigned dynOperand = isInsert ? 2 : 1;
    for (auto [i, p] : llvm::enumerate(pos.asArrayRef())) {
      if (ShapedType::isDynamic(p)) {
        dynSlots.push_back(c.slot(op->getOperand(dynOperand++)));
        dynStrides.push_back(strides[i]);
        dynDims.push_back(vt.getShape()[i]);
      } else {
        staticOffset += p * strides[i];
      }
    }
    // Elements moved: the product of the remaining dimensions.
    uint32_t count = 1;
    for (size_t i = pos.size(); i < vt.getShape().size(); ++i)
      count *= static_cast<uint32_t>(vt.getShape()[i]);
    Value res = op->getResult(0);
    if (Compiler::widthOf(res.getType()) * 8 > 2048)
      return c.notModeled(op) << ": vectors over 2048 bytes";
    if (isInsert) {
      auto e = std::make_unique<Insert>();
      e->value = c.slot(op->getOperand(0));
      e->dest = c.slot(vec);
      e->result = c.slot(res);
      e->eltBytes = skBytes(k);
      e->count = count;
      e->resultSlots = Compiler::widthOf(res.getType());
      e->staticOffset = staticOffset;
      e->dynSlots = dynSlots;
      e->dynStrides = dynStrides;
      e->dynDims = dynDims;
      c.emitExt(std::move(e));
    } else {
      auto e = std::make_unique<Extract>();
      e->source = c.slot(vec);
      e->result = c.slot(res);
      e->eltBytes = skBytes(k);
      e->count = count;
      e->resultSlots = Compiler::widthOf(res.getType());
      e->staticOffset = staticOffset;
      e->dynSlots = dynSlots;
      e->dynStrides = dynStrides;
      e->dynDims = dynDims;
      c.emitExt(std::move(e));
    }
    return success();
  }
  if (name == "broadcast" || name == "splat") {
    Value src = op->getOperand(0), res = op->getResult(0);
    SK sk, rk;
    uint32_t sn, rn;
    if (!elemInfo(src.getType(), sk, sn) || !elemInfo(res.getType(), rk, rn) ||
        rn % sn != 0)
      return c.notModeled(op) << ": " << src.getType() << " to "
                              << res.getType();
    // Only leading-dimension broadcasts (the source fills the trailing
    // dimensions), which is every scalar and most vector broadcasts.
    if (auto svt = dyn_cast<VectorType>(src.getType())) {
      auto rvt = cast<VectorType>(res.getType());
      ArrayRef<int64_t> ss = svt.getShape(), rs = rvt.getShape();
      size_t lead = rs.size() - ss.size();
      for (size_t i = 0; i < ss.size(); ++i)
        if (ss[i] != rs[lead + i])
          return c.notModeled(op) << ": broadcasts that stretch a unit "
                                     "dimension";
    }
    auto e = std::make_unique<Broadcast>();
    e->source = c.slot(src);
    e->result = c.slot(res);
    e->srcBytes = sn * skBytes(sk);
    e->repeats = rn / sn;
    e->resultSlots = Compiler::widthOf(res.getType());
    if (e->resultSlots * 8 > 2048)
      return c.notModeled(op) << ": vectors over 2048 bytes";
    c.emitExt(std::move(e));
    return success();
  }
  if (name == "extract_strided_slice" || name == "insert_strided_slice") {
    bool isInsert = name == "insert_strided_slice";
    Value src = op->getOperand(0), res = op->getResult(0);
    auto svt = dyn_cast<VectorType>(src.getType());
    auto offsets = op->getAttrOfType<ArrayAttr>("offsets");
    auto stridesAttr = op->getAttrOfType<ArrayAttr>("strides");
    if (!svt || svt.getRank() != 1 || !offsets || offsets.size() != 1 ||
        !stridesAttr || stridesAttr.size() != 1)
      return c.notModeled(op) << ": only 1-D slices";
    SK k;
    uint32_t n;
    if (!elemInfo(res.getType(), k, n))
      return c.notModeled(op) << ": " << res.getType();
    auto e = std::make_unique<StridedSlice>();
    e->insert = isInsert;
    e->source = c.slot(src);
    e->dest = isInsert ? c.slot(op->getOperand(1)) : 0;
    e->result = c.slot(res);
    e->eltBytes = skBytes(k);
    e->count = isInsert ? static_cast<uint32_t>(svt.getNumElements()) : n;
    e->resultSlots = Compiler::widthOf(res.getType());
    e->offset = cast<IntegerAttr>(offsets[0]).getInt();
    e->stride = cast<IntegerAttr>(stridesAttr[0]).getInt();
    c.emitExt(std::move(e));
    return success();
  }
  if (name == "reduction") {
    Value src = op->getOperand(0);
    SK k;
    uint32_t n;
    if (!elemInfo(src.getType(), k, n))
      return c.notModeled(op) << ": " << src.getType();
    auto kindAttr = op->getAttr("kind");
    std::string kind;
    llvm::raw_string_ostream os(kind);
    kindAttr.print(os);
    // Printed as #vector.kind<add>.
    StringRef kname = StringRef(kind).rsplit('<').second.rtrim('>');
    auto e = std::make_unique<Reduction>();
    bool isFloat = skIsFloat(k);
    int f = llvm::StringSwitch<int>(kname)
                .Case("add", isFloat ? (int)FB::Add : (int)IB::Add)
                .Case("mul", isFloat ? (int)FB::Mul : (int)IB::Mul)
                .Case("minui", (int)IB::MinU)
                .Case("minsi", (int)IB::MinS)
                .Case("maxui", (int)IB::MaxU)
                .Case("maxsi", (int)IB::MaxS)
                .Case("and", (int)IB::And)
                .Case("or", (int)IB::Or)
                .Case("xor", (int)IB::Xor)
                .Case("minnumf", (int)FB::MinNum)
                .Case("maxnumf", (int)FB::MaxNum)
                .Case("minimumf", (int)FB::Minimum)
                .Case("maximumf", (int)FB::Maximum)
                .Default(-1);
    if (f < 0)
      return c.notModeled(op) << ": reduction kind " << kname;
    e->op = isFloat ? Opc::FltBin : Opc::IntBin;
    e->f = static_cast<uint8_t>(f);
    e->k = k;
    e->source = c.slot(src);
    if (op->getNumOperands() > 1)
      e->acc = c.slot(op->getOperand(1));
    e->result = c.slot(op->getResult(0));
    e->count = n;
    c.emitExt(std::move(e));
    return success();
  }
  if (name == "fma") {
    Value res = op->getResult(0);
    SK k;
    uint32_t n;
    if (!elemInfo(res.getType(), k, n) || !skIsFloat(k))
      return c.notModeled(op) << ": " << res.getType();
    c.prog.vecs.push_back(VecDesc{Opc::Fma, 0, k, k, n});
    Inst i = c.make(Opc::VecOp);
    i.x = static_cast<uint32_t>(c.prog.vecs.size() - 1);
    i.d = c.slot(res);
    i.a = c.slot(op->getOperand(0));
    i.b = c.slot(op->getOperand(1));
    i.c = c.slot(op->getOperand(2));
    c.emit(i);
    return success();
  }
  return c.notModeled(op);
}
