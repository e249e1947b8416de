//===- Plugins.cpp - Loading MLIR dialect and pass plugins ------*- C++ -*-===//
//
// `tirx._tirx.load_plugin(path)`: loads an MLIR plugin shared library, the
// kind `mlir-opt --load-dialect-plugin` / `--load-pass-plugin` take
// (mlir/Tools/Plugins), once per process. A pass plugin registers its passes
// in the global pass registry (PassManager.parse sees them); a dialect
// plugin's registry callbacks are applied to every Context created afterwards.
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/Error.h"

#include <mutex>

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;
using namespace tirx_py;

namespace {
struct PluginRegistry {
  std::mutex mutex;
  /// Canonical path -> the kinds it provided ("dialect", "pass").
  llvm::StringMap<std::vector<std::string>> loaded;
  /// Dialect plugins, applied to every new context.
  std::vector<mlir::DialectPlugin> dialects;
};

PluginRegistry &registry() {
  static PluginRegistry r;
  return r;
}

std::string errorText(llvm::Error err) {
  return llvm::toString(std::move(err));
}
} // namespace

void tirx_py::appendPluginDialects(mlir::DialectRegistry &dialectRegistry) {
  PluginRegistry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (const mlir::DialectPlugin &p : r.dialects)
    p.registerDialectRegistryCallbacks(dialectRegistry);
}

static std::vector<std::string> loadPlugin(const std::string &path) {
  PluginRegistry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.loaded.find(path);
  if (it != r.loaded.end())
    return it->second;

  std::string err;
  auto lib = llvm::sys::DynamicLibrary::getPermanentLibrary(path.c_str(), &err);
  if (!lib.isValid())
    throw nb::value_error(("cannot load the plugin library '" + path +
                           "': " + err)
                              .c_str());
  bool hasDialect = lib.getAddressOfSymbol("mlirGetDialectPluginInfo");
  bool hasPass = lib.getAddressOfSymbol("mlirGetPassPluginInfo");
  if (!hasDialect && !hasPass)
    throw nb::value_error(
        ("'" + path +
         "' is not an MLIR plugin: it exports neither "
         "mlirGetDialectPluginInfo nor mlirGetPassPluginInfo")
            .c_str());

  std::vector<std::string> kinds;
  if (hasDialect) {
    auto plugin = mlir::DialectPlugin::load(path);
    if (!plugin)
      throw nb::value_error(("cannot load the dialect plugin '" + path +
                             "': " + errorText(plugin.takeError()))
                                .c_str());
    r.dialects.push_back(*plugin);
    kinds.push_back("dialect");
  }
  if (hasPass) {
    auto plugin = mlir::PassPlugin::load(path);
    if (!plugin)
      throw nb::value_error(("cannot load the pass plugin '" + path +
                             "': " + errorText(plugin.takeError()))
                                .c_str());
    plugin->registerPassRegistryCallbacks();
    kinds.push_back("pass");
  }
  r.loaded[path] = kinds;
  return kinds;
}

void tirx_py::bindPlugins(nb::module_ &m) {
  m.def("load_plugin", &loadPlugin, nb::arg("path"),
        "Loads an MLIR dialect and/or pass plugin library once per process "
        "(keyed by the path given, which should be canonical); returns the "
        "kinds it provided ('dialect', 'pass').");
  m.def(
      "loaded_plugins",
      []() {
        PluginRegistry &r = registry();
        std::lock_guard<std::mutex> lock(r.mutex);
        std::vector<std::string> out;
        for (auto &e : r.loaded)
          out.push_back(e.first().str());
        return out;
      },
      "The paths of the plugin libraries loaded so far.");
}
