// RUN: tirx-opt %s --tirx-dispatch-tile-primitives --canonicalize --cse -split-input-file 2>/dev/null | FileCheck %s
// RUN: tirx-opt %s --tirx-dispatch-tile-primitives -split-input-file -verify-diagnostics -o /dev/null

// tirx.tile.copy after dispatch: the vec variant (memory partition, register
// fragments, private registers, forced width), ldstmatrix and the fallback.

!sw = !tirx.buffer<64x64xf16, shared, #tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>>
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  // 64x64 f16 = 512 vectors of 8 (16 bytes), 4 per thread of 128: an
  // unrolled loop, vector index it * 128 + tid.
  // CHECK-LABEL: func.func @vec_global_to_swizzled_shared
  // CHECK: tirx.thread_id [128] : i32
  // CHECK: %[[TID:.*]] = tirx.thread_id : i32
  // CHECK: %[[T:.*]] = arith.index_castui %[[TID]] : i32 to index
  // CHECK: tirx.for %[[IT:.*]] = %{{.*}} to %c4 step %c1 unroll {
  // CHECK:   %[[I0:.*]] = arith.muli %[[IT]], %c128
  // CHECK:   %[[I:.*]] = arith.addi %[[I0]], %[[T]]
  // CHECK:   %[[L:.*]] = arith.muli %[[I]], %c8
  // CHECK:   %[[COL:.*]] = arith.remui %[[L]], %c64
  // CHECK:   %[[ROW:.*]] = arith.divui %[[L]], %c64
  // CHECK:   %[[GROW:.*]] = arith.addi %{{.*}}, %[[ROW]]
  // CHECK:   %[[V:.*]] = tirx.buffer_load %{{.*}}[%[[GROW]], %[[COL]]] : !tirx.buffer<1024x64xf16, global> -> vector<8xf16>
  // CHECK:   tirx.buffer_store %[[V]], %{{.*}}[%[[ROW]], %[[COL]]] : vector<8xf16>, !tirx.buffer<64x64xf16, shared, #tirx.layout
  func.func @vec_global_to_swizzled_shared(%A: !tirx.buffer<1024x64xf16, global>, %row: index) {
    tirx.kernel {
      %tx = tirx.thread_id [128] : i32
      %s = tirx.alloc_buffer {alignment = 1024 : i64} : !sw
      tirx.tile.copy cta %s, %A[%row, 0] [64, 64] : !sw, !tirx.buffer<1024x64xf16, global>
    }
    return
  }
}

// -----

// A column offset of 4 elements (8 bytes) halves the vector width; a
// warp's 16x64 region takes 8 iterations of 4-element vectors.
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  // CHECK-LABEL: func.func @vec_misaligned_region
  // CHECK: tirx.thread_id [32] : i32
  // CHECK: tirx.for %{{.*}} = %{{.*}} to %c8 step %c1 unroll {
  // CHECK:   tirx.buffer_load {{.*}} -> vector<4xf16>
  // CHECK:   tirx.buffer_store {{.*}} : vector<4xf16>, !tirx.buffer<16x64xf16, shared>
  func.func @vec_misaligned_region(%A: !tirx.buffer<64x128xf16, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [32] : i32
      %s = tirx.alloc_buffer : !tirx.buffer<16x64xf16, shared>
      tirx.tile.copy warp %s, %A[0, 4] [16, 64] : !tirx.buffer<16x64xf16, shared>, !tirx.buffer<64x128xf16, global>
    }
    return
  }
}

// -----

// vec_len forces a narrower width.
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  // CHECK-LABEL: func.func @vec_forced_width
  // CHECK: tirx.for %{{.*}} = %{{.*}} to %c16 step %c1 {
  // CHECK:   tirx.buffer_load {{.*}} -> vector<2xf32>
  func.func @vec_forced_width(%A: !tirx.buffer<32x32xf32, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [32] : i32
      %s = tirx.alloc_buffer : !tirx.buffer<32x32xf32, shared>
      tirx.tile.copy warp %s, %A config {vec_len = 2} : !tirx.buffer<32x32xf32, shared>, !tirx.buffer<32x32xf32, global>
    }
    return
  }
}

// -----

