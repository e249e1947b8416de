//===- tirx-capi-test.c - Exercise the TIRx C API from C ------------*- C -*-===//
//
// A C program linked against libTIRxCAPI.so alone. It registers TIRx through
// the C API, builds and inspects TIRx types and attributes, parses and
// verifies a kernel, runs a pass pipeline on it and prints the result, and
// checks that bad input of every kind is a diagnostic, not a crash.
//
// Usage: tirx-capi-test [PIPELINE]
//   PIPELINE defaults to "builtin.module(canonicalize)".
//
// The output is checked by tirx-capi.test; the exit code is the number of
// failed self-checks.
//
//===----------------------------------------------------------------------===//

#include "TIRx-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      printf("FAILED: %s (line %d)\n", #cond, __LINE__);                      \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

static void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

static void printType(const char *label, MlirType type) {
  printf("%s: ", label);
  if (mlirTypeIsNull(type))
    printf("<null>");
  else
    mlirTypePrint(type, printToStdout, NULL);
  printf("\n");
}

static void printAttr(const char *label, MlirAttribute attr) {
  printf("%s: ", label);
  if (mlirAttributeIsNull(attr))
    printf("<null>");
  else
    mlirAttributePrint(attr, printToStdout, NULL);
  printf("\n");
}

static bool stringRefEquals(MlirStringRef ref, const char *str) {
  return ref.length == strlen(str) && strncmp(ref.data, str, ref.length) == 0;
}

