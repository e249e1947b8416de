// RUN: tirx-sim %s --print=full | FileCheck %s
// RUN: tirx-sim %s --diff-ptx --print=full | FileCheck %s --check-prefix=PTX
// RUN: tirx-translate %s --emit=ptx | FileCheck %s --check-prefix=ASM

// mbarrier.arrive_drop.noComplete: thread 0 arrives once on a barrier of
// four and drops out of the later phases, without completing the phase.
// Its state reads three pending arrivals; threads 1-3 complete phase 0,
// and phase 1 expects only their three arrivals (without the drop it would
// never complete). Each thread writes the count of phases it saw complete;
// slot 4 is the pending count of thread 0's state. Both levels agree.
// CHECK-LABEL: arg0: int32[5]
// CHECK-NEXT: [1, 2, 2, 2, 3]
// PTX: PTX level matches the IR level
// ASM-LABEL: .entry drop_nocomplete(
// ASM: mbarrier.arrive_drop.noComplete.shared.b64
func.func @drop_nocomplete(%out: !tirx.buffer<5xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [4] : i32
    %c0 = arith.constant 0 : index
    %i4 = arith.constant 4 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %c4 = arith.constant 4 : i32
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %first = arith.cmpi eq, %tx, %zero : i32
    %i = arith.index_cast %tx : i32 to index
    tirx.if %first {
      tirx.ptx.mbarrier.init %bar, %c4 : !tirx.ptr<i64, shared>
    }
    tirx.ptx.barrier.sync aligned
    // Before the others arrive (after them it would complete the phase,
    // which the simulator reports).
    tirx.if %first {
      %s = tirx.ptx.mbarrier.arrive_drop.nocomplete %bar, %one : !tirx.ptr<i64, shared>
      %n = tirx.ptx.mbarrier.pending_count %s
      tirx.buffer_store %n, %out[%i4] : i32, !tirx.buffer<5xi32, global>
      tirx.buffer_store %one, %out[%i] : i32, !tirx.buffer<5xi32, global>
    }
    tirx.ptx.barrier.sync aligned
    %rest = arith.cmpi ne, %tx, %zero : i32
    tirx.if %rest {
      // Two phases: each completes on these three threads' arrivals.
      %s0 = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
      tirx.while {
        %d = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
        %t = arith.constant true
        %p = arith.xori %d, %t : i1
        tirx.condition %p
      } do {
      }
      %s1 = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
      tirx.while {
        %d = tirx.ptx.mbarrier.try_wait.parity %bar, %one : !tirx.ptr<i64, shared>
        %t = arith.constant true
        %p = arith.xori %d, %t : i1
        tirx.condition %p
      } do {
      }
      tirx.buffer_store %two, %out[%i] : i32, !tirx.buffer<5xi32, global>
    }
  }
  return
}
