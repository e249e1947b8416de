//===- Ownership.cpp - Who frees which IR, and when -------------*- C++ -*-===//
//
// The context's side of the ownership rules in IRCore.h: detached roots that
// lose their last Python handle are freed, or parked while values or blocks
// defined in them are used elsewhere; freeing is iterative; operation
// wrappers are unique and chained to their parents.
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace tirx_py __attribute__((visibility("hidden"))) {

//===----------------------------------------------------------------------===//
// Iterative traversals
//===----------------------------------------------------------------------===//

void forEachNested(Operation *op, llvm::function_ref<void(Operation *)> fn) {
  llvm::SmallVector<Operation *, 32> stack{op};
  while (!stack.empty()) {
    Operation *o = stack.pop_back_val();
    fn(o);
    for (Region &r : llvm::reverse(o->getRegions()))
      for (Block &b : llvm::reverse(r))
        for (Operation &n : llvm::reverse(b))
          stack.push_back(&n);
  }
}

unsigned regionDepth(Operation *op) {
  unsigned deepest = 0;
  llvm::SmallVector<std::pair<Operation *, unsigned>, 32> stack{{op, 0}};
  while (!stack.empty()) {
    auto [o, d] = stack.pop_back_val();
    deepest = std::max(deepest, d);
    for (Region &r : o->getRegions())
      for (Block &b : r)
        for (Operation &n : b)
          stack.push_back({&n, d + 1});
  }
  return deepest;
}

Operation *rootOf(Operation *op) {
  while (Operation *p = op->getParentOp())
    op = p;
  return op;
}

bool ownsBlock(Operation *op, Block *block) {
  for (Region &r : op->getRegions())
    for (Block &b : r)
      if (&b == block)
        return true;
  return false;
}

//===----------------------------------------------------------------------===//
// Uses from outside a root
//===----------------------------------------------------------------------===//

namespace {
/// One use of something defined inside a root by an operation outside it.
struct OutsideUse {
  enum Kind { Result, Argument, Successor } kind;
  Operation *definer; // the op of the result, or the op owning the block
  unsigned index;     // result / argument number
  Operation *user;
};
} // namespace

/// Calls `fn` on each use of a value or block defined in `root` by an
/// operation outside `root`, until `fn` returns false.
static void forEachOutsideUse(Operation *root,
                              llvm::function_ref<bool(const OutsideUse &)> fn) {
  // Fast path: no regions, so only the results can be used, and only the op
  // itself is inside.
  if (root->getNumRegions() == 0) {
    for (OpResult r : root->getResults())
      for (OpOperand &use : r.getUses())
        if (use.getOwner() != root &&
            !fn({OutsideUse::Result, root, r.getResultNumber(),
                 use.getOwner()}))
          return;
    return;
  }
  llvm::SmallVector<Operation *, 64> ops;
  forEachNested(root, [&](Operation *o) { ops.push_back(o); });
  llvm::DenseSet<Operation *> inside(ops.begin(), ops.end());
  for (Operation *o : ops) {
    for (OpResult r : o->getResults())
      for (OpOperand &use : r.getUses())
        if (!inside.contains(use.getOwner()) &&
            !fn({OutsideUse::Result, o, r.getResultNumber(), use.getOwner()}))
          return;
    for (Region &region : o->getRegions())
      for (Block &b : region) {
        for (BlockArgument a : b.getArguments())
          for (OpOperand &use : a.getUses())
            if (!inside.contains(use.getOwner()) &&
                !fn({OutsideUse::Argument, o, a.getArgNumber(),
                     use.getOwner()}))
              return;
        for (BlockOperand &use : b.getUses())
          if (!inside.contains(use.getOwner()) &&
              !fn({OutsideUse::Successor, o, 0, use.getOwner()}))
            return;
      }
  }
}

bool hasOutsideUses(Operation *root) {
  bool found = false;
  forEachOutsideUse(root, [&](const OutsideUse &) {
    found = true;
    return false;
  });
  return found;
}

static std::string describeOp(Operation *op) {
  return "'" + op->getName().getStringRef().str() + "' at " +
         formatLocation(LocationAttr(op->getLoc()));
}

std::string describeOutsideUse(Operation *root) {
  std::string text;
  forEachOutsideUse(root, [&](const OutsideUse &u) {
    llvm::raw_string_ostream os(text);
    switch (u.kind) {
    case OutsideUse::Result:
      os << "result #" << u.index << " of " << describeOp(u.definer);
      break;
    case OutsideUse::Argument:
      os << "argument #" << u.index << " of a block in "
         << describeOp(u.definer);
      break;
    case OutsideUse::Successor:
      os << "a block in " << describeOp(u.definer);
      break;
    }
    os << " is used by " << describeOp(u.user);
    return false;
  });
  return text;
}

//===----------------------------------------------------------------------===//
// Freeing
//===----------------------------------------------------------------------===//

/// Drops every operand and successor reference held by the ops of `ops`.
static void dropReferences(llvm::ArrayRef<Operation *> ops) {
  for (Operation *o : ops) {
    for (OpOperand &operand : o->getOpOperands())
      operand.drop();
    for (BlockOperand &successor : o->getBlockOperands())
      successor.drop();
  }
}

void freeRoot(TContext &ctx, Operation *root) {
  llvm::SmallVector<Operation *, 64> ops;
  forEachNested(root, [&](Operation *o) { ops.push_back(o); });
  if (!ctx.liveOperations.empty())
    for (Operation *o : ops) {
      auto it = ctx.liveOperations.find(o);
      if (it != ctx.liveOperations.end()) {
        it->second->valid = false;
        ctx.liveOperations.erase(it);
      }
    }
  dropReferences(ops);
  // Children before parents (reverse pre-order), so each erase frees one
  // operation whose regions hold no operations any more: no recursion.
  for (Operation *o : llvm::reverse(ops))
    o->erase();
}

//===----------------------------------------------------------------------===//
// TContext: roots
//===----------------------------------------------------------------------===//

void TContext::releaseRoot(Operation *root) noexcept {
  if (!ctx)
    return;
  if (pins) {
    deferred.push_back(root);
    return;
  }
  if (hasOutsideUses(root)) {
    parked.insert(root);
    // It may close a cycle of parked roots that only use each other -- but
    // only if every user of it is parked too (a live user keeps it, and
    // any garbage set would have to contain it).
    bool onlyParkedUsers = true;
    forEachOutsideUse(root, [&](const OutsideUse &u) {
      onlyParkedUsers = parked.contains(rootOf(u.user));
      return onlyParkedUsers;
    });
    if (onlyParkedUsers)
      sweepParked();
    return;
  }
  freeRoot(*this, root);
  // The root's own uses of other roots' values are gone.
  if (!parked.empty())
    sweepParked();
}

bool TContext::takeParked(Operation *root) {
  if (parked.remove(root))
    return true;
  auto it = llvm::find(deferred, root);
  if (it != deferred.end()) {
    deferred.erase(it);
    return true;
  }
  return false;
}

void TContext::abandon(Operation *root) {
  parked.remove(root);
  llvm::erase(deferred, root);
  abandoned.insert(root);
}

void TContext::checkNotAbandoned(Operation *op) const {
  if (!abandoned.empty() && abandoned.contains(rootOf(op)))
    throw std::runtime_error(
        "the operation belongs to IR abandoned after a crash was recovered "
        "in a pass; it can no longer be used");
}

void TContext::processDeferred() noexcept {
  if (!ctx)
    return;
  while (!deferred.empty()) {
    std::vector<Operation *> roots;
    roots.swap(deferred);
    for (Operation *r : roots)
      releaseRoot(r);
  }
  if (sweepNeeded && !parked.empty())
    sweepParked();
  sweepNeeded = false;
}

void TContext::sweepParked() noexcept {
  sweepNeeded = false;
  if (parked.empty())
    return;
  // The parked roots that only parked roots still use: the largest set G of
  // parked roots whose outside users all lie in roots of G. Those are
  // garbage (nothing else can reach them), cycles among them included.
  llvm::DenseMap<Operation *, llvm::SmallVector<Operation *, 4>> userRoots;
  for (Operation *p : parked) {
    auto &users = userRoots[p];
    forEachOutsideUse(p, [&](const OutsideUse &u) {
      Operation *r = rootOf(u.user);
      if (!llvm::is_contained(users, r))
        users.push_back(r);
      return true;
    });
  }
  llvm::DenseSet<Operation *> garbage(parked.begin(), parked.end());
  for (bool changed = true; changed;) {
    changed = false;
    for (Operation *p : parked) {
      if (!garbage.contains(p))
        continue;
      for (Operation *r : userRoots[p])
        if (!garbage.contains(r)) {
          garbage.erase(p);
          changed = true;
          break;
        }
    }
  }
  if (garbage.empty())
    return;
  llvm::SmallVector<Operation *, 8> dead;
  for (Operation *p : parked)
    if (garbage.contains(p))
      dead.push_back(p);
  // Drop the references between them first: they may use each other.
  for (Operation *p : dead) {
    llvm::SmallVector<Operation *, 64> ops;
    forEachNested(p, [&](Operation *o) { ops.push_back(o); });
    dropReferences(ops);
  }
  for (Operation *p : dead) {
    parked.remove(p);
    freeRoot(*this, p);
  }
}

void TContext::freeAll() noexcept {
  llvm::SetVector<Operation *> roots;
  for (auto &entry : liveOperations)
    if (entry.second->owned && entry.second->valid)
      roots.insert(entry.second->op);
  roots.insert(parked.begin(), parked.end());
  roots.insert(deferred.begin(), deferred.end());
  for (auto &entry : liveOperations)
    entry.second->valid = false;
  liveOperations.clear();
  parked.clear();
  deferred.clear();
  // Roots may use each other's values: drop every reference, then free.
  for (Operation *r : roots) {
    llvm::SmallVector<Operation *, 64> ops;
    forEachNested(r, [&](Operation *o) { ops.push_back(o); });
    dropReferences(ops);
  }
  for (Operation *r : roots)
    freeRoot(*this, r);
}

std::vector<size_t> TContext::ownershipCounts() const {
  size_t owned = 0;
  for (auto &entry : liveOperations)
    if (entry.second->owned && entry.second->valid)
      ++owned;
  return {liveOperations.size(), owned, parked.size(), deferred.size(),
          abandoned.size()};
}

//===----------------------------------------------------------------------===//
// PyOperation
//===----------------------------------------------------------------------===//

namespace {
/// Releases Python references one at a time: a chain of 10^5 parent
/// wrappers is freed iteratively, not by 10^5 nested deallocations.
struct DeferredDecref {
  std::vector<PyObject *> pending;
  bool draining = false;
};
DeferredDecref &deferredDecrefs() {
  static thread_local DeferredDecref d;
  return d;
}
void releaseIteratively(nb::object &obj) {
  PyObject *p = obj.release().ptr();
  if (!p)
    return;
  DeferredDecref &d = deferredDecrefs();
  d.pending.push_back(p);
  if (d.draining)
    return;
  d.draining = true;
  while (!d.pending.empty()) {
    PyObject *next = d.pending.back();
    d.pending.pop_back();
    Py_DECREF(next);
  }
  d.draining = false;
}
} // namespace

PyOperation::PyOperation(CtxRef c, Operation *o, bool owned)
    : ctx(std::move(c)), op(o), owned(owned) {
  ctx.ptr->liveOperations[op] = this;
}

PyOperation::~PyOperation() {
  TContext &c = *ctx.ptr;
  if (c.alive()) {
    auto &map = c.liveOperations;
    auto it = map.find(op);
    if (it != map.end() && it->second == this)
      map.erase(it);
    if (owned && valid)
      c.releaseRoot(op);
  }
  releaseIteratively(parentKeepAlive);
}

Operation *PyOperation::get() const {
  ctx.get();
  if (!valid)
    throw std::runtime_error(
        "the operation has been erased or invalidated (e.g. by a pass run "
        "on an enclosing operation)");
  return op;
}

nb::object PyOperation::forOperation(const CtxRef &ctx, Operation *op) {
  TContext &c = *ctx.ptr;
  auto &map = c.liveOperations;
  if (auto it = map.find(op); it != map.end())
    return nb::find(it->second);
  c.checkNotAbandoned(op);
  // Ancestors without a wrapper, innermost first; then wrap outermost first
  // so each new wrapper can hold its parent's.
  llvm::SmallVector<Operation *, 8> chain{op};
  nb::object parentObj;
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    if (auto it = map.find(p); it != map.end()) {
      parentObj = nb::find(it->second);
      break;
    }
    chain.push_back(p);
  }
  nb::object obj;
  for (Operation *o : llvm::reverse(chain)) {
    // A detached root with no wrapper is one the context parked (or a root
    // whose release was deferred): the new wrapper owns it again.
    bool owned = !parentObj.is_valid() && !o->getBlock() && c.takeParked(o);
    auto *py = new PyOperation(ctx, o, owned);
    obj = nb::cast(py, nb::rv_policy::take_ownership);
    py->parentKeepAlive = std::move(parentObj);
    parentObj = obj;
  }
  return obj;
}