/// Prints every diagnostic as "diagnostic: <location>: <message>".
static MlirLogicalResult handleDiagnostic(MlirDiagnostic diag, void *userData) {
  int *count = (int *)userData;
  ++*count;
  printf("diagnostic: ");
  mlirLocationPrint(mlirDiagnosticGetLocation(diag), printToStdout, NULL);
  printf(": ");
  mlirDiagnosticPrint(diag, printToStdout, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

static MlirContext createContext(void) {
  MlirContext ctx = mlirContextCreateWithThreading(false);
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  tirxRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__tirx__(), ctx);
  return ctx;
}

//===----------------------------------------------------------------------===//
// Types and attributes
//===----------------------------------------------------------------------===//

static void testTypes(MlirContext ctx) {
  printf("--- types\n");
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirType f16 = mlirF16TypeGet(ctx);

  MlirType ptr = tirxPtrTypeGet(f32, TIRxMemorySpaceShared);
  printType("ptr", ptr);
  EXPECT(tirxTypeIsAPtr(ptr));
  EXPECT(!tirxTypeIsAPtr(f32));
  EXPECT(!tirxTypeIsABuffer(ptr));
  EXPECT(mlirTypeIDEqual(mlirTypeGetTypeID(ptr), tirxPtrTypeGetTypeID()));
  EXPECT(mlirTypeEqual(tirxPtrTypeGetElementType(ptr), f32));
  EXPECT(tirxPtrTypeGetMemorySpace(ptr) == TIRxMemorySpaceShared);
  EXPECT(mlirTypeEqual(
      ptr, mlirTypeParseGet(ctx, mlirStringRefCreateFromCString(
                                     "!tirx.ptr<f32, shared>"))));
  MlirType uptr = tirxPtrTypeGet(mlirIntegerTypeUnsignedGet(ctx, 64),
                                 TIRxMemorySpaceSharedCluster);
  printType("ptr.ui64", uptr);

  int64_t shape[] = {128, mlirShapedTypeGetDynamicSize()};
  MlirAttribute strided = mlirAttributeParseGet(
      ctx, mlirStringRefCreateFromCString("strided<[64, 1], offset: ?>"));
  MlirType buffer =
      tirxBufferTypeGet(2, shape, f16, TIRxMemorySpaceSharedDyn, strided);
  printType("buffer", buffer);
  EXPECT(tirxTypeIsABuffer(buffer));
  EXPECT(mlirTypeIsAShaped(buffer));
  EXPECT(mlirTypeIDEqual(mlirTypeGetTypeID(buffer), tirxBufferTypeGetTypeID()));
  EXPECT(tirxBufferTypeGetRank(buffer) == 2);
  EXPECT(mlirShapedTypeGetRank(buffer) == 2);
  EXPECT(tirxBufferTypeGetDimSize(buffer, 0) == 128);
  EXPECT(mlirShapedTypeIsDynamicDim(buffer, 1));
  EXPECT(mlirTypeEqual(tirxBufferTypeGetElementType(buffer), f16));
  EXPECT(tirxBufferTypeGetMemorySpace(buffer) == TIRxMemorySpaceSharedDyn);
  EXPECT(mlirAttributeEqual(tirxBufferTypeGetLayout(buffer), strided));
  printAttr("buffer.layout", tirxBufferTypeGetLayout(buffer));

  int64_t scalarShape[] = {1};
  MlirType dense = tirxBufferTypeGet(1, scalarShape, f32, TIRxMemorySpaceLocal,
                                     mlirAttributeGetNull());
  printType("buffer.dense", dense);
  EXPECT(mlirAttributeIsNull(tirxBufferTypeGetLayout(dense)));

  MlirType tensorMap = tirxTensorMapTypeGet(ctx);
  printType("tensormap", tensorMap);
  EXPECT(tirxTypeIsATensorMap(tensorMap));
  EXPECT(mlirTypeIDEqual(mlirTypeGetTypeID(tensorMap),
                         tirxTensorMapTypeGetTypeID()));
  printType("ptr.tensormap", tirxPtrTypeGet(tensorMap, TIRxMemorySpaceParam));
}

static void testScopes(MlirContext ctx) {
  printf("--- scopes\n");
  TIRxMemorySpace spaces[] = {
      TIRxMemorySpaceGeneric, TIRxMemorySpaceGlobal,
      TIRxMemorySpaceShared,  TIRxMemorySpaceLocal,
      TIRxMemorySpaceTMem,    TIRxMemorySpaceSharedCluster,
      TIRxMemorySpaceSharedDyn, TIRxMemorySpaceParam};
  for (size_t i = 0; i < sizeof(spaces) / sizeof(spaces[0]); ++i) {
    MlirStringRef name = tirxMemorySpaceGetName(spaces[i]);
    TIRxMemorySpace parsed = TIRxMemorySpaceGeneric;
    EXPECT(tirxMemorySpaceFromName(name, &parsed) && parsed == spaces[i]);
    printf("scope %.*s = %d, addrspace %d\n", (int)name.length, name.data,
           (int)spaces[i], tirxMemorySpaceGetAddressSpace(spaces[i]));
  }
  TIRxMemorySpace untouched = TIRxMemorySpaceGlobal;
  EXPECT(!tirxMemorySpaceFromName(mlirStringRefCreateFromCString("texture"),
                                  &untouched));
  EXPECT(untouched == TIRxMemorySpaceGlobal);
  EXPECT(tirxMemorySpaceGetName((TIRxMemorySpace)2).length == 0);
  EXPECT(tirxMemorySpaceGetAddressSpace((TIRxMemorySpace)2) == -1);

  MlirAttribute scope = tirxMemorySpaceAttrGet(ctx, TIRxMemorySpaceTMem);
  printAttr("scope", scope);
  EXPECT(tirxAttributeIsAMemorySpace(scope));
  EXPECT(tirxMemorySpaceAttrGetValue(scope) == TIRxMemorySpaceTMem);
}

static void testAttributes(MlirContext ctx) {
  printf("--- attributes\n");
  MlirAttribute target =
      tirxTargetAttrGet(ctx, mlirStringRefCreateFromCString("sm_100a"));
  printAttr("target", target);
  EXPECT(tirxAttributeIsATarget(target));
  EXPECT(stringRefEquals(tirxTargetAttrGetChip(target), "sm_100a"));
  EXPECT(tirxTargetAttrGetSMVersion(target) == 100);
  EXPECT(tirxTargetAttrIsArchSpecific(target));
  EXPECT(!tirxTargetAttrIsFamilySpecific(target));
  EXPECT(tirxTargetIsSupportedChip(mlirStringRefCreateFromCString("sm_90a")));
  EXPECT(!tirxTargetIsSupportedChip(mlirStringRefCreateFromCString("sm_42")));
  EXPECT(stringRefEquals(tirxTargetAttrGetAttributeName(), "tirx.target"));

  int64_t cluster[] = {2, 1, 1};
  MlirAttribute launch = tirxLaunchAttrGet(ctx, 168, -1, 3, cluster);
  printAttr("launch", launch);
  EXPECT(tirxAttributeIsALaunch(launch));
  EXPECT(!tirxAttributeIsATarget(launch));
  EXPECT(tirxLaunchAttrGetMaxRegisters(launch) == 168);
  EXPECT(tirxLaunchAttrGetMinBlocksPerSM(launch) == -1);
  EXPECT(tirxLaunchAttrGetNumClusterDims(launch) == 3);
  EXPECT(tirxLaunchAttrGetClusterDim(launch, 0) == 2);
}

/// Every constructor given bad arguments returns null with a diagnostic.
static void testInvalidConstruction(MlirContext ctx, int *diagnostics) {
  printf("--- invalid construction\n");
  MlirLocation loc = mlirLocationFileLineColGet(
      ctx, mlirStringRefCreateFromCString("capi.c"), 7, 3);
  int before = *diagnostics;

  MlirType bad = tirxPtrTypeGetChecked(loc, mlirIndexTypeGet(ctx),
                                       TIRxMemorySpaceGlobal);
  EXPECT(mlirTypeIsNull(bad));
  bad = tirxPtrTypeGet(mlirF32TypeGet(ctx), (TIRxMemorySpace)2);
  EXPECT(mlirTypeIsNull(bad));
  bad = tirxPtrTypeGet((MlirType){NULL}, TIRxMemorySpaceGlobal);
  EXPECT(mlirTypeIsNull(bad));
  int64_t shape[] = {-7};
  bad = tirxBufferTypeGetChecked(loc, 1, shape, mlirF32TypeGet(ctx),
                                 TIRxMemorySpaceShared, mlirAttributeGetNull());
  EXPECT(mlirTypeIsNull(bad));
  bad = tirxBufferTypeGet(-1, NULL, mlirF32TypeGet(ctx), TIRxMemorySpaceShared,
                          mlirAttributeGetNull());
  EXPECT(mlirTypeIsNull(bad));

  MlirAttribute badAttr = tirxTargetAttrGetChecked(
      loc, mlirStringRefCreateFromCString("sm_42"));
  EXPECT(mlirAttributeIsNull(badAttr));
  badAttr = tirxLaunchAttrGet(ctx, 300, -1, 0, NULL);
  EXPECT(mlirAttributeIsNull(badAttr));
  badAttr = tirxMemorySpaceAttrGet(ctx, (TIRxMemorySpace)4);
  EXPECT(mlirAttributeIsNull(badAttr));

  // The null element type has no context to report to; the others report.
  EXPECT(*diagnostics - before == 7);
}

//===----------------------------------------------------------------------===//
// Parse, verify, run a pipeline, print
//===----------------------------------------------------------------------===//

static const char *kKernel =
    "module attributes {tirx.target = #tirx.target<\"sm_90a\">} {\n"
    "  func.func @kernel(%a: !tirx.ptr<f32, global>,\n"
    "                    %b: !tirx.buffer<128x64xf16, shared>,\n"
    "                    %d: !tirx.tensormap) -> i32 attributes {\n"
    "      tirx.launch = #tirx.launch<max_registers = 168,\n"
    "                                 cluster_dims = [2, 1, 1]>} {\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %c2 = arith.constant 2 : i32\n"
    "    %sum = arith.addi %c1, %c2 : i32\n"
    "    tirx.kernel {\n"
    "      %t = tirx.thread_id [128] : i32\n"
    "      %g = tirx.decl_buffer %a : !tirx.ptr<f32, global> -> "
    "!tirx.buffer<128xf32, global>\n"
    "      %i = arith.index_cast %t : i32 to index\n"
    "      %x = tirx.buffer_load %g[%i] : !tirx.buffer<128xf32, global> -> f32\n"
    "      %y = arith.addf %x, %x : f32\n"
    "      tirx.buffer_store %y, %g[%i] : f32, !tirx.buffer<128xf32, global>\n"
    "    }\n"
    "    return %sum : i32\n"
    "  }\n"
    "}\n";

/// Collects the pass-pipeline parser's error text, which arrives in pieces.
typedef struct {
  char text[1024];
  size_t length;
} ErrorText;

static void appendErrorText(MlirStringRef piece, void *userData) {
  ErrorText *error = (ErrorText *)userData;
  size_t room = sizeof(error->text) - 1 - error->length;
  size_t n = piece.length < room ? piece.length : room;
  memcpy(error->text + error->length, piece.data, n);
  error->length += n;
  error->text[error->length] = '\0';
}

/// Parses `pipeline` into a new pass manager; prints the parser's error and
/// returns a null pass manager when it is invalid.
static MlirPassManager createPassManager(MlirContext ctx,
                                         const char *pipeline) {
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  ErrorText error = {{0}, 0};
  MlirLogicalResult parsed = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString(pipeline), appendErrorText, &error);
  if (mlirLogicalResultIsSuccess(parsed))
    return pm;
  printf("pipeline error: %s\n", error.text);
  mlirPassManagerDestroy(pm);
  return (MlirPassManager){NULL};
}

