//===- Runtime.cpp - the TIRx CUDA-driver runtime ---------------*- C++ -*-===//
//
// The C ABI of tirx/runtime/Runtime.h over the CUDA driver API, which is
// loaded with dlopen on first use: this file includes no CUDA header and the
// library links nothing but libdl. The few driver types and constants it
// needs are declared below with the driver's values.
//
//===----------------------------------------------------------------------===//

#include "tirx/runtime/Runtime.h"
#include "tirx/runtime/TensorMap.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#define TIRXRT_EXPORT extern "C" __attribute__((visibility("default")))

namespace rt = ::tirx::runtime;

namespace {

//===----------------------------------------------------------------------===//
// Driver API declarations (values from cuda.h)
//===----------------------------------------------------------------------===//

using CUresult = int;
using CUdevice = int;
using CUcontext = void *;
using CUmodule = void *;
using CUfunction = void *;
using CUstream = void *;

constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_NOT_SUPPORTED = 801;
constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;
constexpr CUresult CUDA_ERROR_INVALID_DEVICE = 101;
constexpr CUresult CUDA_ERROR_NO_BINARY_FOR_GPU = 209;
constexpr CUresult CUDA_ERROR_UNSUPPORTED_PTX_VERSION = 222;
constexpr CUresult CUDA_ERROR_NOT_FOUND = 500;
constexpr CUresult CUDA_ERROR_INVALID_VALUE = 1;

constexpr int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
constexpr int CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;
constexpr int CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED = 14;
constexpr int CU_JIT_INFO_LOG_BUFFER = 3;
constexpr int CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
constexpr int CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr int CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
constexpr int CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4;

union CUlaunchAttributeValue {
  char pad[64];
  struct {
    unsigned x, y, z;
  } clusterDim;
};
struct CUlaunchAttribute {
  int id;
  char pad[8 - sizeof(int)];
  CUlaunchAttributeValue value;
};
struct CUlaunchConfig {
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  CUstream hStream;
  CUlaunchAttribute *attrs;
  unsigned numAttrs;
};
static_assert(sizeof(CUlaunchAttribute) == 72, "CUlaunchAttribute layout");

struct Driver {
  void *handle = nullptr;
  std::string loadError; // why it could not be loaded
  int version = 0;

  CUresult (*cuInit)(unsigned) = nullptr;
  CUresult (*cuDriverGetVersion)(int *) = nullptr;
  CUresult (*cuGetErrorName)(CUresult, const char **) = nullptr;
  CUresult (*cuGetErrorString)(CUresult, const char **) = nullptr;
  CUresult (*cuDeviceGetCount)(int *) = nullptr;
  CUresult (*cuDeviceGet)(CUdevice *, int) = nullptr;
  CUresult (*cuDeviceGetName)(char *, int, CUdevice) = nullptr;
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice) = nullptr;
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice) = nullptr;
  CUresult (*cuCtxSetCurrent)(CUcontext) = nullptr;
  CUresult (*cuCtxSynchronize)() = nullptr;
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *,
                                 void **) = nullptr;
  CUresult (*cuModuleUnload)(CUmodule) = nullptr;
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule,
                                  const char *) = nullptr;
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int) = nullptr;
  // CUDA 12.0+.
  CUresult (*cuLaunchKernelEx)(const CUlaunchConfig *, CUfunction, void **,
                               void **) = nullptr;
  CUresult (*cuTensorMapEncodeTiled)(void *, int, uint32_t, void *,
                                     const uint64_t *, const uint64_t *,
                                     const uint32_t *, const uint32_t *, int,
                                     int, int, int) = nullptr;
  // CUDA 12.4+.
  CUresult (*cuFuncGetParamInfo)(CUfunction, size_t, size_t *,
                                 size_t *) = nullptr;
};

thread_local std::string lastError;

int fail(int status, std::string message) {
  lastError = std::move(message);
  return status;
}

std::string versionString(int v) {
  return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
}

template <typename F> void bind(void *handle, F &fn, const char *name) {
  fn = reinterpret_cast<F>(dlsym(handle, name));
}

