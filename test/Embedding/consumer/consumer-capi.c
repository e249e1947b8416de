/*===- consumer-capi.c - A C tool on the installed TIRx C API -----*- C -*-===*/

#include "TIRx-c/Dialect.h"

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#include "mlir-c/RegisterEverything.h"

#include <stdio.h>

static void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  tirxRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__tirx__(), ctx);

  MlirType ptr = tirxPtrTypeGet(mlirBF16TypeGet(ctx), TIRxMemorySpaceTMem);
  MlirAttribute target =
      tirxTargetAttrGet(ctx, mlirStringRefCreateFromCString("sm_100a"));
  int ok = tirxTypeIsAPtr(ptr) && tirxAttributeIsATarget(target) &&
           tirxTargetAttrGetSMVersion(target) == 100;

  MlirStringRef version = tirxGetVersion();
  printf("consumer-capi: TIRx %.*s: ", (int)version.length, version.data);
  mlirTypePrint(ptr, printToStdout, NULL);
  printf(" on ");
  mlirAttributePrint(target, printToStdout, NULL);
  printf("\n");

  mlirContextDestroy(ctx);
  return ok ? 0 : 1;
}
