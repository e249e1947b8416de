//===- TIRxTileEnums.td - Enumerations of the tile primitives -*- tablegen -*-===//

#ifndef TIRX_DIALECT_TIRXTILEENUMS_TD
#define TIRX_DIALECT_TIRXTILEENUMS_TD

include "mlir/IR/EnumAttr.td"
include "TIRx/Dialect/TIRxDialect.td"

class TIRx_TileEnum<string name, string summary, list<list<string>> cases>
    : I32EnumAttr<name, summary,
        !foreach(i, !range(!size(cases)),
          I32EnumAttrCase<cases[i][0], i, cases[i][1]>)> {
  let cppNamespace = "::mlir::tirx";
}

// thread: each thread runs the primitive on its own; warp: the 32 lanes of a
// warp together; warpgroup: 4 warps (128 threads); cta: every thread of the
// CTA; cluster: every thread of the cluster.
def TIRx_ExecScope : TIRx_TileEnum<"ExecScope",
    "the threads that execute a tile primitive together",
    [["Thread", "thread"], ["Warp", "warp"], ["Warpgroup", "warpgroup"],
     ["Cta", "cta"], ["Cluster", "cluster"]]>;

def TIRx_TileUnaryKind : TIRx_TileEnum<"TileUnaryKind", "elementwise unary function",
    [["Neg", "neg"], ["Abs", "abs"], ["Exp", "exp"], ["Exp2", "exp2"],
     ["Log", "log"], ["Log2", "log2"], ["Sqrt", "sqrt"], ["Rsqrt", "rsqrt"],
     ["Reciprocal", "reciprocal"], ["Tanh", "tanh"], ["Silu", "silu"],
     ["Relu", "relu"]]>;

def TIRx_TileBinaryKind : TIRx_TileEnum<"TileBinaryKind", "elementwise binary function",
    [["Add", "add"], ["Sub", "sub"], ["Mul", "mul"], ["Div", "div"],
     ["Max", "max"], ["Min", "min"]]>;

def TIRx_TileReduceKind : TIRx_TileEnum<"TileReduceKind", "reduction",
    [["Sum", "sum"], ["Max", "max"], ["Min", "min"]]>;

#endif // TIRX_DIALECT_TIRXTILEENUMS_TD
