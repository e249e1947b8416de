//===- Compiler.cpp - Decoding MLIR into the simulator's stream -*- C++ -*-===//
//
// Slots, control flow, arith/math, and the tirx core ops. Arith and math
// ops are recognized by name: their semantics are uniform (operands in,
// one result out), so a table keeps this file free of per-op classes.
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"

#include "TIRx/Dialect/SharedMemoryLayout.h"
#include "TIRx/Dialect/TIRxHostOps.h"
#include "TIRx/Dialect/TIRxOps.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;

ExtOp::~ExtOp() = default;

bool ExtOp::participants(ClusterExec &, Thread &, const Inst &,
                         uint64_t mask[2]) {
  mask[0] = mask[1] = ~uint64_t(0);
  if (collectiveWidth() == 32)
    mask[0] = 0xFFFFFFFFull, mask[1] = 0;
  return true;
}

Step ExtOp::execCollective(ClusterExec &, const Inst &,
                           llvm::ArrayRef<Thread *>) {
  return Step::Next;
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

SK Compiler::kindOf(Type type) {
  if (auto it = dyn_cast<IntegerType>(type))
    return skOfIntBits(it.getWidth());
  if (isa<IndexType, PtrType, TensorMapType>(type))
    return SK::I64;
  if (type.isF16())
    return SK::F16;
  if (type.isBF16())
    return SK::BF16;
  if (type.isF32())
    return SK::F32;
  if (type.isF64())
    return SK::F64;
  if (isa<Float8E4M3FNType>(type))
    return SK::E4M3;
  if (isa<Float8E5M2Type>(type))
    return SK::E5M2;
  return SK::None;
}

bool Compiler::vectorShape(Type type, SK &kind, uint32_t &count) {
  if (auto vt = dyn_cast<VectorType>(type)) {
    if (vt.isScalable())
      return false;
    kind = kindOf(vt.getElementType());
    count = static_cast<uint32_t>(vt.getNumElements());
    return kind != SK::None && count > 0;
  }
  kind = kindOf(type);
  count = 1;
  return kind != SK::None;
}

uint32_t Compiler::widthOf(Type type) {
  if (auto buffer = dyn_cast<BufferType>(type)) {
    if (!isa<VectorType>(buffer.getElementType()) &&
        kindOf(buffer.getElementType()) == SK::None)
      return 0;
    return 1 + static_cast<uint32_t>(buffer.getNumDynamicDims());
  }
  if (auto vt = dyn_cast<VectorType>(type)) {
    SK k;
    uint32_t n;
    if (!vectorShape(vt, k, n))
      return 0;
    return std::max<uint32_t>(1, (n * skBytes(k) + 7) / 8);
  }
  return kindOf(type) == SK::None ? 0 : 1;
}

bool Compiler::define(Value v, Operation *at) {
  uint32_t w = widthOf(v.getType());
  if (w == 0) {
    notModeled(at) << ": values of type " << v.getType()
                   << " are not supported";
    return false;
  }
  slots[v] = nextSlot;
  nextSlot += w;
  return true;
}

InFlightDiagnostic Compiler::notModeled(Operation *op,
                                        const llvm::Twine &detail) {
  InFlightDiagnostic d = op->emitError();
  d << "'" << op->getName() << "' is not modeled by the simulator";
  if (!detail.isTriviallyEmpty())
    d << ": " << detail;
  return d;
}

void Compiler::emitExt(std::unique_ptr<ExtOp> op) {
  Inst i = make(Opc::ExtOp);
  i.x = static_cast<uint32_t>(prog.ext.size());
  prog.ext.push_back(std::move(op));
  emit(i);
}

void Compiler::emitCopy(uint32_t dst, uint32_t src, uint32_t width) {
  if (dst == src || width == 0)
    return;
  Inst i = make(width == 1 ? Opc::Mov : Opc::MovN);
  i.d = dst;
  i.a = src;
  i.imm = width;
  emit(i);
}

void Compiler::emitParallelCopy(ArrayRef<uint32_t> dsts,
                                ArrayRef<uint32_t> srcs,
                                ArrayRef<uint32_t> widths) {
  bool overlap = false;
  for (size_t i = 0; i < dsts.size() && !overlap; ++i)
    for (size_t j = 0; j < srcs.size(); ++j)
      if (i != j && dsts[i] < srcs[j] + widths[j] &&
          srcs[j] < dsts[i] + widths[i])
        overlap = true;
  if (!overlap) {
    for (size_t i = 0; i < dsts.size(); ++i)
      emitCopy(dsts[i], srcs[i], widths[i]);
    return;
  }
  std::vector<uint32_t> temps;
  for (size_t i = 0; i < dsts.size(); ++i) {
    temps.push_back(temp(widths[i]));
    emitCopy(temps.back(), srcs[i], widths[i]);
  }
  for (size_t i = 0; i < dsts.size(); ++i)
    emitCopy(dsts[i], temps[i], widths[i]);
}

uint32_t Compiler::addAddrMode(AddrMode mode) {
  prog.addrModes.push_back(std::move(mode));
  return static_cast<uint32_t>(prog.addrModes.size() - 1);
}

//===----------------------------------------------------------------------===//
// Functions and regions
//===----------------------------------------------------------------------===//

uint32_t Compiler::functionOf(Operation *callee) {
  auto it = functionIndex.find(callee);
  if (it != functionIndex.end())
    return it->second;
  uint32_t index = static_cast<uint32_t>(prog.functions.size());
  prog.functions.emplace_back();
  prog.functions.back().op = callee;
  functionIndex[callee] = index;
  pendingFunctions.push_back(callee);
  return index;
}

static ParamInfo::Kind paramKind(Type type, bool &ok) {
  ok = true;
  if (auto buffer = dyn_cast<BufferType>(type)) {
    ok = buffer.getMemorySpace() == MemorySpace::Global;
    return ParamInfo::Kind::Buffer;
  }
  if (auto ptr = dyn_cast<PtrType>(type)) {
    if (isa<TensorMapType>(ptr.getElementType()))
      return ParamInfo::Kind::TensorMap;
    ok = ptr.getMemorySpace() == MemorySpace::Global ||
         ptr.getMemorySpace() == MemorySpace::Generic;
    return ParamInfo::Kind::Pointer;
  }
  if (isa<TensorMapType>(type))
    return ParamInfo::Kind::TensorMap;
  if (isa<FloatType>(type))
    return ParamInfo::Kind::Float;
  ok = type.isIntOrIndex();
  return ParamInfo::Kind::Int;
}

static std::string numpyName(Type type) {
  if (auto vt = dyn_cast<VectorType>(type))
    type = vt.getElementType();
  if (type.isF16())
    return "float16";
  if (type.isBF16())
    return "bfloat16";
  if (type.isF32())
    return "float32";
  if (type.isF64())
    return "float64";
  if (isa<Float8E4M3FNType>(type))
    return "float8_e4m3fn";
  if (isa<Float8E5M2Type>(type))
    return "float8_e5m2";
  if (isa<IndexType>(type))
    return "int64";
  if (auto it = dyn_cast<IntegerType>(type)) {
    if (it.getWidth() == 1)
      return "bool";
    return std::string(it.isUnsigned() ? "uint" : "int") +
           std::to_string(it.getWidth());
  }
  return "";
}

LogicalResult Compiler::compileKernelFunction(FunctionOpInterface func) {
  KernelOp kernel;
  unsigned count = 0;
  func->walk([&](KernelOp k) {
    kernel = k;
    ++count;
  });
  if (!kernel)
    return func->emitError("the simulator runs a function that holds a "
                           "'tirx.kernel'; '")
           << func.getName() << "' has none";
  // A grid the host computes (the kernel's grid operands) is read from the
  // host part's values at the launch.
  FailureOr<LaunchShape> shape =
      kernel.computeLaunchShape(/*allowDynamicGrid=*/true);
  if (failed(shape))
    return failure();
  prog.launch = *shape;
  prog.kernelOp = kernel;
  prog.kernelLoc = prog.addOp(kernel);

  prog.functions.emplace_back();
  prog.functions.back().op = func;
  functionIndex[func] = 0;
  Region &body = func.getFunctionBody();
  if (body.empty())
    return func->emitError("the kernel function has no body");
  for (BlockArgument arg : body.getArguments()) {
    bool ok;
    ParamInfo info;
    info.kind = paramKind(arg.getType(), ok);
    info.type = arg.getType();
    if (!ok)
      return func->emitError("parameter #")
             << arg.getArgNumber() << " of type " << arg.getType()
             << " cannot be a kernel argument in the simulator";
    if (auto buffer = dyn_cast<BufferType>(arg.getType())) {
      info.dtype = numpyName(buffer.getElementType());
      info.shape.assign(buffer.getShape().begin(), buffer.getShape().end());
      if (buffer.hasStaticShape())
        info.bytes = buffer.getNumElementsStatic() *
                     (getElementBitWidth(buffer.getElementType()) / 8);
    } else if (auto ptr = dyn_cast<PtrType>(arg.getType())) {
      info.dtype = numpyName(ptr.getElementType());
    } else {
      info.dtype = numpyName(arg.getType());
    }
    prog.params.push_back(info);
    if (!define(arg, func))
      return failure();
    prog.functions[0].paramSlots.push_back(slot(arg));
    prog.functions[0].paramWidths.push_back(widthOf(arg.getType()));
  }

  // Shared and local memory layout, in the order the lowering assigns it.
  WalkResult walk = kernel.walk([&](AllocBufferOp alloc) {
    BufferType type = alloc.getType();
    MemorySpace space = type.getMemorySpace();
    if (!type.hasStaticShape()) {
      alloc.emitOpError("has dynamic sizes; the simulator (like the "
                        "lowering) needs static allocation sizes");
      return WalkResult::interrupt();
    }
    int64_t elemBytes =
        llvm::divideCeil(getElementBitWidth(type.getElementType()), 8);
    int64_t align = getRequiredAlignment(alloc);
    uint64_t bytes = type.getNumElementsStatic() * elemBytes;
    if (space == MemorySpace::Shared) {
      staticShared = llvm::alignTo(staticShared, align);
      dynOffsets[alloc] = staticShared;
      staticShared += bytes;
    } else if (space == MemorySpace::SharedDyn) {
      // Placed below, by the layout the lowering uses.
    } else if (space == MemorySpace::Local) {
      localBytes = llvm::alignTo(localBytes, align);
      dynOffsets[alloc] = localBytes;
      localBytes += bytes;
    } else {
      alloc.emitOpError("in scope '")
          << stringifyMemorySpace(space)
          << "' is not modeled by the simulator";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  // The dynamic arena as the GPU has it: the offsets tirx-plan-shared-memory
  // recorded, or the ones convert-tirx-to-gpu would record.
  FailureOr<DynamicSharedLayout> dynLayout = getDynamicSharedLayout(kernel);
  if (failed(dynLayout))
    return failure();
  for (DynamicSharedLayout::Entry &e : dynLayout->entries)
    dynOffsets[e.alloc] = e.offset;
  dynShared = dynLayout->bytes;
  prog.layout.staticShared = staticShared;
  prog.layout.dynSharedBase = dynShared ? llvm::alignTo(staticShared, 1024)
                                        : staticShared;
  prog.layout.dynShared = dynShared;
  prog.layout.totalShared = prog.layout.dynSharedBase + dynShared;
  prog.layout.local = localBytes;
  constexpr uint64_t kMaxShared = 232448; // sm_90 / sm_100: 227 KiB
  if (prog.layout.totalShared > kMaxShared)
    return kernel.emitOpError("needs ")
           << prog.layout.totalShared
           << " bytes of shared memory; a CTA has at most " << kMaxShared;

  if (failed(compileFunctionBody(func, /*kernel=*/true)))
    return failure();

  // Callees, each with its own slots.
  while (!pendingFunctions.empty()) {
    Operation *callee = pendingFunctions.back();
    pendingFunctions.pop_back();
    slots.clear();
    promoted.clear();
    nextSlot = 0;
    if (failed(compileFunctionBody(cast<FunctionOpInterface>(callee),
                                   /*kernel=*/false)))
      return failure();
  }
  return success();
}

LogicalResult Compiler::compileFunctionBody(FunctionOpInterface func,
                                            bool kernel) {
  uint32_t index = functionIndex[func];
  Region &body = func.getFunctionBody();
  if (!kernel) {
    inDevice = true;
    FunctionCode &fc = prog.functions[index];
    for (BlockArgument arg : body.getArguments()) {
      if (!define(arg, func))
        return failure();
      fc.paramSlots.push_back(slot(arg));
      fc.paramWidths.push_back(widthOf(arg.getType()));
    }
  } else {
    inDevice = false;
  }
  prog.functions[index].entry = pc();
  blockPcs.clear();
  blockFixups.clear();
  if (failed(compileRegionBlocks(body)))
    return failure();
  if (kernel) {
    // The kernel region, with the host's slots in scope.
    KernelOp k = cast<KernelOp>(prog.kernelOp);
    inDevice = true;
    prog.kernelEntry = pc();
    curLoc = prog.addOp(k);
    if (failed(compileBlockOps(k.getBody().front())))
      return failure();
    curLoc = prog.addOp(k);
    emit(make(Opc::Exit));
    inDevice = false;
  }
  for (auto [at, block] : blockFixups)
    prog.code[at].x = blockPcs[block];
  prog.functions[index].numSlots = nextSlot;
  return success();
}

LogicalResult Compiler::compileRegionBlocks(Region &region) {
  for (Block &block : region) {
    blockPcs[&block] = pc();
    if (failed(compileBlockOps(block)))
      return failure();
  }
  return success();
}

LogicalResult Compiler::compileBlockOps(Block &block) {
  for (Operation &op : block)
    if (failed(compileOp(&op)))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

LogicalResult Compiler::compileOp(Operation *op) {
  curLoc = prog.addOp(op);
  // A decoder sets `handled` once it owns the op; it may still fail (an
  // unmodeled variant, a nested region's op), and then decoding fails.
  bool handled = false;
  using Step = LogicalResult (*)(Compiler &, Operation *, bool &);
  const Step steps[] = {
      [](Compiler &c, Operation *o, bool &h) { return decodeProfileOp(o, c, h); },
      [](Compiler &c, Operation *o, bool &h) { return c.compileControl(o, h); },
      [](Compiler &c, Operation *o, bool &h) { return c.compileArith(o, h); },
      [](Compiler &c, Operation *o, bool &h) { return c.compileMath(o, h); },
      [](Compiler &c, Operation *o, bool &h) { return c.compileTIRxCore(o, h); },
      [](Compiler &c, Operation *o, bool &h) { return decodeVectorOp(o, c, h); },
  };
  for (Step step : steps) {
    if (failed(step(*this, op, handled)))
      return failure();
    if (handled)
      return success();
  }
  if (op->getName().getStringRef().starts_with("tirx.ptx.")) {
    if (!inDevice)
      return op->emitError("'")
             << op->getName()
             << "' runs in a thread: in the simulator it must be inside the "
                "'tirx.kernel' (or a function it calls)";
    for (Value r : op->getResults())
      if (!define(r, op))
        return failure();
    if (failed(decodePTXOp(op, *this, handled)))
      return failure();
    if (handled)
      return success();
  }
  return notModeled(op);
}

LogicalResult sim::decodePTXOp(Operation *op, Compiler &c, bool &handled) {
  using Decoder = LogicalResult (*)(Operation *, Compiler &, bool &);
  for (Decoder d : {decodeSyncOp, decodeCopyOp, decodeWarpOp, decodeMMAOp,
                    decodeTcgen05Op, decodeMemOp, decodeIntOp,
                    decodeTableScalarOp}) {
    if (failed(d(op, c, handled)))
      return failure();
    if (handled)
      return success();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Constants, arith and math
//===----------------------------------------------------------------------===//

static uint64_t attrBits(Attribute attr, SK kind) {
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return i.getValue().getZExtValue() & widthMask(skBits(kind));
  if (auto f = dyn_cast<FloatAttr>(attr))
    return f.getValue().bitcastToAPInt().getZExtValue();
  return 0;
}

LogicalResult Compiler::compileConstant(Operation *op, Attribute value) {
  Value result = op->getResult(0);
  if (!define(result, op))
    return failure();
  uint32_t d = slot(result);
  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    SK k;
    uint32_t n;
    if (!vectorShape(result.getType(), k, n))
      return notModeled(op) << ": constant of type " << result.getType();
    unsigned bytes = skBytes(k);
    std::vector<uint8_t> image(widthOf(result.getType()) * 8, 0);
    uint32_t i = 0;
    auto put = [&](uint64_t bits) {
      std::memcpy(image.data() + i * bytes, &bits, bytes);
      ++i;
    };
    if (dense.isSplat()) {
      uint64_t bits = attrBits(dense.getSplatValue<Attribute>(), k);
      for (uint32_t j = 0; j < n; ++j)
        put(bits);
    } else {
      for (Attribute a : dense.getValues<Attribute>())
        put(attrBits(a, k));
    }
    for (size_t s = 0; s < image.size() / 8; ++s) {
      Inst inst = make(Opc::Const);
      inst.d = d + static_cast<uint32_t>(s);
      std::memcpy(&inst.imm, image.data() + s * 8, 8);
      emit(inst);
    }
    return success();
  }
  SK k = kindOf(result.getType());
  if (k == SK::None || !(isa<IntegerAttr, FloatAttr>(value)))
    return notModeled(op) << ": constant " << value;
  Inst inst = make(Opc::Const);
  inst.d = d;
  inst.imm = static_cast<int64_t>(attrBits(value, k));
  emit(inst);
  return success();
}

LogicalResult Compiler::compileBinary(Operation *op, Opc opc, uint8_t f) {
  if (op->getNumOperands() != 2 || op->getNumResults() != 1)
    return notModeled(op) << ": unexpected operands";
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  Value result = op->getResult(0);
  SK k;
  uint32_t n;
  if (!vectorShape(lhs.getType(), k, n))
    return notModeled(op) << ": operands of type " << lhs.getType();
  if (!define(result, op))
    return failure();
  if (isa<VectorType>(lhs.getType())) {
    VecDesc vd{opc, f, k, k, n};
    prog.vecs.push_back(vd);
    Inst i = make(Opc::VecOp);
    i.x = static_cast<uint32_t>(prog.vecs.size() - 1);
    i.d = slot(result);
    i.a = slot(lhs);
    i.b = slot(rhs);
    emit(i);
    return success();
  }
  Inst i = make(opc);
  i.k = k;
  i.f = f;
  i.d = slot(result);
  i.a = slot(lhs);
  i.b = slot(rhs);
  emit(i);
  return success();
}

LogicalResult Compiler::compileUnaryFloat(Operation *op, uint8_t f) {
  Value src = op->getOperand(0);
  Value result = op->getResult(0);
  SK k;
  uint32_t n;
  if (!vectorShape(src.getType(), k, n) || !skIsFloat(k))
    return notModeled(op) << ": operand of type " << src.getType();
  if (!define(result, op))
    return failure();
  if (isa<VectorType>(src.getType())) {
    prog.vecs.push_back(VecDesc{Opc::FltUn, f, k, k, n});
    Inst i = make(Opc::VecOp);
    i.x = static_cast<uint32_t>(prog.vecs.size() - 1);
    i.d = slot(result);
    i.a = slot(src);
    emit(i);
    return success();
  }
  Inst i = make(Opc::FltUn);
  i.k = k;
  i.f = f;
  i.d = slot(result);
  i.a = slot(src);
  emit(i);
  return success();
}

LogicalResult Compiler::compileCast(Operation *op, CV cv) {
  Value src = op->getOperand(0);
  Value result = op->getResult(0);
  SK sk, dk;
  uint32_t sn, dn;
  if (!vectorShape(src.getType(), sk, sn) ||
      !vectorShape(result.getType(), dk, dn) || sn != dn)
    return notModeled(op) << ": " << src.getType() << " to "
                          << result.getType();
  if (!define(result, op))
    return failure();
  bool isVec = isa<VectorType>(src.getType());
  // Integer extension: ExtSI/ExtUI/index_cast; truncation: MovMask.
  StringRef name = op->getName().getStringRef();
  bool signedExt = name == "arith.extsi" || name == "arith.index_cast";
  Opc opc = Opc::Cvt;
  uint8_t f = static_cast<uint8_t>(cv);
  if (cv == CV::IntToInt) {
    opc = Opc::Ext;
    f = signedExt ? 1 : 0;
  }
  if (isVec) {
    prog.vecs.push_back(VecDesc{opc, f, dk, sk, dn});
    Inst i = make(Opc::VecOp);
    i.x = static_cast<uint32_t>(prog.vecs.size() - 1);
    i.d = slot(result);
    i.a = slot(src);
    emit(i);
    return success();
  }
  Inst i = make(opc);
  i.d = slot(result);
  i.a = slot(src);
  if (opc == Opc::Ext) {
    // Sign- or zero-extend from the source width, keep the destination's.
    i.k = sk;
    i.imm = static_cast<int64_t>(widthMask(skBits(dk)));
  } else {
    i.k = dk;
    i.imm = static_cast<int64_t>(sk);
  }
  i.f = f;
  emit(i);
  return success();
}

LogicalResult Compiler::compileArith(Operation *op, bool &handled) {
  StringRef name = op->getName().getStringRef();
  if (!name.consume_front("arith."))
    return success();
  handled = true;
  if (name == "constant")
    return compileConstant(op, op->getAttr("value"));

  auto intBin = llvm::StringSwitch<int>(name)
                    .Case("addi", (int)IB::Add)
                    .Case("subi", (int)IB::Sub)
                    .Case("muli", (int)IB::Mul)
                    .Case("divsi", (int)IB::DivS)
                    .Case("divui", (int)IB::DivU)
                    .Case("remsi", (int)IB::RemS)
                    .Case("remui", (int)IB::RemU)
                    .Case("ceildivsi", (int)IB::CeilDivS)
                    .Case("ceildivui", (int)IB::CeilDivU)
                    .Case("floordivsi", (int)IB::FloorDivS)
                    .Case("andi", (int)IB::And)
                    .Case("ori", (int)IB::Or)
                    .Case("xori", (int)IB::Xor)
                    .Case("shli", (int)IB::Shl)
                    .Case("shrsi", (int)IB::ShrS)
                    .Case("shrui", (int)IB::ShrU)
                    .Case("minsi", (int)IB::MinS)
                    .Case("maxsi", (int)IB::MaxS)
                    .Case("minui", (int)IB::MinU)
                    .Case("maxui", (int)IB::MaxU)
                    .Default(-1);
  if (intBin >= 0)
    return compileBinary(op, Opc::IntBin, static_cast<uint8_t>(intBin));
  auto fltBin = llvm::StringSwitch<int>(name)
                    .Case("addf", (int)FB::Add)
                    .Case("subf", (int)FB::Sub)
                    .Case("mulf", (int)FB::Mul)
                    .Case("divf", (int)FB::Div)
                    .Case("remf", (int)FB::Rem)
                    .Case("minimumf", (int)FB::Minimum)
                    .Case("maximumf", (int)FB::Maximum)
                    .Case("minnumf", (int)FB::MinNum)
                    .Case("maxnumf", (int)FB::MaxNum)
                    .Default(-1);
  if (fltBin >= 0)
    return compileBinary(op, Opc::FltBin, static_cast<uint8_t>(fltBin));
  if (name == "negf")
    return compileUnaryFloat(op, static_cast<uint8_t>(FU::Neg));
  if (name == "cmpi" || name == "cmpf") {
    auto pred = op->getAttrOfType<IntegerAttr>("predicate");
    if (!pred)
      return notModeled(op) << ": no predicate";
    uint8_t p = static_cast<uint8_t>(pred.getInt());
    if (name == "cmpf")
      p += static_cast<uint8_t>(CP::FFalse);
    return compileBinary(op, Opc::Cmp, p);
  }
  if (name == "select") {
    Value cond = op->getOperand(0);
    Value result = op->getResult(0);
    if (!define(result, op))
      return failure();
    uint32_t w = widthOf(result.getType());
    if (isa<VectorType>(cond.getType())) {
      SK k;
      uint32_t n;
      if (!vectorShape(result.getType(), k, n))
        return notModeled(op) << ": select of " << result.getType();
      prog.vecs.push_back(VecDesc{Opc::Select, 0, k, k, n});
      Inst i = make(Opc::VecOp);
      i.x = static_cast<uint32_t>(prog.vecs.size() - 1);
      i.d = slot(result);
      i.a = slot(cond);
      i.b = slot(op->getOperand(1));
      i.c = slot(op->getOperand(2));
      emit(i);
      return success();
    }
    Inst i = make(w == 1 ? Opc::Select : Opc::SelectN);
    i.d = slot(result);
    i.a = slot(cond);
    i.b = slot(op->getOperand(1));
    i.c = slot(op->getOperand(2));
    i.imm = w;
    emit(i);
    return success();
  }
  if (name == "extsi" || name == "extui" || name == "trunci" ||
      name == "index_cast" || name == "index_castui")
    return compileCast(op, CV::IntToInt);
  if (name == "sitofp")
    return compileCast(op, CV::SIToFP);
  if (name == "uitofp")
    return compileCast(op, CV::UIToFP);
  if (name == "fptosi")
    return compileCast(op, CV::FPToSI);
  if (name == "fptoui")
    return compileCast(op, CV::FPToUI);
  if (name == "extf" || name == "truncf")
    return compileCast(op, CV::FToF);
  if (name == "bitcast") {
    Value src = op->getOperand(0), result = op->getResult(0);
    if (widthOf(src.getType()) == 0 ||
        widthOf(src.getType()) != widthOf(result.getType()))
      return notModeled(op) << ": bitcast of " << src.getType();
    alias(result, src);
    return success();
  }
  return notModeled(op);
}

LogicalResult Compiler::compileMath(Operation *op, bool &handled) {
  StringRef name = op->getName().getStringRef();
  if (!name.consume_front("math."))
    return success();
  handled = true;
  auto un = llvm::StringSwitch<int>(name)
                .Case("absf", (int)FU::Abs)
                .Case("sqrt", (int)FU::Sqrt)
                .Case("rsqrt", (int)FU::Rsqrt)
                .Case("exp", (int)FU::Exp)
                .Case("exp2", (int)FU::Exp2)
                .Case("expm1", (int)FU::Expm1)
                .Case("log", (int)FU::Log)
                .Case("log2", (int)FU::Log2)
                .Case("log10", (int)FU::Log10)
                .Case("log1p", (int)FU::Log1p)
                .Case("sin", (int)FU::Sin)
                .Case("cos", (int)FU::Cos)
                .Case("tan", (int)FU::Tan)
                .Case("tanh", (int)FU::Tanh)
                .Case("atan", (int)FU::Atan)
                .Case("asin", (int)FU::Asin)
                .Case("acos", (int)FU::Acos)
                .Case("sinh", (int)FU::Sinh)
                .Case("cosh", (int)FU::Cosh)
                .Case("asinh", (int)FU::Asinh)
                .Case("acosh", (int)FU::Acosh)
                .Case("atanh", (int)FU::Atanh)
                .Case("erf", (int)FU::Erf)
                .Case("erfc", (int)FU::Erfc)
                .Case("floor", (int)FU::Floor)
                .Case("ceil", (int)FU::Ceil)
                .Case("trunc", (int)FU::Trunc)
                .Case("round", (int)FU::Round)
                .Case("roundeven", (int)FU::RoundEven)
                .Case("cbrt", (int)FU::Cbrt)
                .Default(-1);
  if (un >= 0)
    return compileUnaryFloat(op, static_cast<uint8_t>(un));
  auto bin = llvm::StringSwitch<int>(name)
                 .Case("powf", (int)FB::Pow)
                 .Case("atan2", (int)FB::Atan2)
                 .Case("copysign", (int)FB::CopySign)
                 .Default(-1);
  if (bin >= 0)
    return compileBinary(op, Opc::FltBin, static_cast<uint8_t>(bin));
  if (name == "isnan" || name == "isinf" || name == "isfinite") {
    FU f = name == "isnan" ? FU::IsNaN : name == "isinf" ? FU::IsInf
                                                          : FU::IsFinite;
    return compileUnaryFloat(op, static_cast<uint8_t>(f));
  }
  if (name == "fma") {
    Value result = op->getResult(0);
    SK k;
    uint32_t n;
    if (!vectorShape(result.getType(), k, n) || !skIsFloat(k))
      return notModeled(op) << ": fma of " << result.getType();
    if (!define(result, op))
      return failure();
    Inst i = make(Opc::Fma);
    if (isa<VectorType>(result.getType())) {
      prog.vecs.push_back(VecDesc{Opc::Fma, 0, k, k, n});
      i.op = Opc::VecOp;
      i.x = static_cast<uint32_t>(prog.vecs.size() - 1);
    }
    i.k = k;
    i.d = slot(result);
    i.a = slot(op->getOperand(0));
    i.b = slot(op->getOperand(1));
    i.c = slot(op->getOperand(2));
    emit(i);
    return success();
  }
  auto intUn = llvm::StringSwitch<int>(name)
                   .Case("absi", 0)
                   .Case("ctpop", 1)
                   .Case("ctlz", 2)
                   .Case("cttz", 3)
                   .Default(-1);
  if (intUn >= 0) {
    Value src = op->getOperand(0), result = op->getResult(0);
    SK k = kindOf(src.getType());
    if (!skIsInt(k) || isa<VectorType>(src.getType()))
      return notModeled(op) << ": operand of type " << src.getType();
    if (!define(result, op))
      return failure();
    // Encoded as IntBin with b = a and a sub-op past the binary ones.
    static constexpr uint8_t base = static_cast<uint8_t>(IB::MulHiU) + 1;
    Inst i = make(Opc::IntBin);
    i.k = k;
    i.f = static_cast<uint8_t>(base + intUn);
    i.d = slot(result);
    i.a = i.b = slot(src);
    emit(i);
    return success();
  }
  return notModeled(op);
}

//===----------------------------------------------------------------------===//
// Control flow and calls
//===----------------------------------------------------------------------===//

static bool isIntegerConstant(Value v, int64_t &out) {
  Operation *def = v.getDefiningOp();
  if (!def || def->getName().getStringRef() != "arith.constant")
    return false;
  auto attr = def->getAttrOfType<IntegerAttr>("value");
  if (!attr)
    return false;
  out = attr.getInt();
  return true;
}

LogicalResult Compiler::compileControl(Operation *op, bool &handled) {
  handled = true;
  // --- tirx structured control flow ------------------------------------
  if (auto forOp = dyn_cast<ForOp>(op)) {
    Value iv = forOp.getInductionVar();
    if (!define(iv, op))
      return failure();
    SK k = kindOf(iv.getType());
    emitCopy(slot(iv), slot(forOp.getLowerBound()), 1);
    uint32_t head = pc();
    Inst test = make(Opc::ForTest);
    test.k = k;
    test.a = slot(iv);
    test.b = slot(forOp.getUpperBound());
    uint32_t testPc = emit(test);
    loops.push_back(LoopCtx{});
    if (failed(compileBlockOps(*forOp.getBodyBlock())))
      return failure();
    LoopCtx ctx = std::move(loops.back());
    loops.pop_back();
    curLoc = prog.addOp(op);
    uint32_t stepPc = pc();
    Inst step = make(Opc::ForStep);
    step.k = k;
    step.a = slot(iv);
    step.b = slot(forOp.getStep());
    step.x = head;
    emit(step);
    prog.code[testPc].x = pc();
    for (uint32_t f : ctx.continueFixups)
      prog.code[f].x = stepPc;
    for (uint32_t f : ctx.breakFixups)
      prog.code[f].x = pc();
    return success();
  }
  if (auto whileOp = dyn_cast<WhileOp>(op)) {
    uint32_t head = pc();
    Block &cond = whileOp.getCond().front();
    for (Operation &inner : cond.without_terminator())
      if (failed(compileOp(&inner)))
        return failure();
    auto condition = cast<ConditionOp>(cond.getTerminator());
    curLoc = prog.addOp(condition);
    Inst br = make(Opc::BrFalse);
    br.a = slot(condition.getCondition());
    uint32_t exitBr = emit(br);
    loops.push_back(LoopCtx{});
    loops.back().continueTarget = head;
    if (failed(compileBlockOps(whileOp.getBody().front())))
      return failure();
    LoopCtx ctx = std::move(loops.back());
    loops.pop_back();
    curLoc = prog.addOp(op);
    Inst back = make(Opc::Jmp);
    back.x = head;
    emit(back);
    prog.code[exitBr].x = pc();
    for (uint32_t f : ctx.breakFixups)
      prog.code[f].x = pc();
    for (uint32_t f : ctx.continueFixups)
      prog.code[f].x = head;
    return success();
  }
  if (auto ifOp = dyn_cast<IfOp>(op)) {
    Inst br = make(Opc::BrFalse);
    br.a = slot(ifOp.getCondition());
    uint32_t brPc = emit(br);
    if (failed(compileBlockOps(ifOp.getThenRegion().front())))
      return failure();
    if (ifOp.getElseRegion().empty()) {
      prog.code[brPc].x = pc();
      return success();
    }
    curLoc = prog.addOp(op);
    uint32_t skip = emit(make(Opc::Jmp));
    prog.code[brPc].x = pc();
    if (failed(compileBlockOps(ifOp.getElseRegion().front())))
      return failure();
    prog.code[skip].x = pc();
    return success();
  }
  if (isa<YieldOp>(op)) {
    // Falls through to the end of the region (the loop step, or after the
    // tirx.if).
    return success();
  }
  if (isa<BreakOp, ContinueOp>(op)) {
    if (loops.empty())
      return op->emitOpError("outside a loop");
    uint32_t at = emit(make(Opc::Jmp));
    if (isa<BreakOp>(op))
      loops.back().breakFixups.push_back(at);
    else if (loops.back().continueTarget != ~0u)
      prog.code[at].x = loops.back().continueTarget;
    else
      loops.back().continueFixups.push_back(at);
    return success();
  }
  if (isa<ConditionOp>(op))
    return op->emitOpError("outside its tirx.while");

  // --- scf ---------------------------------------------------------------
  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    Value iv = forOp.getInductionVar();
    if (!define(iv, op))
      return failure();
    SmallVector<uint32_t> argSlots, initSlots, widths;
    for (auto [arg, init] :
         llvm::zip(forOp.getRegionIterArgs(), forOp.getInitArgs())) {
      if (!define(arg, op))
        return failure();
      argSlots.push_back(slot(arg));
      initSlots.push_back(slot(init));
      widths.push_back(widthOf(arg.getType()));
    }
    for (Value r : forOp.getResults())
      if (!define(r, op))
        return failure();
    emitParallelCopy(argSlots, initSlots, widths);
    SK k = kindOf(iv.getType());
    emitCopy(slot(iv), slot(forOp.getLowerBound()), 1);
    uint32_t head = pc();
    Inst test = make(Opc::ForTest);
    test.k = k;
    test.f = forOp.getUnsignedCmp() ? 1 : 0;
    test.a = slot(iv);
    test.b = slot(forOp.getUpperBound());
    uint32_t testPc = emit(test);
    Block &body = *forOp.getBody();
    for (Operation &inner : body.without_terminator())
      if (failed(compileOp(&inner)))
        return failure();
    auto yield = cast<scf::YieldOp>(body.getTerminator());
    curLoc = prog.addOp(yield);
    SmallVector<uint32_t> ySlots;
    for (Value v : yield.getOperands())
      ySlots.push_back(slot(v));
    emitParallelCopy(argSlots, ySlots, widths);
    curLoc = prog.addOp(op);
    Inst step = make(Opc::ForStep);
    step.k = k;
    step.a = slot(iv);
    step.b = slot(forOp.getStep());
    step.x = head;
    emit(step);
    prog.code[testPc].x = pc();
    for (auto [r, a, w] : llvm::zip(forOp.getResults(), argSlots, widths))
      emitCopy(slot(r), a, w);
    return success();
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    SmallVector<uint32_t> resSlots, widths;
    for (Value r : ifOp.getResults()) {
      if (!define(r, op))
        return failure();
      resSlots.push_back(slot(r));
      widths.push_back(widthOf(r.getType()));
    }
    auto compileBranch = [&](Region &region) -> LogicalResult {
      Block &b = region.front();
      for (Operation &inner : b.without_terminator())
        if (failed(compileOp(&inner)))
          return failure();
      auto yield = cast<scf::YieldOp>(b.getTerminator());
      curLoc = prog.addOp(yield);
      SmallVector<uint32_t> ySlots;
      for (Value v : yield.getOperands())
        ySlots.push_back(slot(v));
      emitParallelCopy(resSlots, ySlots, widths);
      return success();
    };
    Inst br = make(Opc::BrFalse);
    br.a = slot(ifOp.getCondition());
    uint32_t brPc = emit(br);
    if (failed(compileBranch(ifOp.getThenRegion())))
      return failure();
    if (ifOp.getElseRegion().empty()) {
      prog.code[brPc].x = pc();
      return success();
    }
    curLoc = prog.addOp(op);
    uint32_t skip = emit(make(Opc::Jmp));
    prog.code[brPc].x = pc();
    if (failed(compileBranch(ifOp.getElseRegion())))
      return failure();
    prog.code[skip].x = pc();
    return success();
  }
  if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
    Block &before = whileOp.getBefore().front();
    Block &after = whileOp.getAfter().front();
    SmallVector<uint32_t> bSlots, initSlots, bWidths;
    for (auto [arg, init] : llvm::zip(before.getArguments(), whileOp.getInits())) {
      if (!define(arg, op))
        return failure();
      bSlots.push_back(slot(arg));
      initSlots.push_back(slot(init));
      bWidths.push_back(widthOf(arg.getType()));
    }
    SmallVector<uint32_t> aSlots, rSlots, aWidths;
    for (BlockArgument arg : after.getArguments()) {
      if (!define(arg, op))
        return failure();
      aSlots.push_back(slot(arg));
      aWidths.push_back(widthOf(arg.getType()));
    }
    for (Value r : whileOp.getResults()) {
      if (!define(r, op))
        return failure();
      rSlots.push_back(slot(r));
    }
    emitParallelCopy(bSlots, initSlots, bWidths);
    uint32_t head = pc();
    for (Operation &inner : before.without_terminator())
      if (failed(compileOp(&inner)))
        return failure();
    auto cond = cast<scf::ConditionOp>(before.getTerminator());
    curLoc = prog.addOp(cond);
    SmallVector<uint32_t> cSlots;
    for (Value v : cond.getArgs())
      cSlots.push_back(slot(v));
    Inst br = make(Opc::BrTrue);
    br.a = slot(cond.getCondition());
    uint32_t contBr = emit(br);
    emitParallelCopy(rSlots, cSlots, aWidths);
    uint32_t exitJmp = emit(make(Opc::Jmp));
    prog.code[contBr].x = pc();
    emitParallelCopy(aSlots, cSlots, aWidths);
    for (Operation &inner : after.without_terminator())
      if (failed(compileOp(&inner)))
        return failure();
    auto yield = cast<scf::YieldOp>(after.getTerminator());
    curLoc = prog.addOp(yield);
    SmallVector<uint32_t> ySlots;
    for (Value v : yield.getOperands())
      ySlots.push_back(slot(v));
    emitParallelCopy(bSlots, ySlots, bWidths);
    Inst back = make(Opc::Jmp);
    back.x = head;
    emit(back);
    prog.code[exitJmp].x = pc();
    return success();
  }
  if (isa<scf::YieldOp, scf::ConditionOp>(op))
    return op->emitOpError("is not the terminator of a region the simulator "
                           "decodes");

  // --- cf ----------------------------------------------------------------
  auto branchTo = [&](Block *dest, OperandRange args) -> LogicalResult {
    SmallVector<uint32_t> dsts, srcs, widths;
    for (auto [barg, v] : llvm::zip(dest->getArguments(), args)) {
      if (!hasSlot(barg) && !define(barg, op))
        return failure();
      dsts.push_back(slot(barg));
      srcs.push_back(slot(v));
      widths.push_back(widthOf(barg.getType()));
    }
    emitParallelCopy(dsts, srcs, widths);
    uint32_t at = emit(make(Opc::Jmp));
    blockFixups.push_back({at, dest});
    return success();
  };
  if (auto br = dyn_cast<cf::BranchOp>(op))
    return branchTo(br.getDest(), br.getDestOperands());
  if (auto cbr = dyn_cast<cf::CondBranchOp>(op)) {
    Inst b = make(Opc::BrFalse);
    b.a = slot(cbr.getCondition());
    uint32_t brPc = emit(b);
    if (failed(branchTo(cbr.getTrueDest(), cbr.getTrueDestOperands())))
      return failure();
    prog.code[brPc].x = pc();
    return branchTo(cbr.getFalseDest(), cbr.getFalseDestOperands());
  }

  // --- func ----------------------------------------------------------------
  if (auto call = dyn_cast<func::CallOp>(op)) {
    if (!inDevice)
      return notModeled(op) << ": calls are modeled in device code only";
    auto callee = SymbolTable::lookupNearestSymbolFrom<FunctionOpInterface>(
        op, call.getCalleeAttr());
    if (!callee || callee.isExternal())
      return op->emitOpError("calls '")
             << call.getCallee()
             << "', which has no body the simulator can run";
    CallInfo info;
    info.callee = functionOf(callee);
    for (Value a : call.getOperands()) {
      info.args.push_back(slot(a));
      info.argWidths.push_back(widthOf(a.getType()));
    }
    for (Value r : call.getResults()) {
      if (!define(r, op))
        return failure();
      info.results.push_back(slot(r));
      info.resultWidths.push_back(widthOf(r.getType()));
    }
    prog.calls.push_back(std::move(info));
    Inst i = make(Opc::Call);
    i.x = static_cast<uint32_t>(prog.calls.size() - 1);
    // The caller's frame size is known once it is decoded: its function
    // index, resolved at run time.
    i.a = functionIndex[op->getParentOfType<FunctionOpInterface>()];
    emit(i);
    return success();
  }
  if (auto ret = dyn_cast<func::ReturnOp>(op)) {
    auto func = op->getParentOfType<FunctionOpInterface>();
    if (functionIndex[func] == 0) {
      if (inDevice)
        return op->emitOpError("inside the kernel region");
      emit(make(Opc::HostEnd));
      return success();
    }
    RetInfo info;
    for (Value v : ret.getOperands()) {
      info.values.push_back(slot(v));
      info.widths.push_back(widthOf(v.getType()));
    }
    prog.rets.push_back(std::move(info));
    Inst i = make(Opc::Ret);
    i.x = static_cast<uint32_t>(prog.rets.size() - 1);
    emit(i);
    return success();
  }
  if (op->getName().getStringRef() == "ub.poison") {
    if (!define(op->getResult(0), op))
      return failure();
    Inst i = make(Opc::Const);
    i.d = slot(op->getResult(0));
    emit(i);
    return success();
  }
  handled = false;
  return success();
}

//===----------------------------------------------------------------------===//
// tirx core ops
//===----------------------------------------------------------------------===//

static unsigned accessAlignment(unsigned bytes) {
  if (!llvm::isPowerOf2_32(bytes))
    return 0;
  return std::min(bytes, 16u);
}

LogicalResult Compiler::buildBufferMode(Operation *op, Value buffer,
                                        ValueRange indices, AddrMode &mode) {
  auto type = cast<BufferType>(buffer.getType());
  Type elt = type.getElementType();
  unsigned bits = getElementBitWidth(elt);
  if (bits == 0 || bits % 8 != 0 || widthOf(type) == 0)
    return notModeled(op) << ": buffers of " << elt << " elements";
  SmallVector<int64_t> strides = type.getStridesOrDefault();
  for (int64_t s : strides)
    if (ShapedType::isDynamic(s))
      return op->emitOpError("cannot be simulated: ")
             << type << " has a dynamic stride (the lowering rejects it too)";
  mode.base = slot(buffer);
  mode.elemBytes = bits / 8;
  mode.scope = type.getMemorySpace();
  uint32_t dyn = 0;
  for (auto [i, index] : llvm::enumerate(indices)) {
    mode.indices.push_back(slot(index));
    mode.strides.push_back(strides[i] * mode.elemBytes);
    int64_t dim = type.getShape()[i];
    mode.dims.push_back(dim);
    if (ShapedType::isDynamic(dim))
      mode.dynDims.push_back(mode.base + 1 + dyn++);
  }
  return success();
}

LogicalResult Compiler::analyzePromotion(Operation *alloc, bool &promote) {
  promote = false;
  auto allocOp = cast<AllocBufferOp>(alloc);
  BufferType type = allocOp.getType();
  if (type.getMemorySpace() != MemorySpace::Local || !type.hasStaticShape() ||
      type.getNumElementsStatic() > 64 ||
      kindOf(type.getElementType()) == SK::None)
    return success();
  for (OpOperand &use : allocOp.getResult().getUses()) {
    Operation *user = use.getOwner();
    ValueRange indices;
    Type valueType;
    if (auto load = dyn_cast<BufferLoadOp>(user)) {
      indices = load.getIndices();
      valueType = load.getType();
    } else if (auto store = dyn_cast<BufferStoreOp>(user)) {
      if (use.getOperandNumber() != 1)
        return success();
      indices = store.getIndices();
      valueType = store.getValue().getType();
    } else {
      return success();
    }
    if (valueType != type.getElementType())
      return success();
    for (auto [i, index] : llvm::enumerate(indices)) {
      int64_t v;
      if (!isIntegerConstant(index, v) || v < 0 || v >= type.getShape()[i])
        return success();
    }
  }
  promote = true;
  return success();
}

LogicalResult Compiler::compileAllocBuffer(Operation *op) {
  auto alloc = cast<AllocBufferOp>(op);
  if (!inDevice)
    return op->emitOpError("outside the 'tirx.kernel': host code cannot "
                           "allocate device memory");
  Value result = alloc.getResult();
  if (!define(result, op))
    return failure();
  BufferType type = alloc.getType();
  bool promote;
  if (failed(analyzePromotion(op, promote)))
    return failure();
  if (promote) {
    uint32_t first = temp(static_cast<uint32_t>(type.getNumElementsStatic()));
    promoted[result] = first;
    return success();
  }
  auto off = dynOffsets.find(op);
  if (off == dynOffsets.end()) {
    // An allocation in a called function: local ones get their place now.
    if (type.getMemorySpace() != MemorySpace::Local)
      return notModeled(op) << ": shared memory allocated outside the kernel "
                               "region";
    int64_t elemBytes =
        llvm::divideCeil(getElementBitWidth(type.getElementType()), 8);
    localBytes = llvm::alignTo(localBytes, getRequiredAlignment(alloc));
    off = dynOffsets.insert({op, localBytes}).first;
    localBytes += type.getNumElementsStatic() * elemBytes;
    prog.layout.local = localBytes;
  }
  Inst i = make(Opc::Special);
  i.d = slot(result);
  i.imm = static_cast<int64_t>(off->second);
  switch (type.getMemorySpace()) {
  case MemorySpace::Shared:
    i.f = static_cast<uint8_t>(SR::SharedAddr);
    break;
  case MemorySpace::SharedDyn:
    i.f = static_cast<uint8_t>(SR::SharedAddr);
    i.imm += static_cast<int64_t>(prog.layout.dynSharedBase);
    break;
  default:
    i.f = static_cast<uint8_t>(SR::LocalAddr);
    break;
  }
  emit(i);
  return success();
}

LogicalResult Compiler::compileBufferAccess(Operation *op) {
  if (!inDevice)
    return op->emitOpError("outside the 'tirx.kernel': host code cannot "
                           "access device memory");
  Value buffer;
  ValueRange indices;
  Type valueType;
  bool isStore = false, isAddr = false;
  if (auto load = dyn_cast<BufferLoadOp>(op)) {
    buffer = load.getBuffer();
    indices = load.getIndices();
    valueType = load.getType();
  } else if (auto store = dyn_cast<BufferStoreOp>(op)) {
    buffer = store.getBuffer();
    indices = store.getIndices();
    valueType = store.getValue().getType();
    isStore = true;
  } else {
    auto ptrTo = cast<PtrToOp>(op);
    buffer = ptrTo.getBuffer();
    indices = ptrTo.getIndices();
    isAddr = true;
  }
  auto type = cast<BufferType>(buffer.getType());
  if (type.getMemorySpace() == MemorySpace::TMem)
    return notModeled(op) << ": tensor memory is accessed through tcgen05 ops";

  // Register-promoted local scalar arrays.
  auto prom = promoted.find(buffer);
  if (prom != promoted.end() && !isAddr) {
    int64_t linear = 0;
    SmallVector<int64_t> strides = type.getStridesOrDefault();
    for (auto [i, index] : llvm::enumerate(indices)) {
      int64_t v = 0;
      isIntegerConstant(index, v);
      linear += v * strides[i];
    }
    uint32_t s = prom->second + static_cast<uint32_t>(linear);
    if (isStore) {
      emitCopy(s, slot(op->getOperand(0)), 1);
    } else {
      if (!define(op->getResult(0), op))
        return failure();
      emitCopy(slot(op->getResult(0)), s, 1);
    }
    return success();
  }

  AddrMode mode;
  if (failed(buildBufferMode(op, buffer, indices, mode)))
    return failure();
  if (isAddr) {
    mode.accessBytes = 0;
  } else {
    Type elt = type.getElementType();
    if (valueType == elt) {
      mode.accessBytes = mode.elemBytes;
      mode.kind = isa<VectorType>(elt) ? SK::None : kindOf(elt);
    } else {
      auto vt = dyn_cast<VectorType>(valueType);
      if (!vt || vt.getElementType() != elt)
        return notModeled(op) << ": access of " << valueType
                              << " to a buffer of " << elt;
      mode.accessElems = static_cast<uint32_t>(vt.getNumElements());
      mode.accessBytes = mode.accessElems * mode.elemBytes;
    }
    mode.align = accessAlignment(mode.accessBytes);
  }
  uint32_t x = addAddrMode(std::move(mode));
  Inst i = make(isStore ? Opc::Store : isAddr ? Opc::Addr : Opc::Load);
  i.x = x;
  if (isStore) {
    i.a = slot(op->getOperand(0));
  } else {
    if (!define(op->getResult(0), op))
      return failure();
    i.d = slot(op->getResult(0));
  }
  emit(i);
  return success();
}

LogicalResult Compiler::compileTIRxCore(Operation *op, bool &handled) {
  // An address computed by `mode` into `result`'s slot.
  auto emitAddr = [&](Value result, AddrMode mode) {
    Inst i = make(Opc::Addr);
    i.d = slot(result);
    i.x = addAddrMode(std::move(mode));
    emit(i);
  };
  // `base` moved by `offset` units of `stride` bytes (a raw byte address).
  auto rawOffsetAddr = [&](Value result, Value base, MemorySpace scope,
                           Value offset, int64_t stride) -> LogicalResult {
    if (!define(result, op))
      return failure();
    AddrMode mode;
    mode.base = slot(base);
    mode.rawOffset = true;
    mode.scope = scope;
    mode.indices.push_back(slot(offset));
    mode.strides.push_back(stride);
    emitAddr(result, std::move(mode));
    return success();
  };
  if (op->getDialect() == nullptr ||
      op->getDialect()->getNamespace() != "tirx" ||
      op->getName().getStringRef().starts_with("tirx.ptx."))
    return success();
  handled = true;
  if (auto bind = dyn_cast<BindOp>(op)) {
    alias(bind.getResult(), bind.getValue());
    return success();
  }
  // A compiler-only barrier: the simulator executes in program order.
  if (auto pin = dyn_cast<RegisterBarrierOp>(op)) {
    alias(pin.getResult(), pin.getValue());
    return success();
  }
  if (auto reshape = dyn_cast<BufferReshapeOp>(op)) {
    alias(reshape.getResult(), reshape.getSource());
    return success();
  }
  if (isa<AllocBufferOp>(op))
    return compileAllocBuffer(op);
  if (isa<BufferLoadOp, BufferStoreOp, PtrToOp>(op))
    return compileBufferAccess(op);
  if (auto data = dyn_cast<BufferDataOp>(op)) {
    if (promoted.count(data.getBuffer()))
      return notModeled(op) << ": the address of a register-promoted local";
    alias(data.getResult(), data.getBuffer());
    return success();
  }
  if (auto decl = dyn_cast<DeclBufferOp>(op)) {
    Value result = decl.getResult();
    if (!define(result, op))
      return failure();
    BufferType type = decl.getType();
    AddrMode mode;
    mode.base = slot(decl.getData());
    mode.scope = type.getMemorySpace();
    mode.rawOffset = true;
    int64_t elemBytes = getElementBitWidth(type.getElementType()) / 8;
    if (Value bytes = decl.getByteOffset()) {
      mode.indices.push_back(slot(bytes));
      mode.strides.push_back(1);
    }
    if (Value elems = decl.getElemOffset()) {
      mode.indices.push_back(slot(elems));
      mode.strides.push_back(elemBytes);
    } else if (int64_t off = type.getOffsetOrDefault();
               off != 0 && !ShapedType::isDynamic(off)) {
      Inst c = make(Opc::Const);
      c.d = temp();
      c.imm = off;
      emit(c);
      mode.indices.push_back(c.d);
      mode.strides.push_back(elemBytes);
    }
    emitAddr(result, std::move(mode));
    uint32_t k = 1;
    for (Value size : decl.getDynamicSizes())
      emitCopy(slot(result) + k++, slot(size), 1);
    return success();
  }
  if (auto slice = dyn_cast<BufferSliceOp>(op)) {
    Value result = slice.getResult();
    if (!define(result, op))
      return failure();
    AddrMode mode;
    if (failed(buildBufferMode(op, slice.getSource(), slice.getOffsets(),
                               mode)))
      return failure();
    mode.dims.clear();
    mode.dynDims.clear();
    mode.rawOffset = true;
    emitAddr(result, std::move(mode));
    return success();
  }
  if (auto access = dyn_cast<AccessPtrOp>(op)) {
    auto type = cast<BufferType>(access.getBuffer().getType());
    return rawOffsetAddr(access.getResult(), access.getBuffer(),
                         type.getMemorySpace(), access.getOffset(),
                         getElementBitWidth(type.getElementType()) / 8);
  }
  if (auto off = dyn_cast<PtrByteOffsetOp>(op))
    return rawOffsetAddr(off.getResult(), off.getPtr(),
                         cast<PtrType>(off.getPtr().getType()).getMemorySpace(),
                         off.getOffset(), 1);
  if (auto re = dyn_cast<ReinterpretOp>(op)) {
    Type from = re.getSource().getType(), to = re.getType();
    uint32_t wf = widthOf(from), wt = widthOf(to);
    if (wf == 0 || wt == 0 || wf != wt)
      return notModeled(op) << ": " << from << " to " << to;
    // Narrowing to an integer (pointer to i32) keeps the low bits.
    if (auto it = dyn_cast<IntegerType>(to); it && it.getWidth() < 64 &&
                                              !isa<IntegerType>(from)) {
      if (!define(re.getResult(), op))
        return failure();
      Inst i = make(Opc::MovMask);
      i.d = slot(re.getResult());
      i.a = slot(re.getSource());
      i.imm = static_cast<int64_t>(widthMask(it.getWidth()));
      emit(i);
      return success();
    }
    alias(re.getResult(), re.getSource());
    return success();
  }
  if (auto k = dyn_cast<KernelOp>(op)) {
    prog.gridSlots.clear();
    for (Value v : k.getDynamicGrid())
      prog.gridSlots.push_back(slot(v));
    emit(make(Opc::Launch));
    return success();
  }
  if (isa<TensorMapEncodeTiledOp>(op))
    return decodeTensorMapEncode(op, *this);
  if (auto dim = dyn_cast<BufferDimOp>(op)) {
    // A buffer value's slots: its address, then its dynamic extents.
    auto type = cast<BufferType>(dim.getBuffer().getType());
    int64_t d = static_cast<int64_t>(dim.getDim());
    if (d >= type.getRank())
      return op->emitOpError("dimension ")
             << d << " of a rank-" << type.getRank() << " buffer";
    if (!define(dim.getResult(), op))
      return failure();
    if (!ShapedType::isDynamic(type.getShape()[d])) {
      Inst inst = make(Opc::Const);
      inst.d = slot(dim.getResult());
      inst.imm = type.getShape()[d];
      emit(inst);
      return success();
    }
    if (inDevice)
      return op->emitOpError("reads a dynamic extent inside the "
                             "'tirx.kernel'; read it on the host");
    uint32_t k = 1;
    for (int64_t i = 0; i < d; ++i)
      if (ShapedType::isDynamic(type.getShape()[i]))
        ++k;
    emitCopy(slot(dim.getResult()), slot(dim.getBuffer()) + k, 1);
    return success();
  }
  // Scope ids.
  SmallVector<SR, 3> regs;
  if (isa<ThreadIdOp>(op)) {
    if (op->getNumResults() == 1)
      regs = {SR::TidLinear};
    else
      regs = {SR::TidX, SR::TidY, SR::TidZ};
  } else if (isa<CtaIdOp>(op)) {
    regs = {SR::CtaIdX, SR::CtaIdY, SR::CtaIdZ};
  } else if (isa<ClusterIdOp>(op)) {
    regs = {SR::ClusterIdX, SR::ClusterIdY, SR::ClusterIdZ};
  } else if (isa<CtaIdInClusterOp>(op)) {
    regs = {SR::ClusterCtaIdX, SR::ClusterCtaIdY, SR::ClusterCtaIdZ};
  } else if (isa<LaneIdOp>(op)) {
    regs = {SR::LaneId};
  } else if (isa<WarpIdOp>(op)) {
    regs = {SR::WarpId};
  } else if (isa<WarpgroupIdOp>(op)) {
    regs = {SR::WarpgroupId};
  } else if (isa<WarpIdInWgOp>(op)) {
    regs = {SR::WarpIdInWg};
  } else if (isa<ThreadIdInWgOp>(op)) {
    regs = {SR::TidInWg};
  } else if (op->getName().getStringRef().starts_with("tirx.tile.")) {
    return notModeled(op, "dispatch tile primitives first "
                          "(tirx-dispatch-tile-primitives, then "
                          "tirx-resolve-layouts; tirx.sim.Kernel runs both)");
  } else {
    return notModeled(op);
  }
  if (!inDevice)
    return op->emitOpError("outside the 'tirx.kernel'");
  for (auto [i, r] : llvm::enumerate(op->getResults())) {
    if (!define(r, op))
      return failure();
    Inst inst = make(Opc::Special);
    inst.d = slot(r);
    inst.f = static_cast<uint8_t>(regs[i]);
    emit(inst);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

FailureOr<std::shared_ptr<Program>>
sim::compile(FunctionOpInterface func) {
  auto prog = std::make_shared<Program>();
  Compiler compiler(*prog);
  if (failed(compiler.compileKernelFunction(func)))
    return failure();
  return prog;
}

const std::vector<ParamInfo> &sim::getParams(const Program &program) {
  return program.params;
}

Operation *sim::getFunction(const Program &program) {
  return program.functions.front().op;
}

void sim::getLaunchShape(const Program &program, int64_t grid[3],
                         int64_t cluster[3], int64_t block[3]) {
  for (int i = 0; i < 3; ++i) {
    grid[i] = ShapedType::isDynamic(program.launch.grid[i])
                  ? 0
                  : program.launch.grid[i];
    cluster[i] = program.launch.cluster[i];
    block[i] = program.launch.block[i];
  }
}
