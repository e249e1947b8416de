// RUN: tirx-sim %s --arg=iota --arg=iota --arg=iota --arg=iota --arg=iota --print=full | FileCheck %s
// RUN: tirx-sim %s --arg=iota --arg=iota --arg=iota --arg=iota --arg=iota --print=full --seed=5 | FileCheck %s
// RUN: tirx-sim %s --arg=iota --arg=iota --arg=iota --arg=iota --arg=iota --print=full --ptx | FileCheck %s

// cp.reduce.async.bulk.s2g over the ISA's ops and types, each on 16 bytes
// of a global buffer that starts as iota, at the IR level and on the
// emitted PTX.

// The integer ops, 16 bytes each: add, signed min, unsigned max (the
// unsigned compare: 0xFFFFFFFF wins), inc with wrap at 13, and xor on b64.
// CHECK-LABEL: arg0: int32[16]
// CHECK-NEXT: [5, 6, 7, 8, -1, -1, -1, -1, -1, 9, 10, 11, 13, 0, 0, 0]
// CHECK-LABEL: arg1: int64[2]
// CHECK-NEXT: [255, 254]
//
// Floating subnormals, seen as bits: the integer iotas' 1, 2, 3, ... are
// subnormals of f32 and f16. `.add.f32` flushes subnormal inputs and
// results, so 2^-149 + 0 and iota's 1, 2, 3 plus +0.0 all become 0;
// `.add.noftz.f16` keeps them (0 + 2^-24 is 0x0001, the rest stay).
// `max` on bf16 takes 1.0 over 0 and the iota over -2.0.
// CHECK-LABEL: arg2: int32[4]
// CHECK-NEXT: [0, 0, 0, 0]
// CHECK-LABEL: arg3: int16[8]
// CHECK-NEXT: [1, 1, 2, 3, 4, 5, 6, 7]
// CHECK-LABEL: arg4: bfloat16[8]
// CHECK-NEXT: [1, 1, 2, 3, 4, 5, 6, 7]
func.func @ops(%out: !tirx.buffer<16xi32, global>, %wide: !tirx.buffer<2xi64, global>, %f: !tirx.buffer<4xi32, global>, %h: !tirx.buffer<8xi16, global>, %b: !tirx.buffer<8xbf16, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c9 = arith.constant 9 : index
    %c12 = arith.constant 12 : index
    %zero = arith.constant 0 : i32
    %bytes = arith.constant 16 : i32
    %buf = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<16xi32, shared>
    %wbuf = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<2xi64, shared>
    %first = arith.cmpi eq, %tx, %zero : i32
    tirx.if %first {
      %five = arith.constant 5 : i32
      %m1 = arith.constant -1 : i32
      %nine = arith.constant 9 : i32
      %thirteen = arith.constant 13 : i32
      %v5 = vector.broadcast %five : i32 to vector<4xi32>
      %vm1 = vector.broadcast %m1 : i32 to vector<4xi32>
      %v9 = vector.from_elements %m1, %nine, %nine, %nine : vector<4xi32>
      %v13 = vector.broadcast %thirteen : i32 to vector<4xi32>
      tirx.buffer_store %v5, %buf[%c0] : vector<4xi32>, !tirx.buffer<16xi32, shared>
      tirx.buffer_store %vm1, %buf[%c4] : vector<4xi32>, !tirx.buffer<16xi32, shared>
      tirx.buffer_store %v9, %buf[%c8] : vector<4xi32>, !tirx.buffer<16xi32, shared>
      tirx.buffer_store %v13, %buf[%c12] : vector<4xi32>, !tirx.buffer<16xi32, shared>
      %x = arith.constant 255 : i64
      %vx = vector.broadcast %x : i64 to vector<2xi64>
      tirx.buffer_store %vx, %wbuf[%c0] : vector<2xi64>, !tirx.buffer<2xi64, shared>
      tirx.ptx.fence.proxy.async shared.cta
      %d0 = tirx.ptr_to %out[%c0] : !tirx.buffer<16xi32, global>
      %s0 = tirx.ptr_to %buf[%c0] : !tirx.buffer<16xi32, shared>
      tirx.ptx.cp.reduce.async.bulk.s2g add u32 %d0, %s0, %bytes : !tirx.ptr<i32, global>, !tirx.ptr<i32, shared>
      %d4 = tirx.ptr_to %out[%c4] : !tirx.buffer<16xi32, global>
      %s4 = tirx.ptr_to %buf[%c4] : !tirx.buffer<16xi32, shared>
      tirx.ptx.cp.reduce.async.bulk.s2g min s32 %d4, %s4, %bytes : !tirx.ptr<i32, global>, !tirx.ptr<i32, shared>
      %d8 = tirx.ptr_to %out[%c8] : !tirx.buffer<16xi32, global>
      %s8 = tirx.ptr_to %buf[%c8] : !tirx.buffer<16xi32, shared>
      tirx.ptx.cp.reduce.async.bulk.s2g max u32 %d8, %s8, %bytes : !tirx.ptr<i32, global>, !tirx.ptr<i32, shared>
      %d12 = tirx.ptr_to %out[%c12] : !tirx.buffer<16xi32, global>
      %s12 = tirx.ptr_to %buf[%c12] : !tirx.buffer<16xi32, shared>
      tirx.ptx.cp.reduce.async.bulk.s2g inc u32 %d12, %s12, %bytes : !tirx.ptr<i32, global>, !tirx.ptr<i32, shared>
      %dw = tirx.ptr_to %wide[%c0] : !tirx.buffer<2xi64, global>
      %sw = tirx.ptr_to %wbuf[%c0] : !tirx.buffer<2xi64, shared>
      tirx.ptx.cp.reduce.async.bulk.s2g xor b64 %dw, %sw, %bytes : !tirx.ptr<i64, global>, !tirx.ptr<i64, shared>
      tirx.ptx.cp.async.bulk.commit_group
      tirx.ptx.cp.async.bulk.wait_group 0
    }
    %b16 = arith.constant 16 : i32
    %fbuf = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<4xi32, shared>
    %hbuf = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<8xi16, shared>
    %bbuf = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<8xbf16, shared>
    tirx.if %first {
      // f32 bits: 2^-149 into element 0, +0.0 elsewhere.
      %tiny = arith.constant 1 : i32
      %fv = vector.from_elements %tiny, %zero, %zero, %zero : vector<4xi32>
      tirx.buffer_store %fv, %fbuf[%c0] : vector<4xi32>, !tirx.buffer<4xi32, shared>
      // f16 bits: 2^-24 into element 0, +0.0 elsewhere.
      %h1 = arith.constant 1 : i16
      %h0 = arith.constant 0 : i16
      %hv = vector.from_elements %h1, %h0, %h0, %h0, %h0, %h0, %h0, %h0 : vector<8xi16>
      tirx.buffer_store %hv, %hbuf[%c0] : vector<8xi16>, !tirx.buffer<8xi16, shared>
      %one = arith.constant 1.0 : bf16
      %m2 = arith.constant -2.0 : bf16
      %bv = vector.from_elements %one, %m2, %m2, %m2, %m2, %m2, %m2, %m2 : vector<8xbf16>
      tirx.buffer_store %bv, %bbuf[%c0] : vector<8xbf16>, !tirx.buffer<8xbf16, shared>
      tirx.ptx.fence.proxy.async shared.cta
      %df = tirx.ptr_to %f[%c0] : !tirx.buffer<4xi32, global>
      %sf = tirx.ptr_to %fbuf[%c0] : !tirx.buffer<4xi32, shared>
      tirx.ptx.cp.reduce.async.bulk.s2g add f32 %df, %sf, %b16 : !tirx.ptr<i32, global>, !tirx.ptr<i32, shared>
      %dh = tirx.ptr_to %h[%c0] : !tirx.buffer<8xi16, global>
      %sh = tirx.ptr_to %hbuf[%c0] : !tirx.buffer<8xi16, shared>
      tirx.ptx.cp.reduce.async.bulk.s2g add f16 %dh, %sh, %b16 : !tirx.ptr<i16, global>, !tirx.ptr<i16, shared>
      %db = tirx.ptr_to %b[%c0] : !tirx.buffer<8xbf16, global>
      %sb = tirx.ptr_to %bbuf[%c0] : !tirx.buffer<8xbf16, shared>
      tirx.ptx.cp.reduce.async.bulk.s2g max bf16 %db, %sb, %b16 : !tirx.ptr<bf16, global>, !tirx.ptr<bf16, shared>
      tirx.ptx.cp.async.bulk.commit_group
      tirx.ptx.cp.async.bulk.wait_group 0
    }
  }
  return
}
