// RUN: tirx-opt %s --tirx-attach-target="chip=sm_100a" -split-input-file -verify-diagnostics

// What tirx-attach-target checks over a whole kernel.

// With a register budget, setmaxnreg.dec cannot target more registers than
// the budget (ptxas C7406).
func.func @over_budget() attributes {tirx.launch = #tirx.launch<max_registers = 128>} {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    // expected-error @+1 {{'tirx.ptx.setmaxnreg' op decreases to 256 registers, more than the kernel's budget of 128 (#tirx.launch max_registers)}}
    tirx.ptx.setmaxnreg dec 256
  }
  return
}

// -----

// Without a budget, ptxas ignores setmaxnreg (C7508).
func.func @no_budget() {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    // expected-error @+1 {{'tirx.ptx.setmaxnreg' op takes effect only when the kernel's register count at entry is known}}
    tirx.ptx.setmaxnreg inc 232
  }
  return
}

