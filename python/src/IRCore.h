//===- IRCore.h - Python wrappers of the MLIR IR classes --------*- C++ -*-===//
//
// The objects behind `tirx.ir`. Ownership rules (nothing can dangle):
//
// * `Context` (TContext) owns an MLIRContext. Every other wrapper holds a
//   Python reference to its Context, so a context lives as long as anything
//   made in it. `Context.destroy()` frees it early; every wrapper checks and
//   raises afterwards.
// * There is at most one `Operation` wrapper per mlir::Operation (the
//   context's live-operation map). A wrapper either owns its operation (a
//   detached root: created by Operation.create, or a parsed module) and
//   erases it when collected, or holds a reference to the wrapper of the
//   parent operation, so a root lives as long as anything inside it.
// * Block, Region and Value wrappers hold the wrapper of the operation that
//   owns them.
// * Erasing an operation, or running a pass manager on it, invalidates the
//   wrappers of the operations nested in it; using them raises.
// * MLIR diagnostics are collected while MLIR runs (DiagnosticCapture) and
//   raised as `MLIRError` (a RuntimeError) after MLIR has returned. Nothing
//   is ever thrown through MLIR code.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_PYTHON_IRCORE_H
#define TIRX_PYTHON_IRCORE_H

#include <nanobind/nanobind.h>

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"
#include "mlir/IR/Types.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tirx_py __attribute__((visibility("hidden"))) {
namespace nb = nanobind;

struct PyOperation;

/// A new MLIRContext with TIRx and every upstream dialect, extension and LLVM
/// IR translation registered (and all passes, once per process).
std::unique_ptr<mlir::MLIRContext> createTIRxContext();

/// The Python `Context`. (Not named PyContext: Python.h declares that.)
class TContext {
public:
  TContext();
  ~TContext();
  TContext(const TContext &) = delete;
  TContext &operator=(const TContext &) = delete;

  /// The MLIRContext; raises RuntimeError once destroyed.
  mlir::MLIRContext *get() const;
  bool alive() const { return ctx != nullptr; }
  /// Erases the operations Python still owns and frees the MLIRContext.
  void destroy();
  /// The Python object of this context.
  nb::object handle() { return nb::find(this); }

  /// Wrappers of live operations, one per mlir::Operation.
  llvm::DenseMap<mlir::Operation *, PyOperation *> liveOperations;

private:
  std::unique_ptr<mlir::MLIRContext> ctx;
};

/// A reference to a context that keeps it alive.
struct CtxRef {
  nb::object obj;
  TContext *ptr = nullptr;

  CtxRef() = default;
  explicit CtxRef(TContext &c) : obj(c.handle()), ptr(&c) {}
  mlir::MLIRContext *get() const { return ptr->get(); }
  bool operator==(const CtxRef &o) const { return ptr == o.ptr; }
  bool operator!=(const CtxRef &o) const { return ptr != o.ptr; }
};

/// Context / Location / InsertionPoint given explicitly or taken from the
/// innermost `with` block (upstream's "Defaulting" arguments).
CtxRef resolveContext(nb::handle explicitCtx);
struct PyLocation;
PyLocation resolveLocation(nb::handle explicitLoc);
/// The innermost `with Location` if it belongs to `ctx`, else unknown.
mlir::Location currentLocationOr(const CtxRef &ctx);

struct PyLocation {
  CtxRef ctx;
  mlir::LocationAttr loc;
  mlir::Location get() const {
    ctx.get();
    return mlir::Location(loc);
  }
};

struct PyType {
  CtxRef ctx;
  mlir::Type type;
  mlir::Type get() const {
    ctx.get();
    return type;
  }
};

struct PyAttribute {
  CtxRef ctx;
  mlir::Attribute attr;
  mlir::Attribute get() const {
    ctx.get();
    return attr;
  }
};

/// Wraps a type / attribute in the most specific Python class.
nb::object wrapType(const CtxRef &ctx, mlir::Type type);
nb::object wrapAttribute(const CtxRef &ctx, mlir::Attribute attr);

struct PyOperation {
  CtxRef ctx;
  mlir::Operation *op = nullptr;
  bool owned = false;
  bool valid = true;
  /// The wrapper of the parent operation while attached.
  nb::object parentKeepAlive;
  /// Owners of values this detached operation uses.
  std::vector<nb::object> operandKeepAlive;

  PyOperation(CtxRef c, mlir::Operation *o, bool owned);
  ~PyOperation();

