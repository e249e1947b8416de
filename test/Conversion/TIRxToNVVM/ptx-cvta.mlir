// RUN: tirx-opt %s --convert-tirx-to-nvvm | FileCheck %s

// cvta and isspacep lower through the one inline-PTX pattern: the space's
// PTX spelling, 64-bit registers, a predicate result in a `b` register.
module attributes {gpu.container_module} {
gpu.module @k {
  // CHECK-LABEL: gpu.func @spaces
  // CHECK: %[[S:.*]] = llvm.inline_asm asm_dialect = att "cvta.to.shared::cta.u64 $0, $1;", "=l,l" %{{.*}} : (i64) -> i64
  // CHECK: llvm.inline_asm asm_dialect = att "cvta.shared::cta.u64 $0, $1;", "=l,l" %[[S]] : (i64) -> i64
  // CHECK: llvm.inline_asm asm_dialect = att "isspacep.param::entry $0, $1;", "=b,l" %{{.*}} : (i64) -> i1
  gpu.func @spaces(%g: i64) {
    %0 = tirx.ptx.cvta.to shared.cta %g : i64
    %1 = tirx.ptx.cvta shared.cta %0 : i64
    %2 = tirx.ptx.isspacep param.entry %g : i64
    gpu.return
  }
}
}
