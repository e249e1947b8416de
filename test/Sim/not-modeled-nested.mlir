// RUN: not tirx-sim %s --arg=zeros --print=full 2>&1 | FileCheck %s
// RUN: tirx-opt %s --tirx-attach-target=chip=sm_90a --tirx-dispatch-tile-primitives --tirx-resolve-layouts | tirx-sim - --arg=zeros --print=full | FileCheck %s --check-prefix=DISPATCHED

// An op the simulator does not model stops decoding wherever it is, also
// inside a tirx.if / tirx.for body, and also a tirx op it does not run (a
// tile primitive): one error, and nothing runs (no array is printed).

// Tile primitives run once dispatched (tirx.sim.Kernel does this itself).
// DISPATCHED: arg0: float16[8x8] sum=64 min=1 max=1
func.func @nested_tile_op(%out: !tirx.buffer<8x8xf16, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %zero = arith.constant 0 : i32
    %one = arith.constant 1.0 : f16
    %s = tirx.alloc_buffer {name = "s"} : !tirx.buffer<8x8xf16, shared>
    %is_t0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is_t0 {
      // CHECK: not-modeled-nested.mlir:[[@LINE+3]]:7: error: 'tirx.tile.fill' is not modeled by the simulator: dispatch tile primitives first (tirx-dispatch-tile-primitives, then tirx-resolve-layouts; tirx.sim.Kernel runs both)
      // CHECK-NOT: error:
      // CHECK-NOT: arg0:
      tirx.tile.fill thread %s, %one : !tirx.buffer<8x8xf16, shared>, f16
      tirx.tile.copy thread %out, %s : !tirx.buffer<8x8xf16, global>, !tirx.buffer<8x8xf16, shared>
    }
  }
  return
}
