//===- Runtime.cpp - the TIRx CUDA-driver runtime ---------------*- C++ -*-===//
//
// The C ABI of tirx/runtime/Runtime.h over the CUDA driver API, which is
// loaded with dlopen on first use: this file includes no CUDA header and the
// library links nothing but libc and libdl. The few driver types and
// constants it needs are declared below with the driver's values.
//
// The library loads on old hosts (glibc 2.17 on x86-64 and up to 2.31 are
// what GPU machines commonly run): it links no libstdc++ (the C++ support
// it needs is runtime/lib/Freestanding.cpp), uses no C++ facility that the
// compiled libstdc++ would provide (std::mutex, std::call_once,
// thread_local objects with destructors), and binds the dl* functions to
// their pre-2.34 symbol versions. test/Runtime/runtime-glibc.test reads the
// library's version needs.
//
//===----------------------------------------------------------------------===//

#include "tirx/runtime/Runtime.h"
#include "tirx/runtime/TensorMap.h"

#include <dlfcn.h>
#include <pthread.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

// glibc 2.34 moved libdl into libc and gave dlopen & co. new default
// versions; linked on a newer glibc, a plain reference would need
// GLIBC_2.34. Bind the references to the original versions, which every
// glibc since exports (from libdl.so.2, which the link keeps as NEEDED).
#if defined(TIRX_RUNTIME_PIN_GLIBC) && defined(__GLIBC__)
#if defined(__x86_64__)
#define TIRXRT_GLIBC_BASE "GLIBC_2.2.5"
#elif defined(__aarch64__)
#define TIRXRT_GLIBC_BASE "GLIBC_2.17"
#endif
#ifdef TIRXRT_GLIBC_BASE
__asm__(".symver dlopen,dlopen@" TIRXRT_GLIBC_BASE);
__asm__(".symver dlsym,dlsym@" TIRXRT_GLIBC_BASE);
__asm__(".symver dlerror,dlerror@" TIRXRT_GLIBC_BASE);
__asm__(".symver dlclose,dlclose@" TIRXRT_GLIBC_BASE);
#endif
#endif

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
constexpr int CU_JIT_LOG_VERBOSE = 12;
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
  CUresult (*cuFuncGetAttribute)(int *, int, CUfunction) = nullptr;
  // CUDA 12.0+.
  CUresult (*cuLaunchKernelEx)(const CUlaunchConfig *, CUfunction, void **,
                               void **) = nullptr;
  CUresult (*cuTensorMapEncodeTiled)(void *, int, uint32_t, void *,
                                     const uint64_t *, const uint64_t *,
                                     const uint32_t *, const uint32_t *, int,
                                     int, int, int) = nullptr;
  CUresult (*cuOccupancyMaxActiveClusters)(int *, CUfunction,
                                           const CUlaunchConfig *) = nullptr;
  // CUDA 12.4+.
  CUresult (*cuFuncGetParamInfo)(CUfunction, size_t, size_t *,
                                 size_t *) = nullptr;
};

// The last error of each thread: a plain buffer (a thread_local
// std::string would need libstdc++'s thread-exit destructors).
constexpr size_t kErrorSize = 16384;
__thread char lastError[kErrorSize];

int fail(int status, const std::string &message) {
  size_t n = message.size() < kErrorSize - 1 ? message.size() : kErrorSize - 1;
  std::memcpy(lastError, message.data(), n);
  lastError[n] = 0;
  return status;
}

/// A pthread mutex held for a scope (std::mutex and std::lock_guard would
/// throw std::system_error, from libstdc++).
class Lock {
public:
  explicit Lock(pthread_mutex_t &m) : m(m) { pthread_mutex_lock(&m); }
  ~Lock() { pthread_mutex_unlock(&m); }
  Lock(const Lock &) = delete;
  Lock &operator=(const Lock &) = delete;

private:
  pthread_mutex_t &m;
};

std::string versionString(int v) {
  return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
}

template <typename F> void bind(void *handle, F &fn, const char *name) {
  fn = reinterpret_cast<F>(dlsym(handle, name));
}

Driver theDriver;
bool driverTried = false;
pthread_mutex_t driverMutex = PTHREAD_MUTEX_INITIALIZER;

void loadDriver(Driver &d) {
  {
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
    bind(d.handle, d.cuFuncGetAttribute, "cuFuncGetAttribute");
    bind(d.handle, d.cuOccupancyMaxActiveClusters,
         "cuOccupancyMaxActiveClusters");
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
  }
}

Driver &driver() {
  Lock lock(driverMutex);
  if (!driverTried) {
    driverTried = true;
    loadDriver(theDriver);
  }
  return theDriver;
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
  pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
  std::vector<CUcontext> primary; // per device, retained once
  bool initialized = false;
};

Context theContext;

Context &context() { return theContext; }

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
  // The parameter sizes the driver reports, read at the first launch.
  enum { Unknown, Known, Unavailable } params = Unknown;
  std::vector<uint64_t> paramSizes;
  pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
};

