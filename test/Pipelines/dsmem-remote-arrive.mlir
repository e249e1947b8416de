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
// CHECK: cvta.shared.u64 [[GENERIC:%rd[0-9]+]], [[LOCAL]];
// CHECK: mapa.u64 [[MAPPED:%rd[0-9]+]], [[GENERIC]], %r{{[0-9]+}};
// CHECK: cvta.to.shared::cluster.u64 [[REMOTE:%rd[0-9]+]], [[MAPPED]];
// CHECK: mbarrier.arrive.release.cluster.shared::cluster.b64 _, [[[REMOTE]]]
// CHECK: mbarrier.try_wait.parity.acquire.cluster.shared.b64 {{.*}}, [[[BAR]]]

// The remote buffer's pointer: the raw i64 is a generic address, so mapa
// is the generic one; the i64 result becomes the typed shared pointer (a
// generic address) and the arrive converts it to the shared::cluster window
// (address space 7), whichever CTA it addresses (docs/Design-notes.md).
// LLVM: call ptr @llvm.nvvm.mapa(ptr addrspacecast (ptr addrspace(3) @__tirx_smem to ptr), i32 {{.*}})
// LLVM: [[P:%.*]] = inttoptr i64 {{.*}} to ptr
// LLVM: [[REMOTE:%.*]] = addrspacecast ptr [[P]] to ptr addrspace(7)
// LLVM: call void @llvm.nvvm.mbarrier.arrive.scope.cluster.space.cluster(ptr addrspace(7) [[REMOTE]], i32 1)
