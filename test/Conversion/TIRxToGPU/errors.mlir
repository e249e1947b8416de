// RUN: tirx-opt %s --convert-tirx-to-gpu --split-input-file -verify-diagnostics

func.func @dynamic_arena(%n: index) {
  tirx.kernel {
    // expected-error @+1 {{has a dynamic shape; convert-tirx-to-gpu sizes the dynamic shared memory arena statically}}
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
