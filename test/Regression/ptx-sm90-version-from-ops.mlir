// REQUIRES: ptxas
// RUN: tirx-translate %s --emit=ptx --chip=sm_90 -o %t.sm_90.ptx
// RUN: FileCheck %s --check-prefix=CHECK < %t.sm_90.ptx
// RUN: %ptxas -arch=sm_90 %t.sm_90.ptx -o %t.sm_90.cubin
// RUN: not tirx-translate %s --emit=ptx --chip=sm_90 --features=+ptx78 2>&1 | FileCheck %s --check-prefix=ERR

// On sm_90 (default PTX ISA 7.8) the sm_90/PTX 8.0 ops raise the version to
// 8.0 instead of aborting in NVPTX; a pinned +ptx78 is an error at the op.
// CHECK: .version 8.0
// CHECK: elect.sync
// ERR: {{.*}}.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'tirx.ptx.{{.*}}' op {{.*}}needs PTX ISA 8.0, but the target pins PTX ISA 7.8 (+ptx78); raise it to +ptx80 or more

func.func @k(%out: !tirx.buffer<64xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %e = tirx.ptx.elect.sync
    tirx.ptx.fence.proxy.async shared.cta
    %z = arith.extui %e : i1 to i32
    tirx.buffer_store %z, %out[%c0] : i32, !tirx.buffer<64xi32, global>
  }
  return
}
