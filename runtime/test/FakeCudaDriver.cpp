//===- FakeCudaDriver.cpp - a CUDA driver stand-in for tests ----*- C++ -*-===//
//
// Exports the driver entry points the TIRx runtime uses, so the runtime and
// the launcher can be tested end to end on a machine without a GPU
// (TIRX_CUDA_DRIVER=<this library>). Nothing runs: the fake parses the PTX it
// is given (.version, .target, each .entry's parameters), checks what a real
// driver checks for the calls the runtime makes, and appends one JSON line
// per call to $TIRX_FAKE_CUDA_LOG — a launch records every parameter's bytes,
// so a test can see that a tensormap travelled by value.
//
//   TIRX_FAKE_CUDA_VERSION  driver version (default 13000 = CUDA 13.0)
//   TIRX_FAKE_CUDA_CC       compute capability times ten (default 90)
//   TIRX_FAKE_CUDA_DEVICES  number of devices (default 1; 0: cuInit fails)
//
// Built twice: with TIRX_FAKE_CUDA_OLD the 12.x entry points
// (cuLaunchKernelEx, cuTensorMapEncodeTiled, cuFuncGetParamInfo) are
// missing, as in an 11.x driver.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#define EXPORT extern "C" __attribute__((visibility("default")))

namespace {

struct Param {
  uint64_t offset, size;
};
struct Entry {
  std::string name;
  std::vector<Param> params;
};
struct Module {
  bool cubin = false;
  std::vector<std::unique_ptr<Entry>> entries;
};
struct Function {
  Module *module;
  Entry *entry;
};

std::mutex logMutex;
std::vector<std::unique_ptr<Module>> modules;
std::vector<std::unique_ptr<Function>> functions;

int envInt(const char *name, int fallback) {
  const char *v = std::getenv(name);
  return v && *v ? std::atoi(v) : fallback;
}

void log(const std::string &line) {
  const char *path = std::getenv("TIRX_FAKE_CUDA_LOG");
  if (!path || !*path)
    return;
  std::lock_guard<std::mutex> lock(logMutex);
  if (FILE *f = std::fopen(path, "a")) {
    std::fprintf(f, "%s\n", line.c_str());
    std::fclose(f);
  }
}

[[maybe_unused]] std::string hex(const void *p, size_t n) {
  static const char digits[] = "0123456789abcdef";
  std::string s;
  auto *b = static_cast<const unsigned char *>(p);
  for (size_t i = 0; i < n; ++i) {
    s += digits[b[i] >> 4];
    s += digits[b[i] & 15];
  }
  return s;
}

/// Size and alignment of a PTX .param declaration's type.
bool paramType(const std::string &decl, uint64_t &size, uint64_t &align) {
  size_t lb = decl.find('[');
  uint64_t count = 1;
  if (lb != std::string::npos)
    count = std::strtoull(decl.c_str() + lb + 1, nullptr, 10);
  uint64_t elem = 0;
  for (const char *t : {".b8", ".u8", ".s8"})
    if (decl.find(std::string(t) + " ") != std::string::npos)
      elem = 1;
  for (const char *t : {".b16", ".u16", ".s16", ".f16"})
    if (decl.find(std::string(t) + " ") != std::string::npos)
      elem = 2;
  for (const char *t : {".b32", ".u32", ".s32", ".f32"})
    if (decl.find(std::string(t) + " ") != std::string::npos)
      elem = 4;
  for (const char *t : {".b64", ".u64", ".s64", ".f64"})
    if (decl.find(std::string(t) + " ") != std::string::npos)
      elem = 8;
  if (!elem)
    return false;
  size = elem * count;
  align = elem;
  size_t a = decl.find(".align ");
  if (a != std::string::npos)
    align = std::strtoull(decl.c_str() + a + 7, nullptr, 10);
  return true;
}

/// The .entry functions of a PTX text and their parameters.
void parseEntries(const std::string &ptx, Module &m) {
  size_t at = 0;
  while ((at = ptx.find(".entry ", at)) != std::string::npos) {
    at += 7;
    size_t open = ptx.find('(', at);
    if (open == std::string::npos)
      break;
    auto e = std::make_unique<Entry>();
    e->name = ptx.substr(at, open - at);
    while (!e->name.empty() && e->name.back() == ' ')
      e->name.pop_back();
    size_t close = ptx.find(')', open);
    std::string list = ptx.substr(open + 1, close - open - 1);
    std::stringstream ss(list);
    std::string decl;
    uint64_t offset = 0;
    while (std::getline(ss, decl, ',')) {
      if (decl.find(".param") == std::string::npos)
        continue;
      decl += " ";
      uint64_t size = 0, align = 1;
      if (!paramType(decl, size, align))
        continue;
      offset = (offset + align - 1) / align * align;
      e->params.push_back({offset, size});
      offset += size;
    }
    m.entries.push_back(std::move(e));
    at = close;
  }
}

int cudaVersionForPTX(int ptx) {
  static const int table[][2] = {{78, 11080}, {80, 12000}, {81, 12010},
                                 {82, 12020}, {83, 12030}, {84, 12040},
                                 {85, 12050}, {86, 12070}, {87, 12080},
                                 {88, 12090}, {90, 13000}};
  for (auto &row : table)
    if (row[0] == ptx)
      return row[1];
  return 99999;
}

void writeLog(unsigned n, int *options, void **values, const std::string &s) {
  char *buffer = nullptr;
  size_t size = 0;
  for (unsigned i = 0; i < n; ++i) {
    if (options[i] == 5)
      buffer = static_cast<char *>(values[i]);
    if (options[i] == 6)
      size = reinterpret_cast<size_t>(values[i]);
  }
  if (buffer && size)
    std::snprintf(buffer, size, "%s", s.c_str());
}

} // namespace

