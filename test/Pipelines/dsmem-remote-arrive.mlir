// RUN: tirx-translate %tirx_src_root/examples/dsmem_remote_arrive.mlir --emit=ptx | FileCheck %s
// RUN: tirx-translate %tirx_src_root/examples/dsmem_remote_arrive.mlir --emit=llvmir | FileCheck %s --check-prefix=LLVM

// The spec's DSMEM example end to end: a 2-CTA cluster, an mbarrier in CTA
// shared memory, mapa of its address to the peer CTA, the raw address
// reinterpreted as a typed ui64 shared pointer, decl_buffer over it, and a
// remote arrive on the shared::cluster address mapa produced.

// CHECK: .visible .entry dsmem_remote_arrive(
// CHECK: .reqnctapercluster 2, 1, 1
// CHECK: .shared .align 16 .b8 [[BAR:__tirx_smem]][8];
// CHECK: mbarrier.init.shared.b64 [[[BAR]]]
// CHECK: barrier.cluster.arrive
// CHECK: barrier.cluster.wait
// CHECK: mov.b64 [[LOCAL:%rd[0-9]+]], [[BAR]];
// CHECK: mapa.shared::cluster.u64 [[MAPPED:%rd[0-9]+]], [[LOCAL]], %r{{[0-9]+}};
// CHECK: and.b64 [[REMOTE:%rd[0-9]+]], [[MAPPED]], 4294967295;
// CHECK: mbarrier.arrive.release.cluster.shared::cluster.b64 _, [[[REMOTE]]]
// CHECK: mbarrier.try_wait.parity.acquire.cluster.shared.b64 {{.*}}, [[[BAR]]]

// The remote buffer's pointer: the 64-bit mapa result (an i64) becomes the
// typed shared pointer, and the arrive goes through the shared::cluster
// address space (7).
// LLVM: call ptr addrspace(7) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) @__tirx_smem, i32 {{.*}})
// LLVM: inttoptr i64 {{.*}} to ptr addrspace(3)
// LLVM: [[REMOTE:%.*]] = inttoptr i32 {{.*}} to ptr addrspace(7)
// LLVM: call void @llvm.nvvm.mbarrier.arrive.scope.cluster.space.cluster(ptr addrspace(7) [[REMOTE]], i32 1)