Driver &driver() {
  static Driver d;
  static std::once_flag once;
  std::call_once(once, [] {
    const char *env = std::getenv("TIRX_CUDA_DRIVER");
    const char *path = env && *env ? env : "libcuda.so.1";
    d.handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!d.handle) {
      const char *why = dlerror();
      d.loadError = std::string("no CUDA driver: cannot load ") + path + " (" +
                    (why ? why : "unknown error") +
                    "); install the NVIDIA driver, or set TIRX_CUDA_DRIVER to "
                    "the path of libcuda.so";
      return;
    }
    bind(d.handle, d.cuInit, "cuInit");
    bind(d.handle, d.cuDriverGetVersion, "cuDriverGetVersion");
    bind(d.handle, d.cuGetErrorName, "cuGetErrorName");
    bind(d.handle, d.cuGetErrorString, "cuGetErrorString");
    bind(d.handle, d.cuDeviceGetCount, "cuDeviceGetCount");
    bind(d.handle, d.cuDeviceGet, "cuDeviceGet");
    bind(d.handle, d.cuDeviceGetName, "cuDeviceGetName");
    bind(d.handle, d.cuDeviceGetAttribute, "cuDeviceGetAttribute");
    bind(d.handle, d.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
    bind(d.handle, d.cuCtxSetCurrent, "cuCtxSetCurrent");
    bind(d.handle, d.cuCtxSynchronize, "cuCtxSynchronize");
    bind(d.handle, d.cuModuleLoadDataEx, "cuModuleLoadDataEx");
    bind(d.handle, d.cuModuleUnload, "cuModuleUnload");
    bind(d.handle, d.cuModuleGetFunction, "cuModuleGetFunction");
    bind(d.handle, d.cuFuncSetAttribute, "cuFuncSetAttribute");
    bind(d.handle, d.cuLaunchKernelEx, "cuLaunchKernelEx");
    bind(d.handle, d.cuTensorMapEncodeTiled, "cuTensorMapEncodeTiled");
    bind(d.handle, d.cuFuncGetParamInfo, "cuFuncGetParamInfo");
    const char *missing = nullptr;
    if (!d.cuInit)
      missing = "cuInit";
    else if (!d.cuDriverGetVersion)
      missing = "cuDriverGetVersion";
    else if (!d.cuGetErrorName || !d.cuGetErrorString)
      missing = "cuGetErrorName";
    else if (!d.cuDeviceGet || !d.cuDeviceGetCount || !d.cuDeviceGetName ||
             !d.cuDeviceGetAttribute)
      missing = "cuDeviceGet";
    else if (!d.cuDevicePrimaryCtxRetain || !d.cuCtxSetCurrent ||
             !d.cuCtxSynchronize)
      missing = "cuDevicePrimaryCtxRetain";
    else if (!d.cuModuleLoadDataEx || !d.cuModuleUnload ||
             !d.cuModuleGetFunction || !d.cuFuncSetAttribute)
      missing = "cuModuleLoadDataEx";
    if (missing) {
      d.loadError = std::string("the CUDA driver at ") + path +
                    " has no entry point " + missing +
                    "; it is not a CUDA driver or far too old";
      dlclose(d.handle);
      d.handle = nullptr;
      return;
    }
    if (d.cuDriverGetVersion(&d.version) != CUDA_SUCCESS)
      d.version = 0;
  });
  return d;
}

/// "cuModuleLoadDataEx failed: CUDA_ERROR_INVALID_PTX (a PTX JIT
/// compilation failed)".
std::string describe(const char *call, CUresult r) {
  Driver &d = driver();
  const char *name = nullptr, *text = nullptr;
  if (d.cuGetErrorName)
    d.cuGetErrorName(r, &name);
  if (d.cuGetErrorString)
    d.cuGetErrorString(r, &text);
  std::string s = std::string(call) + " failed: ";
  s += name ? name : ("CUresult " + std::to_string(r));
  if (text)
    s += std::string(" (") + text + ")";
  return s;
}

int driverError(const char *call, CUresult r) {
  return fail(TIRXRT_ERROR_DRIVER, describe(call, r));
}

/// The loaded driver, or the reason there is none.
int requireDriver(Driver *&out) {
  Driver &d = driver();
  if (!d.handle)
    return fail(TIRXRT_ERROR_NO_DRIVER, d.loadError);
  out = &d;
  return TIRXRT_SUCCESS;
}

