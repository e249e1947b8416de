// RUN: tirx-sim %s --split-input-file --verify-diagnostics --print=none

// What the simulator refuses to run, reported when it decodes the kernel
// (nothing runs): ops it does not model, forms of modeled ops it does not
// cover, and kernels the lowering would reject too.

func.func @unknown_op(%out: !tirx.buffer<4xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    // expected-error @+1 {{'memref.alloca' is not modeled by the simulator}}
    %m = memref.alloca() : memref<4xf32>
  }
  return
}

// -----

func.func @unsupported_type(%out: !tirx.buffer<4xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    // expected-error @+1 {{'arith.constant' is not modeled by the simulator: values of type 'i7' are not supported}}
    %c = arith.constant 3 : i7
  }
  return
}

// -----

func.func @ptx_in_host_code(%out: !tirx.buffer<4xf32, global>) {
  // expected-error @+1 {{'tirx.ptx.fence.proxy.async' runs in a thread: in the simulator it must be inside the 'tirx.kernel' (or a function it calls)}}
  tirx.ptx.fence.proxy.async
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
  }
  return
}

// -----

func.func @host_memory_access(%out: !tirx.buffer<4xf32, global>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'tirx.buffer_load' op outside the 'tirx.kernel': host code cannot access device memory}}
  %v = tirx.buffer_load %out[%c0] : !tirx.buffer<4xf32, global> -> f32
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
  }
  return
}

// -----

func.func @dynamic_allocation(%out: !tirx.buffer<4xf32, global>, %n: index) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    // expected-error @+1 {{'tirx.alloc_buffer' op has dynamic sizes; the simulator (like the lowering) needs static allocation sizes}}
    %b = tirx.alloc_buffer sizes(%n) : !tirx.buffer<?xf32, shared>
  }
  return
}

// -----

func.func @too_much_shared(%out: !tirx.buffer<4xf32, global>) {
  // expected-error @+1 {{'tirx.kernel' op needs 262144 bytes of shared memory; a CTA has at most 232448}}
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %b = tirx.alloc_buffer : !tirx.buffer<65536xf32, shared>
  }
  return
}

// -----

func.func private @external(i32) -> i32

func.func @external_call(%out: !tirx.buffer<4xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    // expected-error @+1 {{'func.call' op calls 'external', which has no body the simulator can run}}
    %r = func.call @external(%tx) : (i32) -> i32
  }
  return
}

// -----

func.func @ldmatrix_shape(%out: !tirx.buffer<4xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %s = tirx.alloc_buffer : !tirx.buffer<256xi8, shared>
    %c0 = arith.constant 0 : index
    %p = tirx.ptr_to %s[%c0] : !tirx.buffer<256xi8, shared>
    // expected-error @+1 {{'tirx.ptx.ldmatrix' is not modeled by the simulator: only the m8n8 b16 shape is modeled}}
    %v = tirx.ptx.ldmatrix %p m16n16 x1 b8 trans : !tirx.ptr<i8, shared> -> vector<2xi32>
  }
  return
}

// -----

func.func @tma_im2col(%desc: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %s = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<256xf16, shared>
    %m = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %o = arith.constant 0 : i16
    %p = tirx.ptr_to %s[%c0] : !tirx.buffer<256xf16, shared>
    %b = tirx.ptr_to %m[%c0] : !tirx.buffer<1xi64, shared>
    // expected-error @+1 {{'tirx.ptx.cp.async.bulk.tensor.load' is not modeled by the simulator: only the tile mode is modeled}}
    tirx.ptx.cp.async.bulk.tensor.load im2col rank 3 %p, %desc[%z, %z, %z] im2col [%o], %b : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
  }
  return
}

// -----

func.func @tcgen05_cp(%d: i64) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %t = tirx.reinterpret %tx : i32 to !tirx.ptr<f32, tmem>
    // expected-error @+1 {{'tirx.ptx.tcgen05.cp' is not modeled by the simulator}}
    tirx.ptx.tcgen05.cp shape_128x256b %t, %d : !tirx.ptr<f32, tmem>
  }
  return
}

// -----

func.func @vector_shuffle(%out: !tirx.buffer<2xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %v = vector.from_elements %tx, %tx : vector<2xi32>
    // expected-error @+1 {{'vector.shuffle' is not modeled by the simulator}}
    %s = vector.shuffle %v, %v [1, 0] : vector<2xi32>, vector<2xi32>
  }
  return
}

// -----

// A table-generated op without simulator semantics is refused by name.
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @tensormap_replace(%out: !tirx.buffer<32xi32, global>) {
    tirx.kernel {
      %c0 = arith.constant 0 : index
      %n = arith.constant 8 : i32
      %map = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<128xi8, shared>
      %p = tirx.ptr_to %map[%c0] : !tirx.buffer<128xi8, shared>
      // expected-error @+1 {{'tirx.ptx.tensormap.replace' is not modeled by the simulator: the simulator's tensor maps are the kernel's tensormap arguments}}
      tirx.ptx.tensormap.replace box_dim ord 1 %p, %n : !tirx.ptr<i8, shared>, i32
    }
    return
  }
}

// -----

// So is copying a tensormap image to global memory.
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @tensormap_cp_fenceproxy(%out: !tirx.buffer<128xi8, global>) {
    tirx.kernel {
      %c0 = arith.constant 0 : index
      %map = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<128xi8, shared>
      %p = tirx.ptr_to %map[%c0] : !tirx.buffer<128xi8, shared>
      %g = tirx.ptr_to %out[%c0] : !tirx.buffer<128xi8, global>
      // expected-error @+1 {{'tirx.ptx.tensormap.cp_fenceproxy' is not modeled by the simulator: the simulator's tensor maps are the kernel's tensormap arguments (a descriptor checked when the host encodes it), not 128-byte images in memory}}
      tirx.ptx.tensormap.cp_fenceproxy gpu %g, %p : !tirx.ptr<i8, global>, !tirx.ptr<i8, shared>
    }
    return
  }
}

