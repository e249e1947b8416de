// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// Malformed PTX ops get a located error, never a crash.

func.func @bad_scope_keyword(%b: !tirx.ptr<i64, shared>) {
  // expected-error @+1 {{expected SSA operand}}
  %0 = tirx.ptx.mbarrier.arrive release gpu %b : !tirx.ptr<i64, shared> -> i64
  return
}

// -----

func.func @bad_fence_sem() {
  // expected-error @+1 {{custom op 'tirx.ptx.fence' expected string or keyword containing one of the following enum values for attribute 'sem' [sc, acq_rel, acquire, release]}}
  tirx.ptx.fence seq_cst gpu
  return
}

// -----

func.func @missing_type(%b: !tirx.ptr<i64, shared>, %n: i32) {
  // expected-error @+1 {{expected ':'}}
  tirx.ptx.mbarrier.init %b, %n
  return
}

// -----

func.func @missing_operand(%b: !tirx.ptr<i64, shared>) {
  // expected-error @+1 {{expected ','}}
  tirx.ptx.mbarrier.init %b : !tirx.ptr<i64, shared>
  return
}

// -----

func.func @bad_tcgen05_shape(%t: !tirx.ptr<f32, tmem>) {
  // expected-error @+1 {{custom op 'tirx.ptx.tcgen05.ld' expected string or keyword containing one of the following enum values for attribute 'shape' [shape_16x64b, shape_16x128b, shape_16x256b, shape_32x32b, shape_16x32bx2]}}
  %0 = tirx.ptx.tcgen05.ld shape_32x64b num = 1 %t : !tirx.ptr<f32, tmem> -> vector<1xf32>
  return
}

// -----

func.func @generic_missing_attr() {
  // expected-error @+1 {{'tirx.ptx.fence' op requires attribute 'scope'}}
  "tirx.ptx.fence"() <{sem = 0 : i32}> : () -> ()
  return
}

// -----

func.func @generic_bad_enum_value() {
  // expected-error @+1 {{invalid properties {scope = 0 : i32, sem = 9 : i32} for op tirx.ptx.fence: Invalid attribute `sem` in property conversion: 9 : i32}}
  "tirx.ptx.fence"() <{sem = 9 : i32, scope = 0 : i32}> : () -> ()
  return
}

// -----

func.func @generic_wrong_operand_count(%n: i32) {
  // expected-error @+1 {{'tirx.ptx.mbarrier.init' op expected 2 operands, but found 1}}
  "tirx.ptx.mbarrier.init"(%n) : (i32) -> ()
  return
}

// -----

func.func @generic_bad_segments(%n: i32) {
  // expected-error @+1 {{'tirx.ptx.barrier.sync' op operand count (1) does not match with the total size (3) specified in attribute 'operandSegmentSizes'}}
  "tirx.ptx.barrier.sync"(%n) <{operandSegmentSizes = array<i32: 2, 1>}> : (i32) -> ()
  return
}

// -----

func.func @generic_shape_type(%a: i64, %c: vector<4xf32>, %s: i1) {
  // expected-error @+1 {{Invalid attribute `shape` in property conversion: 7 : i64}}
  %0 = "tirx.ptx.wgmma.mma_async"(%a, %a, %c, %s) <{shape = 7 : i64, type_a = 0 : i32, type_b = 0 : i32, type_d = 3 : i32}> : (i64, i64, vector<4xf32>, i1) -> vector<4xf32>
  return
}
