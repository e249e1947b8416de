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

#endif // TIRX_TRANSFORMS_PASSES_TD