// The m16n8 accumulator fragment: lane 4g+t holds rows g and g+8, columns
// 2t and 2t+1, in registers (0, 1) and (2, 3): two 2-element vector loads
// per lane at rows g and g+8, stored to constant registers.
!acc = !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>>
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  // CHECK-LABEL: func.func @vec_fragment_load
  // CHECK: %[[REGS:.*]] = tirx.tile.local_view %{{.*}} : {{.*}} -> !tirx.buffer<4xf32, local>
  // CHECK: tirx.thread_id : i32
  // CHECK: %[[G:.*]] = arith.divui %{{.*}}, %c4
  // CHECK: %[[V0:.*]] = tirx.buffer_load %{{.*}}[%{{.*}}, %{{.*}}] : !tirx.buffer<16x8xf32, global> -> vector<2xf32>
  // CHECK: tirx.buffer_store %[[V0]], %[[REGS]][%c0] : vector<2xf32>, !tirx.buffer<4xf32, local>
  // CHECK: %[[V1:.*]] = tirx.buffer_load %{{.*}}[%{{.*}}, %{{.*}}] : !tirx.buffer<16x8xf32, global> -> vector<2xf32>
  // CHECK: tirx.buffer_store %[[V1]], %[[REGS]][%c2] : vector<2xf32>, !tirx.buffer<4xf32, local>
  func.func @vec_fragment_load(%A: !tirx.buffer<16x8xf32, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [32] : i32
      %d = tirx.alloc_buffer : !acc
      tirx.tile.copy warp %d, %A : !acc, !tirx.buffer<16x8xf32, global>
    }
    return
  }
}

// -----

// Storing a replicated fragment (each row value held by 4 lanes): only the
// first replica of each element (lane % 4 == 0) stores it, so no two lanes
// write one address.
!rowv = !tirx.buffer<16xf32, local, #tirx.layout<S[(2, 8):(1, 4@laneid)] + R[4:1@laneid]>>
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  // CHECK-LABEL: func.func @vec_replicated_fragment_store
  // CHECK: %[[REGS:.*]] = tirx.tile.local_view %{{.*}} : {{.*}} -> !tirx.buffer<2xf32, local>
  // CHECK: %[[REPLICA:.*]] = arith.remui %{{.*}}, %c4 : index
  // CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[REPLICA]], %c0 : index
  // CHECK: tirx.buffer_load %[[REGS]][%c0]
  // CHECK-NEXT: tirx.if %[[FIRST]] {
  // CHECK-NEXT:   tirx.buffer_store %{{.*}}, %{{.*}}[%{{.*}}] : f32, !tirx.buffer<16xf32, global>
  // CHECK-NEXT: }
  // CHECK: tirx.buffer_load %[[REGS]][%c1]
  // CHECK-NEXT: tirx.if %[[FIRST]] {
  // CHECK-NEXT:   tirx.buffer_store %{{.*}}, %{{.*}}[%{{.*}}] : f32, !tirx.buffer<16xf32, global>
  // CHECK-NEXT: }
  func.func @vec_replicated_fragment_store(%out: !tirx.buffer<16xf32, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [32] : i32
      %m = tirx.alloc_buffer : !rowv
      tirx.tile.copy warp %out, %m : !tirx.buffer<16xf32, global>, !rowv
    }
    return
  }
}

// -----

// Thread-private registers: every thread copies the whole region.
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  // CHECK-LABEL: func.func @vec_private_registers
  // CHECK-NOT: tirx.thread_id :
  // CHECK: tirx.for %{{.*}} = %{{.*}} to %c4 step %c1 unroll {
  // CHECK:   tirx.buffer_load {{.*}} : !tirx.buffer<16xf32, shared> -> vector<4xf32>
  // CHECK:   tirx.buffer_store {{.*}} : vector<4xf32>, !tirx.buffer<16xf32, local>
  func.func @vec_private_registers() {
    tirx.kernel {
      %tx = tirx.thread_id [128] : i32
      %s = tirx.alloc_buffer : !tirx.buffer<16xf32, shared>
      %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local>
      tirx.tile.copy cta %r, %s : !tirx.buffer<16xf32, local>, !tirx.buffer<16xf32, shared>
    }
    return
  }
}

// -----

