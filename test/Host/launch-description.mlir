// RUN: tirx-translate %s --emit=launch | FileCheck %s

// The launch description of a TMA copy: the descriptor's element type
// reaches the launcher as the string "float16", its dims mix a constant and
// the host-computed row count (value 2, the tirx.buffer_dim), and the
// descriptor is passed to the kernel by value ("abi": "tensormap").

// CHECK: "format": "tirx-launch/1",
// CHECK: "functions": [
// CHECK:     "launch": {
// CHECK:       "args": [
// CHECK:           "abi": "pointer",
// CHECK-NEXT:      "value": 1
// CHECK:           "abi": "tensormap",
// CHECK-NEXT:      "value": [[DESC:[0-9]+]]
// CHECK:       "cluster": [
// CHECK:       "dynamic_shared_memory": {{[0-9]+}},
// CHECK:       "kernel": "copy",
// CHECK-NEXT:  "module": "tirx_kernels"
// CHECK:     "name": "copy",
// CHECK:     "params": [
// CHECK:         "dtype": "float16",
// CHECK-NEXT:    "element_bits": 16,
// CHECK-NEXT:    "index": 0,
// CHECK-NEXT:    "kind": "buffer",
// CHECK:         "name": "A",
// CHECK-NEXT:    "shape": [
// CHECK-NEXT:      null,
// CHECK-NEXT:      64
// CHECK-NEXT:    ],
// CHECK-NEXT:    "strides": [
// CHECK-NEXT:      64,
// CHECK-NEXT:      1
// CHECK:         "kind": "scalar",
// CHECK:         "name": "scale",
// CHECK:         "type": "f32"
// CHECK:     "values": [
// CHECK:         "op": "param",
// CHECK:         "args": [
// CHECK-NEXT:      0
// CHECK-NEXT:    ],
// CHECK-NEXT:    "dim": 0,
// CHECK-NEXT:    "loc": "{{.*}}launch-description.mlir:{{[0-9]+}}:{{[0-9]+}}",
// CHECK-NEXT:    "op": "tirx.buffer_dim",
// CHECK-NEXT:    "type": "index"
// CHECK:         "box": [
// CHECK-NEXT:      64,
// CHECK-NEXT:      64
// CHECK-NEXT:    ],
// CHECK-NEXT:    "dtype": "float16",
// CHECK:         "global_dims": [
// CHECK-NEXT:      64,
// CHECK-NEXT:      {
// CHECK-NEXT:        "value": 3
// CHECK-NEXT:      }
// CHECK-NEXT:    ],
// CHECK-NEXT:    "global_strides": [
// CHECK-NEXT:      128
// CHECK-NEXT:    ],
// CHECK:         "op": "tirx.tensormap_encode_tiled",
// CHECK-NEXT:    "source": 0,
// CHECK-NEXT:    "swizzle": "128b",
// CHECK-NEXT:    "type": "tensormap"
// CHECK: "pyfuncs": [
// CHECK-NEXT: {
// CHECK-NEXT:   "name": "run_copy",
// CHECK-NEXT:   "source": "def run_copy(a, b):\n    cls.copy(a, b, 1.0)\n"
// CHECK: "target": "sm_90a"
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  tirx.py_func @run_copy source = "def run_copy(a, b):\n    cls.copy(a, b, 1.0)\n"
  func.func @copy(%A: !tirx.buffer<?x64xf16, global> {tirx.name = "A"},
                  %B: !tirx.buffer<1024x64xf16, global> {tirx.name = "B"},
                  %scale: f32 {tirx.name = "scale"})
      attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
    %rows = tirx.buffer_dim %A[0] : !tirx.buffer<?x64xf16, global>
    %desc = tirx.tensormap_encode_tiled %A, "float16" global_dims [64, %rows] global_strides [128] box [64, 64] swizzle "128b" : !tirx.buffer<?x64xf16, global>
    tirx.kernel {
      %bx = tirx.cta_id [16] : i32
      %tx = tirx.thread_id [128] : i32
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      %tile = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared.dyn>
      %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
      %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
      %dst = tirx.ptr_to %tile[%c0, %c0] : !tirx.buffer<64x64xf16, shared.dyn>
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %desc[%zero, %bx], %bar : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
      %v = tirx.buffer_load %tile[%c0, %c0] : !tirx.buffer<64x64xf16, shared.dyn> -> f16
      tirx.buffer_store %v, %B[%c0, %c0] : f16, !tirx.buffer<1024x64xf16, global>
    }
    return
  }
}