struct tirxrt_module_st {
  CUmodule module = nullptr;
  std::string what;
  std::string log; // the JIT's information log (PTX)
  std::vector<std::unique_ptr<tirxrt_function_st>> functions;
};

//===----------------------------------------------------------------------===//
// The C ABI
//===----------------------------------------------------------------------===//

TIRXRT_EXPORT const char *tirxrt_last_error(void) { return lastError; }

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
  Lock lock(c.mutex);
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
  Lock lock(c.mutex);
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
  // Heap buffers: the logs of a large module are long, and the launcher
  // may call this from a thread with a small stack.
  constexpr size_t kLogSize = 32768;
  std::vector<char> infoLog(kLogSize, 0), errorLog(kLogSize, 0);
  int options[] = {CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
                   CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                   CU_JIT_LOG_VERBOSE};
  void *values[] = {infoLog.data(), reinterpret_cast<void *>(kLogSize),
                    errorLog.data(), reinterpret_cast<void *>(kLogSize),
                    reinterpret_cast<void *>(static_cast<uintptr_t>(1))};
  CUmodule handle = nullptr;
  // A cubin has nothing to JIT: no verbose log.
  CUresult r = d->cuModuleLoadDataEx(&handle, image, elf ? 4 : 5, options,
                                     values);
  infoLog.back() = errorLog.back() = 0;
  if (r != CUDA_SUCCESS) {
    std::string log =
        errorLog[0] ? std::string("\n") + errorLog.data() : std::string();
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
  m->log = infoLog.data();
  *module = m;
  return TIRXRT_SUCCESS;
}

