//===- TensorMapTest.cpp - every documented tensormap rule ------*- C++ -*-===//
//
// One case per accept/reject rule of validateTensorMap (docs/Runtime.md
// lists them). Each case mutates a valid spec and states the outcome:
// accepted, or rejected with the field, the index and a piece of the
// message. Prints one line per case; exits 1 if any case disagrees.
//
//===----------------------------------------------------------------------===//

#include "tirx/runtime/TensorMap.h"

#include <cstdio>
#include <functional>
#include <vector>

using namespace tirx::runtime;

namespace {

struct Case {
  const char *name;
  std::function<void(TensorMapSpec &)> mutate;
  bool accepted;
  TensorMapField field = TensorMapField::DType;
  int index = -1;
  const char *fragment = "";
};

/// A valid 2-D spec: a 1024x1024 float16 matrix, 64x64 boxes, 128B swizzle.
TensorMapSpec base() {
  TensorMapSpec s;
  s.dtype = "float16";
  s.rank = 2;
  s.globalAddress = 0x7f0000000000;
  s.globalDim = {1024, 1024, 1, 1, 1};
  s.globalStrides = {2048, 0, 0, 0};
  s.boxDim = {64, 64, 1, 1, 1};
  s.elementStrides = {1, 1, 1, 1, 1};
  s.swizzle = TensorMapSwizzle::B128;
  return s;
}

/// A valid rank-3 interleaved spec.
void interleaved32(TensorMapSpec &s) {
  s.rank = 3;
  s.globalDim = {16, 64, 64, 1, 1};
  s.globalStrides = {64, 4096, 0, 0};
  s.boxDim = {16, 8, 8, 1, 1};
  s.interleave = TensorMapInterleave::B32;
  s.swizzle = TensorMapSwizzle::B32;
}

using F = TensorMapField;
constexpr uint64_t U = kTensorMapUnknown;

std::vector<Case> cases() {
  return {
      {"valid-2d", [](TensorMapSpec &) {}, true},
      {"valid-1d", [](TensorMapSpec &s) {
         s.rank = 1; s.swizzle = TensorMapSwizzle::None; s.boxDim[0] = 256;
       }, true},
      {"valid-5d", [](TensorMapSpec &s) {
         s.rank = 5; s.globalDim = {64, 2, 2, 2, 2};
         s.globalStrides = {128, 256, 512, 1024}; s.boxDim = {64, 2, 2, 2, 2};
       }, true},
      {"valid-unknown-dynamic", [](TensorMapSpec &s) {
         s.globalAddress = U; s.globalDim[1] = U; s.globalStrides[0] = U;
       }, true},
      {"valid-interleave-32b", interleaved32, true},
      {"valid-bfloat16-nan-fill", [](TensorMapSpec &s) {
         s.dtype = "bfloat16"; s.oobFill = TensorMapOOBFill::NaNRequestZeroFMA;
       }, true},
      {"valid-fp8-as-uint8", [](TensorMapSpec &s) {
         s.dtype = "float8_e4m3fn"; s.boxDim[0] = 128;
       }, true},
      {"valid-element-strides", [](TensorMapSpec &s) {
         s.elementStrides = {1, 8, 1, 1, 1};
       }, true},
      {"valid-packed-align16b", [](TensorMapSpec &s) {
         s.dtype = "16u4_align16b"; s.globalAddress = 0x1000;
         s.globalDim[0] = 1024; s.globalStrides[0] = 1024; s.boxDim[0] = 128;
       }, true},

      {"dtype-unknown", [](TensorMapSpec &s) { s.dtype = "f16"; }, false,
       F::DType, -1, "unknown dtype 'f16'"},
      {"dtype-empty", [](TensorMapSpec &s) { s.dtype = ""; }, false,
       F::DType, -1, "unknown dtype ''"},
      {"rank-zero", [](TensorMapSpec &s) { s.rank = 0; }, false,
       F::Rank, -1, "0 is not in [1, 5]"},
      {"rank-six", [](TensorMapSpec &s) { s.rank = 6; }, false,
       F::Rank, -1, "6 is not in [1, 5]"},
      {"rank-interleave-needs-3", [](TensorMapSpec &s) {
         s.interleave = TensorMapInterleave::B16;
       }, false, F::Rank, -1, "needs rank >= 3"},
      {"address-16", [](TensorMapSpec &s) { s.globalAddress += 8; }, false,
       F::GlobalAddress, -1, "not 16-byte aligned"},
      {"address-32-interleave", [](TensorMapSpec &s) {
         interleaved32(s); s.globalAddress += 16;
       }, false, F::GlobalAddress, -1, "not 32-byte aligned"},
      {"address-32-packed", [](TensorMapSpec &s) {
         s.dtype = "16u6_align16b"; s.globalAddress = 0x1010;
       }, false, F::GlobalAddress, -1, "not 32-byte aligned"},
      {"dim-zero", [](TensorMapSpec &s) { s.globalDim[1] = 0; }, false,
       F::GlobalDim, 1, "0 is not in [1, 2^32]"},
      {"dim-too-big", [](TensorMapSpec &s) {
         s.globalDim[0] = (uint64_t(1) << 32) + 1;
       }, false, F::GlobalDim, 0, "is not in [1, 2^32]"},
      {"dim-2^32-ok", [](TensorMapSpec &s) {
         s.globalDim[1] = uint64_t(1) << 32;
       }, true},
      {"dim-packed16-128", [](TensorMapSpec &s) {
         s.dtype = "16u4_align16b"; s.globalAddress = 0x1000;
         s.globalDim[0] = 192; s.swizzle = TensorMapSwizzle::None;
       }, false, F::GlobalDim, 0, "not a multiple of 128"},
      {"dim-packed8-even", [](TensorMapSpec &s) {
         s.dtype = "float4_e2m1fn"; s.globalDim[0] = 1023;
       }, false, F::GlobalDim, 0, "not a multiple of 2"},
      {"stride-16", [](TensorMapSpec &s) { s.globalStrides[0] = 2056; },
       false, F::GlobalStrides, 0, "2056 bytes is not a multiple of 16"},
      {"stride-32-interleave", [](TensorMapSpec &s) {
         interleaved32(s); s.globalStrides[1] = 4112;
       }, false, F::GlobalStrides, 1, "not a multiple of 32"},
      {"stride-2^40", [](TensorMapSpec &s) {
         s.globalStrides[0] = uint64_t(1) << 40;
       }, false, F::GlobalStrides, 0, "not below 2^40"},
      {"stride-ignored-past-rank", [](TensorMapSpec &s) {
         s.globalStrides[1] = 7;
       }, true},
      {"box-zero", [](TensorMapSpec &s) { s.boxDim[1] = 0; }, false,
       F::BoxDim, 1, "0 is not in [1, 256]"},
      {"box-257", [](TensorMapSpec &s) { s.boxDim[1] = 257; }, false,
       F::BoxDim, 1, "257 is not in [1, 256]"},
      {"box-inner-16-bytes", [](TensorMapSpec &s) { s.boxDim[0] = 4; },
       false, F::BoxDim, 0, "not a multiple of 16 bytes"},
      {"box-packed16-128", [](TensorMapSpec &s) {
         s.dtype = "16u4_align16b"; s.globalAddress = 0x1000;
         s.globalDim[0] = 1024; s.globalStrides[0] = 1024; s.boxDim[0] = 64;
         s.swizzle = TensorMapSwizzle::None;
       }, false, F::BoxDim, 0, "is not 128"},
      {"element-stride-zero", [](TensorMapSpec &s) {
         s.elementStrides[1] = 0;
       }, false, F::ElementStrides, 1, "0 is not in [1, 8]"},
      {"element-stride-9", [](TensorMapSpec &s) { s.elementStrides[0] = 9; },
       false, F::ElementStrides, 0, "9 is not in [1, 8]"},
      {"swizzle-span-64", [](TensorMapSpec &s) {
         s.swizzle = TensorMapSwizzle::B64;
       }, false, F::Swizzle, -1, "wider than the 64-byte swizzle span"},
      {"swizzle-span-32", [](TensorMapSpec &s) {
         s.swizzle = TensorMapSwizzle::B32; s.boxDim[0] = 32;
       }, false, F::Swizzle, -1, "64 bytes) is wider than the 32-byte"},
      {"swizzle-span-128-fits", [](TensorMapSpec &s) {
         s.swizzle = TensorMapSwizzle::B128Atom64B;
       }, true},
      {"swizzle-span-128", [](TensorMapSpec &s) { s.boxDim[0] = 128; },
       false, F::Swizzle, -1, "wider than the 128-byte swizzle span"},
      {"swizzle-interleave-32b", [](TensorMapSpec &s) {
         interleaved32(s); s.swizzle = TensorMapSwizzle::B64;
       }, false, F::Swizzle, -1, "it needs swizzle 32b"},
      {"swizzle-packed6", [](TensorMapSpec &s) {
         s.dtype = "16u6_align16b"; s.globalAddress = 0x1000;
         s.globalDim[0] = 1024; s.globalStrides[0] = 1024; s.boxDim[0] = 128;
         s.swizzle = TensorMapSwizzle::B128Atom32BFlip8B;
       }, false, F::Swizzle, -1, "not supported for dtype '16u6_align16b'"},
      {"swizzle-packed4", [](TensorMapSpec &s) {
         s.dtype = "16u4_align16b"; s.globalAddress = 0x1000;
         s.globalDim[0] = 1024; s.globalStrides[0] = 1024; s.boxDim[0] = 128;
         s.swizzle = TensorMapSwizzle::B128Atom64B;
       }, false, F::Swizzle, -1, "not supported for dtype '16u4_align16b'"},
      {"interleave-packed6", [](TensorMapSpec &s) {
         s.dtype = "16u6_align16b"; s.globalAddress = 0x1000; s.rank = 3;
         s.globalDim = {128, 4, 4, 1, 1}; s.globalStrides = {128, 512, 0, 0};
         s.boxDim = {128, 4, 4, 1, 1};
         s.interleave = TensorMapInterleave::B16;
         s.swizzle = TensorMapSwizzle::None;
       }, false, F::Interleave, -1, "needs interleave none"},
      {"oob-nan-integer", [](TensorMapSpec &s) {
         s.dtype = "int32"; s.boxDim[0] = 32;
         s.oobFill = TensorMapOOBFill::NaNRequestZeroFMA;
       }, false, F::OOBFill, -1, "needs a floating-point dtype"},
      {"oob-nan-fp8", [](TensorMapSpec &s) {
         s.dtype = "float8_e5m2"; s.boxDim[0] = 128;
         s.oobFill = TensorMapOOBFill::NaNRequestZeroFMA;
       }, false, F::OOBFill, -1, "got 'float8_e5m2'"},
      {"enum-interleave", [](TensorMapSpec &s) {
         s.interleave = static_cast<TensorMapInterleave>(3);
       }, false, F::Interleave, -1, "not a CUtensorMapInterleave value"},
      {"enum-swizzle", [](TensorMapSpec &s) {
         s.swizzle = static_cast<TensorMapSwizzle>(7);
       }, false, F::Swizzle, -1, "not a CUtensorMapSwizzle value"},
      {"enum-l2", [](TensorMapSpec &s) {
         s.l2Promotion = static_cast<TensorMapL2Promotion>(4);
       }, false, F::L2Promotion, -1, "not a CUtensorMapL2promotion value"},
      {"enum-oob", [](TensorMapSpec &s) {
         s.oobFill = static_cast<TensorMapOOBFill>(2);
       }, false, F::OOBFill, -1, "not a CUtensorMapFloatOOBfill value"},
  };
}

} // namespace

