// RUN: tirx-sim %s --arg=zeros --print=full | FileCheck %s

// The vector dialect on packed registers: from_elements, insert/extract,
// broadcast, strided slices, shape_cast, bitcast, reductions, fma and
// elementwise arith on vectors. One thread writes each result to %out.
// CHECK-LABEL: arg0: int32[16]
// CHECK-NEXT: [1, 9, 3, 4, 7, 7, 3, 4, 9, 16, 1, 5, 65536, -1, 23, 22]
func.func @vectors(%out: !tirx.buffer<16xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %c7 = arith.constant 7 : i32
    %c9 = arith.constant 9 : i32
    %v = vector.from_elements %c1, %c2, %c3, %c4 : vector<4xi32>
    // insert 9 at 1: [1, 9, 3, 4] -> out[0..3]
    %w = vector.insert %c9, %v [1] : i32 into vector<4xi32>
    %i0 = arith.constant 0 : index
    tirx.buffer_store %w, %out[%i0] : vector<4xi32>, !tirx.buffer<16xi32, global>
    // broadcast 7, insert the slice w[2..3] = [3, 4] at 2: [7, 7, 3, 4] -> out[4..7]
    %b = vector.broadcast %c7 : i32 to vector<4xi32>
    %s = vector.extract_strided_slice %w {offsets = [2], sizes = [2], strides = [1]} : vector<4xi32> to vector<2xi32>
    %t = vector.insert_strided_slice %s, %b {offsets = [2], strides = [1]} : vector<2xi32> into vector<4xi32>
    %i4 = arith.constant 4 : index
    tirx.buffer_store %t, %out[%i4] : vector<4xi32>, !tirx.buffer<16xi32, global>
    // max of [1, 9, 3, 4] -> out[8]
    %mx = vector.reduction <maxsi>, %w : vector<4xi32> into i32
    %i8 = arith.constant 8 : index
    tirx.buffer_store %mx, %out[%i8] : i32, !tirx.buffer<16xi32, global>
    // elementwise: [1, 9, 3, 4] * [1, 9, 3, 4], extract 3 -> 16
    %sq = arith.muli %w, %w : vector<4xi32>
    %e3 = vector.extract %sq[3] : i32 from vector<4xi32>
    %i9 = arith.constant 9 : index
    tirx.buffer_store %e3, %out[%i9] : i32, !tirx.buffer<16xi32, global>
    // shape_cast to 2x2 and back, min -> 1
    %m = vector.shape_cast %w : vector<4xi32> to vector<2x2xi32>
    %n = vector.shape_cast %m : vector<2x2xi32> to vector<4xi32>
    %mn = vector.reduction <minsi>, %n : vector<4xi32> into i32
    %i10 = arith.constant 10 : index
    tirx.buffer_store %mn, %out[%i10] : i32, !tirx.buffer<16xi32, global>
    // sum of [1, 2, 3, 4] minus 5 -> out[11]
    %x = vector.reduction <add>, %v : vector<4xi32> into i32
    %x1 = arith.subi %x, %c4 : i32
    %x2 = arith.subi %x1, %c1 : i32
    %i11 = arith.constant 11 : index
    tirx.buffer_store %x2, %out[%i11] : i32, !tirx.buffer<16xi32, global>
    // bitcast: the i16 elements [0, 1] as one i32 (little-endian) -> 65536
    %z16 = arith.constant 0 : i16
    %o16 = arith.constant 1 : i16
    %h = vector.from_elements %z16, %o16 : vector<2xi16>
    %hb = vector.bitcast %h : vector<2xi16> to vector<1xi32>
    %hv = vector.extract %hb[0] : i32 from vector<1xi32>
    %i12 = arith.constant 12 : index
    tirx.buffer_store %hv, %out[%i12] : i32, !tirx.buffer<16xi32, global>
    // fma on f32 vectors: [2, 3] * [5, 7] + [13, 1] = [23, 22] -> out[14..15]
    %f2 = arith.constant 2.0 : f32
    %f3 = arith.constant 3.0 : f32
    %f5 = arith.constant 5.0 : f32
    %f7 = arith.constant 7.0 : f32
    %f13 = arith.constant 13.0 : f32
    %f1 = arith.constant 1.0 : f32
    %fa = vector.from_elements %f2, %f3 : vector<2xf32>
    %fb = vector.from_elements %f5, %f7 : vector<2xf32>
    %fc = vector.from_elements %f13, %f1 : vector<2xf32>
    %fr = vector.fma %fa, %fb, %fc : vector<2xf32>
    %fi = arith.fptosi %fr : vector<2xf32> to vector<2xi32>
    %i14 = arith.constant 14 : index
    tirx.buffer_store %fi, %out[%i14] : vector<2xi32>, !tirx.buffer<16xi32, global>
    // broadcast -1 and a compare-select: select(v > 2, -1, v)[3] = -1 -> out[13]
    %m1 = arith.constant -1 : i32
    %sp = vector.broadcast %m1 : i32 to vector<4xi32>
    %two = vector.broadcast %c2 : i32 to vector<4xi32>
    %gt = arith.cmpi sgt, %v, %two : vector<4xi32>
    %sel = arith.select %gt, %sp, %v : vector<4xi1>, vector<4xi32>
    %e = vector.extract %sel[3] : i32 from vector<4xi32>
    %i13 = arith.constant 13 : index
    tirx.buffer_store %e, %out[%i13] : i32, !tirx.buffer<16xi32, global>
  }
  return
}
