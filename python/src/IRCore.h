//===- IRCore.h - Python wrappers of the MLIR IR classes --------*- C++ -*-===//
//
// The objects behind `tirx.ir`. The rules they enforce (docs/Python.md says
// the same for users):
//
// Ownership
// * `Context` (TContext) owns an MLIRContext. Every other wrapper holds a
//   Python reference to its Context, so a context lives as long as anything
//   made in it. `Context.destroy()` frees it early; every wrapper raises
//   afterwards.
// * There is at most one `Operation` wrapper per mlir::Operation (the
//   context's live-operation map). A wrapper either owns its operation (a
//   detached root: made by Operation.create, parse or clone, or detached)
//   or holds a reference to the wrapper of its parent operation, so the root
//   of an operation lives as long as any handle inside it. Block, Region and
//   Value wrappers hold the wrapper of the operation that owns them.
// * When the last handle of a root goes, the root is freed -- unless a value
//   or block defined in it is still used from outside it (by another root).
//   Then the context keeps ("parks") it until those uses are gone or the
//   context is destroyed. IR is never freed while something refers to it,
//   and no Python reference cycle is ever needed for that.
// * `erase()` refuses while a value or block defined in the operation (at
//   any depth) is used outside it. Erasing, detaching elsewhere or running a
//   pass invalidates the handles of the operations nested in the affected
//   operation; Block and BlockArgument handles of an operation a pass ran on
//   are re-checked (a block or argument the pass removed raises).
// * Freeing IR is iterative (any depth).
//
// Re-entrancy and threads
// * Every call runs with the GIL held and converts its Python arguments
//   (iterating generators, ...) before it touches the IR.
// * While a call runs Python code in the middle of its work (a walk()
//   callback; a garbage collection during an allocation), the context is
//   pinned: calls that change the IR structure (insert, move, detach, erase,
//   new blocks, pass runs, destroy) raise instead, in any thread, and roots
//   whose last handle goes are freed when the pin is released.
//
// Depth
// * Input nesting deeper than mlir::tirx::kMaxNestingDepth (text, IR regions,
//   attributes, types, locations) raises; recursive MLIR work on deep input
//   runs on a thread with a large stack.
//
// Diagnostics
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
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

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

//===----------------------------------------------------------------------===//
// Argument checking and messages
//===----------------------------------------------------------------------===//

/// `s` quoted and escaped like Python's repr() of a str (no raw NUL or
/// control characters ever reach a message); a long `s` by its two ends.
std::string quoted(llvm::StringRef s);
/// The Python type name of `h`, for messages.
std::string typeName(nb::handle h);
/// `h` as T, else TypeError "<arg> must be <expected>, not <type>".
template <typename T>
T &argAs(nb::handle h, const char *arg, const char *expected) {
  if (!h.is_valid() || !nb::isinstance<T>(h))
    throw nb::type_error((std::string(arg) + " must be " + expected +
                          ", not " + typeName(h))
                             .c_str());
  return nb::cast<T &>(h);
}
/// A Python str as UTF-8, else TypeError naming `arg`.
std::string strArg(nb::handle h, const char *arg);
/// ValueError naming `arg` if `s` contains a NUL character.
void checkNoNul(llvm::StringRef s, const char *arg);
/// A Python int that fits int64_t, else TypeError / ValueError naming `arg`.
int64_t int64Arg(nb::handle h, const char *arg);
/// Items of an iterable (None: empty), else TypeError naming `arg`. Runs
/// Python code (generators): call it before touching the IR.
std::vector<nb::object> listArg(nb::handle h, const char *arg);

