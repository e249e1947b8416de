//===- TileRegistry.cpp - Tile-primitive variant registry -------*- C++ -*-===//
//
// The process-wide registry of tile-primitive variants, config checking
// against it, and variant selection with its diagnostics.
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/TileDispatch.h"
#include "TIRx/Dialect/TIRxPTXOps.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

#include <memory>
#include <mutex>

using namespace mlir;
using namespace mlir::tirx;

namespace {
struct Alias {
  std::string primitive, name;
  std::vector<std::string> variants;
};
struct Registry {
  std::mutex mutex;
  std::vector<std::unique_ptr<TileVariant>> variants;
  std::vector<Alias> aliases;
};
} // namespace

static Registry &getRegistry() {
  static Registry registry;
  return registry;
}

StringRef mlir::tirx::describeTileConfigType(TileConfigType type) {
  switch (type) {
  case TileConfigType::Int:
    return "an integer";
  case TileConfigType::Bool:
    return "a boolean";
  case TileConfigType::String:
    return "a string";
  case TileConfigType::IntList:
    return "a list of integers";
  }
  return "a value";
}

const TileConfigKey *TileVariant::findKey(StringRef key) const {
  for (const TileConfigKey &k : configKeys)
    if (k.name == key)
      return &k;
  return nullptr;
}

bool mlir::tirx::registerTileVariant(TileVariant variant, std::string *error) {
  auto fail = [&](std::string message) {
    if (error)
      *error = std::move(message);
    return false;
  };
  if (variant.primitive.empty() || variant.name.empty() || !variant.match ||
      !variant.emit)
    return fail("a tile variant needs a primitive, a name, a predicate and "
                "an emitter");
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  for (const auto &existing : registry.variants) {
    if (existing->primitive != variant.primitive)
      continue;
    if (existing->name == variant.name)
      return fail("tile primitive '" + variant.primitive +
                  "' already has a variant '" + variant.name + "'");

    for (const TileConfigKey &key : variant.configKeys)
      if (const TileConfigKey *other = existing->findKey(key.name))
        if (other->type != key.type)
          return fail("config key '" + key.name + "' of '" +
                      variant.primitive + "' is " +
                      describeTileConfigType(other->type).str() +
                      " in variant '" + existing->name + "'");
  }
  for (const Alias &a : registry.aliases)
    if (a.primitive == variant.primitive && a.name == variant.name)
      return fail("'" + variant.name + "' is already an alias of variants of '" +
                  variant.primitive + "'");
  registry.variants.push_back(std::make_unique<TileVariant>(std::move(variant)));
  return true;
}

bool mlir::tirx::registerTileVariantAlias(StringRef primitive, StringRef alias,
                                          ArrayRef<std::string> names,
                                          std::string *error) {
  auto fail = [&](std::string message) {
    if (error)
      *error = std::move(message);
    return false;
  };
  if (alias.empty() || names.empty())
    return fail("a tile variant alias needs a name and the variants it names");
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  for (const Alias &a : registry.aliases)
    if (a.primitive == primitive && a.name == alias)
      return fail("'" + alias.str() + "' is already an alias of variants of '" +
                  primitive.str() + "'");
  for (const std::string &name : names) {
    bool found = false;
    for (const auto &v : registry.variants) {
      if (v->primitive != primitive)
        continue;
      if (v->name == alias)
        return fail("tile primitive '" + primitive.str() +
                    "' already has a variant '" + alias.str() + "'");
      found |= v->name == name;
    }
    if (!found)
      return fail("tile primitive '" + primitive.str() + "' has no variant '" +
                  name + "' for the alias '" + alias.str() + "'");
  }
  registry.aliases.push_back({primitive.str(), alias.str(), names.vec()});
  return true;
}

std::vector<const TileVariant *>
mlir::tirx::resolveTileVariantName(StringRef primitive, StringRef name) {
  std::vector<const TileVariant *> all = getTileVariants(primitive);
  std::vector<const TileVariant *> result;
  for (const TileVariant *v : all)
    if (v->name == name)
      return {v};
  std::vector<std::string> names;
  {
    Registry &registry = getRegistry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    for (const Alias &a : registry.aliases)
      if (a.primitive == primitive && a.name == name)
        names = a.variants;
  }
  for (const TileVariant *v : all)
    if (llvm::is_contained(names, v->name))
      result.push_back(v);
  return result;
}