  /// The operation; raises if it was erased or its context destroyed.
  mlir::Operation *get() const;
  void checkValid() const { (void)get(); }

  /// The unique wrapper of `op` (creating a non-owning one, chained to its
  /// parent's wrapper, if there is none yet).
  static nb::object forOperation(const CtxRef &ctx, mlir::Operation *op);
  /// A new wrapper that owns the detached operation `op`.
  static nb::object createOwned(const CtxRef &ctx, mlir::Operation *op);
  /// Marks the wrappers of every operation nested in `op` (and `op` itself
  /// if `includeSelf`) invalid.
  static void invalidateNested(TContext &ctx, mlir::Operation *op,
                               bool includeSelf);

  /// Called after the operation was inserted into a block.
  void setAttached();
  /// Called after the operation was removed from its block.
  void setDetached();
};

/// Python handle -> PyOperation& (accepts Operation and Module objects).
PyOperation &toOperation(nb::handle h);

struct PyModule {
  nb::object opObj; // the owning PyOperation of the builtin.module
  PyOperation &op() const { return nb::cast<PyOperation &>(opObj); }
};

struct PyRegion {
  nb::object opObj;
  mlir::Region *region;
  mlir::Region *get() const {
    nb::cast<PyOperation &>(opObj).checkValid();
    return region;
  }
};

struct PyBlock {
  nb::object opObj; // wrapper of the parent operation
  mlir::Block *block;
  mlir::Block *get() const {
    nb::cast<PyOperation &>(opObj).checkValid();
    return block;
  }
  static PyBlock forBlock(const CtxRef &ctx, mlir::Block *b);
};

struct PyValue {
  nb::object ownerObj; // defining op, or the parent op of the block
  mlir::Value value;
  mlir::Value get() const {
    nb::cast<PyOperation &>(ownerObj).checkValid();
    return value;
  }
  const CtxRef &ctx() const { return nb::cast<PyOperation &>(ownerObj).ctx; }
  static PyValue forValue(const CtxRef &ctx, mlir::Value v);
};
struct PyOpResult : PyValue {};
struct PyBlockArgument : PyValue {};
nb::object wrapValue(const CtxRef &ctx, mlir::Value v);

struct PyInsertionPoint {
  PyBlock block;
  nb::object refOp; // None: the end of the block
  void insert(PyOperation &op);
};

//===----------------------------------------------------------------------===//
// Diagnostics -> MLIRError
//===----------------------------------------------------------------------===//

struct CapturedDiagnostic {
  mlir::DiagnosticSeverity severity;
  mlir::LocationAttr loc;
  std::string message;
  std::vector<CapturedDiagnostic> notes;
};

/// Collects every error (with its notes) emitted in a context while alive;
/// warnings and remarks go on to the default handler.
class DiagnosticCapture {
public:
  explicit DiagnosticCapture(mlir::MLIRContext *ctx);
  ~DiagnosticCapture();
  std::vector<CapturedDiagnostic> take() { return std::move(diags); }
  bool empty() const { return diags.empty(); }

private:
  mlir::MLIRContext *ctx;
  mlir::DiagnosticEngine::HandlerID id;
  std::vector<CapturedDiagnostic> diags;
};

/// Raises tirx.ir.MLIRError(message, diagnostics). Never returns.
[[noreturn]] void raiseMLIRError(const CtxRef &ctx, const std::string &message,
                                 std::vector<CapturedDiagnostic> diags);
/// `file:line:col` for file locations (searching inside name, call-site and
/// fused locations), else the printed location.
std::string formatLocation(mlir::LocationAttr loc);

/// Throws ValueError unless every object belongs to `ctx`.
void checkSameContext(const CtxRef &ctx, const CtxRef &other,
                      const char *what);

//===----------------------------------------------------------------------===//
// Binding entry points (one per translation unit).
//===----------------------------------------------------------------------===//
void bindIRCore(nb::module_ &m);
void bindIRTypes(nb::module_ &m);
void bindPasses(nb::module_ &m);
void initMLIRError(nb::module_ &m);
void bindPlugins(nb::module_ &m);
void bindOpEffects(nb::module_ &m);

/// Registers the dialects of the loaded dialect plugins (Plugins.cpp).
void appendPluginDialects(mlir::DialectRegistry &registry);

} // namespace tirx_py

#endif // TIRX_PYTHON_IRCORE_H
