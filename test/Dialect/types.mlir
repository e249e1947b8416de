// RUN: tirx-opt %s | FileCheck %s
// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of every !tirx.ptr, !tirx.buffer and !tirx.tensormap form.

// CHECK-LABEL: func.func private @ptr_scopes
// CHECK-SAME: !tirx.ptr<f32, global>
// CHECK-SAME: !tirx.ptr<f32, shared>
// CHECK-SAME: !tirx.ptr<f32, shared.dyn>
// CHECK-SAME: !tirx.ptr<f32, shared.cluster>
// CHECK-SAME: !tirx.ptr<f32, local>
// CHECK-SAME: !tirx.ptr<i32, tmem>
// CHECK-SAME: !tirx.ptr<f32, param>
// CHECK-SAME: !tirx.ptr<f32, generic>
func.func private @ptr_scopes(!tirx.ptr<f32, global>, !tirx.ptr<f32, shared>,
    !tirx.ptr<f32, shared.dyn>, !tirx.ptr<f32, shared.cluster>,
    !tirx.ptr<f32, local>, !tirx.ptr<i32, tmem>, !tirx.ptr<f32, param>,
    !tirx.ptr<f32, generic>)

// CHECK-LABEL: func.func private @ptr_integer_pointees
// CHECK-SAME: !tirx.ptr<i8, global>, !tirx.ptr<ui8, shared.dyn>, !tirx.ptr<si16, global>
// CHECK-SAME: !tirx.ptr<ui32, global>, !tirx.ptr<ui64, shared>, !tirx.ptr<i64, global>
// CHECK-SAME: !tirx.ptr<i1, local>, !tirx.ptr<i4, global>
func.func private @ptr_integer_pointees(!tirx.ptr<i8, global>,
    !tirx.ptr<ui8, shared.dyn>, !tirx.ptr<si16, global>,
    !tirx.ptr<ui32, global>, !tirx.ptr<ui64, shared>, !tirx.ptr<i64, global>,
    !tirx.ptr<i1, local>, !tirx.ptr<i4, global>)

// CHECK-LABEL: func.func private @ptr_float_pointees
// CHECK-SAME: !tirx.ptr<f16, global>, !tirx.ptr<bf16, global>, !tirx.ptr<f64, global>
// CHECK-SAME: !tirx.ptr<f8E4M3FN, shared>, !tirx.ptr<f8E5M2, shared>
// CHECK-SAME: !tirx.ptr<f4E2M1FN, global>, !tirx.ptr<f6E2M3FN, global>
// CHECK-SAME: !tirx.ptr<f8E8M0FNU, tmem>, !tirx.ptr<tf32, shared>
func.func private @ptr_float_pointees(!tirx.ptr<f16, global>,
    !tirx.ptr<bf16, global>, !tirx.ptr<f64, global>,
    !tirx.ptr<f8E4M3FN, shared>, !tirx.ptr<f8E5M2, shared>,
    !tirx.ptr<f4E2M1FN, global>, !tirx.ptr<f6E2M3FN, global>,
    !tirx.ptr<f8E8M0FNU, tmem>, !tirx.ptr<tf32, shared>)

// CHECK-LABEL: func.func private @ptr_vector_and_handle_pointees
// CHECK-SAME: !tirx.ptr<vector<4xf32>, global>, !tirx.ptr<vector<2xbf16>, shared>
// CHECK-SAME: !tirx.ptr<!tirx.tensormap, param>, !tirx.ptr<!tirx.tensormap, global>
// CHECK-SAME: !tirx.ptr<none, generic>
func.func private @ptr_vector_and_handle_pointees(
    !tirx.ptr<vector<4xf32>, global>, !tirx.ptr<vector<2xbf16>, shared>,
    !tirx.ptr<!tirx.tensormap, param>, !tirx.ptr<!tirx.tensormap, global>,
    !tirx.ptr<none, generic>)

// CHECK-LABEL: func.func private @buffers
// CHECK-SAME: !tirx.buffer<128x64xf16, shared>
// CHECK-SAME: !tirx.buffer<?x1024xf32, global>
// CHECK-SAME: !tirx.buffer<?x?xbf16, global>
// CHECK-SAME: !tirx.buffer<1xui64, shared>
// CHECK-SAME: !tirx.buffer<f32, local>
// CHECK-SAME: !tirx.buffer<8xvector<4xf32>, local>
// CHECK-SAME: !tirx.buffer<4096xui8, shared.dyn>
// CHECK-SAME: !tirx.buffer<128x512xf32, tmem>
// CHECK-SAME: !tirx.buffer<2x3x4x5x6xi8, global>
func.func private @buffers(!tirx.buffer<128x64xf16, shared>,
    !tirx.buffer<?x1024xf32, global>, !tirx.buffer<?x?xbf16, global>,
    !tirx.buffer<1xui64, shared>, !tirx.buffer<f32, local>,
    !tirx.buffer<8xvector<4xf32>, local>, !tirx.buffer<4096xui8, shared.dyn>,
    !tirx.buffer<128x512xf32, tmem>, !tirx.buffer<2x3x4x5x6xi8, global>)

// CHECK-LABEL: func.func private @buffers_with_layout
// CHECK-SAME: !tirx.buffer<32x16xf16, shared, strided<[64, 1], offset: ?>>
// CHECK-SAME: !tirx.buffer<32x16xf16, shared, strided<[64, 1]>>
// CHECK-SAME: !tirx.buffer<32x16xf16, global, strided<[?, ?], offset: 7>>
// CHECK-SAME: !tirx.buffer<f32, local, strided<[], offset: 3>>
func.func private @buffers_with_layout(
    !tirx.buffer<32x16xf16, shared, strided<[64, 1], offset: ?>>,
    !tirx.buffer<32x16xf16, shared, strided<[64, 1]>>,
    !tirx.buffer<32x16xf16, global, strided<[?, ?], offset: 7>>,
    !tirx.buffer<f32, local, strided<[], offset: 3>>)

// CHECK-LABEL: func.func private @tensormap
// CHECK-SAME: (!tirx.tensormap) -> !tirx.tensormap
func.func private @tensormap(!tirx.tensormap) -> !tirx.tensormap
