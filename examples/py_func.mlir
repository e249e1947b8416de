// A module with a Python function next to its kernel (the script
// frontend's @I.pyfunc): `twice` runs on the host and launches the axpy
// kernel two times, so B = A * alpha * 2 + B for i < n. The function's
// source is kept in the IR; kernel packages carry it and the launcher
// defines it next to the kernels (docs/Runtime.md).
//
//   tirx-translate examples/py_func.mlir --emit=launch
module {
  tirx.py_func @twice source = "def twice(a, b, alpha, n):\n    cls.axpy(a, b, alpha, n)\n    cls.axpy(a, b, alpha, n)\n"

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
}
