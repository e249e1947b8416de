// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// A buffer whose element count overflows int64_t computed its default
// strides (and its element count, for mem2reg and buffer_reshape) with
// signed overflow. The type verifier now rejects it.

// expected-error @+1 {{buffer has more than 9223372036854775807 elements}}
func.func private @f(!tirx.buffer<4294967296x4294967296x4xf32, shared>)

// -----

func.func @alloc() {
  tirx.kernel {
    // expected-error @+1 {{buffer has more than 9223372036854775807 elements}}
    %a = tirx.alloc_buffer : !tirx.buffer<4294967296x4294967296x4xf32, shared>
  }
  return
}

// -----

// Dynamic dimensions do not count; the static ones still must fit.
// expected-error @+1 {{buffer has more than 9223372036854775807 elements}}
func.func private @g(!tirx.buffer<?x3037000500x3037000500xf32, global>)

// -----

// The largest static element count is accepted.
func.func private @h(!tirx.buffer<?x9223372036854775807xi8, global>)
