// RUN: not tirx-translate %s --emit=ptx --chip=sm_100a 2>&1 | FileCheck %s --check-prefix=ERR

// All tcgen05 ops of a kernel use one CTA group: mixing is an error at the
// op, with a note at the kernel's first tcgen05 op.
// ERR: {{.*}}.mlir:18:5: error: 'tirx.ptx.tcgen05.dealloc' op uses cta_group::1, but the kernel's first tcgen05 op uses cta_group::2
// ERR: note: the kernel's first tcgen05 op (tirx.ptx.tcgen05.alloc)

func.func @k(%taddr: i32, %ncols: i32)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %slotb = tirx.alloc_buffer {name = "slot"} : !tirx.buffer<1xi32, shared>
    %slot = tirx.ptr_to %slotb[%c0] : !tirx.buffer<1xi32, shared>
    tirx.ptx.tcgen05.alloc cta_2 %slot, %ncols : !tirx.ptr<i32, shared>
    %t = tirx.reinterpret %taddr : i32 to !tirx.ptr<f32, tmem>
    tirx.ptx.tcgen05.dealloc %t, %ncols : !tirx.ptr<f32, tmem>
  }
  return
}
