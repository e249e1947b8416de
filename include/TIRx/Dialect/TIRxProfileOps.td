//===- TIRxProfileOps.td - TIRx in-kernel trace ops --------*- tablegen -*-===//
//
// Trace ranges and marks inside a kernel (`tirx.profile.*`). They record
// nothing by themselves: `tirx-lower-profile` either drops them (the
// default, as every compile pipeline does) or, with `trace=1`, lowers each
// to a timer read written into a per-warp trace buffer that the pass adds
// as a kernel parameter. The simulator runs them as events of its own
// trace (docs/Profiling.md). Generated separately from the core ops.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXPROFILEOPS_TD
#define TIRX_DIALECT_TIRXPROFILEOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "TIRx/Dialect/TIRxDialect.td"

// What the ops write: the kernel's trace. Distinct from memory, so they
// order among themselves (never CSE'd, hoisted or dropped as dead) without
// claiming to touch the kernel's buffers.
def TIRx_ProfileTrace : Resource<"::mlir::tirx::ProfileTraceResource">;

class TIRx_ProfileOp<string mnemonic, list<Trait> traits = []>
    : TIRx_Op<"profile." # mnemonic,
              !listconcat([MemoryEffects<[MemWrite<TIRx_ProfileTrace>]>],
                          traits)> {
  let hasVerifier = 1;
  code commonDescription = [{

    Which threads record: without `leader`, one lane of each warp that
    executes the op (the lowest active one); with `leader`, every thread
    for which it is true (give one thread per warp, e.g. `lane == 0`).
    The op must be in device code (a `tirx.kernel`, or the `gpu.func` the
    kernel was outlined to); `tirx-lower-profile` drops it unless tracing
    is requested.
  }];
}

def TIRx_ProfileRangeBeginOp : TIRx_ProfileOp<"range_begin"> {
  let summary = "Open a named trace range";
  let description = [{
    Opens the range `name` on the executing warp's track: the time between
    it and the matching `tirx.profile.range_end` becomes a slice of the
    trace (a `"X"` event in the Chrome/Perfetto JSON). Ranges nest per
    warp: an end closes the innermost open range. The script frontend
    emits it for `with T.profile.range("name"):`, `T.cuda.timer_start` and
    `T.cuda.iket.range_push`.
  }] # commonDescription # [{

    Example:

    ```mlir
    tirx.profile.range_begin "mma"
    tirx.profile.range_begin "load" leader(%is_lane0)
    ```
  }];
  let arguments = (ins StrAttr:$name, Optional<I1>:$leader);
  let assemblyFormat = "$name (`leader` `(` $leader^ `)`)? attr-dict";
}

def TIRx_ProfileRangeEndOp : TIRx_ProfileOp<"range_end"> {
  let summary = "Close the innermost open trace range";
  let description = [{
    Closes the executing warp's innermost open range. With a `name`, the
    trace checks that the range it closes has that name: a mismatch (or an
    end with no open range) shows as an instant event `"unmatched
    range_end"` on the warp's track instead of closing anything. Ranges
    still open when the warp's last event was recorded are closed there and
    marked `"open": true`.
  }] # commonDescription # [{

    Example:

    ```mlir
    tirx.profile.range_end "mma"
    tirx.profile.range_end
    ```
  }];
  let arguments = (ins OptionalAttr<StrAttr>:$name, Optional<I1>:$leader);
  let assemblyFormat = "($name^)? (`leader` `(` $leader^ `)`)? attr-dict";
}

def TIRx_ProfileMarkOp : TIRx_ProfileOp<"mark"> {
  let summary = "Record a named instant in the trace";
  let description = [{
    Records the instant `name` on the executing warp's track (an `"i"`
    event in the Chrome/Perfetto JSON), e.g. when a producer has issued a
    copy. The script frontend emits it for `T.profile.mark("name")`,
    `T.cuda.iket.mark` and `T.cuda.timer_finalize`.
  }] # commonDescription # [{

    Example:

    ```mlir
    tirx.profile.mark "tma_issued"
    ```
  }];
  let arguments = (ins StrAttr:$name, Optional<I1>:$leader);
  let assemblyFormat = "$name (`leader` `(` $leader^ `)`)? attr-dict";
}

#endif // TIRX_DIALECT_TIRXPROFILEOPS_TD
