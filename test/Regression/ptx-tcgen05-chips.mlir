// REQUIRES: ptxas
// RUN: tirx-translate %s --no-check-sync --emit=ptx --chip=sm_100a -o %t.sm_100a.ptx
// RUN: FileCheck %s --check-prefix=CHECK < %t.sm_100a.ptx
// RUN: %ptxas -arch=sm_100a %t.sm_100a.ptx -o %t.sm_100a.cubin
// RUN: not tirx-translate %s --no-check-sync --emit=ptx --chip=sm_103a 2>&1 | FileCheck %s --check-prefix=ERR103
// RUN: not tirx-translate %s --no-check-sync --emit=ptx --chip=sm_100f 2>&1 | FileCheck %s --check-prefix=ERR100F
// RUN: not tirx-translate %s --no-check-sync --emit=ptx --chip=sm_110a 2>&1 | FileCheck %s --check-prefix=ERR110
// (A sequence of ops for the lowering, not a complete program: the
// synchronization check, tirx-check-sync, is off.)

// tcgen05 ops claim the chips LLVM 22 emits them for (sm_100a, sm_101a);
// the others are an error at the op, not in NVVM.
// CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
// ERR103: {{.*}}.mlir:24:5: error: 'tirx.ptx.tcgen05.alloc' op requires sm_100a or sm_101a, but the module targets sm_103a
// ERR100F: {{.*}}.mlir:24:5: error: 'tirx.ptx.tcgen05.alloc' op requires sm_100a or sm_101a, but the module targets sm_100f
// ERR110: {{.*}}.mlir:24:5: error: 'tirx.ptx.tcgen05.alloc' op requires sm_100a or sm_101a, but the module targets sm_110a

func.func @k(%n: i32) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %sb = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
    %slot = tirx.ptr_to %sb[%c0] : !tirx.buffer<1xi32, shared>
    tirx.ptx.tcgen05.alloc cta_1 %slot, %n : !tirx.ptr<i32, shared>
    tirx.ptx.tcgen05.fence after_thread_sync
  }
  return
}
