//===- Recovery.h - Surviving LLVM fatal errors and crashes -----*- C++ -*-===//
//
// LLVM's code generator ends the process on IR it cannot select
// (report_fatal_error). The compile drivers of lib/Target run the pipeline
// through runRecoveringFromLLVMCrashes instead, and remember the inputs
// that failed so that LLVM is not run on them again.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_TARGET_RECOVERY_H
#define TIRX_TARGET_RECOVERY_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir::tirx {

/// How runRecoveringFromLLVMCrashes ended.
enum class Recovery {
  None,       // `fn` returned
  FatalError, // LLVM called report_fatal_error (MLIR IR is well-formed)
  Crash,      // a crash signal: nothing `fn` touched can be trusted
};

/// Runs `fn` so that an LLVM fatal error (report_fatal_error, e.g. the
/// NVPTX backend's "Cannot select") or a crash signal inside it returns,
/// with `reason` set, instead of ending the process. What `fn`'s abandoned
/// stack frames owned is lost.
///
/// `fn` runs on a thread of its own, on a stack of
/// mlir::tirx::kLargeStackBytes that this function maps. LLVM keeps
/// pointers into the frames a recovery abandons -- MLIR's serializer links
/// a stack-local llvm::Timer into LLVM's global "misc" timer group, which
/// the next compilation then writes through -- so after a recovery that
/// stack is never unmapped (its untouched part is), and those writes land in
/// memory no one else uses. Never run `fn` on a thread that goes on to do
/// other work. Returns nullopt if no thread could be started.
std::optional<Recovery> runRecoveringFromLLVMCrashes(
    llvm::function_ref<void()> fn, std::string &reason);

/// Inputs on which LLVM failed fatally. Each recovered failure loses that
/// run's LLVM state (its target machine and code generator live in the
/// stack frames the recovery abandons, about 1 MB), so an input that failed
/// is not run again: its failure is reported from here instead.
/// `fingerprint` hashes the generic form of `op` (no locations) and
/// `config` (pipeline, chip, options).
uint64_t fingerprintInput(Operation *op, llvm::StringRef config);
/// The reason `fingerprint` failed before, if it did.
std::optional<std::string> knownFatalError(uint64_t fingerprint);
void rememberFatalError(uint64_t fingerprint, llvm::StringRef reason);
/// Whether any input failed fatally so far (fingerprints cost a print).
bool anyFatalErrors();

} // namespace mlir::tirx

#endif // TIRX_TARGET_RECOVERY_H
