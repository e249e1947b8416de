//===- Context.cpp - Context, `with` stacks, argument checking --*- C++ -*-===//

#include "IRCore.h"

#include "TIRx/Support/Nesting.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

using namespace mlir;

namespace tirx_py __attribute__((visibility("hidden"))) {

//===----------------------------------------------------------------------===//
// Argument checking and messages
//===----------------------------------------------------------------------===//

std::string quoted(llvm::StringRef s) {
  // Long inputs (IR text, pipelines) are shown by their ends.
  constexpr size_t kHead = 100, kTail = 40;
  if (s.size() > kHead + kTail + 20)
    return quoted(s.take_front(kHead)) + "..." + quoted(s.take_back(kTail)) +
           " (" + std::to_string(s.size()) + " characters)";
  std::string out = "'";
  llvm::raw_string_ostream os(out);
  for (unsigned char c : s) {
    if (c == '\\' || c == '\'')
      os << '\\' << c;
    else if (c == '\n')
      os << "\\n";
    else if (c == '\t')
      os << "\\t";
    else if (c < 0x20 || c == 0x7f)
      os << llvm::format("\\x%02x", c);
    else
      os << c; // printable ASCII and UTF-8 bytes
  }
  os << "'";
  return out;
}

std::string typeName(nb::handle h) {
  if (!h.is_valid())
    return "nothing";
  return nb::cast<std::string>(nb::handle(h.type()).attr("__name__"));
}

std::string strArg(nb::handle h, const char *arg) {
  if (!nb::isinstance<nb::str>(h))
    throw nb::type_error(
        (std::string(arg) + " must be a str, not " + typeName(h)).c_str());
  Py_ssize_t size;
  const char *data = PyUnicode_AsUTF8AndSize(h.ptr(), &size);
  if (!data)
    throw nb::python_error();
  return std::string(data, size);
}

void checkNoNul(llvm::StringRef s, const char *arg) {
  if (s.contains('\0'))
    throw nb::value_error((std::string(arg) +
                           " must not contain NUL characters: " + quoted(s))
                              .c_str());
}

int64_t int64Arg(nb::handle h, const char *arg) {
  if (!PyLong_Check(h.ptr()))
    throw nb::type_error(
        (std::string(arg) + " must be an int, not " + typeName(h)).c_str());
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
  if (overflow)
    throw nb::value_error((std::string(arg) + " = " +
                           nb::cast<std::string>(nb::str(h)) +
                           " does not fit in a signed 64-bit integer")
                              .c_str());
  if (v == -1 && PyErr_Occurred())
    throw nb::python_error();
  return v;
}

std::vector<nb::object> listArg(nb::handle h, const char *arg) {
  std::vector<nb::object> out;
  if (!h.is_valid() || h.is_none())
    return out;
  if (nb::isinstance<nb::str>(h) || nb::isinstance<nb::dict>(h))
    throw nb::type_error((std::string(arg) +
                          " must be a list or other iterable of items, not " +
                          typeName(h))
                             .c_str());
  PyObject *it = PyObject_GetIter(h.ptr());
  if (!it) {
    PyErr_Clear();
    throw nb::type_error((std::string(arg) + " must be iterable, not " +
                          typeName(h))
                             .c_str());
  }
  nb::object iter = nb::steal(it);
  while (PyObject *item = PyIter_Next(iter.ptr()))
    out.push_back(nb::steal(item));
  if (PyErr_Occurred())
    throw nb::python_error();
  return out;
}

void checkSameContext(const CtxRef &ctx, const CtxRef &other,
                      const char *what) {
  if (ctx != other)
    throw nb::value_error(
        (std::string(what) + " belongs to a different Context").c_str());
}

//===----------------------------------------------------------------------===//
// Thread-local `with` stacks
//===----------------------------------------------------------------------===//

// Strong references held in C++ thread-local storage. What a `with` block
// never exited leaves behind is dropped when its thread ends (a guard object
// in a threading.local dies with the thread's state, under the GIL) and, for
// the main thread, at interpreter exit (an atexit hook): nothing outlives the
// interpreter.

namespace {
struct Stacks {
  std::vector<PyObject *> contexts, locations, insertionPoints;
  bool guarded = false;
};
Stacks &stacks() {
  static thread_local Stacks s;
  return s;
}
/// Lives in a threading.local: clears its thread's stacks when it dies.
struct WithStackGuard {
  bool armed = false; // only the instance the threading.local holds
  ~WithStackGuard() {
    if (armed)
      clearWithStacks();
  }
};
PyObject *threadLocal = nullptr; // a threading.local(), for the guards
void push(std::vector<PyObject *> &s, nb::handle h) {
  Stacks &all = stacks();
  if (!all.guarded && threadLocal) {
    all.guarded = true;
    nb::object guard = nb::cast(WithStackGuard{});
    nb::cast<WithStackGuard &>(guard).armed = true;
    nb::handle(threadLocal).attr("with_stack_guard") = guard;
  }
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
nb::object top(const std::vector<PyObject *> &s) {
  if (s.empty())
    return nb::none();
  return nb::borrow(s.back());
}
} // namespace

void pushContext(nb::handle h) { push(stacks().contexts, h); }
void popContext(nb::handle h, const char *what) {
  pop(stacks().contexts, h, what);
}
void pushLocation(nb::handle h) { push(stacks().locations, h); }
void popLocation(nb::handle h) { pop(stacks().locations, h, "Location"); }
void pushInsertionPoint(nb::handle h) { push(stacks().insertionPoints, h); }
void popInsertionPoint(nb::handle h) {
  pop(stacks().insertionPoints, h, "InsertionPoint");
}
nb::object currentContextObject() { return top(stacks().contexts); }
nb::object currentLocationObject() { return top(stacks().locations); }
nb::object currentInsertionPointObject() {
  return top(stacks().insertionPoints);
}
bool hasCurrentLocation() { return !stacks().locations.empty(); }

void clearWithStacks() {
  Stacks &s = stacks();
  for (auto *v : {&s.insertionPoints, &s.locations, &s.contexts}) {
    std::vector<PyObject *> items;
    items.swap(*v);
    for (PyObject *o : llvm::reverse(items))
      Py_DECREF(o);
  }
}

CtxRef resolveContext(nb::handle explicitCtx) {
  if (explicitCtx.is_valid() && !explicitCtx.is_none())
    return CtxRef(
        argAs<TContext>(explicitCtx, "context", "a tirx.ir.Context or None"));
  auto &s = stacks().contexts;
  if (s.empty())
    throw nb::value_error(
        "no current Context: pass context= or use `with Context():`");
  return CtxRef(nb::cast<TContext &>(nb::handle(s.back())));
}

PyLocation resolveLocation(nb::handle explicitLoc) {
  if (explicitLoc.is_valid() && !explicitLoc.is_none())
    return argAs<PyLocation>(explicitLoc, "loc", "a tirx.ir.Location or None");
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

//===----------------------------------------------------------------------===//
// TContext
//===----------------------------------------------------------------------===//

TContext::TContext() : ctx(createTIRxContext()) {}

TContext::~TContext() {
  if (ctx) {
    freeAll();
    ctx.reset();
  }
}

MLIRContext *TContext::get() const {
  if (!ctx)
    throw std::runtime_error(
        "the Context of this object has been destroyed");
  return ctx.get();
}

void TContext::checkMutable(const char *what) const {
  get();
  if (pins)
    throw std::runtime_error(
        std::string("cannot ") + what +
        " now: the Context's IR is in use by a walk() callback (or Python "
        "code run by another call, e.g. in another thread); change the IR "
        "after the walk (collect the operations first)");
}

void TContext::destroy() {
  if (!ctx)
    return;
  checkMutable("destroy the Context");
  freeAll();
  depthMemo.clear();
  ctx.reset();
}

//===----------------------------------------------------------------------===//
// Bindings
//===----------------------------------------------------------------------===//

static void ensureDialectLoaded(MLIRContext *ctx, StringRef opName) {
  size_t dot = opName.find('.');
  if (dot != StringRef::npos)
    ctx->getOrLoadDialect(opName.take_front(dot));
}

void bindContext(nb::module_ &m) {
  m.attr("MAX_NESTING_DEPTH") = mlir::tirx::kMaxNestingDepth;
  m.def("_clear_with_stacks", &clearWithStacks,
        "Drops the `with` blocks this thread never exited (run at exit).");
  nb::module_::import_("atexit").attr("register")(
      m.attr("_clear_with_stacks"));
  nb::class_<WithStackGuard>(m, "_WithStackGuard");
  nb::object local = nb::module_::import_("threading").attr("local")();
  m.attr("_with_stack_local") = local;
  threadLocal = local.ptr(); // the module keeps it

  nb::class_<TContext>(m, "Context",
                       "An MLIR context with TIRx and every upstream dialect, "
                       "extension and pass registered.")
      .def(nb::init<>())
      .def("__enter__",
           [](nb::handle self) {
             pushContext(self);
             return nb::borrow(self);
           })
      .def("__exit__",
           [](nb::handle self, nb::args) { popContext(self, "Context"); })
      .def_prop_ro_static(
          "current",
          [](nb::handle) -> nb::object {
            nb::object c = currentContextObject();
            if (c.is_none())
              throw nb::value_error("no current Context");
            return c;
          },
          "The Context of the innermost `with` block.")
      .def_prop_rw(
          "allow_unregistered_dialects",
          [](TContext &c) { return c.get()->allowsUnregisteredDialects(); },
          [](TContext &c, bool v) { c.get()->allowUnregisteredDialects(v); })
      .def(
          "enable_multithreading",
          [](TContext &c, bool enable) {
            c.checkMutable("change multithreading");
            c.get()->enableMultithreading(enable);
          },
          nb::arg("enable"),
          "MLIR's thread pool for passes and verification. Off by default: "
          "its threads have small stacks, which limits the depth of IR that "
          "parallel passes can handle.")
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
          [](TContext &c, nb::handle nameObj) {
            std::string name = strArg(nameObj, "operation_name");
            checkNoNul(name, "operation_name");
            MLIRContext *ctx = c.get();
            ensureDialectLoaded(ctx, name);
            return RegisteredOperationName::lookup(name, ctx).has_value();
          },
          nb::arg("operation_name"))
      .def("destroy", &TContext::destroy,
           "Frees the MLIR context now (and every operation it owns). Every "
           "object made in it raises afterwards. Raises while a walk() over "
           "its IR is running.")
      .def_prop_ro("is_destroyed", [](TContext &c) { return !c.alive(); })
      .def("_get_live_operation_count",
           [](TContext &c) { return c.liveOperations.size(); })
      .def(
          "_get_ownership_counts",
          [](TContext &c) {
            std::vector<size_t> v = c.ownershipCounts();
            nb::dict d;
            d["live_wrappers"] = v[0];
            d["owned_roots"] = v[1];
            d["parked_roots"] = v[2];
            d["deferred_roots"] = v[3];
            d["abandoned_roots"] = v[4];
            return d;
          },
          "For tests: how many operation wrappers and roots the context "
          "tracks.");
}

} // namespace tirx_py
