// RUN: tirx-sim %s --diff-ptx --print=full --arg=zeros --ptx-out=%t.ptx | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// Found by fuzz/ptx_diff_fuzz.py: a chain of tirx.if on one value (the
// fuzzer's per-warp permute_layout workspaces) becomes a switch, which LLVM
// emits as brx.idx through a .branchtargets list; the PTX level did not
// model it. Warp w stores a different function of the thread index.
// PTX: .branchtargets
// PTX: brx.idx
// CHECK: PTX level matches the IR level
// CHECK: arg0: int32[128]
// CHECK-NEXT: [0, 3, 6, 9, {{.*}}, 93, 37, 38, {{.*}}, 68, 13, 12, {{.*}}, 16129]

func.func @brx_switch(%out: !tirx.buffer<128xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %warp = tirx.warp_id [4] : i32
    %i = arith.index_castui %tx : i32 to index
    %w0 = arith.constant 0 : i32
    %w1 = arith.constant 1 : i32
    %w2 = arith.constant 2 : i32
    %w3 = arith.constant 3 : i32
    %c3 = arith.constant 3 : i32
    %c5 = arith.constant 5 : i32
    %c77 = arith.constant 77 : i32
    %v10 = arith.muli %tx, %c3 : i32
    %v20 = arith.addi %tx, %c5 : i32
    %v30 = arith.xori %tx, %c77 : i32
    %v40 = arith.muli %tx, %tx : i32
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