int requireEntryPoint(Driver &d, const void *fn, const char *name,
                      const char *since) {
  if (fn)
    return TIRXRT_SUCCESS;
  return fail(TIRXRT_ERROR_DRIVER_TOO_OLD,
              std::string("the CUDA driver (") + versionString(d.version) +
                  ") has no " + name + "; TIRx kernels need a CUDA " + since +
                  " or newer driver");
}

struct Context {
  std::mutex mutex;
  std::vector<CUcontext> primary; // per device, retained once
  bool initialized = false;
};

Context &context() {
  static Context c;
  return c;
}

/// The CUDA version that introduced PTX ISA `ptx` (times ten), or 0.
int cudaVersionForPTX(int ptx) {
  static const int table[][2] = {{80, 12000}, {81, 12010}, {82, 12020},
                                 {83, 12030}, {84, 12040}, {85, 12050},
                                 {86, 12070}, {87, 12080}, {88, 12090},
                                 {90, 13000}};
  for (auto &row : table)
    if (row[0] == ptx)
      return row[1];
  return 0;
}

/// The `.version X.Y` of a PTX image, times ten (0 if absent).
int ptxVersionOf(const char *text, size_t size) {
  std::string s(text, strnlen(text, size));
  size_t at = s.find(".version");
  if (at == std::string::npos)
    return 0;
  int major = 0, minor = 0;
  if (std::sscanf(s.c_str() + at, ".version %d.%d", &major, &minor) != 2)
    return 0;
  return major * 10 + minor;
}

} // namespace

struct tirxrt_function_st {
  CUfunction fn = nullptr;
  std::string name;
};

struct tirxrt_module_st {
  CUmodule module = nullptr;
  std::string what;
  std::vector<std::unique_ptr<tirxrt_function_st>> functions;
};

//===----------------------------------------------------------------------===//
// The C ABI
//===----------------------------------------------------------------------===//

TIRXRT_EXPORT const char *tirxrt_last_error(void) { return lastError.c_str(); }

TIRXRT_EXPORT int tirxrt_abi_version(void) { return TIRXRT_ABI_VERSION; }

TIRXRT_EXPORT int tirxrt_driver_version(int *version) {
  Driver *d;
  if (int s = requireDriver(d))
    return s;
  if (!version)
    return fail(TIRXRT_ERROR_INVALID_ARGUMENT, "version is null");
  *version = d->version;
  return TIRXRT_SUCCESS;
}

TIRXRT_EXPORT int tirxrt_init(int device) {
  Driver *d;
  if (int s = requireDriver(d))
    return s;
  Context &c = context();
  std::lock_guard<std::mutex> lock(c.mutex);
  if (!c.initialized) {
    CUresult r = d->cuInit(0);
    if (r == CUDA_ERROR_NO_DEVICE)
      return fail(TIRXRT_ERROR_NO_DEVICE, "no CUDA device: " +
                                              describe("cuInit", r));
    if (r != CUDA_SUCCESS)
      return driverError("cuInit", r);
    int count = 0;
    if ((r = d->cuDeviceGetCount(&count)) != CUDA_SUCCESS)
      return driverError("cuDeviceGetCount", r);
    c.primary.assign(count, nullptr);
    c.initialized = true;
  }
  if (device < 0 || device >= static_cast<int>(c.primary.size()))
    return fail(TIRXRT_ERROR_NO_DEVICE,
                "no CUDA device " + std::to_string(device) + " (there are " +
                    std::to_string(c.primary.size()) + ")");
  CUresult r;
  if (!c.primary[device]) {
    CUdevice dev;
    if ((r = d->cuDeviceGet(&dev, device)) != CUDA_SUCCESS)
      return driverError("cuDeviceGet", r);
    if ((r = d->cuDevicePrimaryCtxRetain(&c.primary[device], dev)) !=
        CUDA_SUCCESS)
      return driverError("cuDevicePrimaryCtxRetain", r);
  }
  if ((r = d->cuCtxSetCurrent(c.primary[device])) != CUDA_SUCCESS)
    return driverError("cuCtxSetCurrent", r);
  return TIRXRT_SUCCESS;
}

static int requireInitialized() {
  Context &c = context();
  std::lock_guard<std::mutex> lock(c.mutex);
  if (!c.initialized)
    return fail(TIRXRT_ERROR_NOT_INITIALIZED,
                "the runtime is not initialized: call tirxrt_init first");
  return TIRXRT_SUCCESS;
}

