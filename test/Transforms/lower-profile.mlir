// RUN: tirx-opt %s --split-input-file --tirx-lower-profile="trace=1 capacity=8" | FileCheck %s
// RUN: tirx-opt %s --split-input-file --tirx-lower-profile="trace=1 capacity=8 timer=clock64" | FileCheck %s --check-prefix=CLOCK

// With tracing: the trace buffer parameter and its layout, the warp's
// region (CTA linear index x warps + warp, times 4 + 2 x capacity words),
// the shared-memory event counter, lane 0's header, and per op the
// recording lane (lowest active: no active lane below), the timer, the
// event number (shared atom), the count (red.max) and the bounded record.

// CHECK-LABEL: func.func @k(
// CHECK-SAME: %{{.*}}: !tirx.buffer<128xf32, global>, %[[BUF:.*]]: !tirx.buffer<?xi64, global> {tirx.name = "__tirx_trace"})
// CHECK-SAME: tirx.profile_trace = {capacity = 8 : i64, header_words = 4 : i64, names = ["load", "m"], param = 1 : i64, record_words = 2 : i64, timer = "globaltimer", version = 1 : i64, warps_per_cta = 2 : i64}
// CHECK: %[[TID:.*]] = tirx.thread_id [64] : i32
// CHECK: %[[TIDX:.*]] = arith.index_castui %[[TID]]
// CHECK: %[[CTA:.*]] = tirx.cta_id [4] : i32
// CHECK: %[[CTAX:.*]] = arith.index_castui %[[CTA]]
// CHECK: %[[WARP:.*]] = arith.divui %[[TIDX]], %c32
// CHECK: %[[LANEX:.*]] = arith.remui %[[TIDX]], %c32
// CHECK: %[[LANE:.*]] = arith.index_castui %[[LANEX]] : index to i32
// CHECK: %[[W0:.*]] = arith.muli %[[CTAX]], %c2
// CHECK: %[[W1:.*]] = arith.addi %[[W0]], %[[WARP]]
// CHECK: %[[BASE:.*]] = arith.muli %[[W1]], %c20
// CHECK: %[[COUNT:.*]] = tirx.alloc_buffer {{.*}}name = "__tirx_trace_count"{{.*}} : !tirx.buffer<2xi32, shared>
// CHECK: %[[L0:.*]] = arith.cmpi eq, %[[LANE]], %c0_i32
// CHECK: tirx.if %[[L0]] {
// CHECK: tirx.buffer_store %{{.*}}, %[[COUNT]][%[[WARP]]]
// CHECK: tirx.ptx.sreg.globaltimer
// CHECK: tirx.ptx.sreg.clock64
// CHECK: tirx.ptx.sreg.smid
// CHECK: tirx.buffer_store %c0_i64, %[[BUF]][%[[BASE]]]
// CHECK: }
// CHECK: tirx.ptx.bar.warp.sync %c-1_i32
// The range_begin: the lowest active lane records.
// CHECK: %[[ACT:.*]] = tirx.ptx.activemask
// CHECK: %[[LT:.*]] = tirx.ptx.sreg.lanemask_lt
// CHECK: %[[BELOW:.*]] = arith.andi %[[ACT]], %[[LT]]
// CHECK: %[[REC:.*]] = arith.cmpi eq, %[[BELOW]], %c0_i32
// CHECK: tirx.if %[[REC]] {
// CHECK-NEXT: %[[T:.*]] = tirx.ptx.sreg.globaltimer
// CHECK-NEXT: %[[P:.*]] = tirx.ptr_to %[[COUNT]][%[[WARP]]]
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[IDX:.*]] = tirx.ptx.atom relaxed cta shared.cta add u32 %[[P]], %[[ONE]] : !tirx.ptr<i32, shared>, i32
// CHECK: %[[HDR:.*]] = tirx.ptr_to %[[BUF]][%[[BASE]]]
// CHECK: tirx.ptx.red relaxed gpu global max u64 %[[HDR]], %{{.*}} : !tirx.ptr<i64, global>, i64
// CHECK: %[[CAP:.*]] = arith.constant 8 : i32
// CHECK-NEXT: %[[FITS:.*]] = arith.cmpi ult, %[[IDX]], %[[CAP]]
// CHECK-NEXT: tirx.if %[[FITS]] {
// CHECK: tirx.buffer_store %[[T]], %[[BUF]]
// CHECK: %c4294967296_i64 = arith.constant 4294967296 : i64
// CHECK: tirx.buffer_store %c4294967296_i64, %[[BUF]]
// The mark with a leader: no election, kind 3, name 1.
// CHECK: tirx.if %{{[0-9]+}} {
// CHECK-NEXT: tirx.ptx.sreg.globaltimer
// CHECK: %c12884901889_i64 = arith.constant 12884901889 : i64
// The unnamed end: kind 2, no name (0xFFFFFFFF).
// CHECK: tirx.ptx.activemask
// CHECK: %c12884901887_i64 = arith.constant 12884901887 : i64
// CHECK-NOT: tirx.profile.
// CLOCK-LABEL: func.func @k
// CLOCK-SAME: timer = "clock64"
// CLOCK: tirx.ptx.activemask
// CLOCK: tirx.if
// CLOCK-NEXT: tirx.ptx.sreg.clock64
func.func @k(%A: !tirx.buffer<128xf32, global>) {
  tirx.kernel {
    %bx = tirx.cta_id [4] : i32
    %tx = tirx.thread_id [64] : i32
    %c0 = arith.constant 0 : i32
    %lead = arith.cmpi eq, %tx, %c0 : i32
    tirx.profile.range_begin "load"
    tirx.profile.mark "m" leader(%lead)
    tirx.profile.range_end
  }
  return
}

