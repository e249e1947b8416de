// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// tirx.for's verifier printed a non-positive constant step through
// APInt::getSExtValue, which is only defined for values that fit in 64 bits
// (an assertion in LLVM builds with assertions). Bounds may be any signless
// integer, so the step is now printed at its own width.

func.func @wide(%a: i128, %b: i128) {
  %s = arith.constant -170141183460469231731687303715884105728 : i128
  // expected-error @+1 {{step must be positive, got -170141183460469231731687303715884105728}}
  tirx.for %i = %a to %b step %s : i128 {
  }
  return
}