static void testKernel(MlirContext ctx, const char *pipeline) {
  printf("--- kernel\n");
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kKernel));
  EXPECT(!mlirModuleIsNull(module));
  if (mlirModuleIsNull(module))
    return;
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  EXPECT(mlirOperationVerify(moduleOp));

  // Inspect: the module's target and the kernel's signature.
  MlirAttribute target = mlirOperationGetAttributeByName(
      moduleOp, tirxTargetAttrGetAttributeName());
  EXPECT(tirxAttributeIsATarget(target));
  printf("kernel target: sm %u\n", tirxTargetAttrGetSMVersion(target));
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  MlirType funcType = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("function_type")));
  EXPECT(mlirFunctionTypeGetNumInputs(funcType) == 3);
  EXPECT(tirxTypeIsAPtr(mlirFunctionTypeGetInput(funcType, 0)));
  EXPECT(tirxTypeIsABuffer(mlirFunctionTypeGetInput(funcType, 1)));
  EXPECT(tirxTypeIsATensorMap(mlirFunctionTypeGetInput(funcType, 2)));
  printType("kernel arg 1", mlirFunctionTypeGetInput(funcType, 1));

  // Run the pipeline.
  printf("pipeline: %s\n", pipeline);
  MlirPassManager pm = createPassManager(ctx, pipeline);
  EXPECT(!mlirPassManagerIsNull(pm));
  if (!mlirPassManagerIsNull(pm)) {
    EXPECT(mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, moduleOp)));
    mlirPassManagerDestroy(pm);
  }

  mlirOperationPrint(moduleOp, printToStdout, NULL);
  printf("\n");
  mlirModuleDestroy(module);
}

