//===- Passes.td - TIRx to TIRx transforms -----------------*- tablegen -*-===//

#ifndef TIRX_TRANSFORMS_PASSES_TD
#define TIRX_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def InferLaunchShapePass : Pass<"tirx-infer-launch-shape"> {
  let summary = "Record each kernel's launch shape derived from its scope ids";
  let description = [{
    Derives the grid, cluster and block extents of every `tirx.kernel` from
    its scope-id ops (`tirx.cta_id`, `tirx.thread_id`, `tirx.warpgroup_id`,
    ...) and the enclosing function's `tirx.launch` cluster_dims, and writes
    them as the kernel's `grid`, `cluster` and `block` attributes (three
    extents each). Kernels whose shape is inconsistent are rejected by the
    verifier before this pass runs.

    Example:

    ```mlir
    tirx.kernel {
      %b = tirx.cta_id [8] : i32
      %w = tirx.warpgroup_id [2] : i32
    }
    // becomes
    tirx.kernel attributes {block = array<i64: 256, 1, 1>,
        cluster = array<i64: 1, 1, 1>, grid = array<i64: 8, 1, 1>} { ... }
    ```
  }];
}

def PlanSharedMemoryPass : Pass<"tirx-plan-shared-memory"> {
  let summary = "Record where each dynamic shared memory buffer of a kernel lives";
  let description = [{
    Lays out the `shared.dyn` allocations of every `tirx.kernel` in its
    dynamic shared memory arena and records each one's byte offset as
    `tirx.dyn_shared_offset`. Offsets are assigned in program order, each
    aligned to the allocation's `alignment` (at least 16 bytes and one
    element). convert-tirx-to-gpu and the simulator both read the recorded
    offsets, so a kernel runs on the same bytes in both; the arena's size is
    the end of its last-ending allocation.

    A kernel whose allocations already carry offsets keeps them, after a
    check: each offset aligned, no two allocations overlapping, all inside
    the 32-bit byte count a launch can request. Offsets on some allocations
    of a kernel but not others are an error.

    Example:

    ```mlir
    %a = tirx.alloc_buffer : !tirx.buffer<4xui8, shared.dyn>
    %b = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<64xf32, shared.dyn>
    // becomes
    %a = tirx.alloc_buffer {tirx.dyn_shared_offset = 0 : i64} : ...
    %b = tirx.alloc_buffer {alignment = 128 : i64,
                            tirx.dyn_shared_offset = 128 : i64} : ...
    ```
  }];
}

def AttachTargetPass : Pass<"tirx-attach-target", "::mlir::ModuleOp"> {
  let summary = "Validate the compilation target and attach it to GPU modules";
  let description = [{
    Picks the chip from the `chip` option or else the module's
    `#tirx.target`, checks it and the `features` (`+ptxNN`, the PTX ISA
    version) and attaches `#nvvm.target<chip, features, O>` to every
    `gpu.module`. Without `features`, the PTX ISA version is the chip's
    minimum raised to what the module's PTX-level ops need (each op declares
    its own, modifiers included); with `features`, an op that needs more than
    the pinned version is an error at the op. An unknown chip, a malformed
    feature string, a PTX version too old for the chip or newer than this
    build can emit, or a chip that disagrees with the module's
    `#tirx.target` is a diagnostic, never a crash. A module without
    `#tirx.target` gets one, so PTX-level ops are checked against the chip.

    It also checks what only a whole kernel shows: all tcgen05 ops of a
    kernel use the same CTA group, and a kernel with `tirx.ptx.setmaxnreg`
    sets its register budget (`#tirx.launch` `max_registers` or
    `min_blocks_per_sm`), without which ptxas ignores it.

    Example:

    ```mlir
    // tirx-opt --tirx-attach-target="chip=sm_100a features=+ptx88"
    gpu.module @tirx_kernels [#nvvm.target<O = 3, chip = "sm_100a", features = "+ptx88">] {}
    ```
  }];
  let options = [
    Option<"chip", "chip", "std::string", "\"\"",
           "Target chip (default: the module's #tirx.target, else sm_90a)">,
    Option<"features", "features", "std::string", "\"\"",
           "PTX ISA version as '+ptxNN' (default: what the chip and the ops need)">,
    Option<"optLevel", "O", "unsigned", "3", "LLVM optimization level (0-3)">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::tirx::TIRxDialect"];
}

