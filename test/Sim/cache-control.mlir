// RUN: tirx-sim %s --split-input-file --print=full | FileCheck %s

// st.bulk zeroes the bytes it names and no others; applypriority,
// prefetchu and discard on an aligned line leave memory as it is; createpolicy gives an
// opaque value (the simulator ignores cache hints) and createpolicy.cvt
// passes its input through.
// CHECK-LABEL: arg0: float32[16]
// CHECK-NEXT: [1, 1, 0, 0, 0, 0, 1, 8, 1, 1, 1, 1, 1, 1, 1, 1]
// CHECK-LABEL: arg1: int32[2]
// CHECK-NEXT: [1, 7]
module attributes {tirx.target = #tirx.target<"sm_100a">} {
  func.func @bulk_zero(%out: !tirx.buffer<16xf32, global>, %flags: !tirx.buffer<2xi32, global>) {
    tirx.kernel {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c7 = arith.constant 7 : index
      %buf = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<16xf32, shared>
      %one = arith.constant 1.0 : f32
      %ones = vector.broadcast %one : f32 to vector<16xf32>
      tirx.buffer_store %ones, %buf[%c0] : vector<16xf32>, !tirx.buffer<16xf32, shared>
      %eight = arith.constant 8.0 : f32
      tirx.buffer_store %eight, %buf[%c7] : f32, !tirx.buffer<16xf32, shared>
      // 16 bytes from element 2 (byte 8): elements 2..5.
      %p = tirx.ptr_to %buf[%c2] : !tirx.buffer<16xf32, shared>
      %n = arith.constant 16 : i64
      tirx.ptx.st.bulk weak %p, %n : !tirx.ptr<f32, shared>
      %v = tirx.buffer_load %buf[%c0] : !tirx.buffer<16xf32, shared> -> vector<16xf32>
      tirx.buffer_store %v, %out[%c0] : vector<16xf32>, !tirx.buffer<16xf32, global>
      %g = tirx.ptr_to %out[%c0] : !tirx.buffer<16xf32, global>
      tirx.ptx.applypriority %g : !tirx.ptr<f32, global>
      %gg = tirx.reinterpret %g : !tirx.ptr<f32, global> to !tirx.ptr<f32, generic>
      tirx.ptx.prefetchu %gg : !tirx.ptr<f32, generic>
      %pol = tirx.ptx.createpolicy.fractional evict_last secondary evict_first
      %zero = arith.constant 0 : i64
      %ne = arith.cmpi ne, %pol, %zero : i64
      %nz = arith.extui %ne : i1 to i32
      %old = arith.constant 7 : i64
      %cvt = tirx.ptx.createpolicy.cvt %old
      %cvt32 = arith.trunci %cvt : i64 to i32
      %fl = vector.from_elements %nz, %cvt32 : vector<2xi32>
      tirx.buffer_store %fl, %flags[%c0] : vector<2xi32>, !tirx.buffer<2xi32, global>
    }
    return
  }
}
