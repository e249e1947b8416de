// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// tensormap.cp_fenceproxy copies shared::cta to global only, at a scope.

func.func @global_source(%g: !tirx.ptr<i8, global>) {
  // expected-error @+1 {{operand #1 must be pointer in shared or shared.dyn memory}}
  tirx.ptx.tensormap.cp_fenceproxy gpu %g, %g : !tirx.ptr<i8, global>, !tirx.ptr<i8, global>
  return
}

// -----

func.func @shared_destination(%s: !tirx.ptr<i8, shared>) {
  // expected-error @+1 {{operand #0 must be pointer in global memory}}
  tirx.ptx.tensormap.cp_fenceproxy gpu %s, %s : !tirx.ptr<i8, shared>, !tirx.ptr<i8, shared>
  return
}

// -----

func.func @no_scope(%g: !tirx.ptr<i8, global>, %s: !tirx.ptr<i8, shared>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'scope' [cta, cluster, gpu, sys]}}
  tirx.ptx.tensormap.cp_fenceproxy %g, %s : !tirx.ptr<i8, global>, !tirx.ptr<i8, shared>
  return
}
