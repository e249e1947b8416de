// RUN: tirx-sim %s --print=full | FileCheck %s

// atom/red.add.f32 flushes subnormal inputs and results to sign-preserving
// zero on global memory and keeps them on shared memory (PTX ISA, atom and
// red). 0x00400000 is the subnormal 2^-127: twice it is the smallest
// normal, 0x00800000 (8388608), which only the shared add keeps; the
// global add sees two zeros. The old value the atom returns is the bits
// memory held (4194304). Two negative subnormals give -0 (0x80000000).

// CHECK-LABEL: arg1: int32[4]
// CHECK-NEXT: [0, 4194304, 8388608, -2147483648]
func.func @ftz(%g: !tirx.buffer<2xf32, global>, %out: !tirx.buffer<4xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %sub = arith.constant 5.87747175e-39 : f32
    %negsub = arith.constant -5.87747175e-39 : f32
    tirx.buffer_store %sub, %g[%c0] : f32, !tirx.buffer<2xf32, global>
    tirx.buffer_store %negsub, %g[%c1] : f32, !tirx.buffer<2xf32, global>
    %pg = tirx.ptr_to %g[%c0] : !tirx.buffer<2xf32, global>
    %old = tirx.ptx.atom global add f32 %pg, %sub : !tirx.ptr<f32, global>, f32
    %pg1 = tirx.ptr_to %g[%c1] : !tirx.buffer<2xf32, global>
    tirx.ptx.red global add f32 %pg1, %negsub : !tirx.ptr<f32, global>, f32
    %sh = tirx.alloc_buffer : !tirx.buffer<1xf32, shared>
    tirx.buffer_store %sub, %sh[%c0] : f32, !tirx.buffer<1xf32, shared>
    %ps = tirx.ptr_to %sh[%c0] : !tirx.buffer<1xf32, shared>
    tirx.ptx.red shared.cta add f32 %ps, %sub : !tirx.ptr<f32, shared>, f32
    %vg = tirx.buffer_load %g[%c0] : !tirx.buffer<2xf32, global> -> f32
    %vg1 = tirx.buffer_load %g[%c1] : !tirx.buffer<2xf32, global> -> f32
    %vs = tirx.buffer_load %sh[%c0] : !tirx.buffer<1xf32, shared> -> f32
    %a = arith.bitcast %vg : f32 to i32
    %b = arith.bitcast %old : f32 to i32
    %c = arith.bitcast %vs : f32 to i32
    %d = arith.bitcast %vg1 : f32 to i32
    %v = vector.from_elements %a, %b, %c, %d : vector<4xi32>
    tirx.buffer_store %v, %out[%c0] : vector<4xi32>, !tirx.buffer<4xi32, global>
  }
  return
}
