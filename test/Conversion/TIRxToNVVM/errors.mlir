// RUN: tirx-opt %s --convert-tirx-to-nvvm --split-input-file -verify-diagnostics

gpu.module @m {
  gpu.func @dynamic_stride(%A: !tirx.buffer<?x?xf32, global>, %i: index) {
    // expected-error @+2 {{cannot be lowered: '!tirx.buffer<?x?xf32, global>' has a dynamic stride}}
    // expected-error @+1 {{failed to legalize operation 'tirx.buffer_load'}}
    %x = tirx.buffer_load %A[%i, %i] : !tirx.buffer<?x?xf32, global> -> f32
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @no_offset() {
    // expected-error @+2 {{has no dynamic shared memory offset; run convert-tirx-to-gpu first}}
    // expected-error @+1 {{failed to legalize operation 'tirx.alloc_buffer'}}
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, shared.dyn>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @dynamic_alloc(%n: index) {
    // expected-error @+2 {{cannot be lowered: dynamic allocation sizes are not supported}}
    // expected-error @+1 {{failed to legalize operation 'tirx.alloc_buffer'}}
    %d = tirx.alloc_buffer sizes(%n) : !tirx.buffer<?xf32, shared.dyn>
    gpu.return
  }
}
