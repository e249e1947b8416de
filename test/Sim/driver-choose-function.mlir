// RUN: not tirx-sim %s 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: tirx-sim %s --func=two --print=full | FileCheck %s --check-prefix=RAN
// RUN: echo 'func.func @f() { return }' > %t.mlir
// RUN: not tirx-sim %t.mlir 2>&1 | FileCheck %s --check-prefix=NONE

// Which function tirx-sim runs (the same rule as tirx.sim.Kernel's): the
// one named by --func, else the only one holding a tirx.kernel.
// TWO: tirx-sim: 2 functions hold a 'tirx.kernel'; choose one with --func
// RAN: arg0: int32[4]
// RAN-NEXT: [0, 2, 4, 6]
// NONE: tirx-sim: no function holds a 'tirx.kernel'
func.func @one(%a: !tirx.buffer<4xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [4] : i32
    %i = arith.index_cast %tx : i32 to index
    tirx.buffer_store %tx, %a[%i] : i32, !tirx.buffer<4xi32, global>
  }
  return
}
func.func @two(%a: !tirx.buffer<4xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [4] : i32
    %i = arith.index_cast %tx : i32 to index
    %d = arith.addi %tx, %tx : i32
    tirx.buffer_store %d, %a[%i] : i32, !tirx.buffer<4xi32, global>
  }
  return
}
