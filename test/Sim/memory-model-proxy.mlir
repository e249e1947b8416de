// RUN: tirx-sim %s --split-input-file --verify-diagnostics --seed=0 --print=none --arg=tmap:float16:64:64
// RUN: tirx-sim %s --split-input-file --verify-diagnostics --seed=5 --print=none --arg=tmap:float16:64:64

// fence.proxy.async global does not order shared-memory writes before a
// TMA store that reads them (fence.proxy.async shared.cta would).
func.func @proxy_fence_wrong_space(%desc: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %tile = tirx.alloc_buffer {alignment = 1024 : i64} : !tirx.buffer<64xf16, shared.dyn>
    %t = arith.index_cast %tx : i32 to index
    %f = arith.sitofp %tx : i32 to f16
    %c32 = arith.constant 32 : index
    %t2 = arith.addi %t, %c32 : index
    // expected-note @+1 {{the generic-proxy write is here}}
    tirx.buffer_store %f, %tile[%t] : f16, !tirx.buffer<64xf16, shared.dyn>
    tirx.buffer_store %f, %tile[%t2] : f16, !tirx.buffer<64xf16, shared.dyn>
    tirx.ptx.fence.proxy.async global
    tirx.ptx.barrier.sync aligned
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      %src = tirx.ptr_to %tile[%c0] : !tirx.buffer<64xf16, shared.dyn>
      // expected-error @+1 {{missing fence.proxy.async: the TMA store issued by thread 0 of CTA (0, 0, 0) (async proxy) accesses shared memory at 0x0 that thread 0 of CTA (0, 0, 0) wrote through the generic proxy, with no fence.proxy.async of its state space between the write and the asynchronous operation (the writer's fence.proxy.async global orders global memory only)}}
      tirx.ptx.cp.async.bulk.tensor.store tile rank 1 %desc[%zero], %src : !tirx.tensormap, !tirx.ptr<f16, shared.dyn>
      tirx.ptx.cp.async.bulk.commit_group
      tirx.ptx.cp.async.bulk.wait_group 0 read
    }
  }
  return
}


// -----

// cp.async (unlike the bulk copies and TMA) is a generic-proxy access:
// overwriting shared memory that threads stored to, and reading global
// memory a thread wrote, needs a barrier but no fence.proxy.async.
func.func @cp_async_is_generic_proxy(%desc: !tirx.tensormap, %g: !tirx.buffer<32xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %s = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<32xf32, shared>
    %t = arith.index_cast %tx : i32 to index
    %f = arith.sitofp %tx : i32 to f32
    tirx.buffer_store %f, %s[%t] : f32, !tirx.buffer<32xf32, shared>
    tirx.buffer_store %f, %g[%t] : f32, !tirx.buffer<32xf32, global>
    tirx.ptx.barrier.sync aligned
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      %dst = tirx.ptr_to %s[%c0] : !tirx.buffer<32xf32, shared>
      %src = tirx.ptr_to %g[%c0] : !tirx.buffer<32xf32, global>
      tirx.ptx.cp.async cg %dst, %src, 16 : !tirx.ptr<f32, shared>, !tirx.ptr<f32, global>
      tirx.ptx.cp.async.commit_group
      tirx.ptx.cp.async.wait_group 0
    }
  }
  return
}
