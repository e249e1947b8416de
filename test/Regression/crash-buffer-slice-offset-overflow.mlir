// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// buffer_slice's verifier computed the static result offset
// (sum of offset * stride) with signed overflow.

func.func @slice(%a: !tirx.buffer<128x64xf16, shared>) {
  %big = arith.constant 9223372036854775807 : index
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{slice offset overflows a 64-bit element offset}}
  %0 = tirx.buffer_slice %a[%big, %c0] [32, 16] : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<32x16xf16, shared, strided<[64, 1], offset: 0>>
  return
}

// -----

func.func @slice_add(%a: !tirx.buffer<128x64xf16, shared, strided<[64, 1], offset: 9223372036854775807>>) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{slice offset overflows a 64-bit element offset}}
  %0 = tirx.buffer_slice %a[%c1, %c0] [32, 16] : !tirx.buffer<128x64xf16, shared, strided<[64, 1], offset: 9223372036854775807>> -> !tirx.buffer<32x16xf16, shared, strided<[64, 1], offset: 0>>
  return
}