def DispatchTilePrimitivesPass : Pass<"tirx-dispatch-tile-primitives",
                                      "::mlir::ModuleOp"> {
  let summary = "Replace every tile primitive by the code of its variant";
  let description = [{
    For each `tirx.tile.*` op, picks a variant from the tile-variant
    registry (the forced `dispatch` variant, else every registered variant
    of the primitive by decreasing priority; the first that takes the op's
    config keys and whose predicate accepts the target, execution scope,
    operand scopes, element types and layouts wins) and replaces the op by
    that variant's `tirx` / `tirx.ptx` code. When no variant applies, the
    error lists every candidate with the reason it declined. With
    `remarks`, each op reports the variant chosen.

    Register fragments are addressed through `tirx.tile.local_view`;
    `tirx-resolve-layouts` runs after this pass.

    Example:

    ```mlir
    tirx.tile.copy cta %dst, %src : !tirx.buffer<64x64xf16, shared>, !tirx.buffer<64x64xf16, global>
    // becomes a loop of 16-byte vector loads and stores, 8 elements per
    // thread and iteration.
    ```
  }];
  let options = [
    Option<"remarks", "remarks", "bool", "false",
           "Emit a remark naming the variant chosen for each op">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::tirx::TIRxDialect"];
}

def ResolveLayoutsPass : Pass<"tirx-resolve-layouts", "::mlir::ModuleOp"> {
  let summary = "Lower buffer accesses through tile layouts to flat offsets";
  let description = [{
    Replaces every buffer with a `#tirx.layout` by a flat rank-1 buffer of
    the layout's memory span (allocations, views over pointers and function
    arguments) and every access through it by an access at
    `elem_offset + layout(coord)[m]` (swizzle included): `buffer_load`,
    `buffer_store`, `ptr_to`, `buffer_data`, `access_ptr`, and the views
    `buffer_slice`, `buffer_reshape`, `bind` and `tirx.tile.local_view`
    over such buffers. Tensor-memory buffers resolve to their
    `(lane << 16) | column` address. A tile primitive left undispatched is
    an error.

    Example:

    ```mlir
    %v = tirx.buffer_load %A[%i, %j] : !tirx.buffer<64x64xf16, shared, #tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>> -> f16
    // becomes
    %m = ... (i * 64 + j) ^ (((i * 64 + j) >> 3) & 56) ...
    %v = tirx.buffer_load %A_flat[%m] : !tirx.buffer<4096xf16, shared> -> f16
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tirx::TIRxDialect"];
}

def CheckSyncPass : Pass<"tirx-check-sync", "::mlir::ModuleOp"> {
  let summary = "Check every kernel's synchronization without running it";
  let description = [{
    A static check of each `tirx.kernel` after tile dispatch: mbarriers
    (use before init; a peer CTA's use without a cluster barrier after the
    init, or without `fence.mbarrier_init` when the cluster arrive is
    relaxed; re-init without `inval`; arrivals that cannot reach the init
    count; `expect_tx` bytes the phase's copies cannot match; wait parities
    that do not flip over a ring of stages; waits whose parity names the
    phase before the first), the async proxy (generic-proxy writes read by
    TMA, bulk copies, wgmma or tcgen05 without `fence.proxy.async` of the
    right state space; reads of what a TMA load writes with no wait on its
    mbarrier), clusters (peer shared memory accessed with no cluster
    barrier before exit), tensor memory (`tcgen05.alloc` without a
    `dealloc` on some path, no `relinquish_alloc_permit`), wgmma (no
    `wgmma.fence` before an MMA, accumulators accessed before
    `wgmma.wait_group`) and named barriers (`.aligned` under control flow
    that diverges within a warp, `barrier.red` mixed with `barrier.sync`,
    ids of 16 or more, bad thread counts).

    Values are evaluated for every thread of a cluster from the scope ids
    and constants; a finding is an error at the op when the model shows it
    for certain, a warning when it rests on sampled runtime values (the
    CTA's id, kernel arguments), and nothing when the model does not know.
    It runs in `tirx-to-ptx-pipeline` (option `check-sync`, on by default)
    after tile dispatch, layout resolution and launch-shape inference.
    With `warn-only` every finding is a warning and the pass never fails:
    the pipeline's `check-sync-warn-only` and `tirx.compile`'s default
    (`check_sync="warn"`), so code that only has to compile (the original's
    codegen tests) still does, its findings reported at their ops.

    Example:

    ```mlir
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    // error: uses an mbarrier in 'mbar', which no mbarrier.init in the
    // kernel initializes
    %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
    ```
  }];
  let options = [
    Option<"warnOnly", "warn-only", "bool", /*default=*/"false",
           "Report every finding as a warning; the pass never fails">
  ];
  let dependentDialects = ["::mlir::tirx::TIRxDialect"];
}

def LowerProfilePass : Pass<"tirx-lower-profile", "::mlir::ModuleOp"> {
  let summary = "Drop the in-kernel trace ops, or lower them to a trace buffer";
  let description = [{
    By default (`trace=0`, what `tirx-to-nvvm-pipeline` runs) every
    `tirx.profile.*` op is erased: a kernel compiled without tracing is the
    kernel without the ops, so profiling costs nothing when it is off.

    With `trace=1` each function whose `tirx.kernel` holds profile ops gets
    one more parameter, the trace buffer (`!tirx.buffer<?xi64, global>`,
    named `__tirx_trace`), and the function attribute `tirx.profile_trace`
    describing its layout (include/TIRx/Dialect/TIRxProfileOps.h): one
    region per warp of the launch with a header and `capacity` records.
    At the kernel's start lane 0 of each warp writes the header (start
    times, SM id); each op then becomes, for the recording lane (the lowest
    active lane of the warp, or the threads where `leader` holds), a read
    of the timer (`%globaltimer`, or `%clock64` with `timer=clock64`), a
    shared-memory atomic that numbers the warp's events, and two stores of
    the record when its number is below `capacity`. Every attempt is
    counted in the header, so overflow is counted and never written out of
    the warp's region. Run it before `tirx-split-host-device` (the new
    parameter is part of the launch description).

    Example:

    ```mlir
    // tirx-opt --tirx-lower-profile="trace=1 capacity=64"
    func.func @k(%A: !tirx.buffer<128xf32, global>) {
      tirx.kernel {
        %tx = tirx.thread_id [128] : i32
        tirx.profile.range_begin "load"
        ...
    // becomes
    func.func @k(%A: ..., %trace: !tirx.buffer<?xi64, global> {tirx.name = "__tirx_trace"})
        attributes {tirx.profile_trace = {capacity = 64, names = ["load"], ...}} {
      tirx.kernel {
        ... tirx.ptx.activemask, tirx.ptx.sreg.lanemask_lt, tirx.ptx.sreg.globaltimer,
        // tirx.ptx.atom ..., tirx.ptx.red ..., tirx.buffer_store ...
    ```
  }];
  let options = [
    Option<"trace", "trace", "bool", "false",
           "Lower the ops to trace-buffer writes instead of dropping them">,
    Option<"capacity", "capacity", "int64_t", "4096",
           "Records per warp (1 to 2^24); later events are counted, not written">,
    Option<"timer", "timer", "std::string", "\"globaltimer\"",
           "Timer each record reads: globaltimer (ns, one clock for the GPU) "
           "or clock64 (cycles of the SM)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tirx::TIRxDialect"];
}

#endif // TIRX_TRANSFORMS_PASSES_TD