EXPORT int cuInit(unsigned) {
  log("{\"call\": \"cuInit\"}");
  return envInt("TIRX_FAKE_CUDA_DEVICES", 1) > 0 ? 0 : 100;
}

EXPORT int cuDriverGetVersion(int *v) {
  *v = envInt("TIRX_FAKE_CUDA_VERSION", 13000);
  return 0;
}

EXPORT int cuGetErrorName(int r, const char **s) {
  switch (r) {
  case 0: *s = "CUDA_SUCCESS"; break;
  case 1: *s = "CUDA_ERROR_INVALID_VALUE"; break;
  case 100: *s = "CUDA_ERROR_NO_DEVICE"; break;
  case 101: *s = "CUDA_ERROR_INVALID_DEVICE"; break;
  case 209: *s = "CUDA_ERROR_NO_BINARY_FOR_GPU"; break;
  case 218: *s = "CUDA_ERROR_INVALID_PTX"; break;
  case 222: *s = "CUDA_ERROR_UNSUPPORTED_PTX_VERSION"; break;
  case 500: *s = "CUDA_ERROR_NOT_FOUND"; break;
  case 801: *s = "CUDA_ERROR_NOT_SUPPORTED"; break;
  default: *s = nullptr; return 1;
  }
  return 0;
}

EXPORT int cuGetErrorString(int r, const char **s) {
  switch (r) {
  case 1: *s = "invalid argument"; break;
  case 100: *s = "no CUDA-capable device is detected"; break;
  case 209: *s = "no kernel image is available for execution on the device"; break;
  case 222: *s = "the provided PTX was compiled with an unsupported toolchain."; break;
  case 500: *s = "named symbol not found"; break;
  case 801: *s = "operation not supported"; break;
  default: *s = nullptr; return 1;
  }
  return 0;
}

EXPORT int cuDeviceGetCount(int *n) {
  *n = envInt("TIRX_FAKE_CUDA_DEVICES", 1);
  return 0;
}

EXPORT int cuDeviceGet(int *dev, int ordinal) {
  if (ordinal < 0 || ordinal >= envInt("TIRX_FAKE_CUDA_DEVICES", 1))
    return 101;
  *dev = ordinal;
  return 0;
}

