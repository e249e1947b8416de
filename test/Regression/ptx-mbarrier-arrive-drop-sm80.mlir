// REQUIRES: ptxas
// RUN: tirx-translate %s --emit=ptx --chip=sm_80 -o %t.sm_80.ptx
// RUN: FileCheck %s --check-prefix=SM80 < %t.sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm_80.ptx -o %t.sm_80.cubin
// RUN: tirx-translate %s --emit=ptx --chip=sm_90 -o %t.sm_90.ptx
// RUN: FileCheck %s --check-prefix=SM90 < %t.sm_90.ptx
// RUN: %ptxas -arch=sm_90 %t.sm_90.ptx -o %t.sm_90.cubin

// mbarrier.arrive_drop (sm_80, PTX ISA 7.0) compiles on sm_80 and on sm_90
// at its default PTX version.
// SM80: mbarrier.arrive_drop.shared.b64
// SM90: mbarrier.arrive_drop.shared.b64

func.func @k(%out: !tirx.buffer<64xi64, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
    %s = tirx.ptx.mbarrier.arrive_drop %bar : !tirx.ptr<i64, shared> -> i64
    tirx.buffer_store %s, %out[%c0] : i64, !tirx.buffer<64xi64, global>
  }
  return
}