/// Bad IR and bad pipelines are diagnostics and failures, never crashes.
static void testBadInput(MlirContext ctx, int *diagnostics) {
  printf("--- bad input\n");
  const char *bad[] = {
      // Syntax error.
      "func.func @f( {",
      // A scope that does not exist.
      "func.func private @f(!tirx.ptr<f32, texture>)",
      // An element type a pointer may not hold.
      "func.func private @f(!tirx.ptr<index, global>)",
      // A chip the target does not know.
      "module attributes {tirx.target = #tirx.target<\"sm_42\">} {}",
      // Parses, but fails the verifier: the return type does not match.
      "func.func @f() -> i32 {\n  %c = arith.constant 1 : i64\n"
      "  return %c : i64\n}",
  };
  for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); ++i) {
    int before = *diagnostics;
    MlirModule module =
        mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(bad[i]));
    EXPECT(mlirModuleIsNull(module));
    EXPECT(*diagnostics > before);
    if (!mlirModuleIsNull(module))
      mlirModuleDestroy(module);
  }

  EXPECT(mlirPassManagerIsNull(
      createPassManager(ctx, "builtin.module(no-such-pass)")));
  EXPECT(mlirPassManagerIsNull(
      createPassManager(ctx, "builtin.module(canonicalize")));
}

int main(int argc, char **argv) {
  const char *pipeline =
      argc > 1 ? argv[1] : "builtin.module(canonicalize)";
  MlirStringRef version = tirxGetVersion();
  printf("TIRx %.*s\n", (int)version.length, version.data);

  MlirContext ctx = createContext();
  mlirRegisterAllPasses();
  tirxRegisterPasses();
  int diagnostics = 0;
  MlirDiagnosticHandlerID handler = mlirContextAttachDiagnosticHandler(
      ctx, handleDiagnostic, &diagnostics, NULL);

  testTypes(ctx);
  testScopes(ctx);
  testAttributes(ctx);
  testInvalidConstruction(ctx, &diagnostics);
  testKernel(ctx, pipeline);
  testBadInput(ctx, &diagnostics);

  mlirContextDetachDiagnosticHandler(ctx, handler);
  mlirContextDestroy(ctx);
  printf("--- done: %d failure(s)\n", failures);
  return failures;
}
