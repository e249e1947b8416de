// RUN: tirx-sim %s --split-input-file --print=full | FileCheck %s

// tirx.for with break and continue, tirx.while, tirx.if/else, and a
// mutable local (a one-element local buffer the simulator keeps in a
// register): the sum of the odd numbers below 10, stopping at 7, then a
// while loop halving 100 to below 10 (counting one extra step for
// each odd value).
// CHECK-LABEL: arg0: int32[2]
// CHECK-NEXT: [16, 5]
func.func @tirx_loops(%out: !tirx.buffer<2xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : i32
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %seven = arith.constant 7 : i32
    %acc = tirx.alloc_buffer : !tirx.buffer<1xi32, local>
    tirx.buffer_store %zero, %acc[%c0] : i32, !tirx.buffer<1xi32, local>
    tirx.for %i = %zero to %c10 step %one : i32 {
      %odd = arith.remsi %i, %two : i32
      %even = arith.cmpi eq, %odd, %zero : i32
      tirx.if %even {
        tirx.continue
      }
      %stop = arith.cmpi sgt, %i, %seven : i32
      tirx.if %stop {
        tirx.break
      }
      %a = tirx.buffer_load %acc[%c0] : !tirx.buffer<1xi32, local> -> i32
      %b = arith.addi %a, %i : i32
      tirx.buffer_store %b, %acc[%c0] : i32, !tirx.buffer<1xi32, local>
    }
    %sum = tirx.buffer_load %acc[%c0] : !tirx.buffer<1xi32, local> -> i32
    tirx.buffer_store %sum, %out[%c0] : i32, !tirx.buffer<2xi32, global>
    %n = tirx.alloc_buffer : !tirx.buffer<1xi32, local>
    %steps = tirx.alloc_buffer : !tirx.buffer<1xi32, local>
    %hundred = arith.constant 100 : i32
    tirx.buffer_store %hundred, %n[%c0] : i32, !tirx.buffer<1xi32, local>
    tirx.buffer_store %zero, %steps[%c0] : i32, !tirx.buffer<1xi32, local>
    tirx.while {
      %v = tirx.buffer_load %n[%c0] : !tirx.buffer<1xi32, local> -> i32
      %big = arith.cmpi sge, %v, %c10 : i32
      tirx.condition %big
    } do {
      %v = tirx.buffer_load %n[%c0] : !tirx.buffer<1xi32, local> -> i32
      %h = arith.divsi %v, %two : i32
      tirx.buffer_store %h, %n[%c0] : i32, !tirx.buffer<1xi32, local>
      %s = tirx.buffer_load %steps[%c0] : !tirx.buffer<1xi32, local> -> i32
      %s1 = arith.addi %s, %one : i32
      %odd = arith.remsi %h, %two : i32
      %isodd = arith.cmpi ne, %odd, %zero : i32
      tirx.if %isodd {
        %s2 = arith.addi %s1, %one : i32
        tirx.buffer_store %s2, %steps[%c0] : i32, !tirx.buffer<1xi32, local>
      } else {
        tirx.buffer_store %s1, %steps[%c0] : i32, !tirx.buffer<1xi32, local>
      }
    }
    %st = tirx.buffer_load %steps[%c0] : !tirx.buffer<1xi32, local> -> i32
    tirx.buffer_store %st, %out[%c1] : i32, !tirx.buffer<2xi32, global>
  }
  return
}

// -----

// scf.for with iteration arguments, scf.if with results and scf.while
// (after lowering from tirx or written directly): factorial 6, and the
// number of Collatz steps from 27.
// CHECK-LABEL: arg0: int32[2]
// CHECK-NEXT: [720, 111]
func.func @scf_loops(%out: !tirx.buffer<2xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %one = arith.constant 1 : i32
    %f = scf.for %i = %c1 to %c7 step %c1 iter_args(%p = %one) -> (i32) {
      %ii = arith.index_cast %i : index to i32
      %q = arith.muli %p, %ii : i32
      scf.yield %q : i32
    }
    tirx.buffer_store %f, %out[%c0] : i32, !tirx.buffer<2xi32, global>
    %start = arith.constant 27 : i32
    %zero = arith.constant 0 : i32
    %two = arith.constant 2 : i32
    %three = arith.constant 3 : i32
    %r:2 = scf.while (%x = %start, %n = %zero) : (i32, i32) -> (i32, i32) {
      %more = arith.cmpi ne, %x, %one : i32
      scf.condition(%more) %x, %n : i32, i32
    } do {
    ^bb0(%y: i32, %m: i32):
      %rem = arith.remsi %y, %two : i32
      %even = arith.cmpi eq, %rem, %zero : i32
      %next = scf.if %even -> (i32) {
        %h = arith.divsi %y, %two : i32
        scf.yield %h : i32
      } else {
        %t = arith.muli %y, %three : i32
        %t1 = arith.addi %t, %one : i32
        scf.yield %t1 : i32
      }
      %m1 = arith.addi %m, %one : i32
      scf.yield %next, %m1 : i32, i32
    }
    tirx.buffer_store %r#1, %out[%c1] : i32, !tirx.buffer<2xi32, global>
  }
  return
}

// -----

// Calls: a recursive function (Fibonacci) and a function with a CFG body
// (cf.cond_br with block arguments), called from the kernel.
// CHECK-LABEL: arg0: int32[2]
// CHECK-NEXT: [55, 12]
func.func private @fib(%n: i32) -> i32 {
  %two = arith.constant 2 : i32
  %one = arith.constant 1 : i32
  %small = arith.cmpi slt, %n, %two : i32
  %r = scf.if %small -> (i32) {
    scf.yield %n : i32
  } else {
    %a = arith.subi %n, %one : i32
    %b = arith.subi %n, %two : i32
    %fa = func.call @fib(%a) : (i32) -> i32
    %fb = func.call @fib(%b) : (i32) -> i32
    %s = arith.addi %fa, %fb : i32
    scf.yield %s : i32
  }
  return %r : i32
}

func.func private @max3(%a: i32, %b: i32, %c: i32) -> i32 {
  %ab = arith.cmpi sgt, %a, %b : i32
  cf.cond_br %ab, ^pick(%a : i32), ^pick(%b : i32)
^pick(%m: i32):
  %mc = arith.cmpi sgt, %m, %c : i32
  cf.cond_br %mc, ^done(%m : i32), ^done(%c : i32)
^done(%r: i32):
  return %r : i32
}

func.func @calls(%out: !tirx.buffer<2xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ten = arith.constant 10 : i32
    %f = func.call @fib(%ten) : (i32) -> i32
    tirx.buffer_store %f, %out[%c0] : i32, !tirx.buffer<2xi32, global>
    %x = arith.constant 5 : i32
    %y = arith.constant 12 : i32
    %z = arith.constant -3 : i32
    %m = func.call @max3(%x, %y, %z) : (i32, i32, i32) -> i32
    tirx.buffer_store %m, %out[%c1] : i32, !tirx.buffer<2xi32, global>
  }
  return
}

