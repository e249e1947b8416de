//===- TIRxProfileOps.h - TIRx in-kernel trace ops --------------*- C++ -*-===//
//
// `tirx.profile.range_begin`, `range_end` and `mark`, and the layout of the
// trace buffer `tirx-lower-profile{trace=1}` writes them to. The layout is
// read back by the host (python/tirx/profile) from the function attribute
// `tirx.profile_trace`, so the constants here are its one definition.
//
// Trace buffer: 64-bit words, one region per warp of the launch (warp
// `w` of the CTA with linear index `c`: region `c * warps_per_cta + w`),
// each `kHeaderWords + capacity * kRecordWords` words:
//   header [0]  events the warp tried to record (more than `capacity`: the
//               rest were dropped, never written)
//          [1]  %globaltimer when the warp started
//          [2]  %clock64 when the warp started
//          [3]  %smid
//   record [0]  the timer (%globaltimer or %clock64, the `timer` option)
//          [1]  (kind << 32) | name index (kNoName for an unnamed end)
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXPROFILEOPS_H
#define TIRX_DIALECT_TIRXPROFILEOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "TIRx/Dialect/TIRxDialect.h"

#include <cstdint>

namespace mlir::tirx {

/// What the profile ops write: the kernel's trace (not memory).
struct ProfileTraceResource
    : public SideEffects::Resource::Base<ProfileTraceResource> {
  StringRef getName() override { return "tirx.profile_trace"; }
};

namespace profile {
/// Words of a warp's header in the trace buffer.
inline constexpr int64_t kHeaderWords = 4;
/// Words of one record.
inline constexpr int64_t kRecordWords = 2;
/// Record kinds (bits 32..39 of a record's second word).
enum class EventKind : uint32_t { Begin = 1, End = 2, Mark = 3 };
/// The name index of a `range_end` without a name.
inline constexpr uint32_t kNoName = 0xFFFFFFFFu;
/// Largest `capacity` (records per warp) the lowering accepts.
inline constexpr int64_t kMaxCapacity = int64_t(1) << 24;
/// The function attribute describing a traced kernel's buffer: a
/// dictionary {version, param, capacity, warps_per_cta, header_words,
/// record_words, timer, names}.
inline constexpr llvm::StringLiteral kTraceAttrName = "tirx.profile_trace";
/// The layout version written to `version`.
inline constexpr int64_t kLayoutVersion = 1;

/// Verifies a `tirx.profile_trace` attribute on `op` (a function).
LogicalResult verifyTraceAttr(Operation *op, Attribute attr);
} // namespace profile

} // namespace mlir::tirx

#define GET_OP_CLASSES
#include "TIRx/Dialect/TIRxProfileOps.h.inc"

#endif // TIRX_DIALECT_TIRXPROFILEOPS_H