nb::object PyOperation::createOwned(const CtxRef &ctx, Operation *op) {
  auto *py = new PyOperation(ctx, op, /*owned=*/true);
  return nb::cast(py, nb::rv_policy::take_ownership);
}

void PyOperation::invalidateNested(TContext &ctx, Operation *op,
                                   bool includeSelf) {
  auto &map = ctx.liveOperations;
  if (map.empty())
    return;
  forEachNested(op, [&](Operation *nested) {
    if (!includeSelf && nested == op)
      return;
    auto it = map.find(nested);
    if (it != map.end()) {
      it->second->valid = false;
      map.erase(it);
    }
  });
}

void PyOperation::setAttached() {
  owned = false;
  Operation *parent = op->getParentOp();
  parentKeepAlive = parent ? forOperation(ctx, parent) : nb::object();
}

void PyOperation::setDetached() {
  owned = true;
  nb::object old = std::move(parentKeepAlive);
  releaseIteratively(old);
}

PyOperation &toOperation(nb::handle h, const char *arg) {
  if (nb::isinstance<PyOperation>(h))
    return nb::cast<PyOperation &>(h);
  if (nb::isinstance<PyModule>(h))
    return nb::cast<PyModule &>(h).op();
  throw nb::type_error((std::string(arg) +
                        " must be a tirx.ir.Operation or tirx.ir.Module, not " +
                        typeName(h))
                           .c_str());
}

