// RUN: tirx-opt %s | FileCheck %s
// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of every core op and every optional form.

// CHECK-LABEL: func.func @binds
// CHECK: %remote_ptr = tirx.bind %{{.*}} as "remote_ptr" : !tirx.ptr<ui64, shared>
// CHECK: %n.1 = tirx.bind %{{.*}} as "n.1" : i32
// CHECK: %_0x = tirx.bind %{{.*}} as "0x" : f16
func.func @binds(%p: !tirx.ptr<ui64, shared>, %i: i32, %h: f16) {
  %a = tirx.bind %p as "remote_ptr" : !tirx.ptr<ui64, shared>
  %b = tirx.bind %i as "n.1" : i32
  %c = tirx.bind %h as "0x" : f16
  return
}

// CHECK-LABEL: func.func @alloc_buffers
// CHECK: %{{.*}} = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
// CHECK: %{{.*}} = tirx.alloc_buffer {alignment = 1024 : i64} : !tirx.buffer<4096xui8, shared.dyn>
// CHECK: %x = tirx.alloc_buffer {name = "x"} : !tirx.buffer<1xi32, local>
// CHECK: %{{.*}} = tirx.alloc_buffer sizes(%{{.*}}) : !tirx.buffer<?xf32, shared.dyn>
// CHECK: %{{.*}} = tirx.alloc_buffer : !tirx.buffer<f32, local>
// CHECK: %{{.*}} = tirx.alloc_buffer : !tirx.buffer<8xvector<4xf32>, local>
func.func @alloc_buffers(%n: index) {
  %a = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
  %b = tirx.alloc_buffer {alignment = 1024 : i64} : !tirx.buffer<4096xui8, shared.dyn>
  %c = tirx.alloc_buffer {name = "x"} : !tirx.buffer<1xi32, local>
  %d = tirx.alloc_buffer sizes(%n) : !tirx.buffer<?xf32, shared.dyn>
  %e = tirx.alloc_buffer : !tirx.buffer<f32, local>
  %f = tirx.alloc_buffer : !tirx.buffer<8xvector<4xf32>, local>
  return
}

// CHECK-LABEL: func.func @decl_buffers
// CHECK: tirx.decl_buffer %{{.*}} : !tirx.ptr<ui64, shared> -> !tirx.buffer<1xui64, shared>
// CHECK: tirx.decl_buffer %{{.*}} byte_offset %{{.*}} : !tirx.ptr<ui8, shared.dyn> -> !tirx.buffer<4x64xf32, shared.dyn>
// CHECK: tirx.decl_buffer %{{.*}} elem_offset %{{.*}} : !tirx.ptr<f16, global> -> !tirx.buffer<64x64xf16, global, strided<[64, 1], offset: ?>>
// CHECK: tirx.decl_buffer %{{.*}} sizes(%{{.*}}, %{{.*}}) : !tirx.ptr<f16, global> -> !tirx.buffer<?x?xf16, global>
// CHECK: %tile = tirx.decl_buffer %{{.*}} {name = "tile"} : !tirx.ptr<f16, global> -> !tirx.buffer<16x16xf16, global, strided<[64, 1], offset: 8>>
func.func @decl_buffers(%p: !tirx.ptr<ui64, shared>, %pool: !tirx.ptr<ui8, shared.dyn>,
                        %g: !tirx.ptr<f16, global>, %off: index, %m: index) {
  %a = tirx.decl_buffer %p : !tirx.ptr<ui64, shared> -> !tirx.buffer<1xui64, shared>
  %b = tirx.decl_buffer %pool byte_offset %off : !tirx.ptr<ui8, shared.dyn> -> !tirx.buffer<4x64xf32, shared.dyn>
  %c = tirx.decl_buffer %g elem_offset %off : !tirx.ptr<f16, global> -> !tirx.buffer<64x64xf16, global, strided<[64, 1], offset: ?>>
  %d = tirx.decl_buffer %g sizes(%m, %m) : !tirx.ptr<f16, global> -> !tirx.buffer<?x?xf16, global>
  %e = tirx.decl_buffer %g {name = "tile"} : !tirx.ptr<f16, global> -> !tirx.buffer<16x16xf16, global, strided<[64, 1], offset: 8>>
  return
}

