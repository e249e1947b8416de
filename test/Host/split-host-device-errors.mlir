// RUN: tirx-opt %s --tirx-split-host-device -split-input-file -verify-diagnostics

// expected-error @+1 {{kernel function 'returns' returns values; its host part only launches the kernel, so it must return nothing}}
func.func @returns(%x: i32) -> i32 {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
  }
  return %x : i32
}

// -----

// expected-error @+1 {{parameter 0 of kernel function 'desc_param' ('!tirx.tensormap') cannot be passed by the launcher: the launcher does not take descriptors; build them in the host part with 'tirx.tensormap_encode_tiled'}}
func.func @desc_param(%d: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    tirx.ptx.prefetch.tensormap %d : !tirx.tensormap
  }
  return
}

// -----

// expected-error @+1 {{parameter 0 of kernel function 'shared_param' ('!tirx.buffer<64xf32, shared>') cannot be passed by the launcher: only global buffers are passed to kernels}}
func.func @shared_param(%s: !tirx.buffer<64xf32, shared>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
  }
  return
}

// -----

// expected-error @+1 {{parameter 0 of kernel function 'local_ptr' ('!tirx.ptr<f32, local>') cannot be passed by the launcher: only global or generic pointers are passed to kernels}}
func.func @local_ptr(%p: !tirx.ptr<f32, local>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
  }
  return
}

// -----

// expected-error @+1 {{parameter 0 of kernel function 'dynamic_stride' ('!tirx.buffer<4x4xf32, global, strided<[?, 1]>>') cannot be passed by the launcher: a strided buffer needs static strides}}
func.func @dynamic_stride(%A: !tirx.buffer<4x4xf32, global, strided<[?, 1]>>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
  }
  return
}

// -----

// expected-error @+1 {{parameter 0 of kernel function 'vector_param' ('vector<4xf32>') cannot be passed by the launcher: the launcher passes only buffers, pointers and scalars}}
func.func @vector_param(%v: vector<4xf32>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
  }
  return
}

// -----

func.func @host_load(%A: !tirx.buffer<64xf32, global>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'tirx.buffer_load' op cannot run in the host part of 'host_load': the launcher evaluates only scalar arithmetic, buffer extents and data pointers, binds and tensormap creation (move it into 'tirx.kernel')}}
  %x = tirx.buffer_load %A[%c0] : !tirx.buffer<64xf32, global> -> f32
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    tirx.buffer_store %x, %A[%c0] : f32, !tirx.buffer<64xf32, global>
  }
  return
}

// -----

func.func @host_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'tirx.for' op cannot run in the host part of 'host_loop'}}
  tirx.for %i = %c0 to %n step %c1 {
  }
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
  }
  return
}

// -----

func.func @host_vector(%x: f32) {
  // expected-error @+1 {{'arith.constant' op cannot run in the host part of 'host_vector'}}
  %v = arith.constant dense<1.0> : vector<4xf32>
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
  }
  return
}

// -----

func.func @nested_kernel(%c: i1) {
  tirx.if %c {
    // expected-error @+1 {{'tirx.kernel' op must be at the top level of its function for the launcher (not inside host control flow)}}
    tirx.kernel {
      %tx = tirx.thread_id [32] : i32
    }
  }
  return
}

// -----

func.func @after_kernel(%x: i32) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
  }
  // expected-error @+1 {{'arith.addi' op follows 'tirx.kernel' in 'after_kernel'; the host part ends with the launch, so only a return may follow the kernel}}
  %y = arith.addi %x, %x : i32
  return
}
