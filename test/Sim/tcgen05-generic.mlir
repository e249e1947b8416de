// RUN: tirx-sim %s --arg=zeros --print=full | FileCheck %s
// RUN: tirx-sim %s --arg=zeros --diff-ptx --print=full | FileCheck %s --check-prefix=PTX
// RUN: tirx-translate %s --emit=ptx | FileCheck %s --check-prefix=ASM

// tcgen05.alloc into a generic slot and tcgen05.commit on a generic
// barrier (PTX's forms without a state space), each pointing into shared
// memory: 32 columns through a shared slot land at column 0, 64 through
// the generic one at column 64 (first fit at the allocation's size); the
// commit completes the barrier's phase 0. Both simulator levels run it.
// CHECK-LABEL: arg0: uint32[3]
// CHECK-NEXT: [0, 64, 1]
// PTX: PTX level matches the IR level
// ASM: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [
// ASM: tcgen05.alloc.cta_group::1.sync.aligned.b32 [
// ASM: tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64 [
module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @generic_tcgen05(%out: !tirx.buffer<3xui32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %n32 = arith.constant 32 : i32
    %n64 = arith.constant 64 : i32
    %slots = tirx.alloc_buffer : !tirx.buffer<2xui32, shared>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %s0 = tirx.ptr_to %slots[%c0] : !tirx.buffer<2xui32, shared>
    %s1 = tirx.ptr_to %slots[%c1] : !tirx.buffer<2xui32, shared>
    %g1 = tirx.reinterpret %s1 : !tirx.ptr<ui32, shared> to !tirx.ptr<ui32, generic>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %gbar = tirx.reinterpret %bar : !tirx.ptr<i64, shared> to !tirx.ptr<i64, generic>
    %first = arith.cmpi eq, %tx, %zero : i32
    tirx.if %first {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
    }
    tirx.ptx.barrier.sync aligned
    tirx.ptx.tcgen05.alloc %s0, %n32 : !tirx.ptr<ui32, shared>
    tirx.ptx.tcgen05.alloc %g1, %n64 : !tirx.ptr<ui32, generic>
    tirx.ptx.tcgen05.fence before_thread_sync
    tirx.ptx.barrier.sync aligned
    tirx.ptx.tcgen05.fence after_thread_sync
    tirx.if %first {
      tirx.ptx.tcgen05.commit %gbar : !tirx.ptr<i64, generic>
    }
    %ok = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
    tirx.if %first {
      %a = tirx.buffer_load %slots[%c0] : !tirx.buffer<2xui32, shared> -> ui32
      %b = tirx.buffer_load %slots[%c1] : !tirx.buffer<2xui32, shared> -> ui32
      tirx.buffer_store %a, %out[%c0] : ui32, !tirx.buffer<3xui32, global>
      tirx.buffer_store %b, %out[%c1] : ui32, !tirx.buffer<3xui32, global>
      %okw = arith.extui %ok : i1 to i32
      %oku = tirx.reinterpret %okw : i32 to ui32
      tirx.buffer_store %oku, %out[%c2] : ui32, !tirx.buffer<3xui32, global>
    }
    tirx.ptx.barrier.sync aligned
    %ab = tirx.buffer_load %slots[%c0] : !tirx.buffer<2xui32, shared> -> ui32
    %bb = tirx.buffer_load %slots[%c1] : !tirx.buffer<2xui32, shared> -> ui32
    %ai = tirx.reinterpret %ab : ui32 to i32
    %bi = tirx.reinterpret %bb : ui32 to i32
    %ta = tirx.reinterpret %ai : i32 to !tirx.ptr<f32, tmem>
    %tb = tirx.reinterpret %bi : i32 to !tirx.ptr<f32, tmem>
    tirx.ptx.tcgen05.dealloc %ta, %n32 : !tirx.ptr<f32, tmem>
    tirx.ptx.tcgen05.dealloc %tb, %n64 : !tirx.ptr<f32, tmem>
    tirx.ptx.tcgen05.relinquish_alloc_permit
  }
  return
}
}
