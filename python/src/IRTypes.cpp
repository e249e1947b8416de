//===- IRTypes.cpp - Typed type and attribute classes -----------*- C++ -*-===//
//
// Upstream-style typed subclasses of Type and Attribute: `X(t)` casts (raises
// ValueError if `t` is not an X), `X.isinstance(t)`, `X.get(...)` builds and
// verifies (raises MLIRError with MLIR's diagnostic). Covers the TIRx types
// and attributes and the builtins a kernel needs.
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

#include "TIRx/Dialect/TIRxDialect.h"
#include "TIRx/Dialect/TIRxTypes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

using namespace mlir;
namespace tx = mlir::tirx;

namespace tirx_py __attribute__((visibility("hidden"))) {

namespace {
#define TIRX_PY_TYPE(NAME)                                                     \
  struct Py##NAME : PyType {};
TIRX_PY_TYPE(IntegerType)
TIRX_PY_TYPE(IndexType)
TIRX_PY_TYPE(FloatType)
TIRX_PY_TYPE(NoneType)
TIRX_PY_TYPE(FunctionType)
TIRX_PY_TYPE(VectorType)
TIRX_PY_TYPE(PtrType)
TIRX_PY_TYPE(BufferType)
TIRX_PY_TYPE(TensorMapType)
#undef TIRX_PY_TYPE
struct PyF16Type : PyFloatType {};
struct PyBF16Type : PyFloatType {};
struct PyF32Type : PyFloatType {};
struct PyF64Type : PyFloatType {};

#define TIRX_PY_ATTR(NAME)                                                     \
  struct Py##NAME : PyAttribute {};
TIRX_PY_ATTR(StringAttr)
TIRX_PY_ATTR(IntegerAttr)
TIRX_PY_ATTR(BoolAttr)
TIRX_PY_ATTR(FloatAttr)
TIRX_PY_ATTR(UnitAttr)
TIRX_PY_ATTR(TypeAttr)
TIRX_PY_ATTR(ArrayAttr)
TIRX_PY_ATTR(DictAttr)
TIRX_PY_ATTR(FlatSymbolRefAttr)
TIRX_PY_ATTR(DenseI32ArrayAttr)
TIRX_PY_ATTR(DenseI64ArrayAttr)
TIRX_PY_ATTR(StridedLayoutAttr)
TIRX_PY_ATTR(TargetAttr)
TIRX_PY_ATTR(LaunchAttr)
TIRX_PY_ATTR(ScopeAttr)
#undef TIRX_PY_ATTR

std::string str(const PyType &t) { return printType(*t.ctx, t.get()); }
std::string str(const PyAttribute &a) {
  return printAttribute(*a.ctx, a.get());
}

/// `Sub(x)` cast constructor and `Sub.isinstance(x)` for a typed subclass.
template <typename PySub, typename PyParent, typename Pred>
nb::class_<PySub, PyParent> typedClass(nb::module_ &m, const char *name,
                                       Pred isa_) {
  using Root = std::conditional_t<std::is_base_of_v<PyType, PySub>, PyType,
                                  PyAttribute>;
  nb::class_<PySub, PyParent> c(m, name);
  std::string cls = name;
  c.def(
      "__init__",
      [cls, isa_](PySub *self, const Root &from) {
        auto v = from.get();
        if (!v || !isa_(v))
          throw nb::value_error(
              ("cannot cast " + str(from) + " to " + cls).c_str());
        new (self) PySub();
        static_cast<Root &>(*self) = from;
      },
      nb::arg("cast_from"));
  c.def_static(
      "isinstance",
      [isa_](nb::handle h) {
        if (!nb::isinstance<Root>(h))
          return false;
        return (bool)isa_(nb::cast<Root &>(h).get());
      },
      nb::arg("other"));
  return c;
}

template <typename T> auto isaFn() {
  return [](auto v) { return isa<T>(v); };
}

/// Runs `build` with diagnostics captured (their text may print deep types:
/// off this thread's stack when the context has seen deep ones); raises
/// MLIRError on a null result.
template <typename F>
auto checked(const CtxRef &ctx, const std::string &what, F build) {
  MLIRContext *mctx = ctx.get();
  DiagnosticCapture diags(mctx);
  Location loc = currentLocationOr(ctx);
  auto emitError = [loc]() { return mlir::emitError(loc); };
  decltype(build(llvm::function_ref<InFlightDiagnostic()>(emitError))) r;
  runNested(ctx.ptr->nestingHighWater, [&] {
    r = build(llvm::function_ref<InFlightDiagnostic()>(emitError));
  });
  if (!r)
    raiseMLIRError(ctx, "Invalid " + what, diags.take());
  return r;
}

/// A type built from Python types, its nesting depth checked.
template <typename T> T nestedChecked(const CtxRef &ctx, T t, const char *what) {
  checkNestingDepth(*ctx.ptr, ctx.ptr->depthOf(t), what);
  return t;
}

tx::MemorySpace parseScope(const std::string &s) {
  if (auto v = tx::symbolizeMemorySpace(s))
    return *v;
  throw nb::value_error(("unknown storage scope " + quoted(s) +
                         "; expected one of: generic, global, shared, "
                         "shared.dyn, shared.cluster, local, tmem, param")
                            .c_str());
}

PyType typeArg(const CtxRef &ctx, const PyType &t, const char *what) {
  checkSameContext(ctx, t.ctx, what);
  return t;
}

std::vector<int64_t> shapeArg(nb::handle shape) {
  std::vector<nb::object> items = listArg(shape, "shape");
  std::vector<int64_t> out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].is_none())
      out.push_back(ShapedType::kDynamic);
    else
      out.push_back(
          int64Arg(items[i], ("shape[" + std::to_string(i) + "]").c_str()));
  }
  return out;
}

