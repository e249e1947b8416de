// RUN: not tirx-sim %s --arg=tmap:float16:64x64:64x64:swizzle=64B 2>&1 | FileCheck %s --check-prefix=SPEC
// RUN: tirx-sim %s --arg=tmap:float16:4x64x64:1x64x64 --verify-diagnostics --print=none

// A tensor map the runtime's validator rejects is an argument error (the
// inner box row of 128 bytes exceeds the 64-byte swizzle span); a TMA op
// whose rank differs from its tensor map's is an error at the op.
// SPEC: argument #0 ('!tirx.tensormap'): invalid tensor map: swizzle: 64b: the inner box row (64 elements, 128 bytes) is wider than the 64-byte swizzle span
func.func @rank_mismatch(%desc: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %s = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<4096xf16, shared>
    %m = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %p = tirx.ptr_to %s[%c0] : !tirx.buffer<4096xf16, shared>
    %b = tirx.ptr_to %m[%c0] : !tirx.buffer<1xi64, shared>
    %first = arith.cmpi eq, %tx, %z : i32
    tirx.if %first {
      tirx.ptx.mbarrier.init %b, %one : !tirx.ptr<i64, shared>
      // expected-error @+1 {{thread 0 of CTA (0, 0, 0) issues a rank-2 cp.async.bulk.tensor.load with a rank-3 tensor map}}
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %p, %desc[%z, %z], %b : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
    }
  }
  return
}
