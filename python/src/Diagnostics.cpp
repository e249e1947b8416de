//===- Diagnostics.cpp - MLIR diagnostics as Python MLIRError ---*- C++ -*-===//
//
// Errors MLIR emits while a binding runs are collected (DiagnosticCapture)
// and raised as tirx.ir.MLIRError after MLIR returns. A DiagnosticInfo
// keeps its text: printing it never touches the context again (which may be
// destroyed by then).
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/raw_ostream.h"

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

using namespace mlir;

namespace tirx_py __attribute__((visibility("hidden"))) {

static CapturedDiagnostic capture(Diagnostic &d) {
  CapturedDiagnostic c;
  c.severity = d.getSeverity();
  c.loc = LocationAttr(d.getLocation());
  c.message = d.str();
  for (Diagnostic &note : d.getNotes())
    c.notes.push_back(capture(note));
  return c;
}

DiagnosticCapture::DiagnosticCapture(MLIRContext *ctx, bool captureWarnings)
    : ctx(ctx) {
  id = ctx->getDiagEngine().registerHandler(
      [this, captureWarnings](Diagnostic &d) -> LogicalResult {
        if (captureWarnings && d.getSeverity() == DiagnosticSeverity::Warning) {
          warnings.push_back(capture(d));
          return success();
        }
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
  // Depth-first, leftmost first, without recursion (locations can be deep).
  llvm::SmallVector<LocationAttr, 8> stack;
  if (loc)
    stack.push_back(loc);
  while (!stack.empty()) {
    LocationAttr l = stack.pop_back_val();
    if (auto f = dyn_cast<FileLineColRange>(l))
      return f;
    if (auto n = dyn_cast<NameLoc>(l))
      stack.push_back(n.getChildLoc());
    else if (auto c = dyn_cast<CallSiteLoc>(l))
      stack.push_back(c.getCallee());
    else if (auto f = dyn_cast<FusedLoc>(l))
      for (Location x : llvm::reverse(f.getLocations()))
        stack.push_back(x);
    else if (auto o = dyn_cast<OpaqueLoc>(l))
      stack.push_back(o.getFallbackLocation());
  }
  return std::nullopt;
}

std::string formatLocation(LocationAttr loc) {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (auto f = findFileLocation(loc)) {
    os << f->getFilename().getValue() << ":" << f->getStartLine() << ":"
       << f->getStartColumn();
  } else if (loc) {
    // Printing recurses: keep deep locations off this thread's stack.
    std::string printed;
    runNested(attributeDepth(loc), [&] {
      llvm::raw_string_ostream p(printed);
      loc.print(p);
    });
    os << printed;
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

namespace {
/// The Python view of one diagnostic (upstream: DiagnosticInfo). The text
/// is formatted when it is captured.
struct PyDiagnosticInfo {
  DiagnosticSeverity severity;
  PyLocation location;
  std::string locationText;
  std::string message;
  std::vector<PyDiagnosticInfo> notes;

  std::string str(unsigned indent = 0) const {
    std::string s(indent, ' ');
    s += severityName(severity);
    s += ": ";
    s += locationText;
    s += ": ";
    s += message;
    for (const PyDiagnosticInfo &n : notes) {
      s += "\n";
      s += n.str(indent + 2);
    }
    return s;
  }
};
} // namespace

static PyDiagnosticInfo toInfo(const CtxRef &ctx, const CapturedDiagnostic &d) {
  PyDiagnosticInfo info{d.severity, PyLocation{ctx, d.loc},
                        formatLocation(d.loc), d.message, {}};
  for (const CapturedDiagnostic &n : d.notes)
    info.notes.push_back(toInfo(ctx, n));
  return info;
}

nb::object diagnosticInfo(const CtxRef &ctx, const CapturedDiagnostic &d) {
  return nb::cast(toInfo(ctx, d));
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
  nb::object exc = nb::handle(mlirErrorType)(
      nb::str(message.data(), message.size()), infos);
  PyErr_SetObject(mlirErrorType, exc.ptr());
  throw nb::python_error();
}

void bindDiagnostics(nb::module_ &m) {
  nb::enum_<DiagnosticSeverity>(m, "DiagnosticSeverity")
      .value("ERROR", DiagnosticSeverity::Error)
      .value("WARNING", DiagnosticSeverity::Warning)
      .value("NOTE", DiagnosticSeverity::Note)
      .value("REMARK", DiagnosticSeverity::Remark);

  nb::class_<PyDiagnosticInfo>(m, "DiagnosticInfo")
      .def_ro("severity", &PyDiagnosticInfo::severity)
      .def_prop_ro(
          "location",
          [](const PyDiagnosticInfo &d) {
            d.location.get(); // raises once the context is destroyed
            return d.location;
          },
          "The Location (raises once its Context is destroyed; str() of the "
          "diagnostic does not).")
      .def_ro("message", &PyDiagnosticInfo::message)
      .def_ro("notes", &PyDiagnosticInfo::notes)
      .def("__str__", [](const PyDiagnosticInfo &d) { return d.str(); })
      .def("__repr__", [](const PyDiagnosticInfo &d) {
        return "DiagnosticInfo(" + d.str() + ")";
      });
}

} // namespace tirx_py
