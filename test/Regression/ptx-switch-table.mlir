// RUN: tirx-sim %s --diff-ptx --print=full --arg=zeros --ptx-out=%t.ptx | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// A chain of tirx.if on one value storing constants becomes a switch
// lookup table, a module-level .global array with an initializer that the
// kernel loads from (found next to ptx-brx-switch.mlir; the PTX level did
// not model module-level global variables). Warp w stores table[w].
// PTX: .global .align 4 .b8 switch_$_table_$_switch_table[16] = {7, 0, 0, 0, 232, 3, 0, 0, 13, 0, 0, 0, 159, 134, 1};
// PTX: ld.global.nc.b32
// CHECK: PTX level matches the IR level
// CHECK: arg0: int32[128]
// CHECK-NEXT: [7, 7, 7, {{.*}}, 7, 1000, {{.*}}, 1000, 13, {{.*}}, 13, 99999, {{.*}}, 99999]

func.func @switch_table(%out: !tirx.buffer<128xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %warp = tirx.warp_id [4] : i32
    %i = arith.index_castui %tx : i32 to index
    %w0 = arith.constant 0 : i32
    %w1 = arith.constant 1 : i32
    %w2 = arith.constant 2 : i32
    %w3 = arith.constant 3 : i32
    %v10 = arith.constant 7 : i32
    %v20 = arith.constant 1000 : i32
    %v30 = arith.constant 13 : i32
    %v40 = arith.constant 99999 : i32
    %p0 = arith.cmpi eq, %warp, %w0 : i32
    tirx.if %p0 {
      tirx.buffer_store %v10, %out[%i] : i32, !tirx.buffer<128xi32, global>
    }
    %p1 = arith.cmpi eq, %warp, %w1 : i32
    tirx.if %p1 {
      tirx.buffer_store %v20, %out[%i] : i32, !tirx.buffer<128xi32, global>
    }
    %p2 = arith.cmpi eq, %warp, %w2 : i32
    tirx.if %p2 {
      tirx.buffer_store %v30, %out[%i] : i32, !tirx.buffer<128xi32, global>
    }
    %p3 = arith.cmpi eq, %warp, %w3 : i32
    tirx.if %p3 {
      tirx.buffer_store %v40, %out[%i] : i32, !tirx.buffer<128xi32, global>
    }
  }
  return
}
