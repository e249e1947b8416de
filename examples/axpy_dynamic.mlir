// axpy over a vector of any length: the host part reads the length, computes
// the grid (one 256-thread CTA per 256 elements, rounded up) and passes the
// length to the kernel, which bounds-checks with it. The launch dims are
// host code: the kernel's grid(...) operands.
//
//   tirx-translate examples/axpy_dynamic.mlir --emit=launch
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
