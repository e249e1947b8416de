// RUN: tirx-opt %s --tirx-attach-target=chip=sm_90a --tirx-dispatch-tile-primitives --tirx-resolve-layouts | tirx-sim - --arg=iota --arg=zeros --print=full | FileCheck %s

// The reg variant of tile elementwise with operands that hold the same
// elements in another register order (%x row-major, %y transposed: element
// (l, 2i + j) in register i + 2j): each operand's register is read where
// it holds the element. It used to read every operand at the destination's
// register index ({-c0, -c2, -c1, -c3} instead of -in).
// CHECK: arg1: float32[32x4]
// CHECK-NEXT: [-0, -1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12, -13, -14, -15, -16, -17, -18, -19, -20, -21, -22, -23, -24, -25, -26, -27, -28, -29, -30, -31, -32, -33, -34, -35, -36, -37, -38, -39, -40, -41, -42, -43, -44, -45, -46, -47, -48, -49, -50, -51, -52, -53, -54, -55, -56, -57, -58, -59, -60, -61, -62, -63, -64, -65, -66, -67, -68, -69, -70, -71, -72, -73, -74, -75, -76, -77, -78, -79, -80, -81, -82, -83, -84, -85, -86, -87, -88, -89, -90, -91, -92, -93, -94, -95, -96, -97, -98, -99, -100, -101, -102, -103, -104, -105, -106, -107, -108, -109, -110, -111, -112, -113, -114, -115, -116, -117, -118, -119, -120, -121, -122, -123, -124, -125, -126, -127]

!a = !tirx.buffer<32x4xf32, local, #tirx.layout<S[(32, 4):(1@laneid, 1)]>>
!b = !tirx.buffer<32x4xf32, local, #tirx.layout<S[(32, 2, 2):(1@laneid, 1, 2)]>>
func.func @neg_reordered(%in: !tirx.buffer<32x4xf32, global>, %out: !tirx.buffer<32x4xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %x = tirx.alloc_buffer : !a
    %y = tirx.alloc_buffer : !b
    tirx.tile.copy warp %x, %in : !a, !tirx.buffer<32x4xf32, global>
    tirx.tile.unary neg warp %y, %x : !b, !a
    tirx.tile.copy warp %out, %y : !tirx.buffer<32x4xf32, global>, !b
  }
  return
}