/// Python int -> the APInt of an IntegerAttr of type `ty`, exactly; raises
/// ValueError naming the range when it does not fit. The ranges are the
/// parser's: signless iN takes -2^(N-1) .. 2^N-1 (either reading), siN and
/// uiN their own, index a signed 64-bit value.
APInt intToAPInt(nb::handle v, Type ty) {
  if (!PyLong_Check(v.ptr()))
    throw nb::type_error(
        ("value must be an int, not " + typeName(v)).c_str());
  auto intTy = dyn_cast<IntegerType>(ty);
  unsigned width = intTy ? intTy.getWidth() : 64;
  bool isSigned = !intTy || intTy.isSigned();
  bool isUnsigned = intTy && intTy.isUnsigned();
  APInt big;
  int overflow = 0;
  long long small = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
  if (!overflow) {
    if (small == -1 && PyErr_Occurred())
      throw nb::python_error();
    big = APInt(64, (uint64_t)small, /*isSigned=*/true);
  } else {
    // Two's complement little-endian bytes, one bit more than needed.
    size_t bits = nb::cast<size_t>(nb::borrow(v).attr("bit_length")()) + 1;
    size_t words = (bits + 63) / 64;
    nb::bytes raw = nb::cast<nb::bytes>(nb::borrow(v).attr("to_bytes")(
        words * 8, "little", nb::arg("signed") = true));
    std::vector<uint64_t> data(words);
    memcpy(data.data(), raw.c_str(), words * 8);
    big = APInt(words * 64, data);
  }
  bool fits = isUnsigned   ? !big.isNegative() && big.isIntN(width)
              : isSigned   ? big.isSignedIntN(width)
                           : big.isSignedIntN(width) ||
                               (!big.isNegative() && big.isIntN(width));
  if (!fits || (width == 0 && !big.isZero())) {
    std::string typeText;
    llvm::raw_string_ostream(typeText) << ty; // an integer type: shallow
    auto bound = [](const APInt &x, bool sgn) {
      SmallString<40> s;
      x.toString(s, 10, sgn);
      return std::string(s);
    };
    std::string lo = width == 0 || isUnsigned
                         ? "0"
                         : bound(APInt::getSignedMinValue(width), true);
    std::string hi =
        width == 0 ? "0"
        : isSigned ? bound(APInt::getSignedMaxValue(width), true)
                   : bound(APInt::getMaxValue(width), false);
    throw nb::value_error(("value " + nb::cast<std::string>(nb::str(v)) +
                           " is out of range for " + typeText +
                           " (" + lo + " to " + hi + ")")
                              .c_str());
  }
  if (width == 0)
    return APInt(0u, uint64_t(0));
  return big.sextOrTrunc(width);
}

/// An IntegerAttr's value as a Python int, exactly: unsigned for uiN and
/// for i1 (0 or 1), signed otherwise.
nb::object apIntToPython(const APInt &v, Type ty) {
  auto intTy = dyn_cast<IntegerType>(ty);
  bool asUnsigned =
      intTy && (intTy.isUnsigned() || (intTy.isSignless() && intTy.getWidth() == 1));
  if (v.getBitWidth() <= 64)
    return asUnsigned ? nb::steal(PyLong_FromUnsignedLongLong(v.getZExtValue()))
                      : nb::steal(PyLong_FromLongLong(v.getSExtValue()));
  SmallString<64> digits;
  v.toString(digits, 16, /*Signed=*/!asUnsigned);
  return nb::steal(PyLong_FromString(digits.c_str(), nullptr, 16));
}

nb::object shapeToPython(ArrayRef<int64_t> shape) {
  nb::list l;
  for (int64_t d : shape)
    l.append(nb::int_(d));
  return l;
}

