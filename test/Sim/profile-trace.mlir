// RUN: tirx-sim %s --seed=0 --print=full --trace=%t.json | FileCheck %s --check-prefix=OUT
// RUN: diff %S/Inputs/profile-trace.json %t.json
// RUN: FileCheck %s --input-file=%t.json
// RUN: tirx-sim %s --seed=1 --print=none --trace=%t.1.json
// RUN: FileCheck %s --check-prefix=SEED1 --input-file=%t.1.json

// The simulator's timeline of a two-warp pipeline: warp 0 produces four
// tiles into a two-stage shared-memory ring, warp 1 consumes them; full[s]
// and empty[s] mbarriers (32 arrivals each) order the stages. The trace
// (golden file Inputs/profile-trace.json, seed 0) has a track of ranges and
// marks and a track of waits per warp, in scheduling steps.

// OUT: arg0: int32[32]
// OUT-NEXT: [600, 604, 608, 612, 616, 620, 624, 628, 632, 636, 640, 644, 648, 652, 656, 660, 664, 668, 672, 676, 680, 684, 688, 692, 696, 700, 704, 708, 712, 716, 720, 724]

// The tracks: CTA (0, 0, 0); per warp its ranges and its waits.
// CHECK: "name": "process_name"
// CHECK: "name": "CTA (0, 0, 0)"
// CHECK: "name": "warp 0"
// CHECK: "name": "warp 0 waits"
// CHECK: "name": "warp 1"
// CHECK: "name": "warp 1 waits"
// Warp 0's first produce range (at the range_begin's line), then its mark.
// CHECK: "cat": "range",
// CHECK-NEXT: "name": "produce",
// CHECK-NEXT: "pid": 0,
// CHECK-NEXT: "tid": 0,
// CHECK: "loc": "profile-trace.mlir:[[#@LINE+61]]:9"
// CHECK: "cat": "mark",
// CHECK-NEXT: "name": "full",
// Both warps wait at the CTA barrier; warp 1 then waits for the first
// full stage.
// CHECK: "name": "wait barrier 0",
// CHECK-NEXT: "pid": 0,
// CHECK-NEXT: "tid": 1,
// CHECK: "name": "wait barrier 0",
// CHECK-NEXT: "pid": 0,
// CHECK-NEXT: "tid": 3,
// CHECK: "name": "wait mbarrier",
// CHECK-NEXT: "pid": 0,
// CHECK-NEXT: "tid": 3,
// CHECK: "on": "shared offset 0x100 of CTA (0, 0, 0), parity 0"
// CHECK: "otherData": {
// CHECK-NEXT: "source": "tirx-sim",
// CHECK-NEXT: "kernel": "pipeline",
// CHECK-NEXT: "clock": "step",
// CHECK-NEXT: "seed": 0,
// CHECK-NEXT: "events": 19,
// CHECK-NEXT: "dropped": 0

// Another schedule: the same ranges and marks.
// SEED1-COUNT-4: "name": "produce",
// SEED1-COUNT-4: "name": "consume",
// SEED1: "seed": 1,
func.func @pipeline(%out: !tirx.buffer<32xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %four = arith.constant 4 : i32
    %c32 = arith.constant 32 : i32
    %c100 = arith.constant 100 : i32
    %ring = tirx.alloc_buffer : !tirx.buffer<2x32xi32, shared>
    %bars = tirx.alloc_buffer : !tirx.buffer<4xi64, shared>
    %first = arith.cmpi eq, %tx, %zero : i32
    tirx.if %first {
      tirx.for %s = %zero to %four step %one : i32 {
        %si = arith.index_cast %s : i32 to index
        %b = tirx.ptr_to %bars[%si] : !tirx.buffer<4xi64, shared>
        tirx.ptx.mbarrier.init %b, %c32 : !tirx.ptr<i64, shared>
      }
    }
    tirx.ptx.barrier.sync aligned
    %lane = arith.remui %tx, %c32 : i32
    %l = arith.index_cast %lane : i32 to index
    %producer = arith.cmpi ult, %tx, %c32 : i32
    tirx.if %producer {
      tirx.for %i = %zero to %four step %one : i32 {
        %s = arith.remui %i, %two : i32
        %round = arith.divui %i, %two : i32
        %rp = arith.andi %round, %one : i32
        %parity = arith.xori %rp, %one : i32
        %es = arith.addi %s, %two : i32
        %esi = arith.index_cast %es : i32 to index
        %si = arith.index_cast %s : i32 to index
        %empty = tirx.ptr_to %bars[%esi] : !tirx.buffer<4xi64, shared>
        %full = tirx.ptr_to %bars[%si] : !tirx.buffer<4xi64, shared>
        tirx.profile.range_begin "produce"
        %e = tirx.ptx.mbarrier.try_wait.parity %empty, %parity : !tirx.ptr<i64, shared>
        %base = arith.muli %i, %c100 : i32
        %v = arith.addi %base, %lane : i32
        tirx.buffer_store %v, %ring[%si, %l] : i32, !tirx.buffer<2x32xi32, shared>
        %st = tirx.ptx.mbarrier.arrive %full : !tirx.ptr<i64, shared> -> i64
        tirx.profile.mark "full"
        tirx.profile.range_end "produce"
      }
    } else {
      %acc = tirx.alloc_buffer : !tirx.buffer<1xi32, local>
      %c0 = arith.constant 0 : index
      tirx.buffer_store %zero, %acc[%c0] : i32, !tirx.buffer<1xi32, local>
      tirx.for %i = %zero to %four step %one : i32 {
        %s = arith.remui %i, %two : i32
        %round = arith.divui %i, %two : i32
        %parity = arith.andi %round, %one : i32
        %es = arith.addi %s, %two : i32
        %esi = arith.index_cast %es : i32 to index
        %si = arith.index_cast %s : i32 to index
        %empty = tirx.ptr_to %bars[%esi] : !tirx.buffer<4xi64, shared>
        %full = tirx.ptr_to %bars[%si] : !tirx.buffer<4xi64, shared>
        %f = tirx.ptx.mbarrier.try_wait.parity %full, %parity : !tirx.ptr<i64, shared>
        tirx.profile.range_begin "consume"
        %v = tirx.buffer_load %ring[%si, %l] : !tirx.buffer<2x32xi32, shared> -> i32
        %a = tirx.buffer_load %acc[%c0] : !tirx.buffer<1xi32, local> -> i32
        %n = arith.addi %a, %v : i32
        tirx.buffer_store %n, %acc[%c0] : i32, !tirx.buffer<1xi32, local>
        %st = tirx.ptx.mbarrier.arrive %empty : !tirx.ptr<i64, shared> -> i64
        tirx.profile.range_end "consume"
      }
      %sum = tirx.buffer_load %acc[%c0] : !tirx.buffer<1xi32, local> -> i32
      tirx.buffer_store %sum, %out[%l] : i32, !tirx.buffer<32xi32, global>
    }
  }
  return
}