//===----------------------------------------------------------------------===//
// Context
//===----------------------------------------------------------------------===//

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
  /// Frees every root the context owns and the MLIRContext. Raises while
  /// the context is pinned.
  void destroy();
  /// The Python object of this context.
  nb::object handle() { return nb::find(this); }

  /// Wrappers of live operations, one per mlir::Operation.
  llvm::DenseMap<mlir::Operation *, PyOperation *> liveOperations;

  //--- Roots -----------------------------------------------------------------
  /// The owning wrapper of `root` went away: free it, park it, or (while
  /// pinned) defer that. Never throws.
  void releaseRoot(mlir::Operation *root) noexcept;
  /// A wrapper is being made for the detached root `root`: whether it was
  /// parked (the wrapper then owns it again).
  bool takeParked(mlir::Operation *root);
  /// `root` may be in an inconsistent state (a crash was recovered inside a
  /// pass on it): it is never touched or freed again.
  void abandon(mlir::Operation *root);
  /// Raises if `op` is inside an abandoned root.
  void checkNotAbandoned(mlir::Operation *op) const;
  /// Uses of values may have gone (an erase, a pass, replaced operands):
  /// parked roots may be freeable.
  void usesMayHaveGone() { sweepNeeded = true; }

  //--- Pinning ---------------------------------------------------------------
  /// Raises RuntimeError if the context is pinned (see IRCore.h).
  void checkMutable(const char *what) const;
  bool pinned() const { return pins != 0; }

  //--- Depth -----------------------------------------------------------------
  /// Nesting depth of an attribute / type (memoized, iterative).
  unsigned depthOf(mlir::Attribute attr);
  unsigned depthOf(mlir::Type type);
  /// The deepest attribute, type, location or text nesting seen so far.
  unsigned nestingHighWater = 0;

  /// For tests and the fuzzer: {live wrappers, owned roots, parked roots,
  /// deferred releases, abandoned roots}.
  std::vector<size_t> ownershipCounts() const;

private:
  friend struct Pin;
  void processDeferred() noexcept;
  void sweepParked() noexcept;
  void freeAll() noexcept;

  std::unique_ptr<mlir::MLIRContext> ctx;
  unsigned pins = 0;
  bool sweepNeeded = false;
  llvm::SetVector<mlir::Operation *> parked;
  std::vector<mlir::Operation *> deferred;
  llvm::DenseSet<mlir::Operation *> abandoned;
  llvm::DenseMap<const void *, unsigned> depthMemo;
  unsigned depthOfOpaque(const void *root, bool isType);
};

/// Pins a context for a scope (see IRCore.h).
struct Pin {
  explicit Pin(TContext &c) : c(c) { ++c.pins; }
  ~Pin() {
    if (--c.pins == 0)
      c.processDeferred();
  }
  Pin(const Pin &) = delete;
  Pin &operator=(const Pin &) = delete;

private:
  TContext &c;
};

/// A Pin for a call that changes the IR structure: raises first if the
/// context is already pinned.
struct MutationPin : Pin {
  MutationPin(TContext &c, const char *what) : Pin(checked(c, what)) {}

private:
  static TContext &checked(TContext &c, const char *what) {
    c.checkMutable(what);
    return c;
  }
};

/// A reference to a context that keeps it alive.
struct CtxRef {
  nb::object obj;
  TContext *ptr = nullptr;

  CtxRef() = default;
  explicit CtxRef(TContext &c) : obj(c.handle()), ptr(&c) {}
  mlir::MLIRContext *get() const { return ptr->get(); }
  TContext &operator*() const { return *ptr; }
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
/// Whether a `with Location` block is active in this thread.
bool hasCurrentLocation();
/// The innermost `with InsertionPoint` object, or None.
nb::object currentInsertionPointObject();

/// The `with` stacks (thread-local).
void pushContext(nb::handle h);
void popContext(nb::handle h, const char *what);
void pushLocation(nb::handle h);
void popLocation(nb::handle h);
void pushInsertionPoint(nb::handle h);
void popInsertionPoint(nb::handle h);
nb::object currentContextObject();
nb::object currentLocationObject();
/// Drops this thread's `with` stacks (at interpreter exit).
void clearWithStacks();

//===----------------------------------------------------------------------===//
// Types, attributes, locations
//===----------------------------------------------------------------------===//

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

/// Raises ValueError naming `what` if `depth` exceeds kMaxNestingDepth, and
/// records it as the context's high-water mark.
void checkNestingDepth(TContext &ctx, unsigned depth, const char *what);

//===----------------------------------------------------------------------===//
// Operations, blocks, regions, values
//===----------------------------------------------------------------------===//

struct PyOperation {
  CtxRef ctx;
  mlir::Operation *op = nullptr;
  bool owned = false;
  bool valid = true;
  /// Bumped when a pass runs on this operation: Block / BlockArgument
  /// handles of its regions re-check themselves.
  uint32_t bodyEpoch = 0;
  /// The wrapper of the parent operation while attached.
  nb::object parentKeepAlive;

