// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// Verifier messages of the synchronization PTX ops: cluster addressing,
// mbarrier, fences, barriers, warp-level and launch-control ops.

func.func @mapa_wrong_result(%p: !tirx.ptr<i64, shared>, %r: i32) {
  // expected-error @+1 {{result must be '!tirx.ptr<i64, shared.cluster>' for an address of type '!tirx.ptr<i64, shared>', got '!tirx.ptr<i64, generic>'}}
  %0 = tirx.ptx.mapa %p, %r : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, generic>
  return
}

// -----

func.func @mapa_i64_to_ptr(%a: i64, %r: i32) {
  // expected-error @+1 {{result must be 'i64' for an address of type 'i64', got '!tirx.ptr<i64, generic>'}}
  %0 = tirx.ptx.mapa %a, %r : i64 -> !tirx.ptr<i64, generic>
  return
}

// -----

func.func @mapa_i32_to_i64(%a: i32, %r: i32) {
  // expected-error @+1 {{result must be 'i32' for an address of type 'i32', got 'i64'}}
  %0 = tirx.ptx.mapa %a, %r : i32 -> i64
  return
}

// -----

func.func @mapa_global(%p: !tirx.ptr<f32, global>, %r: i32) {
  // expected-error @+1 {{operand #0 must be pointer in shared, shared.dyn or generic memory or 64-bit signless integer or 32-bit signless integer}}
  %0 = tirx.ptx.mapa %p, %r : !tirx.ptr<f32, global> -> !tirx.ptr<f32, global>
  return
}

// -----

func.func @getctarank_shared(%p: !tirx.ptr<f32, shared>) {
  // expected-error @+1 {{operand #0 must be pointer in shared.cluster or generic memory or 64-bit signless integer or 32-bit signless integer}}
  %0 = tirx.ptx.getctarank %p : !tirx.ptr<f32, shared>
  return
}

// -----

func.func @mbarrier_wrong_element(%p: !tirx.ptr<i32, shared>, %n: i32) {
  // expected-error @+1 {{operand #0 must be pointer to a 64-bit mbarrier in shared, shared.dyn or generic memory}}
  tirx.ptx.mbarrier.init %p, %n : !tirx.ptr<i32, shared>
  return
}

// -----

func.func @mbarrier_global(%p: !tirx.ptr<i64, global>, %n: i32) {
  // expected-error @+1 {{operand #0 must be pointer to a 64-bit mbarrier in shared, shared.dyn or generic memory}}
  tirx.ptx.mbarrier.init %p, %n : !tirx.ptr<i64, global>
  return
}

// -----

func.func @mbarrier_init_remote(%p: !tirx.ptr<i64, shared.cluster>, %n: i32) {
  // expected-error @+1 {{operand #0 must be pointer to a 64-bit mbarrier in shared, shared.dyn or generic memory}}
  tirx.ptx.mbarrier.init %p, %n : !tirx.ptr<i64, shared.cluster>
  return
}

// -----

func.func @arrive_tmem(%p: !tirx.ptr<i64, tmem>) {
  // expected-error @+1 {{operand #0 must be pointer to a 64-bit mbarrier in shared, shared.dyn, shared.cluster or generic memory}}
  tirx.ptx.mbarrier.arrive %p : !tirx.ptr<i64, tmem>
  return
}

// -----

func.func @remote_arrive_state(%p: !tirx.ptr<i64, shared.cluster>) {
  // expected-error @+1 {{a remote arrive on a shared.cluster mbarrier returns no state}}
  %0 = tirx.ptx.mbarrier.arrive release cluster %p : !tirx.ptr<i64, shared.cluster> -> i64
  return
}

// -----

func.func @remote_expect_tx_state(%p: !tirx.ptr<i64, shared.cluster>, %tx: i32) {
  // expected-error @+1 {{a remote arrive on a shared.cluster mbarrier returns no state}}
  %0 = tirx.ptx.mbarrier.arrive.expect_tx %p, tx %tx : !tirx.ptr<i64, shared.cluster> -> i64
  return
}

// -----

func.func @try_wait_remote(%p: !tirx.ptr<i64, shared.cluster>, %ph: i32) {
  // expected-error @+1 {{operand #0 must be pointer to a 64-bit mbarrier in shared, shared.dyn or generic memory}}
  %0 = tirx.ptx.mbarrier.try_wait.parity %p, %ph : !tirx.ptr<i64, shared.cluster>
  return
}

// -----

func.func @tensormap_acquire_no_addr() {
  // expected-error @+1 {{acquire needs the address of the tensormap}}
  tirx.ptx.fence.proxy.tensormap acquire gpu
  return
}

// -----