// CHECK-LABEL: func.func @views
// CHECK: tirx.buffer_slice %{{.*}}[%{{.*}}, %{{.*}}] [32, 16] : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<32x16xf16, shared, strided<[64, 1], offset: ?>>
// CHECK: tirx.buffer_slice %{{.*}}[%{{.*}}, %{{.*}}] [32, 16] : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<32x16xf16, shared, strided<[64, 1], offset: 65>>
// CHECK: tirx.buffer_reshape %{{.*}} : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<8192xf16, shared>
// CHECK: tirx.buffer_reshape %{{.*}} : !tirx.buffer<4x64xf32, shared.dyn> -> !tirx.buffer<2x2x64xf32, shared.dyn>
func.func @views(%a: !tirx.buffer<128x64xf16, shared>, %b: !tirx.buffer<4x64xf32, shared.dyn>, %i: index) {
  %c1 = arith.constant 1 : index
  %s = tirx.buffer_slice %a[%i, %c1] [32, 16] : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<32x16xf16, shared, strided<[64, 1], offset: ?>>
  %t = tirx.buffer_slice %a[%c1, %c1] [32, 16] : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<32x16xf16, shared, strided<[64, 1], offset: 65>>
  %r = tirx.buffer_reshape %a : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<8192xf16, shared>
  %q = tirx.buffer_reshape %b : !tirx.buffer<4x64xf32, shared.dyn> -> !tirx.buffer<2x2x64xf32, shared.dyn>
  return
}

// CHECK-LABEL: func.func @loads_and_stores
// CHECK: tirx.buffer_load %{{.*}}[%{{.*}}, %{{.*}}] : !tirx.buffer<128x64xf16, shared> -> f16
// CHECK: tirx.buffer_load %{{.*}}[%{{.*}}, %{{.*}}] : !tirx.buffer<128x64xf16, shared> -> vector<8xf16>
// CHECK: tirx.buffer_load %{{.*}}[] : !tirx.buffer<f32, local> -> f32
// CHECK: tirx.buffer_load %{{.*}}[%{{.*}}] : !tirx.buffer<8xvector<4xf32>, local> -> vector<4xf32>
// CHECK: tirx.buffer_store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : f16, !tirx.buffer<128x64xf16, shared>
// CHECK: tirx.buffer_store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : vector<8xf16>, !tirx.buffer<128x64xf16, shared>
// CHECK: tirx.buffer_store %{{.*}}, %{{.*}}[] : f32, !tirx.buffer<f32, local>
func.func @loads_and_stores(%a: !tirx.buffer<128x64xf16, shared>, %s: !tirx.buffer<f32, local>,
                            %v: !tirx.buffer<8xvector<4xf32>, local>, %i: index) {
  %x = tirx.buffer_load %a[%i, %i] : !tirx.buffer<128x64xf16, shared> -> f16
  %y = tirx.buffer_load %a[%i, %i] : !tirx.buffer<128x64xf16, shared> -> vector<8xf16>
  %z = tirx.buffer_load %s[] : !tirx.buffer<f32, local> -> f32
  %w = tirx.buffer_load %v[%i] : !tirx.buffer<8xvector<4xf32>, local> -> vector<4xf32>
  tirx.buffer_store %x, %a[%i, %i] : f16, !tirx.buffer<128x64xf16, shared>
  tirx.buffer_store %y, %a[%i, %i] : vector<8xf16>, !tirx.buffer<128x64xf16, shared>
  tirx.buffer_store %z, %s[] : f32, !tirx.buffer<f32, local>
  return
}

// CHECK-LABEL: func.func @pointers
// CHECK: tirx.buffer_data %{{.*}} : !tirx.buffer<128x64xf16, shared>
// CHECK: tirx.ptr_to %{{.*}}[%{{.*}}, %{{.*}}] : !tirx.buffer<4x64xf32, shared.dyn>
// CHECK: tirx.access_ptr %{{.*}}[%{{.*}}], %{{.*}}, rw as f16 : !tirx.buffer<128x64xf16, shared>
// CHECK: tirx.access_ptr %{{.*}}[%{{.*}}], %{{.*}}, r as vector<4xf32> : !tirx.buffer<4x64xf32, shared.dyn>
// CHECK: tirx.access_ptr %{{.*}}[%{{.*}}], %{{.*}}, w as ui8 : !tirx.buffer<4x64xf32, shared.dyn>
// CHECK: tirx.ptr_byte_offset %{{.*}}[%{{.*}}] as f32 : !tirx.ptr<ui8, shared.dyn>
func.func @pointers(%a: !tirx.buffer<128x64xf16, shared>, %b: !tirx.buffer<4x64xf32, shared.dyn>,
                    %pool: !tirx.ptr<ui8, shared.dyn>, %i: index)
    -> (!tirx.ptr<f16, shared>, !tirx.ptr<f32, shared.dyn>, !tirx.ptr<f16, shared>,
        !tirx.ptr<vector<4xf32>, shared.dyn>, !tirx.ptr<ui8, shared.dyn>, !tirx.ptr<f32, shared.dyn>) {
  %d = tirx.buffer_data %a : !tirx.buffer<128x64xf16, shared>
  %p = tirx.ptr_to %b[%i, %i] : !tirx.buffer<4x64xf32, shared.dyn>
  %q = tirx.access_ptr %a[%i], %i, rw as f16 : !tirx.buffer<128x64xf16, shared>
  %r = tirx.access_ptr %b[%i], %i, r as vector<4xf32> : !tirx.buffer<4x64xf32, shared.dyn>
  %s = tirx.access_ptr %b[%i], %i, w as ui8 : !tirx.buffer<4x64xf32, shared.dyn>
  %t = tirx.ptr_byte_offset %pool[%i] as f32 : !tirx.ptr<ui8, shared.dyn>
  return %d, %p, %q, %r, %s, %t : !tirx.ptr<f16, shared>, !tirx.ptr<f32, shared.dyn>, !tirx.ptr<f16, shared>,
        !tirx.ptr<vector<4xf32>, shared.dyn>, !tirx.ptr<ui8, shared.dyn>, !tirx.ptr<f32, shared.dyn>
}

