// RUN: tirx-sim %s --print=full | FileCheck %s

// Buffer views: a typed f32 view at a byte offset of a ui8 dynamic shared
// pool, a 2-D slice, a reshape, pointers from ptr_to / access_ptr /
// ptr_byte_offset, and a local array indexed at run time (kept in local
// memory) next to one indexed by constants (kept in registers).
// CHECK-LABEL: arg0: float32[8]
// CHECK-NEXT: [5, 6, 9, 10, 7, 3, 30, 60]
func.func @views(%out: !tirx.buffer<8xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %pool = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<256xui8, shared.dyn>
    %base = tirx.ptr_to %pool[%c0] : !tirx.buffer<256xui8, shared.dyn>
    // A 4x4 f32 matrix at byte 64 of the pool: m[i][j] = 4 i + j + 1.
    %m = tirx.decl_buffer %base byte_offset %c64 : !tirx.ptr<ui8, shared.dyn> -> !tirx.buffer<4x4xf32, shared.dyn>
    tirx.for %i = %c0 to %c4 step %c1 {
      tirx.for %j = %c0 to %c4 step %c1 {
        %i4 = arith.muli %i, %c4 : index
        %k = arith.addi %i4, %j : index
        %k1 = arith.addi %k, %c1 : index
        %ki = arith.index_cast %k1 : index to i32
        %f = arith.sitofp %ki : i32 to f32
        tirx.buffer_store %f, %m[%i, %j] : f32, !tirx.buffer<4x4xf32, shared.dyn>
      }
    }
    // The 2x2 slice at (1, 0): [[5, 6], [9, 10]].
    %s = tirx.buffer_slice %m[%c1, %c0] [2, 2] : !tirx.buffer<4x4xf32, shared.dyn> -> !tirx.buffer<2x2xf32, shared.dyn, strided<[4, 1], offset: 4>>
    %s00 = tirx.buffer_load %s[%c0, %c0] : !tirx.buffer<2x2xf32, shared.dyn, strided<[4, 1], offset: 4>> -> f32
    %s01 = tirx.buffer_load %s[%c0, %c1] : !tirx.buffer<2x2xf32, shared.dyn, strided<[4, 1], offset: 4>> -> f32
    %s10 = tirx.buffer_load %s[%c1, %c0] : !tirx.buffer<2x2xf32, shared.dyn, strided<[4, 1], offset: 4>> -> f32
    %s11 = tirx.buffer_load %s[%c1, %c1] : !tirx.buffer<2x2xf32, shared.dyn, strided<[4, 1], offset: 4>> -> f32
    // Element 6 of the flattened matrix, through a reshape.
    %flat = tirx.buffer_reshape %m : !tirx.buffer<4x4xf32, shared.dyn> -> !tirx.buffer<16xf32, shared.dyn>
    %c6 = arith.constant 6 : index
    %e6 = tirx.buffer_load %flat[%c6] : !tirx.buffer<16xf32, shared.dyn> -> f32
    // Element 2 through a typed pointer 8 bytes past element 0.
    %p0 = tirx.ptr_to %m[%c0, %c0] : !tirx.buffer<4x4xf32, shared.dyn>
    %c8 = arith.constant 8 : index
    %p2 = tirx.ptr_byte_offset %p0[%c8] as f32 : !tirx.ptr<f32, shared.dyn>
    %v2 = tirx.decl_buffer %p2 : !tirx.ptr<f32, shared.dyn> -> !tirx.buffer<1xf32, shared.dyn>
    %e2 = tirx.buffer_load %v2[%c0] : !tirx.buffer<1xf32, shared.dyn> -> f32
    // A local array with a run-time index: a[i] = 10 (i + 1), read a[2].
    %a = tirx.alloc_buffer : !tirx.buffer<4xf32, local>
    tirx.for %i = %c0 to %c4 step %c1 {
      %i1 = arith.addi %i, %c1 : index
      %ii = arith.index_cast %i1 : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %ten = arith.constant 10.0 : f32
      %t = arith.mulf %f, %ten : f32
      tirx.buffer_store %t, %a[%i] : f32, !tirx.buffer<4xf32, local>
    }
    %a2 = tirx.buffer_load %a[%c2] : !tirx.buffer<4xf32, local> -> f32
    %ap = tirx.access_ptr %a[%c4], %c1, r as f32 : !tirx.buffer<4xf32, local>
    %r = tirx.alloc_buffer : !tirx.buffer<2xf32, local>
    %sixty = arith.constant 60.0 : f32
    tirx.buffer_store %sixty, %r[%c1] : f32, !tirx.buffer<2xf32, local>
    %r1 = tirx.buffer_load %r[%c1] : !tirx.buffer<2xf32, local> -> f32
    %v = vector.from_elements %s00, %s01, %s10, %s11, %e6, %e2, %a2, %r1 : vector<8xf32>
    tirx.buffer_store %v, %out[%c0] : vector<8xf32>, !tirx.buffer<8xf32, global>
  }
  return
}

