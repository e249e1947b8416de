//===- Passes.td - TIRx conversions ------------------------*- tablegen -*-===//

#ifndef TIRX_CONVERSION_PASSES_TD
#define TIRX_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTIRxToGPUPass : Pass<"convert-tirx-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Outline tirx.kernel regions into gpu.func kernels";
  let description = [{
    Every function with a `tirx.kernel` is split: the kernel region becomes a
    `gpu.func ... kernel` in the module's `gpu.module @tirx_kernels`, and the
    host part launches it with `gpu.launch_func`, whose grid, cluster and
    block extents come from the kernel's scope ids and whose dynamic shared
    memory size is the total of its `shared.dyn` allocations. Values the
    kernel uses from the host part become kernel arguments (constants are
    cloned instead). Functions the kernel calls are cloned into the GPU
    module. Scope ids become special-register reads (`%tid`, `%ctaid`,
    `%clusterid`, `%cluster_ctaid`, `%laneid`) with the derived arithmetic
    (warp id = linear thread id / 32, warpgroup id = / 128, ...). The
    function's `tirx.launch` controls become `nvvm.maxnreg`,
    `nvvm.minctasm` and `nvvm.cluster_dim`; the block and grid shapes become
    `known_block_size` (emitted as `.maxntid`) and `known_grid_size`.

    Example:

    ```mlir
    func.func @k(%A: !tirx.buffer<256xf32, global>) {
      tirx.kernel {
        %t = tirx.thread_id [256] : i32
        ...
      }
      return
    }
    // becomes
    gpu.module @tirx_kernels {
      gpu.func @k(%A: !tirx.buffer<256xf32, global>) kernel attributes {...} {
        %t = nvvm.read.ptx.sreg.tid.x : i32
        ...
      }
    }
    func.func @k(%A: !tirx.buffer<256xf32, global>) {
      gpu.launch_func @tirx_kernels::@k blocks in (...) threads in (...) args(...)
      return
    }
    ```
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::tirx::TIRxDialect"];
}

def ConvertTIRxToSCFPass : Pass<"convert-tirx-to-scf"> {
  let summary = "Lower tirx.for/while/if to scf, or to cf for irregular loops";
  let description = [{
    Structured TIRx control flow becomes `scf.for`, `scf.while` and
    `scf.if`. A loop or `if` that contains a `tirx.break` or
    `tirx.continue` (at any depth) is irregular and becomes a CFG of `cf`
    branches instead; its enclosing region must allow several blocks
    (a function body, i.e. after `convert-tirx-to-gpu` for kernels).
    `unroll` and `vectorized` loops with a constant trip count are fully
    unrolled (`vectorized` leaves vectorization of the unrolled body to LLVM);
    other kinds become serial loops.

    Example:

    ```mlir
    tirx.for %i = %c0 to %n step %c1 {
      tirx.if %done { tirx.break }
    }
    // becomes cf.br/cf.cond_br blocks: header, body, latch, exit.
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::arith::ArithDialect"];
}

def ConvertTIRxToNVVMPass : Pass<"convert-tirx-to-nvvm"> {
  let summary = "Lower TIRx types and ops to the LLVM and NVVM dialects";
  let description = [{
    `!tirx.ptr<T, scope>` becomes `!llvm.ptr<N>` with the NVPTX address
    space of the scope, a buffer becomes a pointer to its first element
    (strides and offsets turn into address arithmetic), `!tirx.tensormap`
    becomes a generic `!llvm.ptr` to the descriptor. Buffer loads and
    stores (scalar and vector) become `llvm.load`/`llvm.store`,
    `tirx.reinterpret` becomes `inttoptr`/`ptrtoint`/`addrspacecast`/
    `bitcast`, shared allocations become `addrspace(3)` globals, dynamic
    shared allocations become offsets into the kernel's extern shared
    arena, and local allocations become `llvm.alloca`. Every `tirx.ptx.*`
    op becomes its `nvvm` op(s). Math ops that PTX has an instruction for
    (`math.fma`, `sqrt`, `absf`, `floor`, `ceil`, ...) become LLVM
    intrinsics; the others are left for `convert-gpu-to-nvvm`, which calls
    libdevice (NVPTX cannot select their intrinsics).

    The same patterns are available to upstream `convert-to-llvm` and
    `convert-gpu-to-nvvm` through the dialect's
    `ConvertToLLVMPatternInterface`.

    Example:

    ```mlir
    %v = tirx.buffer_load %A[%i] : !tirx.buffer<256xf32, global> -> f32
    // becomes
    %p = llvm.getelementptr %a[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    %v = llvm.load %p : !llvm.ptr<1> -> f32
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

#endif // TIRX_CONVERSION_PASSES_TD
