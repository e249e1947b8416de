//===- TensorMap.h - TMA descriptor spec and its validator -------*- C++ -*-===//
//
// The description of a TMA tensor map (the parameters of the CUDA driver's
// cuTensorMapEncodeTiled) and the one validator that checks it: the compiler
// runs it on the static parts of a `tirx.tensormap_encode_tiled` op, the
// runtime runs it again on the concrete values before calling the driver,
// and the CPU simulator decodes descriptors with the same rules.
//
// Header-only, C++17, no dependency beyond the standard library (no MLIR, no
// CUDA headers): the enum values equal the driver's.
//
// The element type is a string naming the dtype ("float16", "bfloat16",
// "uint8", ...), never a compiler type: that is what crosses into the
// runtime. See docs/Runtime.md for the list of rules with their sources.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_RUNTIME_TENSORMAP_H
#define TIRX_RUNTIME_TENSORMAP_H

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace tirx::runtime {

/// A value the compiler does not know statically (a dynamic shape or the
/// base address). The validator skips every rule that needs it.
inline constexpr uint64_t kTensorMapUnknown = ~uint64_t(0);
inline constexpr unsigned kTensorMapMaxRank = 5;
/// The size and alignment of a CUtensorMap.
inline constexpr unsigned kTensorMapBytes = 128;
inline constexpr unsigned kTensorMapAlignment = 64;

/// CUtensorMapDataType.
enum class TensorMapDataType : uint32_t {
  UInt8 = 0,
  UInt16 = 1,
  UInt32 = 2,
  Int32 = 3,
  UInt64 = 4,
  Int64 = 5,
  Float16 = 6,
  Float32 = 7,
  Float64 = 8,
  BFloat16 = 9,
  Float32Ftz = 10,
  TFloat32 = 11,
  TFloat32Ftz = 12,
  U4x16Align8B = 13,  // CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B
  U4x16Align16B = 14, // CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B
  U6x16Align16B = 15, // CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B
};

/// CUtensorMapInterleave.
enum class TensorMapInterleave : uint32_t { None = 0, B16 = 1, B32 = 2 };

/// CUtensorMapSwizzle (the 128B_ATOM modes are CUDA 12.8's).
enum class TensorMapSwizzle : uint32_t {
  None = 0,
  B32 = 1,
  B64 = 2,
  B128 = 3,
  B128Atom32B = 4,
  B128Atom32BFlip8B = 5,
  B128Atom64B = 6,
};

/// CUtensorMapL2promotion.
enum class TensorMapL2Promotion : uint32_t {
  None = 0,
  B64 = 1,
  B128 = 2,
  B256 = 3,
};

/// CUtensorMapFloatOOBfill.
enum class TensorMapOOBFill : uint32_t { None = 0, NaNRequestZeroFMA = 1 };

/// A dtype name and what TMA moves for it.
struct TensorMapDTypeInfo {
  const char *name;
  TensorMapDataType dataType;
  /// Bits an element occupies in memory (4 for the 8-byte-aligned packed
  /// 4-bit type; the 16-byte-aligned packed types pad 16 values to 16 bytes,
  /// so 8).
  unsigned storageBits;
};

/// The dtype names the runtime accepts. Several map to one driver type:
/// TMA only moves bytes, so 8-bit floats travel as UINT8 and 16-bit
/// integers as UINT16.
inline constexpr TensorMapDTypeInfo kTensorMapDTypes[] = {
    {"uint8", TensorMapDataType::UInt8, 8},
    {"int8", TensorMapDataType::UInt8, 8},
    {"bool", TensorMapDataType::UInt8, 8},
    {"float8_e4m3fn", TensorMapDataType::UInt8, 8},
    {"float8_e5m2", TensorMapDataType::UInt8, 8},
    {"float8_e8m0fnu", TensorMapDataType::UInt8, 8},
    {"uint16", TensorMapDataType::UInt16, 16},
    {"int16", TensorMapDataType::UInt16, 16},
    {"uint32", TensorMapDataType::UInt32, 32},
    {"int32", TensorMapDataType::Int32, 32},
    {"uint64", TensorMapDataType::UInt64, 64},
    {"int64", TensorMapDataType::Int64, 64},
    {"float16", TensorMapDataType::Float16, 16},
    {"bfloat16", TensorMapDataType::BFloat16, 16},
    {"float32", TensorMapDataType::Float32, 32},
    {"float64", TensorMapDataType::Float64, 64},
    {"float32_ftz", TensorMapDataType::Float32Ftz, 32},
    {"tfloat32", TensorMapDataType::TFloat32, 32},
    {"tfloat32_ftz", TensorMapDataType::TFloat32Ftz, 32},
    {"float4_e2m1fn", TensorMapDataType::U4x16Align8B, 4},
    {"16u4_align8b", TensorMapDataType::U4x16Align8B, 4},
    {"16u4_align16b", TensorMapDataType::U4x16Align16B, 8},
    {"16u6_align16b", TensorMapDataType::U6x16Align16B, 8},
};

/// The entry for a dtype name, or nullptr.
inline const TensorMapDTypeInfo *lookupTensorMapDType(std::string_view name) {
  for (const TensorMapDTypeInfo &info : kTensorMapDTypes)
    if (name == info.name)
      return &info;
  return nullptr;
}

/// The comma-separated list of accepted dtype names (for messages).
inline std::string tensorMapDTypeNames() {
  std::string names;
  for (const TensorMapDTypeInfo &info : kTensorMapDTypes) {
    if (!names.empty())
      names += ", ";
    names += info.name;
  }
  return names;
}

inline bool isFloatTensorMapDataType(TensorMapDataType t) {
  switch (t) {
  case TensorMapDataType::Float16:
  case TensorMapDataType::Float32:
  case TensorMapDataType::Float64:
  case TensorMapDataType::BFloat16:
  case TensorMapDataType::Float32Ftz:
  case TensorMapDataType::TFloat32:
  case TensorMapDataType::TFloat32Ftz:
    return true;
  default:
    return false;
  }
}

/// The byte span a swizzle mode permutes within (0 for none).
inline unsigned swizzleSpanBytes(TensorMapSwizzle s) {
  switch (s) {
  case TensorMapSwizzle::None:
    return 0;
  case TensorMapSwizzle::B32:
    return 32;
  case TensorMapSwizzle::B64:
    return 64;
  default:
    return 128;
  }
}

//===----------------------------------------------------------------------===//
// Enum spellings (the IR's attribute keywords and the launch description's
// strings)
//===----------------------------------------------------------------------===//

inline constexpr const char *kInterleaveNames[] = {"none", "16b", "32b"};
inline constexpr const char *kSwizzleNames[] = {
    "none",          "32b", "64b", "128b", "128b_atom_32b", "128b_atom_32b_flip_8b",
    "128b_atom_64b"};
inline constexpr const char *kL2PromotionNames[] = {"none", "64b", "128b",
                                                    "256b"};
inline constexpr const char *kOOBFillNames[] = {"none", "nan_request_zero_fma"};

namespace detail {
template <typename E, size_t N>
std::optional<E> parseEnum(std::string_view name, const char *const (&names)[N]) {
  for (size_t i = 0; i < N; ++i)
    if (name == names[i])
      return static_cast<E>(i);
  return std::nullopt;
}
template <typename E, size_t N>
const char *enumName(E value, const char *const (&names)[N]) {
  auto i = static_cast<size_t>(value);
  return i < N ? names[i] : "<invalid>";
}
} // namespace detail

inline std::optional<TensorMapInterleave> parseInterleave(std::string_view s) {
  return detail::parseEnum<TensorMapInterleave>(s, kInterleaveNames);
}
inline std::optional<TensorMapSwizzle> parseSwizzle(std::string_view s) {
  return detail::parseEnum<TensorMapSwizzle>(s, kSwizzleNames);
}
inline std::optional<TensorMapL2Promotion> parseL2Promotion(std::string_view s) {
  return detail::parseEnum<TensorMapL2Promotion>(s, kL2PromotionNames);
}
inline std::optional<TensorMapOOBFill> parseOOBFill(std::string_view s) {
  return detail::parseEnum<TensorMapOOBFill>(s, kOOBFillNames);
}
inline const char *stringify(TensorMapInterleave v) {
  return detail::enumName(v, kInterleaveNames);
}
inline const char *stringify(TensorMapSwizzle v) {
  return detail::enumName(v, kSwizzleNames);
}
inline const char *stringify(TensorMapL2Promotion v) {
  return detail::enumName(v, kL2PromotionNames);
}
inline const char *stringify(TensorMapOOBFill v) {
  return detail::enumName(v, kOOBFillNames);
}

//===----------------------------------------------------------------------===//
// The spec
//===----------------------------------------------------------------------===//

/// The parameters of cuTensorMapEncodeTiled. Dimension 0 is the innermost
/// (contiguous) one. Entries past `rank` are ignored. Any value may be
/// kTensorMapUnknown at compile time.
struct TensorMapSpec {
  /// The element type as a dtype name ("float16"); see kTensorMapDTypes.
  std::string dtype;
  uint32_t rank = 0;
  /// The base address of the tensor in global memory.
  uint64_t globalAddress = kTensorMapUnknown;
  /// Extent of each dimension, in elements.
  std::array<uint64_t, kTensorMapMaxRank> globalDim{};
  /// globalStrides[i] is the byte stride of dimension i + 1 (rank - 1
  /// entries: dimension 0 is contiguous).
  std::array<uint64_t, kTensorMapMaxRank - 1> globalStrides{};
  /// The box (tile) a copy moves, in elements per dimension.
  std::array<uint64_t, kTensorMapMaxRank> boxDim{};
  /// The traversal step per dimension (1 = every element).
  std::array<uint64_t, kTensorMapMaxRank> elementStrides{1, 1, 1, 1, 1};
  TensorMapInterleave interleave = TensorMapInterleave::None;
  TensorMapSwizzle swizzle = TensorMapSwizzle::None;
  TensorMapL2Promotion l2Promotion = TensorMapL2Promotion::None;
  TensorMapOOBFill oobFill = TensorMapOOBFill::None;
};

/// Which parameter a diagnostic is about, so that a caller can point at it
/// (the compiler at an operand or attribute of the op, the runtime at an
/// argument of the call).
enum class TensorMapField {
  DType,
  Rank,
  GlobalAddress,
  GlobalDim,
  GlobalStrides,
  BoxDim,
  ElementStrides,
  Interleave,
  Swizzle,
  L2Promotion,
  OOBFill,
};

inline const char *tensorMapFieldName(TensorMapField f) {
  switch (f) {
  case TensorMapField::DType:
    return "dtype";
  case TensorMapField::Rank:
    return "rank";
  case TensorMapField::GlobalAddress:
    return "globalAddress";
  case TensorMapField::GlobalDim:
    return "globalDim";
  case TensorMapField::GlobalStrides:
    return "globalStrides";
  case TensorMapField::BoxDim:
    return "boxDim";
  case TensorMapField::ElementStrides:
    return "elementStrides";
  case TensorMapField::Interleave:
    return "interleave";
  case TensorMapField::Swizzle:
    return "swizzle";
  case TensorMapField::L2Promotion:
    return "l2Promotion";
  case TensorMapField::OOBFill:
    return "oobFill";
  }
  return "?";
}

/// A broken rule: the parameter (and array index, or -1) and why.
struct TensorMapError {
  TensorMapField field = TensorMapField::DType;
  int index = -1;
  std::string message;

  /// "globalStrides[0]: 100 bytes is not a multiple of 16".
  std::string str() const {
    std::string s = tensorMapFieldName(field);
    if (index >= 0)
      s += "[" + std::to_string(index) + "]";
    return s + ": " + message;
  }
};

namespace detail {
inline bool known(uint64_t v) { return v != kTensorMapUnknown; }
inline std::string hex(uint64_t v) {
  static const char digits[] = "0123456789abcdef";
  std::string s;
  do {
    s.insert(s.begin(), digits[v % 16]);
    v /= 16;
  } while (v);
  return "0x" + s;
}
inline TensorMapError error(TensorMapField f, int index, std::string msg) {
  return TensorMapError{f, index, std::move(msg)};
}
} // namespace detail

/// Checks `spec` against the documented rules of cuTensorMapEncodeTiled
/// (CUDA 12.8 / 13 driver API). Returns the first broken rule, or nothing.
/// Rules whose inputs are kTensorMapUnknown are skipped.
inline std::optional<TensorMapError>
validateTensorMap(const TensorMapSpec &spec) {
  using detail::error;
  using detail::known;
  using F = TensorMapField;
  using std::to_string;

  // dtype: a known name.
  const TensorMapDTypeInfo *info = lookupTensorMapDType(spec.dtype);
  if (!info)
    return error(F::DType, -1,
                 "unknown dtype '" + spec.dtype + "'; expected one of " +
                     tensorMapDTypeNames());
  const TensorMapDataType type = info->dataType;
  const bool packed16 = type == TensorMapDataType::U4x16Align16B ||
                        type == TensorMapDataType::U6x16Align16B;

  // Enums in range.
  if (static_cast<uint32_t>(spec.interleave) > 2)
    return error(F::Interleave, -1,
                 to_string(static_cast<uint32_t>(spec.interleave)) +
                     " is not a CUtensorMapInterleave value (0-2)");
  if (static_cast<uint32_t>(spec.swizzle) > 6)
    return error(F::Swizzle, -1,
                 to_string(static_cast<uint32_t>(spec.swizzle)) +
                     " is not a CUtensorMapSwizzle value (0-6)");
  if (static_cast<uint32_t>(spec.l2Promotion) > 3)
    return error(F::L2Promotion, -1,
                 to_string(static_cast<uint32_t>(spec.l2Promotion)) +
                     " is not a CUtensorMapL2promotion value (0-3)");
  if (static_cast<uint32_t>(spec.oobFill) > 1)
    return error(F::OOBFill, -1,
                 to_string(static_cast<uint32_t>(spec.oobFill)) +
                     " is not a CUtensorMapFloatOOBfill value (0-1)");

  // Rank 1..5; interleaved layouts need rank >= 3.
  if (spec.rank < 1 || spec.rank > kTensorMapMaxRank)
    return error(F::Rank, -1,
                 to_string(spec.rank) + " is not in [1, 5]");
  const bool interleaved = spec.interleave != TensorMapInterleave::None;
  if (interleaved && spec.rank < 3)
    return error(F::Rank, -1,
                 "an interleaved layout (interleave " +
                     std::string(stringify(spec.interleave)) +
                     ") needs rank >= 3, got " + to_string(spec.rank));
  const bool align32 =
      spec.interleave == TensorMapInterleave::B32 || packed16;
  const char *align32Why = spec.interleave == TensorMapInterleave::B32
                               ? "with interleave 32b"
                               : "for a 16-byte-aligned packed dtype";

  // Base address: 16-byte aligned, 32 with interleave 32B or packed16.
  if (known(spec.globalAddress)) {
    if (spec.globalAddress % 16 != 0)
      return error(F::GlobalAddress, -1,
                   "address " + detail::hex(spec.globalAddress) +
                       " is not 16-byte aligned");
    if (align32 && spec.globalAddress % 32 != 0)
      return error(F::GlobalAddress, -1,
                   "address " + detail::hex(spec.globalAddress) +
                       " is not 32-byte aligned, as needed " + align32Why);
  }

  // Dimensions: 1..2^32; packed types constrain dimension 0.
  for (uint32_t i = 0; i < spec.rank; ++i) {
    uint64_t d = spec.globalDim[i];
    if (!known(d))
      continue;
    if (d == 0 || d > (uint64_t(1) << 32))
      return error(F::GlobalDim, i,
                   to_string(d) + " is not in [1, 2^32]");
    if (i == 0 && packed16 && d % 128 != 0)
      return error(F::GlobalDim, 0,
                   to_string(d) + " is not a multiple of 128, as dtype '" +
                       spec.dtype + "' needs");
    if (i == 0 && type == TensorMapDataType::U4x16Align8B && d % 2 != 0)
      return error(F::GlobalDim, 0,
                   to_string(d) + " is not a multiple of 2, as dtype '" +
                       spec.dtype + "' needs");
  }

  // Strides (bytes, dimensions 1..rank-1): multiples of 16 (32 with
  // interleave 32B or packed16), below 2^40.
  for (uint32_t i = 0; i + 1 < spec.rank; ++i) {
    uint64_t s = spec.globalStrides[i];
    if (!known(s))
      continue;
    if (s % 16 != 0)
      return error(F::GlobalStrides, i,
                   to_string(s) + " bytes is not a multiple of 16");
    if (align32 && s % 32 != 0)
      return error(F::GlobalStrides, i,
                   to_string(s) + " bytes is not a multiple of 32, as needed " +
                       align32Why);
    if (s >= (uint64_t(1) << 40))
      return error(F::GlobalStrides, i, to_string(s) + " bytes is not below 2^40");
  }

  // Box: 1..256 per dimension; the inner box row is whole 16-byte units
  // without interleave; packed16 boxes are 128 wide.
  for (uint32_t i = 0; i < spec.rank; ++i) {
    uint64_t b = spec.boxDim[i];
    if (!known(b))
      continue;
    if (b == 0 || b > 256)
      return error(F::BoxDim, i, to_string(b) + " is not in [1, 256]");
  }
  const uint64_t inner = spec.boxDim[0];
  if (known(inner)) {
    uint64_t innerBits = inner * info->storageBits;
    if (!interleaved && innerBits % 128 != 0)
      return error(F::BoxDim, 0,
                   to_string(inner) + " x " + to_string(info->storageBits) +
                       "-bit '" + spec.dtype +
                       "' is not a multiple of 16 bytes (needed without "
                       "interleave)");
    if (packed16 && inner != 128)
      return error(F::BoxDim, 0,
                   to_string(inner) + " is not 128, as dtype '" + spec.dtype +
                       "' needs");
  }

  // Element strides: 1..8.
  for (uint32_t i = 0; i < spec.rank; ++i) {
    uint64_t e = spec.elementStrides[i];
    if (!known(e))
      continue;
    if (e == 0 || e > 8)
      return error(F::ElementStrides, i, to_string(e) + " is not in [1, 8]");
  }

  // Swizzle: the inner box row fits the swizzle span (without interleave);
  // interleave 32B needs swizzle 32B; packed16 types allow a few modes.
  if (spec.interleave == TensorMapInterleave::B32 &&
      spec.swizzle != TensorMapSwizzle::B32)
    return error(F::Swizzle, -1,
                 std::string(stringify(spec.swizzle)) +
                     " with interleave 32b; it needs swizzle 32b");
  if (!interleaved && spec.swizzle != TensorMapSwizzle::None &&
      known(inner)) {
    uint64_t bytes = inner * info->storageBits / 8;
    unsigned span = swizzleSpanBytes(spec.swizzle);
    if (bytes > span)
      return error(F::Swizzle, -1,
                   std::string(stringify(spec.swizzle)) + ": the inner box row (" +
                       to_string(inner) + " elements, " + to_string(bytes) +
                       " bytes) is wider than the " + to_string(span) +
                       "-byte swizzle span");
  }
  if (type == TensorMapDataType::U6x16Align16B) {
    if (interleaved)
      return error(F::Interleave, -1,
                   "dtype '" + spec.dtype + "' needs interleave none");
    if (spec.swizzle != TensorMapSwizzle::None &&
        spec.swizzle != TensorMapSwizzle::B128 &&
        spec.swizzle != TensorMapSwizzle::B128Atom32B &&
        spec.swizzle != TensorMapSwizzle::B128Atom64B)
      return error(F::Swizzle, -1,
                   std::string(stringify(spec.swizzle)) +
                       " is not supported for dtype '" + spec.dtype +
                       "' (none, 128b, 128b_atom_32b, 128b_atom_64b)");
  }
  if (type == TensorMapDataType::U4x16Align16B &&
      spec.swizzle != TensorMapSwizzle::None &&
      spec.swizzle != TensorMapSwizzle::B128 &&
      spec.swizzle != TensorMapSwizzle::B128Atom32B)
    return error(F::Swizzle, -1,
                 std::string(stringify(spec.swizzle)) +
                     " is not supported for dtype '" + spec.dtype +
                     "' (none, 128b, 128b_atom_32b)");

  // NaN fill: floating-point types only.
  if (spec.oobFill == TensorMapOOBFill::NaNRequestZeroFMA &&
      !isFloatTensorMapDataType(type))
    return error(F::OOBFill, -1,
                 "nan_request_zero_fma needs a floating-point dtype, got '" +
                     spec.dtype + "'");
  return std::nullopt;
}

/// The bytes one TMA load of a box writes to shared memory (what an
/// mbarrier expect_tx counts): the product over dimensions of
/// ceil(boxDim / elementStrides), times the element size. Needs a valid
/// spec with a known box.
inline uint64_t tensorMapBoxBytes(const TensorMapSpec &spec) {
  const TensorMapDTypeInfo *info = lookupTensorMapDType(spec.dtype);
  if (!info)
    return 0;
  uint64_t elements = 1;
  for (uint32_t i = 0; i < spec.rank && i < kTensorMapMaxRank; ++i) {
    uint64_t step = spec.elementStrides[i];
    // Without interleave, elementStrides[0] is ignored by TMA.
    if (i == 0 && spec.interleave == TensorMapInterleave::None)
      step = 1;
    if (step == 0)
      step = 1;
    elements *= (spec.boxDim[i] + step - 1) / step;
  }
  return elements * info->storageBits / 8;
}

} // namespace tirx::runtime

#endif // TIRX_RUNTIME_TENSORMAP_H
