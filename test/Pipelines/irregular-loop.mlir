// RUN: tirx-translate %s --emit=ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// A loop with break and continue inside a kernel goes through the CFG
// lowering; the mutable local (a counter) is promoted to a register.
// CHECK: .visible .entry search(
// CHECK-NOT: .local
// CHECK: setp
// CHECK: bra
// CHECK: st.global.b32
func.func @search(%data: !tirx.buffer<4096xi32, global>, %out: !tirx.buffer<128xi32, global>, %key: i32) {
  tirx.kernel {
    %t = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %ti = arith.index_cast %t : i32 to index
    %found = tirx.alloc_buffer {name = "found"} : !tirx.buffer<1xi32, local>
    tirx.buffer_store %zero, %found[%c0] : i32, !tirx.buffer<1xi32, local>
    tirx.for %k = %c0 to %c32 step %c1 {
      %row = arith.muli %ti, %c32 : index
      %pos = arith.addi %row, %k : index
      %v = tirx.buffer_load %data[%pos] : !tirx.buffer<4096xi32, global> -> i32
      %neg = arith.cmpi slt, %v, %zero : i32
      tirx.if %neg {
        tirx.continue
      }
      %hit = arith.cmpi eq, %v, %key : i32
      tirx.if %hit {
        %n = tirx.buffer_load %found[%c0] : !tirx.buffer<1xi32, local> -> i32
        %n1 = arith.addi %n, %one : i32
        tirx.buffer_store %n1, %found[%c0] : i32, !tirx.buffer<1xi32, local>
        tirx.break
      }
    }
    %r = tirx.buffer_load %found[%c0] : !tirx.buffer<1xi32, local> -> i32
    tirx.buffer_store %r, %out[%ti] : i32, !tirx.buffer<128xi32, global>
  }
  return
}