//===----------------------------------------------------------------------===//
// Blocks and values
//===----------------------------------------------------------------------===//

PyBlock::PyBlock(nb::object owner, Block *b)
    : opObj(std::move(owner)), block(b),
      epoch(nb::cast<PyOperation &>(opObj).bodyEpoch) {}

Block *PyBlock::get() const {
  PyOperation &o = owner();
  Operation *op = o.get();
  if (epoch != o.bodyEpoch) {
    if (!ownsBlock(op, block))
      throw std::runtime_error(
          "the block has been erased (by a pass run on its operation)");
    epoch = o.bodyEpoch;
  }
  return block;
}

PyBlock PyBlock::forBlock(const CtxRef &ctx, Block *b) {
  return PyBlock(PyOperation::forOperation(ctx, b->getParentOp()), b);
}

Value PyValue::get() const {
  PyOperation &o = owner();
  Operation *op = o.get();
  if (argBlock && epoch != o.bodyEpoch) {
    // Compare pointers only: the argument may have been freed.
    if (!ownsBlock(op, argBlock) ||
        !llvm::is_contained(argBlock->getArguments(), value))
      throw std::runtime_error("the block argument has been erased (by a "
                               "pass run on its operation)");
    epoch = o.bodyEpoch;
  }
  return value;
}

