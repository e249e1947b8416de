// An elementwise kernel over global buffers: B[i] = A[i] * alpha + B[i],
// one element per thread, 8 CTAs of 128 threads, with a bounds check.
//
//   tirx-translate examples/elementwise.mlir --emit=ptx
func.func @axpy(%A: !tirx.buffer<1024xf32, global>, %B: !tirx.buffer<1024xf32, global>,
                %alpha: f32, %n: i32) {
  tirx.kernel {
    %bx = tirx.cta_id [8] : i32
    %tx = tirx.thread_id [128] : i32
    %c128 = arith.constant 128 : i32
    %base = arith.muli %bx, %c128 : i32
    %i = arith.addi %base, %tx : i32
    %in_bounds = arith.cmpi slt, %i, %n : i32
    tirx.if %in_bounds {
      %idx = arith.index_cast %i : i32 to index
      %a = tirx.buffer_load %A[%idx] : !tirx.buffer<1024xf32, global> -> f32
      %b = tirx.buffer_load %B[%idx] : !tirx.buffer<1024xf32, global> -> f32
      %r = math.fma %a, %alpha, %b : f32
      tirx.buffer_store %r, %B[%idx] : f32, !tirx.buffer<1024xf32, global>
    }
  }
  return
}
