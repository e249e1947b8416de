//===- TIRxPTXTableOps.cpp - The table-generated PTX ops ---------*- C++ -*-===//
//
// Verifier and requirements of every TIRx_PTXTableOp, read from the rows
// scripts/gen-ptx-table.py writes (TIRxPTXTableOps.inc, PTXTable.h).
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/PTXTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tirx;

void ptx_table::appendType(std::string &key, StringRef name,
                           ValueRange values) {
  key += name;
  key += ":";
  if (values.empty()) {
    key += "-";
  } else {
    std::string text;
    llvm::raw_string_ostream os(text);
    values.front().getType().print(os);
    key += text;
  }
  key += ";";
}

namespace mlir::tirx {
#include "TIRx/Dialect/TIRxPTXTableOps.inc"
} // namespace mlir::tirx

ArrayRef<ptx_table::TableOp> ptx_table::tableOps() { return kTableOps; }

const ptx_table::TableOp *ptx_table::lookupTableOp(Operation *op) {
  StringRef name = op->getName().getStringRef();
  for (const TableOp &t : kTableOps)
    if (name == t.name)
      return &t;
  return nullptr;
}

const ptx_table::Row *ptx_table::lookupRow(Operation *op) {
  const TableOp *t = lookupTableOp(op);
  if (!t)
    return nullptr;
  std::string key = t->key(op);
  for (const Row &r : t->rows)
    if (key == r.key)
      return &r;
  return nullptr;
}

/// `sign = s, a : i16` from a key `sign=s;a:i16;`.
static std::string readableKey(StringRef key) {
  std::string out;
  SmallVector<StringRef> parts;
  key.split(parts, ';', -1, /*KeepEmpty=*/false);
  for (StringRef p : parts) {
    if (!out.empty())
      out += ", ";
    auto [name, value] = p.split(p.contains('=') ? '=' : ':');
    bool isType = !p.contains('=');
    if (!isType && value == "-") {
      out += ("no " + name).str();
      continue;
    }
    if (!isType && value == "+") {
      out += name.str();
      continue;
    }
    out += (name + (isType ? " : " : " = ") + value).str();
  }
  return out;
}

LogicalResult ptx_table::verify(Operation *op) {
  const TableOp *t = lookupTableOp(op);
  if (!t)
    return op->emitOpError("is not a table-generated PTX op");
  std::string key = t->key(op);
  if (llvm::any_of(t->rows, [&](const Row &r) { return key == r.key; }))
    return success();
  InFlightDiagnostic diag = op->emitOpError("has no PTX variant with ")
                            << readableKey(key) << "; its variants:";
  unsigned shown = 0;
  for (const Row &r : t->rows) {
    if (shown++ == 8) {
      diag << " ... (" << t->rows.size() << " in all)";
      break;
    }
    diag << (shown > 1 ? "," : "") << " `" << r.ptx << "` ("
         << readableKey(r.key) << ")";
  }
  return diag;
}

void ptx_table::collectRequirements(Operation *op, PTXNeeds &needs) {
  const Row *row = lookupRow(op);
  if (!row)
    return;
  for (const PTXRequirement &req : row->reqs)
    needs.push_back({req, ("'" + StringRef(row->ptx) + "'").str()});
}
