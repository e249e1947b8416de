// RUN: rm -rf %t && mkdir -p %t
// RUN: tirx-sim %s --arg=iota:8 --arg=3 --out-dir=%t | FileCheck %s --check-prefix=RUN1
// RUN: tirx-sim %s --arg=file:%t/arg0.npy --arg=-1 --print=full | FileCheck %s --check-prefix=RUN2
// RUN: tirx-sim %s --arg=iota:8 --arg=0 --print=none --report-stats | FileCheck %s --check-prefix=STATS
// RUN: not tirx-sim %s --arg=bogus:8 --arg=1 2>&1 | FileCheck %s --check-prefix=FILL
// RUN: not tirx-sim %s --arg=iota:8 2>&1 | FileCheck %s --check-prefix=SCALAR
// RUN: not tirx-sim %s --arg=iota:8 --arg=1 --arg=2 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not tirx-sim %s --arg=iota:8 --arg=x 2>&1 | FileCheck %s --check-prefix=NUMBER
// RUN: not tirx-sim %s --arg=rand 2>&1 | FileCheck %s --check-prefix=POINTER
// RUN: not tirx-sim %s --func=missing 2>&1 | FileCheck %s --check-prefix=FUNC
// RUN: not tirx-sim %s --print=loud 2>&1 | FileCheck %s --check-prefix=PRINT
// RUN: not tirx-sim %s --arg=file:%t/none.npy --arg=1 2>&1 | FileCheck %s --check-prefix=NOFILE

// The driver: array arguments filled (iota), written to .npy (--out-dir)
// and read back (file:), scalars, summaries, and its argument errors.
// RUN1: arg0: int32[8] sum=52 min=3 max=10
// RUN2: arg0: int32[8] sum=44 min=2 max=9
// RUN2-NEXT: [2, 3, 4, 5, 6, 7, 8, 9]
// STATS: stats: 58 ops, 8 threads, 1 CTAs, 1 clusters, 0 async ops, races checked
// FILL: tirx-sim: unknown fill 'bogus' (rand, zeros, ones, iota)
// SCALAR: tirx-sim: parameter #1 is a scalar: give its value with --arg
// COUNT: tirx-sim: got 3 --arg options for 2 parameters
// NUMBER: tirx-sim: parameter #1: 'x' is not a number of its type
// POINTER: tirx-sim: parameter #0 is a pointer: give the element count, as in rand:1024
// FUNC: tirx-sim: no function named 'missing'
// PRINT: tirx-sim: --print is summary, full or none
// NOFILE: tirx-sim: cannot open '{{.*}}none.npy'
func.func @add(%p: !tirx.ptr<i32, global>, %k: i32) {
  tirx.kernel {
    %tx = tirx.thread_id [8] : i32
    %b = tirx.decl_buffer %p : !tirx.ptr<i32, global> -> !tirx.buffer<8xi32, global>
    %t = arith.index_cast %tx : i32 to index
    %v = tirx.buffer_load %b[%t] : !tirx.buffer<8xi32, global> -> i32
    %w = arith.addi %v, %k : i32
    tirx.buffer_store %w, %b[%t] : i32, !tirx.buffer<8xi32, global>
  }
  return
}
