// Found by fuzz/ptx_diff_fuzz.py (seed 2265), minimized: smax(x, 0) (the
// maxsi of a tirx.if's value with a constant 0) becomes max.relu.s32 under
// LLVM, which the PTX level did not model.
// RUN: tirx-opt %s --tirx-attach-target=chip=sm_90a --tirx-dispatch-tile-primitives --tirx-resolve-layouts | tirx-sim - --diff-ptx --print=none --data-seed=2265 --seed=2265 --arg=rand --arg=rand --arg=zeros --arg=zeros --arg=zeros --arg=rand --arg=zeros --arg=zeros --ulps=16 | FileCheck %s
// RUN: tirx-opt %s --tirx-attach-target=chip=sm_90a --tirx-dispatch-tile-primitives --tirx-resolve-layouts | tirx-sim - --ptx --print=none --ptx-out=%t.ptx --arg=rand --arg=rand --arg=zeros --arg=zeros --arg=zeros --arg=rand --arg=zeros --arg=zeros
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// PTX: max.relu.s32
// CHECK: PTX level matches the IR level

func.func @fuzz(%ini: !tirx.buffer<64xi32, global>, %inf: !tirx.buffer<64xf32, global>,
                %outi: !tirx.buffer<224xi32, global>, %outf: !tirx.buffer<224xf32, global>,
                %acc: !tirx.buffer<4xi32, global>, %tin: !tirx.buffer<32x8xf32, global>,
                %tout: !tirx.buffer<32x8xf32, global>, %trow: !tirx.buffer<32xf32, global>) {
  tirx.kernel {
    %bx = tirx.cta_id [1] : i32
    %tx = tirx.thread_id [32] : i32
    %warp = tirx.warp_id [1] : i32
    %c0 = arith.constant 0 : index
    %full = arith.constant -1 : i32
    %cB = arith.constant 32 : i32
    %gid0 = arith.muli %bx, %cB : i32
    %gid = arith.addi %gid0, %tx : i32
    %txi = arith.index_castui %tx : i32 to index
    %k0 = arith.constant 2 : i32
    %k1 = arith.constant 0 : i32
    %k2 = arith.constant 1 : i32
    %k3 = arith.constant 0x00000000 : f32
    %k4 = arith.constant 0x49742400 : f32
    %k5 = arith.constant 7 : i32
    %k6 = arith.constant 3 : i32
    %k7 = arith.constant 4 : i32
    %k8 = arith.constant 5 : i32
    %k9 = arith.constant 6 : i32
    %i1a = arith.muli %gid, %k0 : i32
    %i1b = arith.addi %i1a, %k1 : i32
    %i1 = arith.index_castui %i1b : i32 to index
    %v1 = tirx.buffer_load %inf[%i1] : !tirx.buffer<64xf32, global> -> f32
    %i2a = arith.muli %gid, %k0 : i32
    %i2b = arith.addi %i2a, %k2 : i32
    %i2 = arith.index_castui %i2b : i32 to index
    %v2 = tirx.buffer_load %ini[%i2] : !tirx.buffer<64xi32, global> -> i32
    %s5 = arith.cmpi uge, %v2, %v2 : i32
    %m5 = tirx.alloc_buffer : !tirx.buffer<1xi32, local>
    tirx.if %s5 {
      %s5x = arith.maxui %v2, %v2 : i32
      tirx.buffer_store %s5x, %m5[%c0] : i32, !tirx.buffer<1xi32, local>
    } else {
      tirx.buffer_store %v2, %m5[%c0] : i32, !tirx.buffer<1xi32, local>
    }
    %v5 = tirx.buffer_load %m5[%c0] : !tirx.buffer<1xi32, local> -> i32
    %m6 = tirx.alloc_buffer : !tirx.buffer<1xf32, local>
    tirx.buffer_store %v1, %m6[%c0] : f32, !tirx.buffer<1xf32, local>
    tirx.for %l6 = %k1 to %k0 step %k2 : i32 {
      %l6a = tirx.buffer_load %m6[%c0] : !tirx.buffer<1xf32, local> -> f32
      %l6k = arith.sitofp %l6 : i32 to f32
      %l6b = arith.mulf %l6k, %v1 : f32
      %l6c = arith.addf %l6a, %l6b : f32
      tirx.buffer_store %l6c, %m6[%c0] : f32, !tirx.buffer<1xf32, local>
    }
    %v6 = tirx.buffer_load %m6[%c0] : !tirx.buffer<1xf32, local> -> f32
    %s7a = arith.maximumf %v6, %k3 : f32
    %s7b = arith.minimumf %s7a, %k4 : f32
    %s7c = arith.cmpf ord, %s7b, %s7b : f32
    %s7d = arith.select %s7c, %s7b, %k3 : f32
    %v7 = arith.fptoui %s7d : f32 to i32
    %v10 = arith.maxsi %v5, %v7 : i32
    %s13 = arith.cmpi slt, %k1, %v5 : i32
    %m13 = tirx.alloc_buffer : !tirx.buffer<1xi32, local>
    tirx.if %s13 {
      %s13x = arith.maxsi %v10, %k1 : i32
      tirx.buffer_store %s13x, %m13[%c0] : i32, !tirx.buffer<1xi32, local>
    } else {
      tirx.buffer_store %k1, %m13[%c0] : i32, !tirx.buffer<1xi32, local>
    }
    %v13 = tirx.buffer_load %m13[%c0] : !tirx.buffer<1xi32, local> -> i32
    %o0a = arith.muli %gid, %k5 : i32
    %o0b = arith.addi %o0a, %k1 : i32
    %o0 = arith.index_castui %o0b : i32 to index
    tirx.buffer_store %v1, %outf[%o0] : f32, !tirx.buffer<224xf32, global>
    %o1a = arith.muli %gid, %k5 : i32
    %o1b = arith.addi %o1a, %k2 : i32
    %o1 = arith.index_castui %o1b : i32 to index
    tirx.buffer_store %v2, %outi[%o1] : i32, !tirx.buffer<224xi32, global>
    %o2a = arith.muli %gid, %k5 : i32
    %o2b = arith.addi %o2a, %k0 : i32
    %o2 = arith.index_castui %o2b : i32 to index
    tirx.buffer_store %v5, %outi[%o2] : i32, !tirx.buffer<224xi32, global>
    %o3a = arith.muli %gid, %k5 : i32
    %o3b = arith.addi %o3a, %k6 : i32
    %o3 = arith.index_castui %o3b : i32 to index
    tirx.buffer_store %v6, %outf[%o3] : f32, !tirx.buffer<224xf32, global>
    %o4a = arith.muli %gid, %k5 : i32
    %o4b = arith.addi %o4a, %k7 : i32
    %o4 = arith.index_castui %o4b : i32 to index
    tirx.buffer_store %v7, %outi[%o4] : i32, !tirx.buffer<224xi32, global>
    %o5a = arith.muli %gid, %k5 : i32
    %o5b = arith.addi %o5a, %k8 : i32
    %o5 = arith.index_castui %o5b : i32 to index
    tirx.buffer_store %v10, %outi[%o5] : i32, !tirx.buffer<224xi32, global>
    %o6a = arith.muli %gid, %k5 : i32
    %o6b = arith.addi %o6a, %k9 : i32
    %o6 = arith.index_castui %o6b : i32 to index
    tirx.buffer_store %v13, %outi[%o6] : i32, !tirx.buffer<224xi32, global>
  }
  return
}
