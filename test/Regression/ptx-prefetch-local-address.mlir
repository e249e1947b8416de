// RUN: tirx-translate %s --emit=ptx | FileCheck %s
// RUN: tirx-sim %s --arg=zeros --diff-ptx --print=full | FileCheck %s --check-prefix=SIM

// tirx.ptx.prefetch on a local pointer prefetches the .local window
// address, the one st.local/ld.local use: the lowered pointer is generic
// (cvta.local of the depot), so the lowering converts it back. It used to
// prefetch the generic address with prefetch.local, which the PTX level of
// the simulator reports (test/Sim/PTX/prefetch-local-generic.ptx).
// CHECK-LABEL: .entry prefetch_local(
// CHECK-NOT: cvta.local
// CHECK: st.local.b32 [%rd[[R:[0-9]+]]]
// CHECK: prefetch.local.L1 [%rd[[R]]];
// CHECK: ld.local.b32 {{.*}}[%rd[[R]]]

// SIM: PTX level matches the IR level
// SIM: arg0: float32[4]
// SIM-NEXT: [0, 1, 2, 3]

func.func @prefetch_local(%out: !tirx.buffer<4xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [4] : i32
    %buf = tirx.alloc_buffer : !tirx.buffer<4xf32, local>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %f = arith.sitofp %tx : i32 to f32
    %i = arith.index_cast %tx : i32 to index
    %j = arith.remui %i, %c1 : index
    tirx.buffer_store %f, %buf[%j] : f32, !tirx.buffer<4xf32, local>
    %p = tirx.ptr_to %buf[%c0] : !tirx.buffer<4xf32, local>
    tirx.ptx.prefetch L1 %p : !tirx.ptr<f32, local>
    %v = tirx.buffer_load %buf[%j] : !tirx.buffer<4xf32, local> -> f32
    tirx.buffer_store %v, %out[%i] : f32, !tirx.buffer<4xf32, global>
  }
  return
}
