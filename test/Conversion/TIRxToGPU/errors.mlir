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
