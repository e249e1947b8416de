// Found by fuzz/ptx_diff_fuzz.py (seed 3101), minimized: a float compare
// of a value rounded to bf16 becomes setp.ne.bf16 under LLVM; the PTX level
// compared the bf16 operands as 16-bit integers (".bf16" starts with a 'b',
// like the bit-size types), so 1.0 != x came out false for some x.
// RUN: tirx-opt %s --tirx-attach-target=chip=sm_90a --tirx-dispatch-tile-primitives --tirx-resolve-layouts | tirx-sim - --diff-ptx --print=none --data-seed=3101 --seed=3101 --arg=rand --arg=rand --arg=zeros --arg=zeros --arg=zeros --arg=rand --arg=zeros --arg=zeros | FileCheck %s
// RUN: tirx-opt %s --tirx-attach-target=chip=sm_90a --tirx-dispatch-tile-primitives --tirx-resolve-layouts | tirx-sim - --ptx --print=none --ptx-out=%t.ptx --arg=rand --arg=rand --arg=zeros --arg=zeros --arg=zeros --arg=rand --arg=zeros --arg=zeros
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// PTX: setp.ne.bf16
// CHECK: PTX level matches the IR level

func.func @fuzz(%ini: !tirx.buffer<192xi32, global>, %inf: !tirx.buffer<192xf32, global>,
                %outi: !tirx.buffer<256xi32, global>, %outf: !tirx.buffer<256xf32, global>,
                %acc: !tirx.buffer<4xi32, global>, %tin: !tirx.buffer<64x8xf32, global>,
                %tout: !tirx.buffer<64x8xf32, global>, %trow: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %bx = tirx.cta_id [1] : i32
    %tx = tirx.thread_id [64] : i32
    %warp = tirx.warp_id [2] : i32
    %c0 = arith.constant 0 : index
    %full = arith.constant -1 : i32
    %cB = arith.constant 64 : i32
    %gid0 = arith.muli %bx, %cB : i32
    %gid = arith.addi %gid0, %tx : i32
    %txi = arith.index_castui %tx : i32 to index
    %k0 = arith.constant 3 : i32
    %k1 = arith.constant 0 : i32
    %k2 = arith.constant 1 : i32
    %k3 = arith.constant 0x3F800000 : f32
    %k4 = arith.constant 4 : i32
    %k5 = arith.constant 2 : i32
    %i1a = arith.muli %gid, %k0 : i32
    %i1b = arith.addi %i1a, %k1 : i32
    %i1 = arith.index_castui %i1b : i32 to index
    %v1 = tirx.buffer_load %inf[%i1] : !tirx.buffer<192xf32, global> -> f32
    %i3a = arith.muli %gid, %k0 : i32
    %i3b = arith.addi %i3a, %k2 : i32
    %i3 = arith.index_castui %i3b : i32 to index
    %v3 = tirx.buffer_load %inf[%i3] : !tirx.buffer<192xf32, global> -> f32
    %s7a = arith.truncf %v3 : f32 to bf16
    %v7 = arith.extf %s7a : bf16 to f32
    %s17 = arith.cmpf one, %k3, %v7 : f32
    %v17 = arith.select %s17, %k3, %v1 : f32
    %o0a = arith.muli %gid, %k4 : i32
    %o0b = arith.addi %o0a, %k1 : i32
    %o0 = arith.index_castui %o0b : i32 to index
    tirx.buffer_store %v1, %outf[%o0] : f32, !tirx.buffer<256xf32, global>
    %o1a = arith.muli %gid, %k4 : i32
    %o1b = arith.addi %o1a, %k2 : i32
    %o1 = arith.index_castui %o1b : i32 to index
    tirx.buffer_store %v3, %outf[%o1] : f32, !tirx.buffer<256xf32, global>
    %o2a = arith.muli %gid, %k4 : i32
    %o2b = arith.addi %o2a, %k5 : i32
    %o2 = arith.index_castui %o2b : i32 to index
    tirx.buffer_store %v7, %outf[%o2] : f32, !tirx.buffer<256xf32, global>
    %o3a = arith.muli %gid, %k4 : i32
    %o3b = arith.addi %o3a, %k0 : i32
    %o3 = arith.index_castui %o3b : i32 to index
    tirx.buffer_store %v17, %outf[%o3] : f32, !tirx.buffer<256xf32, global>
  }
  return
}