  PyOperation(CtxRef c, mlir::Operation *o, bool owned);
  ~PyOperation();

  /// The operation; raises if it was erased or its context destroyed.
  mlir::Operation *get() const;
  void checkValid() const { (void)get(); }

  /// The unique wrapper of `op` (creating a non-owning one, chained to its
  /// parent's wrapper, if there is none yet). Iterative.
  static nb::object forOperation(const CtxRef &ctx, mlir::Operation *op);
  /// A new wrapper that owns the detached operation `op`.
  static nb::object createOwned(const CtxRef &ctx, mlir::Operation *op);
  /// Marks the wrappers of every operation nested in `op` (and `op` itself
  /// if `includeSelf`) invalid. Iterative.
  static void invalidateNested(TContext &ctx, mlir::Operation *op,
                               bool includeSelf);

  /// Called after the operation was inserted into a block.
  void setAttached();
  /// Called after the operation was removed from its block.
  void setDetached();
};

/// Python handle -> PyOperation& (accepts Operation and Module objects);
/// TypeError naming `arg` otherwise.
PyOperation &toOperation(nb::handle h, const char *arg = "operation");

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

/// Whether `block` is (still) a block of one of `op`'s regions. Compares
/// pointers only.
bool ownsBlock(mlir::Operation *op, mlir::Block *block);

struct PyBlock {
  nb::object opObj; // wrapper of the parent operation
  mlir::Block *block = nullptr;
  mutable uint32_t epoch = 0;

  PyBlock() = default;
  PyBlock(nb::object owner, mlir::Block *b);
  PyOperation &owner() const { return nb::cast<PyOperation &>(opObj); }
  /// The block; raises if its operation is gone or a pass removed it.
  mlir::Block *get() const;
  static PyBlock forBlock(const CtxRef &ctx, mlir::Block *b);
};

struct PyValue {
  nb::object ownerObj; // defining op, or the parent op of the block
  mlir::Value value;
  mlir::Block *argBlock = nullptr; // the block of a block argument
  mutable uint32_t epoch = 0;

