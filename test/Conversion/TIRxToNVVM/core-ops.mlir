// RUN: tirx-opt %s --convert-tirx-to-nvvm --split-input-file | FileCheck %s

// Each core-op lowering of convert-tirx-to-nvvm. Buffers become pointers to
// their first element; indices become address arithmetic over the strides.

// CHECK: llvm.mlir.global external @__tirx_dyn_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
// CHECK: llvm.mlir.global internal @__tirx_smem_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<2 x i64>
// CHECK: llvm.mlir.global internal @__tirx_smem() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<128 x f32>
gpu.module @m {
  // CHECK-LABEL: gpu.func @loads_and_stores
  // CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !tirx.buffer<64x32xf16, global> to !llvm.ptr<1>
  // CHECK: %[[S:.*]] = llvm.mlir.constant(32 : i64) : i64
  // CHECK: %[[M:.*]] = llvm.mul %[[I:.*]], %[[S]] : i64
  // CHECK: %[[L:.*]] = llvm.add %[[M]], %[[J:.*]] : i64
  // CHECK: %[[P:.*]] = llvm.getelementptr %[[A]][%[[L]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
  // CHECK: llvm.load %[[P]] {alignment = 2 : i64} : !llvm.ptr<1> -> f16
  // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<8xf16>
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<1>
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr
  gpu.func @loads_and_stores(%A: !tirx.buffer<64x32xf16, global>, %i: index, %j: index,
                             %v: vector<8xf16>, %s: !tirx.buffer<f32, local>, %x: f32) {
    %a = tirx.buffer_load %A[%i, %j] : !tirx.buffer<64x32xf16, global> -> f16
    %w = tirx.buffer_load %A[%i, %j] : !tirx.buffer<64x32xf16, global> -> vector<8xf16>
    tirx.buffer_store %v, %A[%i, %j] : vector<8xf16>, !tirx.buffer<64x32xf16, global>
    tirx.buffer_store %x, %s[] : f32, !tirx.buffer<f32, local>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @allocations
  // CHECK: %[[N:.*]] = llvm.mlir.constant(4 : i64) : i64
  // CHECK: llvm.alloca %[[N]] x f32 {alignment = 16 : i64} : (i64) -> !llvm.ptr
  // CHECK: llvm.mlir.addressof @__tirx_smem : !llvm.ptr<3>
  // CHECK: llvm.mlir.addressof @__tirx_smem_0 : !llvm.ptr<3>
  // CHECK: %[[ARENA:.*]] = llvm.mlir.addressof @__tirx_dyn_smem : !llvm.ptr<3>
  // CHECK: %[[OFF:.*]] = llvm.mlir.constant(256 : i64) : i64
  // CHECK: llvm.getelementptr %[[ARENA]][%[[OFF]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i8
  gpu.func @allocations(%i: index) {
    %s = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<128xf32, shared>
    %s2 = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %y = tirx.buffer_load %s2[%i] : !tirx.buffer<2xi64, shared> -> i64
    %l = tirx.alloc_buffer : !tirx.buffer<4xf32, local>
    %d = tirx.alloc_buffer {tirx.dyn_shared_offset = 256 : i64} : !tirx.buffer<64xf32, shared.dyn>
    %x = tirx.buffer_load %s[%i] : !tirx.buffer<128xf32, shared> -> f32
    tirx.buffer_store %x, %l[%i] : f32, !tirx.buffer<4xf32, local>
    tirx.buffer_store %x, %d[%i] : f32, !tirx.buffer<64xf32, shared.dyn>
    gpu.return
  }
}

// -----

gpu.module @m {
  // A typed f32 view over a ui8 pool: byte offset, then f32 element offsets.
  // CHECK-LABEL: gpu.func @views_and_pointers
  // CHECK: %[[A:.*]] = llvm.alloca
  // Shared pointers are generic addresses (docs/Design-notes.md).
  // CHECK: %[[POOL:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !tirx.ptr<ui8, shared.dyn> to !llvm.ptr
  // CHECK: %[[V:.*]] = llvm.getelementptr %[[POOL]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  // CHECK: llvm.getelementptr %[[V]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  // The static layout offset of a declared view.
  // CHECK: %[[EIGHT:.*]] = llvm.mlir.constant(8 : i64) : i64
  // CHECK: llvm.getelementptr %{{.*}}[%[[EIGHT]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
  // A slice moves the base by the linearized start.
  // CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
  // access_ptr and ptr_byte_offset.
  // CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
  // CHECK: llvm.getelementptr %[[POOL]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  // ptr_to of a local buffer stays on the alloca's generic pointer.
  // CHECK-NOT: llvm.addrspacecast
  // CHECK: llvm.getelementptr %[[A]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  gpu.func @views_and_pointers(%pool: !tirx.ptr<ui8, shared.dyn>, %g: !tirx.ptr<f16, global>, %i: index) {
    %c1 = arith.constant 1 : index
    %view = tirx.decl_buffer %pool byte_offset %i : !tirx.ptr<ui8, shared.dyn> -> !tirx.buffer<4x64xf32, shared.dyn>
    %q = tirx.ptr_to %view[%c1, %i] : !tirx.buffer<4x64xf32, shared.dyn>
    %t = tirx.decl_buffer %g : !tirx.ptr<f16, global> -> !tirx.buffer<16x16xf16, global, strided<[64, 1], offset: 8>>
    %sl = tirx.buffer_slice %t[%c1, %i] [4, 4] : !tirx.buffer<16x16xf16, global, strided<[64, 1], offset: 8>> -> !tirx.buffer<4x4xf16, global, strided<[64, 1], offset: ?>>
    %ap = tirx.access_ptr %sl[%i], %i, rw as vector<4xf16> : !tirx.buffer<4x4xf16, global, strided<[64, 1], offset: ?>>
    %bo = tirx.ptr_byte_offset %pool[%i] as f32 : !tirx.ptr<ui8, shared.dyn>
    %l = tirx.alloc_buffer : !tirx.buffer<4xf32, local>
    %lp = tirx.ptr_to %l[%c1] : !tirx.buffer<4xf32, local>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @casts
  // A 64-bit integer is a generic address; a 32-bit one of a shared pointer
  // is its shared::cta window address.
  // CHECK: %[[P:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
  // CHECK: %[[W:.*]] = llvm.addrspacecast %[[P]] : !llvm.ptr to !llvm.ptr<3>
  // CHECK: llvm.ptrtoint %[[W]] : !llvm.ptr<3> to i32
  // CHECK: llvm.bitcast %{{.*}} : f32 to i32
  // CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
  // The bind, the reshape and the data pointer are no-ops.
  // CHECK-NOT: tirx.
  // CHECK: gpu.return
  gpu.func @casts(%addr: i64, %x: f32, %h: vector<2xf16>, %A: !tirx.buffer<64x32xf16, global>) {
    %rp = tirx.reinterpret %addr : i64 to !tirx.ptr<ui64, shared>
    %ri = tirx.reinterpret %rp : !tirx.ptr<ui64, shared> to i32
    %gp = tirx.reinterpret %rp : !tirx.ptr<ui64, shared> to !tirx.ptr<ui64, generic>
    %same = tirx.reinterpret %rp : !tirx.ptr<ui64, shared> to !tirx.ptr<f32, shared>
    %bits = tirx.reinterpret %x : f32 to i32
    %hbits = tirx.reinterpret %h : vector<2xf16> to i32
    %u = tirx.reinterpret %bits : i32 to ui32
    %bd = tirx.bind %rp as "remote" : !tirx.ptr<ui64, shared>
    %rs = tirx.buffer_reshape %A : !tirx.buffer<64x32xf16, global> -> !tirx.buffer<2048xf16, global>
    %data = tirx.buffer_data %rs : !tirx.buffer<2048xf16, global>
    gpu.return
  }
}

