// RUN: tirx-translate %s --emit=ptx --chip=sm_90a -o %t.sm_90a.ptx
// RUN: FileCheck %s --check-prefix=CHECK < %t.sm_90a.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.sm_90a.ptx -o %t.sm_90a.cubin %}

// fence.proxy.tensormap::generic.acquire takes a generic address of a
// tensormap in global memory. On a by-value !tirx.tensormap parameter (a
// __grid_constant__ descriptor, read-only for the launch) it orders nothing
// and lowers to no instruction; it used to emit cvta.param and a fence on
// the parameter's address, which PTX does not allow (the simulator's PTX
// level reports that form: test/Sim/PTX/tensormap-fence-param.ptx). A
// pointer to a tensormap in global memory keeps its fence.
// CHECK-LABEL: .entry k(
// CHECK-NOT: fence.proxy.tensormap
// CHECK: prefetch.param.tensormap
// CHECK-LABEL: .entry g(
// CHECK: ld.param.b64 %rd[[P:[0-9]+]], [g_param_0];
// CHECK: fence.proxy.tensormap::generic.acquire.gpu [%rd{{[0-9]+}}], 128;

func.func @k(%desc: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    tirx.ptx.fence.proxy.tensormap acquire sys %desc : !tirx.tensormap
    tirx.ptx.prefetch.tensormap %desc : !tirx.tensormap
  }
  return
}

func.func @g(%p: !tirx.ptr<!tirx.tensormap, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    tirx.ptx.fence.proxy.tensormap acquire gpu %p : !tirx.ptr<!tirx.tensormap, global>
  }
  return
}