std::vector<Attribute> attrList(const CtxRef &ctx, nb::handle seq) {
  std::vector<nb::object> items = listArg(seq, "attributes");
  std::vector<Attribute> out;
  for (size_t i = 0; i < items.size(); ++i) {
    PyAttribute &a = argAs<PyAttribute>(
        items[i], ("attributes[" + std::to_string(i) + "]").c_str(),
        "a tirx.ir.Attribute");
    checkSameContext(ctx, a.ctx, "an element");
    out.push_back(a.get());
  }
  return out;
}
} // namespace

nb::object wrapType(const CtxRef &ctx, Type t) {
  PyType b{ctx, t};
  if (isa<tx::PtrType>(t))
    return nb::cast(PyPtrType{b});
  if (isa<tx::BufferType>(t))
    return nb::cast(PyBufferType{b});
  if (isa<tx::TensorMapType>(t))
    return nb::cast(PyTensorMapType{b});
  if (isa<IntegerType>(t))
    return nb::cast(PyIntegerType{b});
  if (isa<IndexType>(t))
    return nb::cast(PyIndexType{b});
  if (isa<Float16Type>(t))
    return nb::cast(PyF16Type{{b}});
  if (isa<BFloat16Type>(t))
    return nb::cast(PyBF16Type{{b}});
  if (isa<Float32Type>(t))
    return nb::cast(PyF32Type{{b}});
  if (isa<Float64Type>(t))
    return nb::cast(PyF64Type{{b}});
  if (isa<FloatType>(t))
    return nb::cast(PyFloatType{b});
  if (isa<NoneType>(t))
    return nb::cast(PyNoneType{b});
  if (isa<FunctionType>(t))
    return nb::cast(PyFunctionType{b});
  if (isa<VectorType>(t))
    return nb::cast(PyVectorType{b});
  return nb::cast(b);
}

nb::object wrapAttribute(const CtxRef &ctx, Attribute a) {
  PyAttribute b{ctx, a};
  if (isa<tx::TargetAttr>(a))
    return nb::cast(PyTargetAttr{b});
  if (isa<tx::LaunchAttr>(a))
    return nb::cast(PyLaunchAttr{b});
  if (isa<tx::MemorySpaceAttr>(a))
    return nb::cast(PyScopeAttr{b});
  if (isa<StringAttr>(a))
    return nb::cast(PyStringAttr{b});
  if (isa<BoolAttr>(a))
    return nb::cast(PyBoolAttr{b});
  if (isa<IntegerAttr>(a))
    return nb::cast(PyIntegerAttr{b});
  if (isa<FloatAttr>(a))
    return nb::cast(PyFloatAttr{b});
  if (isa<UnitAttr>(a))
    return nb::cast(PyUnitAttr{b});
  if (isa<TypeAttr>(a))
    return nb::cast(PyTypeAttr{b});
  if (isa<ArrayAttr>(a))
    return nb::cast(PyArrayAttr{b});
  if (isa<DictionaryAttr>(a))
    return nb::cast(PyDictAttr{b});
  if (isa<FlatSymbolRefAttr>(a))
    return nb::cast(PyFlatSymbolRefAttr{b});
  if (isa<DenseI32ArrayAttr>(a))
    return nb::cast(PyDenseI32ArrayAttr{b});
  if (isa<DenseI64ArrayAttr>(a))
    return nb::cast(PyDenseI64ArrayAttr{b});
  if (isa<StridedLayoutAttr>(a))
    return nb::cast(PyStridedLayoutAttr{b});
  return nb::cast(b);
}