int main() {
  int failures = 0, count = 0;
  for (const Case &c : cases()) {
    ++count;
    TensorMapSpec spec = base();
    c.mutate(spec);
    std::optional<TensorMapError> err = validateTensorMap(spec);
    bool ok;
    if (c.accepted)
      ok = !err;
    else
      ok = err && err->field == c.field && err->index == c.index &&
           err->message.find(c.fragment) != std::string::npos;
    std::printf("%s %s: %s\n", ok ? "PASS" : "FAIL", c.name,
                err ? err->str().c_str() : "accepted");
    if (!ok)
      ++failures;
  }

  // Helpers the simulator and the tile dispatch use.
  TensorMapSpec spec = base();
  uint64_t bytes = tensorMapBoxBytes(spec);
  spec.elementStrides[1] = 2;
  uint64_t strided = tensorMapBoxBytes(spec);
  bool helpers = bytes == 64 * 64 * 2 && strided == 64 * 32 * 2 &&
                 parseSwizzle("128b_atom_64b") == TensorMapSwizzle::B128Atom64B &&
                 !parseSwizzle("128B") &&
                 std::string(stringify(TensorMapL2Promotion::B256)) == "256b";
  std::printf("%s helpers: box bytes %llu, strided %llu\n",
              helpers ? "PASS" : "FAIL", (unsigned long long)bytes,
              (unsigned long long)strided);
  if (!helpers)
    ++failures;
  std::printf("%d of %d cases passed\n", count + 1 - failures, count + 1);
  return failures ? 1 : 0;
}
