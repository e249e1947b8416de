// REQUIRES: ptxas
// RUN: tirx-translate %s --emit=ptx --chip=sm_90a -o %t.with.ptx
// RUN: sed -e 's/^ *tirx\.profile\..*$/\/\/ (removed)/' %s > %t.without.mlir
// RUN: tirx-translate %t.without.mlir --emit=ptx --chip=sm_90a -o %t.without.ptx
// RUN: grep -v -e '^\s*\.loc' -e '^\s*\.file' %t.with.ptx > %t.a
// RUN: grep -v -e '^\s*\.loc' -e '^\s*\.file' %t.without.ptx > %t.b
// RUN: diff %t.a %t.b
// RUN: FileCheck %s --input-file=%t.with.ptx
// RUN: %ptxas -arch=sm_90a %t.with.ptx -o /dev/null

// Profiling off costs nothing: the compile pipeline drops the trace ops, so
// the kernel's PTX is the PTX of the same kernel without them.

// CHECK-LABEL: .entry scale(
// CHECK-NOT: globaltimer
// CHECK-NOT: activemask
// CHECK: ret;
func.func @scale(%A: !tirx.buffer<256xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [256] : i32
    tirx.profile.range_begin "scale"
    %i = arith.index_cast %tx : i32 to index
    %v = tirx.buffer_load %A[%i] : !tirx.buffer<256xf32, global> -> f32
    %w = arith.addf %v, %v : f32
    tirx.buffer_store %w, %A[%i] : f32, !tirx.buffer<256xf32, global>
    tirx.profile.mark "stored"
    tirx.profile.range_end "scale"
  }
  return
}
