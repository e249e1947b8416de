// REQUIRES: ptxas
// RUN: tirx-translate %s --emit=ptx --chip=sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// wgmma (descriptor and register A, constant and run-time scale-d),
// ldmatrix, stmatrix, mma.sync and setmaxnreg through the whole pipeline to
// PTX for sm_90a (wgmma exists only there), assembled by ptxas.

// PTX: setmaxnreg.inc.sync.aligned.u32 232;
// PTX: wgmma.fence.sync.aligned;
// PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, %p, 1, -1, 1;
// PTX: wgmma.commit_group.sync.aligned;
// PTX: wgmma.wait_group.sync.aligned 0;
// PTX: stmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX: setmaxnreg.dec.sync.aligned.u32 40;
// PTXAS: 0 bytes spill stores

func.func @wgmma_kernel(%da: i64, %db: i64, %sd: i1, %in: !tirx.buffer<16384xi32, global>, %out: !tirx.buffer<16384xf32, global>) attributes {tirx.launch = #tirx.launch<min_blocks_per_sm = 1>} {
  tirx.kernel {
    %t = tirx.thread_id [128] : i32
    %smem = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<1024xf16, shared>
    %c0 = arith.constant 0 : index
    %p = tirx.ptr_to %smem[%c0] : !tirx.buffer<1024xf16, shared>
    %i = arith.index_cast %t : i32 to index
    %c32 = arith.constant 32 : index
    %base = arith.muli %i, %c32 : index
    tirx.ptx.setmaxnreg inc 232
    %acc = tirx.buffer_load %out[%base] : !tirx.buffer<16384xf32, global> -> vector<32xf32>
    %true = arith.constant true
    tirx.ptx.wgmma.fence
    %r = tirx.ptx.wgmma.mma_async %da, %db, %acc, %true shape = [64, 64, 16] d = f32 a = f16 b = f16 : i64, vector<32xf32>
    %areg = tirx.ptx.ldmatrix %p m8n8 x4 b16 : !tirx.ptr<f16, shared> -> vector<4xi32>
    %r2 = tirx.ptx.wgmma.mma_async %areg, %db, %r, %sd shape = [64, 64, 16] d = f32 a = bf16 b = bf16 scale_b = neg layout_b = row : vector<4xi32>, vector<32xf32>
    tirx.ptx.wgmma.commit_group
    tirx.ptx.wgmma.wait_group 0
    %st = tirx.buffer_load %in[%base] : !tirx.buffer<16384xi32, global> -> vector<4xi32>
    tirx.ptx.stmatrix %p, %st m8n8 x4 b16 : !tirx.ptr<f16, shared>, vector<4xi32>
    %b2 = tirx.buffer_load %in[%base] : !tirx.buffer<16384xi32, global> -> vector<2xi32>
    %c = tirx.buffer_load %out[%base] : !tirx.buffer<16384xf32, global> -> vector<4xf32>
    %d = tirx.ptx.mma.sync %areg, %b2, %c shape = [16, 8, 16] d = f32 a = f16 b = f16 : vector<4xi32>, vector<2xi32>, vector<4xf32>
    %e = tirx.ptx.mma.sync %areg, %b2, %d shape = [16, 8, 16] d = f32 a = bf16 b = bf16 : vector<4xi32>, vector<2xi32>, vector<4xf32>
    tirx.buffer_store %r2, %out[%base] : vector<32xf32>, !tirx.buffer<16384xf32, global>
    %c4 = arith.constant 4 : index
    %b4 = arith.addi %base, %c4 : index
    tirx.buffer_store %e, %out[%b4] : vector<4xf32>, !tirx.buffer<16384xf32, global>
    tirx.ptx.setmaxnreg dec 40
  }
  return
}
