// RUN: tirx-opt %s --convert-tirx-to-scf -verify-diagnostics

// An irregular loop still inside a single-block kernel region cannot become
// a CFG.
func.func @irregular_in_kernel(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  tirx.kernel {
    // expected-error @+1 {{has a break or continue and must become a CFG, but its enclosing 'tirx.kernel' holds a single block; lower kernels with convert-tirx-to-gpu first}}
    tirx.for %i = %c0 to %n step %c1 {
      tirx.if %c {
        tirx.break
      }
    }
  }
  return
}
