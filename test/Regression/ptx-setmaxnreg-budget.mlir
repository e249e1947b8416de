// RUN: not tirx-translate %s --emit=ptx --chip=sm_90a 2>&1 | FileCheck %s --check-prefix=ERR

// setmaxnreg in a kernel without a register budget (ptxas would ignore it,
// warning C7508) is an error at the op.
// ERR: {{.*}}.mlir:15:7: error: 'tirx.ptx.setmaxnreg' op takes effect only when the kernel's register count at entry is known

func.func @k(%out: !tirx.buffer<64xi32, global>) {
  tirx.kernel {
    %wg = tirx.warpgroup_id [3] : i32
    %tx = tirx.thread_id_in_wg [128] : i32
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %is0 = arith.cmpi eq, %wg, %z : i32
    tirx.if %is0 {
      tirx.ptx.setmaxnreg dec 40
    } else {
      tirx.ptx.setmaxnreg inc 232
      tirx.buffer_store %tx, %out[%c0] : i32, !tirx.buffer<64xi32, global>
    }
  }
  return
}

