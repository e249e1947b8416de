// RUN: tirx-opt %s --convert-tirx-to-gpu --split-input-file -verify-diagnostics

func.func @dynamic_arena(%n: index) {
  tirx.kernel {
    // expected-error @+1 {{has a dynamic shape; the dynamic shared memory arena is laid out statically}}
    %d = tirx.alloc_buffer sizes(%n) : !tirx.buffer<?xf32, shared.dyn>
  }
  return
}

// -----

func.func private @external(f32) -> f32

func.func @calls_external(%x: f32) {
  tirx.kernel {
    // expected-error @+1 {{calls 'external', which has no body to compile for the device}}
    %y = func.call @external(%x) : (f32) -> f32
  }
  return
}

// -----

// A tile primitive left in a kernel (found by the fuzzer through
// tirx-split-host-device, which outlines with this pass): outlined into a
// gpu.func it would no longer verify.
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @tile_not_dispatched(%A: !tirx.buffer<32x32xf32, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [32] : i32
      %s = tirx.alloc_buffer : !tirx.buffer<32x32xf32, shared>
      // expected-error @+1 {{'tirx.tile.copy' op is a tile primitive: run tirx-dispatch-tile-primitives and tirx-resolve-layouts before outlining kernels}}
      tirx.tile.copy warp %s, %A : !tirx.buffer<32x32xf32, shared>, !tirx.buffer<32x32xf32, global>
    }
    return
  }
}

// -----

// The arena is a 32-bit byte count at launch: an allocation beyond it is an
// error, before offsets could overflow (2^61 floats would wrap int64; found
// by the attribute-contract inputs, as a negative tirx.dyn_shared_offset
// no longer verifies).
func.func @arena_overflow() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    // expected-error @+1 {{does not fit in the dynamic shared memory a kernel can request (4294967295 bytes): it needs 2305843009213693952 x 4 bytes at offset 0}}
    %a = tirx.alloc_buffer : !tirx.buffer<2305843009213693952xf32, shared.dyn>
  }
  return
}

// -----

func.func @arena_sum_overflow() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<536870912xf32, shared.dyn>
    // expected-error @+1 {{it needs 536870912 x 4 bytes at offset 2147483648}}
    %b = tirx.alloc_buffer : !tirx.buffer<536870912xf32, shared.dyn>
  }
  return
}

// -----

// A kernel of a nested module is not outlined into this module's GPU module,
// where its calls would resolve against this module's functions.
module {
  module @inner {
    func.func @f() {
      // expected-error @+1 {{is in a nested module: convert-tirx-to-gpu outlines the kernels of the module it runs on}}
      tirx.kernel {
        %t = tirx.thread_id [32] : i32
      }
      return
    }
  }
}

// -----

// The outlining target's name is taken by something that is no GPU module.
// expected-error @+1 {{'func.func' op is named 'tirx_kernels', the GPU module convert-tirx-to-gpu outlines kernels into}}
func.func @tirx_kernels() {
  return
}

func.func @g() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
  }
  return
}
