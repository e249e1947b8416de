//===- PTXTranslate.h - PTX syntax tree to the simulator's stream -*- C++ -*-===//
//
// The translator turns a parsed PTX kernel into the same Program the IR
// front end produces: one register slot per PTX register, scalar
// instructions as the hot loop's opcodes, and every instruction with more
// state (barriers, mbarriers, copies, TMA, MMAs, collectives, strong memory
// accesses) as the ExtOp the IR front end decodes from the corresponding
// `tirx.ptx` op. For those, the translator builds that op in a scratch
// module (its operands bound to the PTX registers' slots) and hands it to
// the family's decoder, so the PTX level runs the very semantics the IR
// level runs.
//
// State spaces. PTX addresses of the .shared, .local and .param windows
// are window offsets; generic addresses are distinct from them (as on the
// GPU), so a missing or wrong `cvta` is caught:
//   .shared::cta / .shared::cluster   the engine's shared addresses
//                                     (window offsets, cluster form for
//                                     peers)
//   generic shared                    kGenericShared + engine address
//   .local                            offset in the thread's local memory
//   generic local                     the engine's local addresses
//   .param (kernel)                   offset in the parameter buffer
//   generic param                     kGenericParam + offset
//   .global / generic global          the engine's global addresses
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_LIB_SIM_PTXTRANSLATE_H
#define TIRX_LIB_SIM_PTXTRANSLATE_H

#include "Compiler.h"
#include "PTXParser.h"

#include "TIRx/Sim/PTX.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::tirx::sim::ptxfe {

/// Generic-space windows of the PTX level (their low 40 bits are zero, so
/// the low bits of a generic shared address are its shared offset, as the
/// matrix descriptors built from `cvta.shared` addresses assume).
inline constexpr uint64_t kGenericShared = uint64_t(0x7F00) << 32;
inline constexpr uint64_t kGenericParam = uint64_t(0x7E00) << 32;
inline constexpr uint64_t kWindowSize = uint64_t(1) << 32;

/// A PTX register: its slot and declared width.
struct Reg {
  uint32_t slot = 0;
  unsigned bits = 32; // 1 for .pred
  bool isPred = false;
};

/// A kernel (or call) parameter in the .param space.
struct ParamVar {
  uint64_t offset = 0;   // in the parameter buffer
  uint64_t bytes = 0;
  uint32_t slot = 0;     // first slot of its image
  std::string abi;       // kernel parameters: how the launch passes it
};

class Translator {
public:
  Translator(MLIRContext *ctx, Program &prog, const Module &mod,
             llvm::StringRef bufferName);

  MLIRContext *ctx;
  Program &prog;
  const Module &mod;
  std::string bufferName;
  Compiler c;
  OpBuilder b;
  OwningOpRef<ModuleOp> scratch;
  /// Holds the placeholder values (block arguments) of built ops.
  Block *argBlock = nullptr;

  /// The instruction being translated.
  const Instr *cur = nullptr;
  Location curLocation;
  /// Emits an error at the current instruction (its source line, with the
  /// PTX line as a note).
  InFlightDiagnostic error();
  InFlightDiagnostic notModeled(const llvm::Twine &detail = "");
  /// The location of instruction `in` of the current function.
  Location locationOf(const Instr &in);
  Location ptxLocation(SrcPos pos);

  //===--- Functions, registers, constants ------------------------------===//
  const Function *func = nullptr;
  uint32_t funcIndex = 0;
  std::vector<llvm::StringMap<Reg>> scopes;
  llvm::StringMap<uint64_t> sharedVars;  // name -> shared offset
  llvm::StringMap<uint64_t> localVars;   // name -> local offset
  llvm::StringMap<ParamVar> params;      // this function's .param names
  /// Module-level .global/.const variables: name -> Program::staticBlocks
  /// index.
  llvm::StringMap<uint32_t> globalVars;
  /// The (global) address of static block `block` + `offset` into a slot.
  uint32_t globalVarAddress(uint32_t block, int64_t offset);
  llvm::DenseMap<int64_t, uint32_t> constSlots;
  std::vector<std::pair<int64_t, uint32_t>> constOrder;
  /// Labels: (scope instance, name) -> pc; pending branch fixups.
  std::vector<uint32_t> scopeParent;
  std::vector<uint32_t> scopeStack;
  std::map<std::pair<uint32_t, std::string>, uint32_t> labelPcs;
  std::vector<std::tuple<uint32_t, uint32_t, std::string, const Instr *>>
      branchFixups;
  /// `.branchtargets` lists: (scope instance, label) -> target labels.
  std::map<std::pair<uint32_t, std::string>, std::vector<std::string>>
      branchTargets;
  /// For each function: its index in Program::functions.
  llvm::StringMap<uint32_t> functionIndex;
  /// Per function: its return-value and parameter slots (callee side).
  struct FuncInfo {
    std::vector<ParamVar> params, results;
  };
  llvm::StringMap<FuncInfo> funcInfos;

  /// The slot holding constant `v` (set in the function's prologue; set
  /// where it is used when `inlineConstants`).
  uint32_t constant(int64_t v);
  /// Set when the translator runs one instruction for the IR level
  /// (decodeTableScalarOp), which has no PTX function prologue.
  bool inlineConstants = false;
  /// The op the IR level runs, named by notModeled (empty at the PTX level).
  std::string irOp;
  const Reg *lookupReg(llvm::StringRef name) const;
  /// Declares the registers of `.reg` declaration `d`.
  LogicalResult declareRegs(const VarDecl &d);

