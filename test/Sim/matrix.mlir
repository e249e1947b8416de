// RUN: tirx-sim %s --split-input-file --arg=iota --arg=zeros --print=full | FileCheck %s

// ldmatrix .trans then stmatrix: the 8x8 tile comes back transposed.
// CHECK-LABEL: arg1: float16[8x8]
// CHECK-NEXT: [0, 8, 16, 24, 32, 40, 48, 56, 1, 9, 17, 25, 33, 41, 49, 57, 2, 10, 18, 26, 34, 42, 50, 58, 3, 11, 19, 27, 35, 43, 51, 59, 4, 12, 20, 28, 36, 44, 52, 60, 5, 13, 21, 29, 37, 45, 53, 61, 6, 14, 22, 30, 38, 46, 54, 62, 7, 15, 23, 31, 39, 47, 55, 63]
func.func @ldmatrix_trans(%A: !tirx.buffer<8x8xf16, global>, %B: !tirx.buffer<8x8xf16, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c8 = arith.constant 8 : i32
    %c0i = arith.constant 0 : index
    %sa = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<8x8xf16, shared>
    %sb = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<8x8xf16, shared>
    %r = arith.remui %tx, %c8 : i32
    %ri = arith.index_cast %r : i32 to index
    %first = arith.cmpi ult, %tx, %c8 : i32
    tirx.if %first {
      %v = tirx.buffer_load %A[%ri, %c0i] : !tirx.buffer<8x8xf16, global> -> vector<8xf16>
      tirx.buffer_store %v, %sa[%ri, %c0i] : vector<8xf16>, !tirx.buffer<8x8xf16, shared>
    }
    tirx.ptx.barrier.sync aligned
    %pa = tirx.ptr_to %sa[%ri, %c0i] : !tirx.buffer<8x8xf16, shared>
    %frag = tirx.ptx.ldmatrix %pa m8n8 x1 b16 trans : !tirx.ptr<f16, shared> -> vector<1xi32>
    %pb = tirx.ptr_to %sb[%ri, %c0i] : !tirx.buffer<8x8xf16, shared>
    tirx.ptx.stmatrix %pb, %frag m8n8 x1 b16 : !tirx.ptr<f16, shared>, vector<1xi32>
    tirx.ptx.barrier.sync aligned
    tirx.if %first {
      %w = tirx.buffer_load %sb[%ri, %c0i] : !tirx.buffer<8x8xf16, shared> -> vector<8xf16>
      tirx.buffer_store %w, %B[%ri, %c0i] : vector<8xf16>, !tirx.buffer<8x8xf16, global>
    }
  }
  return
}

// -----

// ldmatrix .x2: lane l holds row l / 4, columns 2 (l % 4) and 2 (l % 4) + 1
// of each 8x8 matrix (rows 0-7, rows 8-15), one 32-bit register per matrix.
// CHECK-LABEL: arg1: float16[32x4]
// CHECK-NEXT: [0, 1, 64, 65, 2, 3, 66, 67, 4, 5, 68, 69, 6, 7, 70, 71, 8, 9, 72, 73,
// CHECK-SAME: 62, 63, 126, 127]
func.func @ldmatrix_fragments(%A: !tirx.buffer<16x8xf16, global>, %B: !tirx.buffer<32x4xf16, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c16 = arith.constant 16 : i32
    %c0i = arith.constant 0 : index
    %sa = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<16x8xf16, shared>
    %r = arith.remui %tx, %c16 : i32
    %ri = arith.index_cast %r : i32 to index
    %first = arith.cmpi ult, %tx, %c16 : i32
    tirx.if %first {
      %v = tirx.buffer_load %A[%ri, %c0i] : !tirx.buffer<16x8xf16, global> -> vector<8xf16>
      tirx.buffer_store %v, %sa[%ri, %c0i] : vector<8xf16>, !tirx.buffer<16x8xf16, shared>
    }
    tirx.ptx.barrier.sync aligned
    %pa = tirx.ptr_to %sa[%ri, %c0i] : !tirx.buffer<16x8xf16, shared>
    %frag = tirx.ptx.ldmatrix %pa m8n8 x2 b16 : !tirx.ptr<f16, shared> -> vector<2xi32>
    %h = vector.bitcast %frag : vector<2xi32> to vector<4xf16>
    %ti = arith.index_cast %tx : i32 to index
    tirx.buffer_store %h, %B[%ti, %c0i] : vector<4xf16>, !tirx.buffer<32x4xf16, global>
  }
  return
}
