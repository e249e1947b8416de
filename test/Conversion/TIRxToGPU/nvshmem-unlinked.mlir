// RUN: not tirx-translate %s --emit=ptx --chip=sm_90a -o /dev/null 2>&1 | FileCheck %s

// A call of an NVSHMEM device function (T.nvshmem) in a module that does not
// link NVSHMEM: a located error at the call.

// CHECK: nvshmem-unlinked.mlir:[[@LINE+6]]:{{[0-9]+}}: error: 'func.call' op calls the NVSHMEM device function 'nvshmem_my_pe', which needs NVSHMEM: the kernel must be linked against libnvshmem_device
module {
  func.func private @nvshmem_my_pe() -> i32 attributes {tirx.nvshmem}
  func.func @unlinked(%o: !tirx.buffer<1xi32, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [32] : i32
      %pe = func.call @nvshmem_my_pe() : () -> i32
      %c0 = arith.constant 0 : index
      tirx.buffer_store %pe, %o[%c0] : i32, !tirx.buffer<1xi32, global>
    }
    return
  }
}