std::vector<std::pair<std::string, std::vector<std::string>>>
mlir::tirx::getTileVariantAliases(StringRef primitive) {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  std::vector<std::pair<std::string, std::vector<std::string>>> result;
  for (const Alias &a : registry.aliases)
    if (a.primitive == primitive)
      result.emplace_back(a.name, a.variants);
  return result;
}

std::vector<const TileVariant *>
mlir::tirx::getTileVariants(StringRef primitive) {
  Registry &registry = getRegistry();
  std::vector<const TileVariant *> result;
  {
    std::lock_guard<std::mutex> lock(registry.mutex);
    for (const auto &v : registry.variants)
      if (v->primitive == primitive)
        result.push_back(v.get());
  }
  llvm::sort(result, [](const TileVariant *a, const TileVariant *b) {
    return std::make_pair(-a->priority, StringRef(a->name)) <
           std::make_pair(-b->priority, StringRef(b->name));
  });
  return result;
}

const TileVariant *mlir::tirx::lookupTileVariant(StringRef primitive,
                                                 StringRef name) {
  for (const TileVariant *v : getTileVariants(primitive))
    if (v->name == name)
      return v;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Config checking
//===----------------------------------------------------------------------===//

static bool hasConfigType(Attribute value, TileConfigType type) {
  switch (type) {
  case TileConfigType::Int: {
    auto i = dyn_cast<IntegerAttr>(value);
    return i && !i.getType().isInteger(1) && isa<IntegerType, IndexType>(i.getType());
  }
  case TileConfigType::Bool:
    return isa<BoolAttr>(value);
  case TileConfigType::String:
    return isa<StringAttr>(value);
  case TileConfigType::IntList:
    if (isa<DenseI64ArrayAttr>(value))
      return true;
    if (auto array = dyn_cast<ArrayAttr>(value))
      return llvm::all_of(array, [](Attribute a) {
        auto i = dyn_cast<IntegerAttr>(a);
        return i && !i.getType().isInteger(1);
      });
    return false;
  }
  return false;
}

/// The known key closest to `key` (edit distance at most 2), or "".
static std::string suggestKey(StringRef key, ArrayRef<std::string> known) {
  std::string best;
  unsigned bestDistance = 3;
  for (const std::string &k : known) {
    unsigned d = key.edit_distance(k, /*AllowReplacements=*/true, 3);
    if (d < bestDistance) {
      bestDistance = d;
      best = k;
    }
  }
  return best;
}

LogicalResult mlir::tirx::verifyTileConfig(TileOpInterface op) {
  StringRef primitive = op.getPrimitiveName();
  std::vector<const TileVariant *> variants = getTileVariants(primitive);
  // A forced dispatch names a variant or an alias of several.
  std::vector<const TileVariant *> forced;
  std::optional<StringRef> forcedName = op.getForcedVariant();
  if (forcedName) {
    forced = resolveTileVariantName(primitive, *forcedName);
    if (forced.empty()) {
      auto diag = op->emitOpError("dispatch names no variant of '")
                  << primitive << "': '" << *forcedName << "'; ";
      if (variants.empty()) {
        diag << "no variants are registered";
      } else {
        diag << "registered: ";
        llvm::interleaveComma(variants, diag, [&](const TileVariant *v) {
          diag << v->name;
        });
        auto aliases = getTileVariantAliases(primitive);
        if (!aliases.empty()) {
          diag << "; aliases: ";
          llvm::interleaveComma(aliases, diag, [&](const auto &a) {
            diag << a.first << " (";
            llvm::interleave(a.second, diag, "/");
            diag << ")";
          });
        }
      }
      return diag;
    }
  }
  auto considered = [&](const TileVariant *v) {
    return !forcedName || llvm::is_contained(forced, v);
  };
  for (NamedAttribute entry : op.getConfigDict()) {
    StringRef key = entry.getName().getValue();
    const TileConfigKey *declared = nullptr;
    const TileVariant *owner = nullptr;
    for (const TileVariant *v : variants) {
      if (!considered(v))
        continue;
      if ((declared = v->findKey(key))) {
        owner = v;
        break;
      }
    }
    if (!declared) {
      std::vector<std::string> known;
      llvm::StringSet<> seen;
      for (const TileVariant *v : variants)
        if (considered(v))
          for (const TileConfigKey &k : v->configKeys)
            if (seen.insert(k.name).second)
              known.push_back(k.name);
      auto diag = op->emitOpError("unknown config key '") << key << "'";
      if (forcedName)
        diag << " for variant '" << *forcedName << "'";
      std::string suggestion = suggestKey(key, known);
      if (!suggestion.empty())
        diag << "; did you mean '" << suggestion << "'?";
      diag << " (known keys: ";
      if (known.empty())
        diag << "none";
      else
        llvm::interleaveComma(known, diag);
      return diag << ")";
    }
    if (!hasConfigType(entry.getValue(), declared->type))
      return op->emitOpError("config key '")
             << key << "' must be " << describeTileConfigType(declared->type)
             << " (variant '" << owner->name << "'), got " << entry.getValue();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Context and selection
//===----------------------------------------------------------------------===//

bool TileDispatchContext::hasWGMMA() const {
  static const PTXRequirement req{PTXTargetKind::Arch, 90, 80, {}};
  return target && isPTXRequirementMet(req, target);
}

bool TileDispatchContext::hasTcgen05() const {
  static const unsigned also[] = {110};
  static const PTXRequirement req{PTXTargetKind::Family, 100, 86, also};
  return target && isPTXRequirementMet(req, target);
}

FailureOr<TileDispatchContext>
mlir::tirx::getTileDispatchContext(TileOpInterface op) {
  TileDispatchContext ctx;
  ctx.kernel = op->getParentOfType<KernelOp>();
  if (!ctx.kernel)
    return op->emitOpError("must be nested in a 'tirx.kernel'");
  FailureOr<LaunchShape> launch = ctx.kernel.computeLaunchShape();
  if (failed(launch))
    return failure();
  ctx.launch = *launch;
  ctx.target = lookupTarget(op);
  ctx.sm = ctx.target ? ctx.target.getSMVersion() : 0;
  ctx.scope = op.getExecScope();
  int64_t clusterCTAs =
      launch->cluster[0] * launch->cluster[1] * launch->cluster[2];
  ctx.scopeThreads =
      getScopeThreadCount(ctx.scope, launch->numThreads(), clusterCTAs);
  return ctx;
}

FailureOr<const TileVariant *>
mlir::tirx::selectTileVariant(TileOpInterface op,
                              const TileDispatchContext &ctx) {
  StringRef primitive = op.getPrimitiveName();
  std::vector<const TileVariant *> candidates = getTileVariants(primitive);
  if (std::optional<StringRef> forced = op.getForcedVariant())
    candidates = resolveTileVariantName(primitive, *forced);
  DictionaryAttr config = op.getConfigDict();
  SmallVector<std::pair<const TileVariant *, std::string>> declined;
  for (const TileVariant *v : candidates) {
    std::string reason;
    for (NamedAttribute entry : config)
      if (!v->findKey(entry.getName().getValue())) {
        reason = "does not take config key '" +
                 entry.getName().getValue().str() + "'";
        break;
      }
    if (reason.empty())
      reason = v->match(op, ctx);
    if (reason.empty())
      return v;
    declined.emplace_back(v, std::move(reason));
  }
  auto diag = op->emitOpError("no variant of tile primitive '")
              << primitive << "' applies";
  if (declined.empty())
    diag << ": none is registered";
  if (!ctx.target)
    diag << " (the module has no #tirx.target)";
  for (auto &[v, reason] : declined)
    diag.attachNote() << "variant '" << v->name << "' (priority "
                      << v->priority << "): " << reason;
  return diag;
}
