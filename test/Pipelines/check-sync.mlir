// RUN: not tirx-opt %s --tirx-to-nvvm-pipeline 2>&1 | FileCheck %s --check-prefix=ON
// RUN: tirx-opt %s --tirx-to-nvvm-pipeline="check-sync=false" | FileCheck %s --check-prefix=OFF
// RUN: not tirx-translate %s --emit=llvmir 2>&1 | FileCheck %s --check-prefix=ON
// RUN: tirx-translate %s --emit=llvmir --no-check-sync | FileCheck %s --check-prefix=LLVM
// RUN: tirx-opt %s --tirx-to-nvvm-pipeline="check-sync-warn-only=true" 2>&1 | FileCheck %s --check-prefixes=WARN,OFF

// tirx-check-sync runs in the pipeline by default (after tile dispatch) and
// stops the compile at a finding; check-sync=false (tirx-translate
// --no-check-sync) compiles the kernel as written; check-sync-warn-only
// reports the finding as a warning and compiles it.
// ON: check-sync.mlir:[[@LINE+17]]:{{[0-9]+}}: error: uses the mbarrier in 'mbar' with no barrier between its initialization by thread 0 and this use by threads 1-63
// WARN: check-sync.mlir:[[@LINE+16]]:{{[0-9]+}}: warning: uses the mbarrier in 'mbar' with no barrier between its initialization by thread 0 and this use by threads 1-63
// OFF: gpu.module
// OFF: llvm.func @init_unordered(
// LLVM: define {{.*}}void @init_unordered(
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