  PyOperation &owner() const { return nb::cast<PyOperation &>(ownerObj); }
  /// The value; raises if its owner is gone or a pass removed it.
  mlir::Value get() const;
  const CtxRef &ctx() const { return owner().ctx; }
  static PyValue forValue(const CtxRef &ctx, mlir::Value v);
};
struct PyOpResult : PyValue {};
struct PyBlockArgument : PyValue {};
nb::object wrapValue(const CtxRef &ctx, mlir::Value v);

struct PyInsertionPoint {
  PyBlock block;
  nb::object refOp; // None: the end of the block
  /// The block and the operation to insert before (null: the end), both
  /// checked; raises if the insertion point no longer exists.
  std::pair<mlir::Block *, mlir::Operation *> resolve() const;
  /// Inserts `op` (checked: same context, not already in a block, not into
  /// itself). The caller holds a MutationPin.
  void insert(PyOperation &op);
};

//===----------------------------------------------------------------------===//
// Ownership helpers (Ownership.cpp)
//===----------------------------------------------------------------------===//

/// A value or block defined in `root` (at any depth) and used by an
/// operation outside it, described for a message; empty if there is none.
std::string describeOutsideUse(mlir::Operation *root);
/// Whether some value or block defined in `root` is used outside it.
bool hasOutsideUses(mlir::Operation *root);
/// Frees the detached `root` and everything in it, iteratively (any depth).
/// Its values must have no uses outside it.
void freeRoot(TContext &ctx, mlir::Operation *root);
/// The outermost ancestor of `op` (itself if detached).
mlir::Operation *rootOf(mlir::Operation *op);
/// The depth of region nesting inside `op` (0: no nested operations).
/// Iterative.
unsigned regionDepth(mlir::Operation *op);
/// Calls `fn` on `op` and every operation nested in it, parents first.
/// Iterative.
void forEachNested(mlir::Operation *op,
                   llvm::function_ref<void(mlir::Operation *)> fn);

//===----------------------------------------------------------------------===//
// Deep recursion (Depth.cpp)
//===----------------------------------------------------------------------===//

/// Runs `fn` -- C++ only, it must not touch Python objects or throw -- with
/// enough stack for MLIR recursion `depth` levels deep: on this thread when
/// it is shallow, else on a thread with a large stack (with `ctx`'s thread
/// pool off meanwhile, whose threads have small stacks). `depth` must not
/// exceed twice kMaxNestingDepth.
void runNested(unsigned depth, llvm::function_ref<void()> fn,
               mlir::MLIRContext *ctx = nullptr);
/// The recursion depth MLIR may reach on the IR of `op` (its regions plus
/// the deepest attribute seen in its context); raises ValueError naming
/// `what` if its regions nest deeper than kMaxNestingDepth.
unsigned nestedWorkDepth(TContext &ctx, mlir::Operation *op,
                         const char *what);
/// Raises MLIRError at the bracket where `text` nests deeper than
/// kMaxNestingDepth; returns the text's nesting depth otherwise.
unsigned checkTextNesting(const CtxRef &ctx, llvm::StringRef text,
                          llvm::StringRef sourceName, const char *what);

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
/// warnings and remarks go on to the default handler, unless
/// `captureWarnings`, which keeps the warnings too (takeWarnings). The
/// handler may run on another thread (runNested): it touches no Python
/// object.
class DiagnosticCapture {
public:
  explicit DiagnosticCapture(mlir::MLIRContext *ctx,
                             bool captureWarnings = false);
  ~DiagnosticCapture();
  std::vector<CapturedDiagnostic> take() { return std::move(diags); }
  std::vector<CapturedDiagnostic> takeWarnings() {
    return std::move(warnings);
  }
  bool empty() const { return diags.empty(); }

private:
  mlir::MLIRContext *ctx;
  mlir::DiagnosticEngine::HandlerID id;
  std::vector<CapturedDiagnostic> diags, warnings;
};

/// A tirx.ir.DiagnosticInfo for a captured diagnostic.
nanobind::object diagnosticInfo(const CtxRef &ctx, const CapturedDiagnostic &d);

/// Raises tirx.ir.MLIRError(message, diagnostics). Never returns.
[[noreturn]] void raiseMLIRError(const CtxRef &ctx, const std::string &message,
                                 std::vector<CapturedDiagnostic> diags);
/// `file:line:col` for file locations (searching inside name, call-site and
/// fused locations), else the printed location. Iterative.
std::string formatLocation(mlir::LocationAttr loc);

/// Throws ValueError unless every object belongs to `ctx`.
void checkSameContext(const CtxRef &ctx, const CtxRef &other,
                      const char *what);

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

/// Nesting depth of an attribute (iterative; not memoized).
unsigned attributeDepth(mlir::Attribute attr);
/// The printed form of a type / attribute / location (deep ones on a large
/// stack).
std::string printType(TContext &ctx, mlir::Type t);
std::string printAttribute(TContext &ctx, mlir::Attribute a);

//===----------------------------------------------------------------------===//
// Binding entry points (one per translation unit).
//===----------------------------------------------------------------------===//
void bindContext(nb::module_ &m);
void bindDiagnostics(nb::module_ &m);
void bindLocation(nb::module_ &m);
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