TIRXRT_EXPORT const char *tirxrt_module_log(tirxrt_module module) {
  return module ? module->log.c_str() : "";
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
  if (r == CUDA_ERROR_INVALID_VALUE || r == CUDA_ERROR_NOT_FOUND)
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

TIRXRT_EXPORT int tirxrt_function_attribute(tirxrt_function function,
                                            int attribute, int *value) {
  Driver *d;
  if (int s = requireDriver(d))
    return s;
  if (!function || !value)
    return fail(TIRXRT_ERROR_INVALID_ARGUMENT, "null argument");
  if (int s = requireEntryPoint(*d, reinterpret_cast<void *>(
                                        d->cuFuncGetAttribute),
                                "cuFuncGetAttribute", "12.0"))
    return s;
  CUresult r = d->cuFuncGetAttribute(value, attribute, function->fn);
  if (r != CUDA_SUCCESS)
    return fail(TIRXRT_ERROR_DRIVER,
                "kernel '" + function->name + "': attribute " +
                    std::to_string(attribute) + ": " +
                    describe("cuFuncGetAttribute", r));
  return TIRXRT_SUCCESS;
}

namespace {
/// The launch configuration of a grid, block, dynamic shared memory size
/// and stream, with `cluster` (when given) as its one attribute, held in
/// `attr`.
CUlaunchConfig launchConfig(const uint32_t grid[3], const uint32_t block[3],
                            uint32_t dynamicSmem, uint64_t stream,
                            const uint32_t *cluster, CUlaunchAttribute &attr) {
  std::memset(&attr, 0, sizeof(attr));
  CUlaunchConfig config;
  std::memset(&config, 0, sizeof(config));
  config.gridDimX = grid[0];
  config.gridDimY = grid[1];
  config.gridDimZ = grid[2];
  config.blockDimX = block[0];
  config.blockDimY = block[1];
  config.blockDimZ = block[2];
  config.sharedMemBytes = dynamicSmem;
  config.hStream = reinterpret_cast<CUstream>(static_cast<uintptr_t>(stream));
  if (cluster) {
    attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attr.value.clusterDim.x = cluster[0];
    attr.value.clusterDim.y = cluster[1];
    attr.value.clusterDim.z = cluster[2];
    config.attrs = &attr;
    config.numAttrs = 1;
  }
  return config;
}

std::string dims3(const uint32_t v[3]) {
  return "(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " +
         std::to_string(v[2]) + ")";
}
} // namespace

TIRXRT_EXPORT int tirxrt_function_max_active_clusters(
    tirxrt_function function, const uint32_t grid[3], const uint32_t cluster[3],
    const uint32_t block[3], uint32_t dynamic_smem_bytes, int *clusters) {
  Driver *d;
  if (int s = requireDriver(d))
    return s;
  if (!function || !grid || !cluster || !block || !clusters)
    return fail(TIRXRT_ERROR_INVALID_ARGUMENT, "null argument");
  if (int s = requireEntryPoint(*d, reinterpret_cast<void *>(
                                        d->cuOccupancyMaxActiveClusters),
                                "cuOccupancyMaxActiveClusters", "12.0"))
    return s;
  CUlaunchAttribute attr;
  CUlaunchConfig config =
      launchConfig(grid, block, dynamic_smem_bytes, 0, cluster, attr);
  CUresult r = d->cuOccupancyMaxActiveClusters(clusters, function->fn, &config);
  if (r != CUDA_SUCCESS)
    return fail(TIRXRT_ERROR_DRIVER,
                "kernel '" + function->name + "', cluster " + dims3(cluster) +
                    ", block " + dims3(block) + ", " +
                    std::to_string(dynamic_smem_bytes) +
                    " bytes of dynamic shared memory: " +
                    describe("cuOccupancyMaxActiveClusters", r));
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

/// The parameter sizes the driver reports for `f` (read once), or
/// Unavailable (a driver before 12.4 cannot tell).
static int readParamSizes(Driver &d, tirxrt_function f) {
  Lock lock(f->mutex);
  if (f->params != tirxrt_function_st::Unknown)
    return TIRXRT_SUCCESS;
  if (!d.cuFuncGetParamInfo) {
    f->params = tirxrt_function_st::Unavailable;
    return TIRXRT_SUCCESS;
  }
  std::vector<uint64_t> sizes;
  // A kernel has at most 32764 bytes of parameters: at most that many.
  for (size_t i = 0; i < 32768; ++i) {
    size_t offset = 0, size = 0;
    CUresult r = d.cuFuncGetParamInfo(f->fn, i, &offset, &size);
    // Past the last parameter: CUDA_ERROR_INVALID_VALUE (documented).
    if (r == CUDA_ERROR_INVALID_VALUE || r == CUDA_ERROR_NOT_FOUND)
      break;
    if (r != CUDA_SUCCESS) {
      // The driver cannot tell (CUDA_ERROR_NOT_SUPPORTED, or anything
      // else): the launch goes on unchecked rather than not at all.
      f->params = tirxrt_function_st::Unavailable;
      return TIRXRT_SUCCESS;
    }
    sizes.push_back(size);
  }
  f->paramSizes = std::move(sizes);
  f->params = tirxrt_function_st::Known;
  return TIRXRT_SUCCESS;
}

TIRXRT_EXPORT int tirxrt_launch(tirxrt_function function,
                                const uint32_t grid[3],
                                const uint32_t cluster[3],
                                const uint32_t block[3],
                                uint32_t dynamic_smem_bytes, uint64_t stream,
                                void **params, const uint64_t *param_sizes,
                                uint32_t num_params) {
  Driver *d;
  if (int s = requireDriver(d))
    return s;
  if (!function || !grid || !block ||
      (num_params && (!params || !param_sizes)))
    return fail(TIRXRT_ERROR_INVALID_ARGUMENT, "null launch argument");
  if (int s = requireEntryPoint(*d, reinterpret_cast<void *>(
                                        d->cuLaunchKernelEx),
                                "cuLaunchKernelEx", "12.0"))
    return s;
  const auto &dims = dims3;
  // The arguments must be what the kernel declares: the driver copies each
  // parameter's declared size from params[i], so a smaller value (an 8-byte
  // pointer to a 128-byte tensormap) would hand the kernel garbage.
  if (int s = readParamSizes(*d, function))
    return s;
  if (function->params == tirxrt_function_st::Known) {
    const std::vector<uint64_t> &want = function->paramSizes;
    if (want.size() != num_params)
      return fail(TIRXRT_ERROR_INVALID_ARGUMENT,
                  "kernel '" + function->name + "' takes " +
                      std::to_string(want.size()) +
                      " parameters, the launch passes " +
                      std::to_string(num_params));
    for (uint32_t i = 0; i < num_params; ++i)
      if (want[i] != param_sizes[i])
        return fail(TIRXRT_ERROR_INVALID_ARGUMENT,
                    "kernel '" + function->name + "': parameter " +
                        std::to_string(i) + " is " + std::to_string(want[i]) +
                        " bytes, the launch passes " +
                        std::to_string(param_sizes[i]) + " bytes");
  }
  for (int i = 0; i < 3; ++i)
    if (grid[i] == 0 || block[i] == 0)
      return fail(TIRXRT_ERROR_INVALID_ARGUMENT,
                  "kernel '" + function->name + "': empty launch, grid " +
                      dims(grid) + " block " + dims(block));
  const bool clustered =
      cluster && uint64_t(cluster[0]) * cluster[1] * cluster[2] > 1;
  CUlaunchAttribute attr;
  CUlaunchConfig config =
      launchConfig(grid, block, dynamic_smem_bytes, stream,
                   clustered ? cluster : nullptr, attr);
  if (clustered) {
    for (int i = 0; i < 3; ++i)
      if (cluster[i] == 0 || grid[i] % cluster[i] != 0)
        return fail(TIRXRT_ERROR_INVALID_ARGUMENT,
                    "kernel '" + function->name + "': the grid " + dims(grid) +
                        " is not a multiple of the cluster " + dims(cluster));
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
