// RUN: tirx-opt %s --convert-tirx-to-scf --split-input-file | FileCheck %s

// Loops with break or continue become CFGs: header, body, latch, exit.

// CHECK-LABEL: func.func @for_with_break
// CHECK-SAME: (%[[N:.*]]: index, %[[C:.*]]: i1,
// CHECK: %[[LB:.*]] = arith.constant 0 : index
// CHECK: %[[ST:.*]] = arith.constant 1 : index
// CHECK: cf.br ^[[HEADER:.*]](%[[LB]] : index)
// CHECK: ^[[HEADER]](%[[IV:.*]]: index):
// CHECK: %[[MORE:.*]] = arith.cmpi slt, %[[IV]], %[[N]] : index
// CHECK: cf.cond_br %[[MORE]], ^[[BODY:.*]], ^[[EXIT:.*]]
// CHECK: ^[[BODY]]:
// CHECK: tirx.buffer_store %{{.*}}, %{{.*}}[%[[IV]]]
// CHECK: cf.cond_br %[[C]], ^[[BREAK:.*]], ^[[REST:.*]]
// CHECK: ^[[BREAK]]:
// CHECK-NEXT: cf.br ^[[EXIT]]
// CHECK: ^[[REST]]:
// CHECK-NEXT: cf.br ^[[LATCH:.*]]
// CHECK: ^[[LATCH]]:
// CHECK: %[[NEXT:.*]] = arith.addi %[[IV]], %[[ST]] : index
// CHECK: cf.br ^[[HEADER]](%[[NEXT]] : index)
// CHECK: ^[[EXIT]]:
// CHECK: return
func.func @for_with_break(%n: index, %c: i1, %b: !tirx.buffer<16xi32, local>, %v: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  tirx.for %i = %c0 to %n step %c1 {
    tirx.buffer_store %v, %b[%i] : i32, !tirx.buffer<16xi32, local>
    tirx.if %c {
      tirx.break
    }
  }
  return
}

// -----

// continue jumps to the latch (for) or back to the condition (while);
// regular code inside stays structured.
// CHECK-LABEL: func.func @while_with_continue
// CHECK: cf.br ^[[COND:.*]]
// CHECK: ^[[COND]]:
// CHECK: cf.cond_br %{{.*}}, ^[[BODY:.*]], ^[[EXIT:.*]]
// CHECK: ^[[BODY]]:
// CHECK: scf.if
// CHECK: cf.cond_br %{{.*}}, ^[[CONT:.*]], ^[[REST:.*]]
// CHECK: ^[[CONT]]:
// CHECK-NEXT: cf.br ^[[COND]]
// CHECK: ^[[REST]]:
// CHECK: tirx.buffer_store
// CHECK: cf.br ^[[COND]]
// CHECK: ^[[EXIT]]:
// CHECK: return
func.func @while_with_continue(%c: i1, %d: i1, %b: !tirx.buffer<16xi32, local>, %v: i32) {
  %c0 = arith.constant 0 : index
  tirx.while {
    tirx.condition %c
  } do {
    tirx.if %d {
      tirx.buffer_store %v, %b[%c0] : i32, !tirx.buffer<16xi32, local>
    }
    tirx.if %d {
      tirx.continue
    }
    tirx.buffer_store %v, %b[%c0] : i32, !tirx.buffer<16xi32, local>
  }
  return
}

// -----

// An inner irregular loop makes the outer loop a CFG too; break leaves only
// the innermost loop.
// CHECK-LABEL: func.func @nested
// CHECK-NOT: tirx.for
// CHECK-NOT: tirx.break
// CHECK-NOT: scf.for
// CHECK: return
func.func @nested(%n: index, %c: i1, %b: !tirx.buffer<16xi32, local>, %v: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  tirx.for %i = %c0 to %n step %c1 {
    tirx.for %j = %c0 to %n step %c1 {
      tirx.if %c {
        tirx.break
      } else {
        tirx.continue
      }
    }
    tirx.buffer_store %v, %b[%i] : i32, !tirx.buffer<16xi32, local>
  }
  return
}
