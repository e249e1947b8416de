// REQUIRES: ptxas
// RUN: tirx-translate %s --emit=ptx --chip=sm_100a -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_100a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// The tcgen05 family, cluster launch control, ldmatrix and mma.sync
// through the whole pipeline to PTX for sm_100a, assembled by ptxas.

// PTX: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
// PTX: tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
// PTX: tcgen05.fence::after_thread_sync;
// PTX: tcgen05.cp.cta_group::1.128x256b
// PTX: tcgen05.mma.cta_group::1.kind::f16
// PTX: tcgen05.mma.ws.cta_group::1.kind::i8
// PTX: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// PTX: tcgen05.ld.sync.aligned.32x32b.x16.b32
// PTX: tcgen05.wait::ld.sync.aligned;
// PTX: tcgen05.st.sync.aligned.32x32b.x16.b32
// PTX: tcgen05.wait::st.sync.aligned;
// PTX: tcgen05.shift.cta_group::1.down
// PTX: tcgen05.fence::before_thread_sync;
// PTX: tcgen05.dealloc.cta_group::1.sync.aligned.b32
// PTX: clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128
// PTX: clusterlaunchcontrol.query_cancel.is_canceled.pred.b128
// PTX: clusterlaunchcontrol.query_cancel.get_first_ctaid::x.b32.b128
// PTX: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTXAS: 0 bytes spill stores

func.func @tcgen05_kernel(%ad: i64, %bd: i64, %idesc: i32, %in: !tirx.buffer<16384xi32, global>, %out: !tirx.buffer<16384xf32, global>) {
  tirx.kernel {
    %t = tirx.thread_id [128] : i32
    %slotb = tirx.alloc_buffer : !tirx.buffer<4xi32, shared>
    %c0 = arith.constant 0 : index
    %c0i = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c128 = arith.constant 128 : i32
    %true = arith.constant true
    %slot = tirx.ptr_to %slotb[%c0] : !tirx.buffer<4xi32, shared>
    %barp = tirx.ptr_byte_offset %slot[%c0] as i64 : !tirx.ptr<i32, shared>
    tirx.ptx.tcgen05.alloc %slot, %c128 : !tirx.ptr<i32, shared>
    tirx.ptx.tcgen05.relinquish_alloc_permit
    tirx.ptx.tcgen05.fence after_thread_sync
    %traw = tirx.buffer_load %slotb[%c0] : !tirx.buffer<4xi32, shared> -> i32
    %tm = tirx.reinterpret %traw : i32 to !tirx.ptr<f32, tmem>
    tirx.ptx.mbarrier.init %barp, %c1 : !tirx.ptr<i64, shared>
    tirx.ptx.tcgen05.cp shape_128x256b %tm, %ad : !tirx.ptr<f32, tmem>
    tirx.ptx.tcgen05.mma f16 cta_1 %tm, %ad, %bd, %idesc, %true : !tirx.ptr<f32, tmem>, i64
    tirx.ptx.tcgen05.mma.ws i8 %tm, %ad, %bd, %idesc, %true : !tirx.ptr<f32, tmem>, i64
    tirx.ptx.tcgen05.commit %barp : !tirx.ptr<i64, shared>
    %ok = tirx.ptx.mbarrier.try_wait.parity %barp, %c0i : !tirx.ptr<i64, shared>
    %v = tirx.ptx.tcgen05.ld shape_32x32b num = 16 %tm : !tirx.ptr<f32, tmem> -> vector<16xf32>
    tirx.ptx.tcgen05.wait ld
    tirx.ptx.tcgen05.st shape_32x32b num = 16 %tm, %v : !tirx.ptr<f32, tmem>, vector<16xf32>
    tirx.ptx.tcgen05.wait st
    tirx.ptx.tcgen05.shift %tm : !tirx.ptr<f32, tmem>
    tirx.ptx.tcgen05.fence before_thread_sync
    tirx.ptx.barrier.sync aligned
    tirx.ptx.tcgen05.dealloc %tm, %c128 : !tirx.ptr<f32, tmem>
    // Cluster launch control (sm_100).
    %respb = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<1xi128, shared.dyn>
    %resp = tirx.ptr_to %respb[%c0] : !tirx.buffer<1xi128, shared.dyn>
    tirx.ptx.clusterlaunchcontrol.try_cancel %resp, %barp : !tirx.ptr<i128, shared.dyn>, !tirx.ptr<i64, shared>
    %rv = tirx.buffer_load %respb[%c0] : !tirx.buffer<1xi128, shared.dyn> -> i128
    %canceled = tirx.ptx.clusterlaunchcontrol.query_cancel is_canceled %rv : i1
    %cx = tirx.ptx.clusterlaunchcontrol.query_cancel get_first_ctaid_x %rv : i32
    %cxf = arith.uitofp %cx : i32 to f32
    %can = arith.extui %canceled : i1 to i32
    %canf = arith.uitofp %can : i32 to f32
    %i = arith.index_cast %t : i32 to index
    %c32 = arith.constant 32 : index
    %base = arith.muli %i, %c32 : index
    tirx.buffer_store %v, %out[%base] : vector<16xf32>, !tirx.buffer<16384xf32, global>
    // mma.sync and ldmatrix on sm_100a too.
    %pf = tirx.reinterpret %slot : !tirx.ptr<i32, shared> to !tirx.ptr<f16, shared>
    %a = tirx.ptx.ldmatrix %pf m8n8 x4 b16 trans : !tirx.ptr<f16, shared> -> vector<4xi32>
    %b = tirx.buffer_load %in[%base] : !tirx.buffer<16384xi32, global> -> vector<2xi32>
    %c = tirx.buffer_load %out[%base] : !tirx.buffer<16384xf32, global> -> vector<4xf32>
    %d = tirx.ptx.mma.sync %a, %b, %c shape = [16, 8, 16] d = f32 a = f16 b = f16 : vector<4xi32>, vector<2xi32>, vector<4xf32>
    tirx.buffer_store %d, %out[%base] : vector<4xf32>, !tirx.buffer<16384xf32, global>
    tirx.buffer_store %cxf, %out[%c0] : f32, !tirx.buffer<16384xf32, global>
    tirx.buffer_store %canf, %out[%c32] : f32, !tirx.buffer<16384xf32, global>
  }
  return
}
