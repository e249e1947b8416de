//===- TileDispatch.h - Tile-primitive variant registry --------*- C++ -*-===//
//
// The registry of tile-primitive variants and the dispatch that picks one.
// A variant belongs to one primitive (`copy`, `copy_async`, `gemm`,
// `gemm_async`, `fill`, `unary`, `binary`, `fma`, `cast`, `reduce`,
// `permute_layout`) and has a priority, the config keys it understands
// (with their types), an applicability predicate that says why it declines,
// and an emitter that replaces the op by tirx / tirx.ptx code.
//
// Selection (`selectTileVariant`): the forced variant (`dispatch = "..."`)
// or every variant of the primitive, by decreasing priority then name; the
// first that takes all the op's config keys and whose predicate accepts
// wins. When none does, the error lists every candidate and its reason.
//
// Out-of-tree backends add variants with `registerTileVariant` (before
// parsing IR that uses their config keys); the built-in ones are
// registered when the TIRx dialect loads.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TILEDISPATCH_H
#define TIRX_DIALECT_TILEDISPATCH_H

#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/Dialect/TIRxTileOps.h"

#include "mlir/IR/PatternMatch.h"

#include <functional>
#include <string>
#include <vector>

namespace mlir::tirx {

/// The type a config value must have.
enum class TileConfigType { Int, Bool, String, IntList };

/// `integer`, `boolean`, `string`, `list of integers`.
llvm::StringRef describeTileConfigType(TileConfigType type);

/// A config key a variant understands.
struct TileConfigKey {
  std::string name;
  TileConfigType type;
  std::string doc;
};

/// What dispatch knows about the place of a tile op.
struct TileDispatchContext {
  /// The module's target (null if the module has none).
  TargetAttr target;
  /// Compute capability times ten (90 for sm_90a), 0 without a target.
  unsigned sm = 0;
  /// The op's execution scope and the number of threads in it.
  ExecScope scope = ExecScope::Thread;
  int64_t scopeThreads = 1;
  /// The enclosing kernel and its launch shape.
  KernelOp kernel;
  LaunchShape launch;

  /// True for sm_90a exactly (wgmma).
  bool hasWGMMA() const;
  /// True for the sm_100a family (tcgen05).
  bool hasTcgen05() const;
  /// True when the target is at least compute capability `version`.
  bool atLeast(unsigned version) const { return sm >= version; }
};

/// Why a variant declines (empty: it applies).
using TileMatchFn =
    std::function<std::string(TileOpInterface, const TileDispatchContext &)>;
/// Replaces the op (the rewriter's insertion point is before it; the
/// dispatcher erases the op on success). Emits its own error on failure.
using TileEmitFn = std::function<LogicalResult(
    TileOpInterface, const TileDispatchContext &, RewriterBase &)>;

struct TileVariant {
  std::string primitive;
  std::string name;
  int priority = 0;
  std::string summary;
  std::vector<TileConfigKey> configKeys;
  TileMatchFn match;
  TileEmitFn emit;

  const TileConfigKey *findKey(llvm::StringRef key) const;
};

/// Adds a variant. Returns false (and adds nothing) when the primitive
/// already has a variant of that name, a field is missing, or a config key
/// is declared with another type by another variant of the primitive.
bool registerTileVariant(TileVariant variant, std::string *error = nullptr);

/// The variants of `primitive`, by decreasing priority then name.
std::vector<const TileVariant *> getTileVariants(llvm::StringRef primitive);

/// Makes `alias` a second name, for `primitive`, of the variants `names`
/// (the original TIRx's variant names: `vec_auto` for `vec`, `tma_auto`
/// for `tma` and `tma_multicast`, ...). `dispatch = "alias"` makes those
/// variants the candidates. Returns false (adding nothing) when the alias
/// is already a variant or alias name, or names no registered variant.
bool registerTileVariantAlias(llvm::StringRef primitive, llvm::StringRef alias,
                              llvm::ArrayRef<std::string> names,
                              std::string *error = nullptr);

/// The variants a `dispatch` name stands for: the variant of that name, or
/// the variants of an alias (by priority); empty when it names neither.
std::vector<const TileVariant *>
resolveTileVariantName(llvm::StringRef primitive, llvm::StringRef name);

/// The aliases of `primitive`, each with the names of its variants.
std::vector<std::pair<std::string, std::vector<std::string>>>
getTileVariantAliases(llvm::StringRef primitive);

/// The variant `name` of `primitive`, or null.
const TileVariant *lookupTileVariant(llvm::StringRef primitive,
                                     llvm::StringRef name);

/// Checks the op's `dispatch` names a variant and its `config` keys are
/// declared (by the forced variant, else by some variant) with matching
/// value types. Emits the error at the op.
LogicalResult verifyTileConfig(TileOpInterface op);

/// The dispatch context of `op` (fails with an error outside a kernel).
FailureOr<TileDispatchContext> getTileDispatchContext(TileOpInterface op);

/// The variant for `op`, or an error listing every candidate's reason.
FailureOr<const TileVariant *> selectTileVariant(TileOpInterface op,
                                                 const TileDispatchContext &ctx);

/// Registers the built-in variants (idempotent; the dialect calls it).
void registerBuiltinTileVariants();

} // namespace mlir::tirx

#endif // TIRX_DIALECT_TILEDISPATCH_H
