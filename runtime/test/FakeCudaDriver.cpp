//===- FakeCudaDriver.cpp - a CUDA driver stand-in for tests ----*- C++ -*-===//
//
// Exports the driver entry points the TIRx runtime uses, so the runtime and
// the launcher can be tested end to end on a machine without a GPU
// (TIRX_CUDA_DRIVER=<this library>). Nothing runs: the fake reads the image
// it is given -- PTX (.version, .target, each .entry's parameters) or a
// cubin (the ELF's architecture, and per kernel the parameter layout and
// register count ptxas recorded in its .nv.info sections) -- checks what a
// real driver checks for the calls the runtime makes, and appends one JSON
// line per call to $TIRX_FAKE_CUDA_LOG. A launch records every parameter's
// bytes (as many as the kernel declares, read from the pointer the caller
// gave, as the driver does) and the layout of the parameter space, so a
// test can check the whole parameter buffer against the declarations.
//
// Parameter offsets are those of the driver: relative to the start of the
// parameter space in constant bank 0 (0x210 on sm_90, 0x380 on sm_100 and
// newer, 0x160 before), with each parameter's alignment holding in the
// bank, so on sm_90 a 64-byte aligned parameter after an 8-byte one sits
// at offset 48.
//
//   TIRX_FAKE_CUDA_VERSION  driver version (default 13000 = CUDA 13.0)
//   TIRX_FAKE_CUDA_CC       compute capability times ten (default 90)
//   TIRX_FAKE_CUDA_DEVICES  number of devices (default 1; 0: cuInit fails)
//   TIRX_FAKE_CUDA_BAD_CUBIN  when set, loading any cubin fails
//                           (CUDA_ERROR_INVALID_IMAGE, with an error log)
//
// Built twice: with TIRX_FAKE_CUDA_OLD the 12.x entry points
// (cuLaunchKernelEx, cuTensorMapEncodeTiled, cuFuncGetParamInfo) are
// missing, as in an 11.x driver.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
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
  int registers = -1; // from a cubin's .nv.info; unknown for PTX
};
struct Module {
  bool cubin = false;
  int ptxVersion = 0; // times ten
  int arch = 0;       // the cubin's or the PTX target's sm, times ten
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

/// Where the parameter space starts in constant bank 0 (what ptxas records
/// as EIATTR_PARAM_CBANK): 0x380 on sm_100 and newer, 0x210 on sm_90.
uint64_t paramBase() {
  int cc = envInt("TIRX_FAKE_CUDA_CC", 90);
  return cc >= 100 ? 0x380 : cc >= 90 ? 0x210 : 0x160;
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
    const uint64_t base = paramBase();
    uint64_t at = base;
    while (std::getline(ss, decl, ',')) {
      if (decl.find(".param") == std::string::npos)
        continue;
      decl += " ";
      uint64_t size = 0, align = 1;
      if (!paramType(decl, size, align))
        continue;
      at = (at + align - 1) / align * align;
      e->params.push_back({at - base, size});
      at += size;
    }
    m.entries.push_back(std::move(e));
    at = close;
  }
}

//===----------------------------------------------------------------------===//
// Cubins: what the driver reads of ptxas's ELF
//===----------------------------------------------------------------------===//

template <typename T> bool readAt(const std::string &b, uint64_t at, T &v) {
  if (at + sizeof(T) > b.size() || at + sizeof(T) < at)
    return false;
  std::memcpy(&v, b.data() + at, sizeof(T));
  return true;
}

