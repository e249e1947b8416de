//===- PTXTable.h - The variant table of the table-generated PTX ops -*- C++ -*-===//
//
// A TIRx_PTXTableOp (TIRxPTXBase.td) has no hand-written verifier,
// requirement code or lowering: scripts/gen-ptx-table.py enumerates its
// variants with tirx.ptxtable and writes them here as rows. A row's key
// names the op's attributes (enum keywords, `+`/`-` for unit attributes and
// optional operands, integers) and the types of its non-pointer operands and
// results and the scopes of its pointers; an op instance is legal exactly
// when its key is a row's. The
// verifier, the requirements and the one inline-PTX lowering pattern
// (lib/Conversion/TIRxToNVVM/PTXTableToNVVM.cpp) all read the row.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_PTXTABLE_H
#define TIRX_DIALECT_PTXTABLE_H

#include "TIRx/Dialect/TIRxPTXOps.h"

#include <string>
#include <utility>

namespace mlir::tirx::ptx_table {

/// An attribute of a variant: a unit attribute (`width` 0) or an integer
/// (enum cases are their i32 values).
struct RowAttr {
  const char *name;
  unsigned width;
  int64_t value;
};

/// One legal variant.
struct Row {
  const char *key;
  /// The PTX instruction, without operands (`bfind.shiftamt.u32`).
  const char *ptx;
  /// What the variant needs beyond the op's base requirement.
  llvm::ArrayRef<PTXRequirement> reqs;
  /// Its attributes (what the simulator's PTX level builds the op with).
  llvm::ArrayRef<RowAttr> attrs;
};

/// One PTX operand, in PTX order: an ODS operand (`In`), an ODS result
/// (`Out`), an integer attribute written as an immediate (`Imm`, `name` the
/// attribute) or a literal the instruction fixes (`Lit`, `name` the text).
/// An operand with `pipe` shares the previous one's PTX operand, written
/// `prev|this` (setp's `p|q`). A vector operand or result is a braced
/// group of its elements (`{a, b}`), one register each.
enum class Role { In, Out, Imm, Lit };
struct Operand {
  Role role;
  unsigned index; // ODS operand or result index; an Imm's attribute width
  const char *name;
  bool pipe = false;
  /// A pointer operand's element type when every variant fixes it (an
  /// mbarrier's `i64`); null otherwise (the simulator's PTX level then
  /// builds an `i8` pointer).
  const char *pointee = nullptr;
};

struct TableOp {
  const char *name;
  llvm::ArrayRef<Row> rows;
  llvm::ArrayRef<Operand> operands;
  std::string (*key)(Operation *op);
  /// The flat operand range of ODS operand `i`.
  std::pair<unsigned, unsigned> (*operandRange)(Operation *op, unsigned i);
  /// ODS operand and result counts; whether the op has operand segments.
  unsigned numOperands, numResults;
  bool segments;
};

/// The parts of a row's key: `name=value` (attributes, optional operands),
/// `name:type` (non-pointer operands and results), `name@scope` (pointers).
struct KeyPart {
  llvm::StringRef name;
  char sep;
  llvm::StringRef value;
};
llvm::SmallVector<KeyPart> parseKey(llvm::StringRef key);

/// Every table-generated op.
llvm::ArrayRef<TableOp> tableOps();
/// The table of `op`'s op, or null when it is not a table-generated op.
const TableOp *lookupTableOp(Operation *op);
/// The row of `op`, or null when no variant has its key.
const Row *lookupRow(Operation *op);

/// The verifier of a table-generated op: its key must be a row's.
LogicalResult verify(Operation *op);
/// The requirements of `op`'s row beyond the op's base requirement.
void collectRequirements(Operation *op, PTXNeeds &needs);

/// Appends `name:<type>;` (or `name:-;` when absent) to a key.
void appendType(std::string &key, llvm::StringRef name, ValueRange values);
/// Appends `name@<scope>;` of a `!tirx.ptr` operand (`name@-;` when absent).
void appendScope(std::string &key, llvm::StringRef name, ValueRange values);

} // namespace mlir::tirx::ptx_table

#endif // TIRX_DIALECT_PTXTABLE_H
