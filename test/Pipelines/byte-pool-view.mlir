// RUN: tirx-translate %tirx_src_root/examples/byte_pool_view.mlir --emit=ptx | FileCheck %s
// RUN: tirx-opt %tirx_src_root/examples/byte_pool_view.mlir --tirx-to-nvvm-pipeline | FileCheck %s --check-prefix=NVVM

// The typed f32 view over the ui8 shared.dyn pool: the dynamic shared
// memory arena is an extern shared array, the view is at byte 256 of it and
// accesses are 4-byte shared stores/loads; the mutable local is promoted.

// CHECK: .extern .shared .align 1024 .b8 __tirx_dyn_smem[];
// CHECK: .visible .entry stage(
// CHECK: ld.global.b32
// CHECK: st.shared.b32 [{{.*}}+256]
// CHECK-NOT: .local
// CHECK: st.global.b32

// NVVM: gpu.launch_func @tirx_kernels::@stage
// NVVM-SAME: dynamic_shared_memory_size %{{.*}}
// NVVM: llvm.mlir.global external @__tirx_dyn_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
// NVVM-NOT: llvm.alloca
// NVVM: llvm.getelementptr %{{.*}} : (!llvm.ptr, i64) -> !llvm.ptr, f32
