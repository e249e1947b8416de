//===- Recovery.cpp - Surviving LLVM fatal errors and crashes ---*- C++ -*-===//

#include "TIRx/Target/Recovery.h"

#include "TIRx/Support/Nesting.h"

#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include <vector>

using namespace mlir;

namespace mlir::tirx {

namespace {
struct FatalErrorState {
  std::string reason;
  bool called = false;
};
} // namespace

static void onLLVMFatalError(void *user, const char *reason, bool) {
  auto *state = static_cast<FatalErrorState *>(user);
  state->called = true;
  state->reason = reason ? reason : "";
  // Leave through the recovery context rather than exit()/abort().
  if (auto *crc = llvm::CrashRecoveryContext::GetCurrent())
    crc->HandleExit(1);
}

/// Runs `fn` with LLVM's fatal errors and crash signals recovered, on this
/// thread.
static Recovery recoverHere(llvm::function_ref<void()> fn,
                            std::string &reason) {
  FatalErrorState state;
  bool ok;
  {
    llvm::ScopedFatalErrorHandler handler(onLLVMFatalError, &state);
    llvm::CrashRecoveryContext::Enable();
    llvm::CrashRecoveryContext crc;
    ok = crc.RunSafely(fn);
    llvm::CrashRecoveryContext::Disable();
  }
  if (ok)
    return Recovery::None;
  if (state.called) {
    reason = state.reason.empty() ? "LLVM fatal error" : state.reason;
    return Recovery::FatalError;
  }
  reason = "LLVM crashed";
  return Recovery::Crash;
}

namespace {
/// A thread stack this process maps itself (so it can keep it mapped).
struct OwnedStack {
  char *base = nullptr; // the guard page, then the stack
  size_t guard = 0, size = 0;

  bool map(size_t bytes) {
    guard = size_t(sysconf(_SC_PAGESIZE));
    size = bytes;
    void *p = mmap(nullptr, guard + size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1,
                   0);
    if (p == MAP_FAILED)
      return false;
    base = static_cast<char *>(p);
    mprotect(base, guard, PROT_NONE);
    return true;
  }
  void unmap() { munmap(base, guard + size); }
  /// Unmaps the part of the stack that was never touched (below the
  /// deepest frame) and keeps the rest mapped forever.
  void quarantine() {
    size_t pages = size / guard;
    std::vector<unsigned char> resident(pages);
    size_t firstUsed = pages;
    if (mincore(base + guard, size, resident.data()) == 0)
      for (size_t i = 0; i < pages; ++i)
        if (resident[i] & 1) {
          firstUsed = i;
          break;
        }
    if (firstUsed == pages) // nothing resident?: keep it all
      return;
    munmap(base, guard + firstUsed * guard);
  }
};
} // namespace

std::optional<Recovery> runRecoveringFromLLVMCrashes(
    llvm::function_ref<void()> fn, std::string &reason) {
  OwnedStack stack;
  if (!stack.map(mlir::tirx::kLargeStackBytes))
    return std::nullopt;
  struct Job {
    llvm::function_ref<void()> fn;
    std::string reason;
    Recovery recovery = Recovery::None;
  } job{fn, {}, Recovery::None};
  pthread_attr_t attr;
  bool started = pthread_attr_init(&attr) == 0;
  started = started &&
            pthread_attr_setstack(&attr, stack.base + stack.guard,
                                  stack.size) == 0;
  pthread_t thread;
  started = started && pthread_create(
                           &thread, &attr,
                           [](void *p) -> void * {
                             auto *j = static_cast<Job *>(p);
                             j->recovery = recoverHere(j->fn, j->reason);
                             return nullptr;
                           },
                           &job) == 0;
  pthread_attr_destroy(&attr);
  if (!started) {
    stack.unmap();
    return std::nullopt;
  }
  pthread_join(thread, nullptr);
  if (job.recovery == Recovery::None) {
    stack.unmap();
  } else {
    stack.quarantine();
    reason = job.reason;
  }
  return job.recovery;
}

namespace {
/// Bounded: past this many distinct failing inputs, failures are no longer
/// remembered (and each repeat leaks again).
constexpr size_t kMaxRememberedFatalErrors = 4096;
llvm::DenseMap<uint64_t, std::string> &fatalInputs() {
  static llvm::DenseMap<uint64_t, std::string> inputs;
  return inputs;
}
} // namespace

uint64_t fingerprintInput(Operation *op, llvm::StringRef config) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << config << "\n";
  OpPrintingFlags flags;
  flags.printGenericOpForm();
  op->print(os, flags);
  return llvm::xxh3_64bits(text);
}

std::optional<std::string> knownFatalError(uint64_t fingerprint) {
  auto it = fatalInputs().find(fingerprint);
  if (it == fatalInputs().end())
    return std::nullopt;
  return it->second;
}

void rememberFatalError(uint64_t fingerprint, llvm::StringRef reason) {
  if (fatalInputs().size() < kMaxRememberedFatalErrors)
    fatalInputs()[fingerprint] = reason.str();
}

bool anyFatalErrors() { return !fatalInputs().empty(); }

} // namespace mlir::tirx
