/*===- Runtime.h - the TIRx CUDA-driver runtime (C ABI) ------------*- C -*-===//
 *
 * A small runtime over the CUDA driver API, loaded at run time with dlopen
 * (libcuda.so.1, or $TIRX_CUDA_DRIVER), so that nothing here needs a GPU or
 * the CUDA toolkit to build. It loads cubins and PTX, configures functions,
 * encodes TMA tensor maps (after the shared validator, TensorMap.h) and
 * launches with grid, cluster and block dimensions on a stream
 * (cuLaunchKernelEx).
 *
 * Every function returns TIRXRT_SUCCESS (0) or an error code; the message of
 * the last error on the calling thread is tirxrt_last_error(). The Python
 * launcher binds this header with ctypes.
 *
 *===----------------------------------------------------------------------===*/

#ifndef TIRX_RUNTIME_RUNTIME_H
#define TIRX_RUNTIME_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TIRXRT_ABI_VERSION 2

enum tirxrt_status {
  TIRXRT_SUCCESS = 0,
  /* No CUDA driver could be loaded (libcuda.so.1 missing). */
  TIRXRT_ERROR_NO_DRIVER = 1,
  /* The driver lacks an entry point the runtime needs (too old). */
  TIRXRT_ERROR_DRIVER_TOO_OLD = 2,
  /* The driver cannot compile the PTX (its ISA is newer than the driver). */
  TIRXRT_ERROR_PTX_TOO_NEW = 3,
  /* The cubin was built for another GPU architecture. */
  TIRXRT_ERROR_NO_BINARY_FOR_GPU = 4,
  /* No such device, or no device at all. */
  TIRXRT_ERROR_NO_DEVICE = 5,
  /* A bad argument (a tensormap that fails validation, a null handle, ...). */
  TIRXRT_ERROR_INVALID_ARGUMENT = 6,
  /* The kernel name is not in the module. */
  TIRXRT_ERROR_NOT_FOUND = 7,
  /* Any other driver error (the message has the driver's name for it). */
  TIRXRT_ERROR_DRIVER = 8,
  /* The runtime was used before tirxrt_init succeeded. */
  TIRXRT_ERROR_NOT_INITIALIZED = 9,
};

typedef struct tirxrt_module_st *tirxrt_module;
typedef struct tirxrt_function_st *tirxrt_function;

/* The message of the last error on this thread ("" if none). */
const char *tirxrt_last_error(void);

/* TIRXRT_ABI_VERSION of the library. */
int tirxrt_abi_version(void);

/* Loads the driver, initializes it and makes `device`'s primary context
 * (the one PyTorch and CuPy use) current on the calling thread. Calling it
 * again is cheap. */
int tirxrt_init(int device);

/* The driver's CUDA version (e.g. 12080 for 12.8). Loads the driver but
 * needs no device. */
int tirxrt_driver_version(int *version);

/* The device's name, compute capability and multiprocessor count. */
int tirxrt_device_info(int device, char *name, size_t name_size,
                       int *cc_major, int *cc_minor, int *sm_count);

/* Loads a cubin (ELF) or PTX (text, NUL-terminated or not) image into the
 * current context. `what` names the image in messages. A failure's message
 * carries the driver's error log. */
int tirxrt_module_load(const void *image, size_t size, const char *what,
                       tirxrt_module *module);
int tirxrt_module_unload(tirxrt_module module);

/* The driver's information log of a loaded module: for PTX, what the JIT
 * compiler reported (verbose: registers and shared memory per kernel); ""
 * for a cubin. Valid until the module is unloaded. */
const char *tirxrt_module_log(tirxrt_module module);

/* A kernel of a loaded module. */
int tirxrt_module_get_function(tirxrt_module module, const char *name,
                               tirxrt_function *function);

/* Allows `dynamic_smem_bytes` of dynamic shared memory (needed above
 * 48 KiB) and, when `non_portable_cluster` is set, clusters of more than 8
 * CTAs. */
int tirxrt_function_configure(tirxrt_function function,
                              uint32_t dynamic_smem_bytes,
                              int non_portable_cluster);

/* Offset and size in bytes of kernel parameter `index` (driver 12.4+). On
 * an older driver returns TIRXRT_ERROR_DRIVER_TOO_OLD; past the last
 * parameter, TIRXRT_ERROR_NOT_FOUND. The offset is the driver's, relative
 * to the start of the parameter space (on sm_90 a 64-byte aligned
 * parameter may sit at offset 48: alignment holds in the constant bank). */
int tirxrt_function_param_info(tirxrt_function function, uint32_t index,
                               uint64_t *offset, uint64_t *size);

/* A function attribute as the driver reports it (cuFuncGetAttribute;
 * `attribute` is a CUfunction_attribute value, e.g. 4 = the registers per
 * thread, 1 = static shared memory bytes, 3 = local memory bytes per
 * thread, 5 / 6 = the PTX / binary version times ten). */
int tirxrt_function_attribute(tirxrt_function function, int attribute,
                              int *value);

/* The most clusters of `cluster` CTAs of this launch shape that can be
 * co-resident on the device (cuOccupancyMaxActiveClusters, CUDA 12.0+).
 * The function must be configured for `dynamic_smem_bytes` first. */
int tirxrt_function_max_active_clusters(tirxrt_function function,
                                        const uint32_t grid[3],
                                        const uint32_t cluster[3],
                                        const uint32_t block[3],
                                        uint32_t dynamic_smem_bytes,
                                        int *clusters);

/* Checks a tensormap spec with the validator the compiler uses (no driver
 * needed). Arrays have `rank` entries (`global_strides` rank - 1). */
int tirxrt_tensormap_validate(const char *dtype, uint32_t rank,
                              uint64_t global_address,
                              const uint64_t *global_dim,
                              const uint64_t *global_strides,
                              const uint64_t *box_dim,
                              const uint64_t *element_strides,
                              uint32_t interleave, uint32_t swizzle,
                              uint32_t l2_promotion, uint32_t oob_fill);

/* Validates, then encodes the 128-byte descriptor into `out` (64-byte
 * aligned) with cuTensorMapEncodeTiled. */
int tirxrt_tensormap_encode_tiled(void *out, const char *dtype, uint32_t rank,
                                  uint64_t global_address,
                                  const uint64_t *global_dim,
                                  const uint64_t *global_strides,
                                  const uint64_t *box_dim,
                                  const uint64_t *element_strides,
                                  uint32_t interleave, uint32_t swizzle,
                                  uint32_t l2_promotion, uint32_t oob_fill);

/* Launches `function` with cuLaunchKernelEx. `cluster` may be NULL (no
 * cluster); `params[i]` points at the value of kernel parameter i, which is
 * `param_sizes[i]` bytes (a tensormap parameter: its 128 bytes, by value).
 * Where the driver reports the kernel's parameters (12.4+), their number
 * and sizes must match `num_params` and `param_sizes`, else the launch is
 * refused with TIRXRT_ERROR_INVALID_ARGUMENT before the driver reads any
 * argument. `stream` is a CUstream (0: the legacy default stream). */
int tirxrt_launch(tirxrt_function function, const uint32_t grid[3],
                  const uint32_t cluster[3], const uint32_t block[3],
                  uint32_t dynamic_smem_bytes, uint64_t stream,
                  void **params, const uint64_t *param_sizes,
                  uint32_t num_params);

/* Waits for the current context's work (cuCtxSynchronize). */
int tirxrt_synchronize(void);

#ifdef __cplusplus
}
#endif

#endif /* TIRX_RUNTIME_RUNTIME_H */
