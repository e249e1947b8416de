//===- Pipelines.h - TIRx pass pipelines ------------------------*- C++ -*-===//

#ifndef TIRX_PIPELINES_PIPELINES_H
#define TIRX_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

#include <string>

namespace mlir {
class OpPassManager;
namespace tirx {

/// Options of `tirx-to-ptx-pipeline`.
struct TIRxToPTXPipelineOptions
    : public PassPipelineOptions<TIRxToPTXPipelineOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("Target chip (default: the module's #tirx.target, else "
                     "sm_90a)"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX ISA version '+ptxNN' (default: the chip's "
                     "minimum)"),
      llvm::cl::init("")};
  PassOptions::Option<unsigned> optLevel{
      *this, "opt-level", llvm::cl::desc("LLVM optimization level (0-3)"),
      llvm::cl::init(3)};
  PassOptions::Option<std::string> format{
      *this, "format",
      llvm::cl::desc("What gpu-module-to-binary embeds: isa (PTX), bin "
                     "(cubin, needs ptxas), fatbin or llvm (bitcode)"),
      llvm::cl::init("isa")};
  PassOptions::Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("CUDA toolkit root whose nvvm/libdevice is linked for "
                     "math functions (default: findCUDAToolkit())"),
      llvm::cl::init("")};
  PassOptions::Option<bool> checkSync{
      *this, "check-sync",
      llvm::cl::desc("Run tirx-check-sync (the static synchronization check) "
                     "after tile dispatch"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> checkSyncWarnOnly{
      *this, "check-sync-warn-only",
      llvm::cl::desc("tirx-check-sync reports every finding as a warning "
                     "and never fails the compile"),
      llvm::cl::init(false)};
  PassOptions::Option<unsigned> slpMaxOps{
      *this, "slp-max-ops",
      llvm::cl::desc("LLVM's SLP vectorizer (f16x2/bf16x2 packing) runs on "
                     "GPU modules of at most this many ops when serializing; "
                     "its store-chain search grows superlinearly with a "
                     "block's stores (0: never)"),
      llvm::cl::init(20000)};
  PassOptions::Option<bool> lineInfo{
      *this, "line-info",
      llvm::cl::desc("Emit .file/.loc line info in the PTX (as nvcc "
                     "-lineinfo does): each instruction names the source "
                     "line of the op it comes from; the code is unchanged"),
      llvm::cl::init(false)};
};

/// The CUDA toolkit root to link libdevice from: the first of $CUDA_HOME,
/// $CUDA_PATH, $CUDA_ROOT, the toolkit of the ptxas on PATH, /usr/local/cuda,
/// the newest /usr/local/cuda-X.Y and /usr/lib/cuda that holds
/// nvvm/libdevice/libdevice.10.bc. Empty when none does.
std::string findCUDAToolkit();

/// The front half of the pipelines, before the kernels are outlined: the
/// target attached (and checked), profiling lowered, tile primitives
/// dispatched, layouts resolved, launch shapes inferred, and
/// tirx-check-sync when `options.checkSync` is set. Every `tirx.kernel` is
/// still in its function, so a host-device split that follows
/// (tirx.build's packages) keeps what the check saw.
void buildTIRxPrepareKernelsPipeline(OpPassManager &pm,
                                     const TIRxToPTXPipelineOptions &options);

/// Lowers TIRx to GPU/NVVM/LLVM without serializing: kernels outlined,
/// control flow lowered, locals promoted, every op in `gpu.module`s in the
/// LLVM/NVVM dialects, the NVVM target attached.
void buildTIRxToNVVMPipeline(OpPassManager &pm,
                             const TIRxToPTXPipelineOptions &options);

/// `buildTIRxToNVVMPipeline` followed by `gpu-module-to-binary` in the
/// requested format.
void buildTIRxToPTXPipeline(OpPassManager &pm,
                            const TIRxToPTXPipelineOptions &options);

/// Registers `tirx-prepare-kernels-pipeline`, `tirx-to-nvvm-pipeline` and
/// `tirx-to-ptx-pipeline`.
void registerTIRxPipelines();

} // namespace tirx
} // namespace mlir

#endif // TIRX_PIPELINES_PIPELINES_H