EXPORT int cuDeviceGetName(char *name, int len, int) {
  std::snprintf(name, len, "Fake GPU (TIRx test driver)");
  return 0;
}

EXPORT int cuDeviceGetAttribute(int *v, int attr, int) {
  int cc = envInt("TIRX_FAKE_CUDA_CC", 90);
  switch (attr) {
  case 16: *v = 132; return 0;
  case 75: *v = cc / 10; return 0;
  case 76: *v = cc % 10; return 0;
  default: return 1;
  }
}

static int primaryContext;
EXPORT int cuDevicePrimaryCtxRetain(void **ctx, int) {
  *ctx = &primaryContext;
  return 0;
}
EXPORT int cuCtxSetCurrent(void *) { return 0; }
EXPORT int cuCtxSynchronize() {
  log("{\"call\": \"cuCtxSynchronize\"}");
  return 0;
}

EXPORT int cuModuleLoadDataEx(void **out, const void *image, unsigned n,
                              int *options, void **values) {
  auto m = std::make_unique<Module>();
  const char *bytes = static_cast<const char *>(image);
  if (std::memcmp(bytes, "\x7f" "ELF", 4) == 0) {
    m->cubin = true;
    log("{\"call\": \"cuModuleLoadDataEx\", \"kind\": \"cubin\"}");
  } else {
    std::string ptx(bytes);
    int major = 0, minor = 0;
    size_t v = ptx.find(".version");
    if (v != std::string::npos)
      std::sscanf(ptx.c_str() + v, ".version %d.%d", &major, &minor);
    int driver = envInt("TIRX_FAKE_CUDA_VERSION", 13000);
    if (cudaVersionForPTX(major * 10 + minor) > driver) {
      char msg[256];
      std::snprintf(msg, sizeof(msg),
                    "ptxas application ptx input, line 5; fatal   : "
                    "Unsupported .version %d.%d; current version is '%s'",
                    major, minor, driver >= 12000 ? "8.0" : "7.8");
      writeLog(n, options, values, msg);
      return 222;
    }
    int cc = envInt("TIRX_FAKE_CUDA_CC", 90), target = 0;
    bool archSpecific = false;
    size_t t = ptx.find(".target sm_");
    if (t != std::string::npos) {
      size_t p = t + 11;
      while (p < ptx.size() && ptx[p] >= '0' && ptx[p] <= '9')
        target = target * 10 + (ptx[p++] - '0');
      archSpecific = p < ptx.size() && ptx[p] == 'a';
    }
    if (target && (archSpecific ? target != cc : target > cc)) {
      writeLog(n, options, values, "ptxas fatal   : SM version mismatch");
      return 209;
    }
    parseEntries(ptx, *m);
    log("{\"call\": \"cuModuleLoadDataEx\", \"kind\": \"ptx\", \"version\": \"" +
        std::to_string(major) + "." + std::to_string(minor) +
        "\", \"entries\": " + std::to_string(m->entries.size()) + "}");
  }
  *out = m.get();
  modules.push_back(std::move(m));
  return 0;
}

EXPORT int cuModuleUnload(void *) { return 0; }

EXPORT int cuModuleGetFunction(void **out, void *module, const char *name) {
  auto *m = static_cast<Module *>(module);
  Entry *found = nullptr;
  if (m->cubin) {
    m->entries.push_back(std::make_unique<Entry>());
    found = m->entries.back().get();
    found->name = name;
  }
  for (auto &e : m->entries)
    if (e->name == name)
      found = e.get();
  if (!found)
    return 500;
  functions.push_back(std::make_unique<Function>(Function{m, found}));
  *out = functions.back().get();
  return 0;
}

EXPORT int cuFuncSetAttribute(void *fn, int attr, int value) {
  auto *f = static_cast<Function *>(fn);
  log("{\"call\": \"cuFuncSetAttribute\", \"kernel\": \"" + f->entry->name +
      "\", \"attr\": " + std::to_string(attr) +
      ", \"value\": " + std::to_string(value) + "}");
  if (attr == 8 && value > 232448)
    return 1;
  return 0;
}

