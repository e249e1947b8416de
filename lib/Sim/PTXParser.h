//===- PTXParser.h - PTX text to a syntax tree ------------------*- C++ -*-===//
//
// The PTX front end of the simulator reads the PTX this compiler emits (the
// LLVM NVPTX back end's output with the inline-PTX templates of the
// tirx.ptx ops inside it) into a small syntax tree: module directives,
// variables in each state space, kernels and functions with their
// parameters, register declarations (in nested `{ }` scopes, as inline
// assembly opens them), labels, instructions with their guard predicate,
// dotted opcode and operands, and the `.file`/`.loc` line info that applies
// to each instruction. Semantics are the translator's (PTXTranslate.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_LIB_SIM_PTXPARSER_H
#define TIRX_LIB_SIM_PTXPARSER_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tirx::sim::ptxfe {

/// A position in the PTX text (1-based).
struct SrcPos {
  unsigned line = 0, col = 0;
};

/// One operand of an instruction.
struct Operand {
  enum class Kind : uint8_t {
    Reg,     ///< a register (or, for `a|b`, two predicate registers)
    Imm,     ///< an integer literal
    FImm,    ///< a float literal: `0fXXXXXXXX` (f32), `0dXXXX...` (f64) or
             ///< a decimal with a point or exponent (double)
    Sym,     ///< a variable, parameter or function name (+ offset)
    Special, ///< a special register (%tid.x, %laneid, ...)
    Sink,    ///< `_`
    Addr,    ///< `[...]`: elems[0] the base (Reg, Sym or Imm) with `imm` the
             ///< offset; a second element (a Vec) for `[tmap, {coords}]`
    Vec,     ///< `{a, b, ...}`
    List,    ///< `(a, b, ...)` (call arguments and results)
  };
  Kind kind = Kind::Imm;
  /// `!` before a predicate.
  bool negated = false;
  /// Reg/Sym/Special/Label name.
  std::string name;
  /// Second register of `a|b` (setp, shfl.sync, elect.sync); empty if none.
  /// "_" for a sink.
  std::string pairName;
  /// Imm value, Sym or Addr offset.
  int64_t imm = 0;
  /// FImm: the bits and their width (32, 64; 0 for a decimal: `fvalue`).
  uint64_t fbits = 0;
  unsigned fwidth = 0;
  double fvalue = 0.0;
  std::vector<Operand> elems;
  SrcPos pos;
};

/// An instruction: `@{!}guard opcode.mod.mod operands;`.
struct Instr {
  std::string opcode; // the whole dotted opcode
  /// The opcode split at '.', e.g. {"mbarrier", "init", "shared::cta", "b64"}.
  llvm::SmallVector<std::string, 8> parts;
  std::string guard; // empty: unconditional
  bool guardNegated = false;
  std::vector<Operand> ops;
  SrcPos pos;
  /// The instruction's text (for diagnostics).
  std::string text;
  /// The `.loc` in effect: file index (0: none), line, column.
  unsigned locFile = 0, locLine = 0, locCol = 0;
  /// Inside `// begin inline asm` ... `// end inline asm`.
  bool inlineAsm = false;
  bool has(llvm::StringRef part) const {
    for (const std::string &p : parts)
      if (p == part)
        return true;
    return false;
  }
};

/// A variable declaration: `.reg`, `.shared`, `.local`, `.global`,
/// `.const`, `.param` (a parameter or a call's argument).
struct VarDecl {
  std::string space;     // "reg", "shared", "local", "global", "const", "param"
  std::string type;      // "b32", "pred", "f32", "u64", ...
  unsigned align = 0;    // .align N (0: the type's)
  std::string name;
  /// `%r<5>`: 5 registers %r0..%r4; 0 for a single name.
  unsigned count = 0;
  /// Array elements (`name[N]`); -1 for `name[]` (extern dynamic shared),
  /// 0 for a scalar.
  int64_t arrayLen = 0;
  bool isExtern = false;
  bool isPtr = false;      // .param .u64 .ptr
  std::string ptrSpace;    // .ptr .global / .shared / ...
  std::vector<int64_t> init; // initializer (integers), if any
  SrcPos pos;
  /// Bytes of one element of `type`.
  unsigned elemBytes() const;
  uint64_t bytes() const {
    return uint64_t(elemBytes()) * (arrayLen > 0 ? uint64_t(arrayLen) : 1);
  }
};

/// A statement of a function body.
struct Stmt {
  enum class Kind : uint8_t { Instr, Label, Decl, Open, Close } kind;
  size_t index = 0; // into Function::instrs / labels / decls
};

struct Function {
  std::string name;
  bool isEntry = false;
  bool isExtern = false; // a declaration without a body
  std::vector<VarDecl> params;
  std::vector<VarDecl> results;
  /// Performance directives: .reqntid / .maxntid, .reqnctapercluster,
  /// .explicitcluster, .maxnreg, ...
  int64_t reqntid[3] = {0, 0, 0};
  int64_t maxntid[3] = {0, 0, 0};
  int64_t reqnctapercluster[3] = {0, 0, 0};
  bool explicitCluster = false;
  std::vector<Stmt> body;
  std::vector<Instr> instrs;
  std::vector<std::string> labels;
  std::vector<SrcPos> labelPos;
  std::vector<VarDecl> decls;
  SrcPos pos;
};

struct Module {
  std::string version; // "8.0"
  std::string target;  // "sm_90a"
  unsigned addressSize = 64;
  /// .file N "name": index -> file name.
  llvm::StringMap<unsigned> fileIndex;
  std::vector<std::pair<unsigned, std::string>> files;
  std::vector<VarDecl> globals;
  std::vector<Function> functions;
  /// The file name of `.file N`, or "" if none.
  llvm::StringRef fileName(unsigned n) const {
    for (const auto &f : files)
      if (f.first == n)
        return f.second;
    return "";
  }
};

/// A parse error: where, and what.
struct ParseError {
  SrcPos pos;
  std::string message;
};

/// Parses `text`. On failure returns the first error.
std::unique_ptr<Module> parse(llvm::StringRef text, ParseError &error);

/// Bytes of a PTX fundamental type ("b32" -> 4, "pred" -> 1, "f16x2" -> 4);
/// 0 if unknown.
unsigned typeBytes(llvm::StringRef type);

} // namespace mlir::tirx::sim::ptxfe

#endif // TIRX_LIB_SIM_PTXPARSER_H
