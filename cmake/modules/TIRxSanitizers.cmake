#===- TIRxSanitizers.cmake - ASan/UBSan and libFuzzer builds -------------===#
#
# TIRX_ENABLE_SANITIZERS=ON  compiles and links every TIRx target (dialect,
#   tools, C API, tests, Python extension) with AddressSanitizer and
#   UndefinedBehaviorSanitizer. libMLIR.so itself stays uninstrumented.
#   Any UBSan report is fatal (-fno-sanitize-recover=all).
# TIRX_ENABLE_FUZZER=ON  (clang only; implies the sanitizers) adds libFuzzer
#   coverage instrumentation to every TIRx translation unit and builds the
#   fuzz target fuzz/tirx-fuzz (see fuzz/README.md).
#
# Include after HandleLLVMOptions: it strips -Wl,-z,defs from the shared
# linker flags, because clang links the sanitizer runtimes into executables
# only and shared libraries resolve __asan_*/__ubsan_* from there (LLVM's own
# LLVM_USE_SANITIZER does the same).
#
#===----------------------------------------------------------------------===#

option(TIRX_ENABLE_SANITIZERS
  "Build TIRx with AddressSanitizer + UndefinedBehaviorSanitizer" OFF)
option(TIRX_ENABLE_FUZZER
  "Build the libFuzzer target tirx-fuzz (clang only; implies sanitizers)" OFF)

if(TIRX_ENABLE_FUZZER)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "TIRX_ENABLE_FUZZER needs clang (libFuzzer); "
      "configure with -DCMAKE_CXX_COMPILER=clang++-22 or run "
      "scripts/install-deps.sh --fuzz")
  endif()
  set(TIRX_ENABLE_SANITIZERS ON CACHE BOOL "" FORCE)
endif()

set(TIRX_SANITIZER_FLAGS "")
if(TIRX_ENABLE_SANITIZERS)
  # vptr: MLIR ops/types are not polymorphic, and checks against
  # uninstrumented libMLIR.so typeinfo give noise; function: false positives
  # on calls through callbacks into uninstrumented code (LLVM disables both
  # for the same reasons in LLVM_UBSAN_FLAGS).
  set(TIRX_SANITIZER_FLAGS
    -fsanitize=address,undefined -fno-sanitize=vptr
    -fno-sanitize-recover=all -fno-omit-frame-pointer)
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    list(APPEND TIRX_SANITIZER_FLAGS -fno-sanitize=function)
  endif()
  add_compile_options(${TIRX_SANITIZER_FLAGS} -g1)
  add_link_options(${TIRX_SANITIZER_FLAGS})
  if(TIRX_ENABLE_FUZZER)
    add_compile_options(-fsanitize=fuzzer-no-link)
  endif()
  string(REPLACE "-Wl,-z,defs" "" CMAKE_SHARED_LINKER_FLAGS
         "${CMAKE_SHARED_LINKER_FLAGS}")
  string(REPLACE "-Wl,-z,defs" "" CMAKE_MODULE_LINKER_FLAGS
         "${CMAKE_MODULE_LINKER_FLAGS}")
  # A Python host is not instrumented: the ASan runtime must be preloaded.
  execute_process(
    COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libclang_rt.asan-x86_64.so
    OUTPUT_VARIABLE _asan_rt OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang" OR NOT EXISTS "${_asan_rt}")
    execute_process(
      COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libasan.so
      OUTPUT_VARIABLE _asan_rt OUTPUT_STRIP_TRAILING_WHITESPACE)
  endif()
  set(TIRX_ASAN_RUNTIME "${_asan_rt}" CACHE INTERNAL
      "ASan runtime to LD_PRELOAD into uninstrumented hosts (python)")
  list(JOIN TIRX_SANITIZER_FLAGS " " TIRX_SANITIZER_FLAGS_STRING)
  message(STATUS "TIRx sanitizers: ${TIRX_SANITIZER_FLAGS_STRING}"
                 " (ASan runtime for hosts: ${TIRX_ASAN_RUNTIME})")
endif()