TIRXRT_EXPORT int tirxrt_device_info(int device, char *name, size_t name_size,
                                     int *cc_major, int *cc_minor,
                                     int *sm_count) {
  Driver *d;
  if (int s = requireDriver(d))
    return s;
  if (int s = requireInitialized())
    return s;
  CUdevice dev;
  CUresult r = d->cuDeviceGet(&dev, device);
  if (r == CUDA_ERROR_INVALID_DEVICE)
    return fail(TIRXRT_ERROR_NO_DEVICE,
                "no CUDA device " + std::to_string(device));
  if (r != CUDA_SUCCESS)
    return driverError("cuDeviceGet", r);
  if (name && name_size > 0) {
    name[0] = 0;
    if ((r = d->cuDeviceGetName(name, static_cast<int>(name_size), dev)) !=
        CUDA_SUCCESS)
      return driverError("cuDeviceGetName", r);
  }
  int dummy;
  if ((r = d->cuDeviceGetAttribute(
           cc_major ? cc_major : &dummy,
           CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev)) != CUDA_SUCCESS ||
      (r = d->cuDeviceGetAttribute(
           cc_minor ? cc_minor : &dummy,
           CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev)) != CUDA_SUCCESS ||
      (r = d->cuDeviceGetAttribute(sm_count ? sm_count : &dummy,
                                   CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                                   dev)) != CUDA_SUCCESS)
    return driverError("cuDeviceGetAttribute", r);
  return TIRXRT_SUCCESS;
}

