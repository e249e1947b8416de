// RUN: not tirx-opt %s --tirx-prepare-kernels-pipeline 2>&1 | FileCheck %s --check-prefix=ON
// RUN: tirx-opt %s --tirx-prepare-kernels-pipeline="check-sync=false chip=sm_100a" | FileCheck %s --check-prefix=OFF
// RUN: not tirx-opt %s --tirx-prepare-kernels-pipeline="chip=sm_42" 2>&1 | FileCheck %s --check-prefix=CHIP

// tirx-prepare-kernels-pipeline: the front half of tirx-to-ptx-pipeline
// (what tirx.build runs before tirx-split-host-device). The sync check
// reports at the op; the kernel stays inside its function (nothing is
// outlined) with the target attached and its launch shape inferred. A bad
// chip is refused before any other pass runs.
// CHIP: error: {{.*}}sm_42
// ON: prepare-kernels.mlir:[[@LINE+17]]:{{[0-9]+}}: error: uses the mbarrier in 'mbar' with no barrier between its initialization by thread 0 and this use by threads 1-63
// OFF: module attributes {tirx.target = #tirx.target<"sm_100a">}
// OFF-LABEL: func.func @init_unordered(
// OFF: tirx.kernel attributes {block = array<i64: 64, 1, 1>
// OFF-NOT: gpu.module
func.func @init_unordered() {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
    }
    %w = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
  }
  return
}
