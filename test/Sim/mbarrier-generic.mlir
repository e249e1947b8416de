// RUN: tirx-sim %s --print=full | FileCheck %s
// RUN: tirx-sim %s --diff-ptx --print=full | FileCheck %s --check-prefix=PTX
// RUN: tirx-translate %s --emit=ptx | FileCheck %s --check-prefix=ASM

// The mbarrier ops on a generic pointer into shared memory (PTX's forms
// without a state space) synchronize as the shared forms do: 64 threads
// arrive on a barrier through its generic address, each waits (test_wait
// on its state, try_wait.parity) through the same generic address, and a
// producer's expect_tx/complete_tx pair goes through it too. Both levels of
// the simulator run it (the PTX level the emitted generic instructions).
// A generic address outside shared memory is an error (test/Sim/errors.mlir,
// generic_mbarrier_in_global).
// CHECK-LABEL: arg0: int32[64]
// CHECK-NEXT: [64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64]
// PTX: PTX level matches the IR level
// ASM-LABEL: .entry generic_barrier(
// ASM: mbarrier.init.b64 {{.*}}[%rd{{[0-9]+}}], %r{{[0-9]+}};
// ASM: mbarrier.arrive.b64 %rd{{[0-9]+}}, [%rd{{[0-9]+}}];
// ASM: mbarrier.test_wait.b64 %p{{[0-9]+}}, [%rd{{[0-9]+}}], %rd{{[0-9]+}};
// ASM: mbarrier.try_wait.parity.b64 %p{{[0-9]+}}, [%rd{{[0-9]+}}], %r{{[0-9]+}};
func.func @generic_barrier(%out: !tirx.buffer<64xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %sbar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %bar = tirx.reinterpret %sbar : !tirx.ptr<i64, shared> to !tirx.ptr<i64, generic>
    %count = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
    %first = arith.cmpi eq, %tx, %zero : i32
    tirx.if %first {
      tirx.ptx.mbarrier.init %bar, %c64 : !tirx.ptr<i64, generic>
      tirx.buffer_store %zero, %count[%c0] : i32, !tirx.buffer<1xi32, shared>
    }
    tirx.ptx.barrier.sync aligned
    // Thread 0 stores the count before its arrive: the phase's completion
    // orders it before every waiter's load.
    tirx.if %first {
      tirx.buffer_store %c64, %count[%c0] : i32, !tirx.buffer<1xi32, shared>
    }
    %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, generic> -> i64
    tirx.while {
      %done = tirx.ptx.mbarrier.test_wait %bar, %s : !tirx.ptr<i64, generic>
      %t = arith.constant true
      %p = arith.xori %done, %t : i1
      tirx.condition %p
    } do {
    }
    tirx.while {
      %done = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, generic>
      %t = arith.constant true
      %p = arith.xori %done, %t : i1
      tirx.condition %p
    } do {
    }
    %v = tirx.buffer_load %count[%c0] : !tirx.buffer<1xi32, shared> -> i32
    %i = arith.index_cast %tx : i32 to index
    tirx.buffer_store %v, %out[%i] : i32, !tirx.buffer<64xi32, global>
  }
  return
}

