// REQUIRES: ptxas
// RUN: tirx-translate %s --emit=ptx --chip=sm_90a -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -c -arch=sm_90a %t.ptx -o %t.o

// A module that links NVSHMEM (tirx.nvshmem): the calls stay calls of the
// device functions, for the device linker (ptxas -c: a relocatable object).

// CHECK-DAG: .extern .func nvshmem_quiet
// CHECK-DAG: .extern .func  (.param .b32 func_retval0) nvshmem_my_pe
// CHECK-LABEL: .entry linked(
// CHECK: call.uni (retval0), nvshmem_my_pe, ();
// CHECK: call.uni nvshmem_quiet, ();
// CHECK-NOT: _mlir_ciface
module attributes {tirx.nvshmem} {
  func.func private @nvshmem_my_pe() -> i32 attributes {tirx.nvshmem}
  func.func private @nvshmem_quiet() attributes {tirx.nvshmem}
  func.func @linked(%o: !tirx.buffer<1xi32, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [32] : i32
      %pe = func.call @nvshmem_my_pe() : () -> i32
      func.call @nvshmem_quiet() : () -> ()
      %c0 = arith.constant 0 : index
      tirx.buffer_store %pe, %o[%c0] : i32, !tirx.buffer<1xi32, global>
    }
    return
  }
}