func.func @tensormap_release_addr(%p: !tirx.ptr<!tirx.tensormap, global>) {
  // expected-error @+1 {{release takes no address}}
  tirx.ptx.fence.proxy.tensormap release gpu %p : !tirx.ptr<!tirx.tensormap, global>
  return
}

// -----

func.func @bar_count_without_id(%n: i32) {
  // expected-error @+1 {{a thread count needs a barrier id}}
  tirx.ptx.barrier.sync count %n
  return
}

// -----

func.func @bar_red_count_without_id(%p: i1, %n: i32) {
  // expected-error @+1 {{a thread count needs a barrier id}}
  %0 = tirx.ptx.barrier.red popc %p count %n : i32
  return
}

// -----

func.func @bar_red_popc_i1(%p: i1) {
  // expected-error @+1 {{result must be 'i32' for 'popc', got 'i1'}}
  %0 = tirx.ptx.barrier.red popc %p : i1
  return
}

// -----

func.func @vote_ballot_i1(%m: i32, %p: i1) {
  // expected-error @+1 {{result must be 'i32' for 'ballot', got 'i1'}}
  %0 = tirx.ptx.vote.sync ballot %m, %p : i1
  return
}

// -----

func.func @vote_all_i32(%m: i32, %p: i1) {
  // expected-error @+1 {{result must be 'i1' for 'all', got 'i32'}}
  %0 = tirx.ptx.vote.sync all %m, %p : i32
  return
}

// -----

func.func @redux_add_f32(%m: i32, %x: f32) {
  // expected-error @+1 {{'add' reduces i32, got 'f32'}}
  %0 = tirx.ptx.redux.sync add %x, %m : f32
  return
}

// -----

func.func @redux_fmin_i32(%m: i32, %x: i32) {
  // expected-error @+1 {{'fmin' reduces f32, got 'i32'}}
  %0 = tirx.ptx.redux.sync fmin %x, %m : i32
  return
}

// -----

func.func @redux_abs_int(%m: i32, %x: i32) {
  // expected-error @+1 {{abs and nan only apply to fmin and fmax}}
  %0 = tirx.ptx.redux.sync max %x, %m abs : i32
  return
}

// -----

func.func @match_all_no_pred(%m: i32, %x: i32) {
  // expected-error @+1 {{'all' also returns an i1 predicate}}
  %0 = tirx.ptx.match.sync all %m, %x : i32 -> i32
  return
}

// -----

func.func @match_any_pred(%m: i32, %x: i32) {
  // expected-error @+1 {{'any' returns only the lane mask}}
  %0, %1 = tirx.ptx.match.sync any %m, %x : i32 -> i32, i1
  return
}

// -----

func.func @setmaxnreg_odd() {
  // expected-error @+1 {{register count must be a multiple of 8 in [24, 256], got 100}}
  tirx.ptx.setmaxnreg inc 100
  return
}

// -----

func.func @setmaxnreg_small() {
  // expected-error @+1 {{register count must be a multiple of 8 in [24, 256], got 16}}
  tirx.ptx.setmaxnreg dec 16
  return
}

// -----

func.func @clc_query_type(%r: i128) {
  // expected-error @+1 {{result must be 'i1' for 'is_canceled', got 'i32'}}
  %0 = tirx.ptx.clusterlaunchcontrol.query_cancel is_canceled %r : i32
  return
}

// -----

func.func @clc_ctaid_type(%r: i128) {
  // expected-error @+1 {{result must be 'i32' for 'get_first_ctaid_y', got 'i1'}}
  %0 = tirx.ptx.clusterlaunchcontrol.query_cancel get_first_ctaid_y %r : i1
  return
}

// -----

func.func @clc_response_global(%p: !tirx.ptr<i128, global>, %b: !tirx.ptr<i64, shared>) {
  // expected-error @+1 {{operand #0 must be pointer in shared or shared.dyn memory}}
  tirx.ptx.clusterlaunchcontrol.try_cancel %p, %b : !tirx.ptr<i128, global>, !tirx.ptr<i64, shared>
  return
}

// -----

func.func @prefetch_shared(%p: !tirx.ptr<f32, shared>) {
  // expected-error @+1 {{operand #0 must be pointer in generic, global or local memory}}
  tirx.ptx.prefetch L1 %p : !tirx.ptr<f32, shared>
  return
}

// -----

// An L2 eviction priority is prefetch's only with a global pointer.
func.func @prefetch_evict_generic(%p: !tirx.ptr<f32, generic>) {
  // expected-error @+1 {{'tirx.ptx.prefetch' op has no PTX variant with level = L2_evict_last, ptr in generic; its variants: `prefetch.L1`}}
  tirx.ptx.prefetch L2_evict_last %p : !tirx.ptr<f32, generic>
  return
}
