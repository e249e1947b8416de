// RUN: tirx-opt %s --split-input-file | FileCheck %s
// RUN: tirx-opt %s --split-input-file | tirx-opt --split-input-file | FileCheck %s

// Every chip #tirx.target accepts, as a module attribute.

// CHECK: module attributes {tirx.target = #tirx.target<"sm_80">}
module attributes {tirx.target = #tirx.target<"sm_80">} {}
// -----
// CHECK: module attributes {tirx.target = #tirx.target<"sm_86">}
module attributes {tirx.target = #tirx.target<"sm_86">} {}
// -----
// CHECK: module attributes {tirx.target = #tirx.target<"sm_87">}
module attributes {tirx.target = #tirx.target<"sm_87">} {}
// -----
// CHECK: module attributes {tirx.target = #tirx.target<"sm_89">}
module attributes {tirx.target = #tirx.target<"sm_89">} {}
// -----
// CHECK: module attributes {tirx.target = #tirx.target<"sm_90">}
module attributes {tirx.target = #tirx.target<"sm_90">} {}
// -----
// CHECK: module attributes {tirx.target = #tirx.target<"sm_90a">}
module attributes {tirx.target = #tirx.target<"sm_90a">} {}
// -----
// CHECK: module attributes {tirx.target = #tirx.target<"sm_100">}
module attributes {tirx.target = #tirx.target<"sm_100">} {}
// -----
// CHECK: module attributes {tirx.target = #tirx.target<"sm_100a">}
module attributes {tirx.target = #tirx.target<"sm_100a">} {}
// -----
// CHECK: module attributes {tirx.target = #tirx.target<"sm_100f">}
module attributes {tirx.target = #tirx.target<"sm_100f">} {}
// -----
// CHECK: module attributes {tirx.target = #tirx.target<"sm_101a">}
module attributes {tirx.target = #tirx.target<"sm_101a">} {}
// -----
// CHECK: module attributes {tirx.target = #tirx.target<"sm_103">}
module attributes {tirx.target = #tirx.target<"sm_103">} {}
// -----
// CHECK: module attributes {tirx.target = #tirx.target<"sm_103a">}
module attributes {tirx.target = #tirx.target<"sm_103a">} {}
// -----
// CHECK: module attributes {tirx.target = #tirx.target<"sm_103f">}
module attributes {tirx.target = #tirx.target<"sm_103f">} {}
// -----
// CHECK: module attributes {tirx.target = #tirx.target<"sm_110a">}
module attributes {tirx.target = #tirx.target<"sm_110a">} {}
// -----
// CHECK: module attributes {tirx.target = #tirx.target<"sm_120">}
module attributes {tirx.target = #tirx.target<"sm_120">} {}
// -----
// CHECK: module attributes {tirx.target = #tirx.target<"sm_120a">}
module attributes {tirx.target = #tirx.target<"sm_120a">} {}
// -----
// CHECK: module attributes {tirx.target = #tirx.target<"sm_121a">}
module attributes {tirx.target = #tirx.target<"sm_121a">} {}
// -----

// Launch controls: every optional-field combination.

// CHECK-LABEL: func.func private @launch_all
// CHECK-SAME: tirx.launch = #tirx.launch<max_registers = 168, min_blocks_per_sm = 1, cluster_dims = [2, 1, 1]>
func.func private @launch_all() attributes {
  tirx.launch = #tirx.launch<max_registers = 168, min_blocks_per_sm = 1, cluster_dims = [2, 1, 1]>}
// CHECK-LABEL: func.func private @launch_regs
// CHECK-SAME: tirx.launch = #tirx.launch<max_registers = 232>
func.func private @launch_regs() attributes {tirx.launch = #tirx.launch<max_registers = 232>}
// CHECK-LABEL: func.func private @launch_cluster
// CHECK-SAME: tirx.launch = #tirx.launch<cluster_dims = [4]>
func.func private @launch_cluster() attributes {tirx.launch = #tirx.launch<cluster_dims = [4]>}
// CHECK-LABEL: func.func private @launch_empty
// CHECK-SAME: tirx.launch = #tirx.launch<>
func.func private @launch_empty() attributes {tirx.launch = #tirx.launch<>}

// -----

// The storage-scope enum attribute.
// CHECK-LABEL: func.func private @scope_attrs
// CHECK-SAME: scopes = [#tirx.scope<global>, #tirx.scope<shared>, #tirx.scope<shared.dyn>, #tirx.scope<shared.cluster>, #tirx.scope<local>, #tirx.scope<tmem>, #tirx.scope<param>, #tirx.scope<generic>]
func.func private @scope_attrs() attributes {scopes = [#tirx.scope<global>,
  #tirx.scope<shared>, #tirx.scope<shared.dyn>, #tirx.scope<shared.cluster>,
  #tirx.scope<local>, #tirx.scope<tmem>, #tirx.scope<param>, #tirx.scope<generic>]}
