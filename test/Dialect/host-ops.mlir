// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @buffer_dim
// FOLD-LABEL: func.func @buffer_dim
func.func @buffer_dim(%A: !tirx.buffer<?x64xf16, global>) -> (index, index) {
  // CHECK: tirx.buffer_dim %{{.*}}[0] : !tirx.buffer<?x64xf16, global>
  // CHECK: tirx.buffer_dim %{{.*}}[1] : !tirx.buffer<?x64xf16, global>
  // FOLD: %[[C64:.*]] = arith.constant 64 : index
  // FOLD: %[[N:.*]] = tirx.buffer_dim %{{.*}}[0]
  // FOLD: return %[[N]], %[[C64]]
  %n = tirx.buffer_dim %A[0] : !tirx.buffer<?x64xf16, global>
  %m = tirx.buffer_dim %A[1] : !tirx.buffer<?x64xf16, global>
  return %n, %m : index, index
}

// CHECK-LABEL: func.func @tensormap_static
func.func @tensormap_static(%A: !tirx.buffer<1024x1024xf16, global>) -> !tirx.tensormap {
  // CHECK: tirx.tensormap_encode_tiled %{{.*}}, "float16" global_dims [1024, 1024] global_strides [2048] box [64, 64] swizzle "128b" : !tirx.buffer<1024x1024xf16, global>
  %d = tirx.tensormap_encode_tiled %A, "float16" global_dims [1024, 1024] global_strides [2048] box [64, 64] swizzle "128b" : !tirx.buffer<1024x1024xf16, global>
  return %d : !tirx.tensormap
}

// CHECK-LABEL: func.func @tensormap_dynamic
func.func @tensormap_dynamic(%A: !tirx.buffer<?x64xbf16, global>) -> !tirx.tensormap {
  // CHECK: %[[ROWS:.*]] = tirx.buffer_dim
  // CHECK: tirx.tensormap_encode_tiled %{{.*}}, "bfloat16" global_dims [64, %[[ROWS]]] global_strides [128] box [64, 32] element_strides [1, 2] l2_promotion "256b" oob_fill "nan_request_zero_fma" : !tirx.buffer<?x64xbf16, global>
  %rows = tirx.buffer_dim %A[0] : !tirx.buffer<?x64xbf16, global>
  %d = tirx.tensormap_encode_tiled %A, "bfloat16" global_dims [64, %rows] global_strides [128] box [64, 32] element_strides [1, 2] l2_promotion "256b" oob_fill "nan_request_zero_fma" : !tirx.buffer<?x64xbf16, global>
  return %d : !tirx.tensormap
}

// CHECK-LABEL: func.func @tensormap_pointer
func.func @tensormap_pointer(%p: !tirx.ptr<ui8, global>, %n: index, %stride: index) -> !tirx.tensormap {
  // CHECK: tirx.tensormap_encode_tiled %{{.*}}, "float8_e4m3fn" global_dims [128, %{{.*}}, 4] global_strides [%{{.*}}, 65536] box [128, 8, 1] : !tirx.ptr<ui8, global>
  %d = tirx.tensormap_encode_tiled %p, "float8_e4m3fn" global_dims [128, %n, 4] global_strides [%stride, 65536] box [128, 8, 1] : !tirx.ptr<ui8, global>
  return %d : !tirx.tensormap
}

// CHECK-LABEL: func.func @tensormap_interleaved
func.func @tensormap_interleaved(%p: !tirx.ptr<f16, global>) -> !tirx.tensormap {
  // CHECK: tirx.tensormap_encode_tiled %{{.*}}, "float16" global_dims [16, 64, 64] global_strides [64, 4096] box [16, 8, 8] interleave "32b" swizzle "32b" : !tirx.ptr<f16, global>
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [16, 64, 64] global_strides [64, 4096] box [16, 8, 8] interleave "32b" swizzle "32b" : !tirx.ptr<f16, global>
  return %d : !tirx.tensormap
}

// CHECK-LABEL: tirx.py_func @scale_then_sum source = "def scale_then_sum(x, y):\0A    cls.axpy(x, y, 2.0, 1000)\0A    return \22done\22\0A"
tirx.py_func @scale_then_sum source = "def scale_then_sum(x, y):\n    cls.axpy(x, y, 2.0, 1000)\n    return \"done\"\n"

// CHECK-LABEL: tirx.py_func @method source = "@staticmethod\0Adef method(self):\0A    pass\0A"
tirx.py_func @method source = "@staticmethod\ndef method(self):\n    pass\n"

// A grid computed on the host: the kernel's grid operands.
// CHECK-LABEL: func.func @host_grid
// CHECK: %[[CTAS:.*]] = arith.ceildivui
// CHECK: tirx.kernel grid(%[[CTAS]]) {
// CHECK:   tirx.cta_id : i32
func.func @host_grid(%A: !tirx.buffer<?xf32, global>) {
  %c256 = arith.constant 256 : index
  %n = tirx.buffer_dim %A[0] : !tirx.buffer<?xf32, global>
  %ctas = arith.ceildivui %n, %c256 : index
  tirx.kernel grid(%ctas) {
    %bx = tirx.cta_id : i32
    %tx = tirx.thread_id [256] : i32
  }
  return
}