PyValue PyValue::forValue(const CtxRef &ctx, Value v) {
  PyValue pv;
  Operation *owner = v.getDefiningOp();
  if (!owner) {
    pv.argBlock = cast<BlockArgument>(v).getOwner();
    owner = pv.argBlock->getParentOp();
  }
  pv.ownerObj = PyOperation::forOperation(ctx, owner);
  pv.value = v;
  pv.epoch = pv.owner().bodyEpoch;
  return pv;
}

nb::object wrapValue(const CtxRef &ctx, Value v) {
  PyValue pv = PyValue::forValue(ctx, v);
  if (isa<OpResult>(v))
    return nb::cast(PyOpResult{pv});
  return nb::cast(PyBlockArgument{pv});
}

//===----------------------------------------------------------------------===//
// Insertion
//===----------------------------------------------------------------------===//

std::pair<Block *, Operation *> PyInsertionPoint::resolve() const {
  Block *b = block.get();
  if (!refOp.is_valid() || refOp.is_none())
    return {b, nullptr};
  Operation *ref = nb::cast<PyOperation &>(refOp).get();
  if (ref->getBlock() != b)
    throw nb::value_error("the insertion point's operation left its block");
  return {b, ref};
}

void PyInsertionPoint::insert(PyOperation &pyOp) {
  Operation *op = pyOp.get();
  checkSameContext(pyOp.ctx, block.owner().ctx, "the operation");
  auto [b, ref] = resolve();
  if (op->getBlock())
    throw nb::value_error(
        "the operation is already in a block; detach_from_parent() first");
  // Inserting a root into a block inside it would make a cycle. An op with
  // empty regions cannot contain the block: skip the walk up in that case.
  bool hasBody = llvm::any_of(op->getRegions(),
                              [](Region &r) { return !r.empty(); });
  if (hasBody) {
    Operation *parent = b->getParentOp();
    if (parent && (parent == op || op->isAncestor(parent)))
      throw nb::value_error("cannot insert an operation into itself");
  }
  if (ref)
    b->getOperations().insert(Block::iterator(ref), op);
  else
    b->push_back(op);
  pyOp.setAttached();
}

} // namespace tirx_py