#ifndef TIRX_FAKE_CUDA_OLD

EXPORT int cuFuncGetParamInfo(void *fn, size_t index, size_t *offset,
                              size_t *size) {
  auto *f = static_cast<Function *>(fn);
  if (f->module->cubin)
    return 801;
  if (index >= f->entry->params.size())
    return 1;
  *offset = f->entry->params[index].offset;
  *size = f->entry->params[index].size;
  return 0;
}

struct LaunchConfig {
  unsigned gx, gy, gz, bx, by, bz, smem;
  void *stream;
  struct Attr {
    int id;
    char pad[4];
    unsigned v[16];
  } *attrs;
  unsigned numAttrs;
};

EXPORT int cuLaunchKernelEx(const LaunchConfig *c, void *fn, void **params,
                            void **extra) {
  auto *f = static_cast<Function *>(fn);
  std::string line = "{\"call\": \"cuLaunchKernelEx\", \"kernel\": \"" +
                     f->entry->name + "\", \"grid\": [" +
                     std::to_string(c->gx) + ", " + std::to_string(c->gy) +
                     ", " + std::to_string(c->gz) + "], \"block\": [" +
                     std::to_string(c->bx) + ", " + std::to_string(c->by) +
                     ", " + std::to_string(c->bz) +
                     "], \"smem\": " + std::to_string(c->smem) +
                     ", \"stream\": " +
                     std::to_string(reinterpret_cast<uintptr_t>(c->stream));
  line += ", \"cluster\": ";
  bool cluster = false;
  for (unsigned i = 0; i < c->numAttrs; ++i)
    if (c->attrs[i].id == 4) {
      cluster = true;
      line += "[" + std::to_string(c->attrs[i].v[0]) + ", " +
              std::to_string(c->attrs[i].v[1]) + ", " +
              std::to_string(c->attrs[i].v[2]) + "]";
    }
  if (!cluster)
    line += "null";
  line += ", \"params\": [";
  for (size_t i = 0; i < f->entry->params.size(); ++i)
    line += (i ? ", \"" : "\"") + hex(params[i], f->entry->params[i].size) +
            "\"";
  line += "]}";
  log(line);
  return extra ? 1 : 0;
}

EXPORT int cuTensorMapEncodeTiled(void *out, int dtype, uint32_t rank,
                                  void *address, const uint64_t *dims,
                                  const uint64_t *strides,
                                  const uint32_t *box,
                                  const uint32_t *elementStrides,
                                  int interleave, int swizzle, int l2,
                                  int oob) {
  // A recognizable encoding the tests decode: "TMAP", six 32-bit fields,
  // the address, dims, strides, 16-bit box extents, 8-bit element strides.
  unsigned char *b = static_cast<unsigned char *>(out);
  std::memset(b, 0, 128);
  std::memcpy(b, "TMAP", 4);
  uint32_t fields[6] = {static_cast<uint32_t>(dtype), rank,
                        static_cast<uint32_t>(interleave),
                        static_cast<uint32_t>(swizzle),
                        static_cast<uint32_t>(l2), static_cast<uint32_t>(oob)};
  std::memcpy(b + 4, fields, sizeof(fields));
  uint64_t a = reinterpret_cast<uintptr_t>(address);
  std::memcpy(b + 32, &a, 8);
  for (uint32_t i = 0; i < rank; ++i) {
    std::memcpy(b + 40 + 8 * i, &dims[i], 8);
    if (i + 1 < rank)
      std::memcpy(b + 80 + 8 * i, &strides[i], 8);
    uint16_t bx = static_cast<uint16_t>(box[i]);
    std::memcpy(b + 112 + 2 * i, &bx, 2);
    b[122 + i] = static_cast<unsigned char>(elementStrides[i]);
  }
  log("{\"call\": \"cuTensorMapEncodeTiled\", \"dtype\": " +
      std::to_string(dtype) + ", \"rank\": " + std::to_string(rank) +
      ", \"swizzle\": " + std::to_string(swizzle) + "}");
  return 0;
}

#endif // TIRX_FAKE_CUDA_OLD