// CHECK-LABEL: func.func @reinterprets
// CHECK: tirx.reinterpret %{{.*}} : i64 to !tirx.ptr<ui64, shared>
// CHECK: tirx.reinterpret %{{.*}} : !tirx.ptr<ui64, shared> to i32
// CHECK: tirx.reinterpret %{{.*}} : !tirx.ptr<ui8, shared.dyn> to !tirx.ptr<f32, shared.dyn>
// CHECK: tirx.reinterpret %{{.*}} : !tirx.ptr<f32, shared> to !tirx.ptr<f32, generic>
// CHECK: tirx.reinterpret %{{.*}} : f32 to i32
// CHECK: tirx.reinterpret %{{.*}} : vector<2xf16> to i32
// CHECK: tirx.reinterpret %{{.*}} : i64 to vector<4xbf16>
func.func @reinterprets(%addr: i64, %pool: !tirx.ptr<ui8, shared.dyn>, %s: !tirx.ptr<f32, shared>,
                        %f: f32, %h: vector<2xf16>) {
  %p = tirx.reinterpret %addr : i64 to !tirx.ptr<ui64, shared>
  %a = tirx.reinterpret %p : !tirx.ptr<ui64, shared> to i32
  %q = tirx.reinterpret %pool : !tirx.ptr<ui8, shared.dyn> to !tirx.ptr<f32, shared.dyn>
  %g = tirx.reinterpret %s : !tirx.ptr<f32, shared> to !tirx.ptr<f32, generic>
  %b = tirx.reinterpret %f : f32 to i32
  %c = tirx.reinterpret %h : vector<2xf16> to i32
  %d = tirx.reinterpret %addr : i64 to vector<4xbf16>
  return
}

// CHECK-LABEL: func.func @register_barriers
// CHECK: %{{.*}} = tirx.register_barrier %{{.*}} : f32
// CHECK: %{{.*}} = tirx.register_barrier %{{.*}} : i32
// CHECK: %{{.*}} = tirx.register_barrier %{{.*}} : i64
// CHECK: %{{.*}} = tirx.register_barrier %{{.*}} : f64
func.func @register_barriers(%x: f32, %u: i32, %l: i64, %d: f64) {
  %0 = tirx.register_barrier %x : f32
  %1 = tirx.register_barrier %u : i32
  %2 = tirx.register_barrier %l : i64
  %3 = tirx.register_barrier %d : f64
  return
}

// CHECK-LABEL: func.func @kernel_scopes
// CHECK: tirx.kernel {
// CHECK: tirx.cluster_id [2] : i32
// CHECK: tirx.cta_id [4] : i32
// CHECK: tirx.cta_id_in_cluster [2] : i32
// CHECK: tirx.warpgroup_id [2] : i32
// CHECK: tirx.warp_id [8] : ui32
// CHECK: tirx.warp_id_in_wg [4] : i32
// CHECK: tirx.lane_id [32] : i32
// CHECK: tirx.thread_id [256] : i32
// CHECK: tirx.thread_id_in_wg [128] : i32
// CHECK: tirx.lane_id : i32
// CHECK-NOT: tirx.lane_id  :
func.func @kernel_scopes(%A: !tirx.buffer<1024xf32, global>, %desc: !tirx.tensormap, %n: i32) {
  tirx.kernel {
    %cl = tirx.cluster_id [2] : i32
    %b = tirx.cta_id [4] : i32
    %c = tirx.cta_id_in_cluster [2] : i32
    %wg = tirx.warpgroup_id [2] : i32
    %w = tirx.warp_id [8] : ui32
    %wi = tirx.warp_id_in_wg [4] : i32
    %l = tirx.lane_id [32] : i32
    %t = tirx.thread_id [256] : i32
    %ti = tirx.thread_id_in_wg [128] : i32
    %l2 = tirx.lane_id : i32
  }
  return
}

