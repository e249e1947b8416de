// REQUIRES: ptxas
// RUN: tirx-translate %s --no-check-sync --emit=ptx --chip=sm_80 -o %t.sm_80.ptx
// RUN: FileCheck %s < %t.sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm_80.ptx -o %t.sm_80.cubin
// RUN: not tirx-translate %s --no-check-sync --chip=sm_80 --features=+ptx73 -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR

// cp.async's L2 prefetch size needs PTX ISA 7.4: sm_80's default version
// is raised to it, and a pinned +ptx73 is an error at the op. (A sequence
// of ops for the lowering, not a complete program: the sync check is off.)
// CHECK: .version 7.4
// CHECK: cp.async.ca.shared.global.L2::128B [{{%r[0-9]+}}], [{{%rd[0-9]+}}], 8;
// ERR: cp-async-prefetch.mlir:[[@LINE+8]]:5: error: 'tirx.ptx.cp.async' op an L2 prefetch size needs PTX ISA 7.4, but the target pins PTX ISA 7.3 (+ptx73); raise it to +ptx74 or more
func.func @k(%A: !tirx.buffer<64xf16, global>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %s = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<64xf16, shared>
    %d = tirx.ptr_to %s[%c0] : !tirx.buffer<64xf16, shared>
    %g = tirx.ptr_to %A[%c0] : !tirx.buffer<64xf16, global>
    tirx.ptx.cp.async ca %d, %g, 8 prefetch L2_128B : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
  }
  return
}
