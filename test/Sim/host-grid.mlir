// RUN: tirx-sim %s --arg=ones:1000 --arg=ones:1000 --arg=2.0 --report-stats 2>&1 | FileCheck %s

// A grid the host part computes (the kernel's grid operands) is read when
// the host reaches the launch; tirx.buffer_dim reads a dynamic extent from
// the array given for the buffer. 1000 elements: 4 CTAs of 256 threads.
// CHECK: 1024 threads, 4 CTAs
// CHECK: arg1: float32[1000] sum=3000 min=3 max=3
func.func @axpy_dynamic(%A: !tirx.buffer<?xf32, global>, %B: !tirx.buffer<?xf32, global>,
                        %alpha: f32) {
  %c256 = arith.constant 256 : index
  %n = tirx.buffer_dim %A[0] : !tirx.buffer<?xf32, global>
  %ctas = arith.ceildivui %n, %c256 : index
  %n32 = arith.index_cast %n : index to i32
  tirx.kernel grid(%ctas) {
    %bx = tirx.cta_id : i32
    %tx = tirx.thread_id [256] : i32
    %c256i = arith.constant 256 : i32
    %base = arith.muli %bx, %c256i : i32
    %i = arith.addi %base, %tx : i32
    %in_bounds = arith.cmpi slt, %i, %n32 : i32
    tirx.if %in_bounds {
      %idx = arith.index_cast %i : i32 to index
      %a = tirx.buffer_load %A[%idx] : !tirx.buffer<?xf32, global> -> f32
      %b = tirx.buffer_load %B[%idx] : !tirx.buffer<?xf32, global> -> f32
      %r = math.fma %a, %alpha, %b : f32
      tirx.buffer_store %r, %B[%idx] : f32, !tirx.buffer<?xf32, global>
    }
  }
  return
}
