// REQUIRES: ptxas
// RUN: tirx-translate %s --emit=ptx --chip=sm_100a -o %t.sm_100a.ptx
// RUN: FileCheck %s --check-prefix=CHECK < %t.sm_100a.ptx
// RUN: %ptxas -arch=sm_100a %t.sm_100a.ptx -o %t.sm_100a.cubin

// The block-scaled tcgen05.mma needs PTX ISA 8.8 (LLVM writes .block16/
// .block32): the version is raised to it and ptxas accepts the kernel.
// CHECK: .version 8.8
// CHECK: tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale

func.func @k(%adesc: i64, %bdesc: i64, %idesc: i32, %taddr: i32, %sa: i32) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %true = arith.constant true
    %t = tirx.reinterpret %taddr : i32 to !tirx.ptr<f32, tmem>
    %s = tirx.reinterpret %sa : i32 to !tirx.ptr<i8, tmem>
    tirx.ptx.tcgen05.mma.block_scale mxf4nvf4 scale_vec_2x %t, %adesc, %bdesc, %idesc, %s, %s, %true : !tirx.ptr<f32, tmem>, i64, !tirx.ptr<i8, tmem>, !tirx.ptr<i8, tmem>
  }
  return
}
