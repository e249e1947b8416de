// A kernel signature that uses every TIRx type: typed pointers in several
// storage scopes, buffers (with and without a layout) and a TMA descriptor.
// `make demo` verifies and pretty-prints it.
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func private @signature(
      %A: !tirx.buffer<1024x1024xf16, global>,
      %desc: !tirx.tensormap,
      %pool: !tirx.ptr<ui8, shared.dyn>,
      %mbar: !tirx.ptr<ui64, shared>,
      %peer: !tirx.ptr<ui64, shared.cluster>,
      %tile: !tirx.buffer<64x16xf16, shared, strided<[64, 1], offset: ?>>)
      attributes {tirx.launch = #tirx.launch<max_registers = 168, cluster_dims = [2, 1, 1]>}
}