// ldmatrix: the 16x16 f16 A fragment of mma.m16n8k16 is four 8x8 blocks,
// register pairs 0..3; lane l gives the address of row l % 8 of block
// l / 8 (blocks (0,0), (8,0), (0,8), (8,8)).
!afrag = !tirx.buffer<16x16xf16, local, #tirx.layout<S[(2, 8, 2, 4, 2):(2, 4@laneid, 4, 1@laneid, 1)]>>
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  // CHECK-LABEL: func.func @ldmatrix_x4
  // CHECK: %[[P:.*]] = tirx.ptr_to %{{.*}}[%{{.*}}, %{{.*}}] : !tirx.buffer<16x16xf16, shared>
  // CHECK: %[[M:.*]] = tirx.ptx.ldmatrix %[[P]] m8n8 x4 b16 : !tirx.ptr<f16, shared> -> vector<4xi32>
  // Matrices in block order (0,0) (0,8) (8,0) (8,8): register pairs 0, 2,
  // 1, 3.
  // CHECK: %[[W0:.*]] = vector.extract %[[M]][0] : i32 from vector<4xi32>
  // CHECK: %[[H0:.*]] = tirx.reinterpret %[[W0]] : i32 to vector<2xf16>
  // CHECK: tirx.buffer_store %[[H0]], %{{.*}}[%c0] : vector<2xf16>, !tirx.buffer<8xf16, local>
  // CHECK: vector.extract %[[M]][1] : i32 from vector<4xi32>
  // CHECK: tirx.buffer_store %{{.*}}, %{{.*}}[%c4] : vector<2xf16>, !tirx.buffer<8xf16, local>
  // CHECK: vector.extract %[[M]][2] : i32 from vector<4xi32>
  // CHECK: tirx.buffer_store %{{.*}}, %{{.*}}[%c2] : vector<2xf16>, !tirx.buffer<8xf16, local>
  // CHECK: vector.extract %[[M]][3] : i32 from vector<4xi32>
  // CHECK: tirx.buffer_store %{{.*}}, %{{.*}}[%c6] : vector<2xf16>, !tirx.buffer<8xf16, local>
  func.func @ldmatrix_x4() {
    tirx.kernel {
      %tx = tirx.thread_id [32] : i32
      %s = tirx.alloc_buffer : !tirx.buffer<16x16xf16, shared>
      %a = tirx.alloc_buffer : !afrag
      tirx.tile.copy warp %a, %s : !afrag, !tirx.buffer<16x16xf16, shared>
    }
    return
  }
}

// -----

// The B fragment of mma.m16n8k16 read from a K x N tile needs the
// transposing ldmatrix (lane l holds rows 2(l%4), 2(l%4)+1 of column l/4),
// two 8x8 blocks: x2.
!bfrag = !tirx.buffer<16x8xf16, local, #tirx.layout<S[(2, 4, 2, 8):(2, 1@laneid, 1, 4@laneid)]>>
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  // CHECK-LABEL: func.func @ldmatrix_trans_x2
  // CHECK: tirx.ptx.ldmatrix %{{.*}} m8n8 x2 b16 trans : !tirx.ptr<f16, shared> -> vector<2xi32>
  func.func @ldmatrix_trans_x2() {
    tirx.kernel {
      %tx = tirx.thread_id [32] : i32
      %s = tirx.alloc_buffer : !tirx.buffer<16x8xf16, shared>
      %b = tirx.alloc_buffer : !bfrag
      tirx.tile.copy warp %b, %s : !bfrag, !tirx.buffer<16x8xf16, shared>
    }
    return
  }
}

// -----

// stmatrix: the same fragment back to shared memory.
!afrag = !tirx.buffer<16x16xf16, local, #tirx.layout<S[(2, 8, 2, 4, 2):(2, 4@laneid, 4, 1@laneid, 1)]>>
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  // CHECK-LABEL: func.func @stmatrix_x4
  // CHECK: %[[P0:.*]] = tirx.buffer_load %{{.*}}[%c0] : !tirx.buffer<8xf16, local> -> vector<2xf16>
  // CHECK: tirx.reinterpret %[[P0]] : vector<2xf16> to i32
  // CHECK: %[[VALS:.*]] = vector.from_elements {{.*}} : vector<4xi32>
  // CHECK: tirx.ptx.stmatrix %{{.*}}, %[[VALS]] m8n8 x4 b16 : !tirx.ptr<f16, shared>, vector<4xi32>
  func.func @stmatrix_x4() {
    tirx.kernel {
      %tx = tirx.thread_id [32] : i32
      %s = tirx.alloc_buffer : !tirx.buffer<16x16xf16, shared>
      %a = tirx.alloc_buffer : !afrag
      tirx.tile.copy warp %s, %a : !tirx.buffer<16x16xf16, shared>, !afrag
    }
    return
  }
}

// -----

// 15 elements do not divide among 128 threads: vec declines and the
// fallback runs a scalar loop in thread 0, with a warning.
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  // CHECK-LABEL: func.func @fallback
  // CHECK: %[[T:.*]] = tirx.thread_id [128] : i32
  // CHECK: %[[IS0:.*]] = arith.cmpi eq, %{{.*}}, %c0
  // CHECK: tirx.if %[[IS0]] {
  // CHECK:   tirx.for %{{.*}} = %c0 to %c15 step %c1 {
  // CHECK:     tirx.buffer_load {{.*}} -> f32
  // CHECK:     tirx.buffer_store {{.*}} : f32, !tirx.buffer<3x5xf32, shared>
  func.func @fallback(%A: !tirx.buffer<3x5xf32, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [128] : i32
      %s = tirx.alloc_buffer : !tirx.buffer<3x5xf32, shared>
      // expected-warning @+1 {{tile copy falls back to a scalar loop run by one thread of the cta scope}}
      tirx.tile.copy cta %s, %A : !tirx.buffer<3x5xf32, shared>, !tirx.buffer<3x5xf32, global>
    }
    return
  }
}