  //===--- Operands ----------------------------------------------------===//
  /// The slot holding operand `o` as a `bits`-bit value: a register, an
  /// immediate (constant slot), a float literal of `bits` width, a special
  /// register (read into a fresh slot) or a variable's address. 0 on error
  /// (reported), so callers check `ok`.
  uint32_t value(const Operand &o, unsigned bits, bool &ok);
  /// A destination register (`_` gives a scratch slot).
  uint32_t dest(const Operand &o, bool &ok);
  const Reg *destReg(const Operand &o);
  /// The engine address of address operand `o` used in state space
  /// `space` ("global", "shared", "shared::cta", "shared::cluster",
  /// "local", "param", "" generic) into a slot; `needsTranslate` forces
  /// generic translation.
  uint32_t address(const Operand &o, llvm::StringRef space, bool &ok);
  /// A fresh scratch slot.
  uint32_t temp(uint32_t n = 1) { return c.temp(n); }

  //===--- Emission -----------------------------------------------------===//
  /// An instruction at the current PTX instruction's location.
  Inst make(Opc op) const { return c.make(op); }
  uint32_t emit(const Inst &i) { return c.emit(i); }
  void emitConst(uint32_t d, int64_t v);
  void emitMov(uint32_t d, uint32_t a);
  void emitMask(uint32_t d, uint32_t a, unsigned bits);
  void emitIntBin(IB f, SK k, uint32_t d, uint32_t a, uint32_t b);
  /// Sign-extends `a` (from `from` bits) to `to` bits into d.
  void emitSext(uint32_t d, uint32_t a, unsigned from, unsigned to);
  /// Registers `elems` (each `elemBytes` wide, zero-extended in its slot)
  /// packed into consecutive slots starting at the returned slot, as a
  /// vector value lies in memory; and the reverse.
  uint32_t pack(llvm::ArrayRef<uint32_t> elems, unsigned elemBytes);
  void unpack(uint32_t src, llvm::ArrayRef<uint32_t> elems,
              unsigned elemBytes);

  //===--- Built ops (the IR front end's decoders) ----------------------===//
  /// A placeholder value of `type` bound to `slot`.
  Value arg(Type type, uint32_t slot);
  /// Binds result `r` of a built op to `slot`.
  void out(Value r, uint32_t slot) { c.bind(r, slot); }
  /// Decodes built op `op` with the IR front end's family decoders.
  LogicalResult decodeBuilt(Operation *op);

  Type i1() { return b.getI1Type(); }
  Type i32() { return b.getI32Type(); }
  Type i64() { return b.getI64Type(); }
  Type ptrTo(Type elem, MemorySpace space);

  //===--- Translation --------------------------------------------------===//
  LogicalResult translateKernel(const Function &entry, const PTXLaunch &launch,
                                llvm::ArrayRef<uint32_t> paramSlots);
  LogicalResult translateFunction(const Function &f);
  LogicalResult translateBody(const Function &f);
  LogicalResult translateInstr(const Instr &in);

  // Families (PTXTranslate.cpp: scalar and control; PTXMemory.cpp: memory
  // and addresses; PTXFamilies.cpp: the tirx.ptx families).
  LogicalResult translateScalar(const Instr &in, bool &handled);
  LogicalResult translateFloat(const Instr &in, bool &handled);
  LogicalResult translateCvt(const Instr &in, bool &handled);
  LogicalResult translateControl(const Instr &in, bool &handled);
  LogicalResult translateMemory(const Instr &in, bool &handled);
  LogicalResult translateSync(const Instr &in, bool &handled);
  LogicalResult translateWarp(const Instr &in, bool &handled);
  LogicalResult translateCopy(const Instr &in, bool &handled);
  LogicalResult translateMMA(const Instr &in, bool &handled);
  LogicalResult translateTcgen05(const Instr &in, bool &handled);
  /// The rows of the table-generated ops (PTXTableDecode.cpp).
  LogicalResult translateTable(const Instr &in, bool &handled);

  /// The instruction's operand count must be in [lo, hi].
  LogicalResult expectOperands(const Instr &in, size_t lo, size_t hi);

  /// The kernel's launch: block and grid extents (for %ntid/%nctaid).
  int64_t grid[3] = {1, 1, 1}, block[3] = {1, 1, 1}, cluster[3] = {1, 1, 1};
  /// Host slots of a grid the host computes (hybrid programs), else empty.
  std::vector<uint32_t> gridSlots;
  uint64_t paramBytes = 0;
  /// Kernel parameters by offset order.
  std::vector<ParamVar> kernelParams;
  /// The carry flag of add.cc/addc and friends (a slot per function).
  uint32_t carry = 0;
  uint32_t carrySlot();
  /// Emits the generic-to-engine translation of `slot` + `offset`.
  uint32_t genericAddress(uint32_t slot, int64_t offset);
};

/// Whether `opcode` is the instruction of a row of a table-generated op
/// without pointer operands (one decodeTableScalarOp runs at the IR level).
bool isTableScalarInstruction(llvm::StringRef opcode);

/// Width in bits of a PTX type name ("u32" -> 32, "pred" -> 1); 0 if unknown.
unsigned typeBits(llvm::StringRef t);
/// Scalar kind of a PTX type name (b/u/s types by width; f16, bf16, f32,
/// f64); None if unknown.
SK kindOf(llvm::StringRef t);

} // namespace mlir::tirx::sim::ptxfe

#endif // TIRX_LIB_SIM_PTXTRANSLATE_H