TIRXRT_EXPORT int tirxrt_module_load(const void *image, size_t size,
                                     const char *what, tirxrt_module *module) {
  Driver *d;
  if (int s = requireDriver(d))
    return s;
  if (int s = requireInitialized())
    return s;
  if (!image || size == 0 || !module)
    return fail(TIRXRT_ERROR_INVALID_ARGUMENT, "empty image");
  std::string name = what && *what ? what : "the kernel image";
  const char *bytes = static_cast<const char *>(image);
  bool elf = size >= 4 && std::memcmp(bytes, "\x7f" "ELF", 4) == 0;
  // PTX must be NUL-terminated for the driver.
  std::string text;
  if (!elf) {
    text.assign(bytes, strnlen(bytes, size));
    image = text.c_str();
  }
  char infoLog[4096] = {0}, errorLog[8192] = {0};
  int options[] = {CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
                   CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {infoLog, reinterpret_cast<void *>(sizeof(infoLog)),
                    errorLog, reinterpret_cast<void *>(sizeof(errorLog))};
  CUmodule handle = nullptr;
  CUresult r = d->cuModuleLoadDataEx(&handle, image, 4, options, values);
  if (r != CUDA_SUCCESS) {
    std::string log = errorLog[0] ? std::string("\n") + errorLog : "";
    if (r == CUDA_ERROR_UNSUPPORTED_PTX_VERSION && !elf) {
      int ptx = ptxVersionOf(text.c_str(), text.size());
      int needs = cudaVersionForPTX(ptx);
      std::string msg = "the CUDA driver (" + versionString(d->version) +
                        ") is too old for " + name;
      if (ptx)
        msg += ": its PTX ISA " + std::to_string(ptx / 10) + "." +
               std::to_string(ptx % 10) + " needs a CUDA " +
               (needs ? versionString(needs) : std::string("newer")) +
               " or newer driver";
      msg += " (CUDA_ERROR_UNSUPPORTED_PTX_VERSION); update the driver, or "
             "load a cubin built for this GPU" +
             log;
      return fail(TIRXRT_ERROR_PTX_TOO_NEW, msg);
    }
    if (r == CUDA_ERROR_NO_BINARY_FOR_GPU)
      return fail(TIRXRT_ERROR_NO_BINARY_FOR_GPU,
                  name + " has no code for this GPU: " +
                      describe("cuModuleLoadDataEx", r) +
                      "; compile for the GPU's architecture" + log);
    return fail(TIRXRT_ERROR_DRIVER,
                "cannot load " + name + ": " +
                    describe("cuModuleLoadDataEx", r) + log);
  }
  auto *m = new tirxrt_module_st;
  m->module = handle;
  m->what = name;
  *module = m;
  return TIRXRT_SUCCESS;
}

TIRXRT_EXPORT int tirxrt_module_unload(tirxrt_module module) {
  Driver *d;
  if (int s = requireDriver(d))
    return s;
  if (!module)
    return fail(TIRXRT_ERROR_INVALID_ARGUMENT, "module is null");
  CUresult r = d->cuModuleUnload(module->module);
  delete module;
  if (r != CUDA_SUCCESS)
    return driverError("cuModuleUnload", r);
  return TIRXRT_SUCCESS;
}

TIRXRT_EXPORT int tirxrt_module_get_function(tirxrt_module module,
                                             const char *name,
                                             tirxrt_function *function) {
  Driver *d;
  if (int s = requireDriver(d))
    return s;
  if (!module || !name || !function)
    return fail(TIRXRT_ERROR_INVALID_ARGUMENT, "null module or name");
  CUfunction fn = nullptr;
  CUresult r = d->cuModuleGetFunction(&fn, module->module, name);
  if (r == CUDA_ERROR_NOT_FOUND)
    return fail(TIRXRT_ERROR_NOT_FOUND, std::string("no kernel '") + name +
                                            "' in " + module->what);
  if (r != CUDA_SUCCESS)
    return driverError("cuModuleGetFunction", r);
  auto f = std::make_unique<tirxrt_function_st>();
  f->fn = fn;
  f->name = name;
  *function = f.get();
  module->functions.push_back(std::move(f));
  return TIRXRT_SUCCESS;
}

TIRXRT_EXPORT int tirxrt_function_configure(tirxrt_function function,
                                            uint32_t dynamic_smem_bytes,
                                            int non_portable_cluster) {
  Driver *d;
  if (int s = requireDriver(d))
    return s;
  if (!function)
    return fail(TIRXRT_ERROR_INVALID_ARGUMENT, "function is null");
  CUresult r = d->cuFuncSetAttribute(
      function->fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
      static_cast<int>(dynamic_smem_bytes));
  if (r != CUDA_SUCCESS)
    return fail(TIRXRT_ERROR_DRIVER,
                "kernel '" + function->name + "' cannot use " +
                    std::to_string(dynamic_smem_bytes) +
                    " bytes of dynamic shared memory: " +
                    describe("cuFuncSetAttribute", r));
  if (non_portable_cluster) {
    r = d->cuFuncSetAttribute(function->fn,
                              CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED,
                              1);
    if (r != CUDA_SUCCESS)
      return fail(TIRXRT_ERROR_DRIVER,
                  "kernel '" + function->name +
                      "' cannot allow non-portable cluster sizes: " +
                      describe("cuFuncSetAttribute", r));
  }
  return TIRXRT_SUCCESS;
}

TIRXRT_EXPORT int tirxrt_function_param_info(tirxrt_function function,
                                             uint32_t index, uint64_t *offset,
                                             uint64_t *size) {
  Driver *d;
  if (int s = requireDriver(d))
    return s;
  if (!function || !offset || !size)
    return fail(TIRXRT_ERROR_INVALID_ARGUMENT, "null argument");
  if (int s = requireEntryPoint(*d, reinterpret_cast<void *>(
                                        d->cuFuncGetParamInfo),
                                "cuFuncGetParamInfo", "12.4"))
    return s;
  size_t o = 0, n = 0;
  CUresult r = d->cuFuncGetParamInfo(function->fn, index, &o, &n);
  if (r == CUDA_ERROR_INVALID_VALUE)
    return fail(TIRXRT_ERROR_NOT_FOUND,
                "kernel '" + function->name + "' has no parameter " +
                    std::to_string(index));
  if (r == CUDA_ERROR_NOT_SUPPORTED)
    return fail(TIRXRT_ERROR_DRIVER_TOO_OLD,
                describe("cuFuncGetParamInfo", r));
  if (r != CUDA_SUCCESS)
    return driverError("cuFuncGetParamInfo", r);
  *offset = o;
  *size = n;
  return TIRXRT_SUCCESS;
}

/// Builds a full spec from the C arguments and validates it.
static int makeSpec(rt::TensorMapSpec &spec, const char *dtype, uint32_t rank,
                    uint64_t address, const uint64_t *dims,
                    const uint64_t *strides, const uint64_t *box,
                    const uint64_t *elementStrides, uint32_t interleave,
                    uint32_t swizzle, uint32_t l2, uint32_t oob) {
  if (!dtype)
    return fail(TIRXRT_ERROR_INVALID_ARGUMENT, "tensormap: dtype is null");
  spec.dtype = dtype;
  spec.rank = rank;
  spec.globalAddress = address;
  if (rank >= 1 && rank <= rt::kTensorMapMaxRank) {
    if (!dims || !box || (rank > 1 && !strides))
      return fail(TIRXRT_ERROR_INVALID_ARGUMENT,
                  "tensormap: null dimension arrays");
    for (uint32_t i = 0; i < rank; ++i) {
      spec.globalDim[i] = dims[i];
      spec.boxDim[i] = box[i];
      spec.elementStrides[i] = elementStrides ? elementStrides[i] : 1;
      if (i + 1 < rank)
        spec.globalStrides[i] = strides[i];
    }
  }
  spec.interleave = static_cast<rt::TensorMapInterleave>(interleave);
  spec.swizzle = static_cast<rt::TensorMapSwizzle>(swizzle);
  spec.l2Promotion = static_cast<rt::TensorMapL2Promotion>(l2);
  spec.oobFill = static_cast<rt::TensorMapOOBFill>(oob);
  // Everything is known at run time: the validator's "unknown" marker is
  // out of range for every field.
  auto unknown = [&](const char *field, int index, uint64_t v) {
    if (v != rt::kTensorMapUnknown)
      return false;
    fail(TIRXRT_ERROR_INVALID_ARGUMENT,
         std::string("tensormap: ") + field +
             (index >= 0 ? "[" + std::to_string(index) + "]" : "") +
             ": 2^64 - 1 is out of range");
    return true;
  };
  if (unknown("globalAddress", -1, spec.globalAddress))
    return TIRXRT_ERROR_INVALID_ARGUMENT;
  for (uint32_t i = 0; i < rank && i < rt::kTensorMapMaxRank; ++i)
    if (unknown("globalDim", i, spec.globalDim[i]) ||
        unknown("boxDim", i, spec.boxDim[i]) ||
        unknown("elementStrides", i, spec.elementStrides[i]) ||
        (i + 1 < rank && unknown("globalStrides", i, spec.globalStrides[i])))
      return TIRXRT_ERROR_INVALID_ARGUMENT;
  if (std::optional<rt::TensorMapError> e = rt::validateTensorMap(spec))
    return fail(TIRXRT_ERROR_INVALID_ARGUMENT, "tensormap: " + e->str());
  return TIRXRT_SUCCESS;
}

TIRXRT_EXPORT int tirxrt_tensormap_validate(
    const char *dtype, uint32_t rank, uint64_t global_address,
    const uint64_t *global_dim, const uint64_t *global_strides,
    const uint64_t *box_dim, const uint64_t *element_strides,
    uint32_t interleave, uint32_t swizzle, uint32_t l2_promotion,
    uint32_t oob_fill) {
  rt::TensorMapSpec spec;
  return makeSpec(spec, dtype, rank, global_address, global_dim,
                  global_strides, box_dim, element_strides, interleave,
                  swizzle, l2_promotion, oob_fill);
}

TIRXRT_EXPORT int tirxrt_tensormap_encode_tiled(
    void *out, const char *dtype, uint32_t rank, uint64_t global_address,
    const uint64_t *global_dim, const uint64_t *global_strides,
    const uint64_t *box_dim, const uint64_t *element_strides,
    uint32_t interleave, uint32_t swizzle, uint32_t l2_promotion,
    uint32_t oob_fill) {
  rt::TensorMapSpec spec;
  if (int s = makeSpec(spec, dtype, rank, global_address, global_dim,
                       global_strides, box_dim, element_strides, interleave,
                       swizzle, l2_promotion, oob_fill))
    return s;
  if (!out || reinterpret_cast<uintptr_t>(out) % rt::kTensorMapAlignment)
    return fail(TIRXRT_ERROR_INVALID_ARGUMENT,
                "tensormap: the output must be 64-byte aligned");
  Driver *d;
  if (int s = requireDriver(d))
    return s;
  if (int s = requireEntryPoint(*d, reinterpret_cast<void *>(
                                        d->cuTensorMapEncodeTiled),
                                "cuTensorMapEncodeTiled", "12.0"))
    return s;
  uint32_t box32[rt::kTensorMapMaxRank], step32[rt::kTensorMapMaxRank];
  for (uint32_t i = 0; i < rank; ++i) {
    box32[i] = static_cast<uint32_t>(spec.boxDim[i]);
    step32[i] = static_cast<uint32_t>(spec.elementStrides[i]);
  }
  const rt::TensorMapDTypeInfo *info = rt::lookupTensorMapDType(spec.dtype);
  CUresult r = d->cuTensorMapEncodeTiled(
      out, static_cast<int>(info->dataType), rank,
      reinterpret_cast<void *>(static_cast<uintptr_t>(global_address)),
      spec.globalDim.data(), spec.globalStrides.data(), box32, step32,
      static_cast<int>(interleave), static_cast<int>(swizzle),
      static_cast<int>(l2_promotion), static_cast<int>(oob_fill));
  if (r != CUDA_SUCCESS)
    return fail(TIRXRT_ERROR_DRIVER,
                "the driver rejected a tensormap that passed validation: " +
                    describe("cuTensorMapEncodeTiled", r));
  return TIRXRT_SUCCESS;
}

TIRXRT_EXPORT int tirxrt_launch(tirxrt_function function,
                                const uint32_t grid[3],
                                const uint32_t cluster[3],
                                const uint32_t block[3],
                                uint32_t dynamic_smem_bytes, uint64_t stream,
                                void **params, uint32_t num_params) {
  Driver *d;
  if (int s = requireDriver(d))
    return s;
  if (!function || !grid || !block || (num_params && !params))
    return fail(TIRXRT_ERROR_INVALID_ARGUMENT, "null launch argument");
  if (int s = requireEntryPoint(*d, reinterpret_cast<void *>(
                                        d->cuLaunchKernelEx),
                                "cuLaunchKernelEx", "12.0"))
    return s;
  auto dims = [](const uint32_t v[3]) {
    return "(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " +
           std::to_string(v[2]) + ")";
  };
  for (int i = 0; i < 3; ++i)
    if (grid[i] == 0 || block[i] == 0)
      return fail(TIRXRT_ERROR_INVALID_ARGUMENT,
                  "kernel '" + function->name + "': empty launch, grid " +
                      dims(grid) + " block " + dims(block));
  CUlaunchAttribute attr;
  std::memset(&attr, 0, sizeof(attr));
  CUlaunchConfig config;
  std::memset(&config, 0, sizeof(config));
  config.gridDimX = grid[0];
  config.gridDimY = grid[1];
  config.gridDimZ = grid[2];
  config.blockDimX = block[0];
  config.blockDimY = block[1];
  config.blockDimZ = block[2];
  config.sharedMemBytes = dynamic_smem_bytes;
  config.hStream = reinterpret_cast<CUstream>(static_cast<uintptr_t>(stream));
  if (cluster && uint64_t(cluster[0]) * cluster[1] * cluster[2] > 1) {
    for (int i = 0; i < 3; ++i)
      if (cluster[i] == 0 || grid[i] % cluster[i] != 0)
        return fail(TIRXRT_ERROR_INVALID_ARGUMENT,
                    "kernel '" + function->name + "': the grid " + dims(grid) +
                        " is not a multiple of the cluster " + dims(cluster));
    attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attr.value.clusterDim.x = cluster[0];
    attr.value.clusterDim.y = cluster[1];
    attr.value.clusterDim.z = cluster[2];
    config.attrs = &attr;
    config.numAttrs = 1;
  }
  CUresult r = d->cuLaunchKernelEx(&config, function->fn, params, nullptr);
  if (r != CUDA_SUCCESS)
    return fail(TIRXRT_ERROR_DRIVER, "cannot launch kernel '" +
                                         function->name + "': " +
                                         describe("cuLaunchKernelEx", r));
  return TIRXRT_SUCCESS;
}

TIRXRT_EXPORT int tirxrt_synchronize(void) {
  Driver *d;
  if (int s = requireDriver(d))
    return s;
  if (int s = requireInitialized())
    return s;
  CUresult r = d->cuCtxSynchronize();
  if (r != CUDA_SUCCESS)
    return driverError("cuCtxSynchronize", r);
  return TIRXRT_SUCCESS;
}
