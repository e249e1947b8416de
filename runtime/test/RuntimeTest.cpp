//===- RuntimeTest.cpp - the runtime's C ABI, scenario by scenario -------===//
//
// tirx-runtime-test <scenario>: runs one scenario against whatever driver
// TIRX_CUDA_DRIVER names (the fake driver in the tests) and prints each
// call's status and message. test/Runtime/runtime-c-api.test checks the
// output and the fake driver's call log.
//
//===----------------------------------------------------------------------===//

#include "tirx/runtime/Runtime.h"

#include <cstdio>
#include <cstring>
#include <string>

namespace {

const char *kPTX = R"(//
.version 8.0
.target sm_90a
.address_size 64

.visible .entry copy_kernel(
	.param .u64 .ptr .global .align 1 copy_kernel_param_0,
	.param .align 64 .b8 copy_kernel_param_1[128],
	.param .u32 copy_kernel_param_2
)
{
	ret;
}
)";

const char *kNewPTX = ".version 8.7\n.target sm_90a\n"
                      ".visible .entry k()\n{\n\tret;\n}\n";

int report(const char *what, int status) {
  std::printf("%s: status %d%s%s\n", what, status, status ? ": " : "",
              status ? tirxrt_last_error() : "");
  return status;
}

int launch() {
  if (report("init", tirxrt_init(0)))
    return 1;
  char name[64];
  int major = 0, minor = 0, sms = 0, version = 0;
  report("driver_version", tirxrt_driver_version(&version));
  report("device_info",
         tirxrt_device_info(0, name, sizeof(name), &major, &minor, &sms));
  std::printf("driver %d, device '%s', sm_%d%d, %d SMs\n", version, name,
              major, minor, sms);
  tirxrt_module module;
  if (report("module_load", tirxrt_module_load(kPTX, std::strlen(kPTX),
                                               "copy.ptx", &module)))
    return 1;
  tirxrt_function fn;
  if (report("get_function",
             tirxrt_module_get_function(module, "copy_kernel", &fn)))
    return 1;
  for (uint32_t i = 0; i < 4; ++i) {
    uint64_t offset = 0, size = 0;
    int s = tirxrt_function_param_info(fn, i, &offset, &size);
    if (s)
      report("param_info", s);
    else
      std::printf("param %u: offset %llu size %llu\n", i,
                  (unsigned long long)offset, (unsigned long long)size);
  }
  report("configure", tirxrt_function_configure(fn, 100000, 1));

  alignas(64) unsigned char desc[128];
  uint64_t dims[2] = {256, 512}, strides[1] = {512}, box[2] = {64, 32},
           steps[2] = {1, 1};
  report("encode", tirxrt_tensormap_encode_tiled(desc, "float16", 2, 0x10000,
                                                 dims, strides, box, steps, 0,
                                                 3, 2, 0));
  uint64_t data = 0xdeadbeef00;
  uint32_t n = 7;
  void *params[3] = {&data, desc, &n};
  uint64_t sizes[3] = {8, 128, 4};
  uint32_t grid[3] = {4, 2, 1}, cluster[3] = {2, 1, 1}, block[3] = {128, 1, 1};
  report("launch", tirxrt_launch(fn, grid, cluster, block, 100000, 0x1234,
                                 params, sizes, 3));
  uint32_t odd[3] = {3, 2, 1};
  report("launch_bad_cluster",
         tirxrt_launch(fn, odd, cluster, block, 0, 0, params, sizes, 3));
  // The tensormap passed as an 8-byte device address (a descriptor copied
  // to device memory): refused before the driver reads the arguments.
  uint64_t descAddress = 0x7f0000400000;
  void *byPointer[3] = {&data, &descAddress, &n};
  uint64_t pointerSizes[3] = {8, 8, 4};
  report("launch_tensormap_by_pointer",
         tirxrt_launch(fn, grid, cluster, block, 0, 0, byPointer, pointerSizes,
                       3));
  report("launch_missing_param",
         tirxrt_launch(fn, grid, cluster, block, 0, 0, params, sizes, 2));
  int regs = -1, clusters = -1;
  report("attribute", tirxrt_function_attribute(fn, 4, &regs));
  report("max_active_clusters",
         tirxrt_function_max_active_clusters(fn, grid, cluster, block, 100000,
                                             &clusters));
  std::printf("max active clusters %d\n", clusters);
  std::printf("module log: %s\n", tirxrt_module_log(module));
  report("synchronize", tirxrt_synchronize());
  tirxrt_function missing;
  report("get_missing", tirxrt_module_get_function(module, "nope", &missing));
  report("unload", tirxrt_module_unload(module));
  return 0;
}

int loadOnly(const char *ptx) {
  if (report("init", tirxrt_init(0)))
    return 1;
  tirxrt_module module;
  report("module_load",
         tirxrt_module_load(ptx, std::strlen(ptx), "kernel.ptx", &module));
  return 0;
}

int oldDriver() {
  if (report("init", tirxrt_init(0)))
    return 1;
  alignas(64) unsigned char desc[128];
  uint64_t dims[1] = {256}, box[1] = {64};
  report("encode", tirxrt_tensormap_encode_tiled(desc, "float32", 1, 0x10000,
                                                 dims, nullptr, box, nullptr,
                                                 0, 0, 0, 0));
  return 0;
}

int validate() {
  uint64_t dims[2] = {256, 512}, strides[1] = {520}, box[2] = {64, 32};
  // No driver needed to validate.
  report("validate_stride", tirxrt_tensormap_validate(
                                "float16", 2, 0x10000, dims, strides, box,
                                nullptr, 0, 0, 0, 0));
  strides[0] = 512;
  report("validate_address", tirxrt_tensormap_validate(
                                 "float16", 2, 0x10008, dims, strides, box,
                                 nullptr, 0, 0, 0, 0));
  report("validate_dtype", tirxrt_tensormap_validate(
                               "half", 2, 0x10000, dims, strides, box, nullptr,
                               0, 0, 0, 0));
  report("validate_ok", tirxrt_tensormap_validate("float16", 2, 0x10000, dims,
                                                  strides, box, nullptr, 0, 3,
                                                  0, 0));
  alignas(64) unsigned char desc[128];
  report("encode_misaligned_out",
         tirxrt_tensormap_encode_tiled(desc + 8, "float16", 2, 0x10000, dims,
                                       strides, box, nullptr, 0, 0, 0, 0));
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  std::string scenario = argc > 1 ? argv[1] : "";
  std::printf("abi %d\n", tirxrt_abi_version());
  if (scenario == "launch")
    return launch();
  if (scenario == "new-ptx")
    return loadOnly(kNewPTX);
  if (scenario == "wrong-arch")
    return loadOnly(kPTX);
  if (scenario == "old-driver")
    return oldDriver();
  if (scenario == "validate")
    return validate();
  if (scenario == "init") {
    report("init", tirxrt_init(0));
    tirxrt_module module;
    report("module_load", tirxrt_module_load(kPTX, std::strlen(kPTX),
                                             "copy.ptx", &module));
    return 0;
  }
  std::fprintf(stderr, "unknown scenario '%s'\n", scenario.c_str());
  return 2;
}
