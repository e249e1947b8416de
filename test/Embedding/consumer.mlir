// An out-of-tree compiler embeds TIRx: install this build into a temporary
// prefix, configure and build test/Embedding/consumer/ against the installed
// package (find_package(TIRx) with TIRx_DIR), and run what it built.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %cmake --install %tirx_obj_root --prefix %t/prefix \
// RUN:   | FileCheck %s --check-prefix=INSTALL -DPREFIX=%t/prefix
// RUN: %cmake -G %cmake_generator -S %S/consumer -B %t/build \
// RUN:   -DTIRx_DIR=%t/prefix/lib/cmake/tirx %consumer_cmake_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CONFIGURE -DPREFIX=%t/prefix
// RUN: %cmake --build %t/build -j2

// The consumer's opt tool: TIRx IR, upstream passes, and a pass of its own.
// RUN: %t/build/consumer-opt %s --consumer-describe-pointers 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK
// RUN: %t/build/consumer-opt %s --canonicalize | FileCheck %s
// A C tool on the C API; a document generated from the installed ODS.
// RUN: %t/build/consumer-capi | FileCheck %s --check-prefix=CAPI
// RUN: FileCheck %s --check-prefix=ODS < %t/build/TIRxTypes.md

// The installed tool and libraries load without LD_LIBRARY_PATH.
// RUN: env -u LD_LIBRARY_PATH %t/prefix/bin/tirx-opt %s | FileCheck %s
// RUN: llvm-readelf --dynamic-table %t/prefix/lib/libTIRxDialect.so \
// RUN:   | FileCheck %s --check-prefix=RUNPATH

// INSTALL-DAG: Installing: [[PREFIX]]/include/TIRx/InitAll.h
// INSTALL-DAG: Installing: [[PREFIX]]/include/TIRx/Dialect/TIRxTypes.td
// INSTALL-DAG: Installing: [[PREFIX]]/include/TIRx/Dialect/TIRxOpsTypes.h.inc
// INSTALL-DAG: Installing: [[PREFIX]]/include/TIRx-c/Dialect.h
// INSTALL-DAG: Installing: [[PREFIX]]/lib/libTIRxDialect.so
// INSTALL-DAG: Installing: [[PREFIX]]/lib/libTIRxRegistration.so
// INSTALL-DAG: Installing: [[PREFIX]]/lib/libTIRxCAPI.so
// INSTALL-DAG: Installing: [[PREFIX]]/bin/tirx-opt
// INSTALL-DAG: Installing: [[PREFIX]]/lib/cmake/tirx/TIRxConfig.cmake
// INSTALL-DAG: Installing: [[PREFIX]]/lib/cmake/tirx/TIRxConfigVersion.cmake
// INSTALL-DAG: Installing: [[PREFIX]]/lib/cmake/tirx/TIRxTargets.cmake

// CONFIGURE: Using TIRx 0.1.0 from [[PREFIX]]/lib/cmake/tirx
// CONFIGURE: Using MLIR 22.

// REMARK: consumer.mlir:[[@LINE+3]]:21: remark: argument 0 points to 'f32' in global (addrspace 1)
// REMARK: consumer.mlir:[[@LINE+3]]:21: remark: argument 2 points to 'ui64' in shared.dyn (addrspace 3)
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @kernel(%a: !tirx.ptr<f32, global>, %n: i32,
                    %bar: !tirx.ptr<ui64, shared.dyn>,
                    %tile: !tirx.buffer<128x64xf16, shared>) -> i32 {
    %c1 = arith.constant 1 : i32
    %sum = arith.addi %n, %c1 : i32
    %zero = arith.subi %n, %n : i32
    %r = arith.addi %sum, %zero : i32
    return %r : i32
  }
}

// CHECK:      module attributes {tirx.target = #tirx.target<"sm_90a">}
// CHECK-LABEL: func.func @kernel
// CHECK-SAME:   !tirx.ptr<f32, global>
// CHECK-SAME:   !tirx.ptr<ui64, shared.dyn>
// CHECK-SAME:   !tirx.buffer<128x64xf16, shared>

// CAPI: consumer-capi: TIRx 0.1.0: !tirx.ptr<bf16, tmem> on #tirx.target<"sm_100a">

// ODS: ### BufferType
// ODS: ### PtrType
// ODS: ### TensorMapType

// RUNPATH: Library runpath: [$ORIGIN:{{.*}}llvm-22/lib]