// -----

// A grid computed on the host: the CTA's linear index uses the grid values.
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME: %{{.*}}: i32, %{{.*}}: !tirx.buffer<?xi64, global> {tirx.name = "__tirx_trace"})
// CHECK: %[[N:.*]] = arith.index_cast
// CHECK: tirx.kernel grid(%[[N]], %[[N]])
// CHECK: %[[C:.*]]:2 = tirx.cta_id : i32, i32
// CHECK: %[[Y:.*]] = arith.index_castui %[[C]]#1
// CHECK: %[[YN:.*]] = arith.muli %[[N]], %[[Y]]
// CHECK: %[[X:.*]] = arith.index_castui %[[C]]#0
// CHECK: arith.addi %[[X]], %[[YN]]
func.func @dynamic(%m: i32) {
  %n = arith.index_cast %m : i32 to index
  tirx.kernel grid(%n, %n) {
    %b:2 = tirx.cta_id : i32, i32
    %tx = tirx.thread_id [32] : i32
    tirx.profile.mark "m"
  }
  return
}

// -----

// A CTA of 48 threads: the last warp's lanes are its 16 threads, and the
// warp barrier after the header names only them.
// CHECK-LABEL: func.func @partial
// CHECK-SAME: warps_per_cta = 2
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %{{.*}}, %c1
// CHECK: %[[MASK:.*]] = arith.select %[[LAST]], %c65535_i32, %c-1_i32
// CHECK: tirx.ptx.bar.warp.sync %[[MASK]]
func.func @partial() {
  tirx.kernel {
    %tx = tirx.thread_id [48] : i32
    tirx.profile.mark "m"
  }
  return
}

// -----

// One thread and one CTA: no scope ids to add.
// CHECK-LABEL: func.func @single
// CHECK-SAME: warps_per_cta = 1
// CHECK-NOT: tirx.thread_id
// CHECK-NOT: tirx.cta_id
// CHECK: tirx.ptx.activemask
func.func @single() {
  tirx.kernel {
    tirx.profile.mark "m"
  }
  return
}

// -----

// Kernels without trace ops are left alone.
// CHECK-LABEL: func.func @untouched(%{{.*}}: !tirx.buffer<4xf32, global>) {
// CHECK-NOT: __tirx_trace
func.func @untouched(%A: !tirx.buffer<4xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [4] : i32
  }
  return
}
