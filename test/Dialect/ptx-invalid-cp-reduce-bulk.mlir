// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// cp.reduce.async.bulk: the ISA's op x type grid per destination, shared
// sources, and a global or shared.cluster destination.

func.func @f32_min(%g: !tirx.ptr<f32, global>, %s: !tirx.ptr<f32, shared>, %n: i32) {
  // expected-error @+1 {{has no PTX variant with op = min, type = f32}}
  tirx.ptx.cp.reduce.async.bulk.s2g min f32 %g, %s, %n : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
  return
}

// -----

func.func @s64_add(%g: !tirx.ptr<i64, global>, %s: !tirx.ptr<i64, shared>, %n: i32) {
  // expected-error @+1 {{has no PTX variant with op = add, type = s64}}
  tirx.ptx.cp.reduce.async.bulk.s2g add s64 %g, %s, %n : !tirx.ptr<i64, global>, !tirx.ptr<i64, shared>
  return
}

// -----

func.func @cluster_f32(%c: !tirx.ptr<f32, shared.cluster>, %s: !tirx.ptr<f32, shared>, %b: !tirx.ptr<i64, shared>, %n: i32) {
  // expected-error @+1 {{has no PTX variant with op = add, type = f32}}
  tirx.ptx.cp.reduce.async.bulk.s2s add f32 %c, %s, %b, %n : !tirx.ptr<f32, shared.cluster>, !tirx.ptr<f32, shared>, !tirx.ptr<i64, shared>
  return
}

// -----

func.func @cluster_b64_and(%c: !tirx.ptr<i64, shared.cluster>, %s: !tirx.ptr<i64, shared>, %b: !tirx.ptr<i64, shared>, %n: i32) {
  // expected-error @+1 {{has no PTX variant with op = and, type = b64}}
  tirx.ptx.cp.reduce.async.bulk.s2s and b64 %c, %s, %b, %n : !tirx.ptr<i64, shared.cluster>, !tirx.ptr<i64, shared>, !tirx.ptr<i64, shared>
  return
}

// -----

func.func @global_source(%g: !tirx.ptr<f32, global>, %n: i32) {
  // expected-error @+1 {{operand #1 must be pointer in shared or shared.dyn memory}}
  tirx.ptx.cp.reduce.async.bulk.s2g add f32 %g, %g, %n : !tirx.ptr<f32, global>, !tirx.ptr<f32, global>
  return
}

// -----

func.func @local_mbarrier(%c: !tirx.ptr<i32, shared.cluster>, %s: !tirx.ptr<i32, shared>, %b: !tirx.ptr<i32, shared>, %n: i32) {
  // expected-error @+1 {{operand #2 must be pointer to a 64-bit mbarrier}}
  tirx.ptx.cp.reduce.async.bulk.s2s add u32 %c, %s, %b, %n : !tirx.ptr<i32, shared.cluster>, !tirx.ptr<i32, shared>, !tirx.ptr<i32, shared>
  return
}

// -----

func.func @bad_op_token(%g: !tirx.ptr<f32, global>, %s: !tirx.ptr<f32, shared>, %n: i32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'op' [add, min, max, inc, dec, and, or, xor]}}
  tirx.ptx.cp.reduce.async.bulk.s2g exch f32 %g, %s, %n : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
  return
}
