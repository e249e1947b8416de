// REQUIRES: ptxas, libdevice
// RUN: tirx-translate %s --emit=ptx --chip=sm_90a -o %t90.ptx
// RUN: FileCheck %s --input-file=%t90.ptx
// RUN: %ptxas -arch=sm_90a %t90.ptx -o /dev/null
// RUN: tirx-translate %s --emit=ptx --chip=sm_100a -o %t100.ptx
// RUN: FileCheck %s --input-file=%t100.ptx
// RUN: %ptxas -arch=sm_100a %t100.ptx -o /dev/null

// The forced-width copies (the original's vec_16b .. vec_128b, with the
// global-load cache hints), the composite primitives and select, through
// tirx-to-ptx-pipeline and ptxas for the chips they claim (sm_80 and newer;
// vec_256b is sm_100: tile-forced-sm100-ptxas.mlir).

// CHECK-LABEL: .entry forced(
// CHECK: st.shared.u16
// CHECK: ld.shared.u16
// CHECK: ld.global.u32
// CHECK: ld.global.v2.u32
// CHECK: ld.global.nc.L1::no_allocate.L2::128B.v4.u32
// CHECK: st.shared.v4.u32
func.func @forced(%A: !tirx.buffer<4xf32, global>, %H: !tirx.buffer<1xi16, global>,
                  %O: !tirx.buffer<8xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %c0 = arith.constant 0 : index
    %hs = tirx.alloc_buffer : !tirx.buffer<1xi16, shared>
    %hr = tirx.alloc_buffer : !tirx.buffer<1xi16, local>
    %h = tirx.buffer_load %H[%c0] : !tirx.buffer<1xi16, global> -> i16
    tirx.buffer_store %h, %hr[%c0] : i16, !tirx.buffer<1xi16, local>
    tirx.tile.copy thread %hs, %hr dispatch "vec_16b" : !tirx.buffer<1xi16, shared>, !tirx.buffer<1xi16, local>
    tirx.tile.copy thread %hr, %hs dispatch "vec_16b" : !tirx.buffer<1xi16, local>, !tirx.buffer<1xi16, shared>
    %r = tirx.alloc_buffer : !tirx.buffer<4xf32, local>
    tirx.tile.copy thread %r[0] [1], %A[0] [1] dispatch "vec_32b" : !tirx.buffer<4xf32, local>, !tirx.buffer<4xf32, global>
    tirx.tile.copy thread %r[2] [2], %A[2] [2] dispatch "vec_64b" : !tirx.buffer<4xf32, local>, !tirx.buffer<4xf32, global>
    %s = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<4xf32, shared>
    tirx.tile.copy thread %s, %A config {cache = "nc", l1_evict = "L1::no_allocate", prefetch_size = "L2::128B"} dispatch "vec_128b" : !tirx.buffer<4xf32, shared>, !tirx.buffer<4xf32, global>
    %x = tirx.buffer_load %s[%c0] : !tirx.buffer<4xf32, shared> -> f32
    %y = tirx.buffer_load %r[%c0] : !tirx.buffer<4xf32, local> -> f32
    %z = arith.addf %x, %y : f32
    tirx.buffer_store %z, %O[%c0] : f32, !tirx.buffer<8xf32, global>
    %h2 = tirx.buffer_load %hr[%c0] : !tirx.buffer<1xi16, local> -> i16
    %hf = arith.sitofp %h2 : i16 to f32
    %c1 = arith.constant 1 : index
    tirx.buffer_store %hf, %O[%c1] : f32, !tirx.buffer<8xf32, global>
  }
  return
}

// CHECK-LABEL: .entry composites(
// CHECK: bar.sync 0;
// CHECK: shfl.sync.bfly
// CHECK: neg.f32
func.func @composites(%A: !tirx.buffer<64x64xf32, global>, %R: !tirx.buffer<64xf32, global>,
                      %ninf: f32) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %s = tirx.alloc_buffer : !tirx.buffer<64x64xf32, shared>
    %r = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    tirx.tile.copy cta %s, %A : !tirx.buffer<64x64xf32, shared>, !tirx.buffer<64x64xf32, global>
    tirx.ptx.barrier.sync aligned
    tirx.tile.select cta %s, %s, %ninf : !tirx.buffer<64x64xf32, shared>, !tirx.buffer<64x64xf32, shared>, f32 {
    ^bb0(%i: index, %j: index):
      %i32 = arith.index_cast %i : index to i32
      %j32 = arith.index_cast %j : index to i32
      %le = arith.cmpi sle, %j32, %i32 : i32
      tirx.tile.yield %le
    }
    tirx.ptx.barrier.sync aligned
    tirx.tile.reduce_negate max cta %r, %s axes = [1] : !tirx.buffer<64xf32, shared>, !tirx.buffer<64x64xf32, shared>
    tirx.ptx.barrier.sync aligned
    tirx.tile.copy cta %R, %r : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, shared>
  }
  return
}
