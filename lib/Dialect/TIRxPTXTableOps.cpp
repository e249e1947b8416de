//===- TIRxPTXTableOps.cpp - The table-generated PTX ops ---------*- C++ -*-===//
//
// Verifier and requirements of every TIRx_PTXTableOp, read from the rows
// scripts/gen-ptx-table.py writes (TIRxPTXTableOps.inc, PTXTable.h).
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/PTXTable.h"
#include "TIRx/Dialect/TIRxTypes.h"

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

void ptx_table::appendScope(std::string &key, StringRef name,
                            ValueRange values) {
  key += name;
  key += "@";
  auto ptr = values.empty() ? PtrType() : dyn_cast<PtrType>(values.front().getType());
  key += ptr ? stringifyMemorySpace(ptr.getMemorySpace()).str() : "-";
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

SmallVector<ptx_table::KeyPart> ptx_table::parseKey(StringRef key) {
  SmallVector<KeyPart> out;
  SmallVector<StringRef> parts;
  key.split(parts, ';', -1, /*KeepEmpty=*/false);
  for (StringRef p : parts) {
    char sep = p.contains('=') ? '=' : p.contains('@') ? '@' : ':';
    auto [name, value] = p.split(sep);
    out.push_back({name, sep, value});
  }
  return out;
}

/// `sign = s, a : i16` from a key `sign=s;a:i16;`.
static std::string readableKey(StringRef key) {
  std::string out;
  for (const ptx_table::KeyPart &part : ptx_table::parseKey(key)) {
    StringRef name = part.name, value = part.value;
    char sep = part.sep;
    bool isType = sep != '=';
    // An absent operand: its `name=-` part already says so.
    if (isType && value == "-")
      continue;
    if (!out.empty())
      out += ", ";
    if (sep == '@') {
      out += (name + " in " + value).str();
      continue;
    }
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
  // Up to eight rows: all of them; more: the eight nearest, those whose
  // keys differ from the op's in the fewest parts (table order on ties).
  constexpr size_t kShown = 8;
  SmallVector<const Row *> rows;
  for (const Row &r : t->rows)
    rows.push_back(&r);
  bool nearest = rows.size() > kShown;
  if (nearest) {
    auto partsOf = [](StringRef k) {
      SmallVector<StringRef> parts;
      k.split(parts, ';', -1, /*KeepEmpty=*/false);
      return parts;
    };
    SmallVector<StringRef> mine = partsOf(key);
    auto distance = [&](const Row *r) {
      SmallVector<StringRef> theirs = partsOf(r->key);
      size_t same = llvm::count_if(
          theirs, [&](StringRef p) { return llvm::is_contained(mine, p); });
      return theirs.size() + mine.size() - 2 * same;
    };
    llvm::stable_sort(rows, [&](const Row *a, const Row *b) {
      return distance(a) < distance(b);
    });
    rows.resize(kShown);
  }
  InFlightDiagnostic diag = op->emitOpError("has no PTX variant with ")
                            << readableKey(key)
                            << (nearest ? "; its nearest variants:"
                                        : "; its variants:");
  for (auto [i, r] : llvm::enumerate(rows))
    diag << (i ? "," : "") << " `" << r->ptx << "` (" << readableKey(r->key)
         << ")";
  if (nearest)
    diag << " (" << t->rows.size() << " in all)";
  return diag;
}

void ptx_table::collectRequirements(Operation *op, PTXNeeds &needs) {
  const Row *row = lookupRow(op);
  if (!row)
    return;
  for (const PTXRequirement &req : row->reqs)
    needs.push_back({req, ("'" + StringRef(row->ptx) + "'").str()});
}