// CHECK-LABEL: func.func @kernel_multi_dim
// CHECK: tirx.kernel attributes {block = array<i64: 32, 4, 1>, cluster = array<i64: 1, 1, 1>, grid = array<i64: 8, 2, 1>} {
// CHECK: %{{.*}}:2 = tirx.cta_id [8, 2] : i32, i32
// CHECK: %{{.*}}:2 = tirx.thread_id [32, 4] : i32, i32
func.func @kernel_multi_dim() {
  tirx.kernel attributes {grid = array<i64: 8, 2, 1>, cluster = array<i64: 1, 1, 1>, block = array<i64: 32, 4, 1>} {
    %bx, %by = tirx.cta_id [8, 2] : i32, i32
    %tx, %ty = tirx.thread_id [32, 4] : i32, i32
  }
  return
}

// CHECK-LABEL: func.func @control_flow
// CHECK: tirx.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: tirx.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} unroll {
// CHECK: tirx.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} vectorized : i32 {
// CHECK: tirx.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} parallel {
// CHECK: tirx.if %{{.*}} {
// CHECK-NEXT: tirx.break
// CHECK-NEXT: }
// CHECK: tirx.if %{{.*}} {
// CHECK-NEXT: tirx.continue
// CHECK-NEXT: } else {
// CHECK: } attributes {annotations = {pragma_unroll = 4 : i64}}
// CHECK: tirx.while {
// CHECK: tirx.condition %{{.*}}
// CHECK-NEXT: } do {
func.func @control_flow(%n: index, %m: i32, %c: i1, %buf: !tirx.buffer<1xi32, local>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %i0 = arith.constant 0 : i32
  %i1 = arith.constant 1 : i32
  %i4 = arith.constant 4 : i32
  tirx.for %i = %c0 to %n step %c1 {
    tirx.buffer_store %m, %buf[%c0] : i32, !tirx.buffer<1xi32, local>
  }
  tirx.for %j = %c0 to %c8 step %c1 unroll {
    tirx.buffer_store %m, %buf[%c0] : i32, !tirx.buffer<1xi32, local>
  }
  tirx.for %k = %i0 to %i4 step %i1 vectorized : i32 {
    tirx.buffer_store %k, %buf[%c0] : i32, !tirx.buffer<1xi32, local>
  }
  tirx.for %l = %c0 to %n step %c1 parallel {
    tirx.if %c {
      tirx.break
    }
    tirx.if %c {
      tirx.continue
    } else {
      tirx.buffer_store %m, %buf[%c0] : i32, !tirx.buffer<1xi32, local>
    }
  } attributes {annotations = {pragma_unroll = 4 : i64}}
  tirx.while {
    %x = tirx.buffer_load %buf[%c0] : !tirx.buffer<1xi32, local> -> i32
    %lt = arith.cmpi slt, %x, %m : i32
    tirx.condition %lt
  } do {
    %x = tirx.buffer_load %buf[%c0] : !tirx.buffer<1xi32, local> -> i32
    %x1 = arith.addi %x, %i1 : i32
    tirx.buffer_store %x1, %buf[%c0] : i32, !tirx.buffer<1xi32, local>
  }
  return
}

// Functions: buffer, pointer, tensormap and scalar parameters, private
// functions, calls between functions, and launch controls.

// CHECK-LABEL: func.func private @helper
// CHECK-SAME: (%{{.*}}: !tirx.ptr<f32, shared>, %{{.*}}: f32) -> f32
func.func private @helper(%p: !tirx.ptr<f32, shared>, %x: f32) -> f32 {
  return %x : f32
}

// CHECK-LABEL: func.func @entry
// CHECK-SAME: (%{{.*}}: !tirx.buffer<1024xf32, global>, %{{.*}}: !tirx.tensormap, %{{.*}}: !tirx.ptr<f32, global>, %{{.*}}: i32)
// CHECK-SAME: attributes {tirx.launch = #tirx.launch<max_registers = 128, min_blocks_per_sm = 2, cluster_dims = [2, 1, 1]>}
// CHECK: call @helper(%{{.*}}, %{{.*}}) : (!tirx.ptr<f32, shared>, f32) -> f32
func.func @entry(%A: !tirx.buffer<1024xf32, global>, %desc: !tirx.tensormap,
                 %out: !tirx.ptr<f32, global>, %n: i32)
    attributes {tirx.launch = #tirx.launch<max_registers = 128, min_blocks_per_sm = 2, cluster_dims = [2, 1, 1]>} {
  tirx.kernel {
    %b = tirx.cta_id [2] : i32
    %t = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %s = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    %p = tirx.ptr_to %s[%c0] : !tirx.buffer<128xf32, shared>
    %x = tirx.buffer_load %A[%c0] : !tirx.buffer<1024xf32, global> -> f32
    %y = func.call @helper(%p, %x) : (!tirx.ptr<f32, shared>, f32) -> f32
  }
  return
}
