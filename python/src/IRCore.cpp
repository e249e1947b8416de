//===- IRCore.cpp - Context, Location, Module, Operation, ... ---*- C++ -*-===//
//
// Python classes with the names and signatures of upstream MLIR's Python
// bindings (mlir.ir), implemented over the C++ API. See IRCore.h for the
// ownership rules.
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

#include <exception>

using namespace mlir;

namespace tirx_py __attribute__((visibility("hidden"))) {

//===----------------------------------------------------------------------===//
// Thread-local `with` stacks (raw references: nothing to release at exit)
//===----------------------------------------------------------------------===//

namespace {
struct Stacks {
  std::vector<PyObject *> contexts, locations, insertionPoints;
};
Stacks &stacks() {
  static thread_local Stacks s;
  return s;
}
void push(std::vector<PyObject *> &s, nb::handle h) {
  Py_INCREF(h.ptr());
  s.push_back(h.ptr());
}
void pop(std::vector<PyObject *> &s, nb::handle h, const char *what) {
  if (s.empty() || s.back() != h.ptr())
    throw std::runtime_error(std::string("unbalanced exit from a ") + what +
                             " `with` block");
  s.pop_back();
  Py_DECREF(h.ptr());
}
} // namespace

CtxRef resolveContext(nb::handle explicitCtx) {
  if (explicitCtx.is_valid() && !explicitCtx.is_none()) {
    if (!nb::isinstance<TContext>(explicitCtx))
      throw nb::type_error("expected a tirx.ir.Context");
    return CtxRef(nb::cast<TContext &>(explicitCtx));
  }
  auto &s = stacks().contexts;
  if (s.empty())
    throw nb::value_error(
        "no current Context: pass context= or use `with Context():`");
  return CtxRef(nb::cast<TContext &>(nb::handle(s.back())));
}

PyLocation resolveLocation(nb::handle explicitLoc) {
  if (explicitLoc.is_valid() && !explicitLoc.is_none()) {
    if (!nb::isinstance<PyLocation>(explicitLoc))
      throw nb::type_error("expected a tirx.ir.Location");
    return nb::cast<PyLocation>(explicitLoc);
  }
  auto &s = stacks().locations;
  if (s.empty())
    throw nb::value_error(
        "no current Location: pass loc= or use `with Location...:`");
  return nb::cast<PyLocation>(nb::handle(s.back()));
}

Location currentLocationOr(const CtxRef &ctx) {
  auto &s = stacks().locations;
  if (!s.empty()) {
    PyLocation &l = nb::cast<PyLocation &>(nb::handle(s.back()));
    if (l.ctx == ctx)
      return l.get();
  }
  return UnknownLoc::get(ctx.get());
}

static std::optional<PyInsertionPoint> currentInsertionPoint() {
  auto &s = stacks().insertionPoints;
  if (s.empty())
    return std::nullopt;
  return nb::cast<PyInsertionPoint>(nb::handle(s.back()));
}

void checkSameContext(const CtxRef &ctx, const CtxRef &other,
                      const char *what) {
  if (ctx != other)
    throw nb::value_error(
        (std::string(what) + " belongs to a different Context").c_str());
}

//===----------------------------------------------------------------------===//
// TContext
//===----------------------------------------------------------------------===//

TContext::TContext() : ctx(createTIRxContext()) {}

TContext::~TContext() { destroy(); }

MLIRContext *TContext::get() const {
  if (!ctx)
    throw std::runtime_error(
        "the Context of this object has been destroyed");
  return ctx.get();
}

void TContext::destroy() {
  if (!ctx)
    return;
  // Erase the detached roots Python still owns: drop every reference first
  // so that roots using each other's values can go in any order.
  std::vector<PyOperation *> roots;
  for (auto &entry : liveOperations)
    if (entry.second->owned && entry.second->valid)
      roots.push_back(entry.second);
  for (PyOperation *r : roots)
    r->op->dropAllReferences();
  for (PyOperation *r : roots)
    r->op->erase();
  for (auto &entry : liveOperations)
    entry.second->valid = false;
  liveOperations.clear();
  ctx.reset();
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

static CapturedDiagnostic capture(Diagnostic &d) {
  CapturedDiagnostic c;
  c.severity = d.getSeverity();
  c.loc = LocationAttr(d.getLocation());
  c.message = d.str();
  for (Diagnostic &note : d.getNotes())
    c.notes.push_back(capture(note));
  return c;
}

DiagnosticCapture::DiagnosticCapture(MLIRContext *ctx) : ctx(ctx) {
  id = ctx->getDiagEngine().registerHandler(
      [this](Diagnostic &d) -> LogicalResult {
        if (d.getSeverity() != DiagnosticSeverity::Error)
          return failure(); // warnings, remarks: the next handler
        diags.push_back(capture(d));
        return success();
      });
}

DiagnosticCapture::~DiagnosticCapture() {
  ctx->getDiagEngine().eraseHandler(id);
}

static std::optional<FileLineColRange> findFileLocation(LocationAttr loc) {
  if (!loc)
    return std::nullopt;
  if (auto f = dyn_cast<FileLineColRange>(loc))
    return f;
  if (auto n = dyn_cast<NameLoc>(loc))
    return findFileLocation(n.getChildLoc());
  if (auto c = dyn_cast<CallSiteLoc>(loc))
    return findFileLocation(c.getCallee());
  if (auto f = dyn_cast<FusedLoc>(loc))
    for (Location l : f.getLocations())
      if (auto r = findFileLocation(l))
        return r;
  if (auto o = dyn_cast<OpaqueLoc>(loc))
    return findFileLocation(o.getFallbackLocation());
  return std::nullopt;
}

std::string formatLocation(LocationAttr loc) {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (auto f = findFileLocation(loc)) {
    os << f->getFilename().getValue() << ":" << f->getStartLine() << ":"
       << f->getStartColumn();
  } else if (loc) {
    loc.print(os);
  } else {
    os << "<unknown>";
  }
  return s;
}

static const char *severityName(DiagnosticSeverity s) {
  switch (s) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

/// The Python view of one diagnostic (upstream: DiagnosticInfo).
struct PyDiagnosticInfo {
  DiagnosticSeverity severity;
  PyLocation location;
  std::string message;
  std::vector<PyDiagnosticInfo> notes;

  std::string str(unsigned indent = 0) const {
    std::string s(indent, ' ');
    s += severityName(severity);
    s += ": ";
    s += formatLocation(location.loc);
    s += ": ";
    s += message;
    for (const PyDiagnosticInfo &n : notes) {
      s += "\n";
      s += n.str(indent + 2);
    }
    return s;
  }
};

static PyDiagnosticInfo toInfo(const CtxRef &ctx, const CapturedDiagnostic &d) {
  PyDiagnosticInfo info{d.severity, PyLocation{ctx, d.loc}, d.message, {}};
  for (const CapturedDiagnostic &n : d.notes)
    info.notes.push_back(toInfo(ctx, n));
  return info;
}

static PyObject *mlirErrorType = nullptr;

void initMLIRError(nb::module_ &m) {
  nb::dict globals;
  globals["__builtins__"] = nb::module_::import_("builtins");
  globals["__name__"] = nb::str("tirx._tirx");
  const char *code = R"PY(
class MLIRError(RuntimeError):
    """An error reported by MLIR (parsing, verification, a pass, ...).

    `message` says what failed; `error_diagnostics` is the list of
    `DiagnosticInfo` MLIR emitted, each with a severity, a `location`, a
    `message` and `notes`. `str(error)` shows all of them.
    """

    def __init__(self, message, error_diagnostics=()):
        self.message = message
        self.error_diagnostics = list(error_diagnostics)
        text = message
        if self.error_diagnostics:
            text += ":\n" + "\n".join(str(d) for d in self.error_diagnostics)
        super().__init__(text)
)PY";
  PyObject *r = PyRun_String(code, Py_file_input, globals.ptr(), globals.ptr());
  if (!r)
    throw nb::python_error();
  Py_DECREF(r);
  nb::object cls = globals["MLIRError"];
  mlirErrorType = cls.inc_ref().ptr(); // lives as long as the process
  m.attr("MLIRError") = cls;
}

void raiseMLIRError(const CtxRef &ctx, const std::string &message,
                    std::vector<CapturedDiagnostic> diags) {
  nb::list infos;
  for (const CapturedDiagnostic &d : diags)
    infos.append(nb::cast(toInfo(ctx, d)));
  nb::object exc = nb::handle(mlirErrorType)(nb::str(message.c_str()), infos);
  PyErr_SetObject(mlirErrorType, exc.ptr());
  throw nb::python_error();
}

//===----------------------------------------------------------------------===//
// PyOperation
//===----------------------------------------------------------------------===//

PyOperation::PyOperation(CtxRef c, Operation *o, bool owned)
    : ctx(std::move(c)), op(o), owned(owned) {
  ctx.ptr->liveOperations[op] = this;
}

PyOperation::~PyOperation() {
  if (!ctx.ptr || !ctx.ptr->alive())
    return;
  auto &map = ctx.ptr->liveOperations;
  auto it = map.find(op);
  if (it != map.end() && it->second == this)
    map.erase(it);
  // A detached root nobody refers to any more. If its results still have
  // users elsewhere, erasing it would leave them dangling: leak it instead.
  if (owned && valid && op->use_empty())
    op->erase();
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
  auto &map = ctx.ptr->liveOperations;
  auto it = map.find(op);
  if (it != map.end())
    return nb::find(it->second);
  auto *py = new PyOperation(ctx, op, /*owned=*/false);
  nb::object obj = nb::cast(py, nb::rv_policy::take_ownership);
  if (Operation *parent = op->getParentOp())
    py->parentKeepAlive = forOperation(ctx, parent);
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
  op->walk([&](Operation *nested) {
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
  parentKeepAlive = nb::object();
}

PyOperation &toOperation(nb::handle h) {
  if (nb::isinstance<PyOperation>(h))
    return nb::cast<PyOperation &>(h);
  if (nb::isinstance<PyModule>(h))
    return nb::cast<PyModule &>(h).op();
  throw nb::type_error("expected a tirx.ir.Operation or tirx.ir.Module");
}

PyBlock PyBlock::forBlock(const CtxRef &ctx, Block *b) {
  return PyBlock{PyOperation::forOperation(ctx, b->getParentOp()), b};
}

PyValue PyValue::forValue(const CtxRef &ctx, Value v) {
  Operation *owner = v.getDefiningOp();
  if (!owner)
    owner = cast<BlockArgument>(v).getOwner()->getParentOp();
  return PyValue{PyOperation::forOperation(ctx, owner), v};
}

nb::object wrapValue(const CtxRef &ctx, Value v) {
  PyValue pv = PyValue::forValue(ctx, v);
  if (isa<OpResult>(v))
    return nb::cast(PyOpResult{pv});
  return nb::cast(PyBlockArgument{pv});
}

static void checkCanInsert(Operation *op, Block *block) {
  if (op->getBlock())
    throw nb::value_error(
        "the operation is already in a block; detach_from_parent() first");
  Operation *parent = block->getParentOp();
  if (parent && (parent == op || op->isAncestor(parent)))
    throw nb::value_error("cannot insert an operation into itself");
}

void PyInsertionPoint::insert(PyOperation &pyOp) {
  Operation *op = pyOp.get();
  Block *b = block.get();
  checkSameContext(pyOp.ctx, nb::cast<PyOperation &>(block.opObj).ctx,
                   "the operation");
  checkCanInsert(op, b);
  if (refOp.is_valid() && !refOp.is_none()) {
    Operation *ref = nb::cast<PyOperation &>(refOp).get();
    if (ref->getBlock() != b)
      throw nb::value_error("the insertion point's operation left its block");
    b->getOperations().insert(Block::iterator(ref), op);
  } else {
    b->push_back(op);
  }
  pyOp.setAttached();
}

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
  bool assumeVerified = false;
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
    if (assumeVerified)
      f.assumeVerified();
    if (skipRegions)
      f.skipRegions();
    return f;
  }
};
} // namespace

static std::string printOp(Operation *op, const PrintOptions &o) {
  std::string s;
  llvm::raw_string_ostream os(s);
  // The printer verifies first and falls back to the generic form for
  // invalid IR; its diagnostics are its own business.
  op->print(os, o.flags());
  return s;
}

template <typename T> static std::string printToString(const T &v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  v.print(os);
  return s;
}

//===----------------------------------------------------------------------===//
// Helpers for Operation.create
//===----------------------------------------------------------------------===//

static void ensureDialectLoaded(MLIRContext *ctx, StringRef opName) {
  size_t dot = opName.find('.');
  if (dot != StringRef::npos)
    ctx->getOrLoadDialect(opName.take_front(dot));
}

static PyBlock toBlock(nb::handle h) {
  if (!nb::isinstance<PyBlock>(h))
    throw nb::type_error("expected a tirx.ir.Block");
  return nb::cast<PyBlock>(h);
}

static PyValue toValue(nb::handle h) {
  if (!nb::isinstance<PyValue>(h))
    throw nb::type_error("expected a tirx.ir.Value");
  return nb::cast<PyValue>(h);
}

static PyType toType(nb::handle h) {
  if (!nb::isinstance<PyType>(h))
    throw nb::type_error("expected a tirx.ir.Type");
  return nb::cast<PyType>(h);
}

static PyAttribute toAttribute(nb::handle h) {
  if (!nb::isinstance<PyAttribute>(h))
    throw nb::type_error("expected a tirx.ir.Attribute");
  return nb::cast<PyAttribute>(h);
}

static size_t normalizeIndex(int64_t i, size_t n) {
  if (i < 0)
    i += (int64_t)n;
  if (i < 0 || (size_t)i >= n)
    throw nb::index_error("index out of range");
  return (size_t)i;
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
  std::vector<nb::object> out;
  for (Block &b : *r.get())
    out.push_back(nb::cast(PyBlock{r.opObj, &b}));
  return out;
}

static Block *createBlock(const PyRegion &r, nb::handle argTypes,
                          nb::handle argLocs, bool atStart) {
  Region *region = r.get();
  CtxRef ctx = nb::cast<PyOperation &>(r.opObj).ctx;
  std::vector<Type> types;
  for (nb::handle t : argTypes) {
    PyType pt = toType(t);
    checkSameContext(ctx, pt.ctx, "a block argument type");
    types.push_back(pt.get());
  }
  std::vector<Location> locs;
  if (argLocs.is_valid() && !argLocs.is_none()) {
    for (nb::handle l : argLocs) {
      PyLocation pl = resolveLocation(l);
      checkSameContext(ctx, pl.ctx, "a block argument location");
      locs.push_back(pl.get());
    }
    if (locs.size() != types.size())
      throw nb::value_error(
          "arg_locs must have one location per argument type");
  } else {
    Location def = UnknownLoc::get(ctx.get());
    if (!stacks().locations.empty())
      def = resolveLocation(nb::none()).get();
    locs.assign(types.size(), def);
  }
  auto *b = new Block();
  for (size_t i = 0; i < types.size(); ++i)
    b->addArgument(types[i], locs[i]);
  if (atStart)
    region->push_front(b);
  else
    region->push_back(b);
  return b;
}

//===----------------------------------------------------------------------===//
// Bindings
//===----------------------------------------------------------------------===//

void bindIRCore(nb::module_ &m) {
  //--- Diagnostics -----------------------------------------------------------
  nb::enum_<DiagnosticSeverity>(m, "DiagnosticSeverity")
      .value("ERROR", DiagnosticSeverity::Error)
      .value("WARNING", DiagnosticSeverity::Warning)
      .value("NOTE", DiagnosticSeverity::Note)
      .value("REMARK", DiagnosticSeverity::Remark);

  nb::class_<PyDiagnosticInfo>(m, "DiagnosticInfo")
      .def_ro("severity", &PyDiagnosticInfo::severity)
      .def_ro("location", &PyDiagnosticInfo::location)
      .def_ro("message", &PyDiagnosticInfo::message)
      .def_ro("notes", &PyDiagnosticInfo::notes)
      .def("__str__", [](const PyDiagnosticInfo &d) { return d.str(); })
      .def("__repr__", [](const PyDiagnosticInfo &d) {
        return "DiagnosticInfo(" + d.str() + ")";
      });

  //--- Context ---------------------------------------------------------------
  nb::class_<TContext>(m, "Context",
                       "An MLIR context with TIRx and every upstream dialect, "
                       "extension and pass registered.")
      .def(nb::init<>())
      .def("__enter__",
           [](nb::handle self) {
             push(stacks().contexts, self);
             return nb::borrow(self);
           })
      .def("__exit__",
           [](nb::handle self, nb::args) {
             pop(stacks().contexts, self, "Context");
           })
      .def_prop_ro_static(
          "current",
          [](nb::handle) -> nb::object {
            auto &s = stacks().contexts;
            if (s.empty())
              throw nb::value_error("no current Context");
            return nb::borrow(s.back());
          },
          "The Context of the innermost `with` block.")
      .def_prop_rw(
          "allow_unregistered_dialects",
          [](TContext &c) { return c.get()->allowsUnregisteredDialects(); },
          [](TContext &c, bool v) { c.get()->allowUnregisteredDialects(v); })
      .def(
          "enable_multithreading",
          [](TContext &c, bool enable) {
            c.get()->enableMultithreading(enable);
          },
          nb::arg("enable"))
      .def_prop_ro("loaded_dialects",
                   [](TContext &c) {
                     std::vector<std::string> names;
                     for (Dialect *d : c.get()->getLoadedDialects())
                       names.push_back(d->getNamespace().str());
                     return names;
                   })
      .def_prop_ro("available_dialects",
                   [](TContext &c) {
                     std::vector<std::string> names;
                     for (StringRef n :
                          c.get()->getDialectRegistry().getDialectNames())
                       names.push_back(n.str());
                     return names;
                   })
      .def("load_all_available_dialects",
           [](TContext &c) { c.get()->loadAllAvailableDialects(); })
      .def(
          "is_registered_operation",
          [](TContext &c, const std::string &name) {
            MLIRContext *ctx = c.get();
            ensureDialectLoaded(ctx, name);
            return RegisteredOperationName::lookup(name, ctx).has_value();
          },
          nb::arg("operation_name"))
      .def("destroy", &TContext::destroy,
           "Frees the MLIR context now (erasing operations Python still "
           "owns). Every object made in it raises afterwards.")
      .def_prop_ro("is_destroyed", [](TContext &c) { return !c.alive(); })
      .def("_get_live_operation_count",
           [](TContext &c) { return c.liveOperations.size(); });

  //--- Location --------------------------------------------------------------
  nb::class_<PyLocation>(m, "Location")
      .def("__enter__",
           [](nb::handle self) {
             PyLocation &l = nb::cast<PyLocation &>(self);
             l.get();
             push(stacks().contexts, l.ctx.obj);
             push(stacks().locations, self);
             return nb::borrow(self);
           })
      .def("__exit__",
           [](nb::handle self, nb::args) {
             pop(stacks().locations, self, "Location");
             pop(stacks().contexts, nb::cast<PyLocation &>(self).ctx.obj,
                 "Location");
           })
      .def_prop_ro_static("current",
                          [](nb::handle) -> nb::object {
                            auto &s = stacks().locations;
                            if (s.empty())
                              throw nb::value_error("no current Location");
                            return nb::borrow(s.back());
                          })
      .def_static(
          "unknown",
          [](nb::handle context) {
            CtxRef c = resolveContext(context);
            return PyLocation{c, UnknownLoc::get(c.get())};
          },
          nb::arg("context") = nb::none())
      .def_static(
          "file",
          [](const std::string &filename, unsigned line, unsigned col,
             std::optional<unsigned> endLine, std::optional<unsigned> endCol,
             nb::handle context) {
            CtxRef c = resolveContext(context);
            MLIRContext *ctx = c.get();
            if (!endLine && !endCol)
              return PyLocation{
                  c, FileLineColLoc::get(ctx, filename, line, col)};
            return PyLocation{
                c, FileLineColRange::get(ctx, filename, line, col,
                                         endLine.value_or(line),
                                         endCol.value_or(col))};
          },
          nb::arg("filename"), nb::arg("line"), nb::arg("col"),
          nb::arg("end_line").none() = nb::none(),
          nb::arg("end_col").none() = nb::none(),
          nb::arg("context") = nb::none(),
          "A source range: `file:line:col` or `file:line:col to "
          "end_line:end_col`.")
      .def_static(
          "name",
          [](const std::string &name, nb::handle childLoc,
             nb::handle context) {
            CtxRef c = resolveContext(context);
            MLIRContext *ctx = c.get();
            if (childLoc.is_valid() && !childLoc.is_none()) {
              PyLocation child = resolveLocation(childLoc);
              checkSameContext(c, child.ctx, "child_loc");
              return PyLocation{
                  c, NameLoc::get(StringAttr::get(ctx, name), child.get())};
            }
            return PyLocation{c, NameLoc::get(StringAttr::get(ctx, name))};
          },
          nb::arg("name"), nb::arg("childLoc") = nb::none(),
          nb::arg("context") = nb::none())
      .def_static(
          "callsite",
          [](const PyLocation &callee, std::vector<PyLocation> frames,
             nb::handle context) {
            CtxRef c = resolveContext(context);
            if (frames.empty())
              throw nb::value_error("no caller frames provided");
            checkSameContext(c, callee.ctx, "callee");
            for (auto &f : frames)
              checkSameContext(c, f.ctx, "a frame");
            Location caller = frames.back().get();
            for (size_t i = frames.size() - 1; i-- > 0;)
              caller = CallSiteLoc::get(frames[i].get(), caller);
            return PyLocation{c, CallSiteLoc::get(callee.get(), caller)};
          },
          nb::arg("callee"), nb::arg("frames"),
          nb::arg("context") = nb::none(),
          "callee called at frames[0], which was called at frames[1], ...")
      .def_static(
          "fused",
          [](std::vector<PyLocation> locs, nb::handle metadata,
             nb::handle context) {
            CtxRef c = resolveContext(context);
            std::vector<Location> ls;
            for (auto &l : locs) {
              checkSameContext(c, l.ctx, "a location");
              ls.push_back(l.get());
            }
            Attribute md;
            if (metadata.is_valid() && !metadata.is_none()) {
              PyAttribute a = toAttribute(metadata);
              checkSameContext(c, a.ctx, "metadata");
              md = a.get();
            }
            return PyLocation{c, FusedLoc::get(c.get(), ls, md)};
          },
          nb::arg("locations"), nb::arg("metadata") = nb::none(),
          nb::arg("context") = nb::none())
      .def_prop_ro("context",
                   [](const PyLocation &l) {
                     l.get();
                     return l.ctx.obj;
                   })
      .def("is_unknown",
           [](const PyLocation &l) { return isa<UnknownLoc>(l.get()); })
      .def("is_a_file",
           [](const PyLocation &l) { return isa<FileLineColRange>(l.get()); })
      .def("is_a_name",
           [](const PyLocation &l) { return isa<NameLoc>(l.get()); })
      .def("is_a_callsite",
           [](const PyLocation &l) { return isa<CallSiteLoc>(l.get()); })
      .def("is_a_fused",
           [](const PyLocation &l) { return isa<FusedLoc>(l.get()); })
      .def_prop_ro("filename",
                   [](const PyLocation &l) {
                     auto f = dyn_cast<FileLineColRange>(l.get());
                     if (!f)
                       throw nb::value_error("not a file location");
                     return f.getFilename().str();
                   })
#define TIRX_FILE_FIELD(NAME, GETTER)                                          \
  .def_prop_ro(NAME, [](const PyLocation &l) {                                 \
    auto f = dyn_cast<FileLineColRange>(l.get());                              \
    if (!f)                                                                    \
      throw nb::value_error("not a file location");                            \
    return f.GETTER();                                                         \
  })
          TIRX_FILE_FIELD("start_line", getStartLine)
          TIRX_FILE_FIELD("start_col", getStartColumn)
          TIRX_FILE_FIELD("end_line", getEndLine)
          TIRX_FILE_FIELD("end_col", getEndColumn)
          TIRX_FILE_FIELD("line", getStartLine)
          TIRX_FILE_FIELD("col", getStartColumn)
#undef TIRX_FILE_FIELD
      .def_prop_ro("name_str",
                   [](const PyLocation &l) {
                     auto n = dyn_cast<NameLoc>(l.get());
                     if (!n)
                       throw nb::value_error("not a name location");
                     return n.getName().str();
                   })
      .def_prop_ro("child_loc",
                   [](const PyLocation &l) {
                     auto n = dyn_cast<NameLoc>(l.get());
                     if (!n)
                       throw nb::value_error("not a name location");
                     return PyLocation{l.ctx, n.getChildLoc()};
                   })
      .def_prop_ro("callee",
                   [](const PyLocation &l) {
                     auto c = dyn_cast<CallSiteLoc>(l.get());
                     if (!c)
                       throw nb::value_error("not a call-site location");
                     return PyLocation{l.ctx, c.getCallee()};
                   })
      .def_prop_ro("caller",
                   [](const PyLocation &l) {
                     auto c = dyn_cast<CallSiteLoc>(l.get());
                     if (!c)
                       throw nb::value_error("not a call-site location");
                     return PyLocation{l.ctx, c.getCaller()};
                   })
      .def_prop_ro("locations",
                   [](const PyLocation &l) {
                     auto f = dyn_cast<FusedLoc>(l.get());
                     if (!f)
                       throw nb::value_error("not a fused location");
                     std::vector<PyLocation> out;
                     for (Location x : f.getLocations())
                       out.push_back(PyLocation{l.ctx, x});
                     return out;
                   })
      .def_prop_ro("metadata",
                   [](const PyLocation &l) -> nb::object {
                     auto f = dyn_cast<FusedLoc>(l.get());
                     if (!f)
                       throw nb::value_error("not a fused location");
                     if (!f.getMetadata())
                       return nb::none();
                     return wrapAttribute(l.ctx, f.getMetadata());
                   })
      .def("__eq__",
           [](const PyLocation &a, nb::handle b) {
             if (!nb::isinstance<PyLocation>(b))
               return false;
             return a.loc == nb::cast<PyLocation &>(b).loc;
           })
      .def("__hash__",
           [](const PyLocation &l) {
             return (size_t)l.loc.getAsOpaquePointer();
           })
      .def("__str__",
           [](const PyLocation &l) { return printToString(l.get()); })
      .def("__repr__", [](const PyLocation &l) {
        return printToString(l.get());
      });

  //--- Type / Attribute base classes ------------------------------------------
  nb::class_<PyType>(m, "Type")
      .def(nb::init<const PyType &>(), nb::arg("cast_from_type"))
      .def_static(
          "parse",
          [](const std::string &asm_, nb::handle context) {
            CtxRef c = resolveContext(context);
            MLIRContext *ctx = c.get();
            DiagnosticCapture diags(ctx);
            Type t = mlir::parseType(asm_, ctx);
            if (!t)
              raiseMLIRError(c, "Unable to parse type: '" + asm_ + "'",
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
      .def("__str__", [](const PyType &t) { return printToString(t.get()); })
      .def("__repr__", [](nb::handle self) {
        PyType &t = nb::cast<PyType &>(self);
        std::string cls =
            nb::cast<std::string>(self.type().attr("__name__"));
        return cls + "(" + printToString(t.get()) + ")";
      });

  nb::class_<PyAttribute>(m, "Attribute")
      .def(nb::init<const PyAttribute &>(), nb::arg("cast_from_attr"))
      .def_static(
          "parse",
          [](const std::string &asm_, nb::handle context) {
            CtxRef c = resolveContext(context);
            MLIRContext *ctx = c.get();
            DiagnosticCapture diags(ctx);
            Attribute a = mlir::parseAttribute(asm_, ctx);
            if (!a)
              raiseMLIRError(c, "Unable to parse attribute: '" + asm_ + "'",
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
           [](const PyAttribute &a) { return printToString(a.get()); })
      .def("__repr__", [](nb::handle self) {
        PyAttribute &a = nb::cast<PyAttribute &>(self);
        std::string cls =
            nb::cast<std::string>(self.type().attr("__name__"));
        return cls + "(" + printToString(a.get()) + ")";
      });

  nb::class_<PyNamedAttribute>(m, "NamedAttribute")
      .def_ro("name", &PyNamedAttribute::name)
      .def_ro("attr", &PyNamedAttribute::attr)
      .def("__repr__", [](const PyNamedAttribute &na) {
        return "NamedAttribute(" + na.name + "=" +
               nb::cast<std::string>(nb::str(na.attr)) + ")";
      });

  //--- Value -----------------------------------------------------------------
  nb::class_<PyValue>(m, "Value")
      .def_prop_ro("type",
                   [](const PyValue &v) { return wrapType(v.ctx(), v.get().getType()); })
      .def_prop_ro("context", [](const PyValue &v) {
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
                     if (Operation *op = val.getDefiningOp())
                       return PyOperation::forOperation(v.ctx(), op);
                     return nb::cast(PyBlock::forBlock(
                         v.ctx(), cast<BlockArgument>(val).getOwner()));
                   })
      .def(
          "get_name",
          [](const PyValue &v, bool useLocalScope) {
            std::string s;
            llvm::raw_string_ostream os(s);
            OpPrintingFlags f;
            if (useLocalScope)
              f.useLocalScope();
            v.get().printAsOperand(os, f);
            return s;
          },
          nb::arg("use_local_scope") = false)
      .def("replace_all_uses_with",
           [](const PyValue &v, const PyValue &with) {
             checkSameContext(v.ctx(), with.ctx(), "the new value");
             v.get().replaceAllUsesWith(with.get());
           })
      .def_prop_ro("has_uses", [](const PyValue &v) { return !v.get().use_empty(); })
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
           [](const PyValue &v) { return printToString(v.get()); })
      .def("__repr__", [](const PyValue &v) {
        return "Value(" + printToString(v.get()) + ")";
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
      .def("set_type", [](const PyBlockArgument &v, const PyType &t) {
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
             return wrapValue(l.op().ctx, op->getOperand(idx));
           })
      .def("__setitem__",
           [](const PyOpOperandList &l, int64_t i, nb::handle v) {
             Operation *op = l.op().get();
             size_t idx = normalizeIndex(i, op->getNumOperands());
             PyValue pv = toValue(v);
             checkSameContext(l.op().ctx, pv.ctx(), "the value");
             op->setOperand(idx, pv.get());
             l.op().operandKeepAlive.push_back(pv.ownerObj);
           })
      .def("__iter__", [](const PyOpOperandList &l) {
        Operation *op = l.op().get();
        nb::list out;
        for (Value v : op->getOperands())
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
               throw nb::key_error(name.c_str());
             return wrapAttribute(a.op().ctx, attr);
           })
      .def("__setitem__",
           [](const PyOpAttributeMap &a, const std::string &name,
              nb::handle value) {
             PyAttribute attr = toAttribute(value);
             checkSameContext(a.op().ctx, attr.ctx, "the attribute");
             a.op().get()->setAttr(name, attr.get());
           })
      .def("__delitem__",
           [](const PyOpAttributeMap &a, const std::string &name) {
             Operation *op = a.op().get();
             if (!op->getAttr(name))
               throw nb::key_error(name.c_str());
             op->removeAttr(name);
           })
      .def("__iter__", [](const PyOpAttributeMap &a) {
        nb::list out;
        for (NamedAttribute na : a.op().get()->getAttrDictionary())
          out.append(nb::cast(PyNamedAttribute{
              na.getName().str(), wrapAttribute(a.op().ctx, na.getValue())}));
        return out.attr("__iter__")();
      });

  nb::class_<PyOperation>(m, "Operation")
      .def_static(
          "create",
          [](const std::string &name, nb::handle results, nb::handle operands,
             nb::handle attributes, nb::handle successors, int regions,
             nb::handle loc, nb::handle ip) {
            PyLocation pl = resolveLocation(loc);
            CtxRef c = pl.ctx;
            MLIRContext *ctx = c.get();
            if (regions < 0)
              throw nb::value_error("regions must be >= 0");
            ensureDialectLoaded(ctx, name);
            OperationState state(pl.get(), name);
            if (!state.name.isRegistered() &&
                !ctx->allowsUnregisteredDialects())
              throw nb::value_error(
                  ("unregistered operation '" + name +
                   "' (its dialect is unknown or it has no such op; set "
                   "Context.allow_unregistered_dialects to build it anyway)")
                      .c_str());
            std::vector<nb::object> keepAlive;
            if (results.is_valid() && !results.is_none())
              for (nb::handle t : results) {
                PyType pt = toType(t);
                checkSameContext(c, pt.ctx, "a result type");
                state.addTypes(pt.get());
              }
            if (operands.is_valid() && !operands.is_none())
              for (nb::handle v : operands) {
                PyValue pv = toValue(v);
                checkSameContext(c, pv.ctx(), "an operand");
                state.addOperands(pv.get());
                keepAlive.push_back(pv.ownerObj);
              }
            if (attributes.is_valid() && !attributes.is_none()) {
              if (!nb::isinstance<nb::dict>(attributes))
                throw nb::type_error("attributes must be a dict");
              for (auto [k, v] : nb::borrow<nb::dict>(attributes)) {
                PyAttribute pa = toAttribute(v);
                checkSameContext(c, pa.ctx, "an attribute");
                state.addAttribute(nb::cast<std::string>(k), pa.get());
              }
            }
            if (successors.is_valid() && !successors.is_none())
              for (nb::handle b : successors) {
                PyBlock pb = toBlock(b);
                checkSameContext(c, nb::cast<PyOperation &>(pb.opObj).ctx,
                                 "a successor");
                state.addSuccessors(pb.get());
                keepAlive.push_back(pb.opObj);
              }
            for (int i = 0; i < regions; ++i)
              state.addRegion();
            Operation *op = Operation::create(state);
            nb::object obj = PyOperation::createOwned(c, op);
            PyOperation &py = nb::cast<PyOperation &>(obj);
            py.operandKeepAlive = std::move(keepAlive);
            // Insert at `ip`, else at the current insertion point (ip=False:
            // leave the operation detached).
            if (ip.is_valid() && !ip.is_none()) {
              if (nb::isinstance<nb::bool_>(ip)) {
                if (nb::cast<bool>(ip))
                  throw nb::value_error("ip must be an InsertionPoint, None "
                                        "or False");
              } else {
                nb::cast<PyInsertionPoint &>(ip).insert(py);
              }
            } else if (auto cur = currentInsertionPoint()) {
              cur->insert(py);
            }
            return obj;
          },
          nb::arg("name"), nb::arg("results") = nb::none(),
          nb::arg("operands") = nb::none(),
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
            DiagnosticCapture diags(ctx);
            Block block;
            ParserConfig config(ctx);
            if (failed(parseSourceString(source, &block, config, sourceName))) {
              block.dropAllDefinedValueUses();
              block.clear();
              raiseMLIRError(c, "Unable to parse operation assembly",
                             diags.take());
            }
            if (!llvm::hasSingleElement(block)) {
              block.dropAllDefinedValueUses();
              block.clear();
              throw nb::value_error("expected exactly one top-level operation");
            }
            Operation *op = &block.front();
            op->remove();
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
          "loc", [](const PyOperation &o) { return PyLocation{o.ctx, o.get()->getLoc()}; },
          [](PyOperation &o, const PyLocation &l) {
            checkSameContext(o.ctx, l.ctx, "the location");
            o.get()->setLoc(l.get());
          })
      .def_prop_ro("is_valid", [](const PyOperation &o) {
        return o.valid && o.ctx.ptr->alive();
      })
      .def_prop_ro("operands",
                   [](nb::handle self) {
                     toOperation(self).checkValid();
                     return PyOpOperandList{nb::borrow(self)};
                   })
      .def_prop_ro("results",
                   [](const PyOperation &o) {
                     std::vector<nb::object> out;
                     for (Value v : o.get()->getResults())
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
                     std::vector<PyBlock> out;
                     for (Block *b : o.get()->getSuccessors())
                       out.push_back(PyBlock::forBlock(o.ctx, b));
                     return out;
                   })
      .def_prop_ro("parent",
                   [](const PyOperation &o) -> nb::object {
                     Operation *p = o.get()->getParentOp();
                     if (!p)
                       return nb::none();
                     return PyOperation::forOperation(o.ctx, p);
                   })
      .def_prop_ro("block",
                   [](const PyOperation &o) -> nb::object {
                     Block *b = o.get()->getBlock();
                     if (!b)
                       return nb::none();
                     return nb::cast(PyBlock::forBlock(o.ctx, b));
                   })
      .def("verify",
           [](const PyOperation &o) {
             Operation *op = o.get();
             DiagnosticCapture diags(o.ctx.get());
             if (failed(mlir::verify(op)))
               raiseMLIRError(o.ctx, "Verification failed", diags.take());
             return true;
           })
      .def(
          "get_asm",
          [](const PyOperation &o, std::optional<int64_t> large,
             bool debugInfo, bool pretty, bool generic, bool localScope,
             bool assumeVerified, bool skipRegions) {
            PrintOptions p{large,      debugInfo,      pretty,     generic,
                           localScope, assumeVerified, skipRegions};
            return printOp(o.get(), p);
          },
          nb::arg("large_elements_limit").none() = nb::none(),
          nb::arg("enable_debug_info") = false,
          nb::arg("pretty_debug_info") = false,
          nb::arg("print_generic_op_form") = false,
          nb::arg("use_local_scope") = false,
          nb::arg("assume_verified") = false,
          nb::arg("skip_regions") = false)
      .def(
          "print",
          [](const PyOperation &o, std::optional<int64_t> large,
             bool debugInfo, bool pretty, bool generic, bool localScope,
             bool assumeVerified, bool skipRegions, nb::handle file) {
            PrintOptions p{large,      debugInfo,      pretty,     generic,
                           localScope, assumeVerified, skipRegions};
            std::string s = printOp(o.get(), p);
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
           [](const PyOperation &o) { return printOp(o.get(), PrintOptions()); })
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
          [](const PyOperation &o, nb::callable cb, PyWalkOrder order) {
            Operation *op = o.get();
            CtxRef ctx = o.ctx;
            std::exception_ptr error;
            bool preOrder = order == PyWalkOrder::PreOrder;
            auto fn = [&](Operation *nested) -> WalkResult {
              try {
                nb::object r = cb(PyOperation::forOperation(ctx, nested));
                // Anything but a WalkResult (None, a value) means ADVANCE.
                if (!nb::isinstance<PyWalkResult>(r))
                  return WalkResult::advance();
                switch (nb::cast<PyWalkResult>(r)) {
                case PyWalkResult::Advance:
                  return WalkResult::advance();
                case PyWalkResult::Interrupt:
                  return WalkResult::interrupt();
                case PyWalkResult::Skip:
                  return preOrder ? WalkResult::skip() : WalkResult::advance();
                }
                return WalkResult::advance();
              } catch (...) {
                // Never unwind through MLIR: stop the walk, rethrow after.
                error = std::current_exception();
                return WalkResult::interrupt();
              }
            };
            if (preOrder)
              op->walk<WalkOrder::PreOrder>(fn);
            else
              op->walk<WalkOrder::PostOrder>(fn);
            if (error)
              std::rethrow_exception(error);
          },
          nb::arg("callback"), nb::arg("walk_order") = PyWalkOrder::PostOrder,
          "Calls callback(op) on this operation and every nested one; the "
          "callback may return a WalkResult (None means ADVANCE).")
      .def("erase",
           [](PyOperation &o) {
             Operation *op = o.get();
             if (!op->use_empty())
               throw nb::value_error(
                   "cannot erase an operation whose results are still used");
             PyOperation::invalidateNested(*o.ctx.ptr, op,
                                           /*includeSelf=*/true);
             o.valid = false;
             o.owned = false;
             o.parentKeepAlive = nb::object();
             op->erase();
           })
      .def("detach_from_parent",
           [](nb::handle self) {
             PyOperation &o = toOperation(self);
             Operation *op = o.get();
             if (!op->getBlock())
               throw nb::value_error("the operation has no parent");
             op->remove();
             o.setDetached();
             return nb::borrow(self);
           })
      .def("move_before",
           [](PyOperation &o, PyOperation &other) {
             Operation *op = o.get(), *ref = other.get();
             checkSameContext(o.ctx, other.ctx, "the other operation");
             if (op == ref || op->isAncestor(ref))
               throw nb::value_error("cannot move an operation into itself");
             if (!ref->getBlock())
               throw nb::value_error("the other operation has no block");
             if (op->getBlock())
               op->moveBefore(ref);
             else
               ref->getBlock()->getOperations().insert(Block::iterator(ref), op);
             o.setAttached();
           })
      .def("move_after",
           [](PyOperation &o, PyOperation &other) {
             Operation *op = o.get(), *ref = other.get();
             checkSameContext(o.ctx, other.ctx, "the other operation");
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
           })
      .def(
          "clone",
          [](const PyOperation &o, nb::handle ip) {
            Operation *copy = o.get()->clone();
            nb::object obj = PyOperation::createOwned(o.ctx, copy);
            PyOperation &py = nb::cast<PyOperation &>(obj);
            py.operandKeepAlive = o.operandKeepAlive;
            if (o.parentKeepAlive.is_valid())
              py.operandKeepAlive.push_back(o.parentKeepAlive);
            if (ip.is_valid() && !ip.is_none())
              nb::cast<PyInsertionPoint &>(ip).insert(py);
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
            DiagnosticCapture diags(ctx);
            ParserConfig config(ctx);
            OwningOpRef<ModuleOp> mod =
                parseSourceString<ModuleOp>(asm_, config, sourceName);
            if (!mod)
              raiseMLIRError(c, "Unable to parse module assembly",
                             diags.take());
            return PyModule{PyOperation::createOwned(c, mod.release())};
          },
          nb::arg("asm"), nb::arg("context") = nb::none(),
          nb::arg("source_name") = "<string>")
      .def_static(
          "create",
          [](nb::handle loc) {
            PyLocation l;
            if (loc.is_valid() && !loc.is_none())
              l = resolveLocation(loc);
            else if (!stacks().locations.empty())
              l = resolveLocation(nb::none());
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
                     return PyBlock{m.opObj, mod.getBody()};
                   })
      .def("__str__",
           [](const PyModule &m) {
             return printOp(m.op().get(), PrintOptions());
           })
      .def("__repr__", [](const PyModule &) {
        return std::string("<tirx.ir.Module>");
      });

  //--- Region / Block --------------------------------------------------------
  nb::class_<PyBlockList>(m, "BlockList")
      .def("__len__",
           [](const PyBlockList &l) { return l.region.get()->getBlocks().size(); })
      .def("__getitem__",
           [](const PyBlockList &l, int64_t i) {
             std::vector<nb::object> blocks = blockSnapshot(l.region);
             return blocks[normalizeIndex(i, blocks.size())];
           })
      .def("__iter__",
           [](const PyBlockList &l) {
             return nb::cast(blockSnapshot(l.region)).attr("__iter__")();
           })
      .def(
          "append",
          [](const PyBlockList &l, nb::args argTypes, nb::handle argLocs) {
            Block *b = createBlock(l.region, argTypes, argLocs, false);
            return PyBlock{l.region.opObj, b};
          },
          nb::arg("arg_types"), nb::arg("arg_locs") = nb::none());

  nb::class_<PyRegion>(m, "Region")
      .def_prop_ro("blocks",
                   [](const PyRegion &r) {
                     r.get();
                     return PyBlockList{r};
                   })
      .def_prop_ro("owner", [](const PyRegion &r) {
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
          [](const PyRegion &parent, nb::handle argTypes, nb::handle argLocs) {
            Block *b = createBlock(parent, argTypes, argLocs, true);
            return PyBlock{parent.opObj, b};
          },
          nb::arg("parent"), nb::arg("arg_types") = nb::list(),
          nb::arg("arg_locs") = nb::none())
      .def_prop_ro("owner", [](const PyBlock &b) {
        b.get();
        return b.opObj;
      })
      .def_prop_ro("region",
                   [](const PyBlock &b) {
                     return PyRegion{b.opObj, b.get()->getParent()};
                   })
      .def_prop_ro("arguments",
                   [](const PyBlock &b) {
                     const CtxRef &ctx = nb::cast<PyOperation &>(b.opObj).ctx;
                     std::vector<nb::object> out;
                     for (BlockArgument a : b.get()->getArguments())
                       out.push_back(wrapValue(ctx, a));
                     return out;
                   })
      .def(
          "add_argument",
          [](const PyBlock &b, const PyType &t, nb::handle loc) {
            const CtxRef &ctx = nb::cast<PyOperation &>(b.opObj).ctx;
            checkSameContext(ctx, t.ctx, "the type");
            Location l = UnknownLoc::get(ctx.get());
            if ((loc.is_valid() && !loc.is_none()) ||
                !stacks().locations.empty()) {
              PyLocation pl = resolveLocation(loc);
              checkSameContext(ctx, pl.ctx, "the location");
              l = pl.get();
            }
            return wrapValue(ctx, b.get()->addArgument(t.get(), l));
          },
          nb::arg("type"), nb::arg("loc") = nb::none())
      .def_prop_ro("operations",
                   [](const PyBlock &b) {
                     const CtxRef &ctx = nb::cast<PyOperation &>(b.opObj).ctx;
                     std::vector<nb::object> out;
                     for (Operation &op : *b.get())
                       out.push_back(PyOperation::forOperation(ctx, &op));
                     return out;
                   })
      .def("append",
           [](const PyBlock &b, PyOperation &op) {
             PyInsertionPoint{b, nb::none()}.insert(op);
           })
      .def("__eq__",
           [](const PyBlock &a, nb::handle b) {
             if (!nb::isinstance<PyBlock>(b))
               return false;
             return a.block == nb::cast<PyBlock &>(b).block;
           })
      .def("__hash__", [](const PyBlock &b) { return (size_t)b.block; })
      .def("__str__", [](const PyBlock &b) {
        std::string s;
        llvm::raw_string_ostream os(s);
        b.get()->print(os);
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
            throw nb::type_error("expected a Block or an Operation");
          },
          nb::arg("block_or_op"),
          "Inserts at the end of a block, or before an operation.")
      .def_static("at_block_begin",
                  [](const PyBlock &b) -> PyInsertionPoint {
                    Block *blk = b.get();
                    if (blk->empty())
                      return PyInsertionPoint{b, nb::none()};
                    const CtxRef &ctx = nb::cast<PyOperation &>(b.opObj).ctx;
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
                    const CtxRef &ctx = nb::cast<PyOperation &>(b.opObj).ctx;
                    return PyInsertionPoint{
                        b, PyOperation::forOperation(ctx, &blk->back())};
                  })
      .def("insert", [](PyInsertionPoint &ip,
                        PyOperation &op) { ip.insert(op); })
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
             push(stacks().contexts,
                  nb::cast<PyOperation &>(ip.block.opObj).ctx.obj);
             push(stacks().insertionPoints, self);
             return nb::borrow(self);
           })
      .def("__exit__",
           [](nb::handle self, nb::args) {
             PyInsertionPoint &ip = nb::cast<PyInsertionPoint &>(self);
             pop(stacks().insertionPoints, self, "InsertionPoint");
             pop(stacks().contexts,
                 nb::cast<PyOperation &>(ip.block.opObj).ctx.obj,
                 "InsertionPoint");
           })
      .def_prop_ro_static("current", [](nb::handle) -> nb::object {
        auto &s = stacks().insertionPoints;
        if (s.empty())
          throw nb::value_error("no current InsertionPoint");
        return nb::borrow(s.back());
      });
}

} // namespace tirx_py
