// RUN: tirx-sim %s --arg=tmap:float32:8x8:8x8:data=iota --arg=iota --arg=zeros --print=full | FileCheck %s
// RUN: tirx-sim %s --arg=tmap:float32:8x8:8x8:data=iota --arg=iota --arg=zeros --diff-ptx --print=full | FileCheck %s --check-prefix=PTX
// RUN: tirx-translate %s --emit=ptx | FileCheck %s --check-prefix=ASM

// The `.shared::cta` destination forms (cta_only): a TMA load of an 8x8
// f32 box and a 256-byte bulk copy, each into the executing CTA's shared
// memory, completing on one mbarrier. Thread t writes tile word t plus
// 1000 times copied word t. Both levels of the simulator run it (the PTX
// level decodes the emitted .shared::cta instructions).
// CHECK-LABEL: arg2: float32[64]
// CHECK-NEXT: [0, 1001, 2002, 3003, 4004, 5005, 6006, 7007, 8008, 9009, 10010,
// CHECK-SAME: 63063]
// PTX: PTX level matches the IR level
// ASM: cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes [
// ASM: cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [
func.func @shared_cta_dst(%desc: !tirx.tensormap, %in: !tirx.buffer<64xf32, global>,
                          %out: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bytes = arith.constant 256 : i32
    %both = arith.constant 512 : i32
    %k = arith.constant 1000.0 : f32
    %tile = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<64xf32, shared>
    %copy = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<64xf32, shared>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %first = arith.cmpi eq, %tx, %zero : i32
    tirx.if %first {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
    }
    tirx.ptx.barrier.sync aligned
    tirx.if %first {
      %st = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %both : !tirx.ptr<i64, shared> -> i64
      %d = tirx.ptr_to %tile[%c0] : !tirx.buffer<64xf32, shared>
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %d, %desc[%zero, %zero], %bar cta_only : !tirx.ptr<f32, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
      %cd = tirx.ptr_to %copy[%c0] : !tirx.buffer<64xf32, shared>
      %s = tirx.ptr_to %in[%c0] : !tirx.buffer<64xf32, global>
      tirx.ptx.cp.async.bulk.g2s %cd, %s, %bar, %bytes cta_only : !tirx.ptr<f32, shared>, !tirx.ptr<f32, global>, !tirx.ptr<i64, shared>
    }
    %ok = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
    %t = arith.index_cast %tx : i32 to index
    %a = tirx.buffer_load %tile[%t] : !tirx.buffer<64xf32, shared> -> f32
    %b = tirx.buffer_load %copy[%t] : !tirx.buffer<64xf32, shared> -> f32
    %kb = arith.mulf %b, %k : f32
    %v = arith.addf %a, %kb : f32
    tirx.buffer_store %v, %out[%t] : f32, !tirx.buffer<64xf32, global>
  }
  return
}
