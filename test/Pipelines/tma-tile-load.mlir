// RUN: tirx-translate %tirx_src_root/examples/tma_tile_load.mlir --emit=ptx | FileCheck %s

// A TMA tile load into dynamic shared memory, completed through an mbarrier
// that every thread waits on, then 16-byte vector copies to global memory.
// CHECK: .extern .shared .align 1024 .b8 __tirx_dyn_smem[];
// CHECK: .visible .entry tma_tile_load(
// The descriptor is a by-value __grid_constant__ parameter (test/Host).
// CHECK-NEXT: .param .align 64 .b8 tma_tile_load_param_0[128],
// CHECK: prefetch.tensormap [[[DESC:%rd[0-9]+]]];
// CHECK: mbarrier.init.shared.b64 [[[BAR:__tirx_smem]]]
// CHECK: fence.proxy.async.shared::cta;
// CHECK: bar.sync 0;
// CHECK: mbarrier.arrive.expect_tx.shared.b64 {{.*}}, [[[BAR]]], {{.*}};
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{.*}}], [[[DESC]], {{{.*}}, {{.*}}}], [[[BAR]]];
// CHECK: mbarrier.try_wait.parity.shared.b64 {{.*}}, [[[BAR]]]
// CHECK: ld.shared.v4.b32
// CHECK: st.global.v4.b32
