//===- IRCore.cpp - Type, Attribute, Value, Operation, Block, ... -*- C++ -*-===//
//
// Python classes with the names and signatures of upstream MLIR's Python
// bindings (mlir.ir), implemented over the C++ API. See IRCore.h for the
// ownership, re-entrancy and depth rules every binding here follows: convert
// the Python arguments first, then validate handles, then touch the IR.
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

using namespace mlir;

namespace tirx_py __attribute__((visibility("hidden"))) {

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

namespace {
struct PrintOptions {
  std::optional<int64_t> largeElementsLimit;
  bool enableDebugInfo = false;
  bool prettyDebugInfo = false;
  bool printGenericOpForm = false;
  bool useLocalScope = false;
  bool skipRegions = false;

  OpPrintingFlags flags() const {
    OpPrintingFlags f;
    if (largeElementsLimit)
      f.elideLargeElementsAttrs(*largeElementsLimit);
    if (enableDebugInfo)
      f.enableDebugInfo(true, prettyDebugInfo);
    if (printGenericOpForm)
      f.printGenericOpForm();
    if (useLocalScope)
      f.useLocalScope();
    if (skipRegions)
      f.skipRegions();
    // Never assumeVerified: the printer verifies first and prints IR that
    // does not verify in the generic form (custom printers may crash on it).
    return f;
  }
};
} // namespace

/// The printed operation. Printing numbers values over the enclosing scope:
/// the whole root unless use_local_scope.
static std::string printOp(PyOperation &o, const PrintOptions &p) {
  Operation *op = o.get();
  TContext &c = *o.ctx;
  Pin pin(c);
  unsigned depth = nestedWorkDepth(c, p.useLocalScope ? op : rootOf(op),
                                   "printing");
  std::string s;
  runNested(
      depth,
      [&] {
        llvm::raw_string_ostream os(s);
        op->print(os, p.flags());
      },
      c.get());
  return s;
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static void ensureDialectLoaded(MLIRContext *ctx, StringRef opName) {
  size_t dot = opName.find('.');
  if (dot != StringRef::npos)
    ctx->getOrLoadDialect(opName.take_front(dot));
}

static size_t normalizeIndex(int64_t i, size_t n) {
  if (i < 0)
    i += (int64_t)n;
  if (i < 0 || (size_t)i >= n)
    throw nb::index_error("index out of range");
  return (size_t)i;
}

static std::string indexed(const char *arg, size_t i) {
  return std::string(arg) + "[" + std::to_string(i) + "]";
}

[[noreturn]] static void raiseKeyError(const std::string &key) {
  nb::str k(key.data(), key.size());
  PyErr_SetObject(PyExc_KeyError, k.ptr());
  throw nb::python_error();
}

/// Where Operation.create / clone insert: `ip` is an InsertionPoint, None
/// (the current one, if any) or False (nowhere).
static nb::object insertionPointArg(nb::handle ip, bool defaultToCurrent) {
  if (ip.is_valid() && !ip.is_none()) {
    if (nb::isinstance<nb::bool_>(ip)) {
      if (nb::cast<bool>(ip))
        throw nb::value_error("ip must be an InsertionPoint, None or False");
      return nb::none();
    }
    argAs<PyInsertionPoint>(ip, "ip", "an InsertionPoint, None or False");
    return nb::borrow(ip);
  }
  return defaultToCurrent ? currentInsertionPointObject() : nb::none();
}

/// A new block with arguments in `r` (at its start or end). Converts the
/// Python arguments before touching the IR.
static PyBlock createBlock(const PyRegion &r, nb::handle argTypes,
                           nb::handle argLocs, bool atStart) {
  std::vector<nb::object> typeObjs = listArg(argTypes, "arg_types");
  bool haveLocs = argLocs.is_valid() && !argLocs.is_none();
  std::vector<nb::object> locObjs =
      haveLocs ? listArg(argLocs, "arg_locs") : std::vector<nb::object>();
  std::vector<PyType> types;
  for (size_t i = 0; i < typeObjs.size(); ++i)
    types.push_back(argAs<PyType>(typeObjs[i],
                                  indexed("arg_types", i).c_str(),
                                  "a tirx.ir.Type"));
  std::vector<PyLocation> locs;
  for (size_t i = 0; i < locObjs.size(); ++i)
    locs.push_back(argAs<PyLocation>(locObjs[i],
                                     indexed("arg_locs", i).c_str(),
                                     "a tirx.ir.Location"));
  if (haveLocs && locs.size() != types.size())
    throw nb::value_error("arg_locs must have one location per argument type");
  std::optional<PyLocation> defaultLoc;
  if (!haveLocs && hasCurrentLocation())
    defaultLoc = resolveLocation(nb::none());

  PyOperation &owner = nb::cast<PyOperation &>(r.opObj);
  TContext &c = *owner.ctx;
  MutationPin pin(c, "add a block");
  Region *region = r.get();
  std::vector<Location> argLocations;
  for (size_t i = 0; i < types.size(); ++i) {
    checkSameContext(owner.ctx, types[i].ctx, "a block argument type");
    types[i].get();
    if (haveLocs) {
      checkSameContext(owner.ctx, locs[i].ctx, "a block argument location");
      argLocations.push_back(locs[i].get());
    }
  }
  if (!haveLocs) {
    Location def = UnknownLoc::get(c.get());
    if (defaultLoc && defaultLoc->ctx == owner.ctx)
      def = defaultLoc->get();
    argLocations.assign(types.size(), def);
  }
  auto *b = new Block();
  for (size_t i = 0; i < types.size(); ++i)
    b->addArgument(types[i].type, argLocations[i]);
  if (atStart)
    region->push_front(b);
  else
    region->push_back(b);
  return PyBlock(r.opObj, b);
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

namespace {
struct PyOpOperandList {
  nb::object opObj;
  PyOperation &op() const { return nb::cast<PyOperation &>(opObj); }
};
struct PyOpAttributeMap {
  nb::object opObj;
  PyOperation &op() const { return nb::cast<PyOperation &>(opObj); }
};
struct PyNamedAttribute {
  std::string name;
  nb::object attr;
};
struct PyBlockList {
  PyRegion region;
};
enum class PyWalkOrder { PreOrder, PostOrder };
enum class PyWalkResult { Advance, Interrupt, Skip };
} // namespace

static std::vector<nb::object> blockSnapshot(const PyRegion &r) {
  TContext &c = *nb::cast<PyOperation &>(r.opObj).ctx;
  Pin pin(c);
  std::vector<Block *> blocks;
  for (Block &b : *r.get())
    blocks.push_back(&b);
  std::vector<nb::object> out;
  for (Block *b : blocks)
    out.push_back(nb::cast(PyBlock(r.opObj, b)));
  return out;
}

/// Sets attribute `name` of `op` to `value`, refusing a value an inherent
/// attribute (a property) cannot hold instead of dropping it silently.
static void setAttribute(Operation *op, const std::string &name,
                         Attribute value) {
  StringAttr key = StringAttr::get(op->getContext(), name);
  std::optional<Attribute> old = op->getInherentAttr(name);
  if (!old) {
    op->setAttr(key, value);
    return;
  }
  op->setInherentAttr(key, value);
  if (op->getInherentAttr(name) == value)
    return;
  op->setInherentAttr(key, *old);
  std::string shown;
  llvm::raw_string_ostream os(shown);
  value.print(os, /*elideType=*/false);
  throw nb::type_error(("attribute " + quoted(name) + " of '" +
                        op->getName().getStringRef().str() +
                        "' cannot hold " + shown +
                        ": the operation needs another kind of attribute")
                           .c_str());
}

//===----------------------------------------------------------------------===//
// The walk
//===----------------------------------------------------------------------===//

/// Calls `cb` on `root` and every operation nested in it, iteratively. The
/// context stays pinned meanwhile, so the callback cannot change the IR
/// structure (such calls raise) and the traversal's pointers stay valid.
/// The wrappers of the operations on the current path are kept, so each new
/// wrapper finds its parent's at once (linear in the size of the IR, at any
/// depth).
static void walkOperations(PyOperation &o, nb::callable cb, PyWalkOrder order) {
  Operation *root = o.get();
  CtxRef ctx = o.ctx;
  Pin pin(*ctx);
  std::vector<nb::object> path;
  auto enter = [&](Operation *op, unsigned depth) -> nb::object & {
    path.resize(depth);
    path.push_back(PyOperation::forOperation(ctx, op));
    return path.back();
  };
  auto visit = [&](nb::object &wrapper) -> PyWalkResult {
    nb::object r = cb(wrapper);
    // Anything but a WalkResult (None, a value) means ADVANCE.
    if (!nb::isinstance<PyWalkResult>(r))
      return PyWalkResult::Advance;
    return nb::cast<PyWalkResult>(r);
  };
  struct Item {
    Operation *op;
    unsigned depth;
    bool childrenDone;
  };
  llvm::SmallVector<Item, 32> stack{{root, 0, false}};
  auto pushChildren = [&](Operation *op, unsigned depth) {
    for (Region &r : llvm::reverse(op->getRegions()))
      for (Block &b : llvm::reverse(r))
        for (Operation &n : llvm::reverse(b))
          stack.push_back({&n, depth + 1, false});
  };
  bool preOrder = order == PyWalkOrder::PreOrder;
  while (!stack.empty()) {
    Item item = stack.pop_back_val();
    if (item.childrenDone) { // post-order: the children are done
      if (visit(path[item.depth]) == PyWalkResult::Interrupt)
        return;
      path.resize(item.depth);
      continue;
    }
    nb::object &wrapper = enter(item.op, item.depth);
    if (preOrder) {
      PyWalkResult r = visit(wrapper);
      if (r == PyWalkResult::Interrupt)
        return;
      if (r != PyWalkResult::Skip)
        pushChildren(item.op, item.depth);
      continue;
    }
    stack.push_back({item.op, item.depth, true});
    pushChildren(item.op, item.depth);
  }
}

//===----------------------------------------------------------------------===//
// Operation.create
//===----------------------------------------------------------------------===//

static nb::object createOperation(nb::handle nameObj, nb::handle results,
                                  nb::handle operands, nb::handle attributes,
                                  nb::handle successors, int regions,
                                  nb::handle loc, nb::handle ip) {
  // 1. Every Python argument, converted first (this runs Python code:
  //    iterators, generators).
  std::string name = strArg(nameObj, "name");
  checkNoNul(name, "name");
  if (regions < 0)
    throw nb::value_error("regions must be >= 0");
  std::vector<nb::object> resultObjs = listArg(results, "results");
  std::vector<nb::object> operandObjs = listArg(operands, "operands");
  std::vector<nb::object> successorObjs = listArg(successors, "successors");
  std::vector<std::pair<std::string, nb::object>> attrObjs;
  if (attributes.is_valid() && !attributes.is_none()) {
    if (!nb::isinstance<nb::dict>(attributes))
      throw nb::type_error(
          ("attributes must be a dict, not " + typeName(attributes)).c_str());
    for (auto [k, v] : nb::borrow<nb::dict>(attributes)) {
      if (!nb::isinstance<nb::str>(k))
        throw nb::type_error(
            ("attributes keys must be str, not " + typeName(k)).c_str());
      attrObjs.emplace_back(strArg(k, "an attributes key"), nb::borrow(v));
    }
  }
  nb::object ipObj = insertionPointArg(ip, /*defaultToCurrent=*/true);
  PyLocation pl = resolveLocation(loc);

  // 2. Their types (no Python code runs from here on).
  std::vector<PyType *> types;
  for (size_t i = 0; i < resultObjs.size(); ++i)
    types.push_back(&argAs<PyType>(resultObjs[i],
                                   indexed("results", i).c_str(),
                                   "a tirx.ir.Type"));
  std::vector<PyValue *> values;
  for (size_t i = 0; i < operandObjs.size(); ++i)
    values.push_back(&argAs<PyValue>(operandObjs[i],
                                     indexed("operands", i).c_str(),
                                     "a tirx.ir.Value"));
  std::vector<PyAttribute *> attrs;
  for (auto &[k, v] : attrObjs)
    attrs.push_back(&argAs<PyAttribute>(
        v, ("attributes[" + quoted(k) + "]").c_str(), "a tirx.ir.Attribute"));
  std::vector<PyBlock *> blocks;
  for (size_t i = 0; i < successorObjs.size(); ++i)
    blocks.push_back(&argAs<PyBlock>(successorObjs[i],
                                     indexed("successors", i).c_str(),
                                     "a tirx.ir.Block"));

  // 3. Validate every handle, then build.
  CtxRef c = pl.ctx;
  MLIRContext *ctx = c.get();
  bool inserting = !ipObj.is_none();
  if (inserting)
    c.ptr->checkMutable("insert an operation");
  Pin pin(*c);
  ensureDialectLoaded(ctx, name);
  OperationState state(pl.get(), name);
  if (!state.name.isRegistered() && !ctx->allowsUnregisteredDialects())
    throw nb::value_error(
        ("unregistered operation " + quoted(name) +
         " (its dialect is unknown or it has no such op; set "
         "Context.allow_unregistered_dialects to build it anyway)")
            .c_str());
  for (PyType *t : types) {
    checkSameContext(c, t->ctx, "a result type");
    state.addTypes(t->get());
  }
  for (PyValue *v : values) {
    checkSameContext(c, v->ctx(), "an operand");
    state.addOperands(v->get());
  }
  for (size_t i = 0; i < attrs.size(); ++i) {
    checkSameContext(c, attrs[i]->ctx, "an attribute");
    state.addAttribute(attrObjs[i].first, attrs[i]->get());
  }
  for (PyBlock *b : blocks) {
    checkSameContext(c, b->owner().ctx, "a successor");
    state.addSuccessors(b->get());
  }
  for (int i = 0; i < regions; ++i)
    state.addRegion();
  Block *block = nullptr;
  Operation *before = nullptr;
  if (inserting) {
    auto &ipRef = nb::cast<PyInsertionPoint &>(ipObj);
    checkSameContext(c, ipRef.block.owner().ctx, "the insertion point");
    std::tie(block, before) = ipRef.resolve();
  }
  Operation *op = Operation::create(state);
  // An inherent attribute of the wrong kind is dropped by MLIR: refuse it.
  for (size_t i = 0; i < attrs.size(); ++i) {
    const std::string &key = attrObjs[i].first;
    if (op->getAttr(key) == attrs[i]->attr)
      continue;
    std::string shown;
    llvm::raw_string_ostream os(shown);
    attrs[i]->attr.print(os);
    op->destroy();
    throw nb::type_error(("attribute " + quoted(key) + " of " + quoted(name) +
                          " cannot hold " + shown +
                          ": the operation needs another kind of attribute")
                             .c_str());
  }

  // 4. The wrapper; the insertion point is still valid (pinned).
  nb::object obj = PyOperation::createOwned(c, op);
  if (inserting) {
    if (before)
      block->getOperations().insert(Block::iterator(before), op);
    else
      block->push_back(op);
    nb::cast<PyOperation &>(obj).setAttached();
  }
  return obj;
}

//===----------------------------------------------------------------------===//
// Bindings
//===----------------------------------------------------------------------===//

void bindIRCore(nb::module_ &m) {
  //--- Type / Attribute base classes ------------------------------------------
  nb::class_<PyType>(m, "Type")
      .def(nb::init<const PyType &>(), nb::arg("cast_from_type"))
      .def_static(
          "parse",
          [](const std::string &asm_, nb::handle context) {
            CtxRef c = resolveContext(context);
            MLIRContext *ctx = c.get();
            unsigned depth = checkTextNesting(c, asm_, "<string>", "type");
            DiagnosticCapture diags(ctx);
            Type t;
            runNested(depth, [&] { t = mlir::parseType(asm_, ctx); });
            if (!t)
              raiseMLIRError(c, "Unable to parse type: " + quoted(asm_),
                             diags.take());
            return wrapType(c, t);
          },
          nb::arg("asm"), nb::arg("context") = nb::none())
      .def_prop_ro("context",
                   [](const PyType &t) {
                     t.get();
                     return t.ctx.obj;
                   })
      .def("maybe_downcast",
           [](const PyType &t) { return wrapType(t.ctx, t.get()); })
      .def("__eq__",
           [](const PyType &a, nb::handle b) {
             if (!nb::isinstance<PyType>(b))
               return false;
             return a.type == nb::cast<PyType &>(b).type;
           })
      .def("__hash__",
           [](const PyType &t) {
             return (size_t)t.type.getAsOpaquePointer();
           })
      .def("__str__",
           [](const PyType &t) { return printType(*t.ctx, t.get()); })
      .def("__repr__", [](nb::handle self) {
        PyType &t = nb::cast<PyType &>(self);
        return typeName(self) + "(" + printType(*t.ctx, t.get()) + ")";
      });

  nb::class_<PyAttribute>(m, "Attribute")
      .def(nb::init<const PyAttribute &>(), nb::arg("cast_from_attr"))
      .def_static(
          "parse",
          [](const std::string &asm_, nb::handle context) {
            CtxRef c = resolveContext(context);
            MLIRContext *ctx = c.get();
            unsigned depth =
                checkTextNesting(c, asm_, "<string>", "attribute");
            DiagnosticCapture diags(ctx);
            Attribute a;
            runNested(depth, [&] { a = mlir::parseAttribute(asm_, ctx); });
            if (!a)
              raiseMLIRError(c, "Unable to parse attribute: " + quoted(asm_),
                             diags.take());
            return wrapAttribute(c, a);
          },
          nb::arg("asm"), nb::arg("context") = nb::none())
      .def_prop_ro("context",
                   [](const PyAttribute &a) {
                     a.get();
                     return a.ctx.obj;
                   })
      .def_prop_ro("type",
                   [](const PyAttribute &a) -> nb::object {
                     if (auto t = dyn_cast<TypedAttr>(a.get()))
                       return wrapType(a.ctx, t.getType());
                     return nb::none();
                   })
      .def("maybe_downcast",
           [](const PyAttribute &a) { return wrapAttribute(a.ctx, a.get()); })
      .def("__eq__",
           [](const PyAttribute &a, nb::handle b) {
             if (!nb::isinstance<PyAttribute>(b))
               return false;
             return a.attr == nb::cast<PyAttribute &>(b).attr;
           })
      .def("__hash__",
           [](const PyAttribute &a) {
             return (size_t)a.attr.getAsOpaquePointer();
           })
      .def("__str__",
           [](const PyAttribute &a) { return printAttribute(*a.ctx, a.get()); })
      .def("__repr__", [](nb::handle self) {
        PyAttribute &a = nb::cast<PyAttribute &>(self);
        return typeName(self) + "(" + printAttribute(*a.ctx, a.get()) + ")";
      });

  nb::class_<PyNamedAttribute>(m, "NamedAttribute")
      .def_ro("name", &PyNamedAttribute::name)
      .def_ro("attr", &PyNamedAttribute::attr)
      .def("__repr__", [](const PyNamedAttribute &na) {
        return "NamedAttribute(" + na.name + "=" +
               nb::cast<std::string>(nb::str(na.attr)) + ")";
      });

  //--- Value -----------------------------------------------------------------
  auto valueScopeDepth = [](const PyValue &v) {
    Operation *owner = v.owner().get();
    return nestedWorkDepth(*v.ctx().ptr, rootOf(owner), "printing");
  };
  nb::class_<PyValue>(m, "Value")
      .def_prop_ro("type",
                   [](const PyValue &v) {
                     return wrapType(v.ctx(), v.get().getType());
                   })
      .def_prop_ro("context",
                   [](const PyValue &v) {
                     v.get();
                     return v.ctx().obj;
                   })
      .def_prop_ro("location",
                   [](const PyValue &v) {
                     return PyLocation{v.ctx(), v.get().getLoc()};
                   })
      .def_prop_ro("owner",
                   [](const PyValue &v) -> nb::object {
                     Value val = v.get();
                     Pin pin(*v.ctx().ptr);
                     if (Operation *op = val.getDefiningOp())
                       return PyOperation::forOperation(v.ctx(), op);
                     return nb::cast(PyBlock(v.ownerObj, v.argBlock));
                   })
      .def(
          "get_name",
          [valueScopeDepth](const PyValue &v, bool useLocalScope) {
            Value val = v.get();
            Pin pin(*v.ctx().ptr);
            unsigned depth = valueScopeDepth(v);
            std::string s;
            runNested(
                depth,
                [&] {
                  llvm::raw_string_ostream os(s);
                  OpPrintingFlags f;
                  if (useLocalScope)
                    f.useLocalScope();
                  val.printAsOperand(os, f);
                },
                v.ctx().get());
            return s;
          },
          nb::arg("use_local_scope") = false)
      .def("replace_all_uses_with",
           [](const PyValue &v, nb::handle withObj) {
             PyValue &with = argAs<PyValue>(withObj, "with_", "a tirx.ir.Value");
             checkSameContext(v.ctx(), with.ctx(), "the new value");
             TContext &c = *v.ctx().ptr;
             Pin pin(c);
             Value from = v.get(), to = with.get();
             // MLIR loops forever replacing a value by itself.
             if (from == to)
               return;
             from.replaceAllUsesWith(to);
             c.usesMayHaveGone();
           })
      .def_prop_ro("has_uses",
                   [](const PyValue &v) { return !v.get().use_empty(); })
      .def("__eq__",
           [](const PyValue &a, nb::handle b) {
             if (!nb::isinstance<PyValue>(b))
               return false;
             return a.value == nb::cast<PyValue &>(b).value;
           })
      .def("__hash__",
           [](const PyValue &v) {
             return (size_t)v.value.getAsOpaquePointer();
           })
      .def("__str__",
           [valueScopeDepth](const PyValue &v) {
             Value val = v.get();
             Pin pin(*v.ctx().ptr);
             unsigned depth = valueScopeDepth(v);
             std::string s;
             runNested(
                 depth,
                 [&] {
                   llvm::raw_string_ostream os(s);
                   val.print(os);
                 },
                 v.ctx().get());
             return s;
           })
      .def("__repr__", [](nb::handle self) {
        return "Value(" + nb::cast<std::string>(nb::str(self)) + ")";
      });
  nb::class_<PyOpResult, PyValue>(m, "OpResult")
      .def_prop_ro("result_number", [](const PyOpResult &v) {
        return cast<OpResult>(v.get()).getResultNumber();
      });
  nb::class_<PyBlockArgument, PyValue>(m, "BlockArgument")
      .def_prop_ro("arg_number",
                   [](const PyBlockArgument &v) {
                     return cast<BlockArgument>(v.get()).getArgNumber();
                   })
      .def("set_type", [](const PyBlockArgument &v, nb::handle typeObj) {
        PyType &t = argAs<PyType>(typeObj, "type", "a tirx.ir.Type");
        checkSameContext(v.ctx(), t.ctx, "the type");
        v.get().setType(t.get());
      });

  //--- Operation -------------------------------------------------------------
  nb::enum_<PyWalkOrder>(m, "WalkOrder")
      .value("PRE_ORDER", PyWalkOrder::PreOrder)
      .value("POST_ORDER", PyWalkOrder::PostOrder);
  nb::enum_<PyWalkResult>(m, "WalkResult")
      .value("ADVANCE", PyWalkResult::Advance)
      .value("INTERRUPT", PyWalkResult::Interrupt)
      .value("SKIP", PyWalkResult::Skip);

  nb::class_<PyOpOperandList>(m, "OpOperandList")
      .def("__len__",
           [](const PyOpOperandList &l) {
             return l.op().get()->getNumOperands();
           })
      .def("__getitem__",
           [](const PyOpOperandList &l, int64_t i) {
             Operation *op = l.op().get();
             size_t idx = normalizeIndex(i, op->getNumOperands());
             Pin pin(*l.op().ctx);
             return wrapValue(l.op().ctx, op->getOperand(idx));
           })
      .def("__setitem__",
           [](const PyOpOperandList &l, int64_t i, nb::handle v) {
             PyValue &pv = argAs<PyValue>(v, "value", "a tirx.ir.Value");
             Operation *op = l.op().get();
             size_t idx = normalizeIndex(i, op->getNumOperands());
             checkSameContext(l.op().ctx, pv.ctx(), "the value");
             TContext &c = *l.op().ctx;
             Pin pin(c);
             op->setOperand(idx, pv.get());
             c.usesMayHaveGone();
           })
      .def("__iter__", [](const PyOpOperandList &l) {
        Operation *op = l.op().get();
        Pin pin(*l.op().ctx);
        std::vector<Value> values(op->getOperands().begin(),
                                  op->getOperands().end());
        nb::list out;
        for (Value v : values)
          out.append(wrapValue(l.op().ctx, v));
        return out.attr("__iter__")();
      });

  nb::class_<PyOpAttributeMap>(m, "OpAttributeMap")
      .def("__len__",
           [](const PyOpAttributeMap &a) {
             return a.op().get()->getAttrDictionary().size();
           })
      .def("__contains__",
           [](const PyOpAttributeMap &a, const std::string &name) {
             return (bool)a.op().get()->getAttr(name);
           })
      .def("__getitem__",
           [](const PyOpAttributeMap &a, const std::string &name) {
             Attribute attr = a.op().get()->getAttr(name);
             if (!attr)
               raiseKeyError(name);
             return wrapAttribute(a.op().ctx, attr);
           })
      .def("__setitem__",
           [](const PyOpAttributeMap &a, const std::string &name,
              nb::handle value) {
             PyAttribute &attr =
                 argAs<PyAttribute>(value, "value", "a tirx.ir.Attribute");
             checkSameContext(a.op().ctx, attr.ctx, "the attribute");
             setAttribute(a.op().get(), name, attr.get());
           })
      .def("__delitem__",
           [](const PyOpAttributeMap &a, const std::string &name) {
             Operation *op = a.op().get();
             if (!op->getAttr(name))
               raiseKeyError(name);
             op->removeAttr(name);
           })
      .def("__iter__", [](const PyOpAttributeMap &a) {
        Operation *op = a.op().get();
        std::vector<NamedAttribute> attrs(op->getAttrDictionary().begin(),
                                          op->getAttrDictionary().end());
        nb::list out;
        for (NamedAttribute na : attrs)
          out.append(nb::cast(PyNamedAttribute{
              na.getName().str(), wrapAttribute(a.op().ctx, na.getValue())}));
        return out.attr("__iter__")();
      });

  nb::class_<PyOperation>(m, "Operation")
      .def_static(
          "create", &createOperation, nb::arg("name"),
          nb::arg("results") = nb::none(), nb::arg("operands") = nb::none(),
          nb::arg("attributes") = nb::none(),
          nb::arg("successors") = nb::none(), nb::arg("regions") = 0,
          nb::arg("loc") = nb::none(), nb::arg("ip") = nb::none(),
          "Creates an operation by name (any registered op), inserted at `ip` "
          "or the current InsertionPoint unless ip=False.")
      .def_static(
          "parse",
          [](const std::string &source, const std::string &sourceName,
             nb::handle context) {
            CtxRef c = resolveContext(context);
            MLIRContext *ctx = c.get();
            unsigned depth = checkTextNesting(c, source, sourceName,
                                              "operation assembly");
            DiagnosticCapture diags(ctx);
            Operation *op = nullptr;
            bool parsed = false;
            runNested(
                depth,
                [&] {
                  Block block;
                  ParserConfig config(ctx);
                  parsed = succeeded(
                      parseSourceString(source, &block, config, sourceName));
                  if (parsed && llvm::hasSingleElement(block)) {
                    op = &block.front();
                    op->remove();
                  }
                  block.dropAllDefinedValueUses();
                  block.clear();
                },
                ctx);
            if (!parsed)
              raiseMLIRError(c, "Unable to parse operation assembly",
                             diags.take());
            if (!op)
              throw nb::value_error("expected exactly one top-level operation");
            return PyOperation::createOwned(c, op);
          },
          nb::arg("source"), nb::kw_only(), nb::arg("source_name") = "",
          nb::arg("context") = nb::none())
      .def_prop_ro("context",
                   [](const PyOperation &o) {
                     o.checkValid();
                     return o.ctx.obj;
                   })
      .def_prop_ro("operation", [](nb::handle self) { return nb::borrow(self); })
      .def_prop_ro("name",
                   [](const PyOperation &o) {
                     return o.get()->getName().getStringRef().str();
                   })
      .def_prop_ro("location",
                   [](const PyOperation &o) {
                     return PyLocation{o.ctx, o.get()->getLoc()};
                   })
      .def_prop_rw(
          "loc",
          [](const PyOperation &o) {
            return PyLocation{o.ctx, o.get()->getLoc()};
          },
          [](PyOperation &o, nb::handle locObj) {
            PyLocation &l = argAs<PyLocation>(locObj, "loc", "a tirx.ir.Location");
            checkSameContext(o.ctx, l.ctx, "the location");
            o.get()->setLoc(l.get());
          })
      .def_prop_ro("is_valid",
                   [](const PyOperation &o) {
                     return o.valid && o.ctx.ptr->alive();
                   })
      .def_prop_ro("operands",
                   [](nb::handle self) {
                     toOperation(self).checkValid();
                     return PyOpOperandList{nb::borrow(self)};
                   })
      .def_prop_ro("results",
                   [](const PyOperation &o) {
                     Operation *op = o.get();
                     Pin pin(*o.ctx);
                     std::vector<nb::object> out;
                     for (Value v : op->getResults())
                       out.push_back(wrapValue(o.ctx, v));
                     return out;
                   })
      .def_prop_ro("result",
                   [](const PyOperation &o) {
                     Operation *op = o.get();
                     if (op->getNumResults() != 1)
                       throw nb::value_error(
                           ("the operation has " +
                            std::to_string(op->getNumResults()) +
                            " results, not 1")
                               .c_str());
                     return wrapValue(o.ctx, op->getResult(0));
                   })
      .def_prop_ro("attributes",
                   [](nb::handle self) {
                     toOperation(self).checkValid();
                     return PyOpAttributeMap{nb::borrow(self)};
                   })
      .def_prop_ro("regions",
                   [](nb::handle self) {
                     PyOperation &o = toOperation(self);
                     std::vector<PyRegion> out;
                     for (Region &r : o.get()->getRegions())
                       out.push_back(PyRegion{nb::borrow(self), &r});
                     return out;
                   })
      .def_prop_ro("successors",
                   [](const PyOperation &o) {
                     Operation *op = o.get();
                     Pin pin(*o.ctx);
                     std::vector<Block *> succ(op->getSuccessors().begin(),
                                               op->getSuccessors().end());
                     std::vector<PyBlock> out;
                     for (Block *b : succ)
                       out.push_back(PyBlock::forBlock(o.ctx, b));
                     return out;
                   })
      .def_prop_ro("parent",
                   [](const PyOperation &o) -> nb::object {
                     Operation *p = o.get()->getParentOp();
                     if (!p)
                       return nb::none();
                     Pin pin(*o.ctx);
                     return PyOperation::forOperation(o.ctx, p);
                   })
      .def_prop_ro("block",
                   [](const PyOperation &o) -> nb::object {
                     Block *b = o.get()->getBlock();
                     if (!b)
                       return nb::none();
                     Pin pin(*o.ctx);
                     return nb::cast(PyBlock::forBlock(o.ctx, b));
                   })
      .def("verify",
           [](PyOperation &o) {
             Operation *op = o.get();
             TContext &c = *o.ctx;
             Pin pin(c);
             unsigned depth = nestedWorkDepth(c, op, "verify()");
             DiagnosticCapture diags(c.get());
             bool ok = false;
             runNested(
                 depth, [&] { ok = succeeded(mlir::verify(op)); }, c.get());
             if (!ok)
               raiseMLIRError(o.ctx, "Verification failed", diags.take());
             return true;
           })
      .def(
          "get_asm",
          [](PyOperation &o, std::optional<int64_t> large, bool debugInfo,
             bool pretty, bool generic, bool localScope, bool assumeVerified,
             bool skipRegions) {
            (void)assumeVerified; // accepted; printing always verifies
            PrintOptions p{large,   debugInfo,  pretty,
                           generic, localScope, skipRegions};
            return printOp(o, p);
          },
          nb::arg("large_elements_limit").none() = nb::none(),
          nb::arg("enable_debug_info") = false,
          nb::arg("pretty_debug_info") = false,
          nb::arg("print_generic_op_form") = false,
          nb::arg("use_local_scope") = false,
          nb::arg("assume_verified") = false,
          nb::arg("skip_regions") = false,
          "The textual IR. IR that does not verify prints in the generic "
          "form; assume_verified is accepted for compatibility and ignored.")
      .def(
          "print",
          [](PyOperation &o, std::optional<int64_t> large, bool debugInfo,
             bool pretty, bool generic, bool localScope, bool assumeVerified,
             bool skipRegions, nb::handle file) {
            (void)assumeVerified; // accepted; printing always verifies
            PrintOptions p{large,   debugInfo,  pretty,
                           generic, localScope, skipRegions};
            std::string s = printOp(o, p);
            nb::object out = (file.is_valid() && !file.is_none())
                                 ? nb::borrow(file)
                                 : nb::module_::import_("sys").attr("stdout");
            out.attr("write")(nb::str(s.c_str(), s.size()));
            out.attr("write")("\n");
          },
          nb::arg("large_elements_limit").none() = nb::none(),
          nb::arg("enable_debug_info") = false,
          nb::arg("pretty_debug_info") = false,
          nb::arg("print_generic_op_form") = false,
          nb::arg("use_local_scope") = false,
          nb::arg("assume_verified") = false,
          nb::arg("skip_regions") = false, nb::arg("file") = nb::none())
      .def("__str__",
           [](PyOperation &o) { return printOp(o, PrintOptions()); })
      .def("__repr__",
           [](const PyOperation &o) {
             if (!o.valid || !o.ctx.ptr->alive())
               return std::string("<invalid tirx.ir.Operation>");
             return "<tirx.ir.Operation '" +
                    o.op->getName().getStringRef().str() + "'>";
           })
      .def("__eq__",
           [](const PyOperation &a, nb::handle b) {
             if (!nb::isinstance<PyOperation>(b))
               return false;
             return a.op == nb::cast<PyOperation &>(b).op;
           })
      .def("__hash__", [](const PyOperation &o) { return (size_t)o.op; })
      .def(
          "walk",
          [](nb::handle self, nb::callable cb, PyWalkOrder order) {
            walkOperations(toOperation(self), std::move(cb), order);
          },
          nb::arg("callback"), nb::arg("walk_order") = PyWalkOrder::PostOrder,
          "Calls callback(op) on this operation and every nested one; the "
          "callback may return a WalkResult (None means ADVANCE). The "
          "callback must not change the IR structure: such calls raise.")
      .def("erase",
           [](PyOperation &o) {
             TContext &c = *o.ctx;
             MutationPin pin(c, "erase an operation");
             Operation *op = o.get();
             std::string use = describeOutsideUse(op);
             if (!use.empty())
               throw nb::value_error(
                   ("cannot erase '" + op->getName().getStringRef().str() +
                    "' while values defined in it are still used outside "
                    "it: " +
                    use + " (erase or change that user first)")
                       .c_str());
             o.valid = false;
             o.owned = false;
             if (op->getBlock())
               op->remove();
             freeRoot(c, op);
             c.usesMayHaveGone();
             o.setDetached();
             o.owned = false;
           })
      .def("detach_from_parent",
           [](nb::handle self) {
             PyOperation &o = toOperation(self);
             MutationPin pin(*o.ctx, "detach an operation");
             Operation *op = o.get();
             if (!op->getBlock())
               throw nb::value_error("the operation has no parent");
             op->remove();
             o.setDetached();
             return nb::borrow(self);
           })
      .def(
          "move_before",
          [](PyOperation &o, nb::handle otherObj) {
            PyOperation &other = toOperation(otherObj, "other");
            checkSameContext(o.ctx, other.ctx, "the other operation");
            MutationPin pin(*o.ctx, "move an operation");
            Operation *op = o.get(), *ref = other.get();
            if (op == ref || op->isAncestor(ref))
              throw nb::value_error("cannot move an operation into itself");
            if (!ref->getBlock())
              throw nb::value_error("the other operation has no block");
            if (op->getBlock())
              op->moveBefore(ref);
            else
              ref->getBlock()->getOperations().insert(Block::iterator(ref),
                                                      op);
            o.setAttached();
          },
          nb::arg("other"))
      .def(
          "move_after",
          [](PyOperation &o, nb::handle otherObj) {
            PyOperation &other = toOperation(otherObj, "other");
            checkSameContext(o.ctx, other.ctx, "the other operation");
            MutationPin pin(*o.ctx, "move an operation");
            Operation *op = o.get(), *ref = other.get();
            if (op == ref || op->isAncestor(ref))
              throw nb::value_error("cannot move an operation into itself");
            if (!ref->getBlock())
              throw nb::value_error("the other operation has no block");
            if (op->getBlock())
              op->moveAfter(ref);
            else
              ref->getBlock()->getOperations().insertAfter(
                  Block::iterator(ref), op);
            o.setAttached();
          },
          nb::arg("other"))
      .def(
          "clone",
          [](PyOperation &o, nb::handle ip) {
            nb::object ipObj = insertionPointArg(ip, /*defaultToCurrent=*/false);
            TContext &c = *o.ctx;
            if (!ipObj.is_none())
              c.checkMutable("insert an operation");
            Pin pin(c);
            Operation *op = o.get();
            Block *block = nullptr;
            Operation *before = nullptr;
            if (!ipObj.is_none()) {
              auto &ipRef = nb::cast<PyInsertionPoint &>(ipObj);
              checkSameContext(o.ctx, ipRef.block.owner().ctx,
                               "the insertion point");
              std::tie(block, before) = ipRef.resolve();
            }
            unsigned depth = nestedWorkDepth(c, op, "clone()");
            Operation *copy = nullptr;
            runNested(depth, [&] { copy = op->clone(); }, c.get());
            nb::object obj = PyOperation::createOwned(o.ctx, copy);
            if (block) {
              if (before)
                block->getOperations().insert(Block::iterator(before), copy);
              else
                block->push_back(copy);
              nb::cast<PyOperation &>(obj).setAttached();
            }
            return obj;
          },
          nb::arg("ip") = nb::none());

  //--- Module ----------------------------------------------------------------
  nb::class_<PyModule>(m, "Module")
      .def_static(
          "parse",
          [](const std::string &asm_, nb::handle context,
             const std::string &sourceName) {
            CtxRef c = resolveContext(context);
            MLIRContext *ctx = c.get();
            unsigned depth =
                checkTextNesting(c, asm_, sourceName, "module assembly");
            DiagnosticCapture diags(ctx);
            Operation *op = nullptr;
            runNested(
                depth,
                [&] {
                  ParserConfig config(ctx);
                  OwningOpRef<ModuleOp> mod =
                      parseSourceString<ModuleOp>(asm_, config, sourceName);
                  if (mod)
                    op = mod.release();
                },
                ctx);
            if (!op)
              raiseMLIRError(c, "Unable to parse module assembly",
                             diags.take());
            return PyModule{PyOperation::createOwned(c, op)};
          },
          nb::arg("asm"), nb::arg("context") = nb::none(),
          nb::arg("source_name") = "<string>")
      .def_static(
          "create",
          [](nb::handle loc) {
            PyLocation l;
            if ((loc.is_valid() && !loc.is_none()) || hasCurrentLocation())
              l = resolveLocation(loc);
            else {
              CtxRef c = resolveContext(nb::none());
              l = PyLocation{c, UnknownLoc::get(c.get())};
            }
            ModuleOp mod = ModuleOp::create(l.get());
            return PyModule{PyOperation::createOwned(l.ctx, mod)};
          },
          nb::arg("loc") = nb::none())
      .def_prop_ro("operation", [](const PyModule &m) { return m.opObj; })
      .def_prop_ro("context",
                   [](const PyModule &m) {
                     m.op().checkValid();
                     return m.op().ctx.obj;
                   })
      .def_prop_ro("body",
                   [](const PyModule &m) {
                     auto mod = cast<ModuleOp>(m.op().get());
                     return PyBlock(m.opObj, mod.getBody());
                   })
      .def("__str__",
           [](const PyModule &m) { return printOp(m.op(), PrintOptions()); })
      .def("__repr__", [](const PyModule &) {
        return std::string("<tirx.ir.Module>");
      });

  //--- Region / Block --------------------------------------------------------
  nb::class_<PyBlockList>(m, "BlockList")
      .def("__len__",
           [](const PyBlockList &l) { return l.region.get()->getBlocks().size(); })
      .def("__getitem__",
           [](const PyBlockList &l, int64_t i) {
             Region *r = l.region.get();
             size_t idx = normalizeIndex(i, r->getBlocks().size());
             return PyBlock(l.region.opObj, &*std::next(r->begin(), idx));
           })
      .def("__iter__",
           [](const PyBlockList &l) {
             return nb::cast(blockSnapshot(l.region)).attr("__iter__")();
           })
      .def(
          "append",
          [](const PyBlockList &l, nb::args argTypes, nb::handle argLocs) {
            return createBlock(l.region, argTypes, argLocs, false);
          },
          nb::arg("arg_types"), nb::arg("arg_locs") = nb::none());

  nb::class_<PyRegion>(m, "Region")
      .def_prop_ro("blocks",
                   [](const PyRegion &r) {
                     r.get();
                     return PyBlockList{r};
                   })
      .def_prop_ro("owner",
                   [](const PyRegion &r) {
                     r.get();
                     return r.opObj;
                   })
      .def("__eq__",
           [](const PyRegion &a, nb::handle b) {
             if (!nb::isinstance<PyRegion>(b))
               return false;
             return a.region == nb::cast<PyRegion &>(b).region;
           })
      .def("__hash__", [](const PyRegion &r) { return (size_t)r.region; });

  nb::class_<PyBlock>(m, "Block")
      .def_static(
          "create_at_start",
          [](nb::handle parent, nb::handle argTypes, nb::handle argLocs) {
            PyRegion &r =
                argAs<PyRegion>(parent, "parent", "a tirx.ir.Region");
            return createBlock(r, argTypes, argLocs, true);
          },
          nb::arg("parent"), nb::arg("arg_types") = nb::list(),
          nb::arg("arg_locs") = nb::none())
      .def_prop_ro("owner",
                   [](const PyBlock &b) {
                     b.get();
                     return b.opObj;
                   })
      .def_prop_ro("region",
                   [](const PyBlock &b) {
                     return PyRegion{b.opObj, b.get()->getParent()};
                   })
      .def_prop_ro("arguments",
                   [](const PyBlock &b) {
                     const CtxRef &ctx = b.owner().ctx;
                     Block *blk = b.get();
                     Pin pin(*ctx);
                     std::vector<Value> args(blk->getArguments().begin(),
                                             blk->getArguments().end());
                     std::vector<nb::object> out;
                     for (Value a : args)
                       out.push_back(wrapValue(ctx, a));
                     return out;
                   })
      .def(
          "add_argument",
          [](const PyBlock &b, nb::handle typeObj, nb::handle loc) {
            PyType &t = argAs<PyType>(typeObj, "type", "a tirx.ir.Type");
            std::optional<PyLocation> pl;
            if ((loc.is_valid() && !loc.is_none()) || hasCurrentLocation())
              pl = resolveLocation(loc);
            const CtxRef &ctx = b.owner().ctx;
            checkSameContext(ctx, t.ctx, "the type");
            Location l = UnknownLoc::get(ctx.get());
            if (pl) {
              checkSameContext(ctx, pl->ctx, "the location");
              l = pl->get();
            }
            Block *blk = b.get();
            Pin pin(*ctx);
            return wrapValue(ctx, blk->addArgument(t.get(), l));
          },
          nb::arg("type"), nb::arg("loc") = nb::none())
      .def_prop_ro("operations",
                   [](const PyBlock &b) {
                     const CtxRef &ctx = b.owner().ctx;
                     Block *blk = b.get();
                     Pin pin(*ctx);
                     std::vector<Operation *> ops;
                     for (Operation &op : *blk)
                       ops.push_back(&op);
                     std::vector<nb::object> out;
                     for (Operation *op : ops)
                       out.push_back(PyOperation::forOperation(ctx, op));
                     return out;
                   })
      .def(
          "append",
          [](const PyBlock &b, nb::handle opObj) {
            PyOperation &op = toOperation(opObj);
            MutationPin pin(*op.ctx, "insert an operation");
            PyInsertionPoint{b, nb::none()}.insert(op);
          },
          nb::arg("operation"))
      .def("__eq__",
           [](const PyBlock &a, nb::handle b) {
             if (!nb::isinstance<PyBlock>(b))
               return false;
             return a.block == nb::cast<PyBlock &>(b).block;
           })
      .def("__hash__", [](const PyBlock &b) { return (size_t)b.block; })
      .def("__str__", [](const PyBlock &b) {
        Block *blk = b.get();
        TContext &c = *b.owner().ctx;
        Pin pin(c);
        unsigned depth =
            nestedWorkDepth(c, rootOf(b.owner().op), "printing");
        std::string s;
        runNested(
            depth,
            [&] {
              llvm::raw_string_ostream os(s);
              blk->print(os);
            },
            c.get());
        return s;
      });

  //--- InsertionPoint --------------------------------------------------------
  nb::class_<PyInsertionPoint>(m, "InsertionPoint")
      .def(
          "__init__",
          [](PyInsertionPoint *self, nb::handle where) {
            if (nb::isinstance<PyBlock>(where)) {
              PyBlock b = nb::cast<PyBlock>(where);
              b.get();
              new (self) PyInsertionPoint{b, nb::none()};
              return;
            }
            if (nb::isinstance<PyOperation>(where)) {
              PyOperation &o = nb::cast<PyOperation &>(where);
              Block *b = o.get()->getBlock();
              if (!b)
                throw nb::value_error(
                    "the operation is not in a block; cannot insert before it");
              new (self) PyInsertionPoint{PyBlock::forBlock(o.ctx, b),
                                          nb::borrow(where)};
              return;
            }
            throw nb::type_error(("block_or_op must be a Block or an "
                                  "Operation, not " +
                                  typeName(where))
                                     .c_str());
          },
          nb::arg("block_or_op"),
          "Inserts at the end of a block, or before an operation.")
      .def_static("at_block_begin",
                  [](const PyBlock &b) -> PyInsertionPoint {
                    Block *blk = b.get();
                    if (blk->empty())
                      return PyInsertionPoint{b, nb::none()};
                    const CtxRef &ctx = b.owner().ctx;
                    Pin pin(*ctx);
                    return PyInsertionPoint{
                        b, PyOperation::forOperation(ctx, &blk->front())};
                  })
      .def_static("at_block_terminator",
                  [](const PyBlock &b) -> PyInsertionPoint {
                    Block *blk = b.get();
                    // Block::mightHaveTerminator is compiled into libMLIR:
                    // a trait TypeID computed here (GCC) would not match.
                    if (!blk->mightHaveTerminator())
                      throw nb::value_error("the block has no terminator");
                    const CtxRef &ctx = b.owner().ctx;
                    Pin pin(*ctx);
                    return PyInsertionPoint{
                        b, PyOperation::forOperation(ctx, &blk->back())};
                  })
      .def(
          "insert",
          [](PyInsertionPoint &ip, nb::handle opObj) {
            PyOperation &op = toOperation(opObj);
            MutationPin pin(*op.ctx, "insert an operation");
            ip.insert(op);
          },
          nb::arg("operation"))
      .def_prop_ro("block", [](const PyInsertionPoint &ip) { return ip.block; })
      .def_prop_ro("ref_operation",
                   [](const PyInsertionPoint &ip) -> nb::object {
                     if (!ip.refOp.is_valid())
                       return nb::none();
                     return ip.refOp;
                   })
      .def("__enter__",
           [](nb::handle self) {
             PyInsertionPoint &ip = nb::cast<PyInsertionPoint &>(self);
             ip.block.get();
             pushContext(ip.block.owner().ctx.obj);
             pushInsertionPoint(self);
             return nb::borrow(self);
           })
      .def("__exit__",
           [](nb::handle self, nb::args) {
             PyInsertionPoint &ip = nb::cast<PyInsertionPoint &>(self);
             popInsertionPoint(self);
             popContext(ip.block.owner().ctx.obj, "InsertionPoint");
           })
      .def_prop_ro_static("current", [](nb::handle) -> nb::object {
        nb::object ip = currentInsertionPointObject();
        if (ip.is_none())
          throw nb::value_error("no current InsertionPoint");
        return ip;
      });
}

} // namespace tirx_py
