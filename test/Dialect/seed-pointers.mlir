// RUN: tirx-opt %s -split-input-file | FileCheck %s

// The pointer-typing cases of the behavioural spec, as IR.

// The distributed-shared-memory remote mbarrier: the raw 64-bit address of
// a peer CTA's mbarrier (in the full example it comes from mapa) is
// reinterpreted as a typed pointer, bound to a name with exactly that type
// (element ui64, scope shared), and used as a decl_buffer's data.
// CHECK-LABEL: func.func @dsmem_remote_pointer
// CHECK: %[[P:.*]] = tirx.reinterpret %{{.*}} : i64 to !tirx.ptr<ui64, shared>
// CHECK: %remote_ptr = tirx.bind %[[P]] as "remote_ptr" : !tirx.ptr<ui64, shared>
// CHECK: %remote_mbar = tirx.decl_buffer %remote_ptr {name = "remote_mbar"} : !tirx.ptr<ui64, shared> -> !tirx.buffer<1xui64, shared>
func.func @dsmem_remote_pointer(%addr: i64) -> !tirx.buffer<1xui64, shared> {
  %p = tirx.reinterpret %addr : i64 to !tirx.ptr<ui64, shared>
  %remote_ptr = tirx.bind %p as "remote_ptr" : !tirx.ptr<ui64, shared>
  %remote_mbar = tirx.decl_buffer %remote_ptr {name = "remote_mbar"} : !tirx.ptr<ui64, shared> -> !tirx.buffer<1xui64, shared>
  return %remote_mbar : !tirx.buffer<1xui64, shared>
}

// The address of an element of an f32 view over a ui8 shared.dyn pool is a
// pointer to f32 in shared.dyn (the logical element type, the backing
// scope), not a pointer to ui8.
// CHECK-LABEL: func.func @typed_view_over_byte_pool
// CHECK: %[[V:.*]] = tirx.decl_buffer %{{.*}} byte_offset %{{.*}} : !tirx.ptr<ui8, shared.dyn> -> !tirx.buffer<4x64xf32, shared.dyn>
// CHECK: tirx.ptr_to %[[V]][%{{.*}}, %{{.*}}] : !tirx.buffer<4x64xf32, shared.dyn>
// CHECK: return %{{.*}} : !tirx.ptr<f32, shared.dyn>
func.func @typed_view_over_byte_pool(%pool: !tirx.ptr<ui8, shared.dyn>, %i: index) -> !tirx.ptr<f32, shared.dyn> {
  %c256 = arith.constant 256 : index
  %view = tirx.decl_buffer %pool byte_offset %c256 : !tirx.ptr<ui8, shared.dyn> -> !tirx.buffer<4x64xf32, shared.dyn>
  %p = tirx.ptr_to %view[%i, %i] : !tirx.buffer<4x64xf32, shared.dyn>
  return %p : !tirx.ptr<f32, shared.dyn>
}

// access_ptr and ptr_byte_offset take an element type and produce the
// corresponding typed pointer.
// CHECK-LABEL: func.func @typed_pointer_arithmetic
// CHECK: return %{{.*}}, %{{.*}} : !tirx.ptr<bf16, shared.dyn>, !tirx.ptr<f16, shared.dyn>
func.func @typed_pointer_arithmetic(%pool: !tirx.ptr<ui8, shared.dyn>,
                                    %b: !tirx.buffer<4096xui8, shared.dyn>, %i: index)
    -> (!tirx.ptr<bf16, shared.dyn>, !tirx.ptr<f16, shared.dyn>) {
  %a = tirx.access_ptr %b[%i], %i, rw as bf16 : !tirx.buffer<4096xui8, shared.dyn>
  %q = tirx.ptr_byte_offset %pool[%i] as f16 : !tirx.ptr<ui8, shared.dyn>
  return %a, %q : !tirx.ptr<bf16, shared.dyn>, !tirx.ptr<f16, shared.dyn>
}
