// REQUIRES: ptxas
// RUN: tirx-opt %s --tirx-lower-profile="trace=1 capacity=16" -o %t.mlir
// RUN: tirx-translate %t.mlir --emit=ptx --chip=sm_90a -o %t.90.ptx
// RUN: FileCheck %s --input-file=%t.90.ptx
// RUN: %ptxas -arch=sm_90a %t.90.ptx -o /dev/null
// RUN: tirx-translate %t.mlir --emit=ptx --chip=sm_80 -o %t.80.ptx
// RUN: %ptxas -arch=sm_80 %t.80.ptx -o /dev/null
// RUN: tirx-translate %t.mlir --emit=ptx --chip=sm_100a -o %t.100.ptx
// RUN: %ptxas -arch=sm_100a %t.100.ptx -o /dev/null
// RUN: tirx-opt %s --tirx-lower-profile="trace=1 timer=clock64" | tirx-translate --emit=ptx --chip=sm_90a -o %t.clk.ptx
// RUN: FileCheck %s --check-prefix=CLOCK --input-file=%t.clk.ptx
// RUN: %ptxas -arch=sm_90a %t.clk.ptx -o /dev/null

// A traced kernel through the whole pipeline, assembled for sm_80, sm_90a
// and sm_100a: the header at the warp's start, then per event the election
// (activemask, lanemask_lt), the timer, the shared-memory event number and
// the counted, bounded record.

// CHECK-LABEL: .entry traced(
// CHECK: st.shared.b32
// CHECK: mov.u64 {{.*}}%globaltimer;
// CHECK: mov.u64 {{.*}}%clock64;
// CHECK: mov.u32 {{.*}}%smid;
// CHECK: bar.warp.sync -1;
// CHECK: activemask.b32
// CHECK: mov.u32 {{.*}}%lanemask_lt;
// CHECK: mov.u64 {{.*}}%globaltimer;
// CHECK: atom.relaxed.cta.shared.add.u32
// CHECK: red.relaxed.gpu.global.max.u64
// CHECK: setp.gt.u32 {{.*}}, 15;
// CHECK: st.global.b64
// CLOCK-LABEL: .entry traced(
// CLOCK: activemask.b32
// CLOCK-NOT: %globaltimer
// CLOCK: mov.u64 {{.*}}%clock64;
// CLOCK: atom.relaxed.cta.shared.add.u32
func.func @traced(%A: !tirx.buffer<1024xf32, global>) {
  tirx.kernel {
    %bx = tirx.cta_id [8] : i32
    %tx = tirx.thread_id [128] : i32
    %c128 = arith.constant 128 : i32
    %r = arith.muli %bx, %c128 : i32
    %g = arith.addi %r, %tx : i32
    %i = arith.index_cast %g : i32 to index
    tirx.profile.range_begin "scale"
    %v = tirx.buffer_load %A[%i] : !tirx.buffer<1024xf32, global> -> f32
    %w = arith.addf %v, %v : f32
    tirx.buffer_store %w, %A[%i] : f32, !tirx.buffer<1024xf32, global>
    tirx.profile.range_end "scale"
    tirx.profile.mark "stored"
  }
  return
}
