//===- Passes.td - the host/device boundary ----------------*- tablegen -*-===//
//
// Passes at the boundary between a kernel function's host part (what the
// launcher runs) and its device kernel: the split, and the ABI of the
// kernel's parameters.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_HOST_PASSES_TD
#define TIRX_HOST_PASSES_TD

include "mlir/Pass/PassBase.td"

def SplitHostDevicePass : Pass<"tirx-split-host-device", "::mlir::ModuleOp"> {
  let summary = "Split kernel functions into host code for the launcher and "
                "device kernels";
  let description = [{
    Every function with a `tirx.kernel` is split in two. The kernel region
    is outlined into `gpu.module @tirx_kernels` (exactly as
    `convert-tirx-to-gpu` does), and the rest of the function stays as its
    host part, ending in the `gpu.launch_func` with the grid, cluster and
    block extents, the dynamic shared memory size and the kernel arguments.

    The host part is what the launcher evaluates before each launch (its
    serialized form is the launch description, `tirx-translate
    --emit=launch`), so it may only hold what the launcher can run:
    integer, index and float arithmetic on scalars (`arith`), buffer
    extents (`tirx.buffer_dim`), buffer data pointers (`tirx.buffer_data`),
    scalar binds and TMA descriptors (`tirx.tensormap_encode_tiled`). The
    function's parameters must be global buffers (with static strides),
    global pointers or scalars, and it returns nothing. Anything else is a
    diagnostic at the op or parameter, before any outlining.

    Example:

    ```mlir
    func.func @copy(%A: !tirx.buffer<?x64xf16, global>, ...) {
      %rows = tirx.buffer_dim %A[0] : !tirx.buffer<?x64xf16, global>
      %desc = tirx.tensormap_encode_tiled %A, "float16" global_dims [64, %rows] ...
      tirx.kernel { ... uses %desc ... }
      return
    }
    // becomes
    func.func @copy(%A: !tirx.buffer<?x64xf16, global>, ...) {
      %rows = tirx.buffer_dim %A[0] : !tirx.buffer<?x64xf16, global>
      %desc = tirx.tensormap_encode_tiled %A, "float16" global_dims [64, %rows] ...
      gpu.launch_func @tirx_kernels::@copy blocks in (...) threads in (...) args(%desc : !tirx.tensormap, ...)
      return
    }
    gpu.module @tirx_kernels { gpu.func @copy(%desc: !tirx.tensormap, ...) kernel {...} }
    ```
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::tirx::TIRxDialect"];
}

def MarkGridConstantsPass : Pass<"tirx-mark-grid-constants"> {
  let summary = "Pass the tensormap parameters of lowered kernels by value "
                "as __grid_constant__";
  let description = [{
    Runs after `convert-gpu-to-nvvm`. Every `llvm.func` kernel whose
    `tirx.grid_constant_args` attribute (set by `convert-tirx-to-gpu` on the
    `!tirx.tensormap` parameters) lists parameter N gets, on that
    parameter, `llvm.byval = !llvm.array<128 x i8>`, `llvm.align = 64` and
    `nvvm.grid_constant`: the PTX parameter becomes
    `.param .align 64 .b8 p[128]`, which is what CUDA, CUTLASS and Triton
    pass a `CUtensorMap` as, and TMA instructions take its generic address
    (`cvta.param`). Upstream `convert-gpu-to-nvvm` drops `llvm.byval` from
    `gpu.func` arguments, so the attributes are set on the lowered function.
    A listed parameter that is not a generic `!llvm.ptr` is an error.

    Example:

    ```mlir
    llvm.func @k(%desc: !llvm.ptr) attributes {tirx.grid_constant_args = array<i32: 0>, ...}
    // becomes
    llvm.func @k(%desc: !llvm.ptr {llvm.align = 64 : i64,
        llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}) attributes {...}
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

#endif // TIRX_HOST_PASSES_TD