// -----

// The scalar arithmetic ops run their instruction with the PTX level's
// semantics; the instructions it has none for are refused at both levels,
// naming the op and the instruction.
func.func @arith_without_semantics(%out: !tirx.buffer<4xi32, global>) {
  tirx.kernel {
    %a = tirx.thread_id [1] : i32
    // expected-error @+1 {{'tirx.ptx.szext' is not modeled by the simulator: its PTX instruction 'szext.wrap.s32' has no simulator semantics}}
    %0 = tirx.ptx.szext wrap s32 %a, %a
  }
  return
}

// -----

func.func @xorsign_min(%out: !tirx.buffer<4xf32, global>) {
  tirx.kernel {
    %x = arith.constant 1.0 : f32
    // expected-error @+1 {{'tirx.ptx.min' (PTX instruction 'min.xorsign.abs.f32') is not modeled by the simulator}}
    %0 = tirx.ptx.min xorsign f32 %x, %x : (f32, f32) -> f32
  }
  return
}

// -----

func.func @mixed_precision_add(%out: !tirx.buffer<4xf32, global>) {
  tirx.kernel {
    %h = arith.constant 1.0 : f16
    %x = arith.constant 1.0 : f32
    // expected-error @+1 {{'tirx.ptx.add' (PTX instruction 'add.f32.f16') is not modeled by the simulator: mixed-precision sources}}
    %0 = tirx.ptx.add f32 from f16 %h, %x : (f16, f32) -> f32
  }
  return
}

// -----

// .ftz on the half types and on slct would flush subnormals the simulator
// does not flush there: refused, not ignored.
func.func @ftz_on_halves(%out: !tirx.buffer<4xf32, global>) {
  tirx.kernel {
    %h = arith.constant 1.0 : f16
    // expected-error @+1 {{'tirx.ptx.add' (PTX instruction 'add.ftz.f16') is not modeled by the simulator: .ftz on .f16}}
    %0 = tirx.ptx.add ftz f16 %h, %h : (f16, f16) -> f16
  }
  return
}

// -----

func.func @slct_ftz(%out: !tirx.buffer<4xf32, global>) {
  tirx.kernel {
    %a = arith.constant 1 : i32
    %c = arith.constant -1.0 : f32
    // expected-error @+1 {{'tirx.ptx.slct' (PTX instruction 'slct.ftz.s32.f32') is not modeled by the simulator: .ftz}}
    %0 = tirx.ptx.slct ftz s32 %a, %a, %c : i32, f32
  }
  return
}

// -----

module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @stochastic_rounding(%out: !tirx.buffer<4xf32, global>) {
  tirx.kernel {
    %f = arith.constant 1.0 : f32
    %r = arith.constant 7 : i32
    // expected-error @+1 {{'tirx.ptx.cvt' (PTX instruction 'cvt.rs.f16x2.f32') is not modeled by the simulator: stochastic rounding (.rs)}}
    %0 = tirx.ptx.cvt rs f16x2 from f32 %f, %f, %r : (f32, f32, i32) -> i32
  }
  return
}
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90a">} {
func.func @multimem(%out: !tirx.buffer<4xf32, global>, %mc: !tirx.ptr<f32, global>) {
  tirx.kernel {
    %v = arith.constant dense<1.0> : vector<2xf32>
    // expected-error @+1 {{'tirx.ptx.multimem.red' is not modeled by the simulator: a multimem address names a location on every GPU of its object, and the simulator runs one}}
    tirx.ptx.multimem.red add f32 %mc, %v : !tirx.ptr<f32, global>, vector<2xf32>
  }
  return
}
}

// -----

module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @stochastic_rounding_x4(%out: !tirx.buffer<4xf32, global>) {
  tirx.kernel {
    %v = arith.constant dense<1.0> : vector<4xf32>
    %r = arith.constant 7 : i32
    // expected-error @+1 {{'tirx.ptx.cvt' (PTX instruction 'cvt.rs.satfinite.e4m3x4.f32') is not modeled by the simulator: stochastic rounding (.rs)}}
    %0 = tirx.ptx.cvt rs satfinite e4m3x4 from f32 %v, %r : (vector<4xf32>, i32) -> i32
  }
  return
}
}

// -----

// A recorded dynamic shared memory layout is checked as the lowering checks
// it: two allocations may not share a byte.
func.func @overlapping_recorded_layout(%out: !tirx.buffer<4xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    // expected-note @+1 {{the other allocation: offset 0, 16 bytes}}
    %a = tirx.alloc_buffer {tirx.dyn_shared_offset = 0 : i64} : !tirx.buffer<4xf32, shared.dyn>
    // expected-error @+1 {{has 'tirx.dyn_shared_offset' 0 (16 bytes), which overlaps another allocation}}
    %b = tirx.alloc_buffer {tirx.dyn_shared_offset = 0 : i64} : !tirx.buffer<4xf32, shared.dyn>
  }
  return
}

// -----

// The IR level has no .param or .const window for cvta to convert to.
func.func @cvta_param(%out: !tirx.buffer<4xf32, global>, %g: i64) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    // expected-error @+1 {{'tirx.ptx.cvta.to' is not modeled by the simulator: the param.entry state space has no window at the IR level}}
    %0 = tirx.ptx.cvta.to param.entry %g : i64
  }
  return
}
