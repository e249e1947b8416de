// REQUIRES: ptxas
// RUN: tirx-translate %s --emit=ptx --chip=sm_100a -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o /dev/null
// RUN: not tirx-translate %s --emit=ptx --chip=sm_90a -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90

// The original's vec_256b with its cache hints (the 256-bit ld/st of
// sm_100): one ld.global.nc.v8 into registers, one st.global.v8 out.

// CHECK-LABEL: .entry copy256(
// CHECK: ld.global.nc.L1::no_allocate.L2::evict_first.L2::256B.v8.u32
// CHECK: st.global.v8.u32
// SM90: variant 'vec_256b' (priority 20): 256-bit loads and stores need sm_100 or newer
func.func @copy256(%A: !tirx.buffer<8xi32, global>, %B: !tirx.buffer<8xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %r = tirx.alloc_buffer : !tirx.buffer<8xi32, local>
    tirx.tile.copy thread %r, %A config {cache = "nc", l1_evict = "L1::no_allocate", l2_evict = "L2::evict_first", prefetch_size = "L2::256B"} dispatch "vec_256b" : !tirx.buffer<8xi32, local>, !tirx.buffer<8xi32, global>
    tirx.tile.copy thread %B, %r dispatch "vec_256b" : !tirx.buffer<8xi32, global>, !tirx.buffer<8xi32, local>
  }
  return
}