/// Parses a cubin (64-bit little-endian CUDA ELF): its architecture, and for
/// each kernel (.nv.info.<name>) the parameters (EIATTR_KPARAM_INFO:
/// ordinal, offset, size) and, from .nv.info, its register count
/// (EIATTR_REGCOUNT). Returns an error message, "" on success.
std::string parseCubin(const std::string &b, Module &m) {
  if (b.size() < 64 || b[4] != 2 || b[5] != 1)
    return "not a 64-bit little-endian ELF";
  uint32_t flags;
  uint64_t shoff;
  uint16_t shentsize, shnum, shstrndx;
  if (!readAt(b, 0x30, flags) || !readAt(b, 0x28, shoff) ||
      !readAt(b, 0x3a, shentsize) || !readAt(b, 0x3c, shnum) ||
      !readAt(b, 0x3e, shstrndx) || shentsize < 64 || shstrndx >= shnum)
    return "truncated ELF header";
  // CUDA ELF ABI version 8 and later keep the sm in bits 8-15 of e_flags.
  m.arch = static_cast<unsigned char>(b[8]) >= 8 ? (flags >> 8) & 0xff
                                                 : flags & 0xff;
  struct Section {
    uint32_t name, type, link;
    uint64_t offset, size, entsize;
  };
  std::vector<Section> secs(shnum);
  for (uint16_t i = 0; i < shnum; ++i) {
    uint64_t at = shoff + uint64_t(i) * shentsize;
    Section &s = secs[i];
    if (!readAt(b, at, s.name) || !readAt(b, at + 4, s.type) ||
        !readAt(b, at + 24, s.offset) || !readAt(b, at + 32, s.size) ||
        !readAt(b, at + 40, s.link) || !readAt(b, at + 56, s.entsize) ||
        (s.type != 8 && s.offset + s.size > b.size()))
      return "truncated section table";
  }
  auto str = [&](const Section &table, uint32_t off) {
    uint64_t at = table.offset + off;
    if (at >= b.size())
      return std::string();
    return std::string(b.c_str() + at, strnlen(b.c_str() + at, b.size() - at));
  };
  const Section &shstr = secs[shstrndx];
  // Symbol names by index, for EIATTR_REGCOUNT.
  std::vector<std::string> symbols;
  for (const Section &s : secs)
    if (s.type == 2 && s.entsize >= 24 && s.link < shnum)
      for (uint64_t at = s.offset; at + 24 <= s.offset + s.size; at += 24) {
        uint32_t name = 0;
        readAt(b, at, name);
        symbols.push_back(str(secs[s.link], name));
      }
  std::vector<std::pair<std::string, int>> regcounts;
  for (const Section &s : secs) {
    std::string name = str(shstr, s.name);
    if (name.rfind(".nv.info", 0) != 0)
      continue;
    std::string kernel = name.size() > 9 ? name.substr(9) : "";
    Entry *e = nullptr;
    if (!kernel.empty()) {
      m.entries.push_back(std::make_unique<Entry>());
      e = m.entries.back().get();
      e->name = kernel;
    }
    std::vector<std::pair<uint16_t, Param>> params;
    for (uint64_t at = s.offset; at + 4 <= s.offset + s.size;) {
      uint8_t fmt = b[at], attr = b[at + 1];
      uint16_t len = 0;
      readAt(b, at + 2, len);
      uint64_t value = at + 4, next = at + 4;
      if (fmt == 4) // EIFMT_SVAL: a 16-bit length, then the bytes
        next = value + len;
      else if (fmt == 1 || fmt == 2 || fmt == 3) // no value, byte, half
        value = at + 2;
      else
        return "unknown .nv.info attribute format " + std::to_string(fmt);
      if (next > s.offset + s.size)
        return "truncated " + name;
      if (e && attr == 0x17 && fmt == 4 && len >= 12) { // EIATTR_KPARAM_INFO
        uint16_t ordinal = 0, offset = 0;
        uint32_t word = 0;
        readAt(b, value + 4, ordinal);
        readAt(b, value + 6, offset);
        readAt(b, value + 8, word);
        params.push_back({ordinal, Param{offset, (word >> 18) & 0x3fff}});
      }
      if (!e && attr == 0x2f && fmt == 4 && len >= 8) { // EIATTR_REGCOUNT
        uint32_t sym = 0, count = 0;
        readAt(b, value, sym);
        readAt(b, value + 4, count);
        if (sym < symbols.size())
          regcounts.push_back({symbols[sym], static_cast<int>(count)});
      }
      at = next;
    }
    if (e) {
      e->params.assign(params.size(), Param{0, 0});
      for (auto &[ordinal, p] : params) {
        if (ordinal >= params.size())
          return name + ": parameter ordinal " + std::to_string(ordinal) +
                 " out of range";
        e->params[ordinal] = p;
      }
    }
  }
  for (auto &[kernel, count] : regcounts)
    for (auto &e : m.entries)
      if (e->name == kernel)
        e->registers = count;
  return "";
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

/// Writes `s` into the JIT log the options name: the error log
/// (CU_JIT_ERROR_LOG_BUFFER = 5, its size 6) or the information log (3, 4).
void writeLog(unsigned n, int *options, void **values, const std::string &s,
              bool info = false) {
  char *buffer = nullptr;
  size_t size = 0;
  for (unsigned i = 0; i < n; ++i) {
    if (options[i] == (info ? 3 : 5))
      buffer = static_cast<char *>(values[i]);
    if (options[i] == (info ? 4 : 6))
      size = reinterpret_cast<size_t>(values[i]);
  }
  if (buffer && size)
    std::snprintf(buffer, size, "%s", s.c_str());
}

bool verbose(unsigned n, int *options, void **values) {
  for (unsigned i = 0; i < n; ++i)
    if (options[i] == 12) // CU_JIT_LOG_VERBOSE
      return values[i] != nullptr;
  return false;
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
  case 200: *s = "CUDA_ERROR_INVALID_IMAGE"; break;
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
  case 200: *s = "device kernel image is invalid"; break;
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
    // The image carries no size: the ELF ends with the last of its
    // header tables and sections.
    uint64_t shoff = 0, phoff = 0;
    uint16_t phentsize = 0, phnum = 0, shentsize = 0, shnum = 0;
    std::memcpy(&phoff, bytes + 0x20, 8);
    std::memcpy(&shoff, bytes + 0x28, 8);
    std::memcpy(&phentsize, bytes + 0x36, 2);
    std::memcpy(&phnum, bytes + 0x38, 2);
    std::memcpy(&shentsize, bytes + 0x3a, 2);
    std::memcpy(&shnum, bytes + 0x3c, 2);
    uint64_t end = std::max<uint64_t>(shoff + uint64_t(shentsize) * shnum,
                                      phoff + uint64_t(phentsize) * phnum);
    for (uint16_t i = 0; i < shnum && shentsize >= 64; ++i) {
      uint32_t type;
      uint64_t off, size;
      const char *h = bytes + shoff + uint64_t(i) * shentsize;
      std::memcpy(&type, h + 4, 4);
      std::memcpy(&off, h + 24, 8);
      std::memcpy(&size, h + 32, 8);
      if (type != 8) // SHT_NOBITS occupies no bytes
        end = std::max(end, off + size);
    }
    std::string elf(bytes, end);
    if (std::getenv("TIRX_FAKE_CUDA_BAD_CUBIN")) {
      writeLog(n, options, values, "fake driver: TIRX_FAKE_CUDA_BAD_CUBIN is set");
      return 200;
    }
    std::string error = parseCubin(elf, *m);
    if (!error.empty()) {
      writeLog(n, options, values, "fake driver: " + error);
      return 200;
    }
    int cc = envInt("TIRX_FAKE_CUDA_CC", 90);
    if (m->arch / 10 != cc / 10 || m->arch > cc) {
      writeLog(n, options, values,
               "fake driver: the cubin is for sm_" + std::to_string(m->arch) +
                   ", the device is sm_" + std::to_string(cc));
      return 209;
    }
    log("{\"call\": \"cuModuleLoadDataEx\", \"kind\": \"cubin\", \"arch\": " +
        std::to_string(m->arch) + ", \"entries\": " +
        std::to_string(m->entries.size()) + "}");
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
    m->ptxVersion = major * 10 + minor;
    m->arch = target ? target : cc;
    if (verbose(n, options, values))
      writeLog(n, options, values,
               "fake driver: JIT-compiled " + std::to_string(m->entries.size()) +
                   " entry function(s) for sm_" + std::to_string(cc),
               /*info=*/true);
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

EXPORT int cuFuncGetAttribute(int *value, int attr, void *fn) {
  auto *f = static_cast<Function *>(fn);
  switch (attr) {
  case 0: *value = 1024; return 0;        // MAX_THREADS_PER_BLOCK
  case 1: case 2: case 3: *value = 0; return 0; // static smem, const, local
  case 4:                                 // NUM_REGS: known for cubins
    if (f->entry->registers < 0)
      return 801;
    *value = f->entry->registers;
    return 0;
  case 5: *value = f->module->ptxVersion; return 0;
  case 6: *value = f->module->arch; return 0;
  default: return 1;
  }
}

#ifndef TIRX_FAKE_CUDA_OLD

EXPORT int cuFuncGetParamInfo(void *fn, size_t index, size_t *offset,
                              size_t *size) {
  auto *f = static_cast<Function *>(fn);
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
  // The driver copies each declared parameter's bytes from params[i].
  const std::vector<Param> &decl = f->entry->params;
  if (extra || (!decl.empty() && !params))
    return 1;
  for (size_t i = 0; i < decl.size(); ++i)
    if (!params[i])
      return 1;
  line += ", \"params\": [";
  for (size_t i = 0; i < decl.size(); ++i)
    line += (i ? ", \"" : "\"") + hex(params[i], decl[i].size) + "\"";
  line += "], \"layout\": [";
  for (size_t i = 0; i < decl.size(); ++i)
    line += (i ? ", [" : "[") + std::to_string(decl[i].offset) + ", " +
            std::to_string(decl[i].size) + "]";
  line += "], \"image\": \"";
  line += f->module->cubin ? "cubin" : "ptx";
  line += "\"}";
  log(line);
  return 0;
}

EXPORT int cuOccupancyMaxActiveClusters(int *clusters, void *fn,
                                        const LaunchConfig *c) {
  auto *f = static_cast<Function *>(fn);
  unsigned size = 1;
  for (unsigned i = 0; i < c->numAttrs; ++i)
    if (c->attrs[i].id == 4)
      size = c->attrs[i].v[0] * c->attrs[i].v[1] * c->attrs[i].v[2];
  unsigned threads = c->bx * c->by * c->bz;
  // An H100/H200-like SM: 2048 threads, 228 KiB of shared memory (1 KiB
  // reserved per CTA), 32 CTAs.
  unsigned perSM = 32;
  if (threads)
    perSM = std::min(perSM, 2048 / threads);
  if (c->smem)
    perSM = std::min(perSM, 233472u / (c->smem + 1024));
  *clusters = size ? static_cast<int>(132 * perSM / size) : 0;
  log("{\"call\": \"cuOccupancyMaxActiveClusters\", \"kernel\": \"" +
      f->entry->name + "\", \"cluster_size\": " + std::to_string(size) +
      ", \"clusters\": " + std::to_string(*clusters) + "}");
  return 0;
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
