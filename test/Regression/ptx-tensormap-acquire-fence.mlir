// REQUIRES: ptxas
// RUN: tirx-translate %s --emit=ptx --chip=sm_90a -o %t.sm_90a.ptx
// RUN: FileCheck %s --check-prefix=CHECK < %t.sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm_90a.ptx -o %t.sm_90a.cubin

// fence.proxy.tensormap::generic.acquire on a tensormap kernel parameter.
// CHECK: fence.proxy.tensormap::generic.acquire.sys [%rd{{[0-9]+}}], 128;

func.func @k(%desc: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    tirx.ptx.fence.proxy.tensormap acquire sys %desc : !tirx.tensormap
    tirx.ptx.prefetch.tensormap %desc : !tirx.tensormap
  }
  return
}