void bindIRTypes(nb::module_ &m) {
  auto ctxArg = nb::arg("context") = nb::none();

  //--- Builtin types ---------------------------------------------------------
  auto makeInt = [](unsigned width, IntegerType::SignednessSemantics s,
                    nb::handle context) {
    CtxRef c = resolveContext(context);
    Type t = checked(c, "integer type", [&](auto emitError) {
      return IntegerType::getChecked(emitError, c.get(), width, s);
    });
    return PyIntegerType{{c, t}};
  };
  typedClass<PyIntegerType, PyType>(m, "IntegerType", isaFn<IntegerType>())
      .def_static(
          "get_signless",
          [makeInt](unsigned w, nb::handle c) {
            return makeInt(w, IntegerType::Signless, c);
          },
          nb::arg("width"), ctxArg)
      .def_static(
          "get_signed",
          [makeInt](unsigned w, nb::handle c) {
            return makeInt(w, IntegerType::Signed, c);
          },
          nb::arg("width"), ctxArg)
      .def_static(
          "get_unsigned",
          [makeInt](unsigned w, nb::handle c) {
            return makeInt(w, IntegerType::Unsigned, c);
          },
          nb::arg("width"), ctxArg)
      .def_prop_ro("width",
                   [](const PyIntegerType &t) {
                     return cast<IntegerType>(t.get()).getWidth();
                   })
      .def_prop_ro("is_signless",
                   [](const PyIntegerType &t) {
                     return cast<IntegerType>(t.get()).isSignless();
                   })
      .def_prop_ro("is_signed",
                   [](const PyIntegerType &t) {
                     return cast<IntegerType>(t.get()).isSigned();
                   })
      .def_prop_ro("is_unsigned", [](const PyIntegerType &t) {
        return cast<IntegerType>(t.get()).isUnsigned();
      });

  typedClass<PyIndexType, PyType>(m, "IndexType", isaFn<IndexType>())
      .def_static(
          "get",
          [](nb::handle context) {
            CtxRef c = resolveContext(context);
            return PyIndexType{{c, IndexType::get(c.get())}};
          },
          ctxArg);

  typedClass<PyFloatType, PyType>(m, "FloatType", isaFn<FloatType>())
      .def_prop_ro("width", [](const PyFloatType &t) {
        return cast<FloatType>(t.get()).getWidth();
      });
#define TIRX_FLOAT(PYNAME, NAME, MLIRT)                                        \
  typedClass<PYNAME, PyFloatType>(m, NAME, isaFn<MLIRT>())                     \
      .def_static(                                                             \
          "get",                                                               \
          [](nb::handle context) {                                             \
            CtxRef c = resolveContext(context);                                \
            return PYNAME{{{c, MLIRT::get(c.get())}}};                         \
          },                                                                   \
          ctxArg);
  TIRX_FLOAT(PyF16Type, "F16Type", Float16Type)
  TIRX_FLOAT(PyBF16Type, "BF16Type", BFloat16Type)
  TIRX_FLOAT(PyF32Type, "F32Type", Float32Type)
  TIRX_FLOAT(PyF64Type, "F64Type", Float64Type)
#undef TIRX_FLOAT

  typedClass<PyNoneType, PyType>(m, "NoneType", isaFn<NoneType>())
      .def_static(
          "get",
          [](nb::handle context) {
            CtxRef c = resolveContext(context);
            return PyNoneType{{c, NoneType::get(c.get())}};
          },
          ctxArg);

  typedClass<PyFunctionType, PyType>(m, "FunctionType", isaFn<FunctionType>())
      .def_static(
          "get",
          [](std::vector<PyType> inputs, std::vector<PyType> results,
             nb::handle context) {
            CtxRef c = resolveContext(context);
            std::vector<Type> ins, outs;
            for (auto &t : inputs)
              ins.push_back(typeArg(c, t, "an input type").get());
            for (auto &t : results)
              outs.push_back(typeArg(c, t, "a result type").get());
            return PyFunctionType{
                {c, nestedChecked(c, FunctionType::get(c.get(), ins, outs),
                                  "the function type")}};
          },
          nb::arg("inputs"), nb::arg("results"), ctxArg)
      .def_prop_ro("inputs",
                   [](const PyFunctionType &t) {
                     std::vector<nb::object> out;
                     for (Type x : cast<FunctionType>(t.get()).getInputs())
                       out.push_back(wrapType(t.ctx, x));
                     return out;
                   })
      .def_prop_ro("results", [](const PyFunctionType &t) {
        std::vector<nb::object> out;
        for (Type x : cast<FunctionType>(t.get()).getResults())
          out.push_back(wrapType(t.ctx, x));
        return out;
      });

  typedClass<PyVectorType, PyType>(m, "VectorType", isaFn<VectorType>())
      .def_static(
          "get",
          [](std::vector<int64_t> shape, const PyType &elt) {
            Type t = checked(elt.ctx, "vector type", [&](auto emitError) {
              return VectorType::getChecked(emitError, shape, elt.get());
            });
            return PyVectorType{{elt.ctx, t}};
          },
          nb::arg("shape"), nb::arg("element_type"))
      .def_prop_ro("shape",
                   [](const PyVectorType &t) {
                     return shapeToPython(cast<VectorType>(t.get()).getShape());
                   })
      .def_prop_ro("element_type", [](const PyVectorType &t) {
        return wrapType(t.ctx, cast<VectorType>(t.get()).getElementType());
      });

  //--- TIRx types ------------------------------------------------------------
  typedClass<PyPtrType, PyType>(m, "PtrType", isaFn<tx::PtrType>())
      .def_static(
          "get",
          [](const PyType &elt, const std::string &scope, nb::handle context) {
            CtxRef c = elt.ctx;
            if (!context.is_none())
              checkSameContext(resolveContext(context), c, "element_type");
            tx::MemorySpace space = parseScope(scope);
            Type t = checked(c, "!tirx.ptr type", [&](auto emitError) {
              return tx::PtrType::getChecked(emitError, c.get(), elt.get(),
                                             space);
            });
            return PyPtrType{{c, nestedChecked(c, t, "the pointer type")}};
          },
          nb::arg("element_type"), nb::arg("scope"), ctxArg,
          "!tirx.ptr<element_type, scope>; scope is a storage-scope name "
          "such as 'global', 'shared', 'shared.dyn'.")
      .def_prop_ro("element_type",
                   [](const PyPtrType &t) {
                     return wrapType(t.ctx,
                                     cast<tx::PtrType>(t.get()).getElementType());
                   })
      .def_prop_ro("scope",
                   [](const PyPtrType &t) {
                     return tx::stringifyMemorySpace(
                                cast<tx::PtrType>(t.get()).getMemorySpace())
                         .str();
                   })
      .def_prop_ro("address_space", [](const PyPtrType &t) {
        return tx::getNVPTXAddressSpace(
            cast<tx::PtrType>(t.get()).getMemorySpace());
      });

  auto bufferOf = [](const PyBufferType &t) {
    return cast<tx::BufferType>(t.get());
  };
  typedClass<PyBufferType, PyType>(m, "BufferType", isaFn<tx::BufferType>())
      .def_static(
          "get",
          [](nb::handle shape, const PyType &elt, const std::string &scope,
             nb::handle layout, nb::handle context) {
            CtxRef c = elt.ctx;
            if (!context.is_none())
              checkSameContext(resolveContext(context), c, "element_type");
            std::vector<int64_t> dims = shapeArg(shape);
            tx::MemorySpace space = parseScope(scope);
            Attribute lay;
            if (!layout.is_none()) {
              PyAttribute &a = argAs<PyAttribute>(
                  layout, "layout", "a tirx.ir.Attribute or None");
              checkSameContext(c, a.ctx, "layout");
              lay = a.get();
            }
            Type t = checked(c, "!tirx.buffer type", [&](auto emitError) {
              return tx::BufferType::getChecked(emitError, ArrayRef<int64_t>(dims),
                                                elt.get(), space, lay);
            });
            return PyBufferType{{c, nestedChecked(c, t, "the buffer type")}};
          },
          nb::arg("shape"), nb::arg("element_type"), nb::arg("scope"),
          nb::arg("layout") = nb::none(), ctxArg,
          "!tirx.buffer<shape x element_type, scope[, layout]>; a None "
          "extent (or get_dynamic_size()) is dynamic.")
      .def_static("get_dynamic_size", []() { return ShapedType::kDynamic; })
      .def_prop_ro("shape",
                   [bufferOf](const PyBufferType &t) {
                     return shapeToPython(bufferOf(t).getShape());
                   })
      .def_prop_ro("rank",
                   [bufferOf](const PyBufferType &t) {
                     return bufferOf(t).getShape().size();
                   })
      .def_prop_ro("element_type",
                   [bufferOf](const PyBufferType &t) {
                     return wrapType(t.ctx, bufferOf(t).getElementType());
                   })
      .def_prop_ro("scope",
                   [bufferOf](const PyBufferType &t) {
                     return tx::stringifyMemorySpace(
                                bufferOf(t).getMemorySpace())
                         .str();
                   })
      .def_prop_ro("layout",
                   [bufferOf](const PyBufferType &t) -> nb::object {
                     Attribute l = bufferOf(t).getLayout();
                     if (!l)
                       return nb::none();
                     return wrapAttribute(t.ctx, l);
                   })
      .def_prop_ro("has_static_shape",
                   [bufferOf](const PyBufferType &t) {
                     return ShapedType::isStaticShape(bufferOf(t).getShape());
                   })
      .def(
          "is_dynamic_dim",
          [bufferOf](const PyBufferType &t, int64_t i) {
            auto shape = bufferOf(t).getShape();
            if (i < 0 || (size_t)i >= shape.size())
              throw nb::index_error("dimension out of range");
            return ShapedType::isDynamic(shape[i]);
          },
          nb::arg("dim"))
      .def_prop_ro("num_elements",
                   [bufferOf](const PyBufferType &t) {
                     tx::BufferType b = bufferOf(t);
                     if (!ShapedType::isStaticShape(b.getShape()))
                       throw nb::value_error("the shape is not static");
                     return b.getNumElementsStatic();
                   })
      .def_prop_ro("strides",
                   [bufferOf](const PyBufferType &t) {
                     return shapeToPython(bufferOf(t).getStridesOrDefault());
                   })
      .def_prop_ro("offset",
                   [bufferOf](const PyBufferType &t) {
                     return bufferOf(t).getOffsetOrDefault();
                   })
      .def_prop_ro("has_default_layout", [bufferOf](const PyBufferType &t) {
        return bufferOf(t).hasDefaultLayout();
      });

  typedClass<PyTensorMapType, PyType>(m, "TensorMapType",
                                      isaFn<tx::TensorMapType>())
      .def_static(
          "get",
          [](nb::handle context) {
            CtxRef c = resolveContext(context);
            return PyTensorMapType{{c, tx::TensorMapType::get(c.get())}};
          },
          ctxArg);

  //--- Builtin attributes ----------------------------------------------------
  typedClass<PyStringAttr, PyAttribute>(m, "StringAttr", isaFn<StringAttr>())
      .def_static(
          "get",
          [](const std::string &v, nb::handle context) {
            CtxRef c = resolveContext(context);
            return PyStringAttr{{c, StringAttr::get(c.get(), v)}};
          },
          nb::arg("value"), ctxArg)
      .def_prop_ro("value", [](const PyStringAttr &a) {
        return cast<StringAttr>(a.get()).str();
      });

  typedClass<PyIntegerAttr, PyAttribute>(m, "IntegerAttr",
                                         isaFn<IntegerAttr>())
      .def_static(
          "get",
          [](const PyType &t, nb::handle v) {
            Type ty = t.get();
            if (!isa<IntegerType, IndexType>(ty))
              throw nb::value_error("IntegerAttr needs an integer or index type");
            APInt value = intToAPInt(v, ty);
            return PyIntegerAttr{{t.ctx, IntegerAttr::get(ty, value)}};
          },
          nb::arg("type"), nb::arg("value"),
          "An integer attribute; `value` (any Python int) must fit the type: "
          "iN takes -2^(N-1) .. 2^N-1, siN and uiN their ranges, index a "
          "signed 64-bit value.")
      .def_prop_ro(
          "value",
          [](const PyIntegerAttr &a) {
            auto i = cast<IntegerAttr>(a.get());
            return apIntToPython(i.getValue(), i.getType());
          },
          "The exact value: unsigned for uiN and i1, signed otherwise.");

  typedClass<PyBoolAttr, PyAttribute>(m, "BoolAttr", isaFn<BoolAttr>())
      .def_static(
          "get",
          [](bool v, nb::handle context) {
            CtxRef c = resolveContext(context);
            return PyBoolAttr{{c, BoolAttr::get(c.get(), v)}};
          },
          nb::arg("value"), ctxArg)
      .def_prop_ro("value", [](const PyBoolAttr &a) {
        return cast<BoolAttr>(a.get()).getValue();
      });

  typedClass<PyFloatAttr, PyAttribute>(m, "FloatAttr", isaFn<FloatAttr>())
      .def_static(
          "get",
          [](const PyType &t, double v) {
            if (!isa<FloatType>(t.get()))
              throw nb::value_error("FloatAttr needs a float type");
            return PyFloatAttr{{t.ctx, FloatAttr::get(t.get(), v)}};
          },
          nb::arg("type"), nb::arg("value"))
      .def_static(
          "get_f32",
          [](double v, nb::handle context) {
            CtxRef c = resolveContext(context);
            return PyFloatAttr{
                {c, FloatAttr::get(Float32Type::get(c.get()), v)}};
          },
          nb::arg("value"), ctxArg)
      .def_static(
          "get_f64",
          [](double v, nb::handle context) {
            CtxRef c = resolveContext(context);
            return PyFloatAttr{
                {c, FloatAttr::get(Float64Type::get(c.get()), v)}};
          },
          nb::arg("value"), ctxArg)
      .def_prop_ro("value", [](const PyFloatAttr &a) {
        return cast<FloatAttr>(a.get()).getValueAsDouble();
      });

  typedClass<PyUnitAttr, PyAttribute>(m, "UnitAttr", isaFn<UnitAttr>())
      .def_static(
          "get",
          [](nb::handle context) {
            CtxRef c = resolveContext(context);
            return PyUnitAttr{{c, UnitAttr::get(c.get())}};
          },
          ctxArg);

  typedClass<PyTypeAttr, PyAttribute>(m, "TypeAttr", isaFn<TypeAttr>())
      .def_static(
          "get",
          [](const PyType &t) {
            return PyTypeAttr{{t.ctx, nestedChecked(t.ctx, TypeAttr::get(t.get()),
                                                   "the type attribute")}};
          },
          nb::arg("value"))
      .def_prop_ro("value", [](const PyTypeAttr &a) {
        return wrapType(a.ctx, cast<TypeAttr>(a.get()).getValue());
      });

  typedClass<PyArrayAttr, PyAttribute>(m, "ArrayAttr", isaFn<ArrayAttr>())
      .def_static(
          "get",
          [](nb::handle attrs, nb::handle context) {
            CtxRef c = resolveContext(context);
            std::vector<Attribute> elements = attrList(c, attrs);
            return PyArrayAttr{
                {c, nestedChecked(c, ArrayAttr::get(c.get(), elements),
                                  "the array attribute")}};
          },
          nb::arg("attributes"), ctxArg)
      .def("__len__",
           [](const PyArrayAttr &a) { return cast<ArrayAttr>(a.get()).size(); })
      .def("__getitem__",
           [](const PyArrayAttr &a, int64_t i) {
             auto arr = cast<ArrayAttr>(a.get());
             if (i < 0)
               i += arr.size();
             if (i < 0 || (size_t)i >= arr.size())
               throw nb::index_error("index out of range");
             return wrapAttribute(a.ctx, arr[i]);
           })
      .def("__iter__", [](const PyArrayAttr &a) {
        nb::list l;
        for (Attribute x : cast<ArrayAttr>(a.get()))
          l.append(wrapAttribute(a.ctx, x));
        return l.attr("__iter__")();
      });

  typedClass<PyDictAttr, PyAttribute>(m, "DictAttr", isaFn<DictionaryAttr>())
      .def_static(
          "get",
          [](nb::dict d, nb::handle context) {
            CtxRef c = resolveContext(context);
            std::vector<std::pair<std::string, PyAttribute>> items;
            for (auto [k, v] : d) {
              if (!nb::isinstance<nb::str>(k))
                throw nb::type_error(
                    ("DictAttr keys must be str, not " + typeName(k)).c_str());
              std::string key = strArg(k, "a DictAttr key");
              items.emplace_back(
                  key, argAs<PyAttribute>(v, ("value[" + quoted(key) + "]").c_str(),
                                          "a tirx.ir.Attribute"));
            }
            std::vector<NamedAttribute> entries;
            for (auto &[key, a] : items) {
              checkSameContext(c, a.ctx, "a value");
              entries.emplace_back(StringAttr::get(c.get(), key), a.get());
            }
            return PyDictAttr{
                {c, nestedChecked(c, DictionaryAttr::get(c.get(), entries),
                                  "the dictionary attribute")}};
          },
          nb::arg("value") = nb::dict(), ctxArg)
      .def("__len__",
           [](const PyDictAttr &a) {
             return cast<DictionaryAttr>(a.get()).size();
           })
      .def("__contains__",
           [](const PyDictAttr &a, const std::string &k) {
             return (bool)cast<DictionaryAttr>(a.get()).get(k);
           })
      .def("__getitem__", [](const PyDictAttr &a, const std::string &k) {
        Attribute v = cast<DictionaryAttr>(a.get()).get(k);
        if (!v)
          throw nb::key_error(k.c_str());
        return wrapAttribute(a.ctx, v);
      });

  typedClass<PyFlatSymbolRefAttr, PyAttribute>(m, "FlatSymbolRefAttr",
                                               isaFn<FlatSymbolRefAttr>())
      .def_static(
          "get",
          [](const std::string &v, nb::handle context) {
            CtxRef c = resolveContext(context);
            return PyFlatSymbolRefAttr{{c, FlatSymbolRefAttr::get(c.get(), v)}};
          },
          nb::arg("value"), ctxArg)
      .def_prop_ro("value", [](const PyFlatSymbolRefAttr &a) {
        return cast<FlatSymbolRefAttr>(a.get()).getValue().str();
      });

#define TIRX_DENSE_ARRAY(PYNAME, NAME, MLIRT, ELT)                             \
  typedClass<PYNAME, PyAttribute>(m, NAME, isaFn<MLIRT>())                     \
      .def_static(                                                             \
          "get",                                                               \
          [](std::vector<ELT> values, nb::handle context) {                    \
            CtxRef c = resolveContext(context);                                \
            return PYNAME{{c, MLIRT::get(c.get(), values)}};                   \
          },                                                                   \
          nb::arg("values"), ctxArg)                                           \
      .def("__len__",                                                          \
           [](const PYNAME &a) { return cast<MLIRT>(a.get()).size(); })        \
      .def("__getitem__",                                                      \
           [](const PYNAME &a, int64_t i) {                                    \
             auto arr = cast<MLIRT>(a.get());                                  \
             if (i < 0)                                                        \
               i += arr.size();                                                \
             if (i < 0 || i >= arr.size())                                     \
               throw nb::index_error("index out of range");                    \
             return arr[i];                                                    \
           })                                                                  \
      .def("__iter__", [](const PYNAME &a) {                                   \
        ArrayRef<ELT> v = cast<MLIRT>(a.get()).asArrayRef();                   \
        return nb::cast(std::vector<ELT>(v.begin(), v.end()))                  \
            .attr("__iter__")();                                               \
      });
  TIRX_DENSE_ARRAY(PyDenseI32ArrayAttr, "DenseI32ArrayAttr", DenseI32ArrayAttr,
                   int32_t)
  TIRX_DENSE_ARRAY(PyDenseI64ArrayAttr, "DenseI64ArrayAttr", DenseI64ArrayAttr,
                   int64_t)
#undef TIRX_DENSE_ARRAY

  typedClass<PyStridedLayoutAttr, PyAttribute>(m, "StridedLayoutAttr",
                                               isaFn<StridedLayoutAttr>())
      .def_static(
          "get",
          [](int64_t offset, std::vector<int64_t> strides, nb::handle context) {
            CtxRef c = resolveContext(context);
            Attribute a = checked(c, "strided layout", [&](auto emitError) {
              return StridedLayoutAttr::getChecked(emitError, c.get(), offset,
                                                   ArrayRef<int64_t>(strides));
            });
            return PyStridedLayoutAttr{{c, a}};
          },
          nb::arg("offset"), nb::arg("strides"), ctxArg)
      .def_static("get_dynamic_stride_or_offset",
                  []() { return ShapedType::kDynamic; })
      .def_prop_ro("offset",
                   [](const PyStridedLayoutAttr &a) {
                     return cast<StridedLayoutAttr>(a.get()).getOffset();
                   })
      .def_prop_ro("strides", [](const PyStridedLayoutAttr &a) {
        return shapeToPython(cast<StridedLayoutAttr>(a.get()).getStrides());
      });

  //--- TIRx attributes -------------------------------------------------------
  typedClass<PyTargetAttr, PyAttribute>(m, "TargetAttr",
                                        isaFn<tx::TargetAttr>())
      .def_static(
          "get",
          [](const std::string &chip, nb::handle context) {
            checkNoNul(chip, "chip");
            CtxRef c = resolveContext(context);
            Attribute a = checked(c, "#tirx.target", [&](auto emitError) {
              return tx::TargetAttr::getChecked(emitError, c.get(), StringRef(chip));
            });
            return PyTargetAttr{{c, a}};
          },
          nb::arg("chip"), ctxArg, "#tirx.target<\"chip\">, e.g. sm_90a.")
      .def_static("supported_chips",
                  []() {
                    std::vector<std::string> out;
                    for (StringRef s : tx::TargetAttr::getSupportedChips())
                      out.push_back(s.str());
                    return out;
                  })
      .def_static(
          "is_supported_chip",
          [](const std::string &chip) {
            return tx::TargetAttr::isSupportedChip(chip);
          },
          nb::arg("chip"))
      .def_prop_ro("chip",
                   [](const PyTargetAttr &a) {
                     return cast<tx::TargetAttr>(a.get()).getChip().str();
                   })
      .def_prop_ro("sm_version",
                   [](const PyTargetAttr &a) {
                     return cast<tx::TargetAttr>(a.get()).getSMVersion();
                   })
      .def_prop_ro("is_arch_specific",
                   [](const PyTargetAttr &a) {
                     return cast<tx::TargetAttr>(a.get()).isArchSpecific();
                   })
      .def_prop_ro("is_family_specific", [](const PyTargetAttr &a) {
        return cast<tx::TargetAttr>(a.get()).isFamilySpecific();
      });

  typedClass<PyLaunchAttr, PyAttribute>(m, "LaunchAttr",
                                        isaFn<tx::LaunchAttr>())
      .def_static(
          "get",
          [](std::optional<int64_t> maxRegs, std::optional<int64_t> minBlocks,
             std::optional<std::vector<int64_t>> clusterDims,
             nb::handle context) {
            CtxRef c = resolveContext(context);
            std::vector<int64_t> dims = clusterDims.value_or(
                std::vector<int64_t>{});
            Attribute a = checked(c, "#tirx.launch", [&](auto emitError) {
              return tx::LaunchAttr::getChecked(emitError, c.get(), maxRegs,
                                                minBlocks,
                                                ArrayRef<int64_t>(dims));
            });
            return PyLaunchAttr{{c, a}};
          },
          nb::arg("max_registers").none() = nb::none(),
          nb::arg("min_blocks_per_sm").none() = nb::none(),
          nb::arg("cluster_dims").none() = nb::none(), ctxArg)
      .def_prop_ro("max_registers",
                   [](const PyLaunchAttr &a) {
                     return cast<tx::LaunchAttr>(a.get()).getMaxRegisters();
                   })
      .def_prop_ro("min_blocks_per_sm",
                   [](const PyLaunchAttr &a) {
                     return cast<tx::LaunchAttr>(a.get()).getMinBlocksPerSm();
                   })
      .def_prop_ro("cluster_dims", [](const PyLaunchAttr &a) -> nb::object {
        auto dims = cast<tx::LaunchAttr>(a.get()).getClusterDims();
        if (dims.empty())
          return nb::none();
        return shapeToPython(dims);
      });

  typedClass<PyScopeAttr, PyAttribute>(m, "ScopeAttr",
                                       isaFn<tx::MemorySpaceAttr>())
      .def_static(
          "get",
          [](const std::string &scope, nb::handle context) {
            CtxRef c = resolveContext(context);
            return PyScopeAttr{
                {c, tx::MemorySpaceAttr::get(c.get(), parseScope(scope))}};
          },
          nb::arg("scope"), ctxArg)
      .def_prop_ro("value", [](const PyScopeAttr &a) {
        return tx::stringifyMemorySpace(
                   cast<tx::MemorySpaceAttr>(a.get()).getValue())
            .str();
      });
}

} // namespace tirx_py
