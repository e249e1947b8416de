"""Script-level types: TVM's data-type strings, ``PrimType`` and
``PointerType``, and their MLIR spellings.

A data type is TVM's string (``"int32"``, ``"uint8"``, ``"bfloat16"``,
``"float8_e4m3fn"``, ``"float16x4"``, ``"bool"``, ``"handle"``).  SSA values
are signless in MLIR (arith's rule), so the frontend keeps the signedness of
a value in its ``PrimType``; memory element types keep it in the IR
(``ui32``), as the design asks.
"""

import re

__all__ = ["PrimType", "PointerType", "TensorMapType", "OpaqueType",
           "as_prim_type", "SCOPES"]

#: Storage scopes of pointers and buffers.
SCOPES = ("global", "shared", "shared.dyn", "shared.cluster", "local", "tmem",
          "param", "generic")

# float kinds: TVM name -> MLIR element type
_FLOATS = {
    "float16": "f16", "float32": "f32", "float64": "f64", "bfloat16": "bf16",
    "float8_e4m3fn": "f8E4M3FN", "float8_e5m2": "f8E5M2",
    "float8_e4m3": "f8E4M3", "float8_e3m4": "f8E3M4",
    "float8_e4m3fnuz": "f8E4M3FNUZ", "float8_e5m2fnuz": "f8E5M2FNUZ",
    "float8_e4m3b11fnuz": "f8E4M3B11FNUZ", "float8_e8m0fnu": "f8E8M0FNU",
    "float6_e2m3fn": "f6E2M3FN", "float6_e3m2fn": "f6E3M2FN",
    "float4_e2m1fn": "f4E2M1FN", "tfloat32": "tf32",
}
_FLOAT_BITS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "tf32": 19}

# Shorthands TVM script accepts as dtype names.
_SHORTHANDS = {
    "f16": "float16", "f32": "float32", "f64": "float64", "bf16": "bfloat16",
    "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64",
    "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64",
    "fp8_e4m3": "float8_e4m3fn", "fp8_e5m2": "float8_e5m2",
    "e4m3": "float8_e4m3fn", "e5m2": "float8_e5m2", "fp4_e2m1": "float4_e2m1fn",
    "boolean": "bool", "float": "float32", "int": "int32",
}

_VEC = re.compile(r"^(.*?)x(\d+)$")


class PrimType:
    """A scalar or vector data type, e.g. ``PrimType("uint64")``.

    ``str(t)`` is the TVM name; ``t.ssa`` / ``t.mem`` are the MLIR types of
    an SSA value and of a memory element of this type.
    """

    __slots__ = ("dtype", "code", "bits", "lanes", "ssa", "mem")
    _cache = {}

    def __new__(cls, dtype="int32"):
        if isinstance(dtype, PrimType):
            return dtype
        if not isinstance(dtype, str):
            raise TypeError(f"a data type must be a string or PrimType, got "
                            f"{type(dtype).__name__}")
        hit = cls._cache.get(dtype)
        if hit is not None:
            return hit
        self = object.__new__(cls)
        self._init(dtype)
        # one object per type: aliases ("f32", "float") map to it
        canonical = cls._cache.setdefault(self.dtype, self)
        cls._cache[dtype] = canonical
        return canonical

    def _init(self, name):
        canonical = _SHORTHANDS.get(name, name)
        lanes = 1
        base = canonical
        m = _VEC.match(canonical)
        if m and _scalar_info(m.group(1)) is not None:
            base, lanes = m.group(1), int(m.group(2))
            base = _SHORTHANDS.get(base, base)
        info = _scalar_info(base)
        if info is None or lanes < 1:
            raise ValueError(f"unknown data type {name!r}")
        code, bits, ssa, mem = info
        self.dtype = base if lanes == 1 else f"{base}x{lanes}"
        self.code, self.bits, self.lanes = code, bits, lanes
        if lanes == 1:
            self.ssa, self.mem = ssa, mem
        else:
            self.ssa = f"vector<{lanes}x{ssa}>"
            self.mem = f"vector<{lanes}x{mem}>"

    @property
    def element(self):
        """The scalar type of a vector type (itself for scalars)."""
        if self.lanes == 1:
            return self
        return PrimType(self.dtype.rsplit("x", 1)[0])

    def with_lanes(self, lanes):
        base = self.element.dtype
        return PrimType(base if lanes == 1 else f"{base}x{lanes}")

    # Predicates ------------------------------------------------------------
    @property
    def is_int(self):
        return self.code in ("int", "uint", "index")

    @property
    def is_signed(self):
        return self.code in ("int", "index")

    @property
    def is_index(self):
        """MLIR's `index` (a 64-bit signed integer to the script: loop
        bounds, buffer extents, the operands of buffer indexing)."""
        return self.code == "index"

    @property
    def is_uint(self):
        return self.code == "uint"

    @property
    def is_float(self):
        return self.code == "float"

    @property
    def is_bool(self):
        return self.code == "bool"

    @property
    def is_handle(self):
        return self.code == "handle"

    @property
    def bytes(self):
        return max(1, (self.bits * self.lanes + 7) // 8)

    def __str__(self):
        return self.dtype

    def __repr__(self):
        return f"PrimType({self.dtype!r})"

    def __eq__(self, other):
        if isinstance(other, str):
            try:
                other = PrimType(other)
            except ValueError:
                return False
        return self is other

    def __hash__(self):
        return hash(self.dtype)


def _scalar_info(name):
    """(code, bits, ssa type, memory type) of a scalar TVM dtype or None."""
    if name == "bool":
        return ("bool", 1, "i1", "i1")
    if name == "handle":
        return ("handle", 64, "!tirx.ptr<none, global>", "!tirx.ptr<none, global>")
    if name == "index":
        return ("index", 64, "index", "index")
    m = re.match(r"^(u?int)(\d+)$", name)
    if m:
        bits = int(m.group(2))
        if bits not in (1, 4, 8, 16, 32, 64, 128):
            return None
        if m.group(1) == "int":
            return ("int", bits, f"i{bits}", f"i{bits}")
        return ("uint", bits, f"i{bits}", f"ui{bits}")
    mlir = _FLOATS.get(name)
    if mlir is not None:
        bits = _FLOAT_BITS.get(mlir) or int(re.match(r"f(\d+)", mlir).group(1))
        return ("float", bits, mlir, mlir)
    return None


def as_prim_type(dtype):
    """A PrimType from a string, a PrimType or a dtype constructor (``T.f32``)."""
    if isinstance(dtype, PrimType):
        return dtype
    if isinstance(dtype, str):
        return PrimType(dtype)
    prim = getattr(dtype, "prim_type", None)
    if isinstance(prim, PrimType):
        return prim
    raise TypeError(f"expected a data type (a string such as 'float32' or a "
                    f"PrimType), got {dtype!r}")


class PointerType:
    """A typed pointer: ``PointerType(PrimType("uint64"), "shared")``."""

    __slots__ = ("element_type", "storage_scope")

    def __init__(self, element_type, storage_scope="global"):
        if isinstance(element_type, (TensorMapType, OpaqueType)):
            self.element_type = element_type
        elif element_type is None:
            self.element_type = OpaqueType("none")
        else:
            self.element_type = as_prim_type(element_type)
        if storage_scope in ("", None):
            storage_scope = "global"
        if storage_scope not in SCOPES:
            raise ValueError(f"unknown storage scope {storage_scope!r}; expected "
                             f"one of {', '.join(SCOPES)}")
        self.storage_scope = storage_scope

    @property
    def mlir(self):
        e = self.element_type
        elem = e.mem if isinstance(e, PrimType) else e.mlir
        return f"!tirx.ptr<{elem}, {self.storage_scope}>"

    @property
    def dtype(self):
        return "handle"

    def __eq__(self, other):
        return (isinstance(other, PointerType)
                and self.storage_scope == other.storage_scope
                and _type_eq(self.element_type, other.element_type))

    def __hash__(self):
        return hash((str(self.element_type), self.storage_scope))

    def __repr__(self):
        return f"PointerType({self.element_type!r}, {self.storage_scope!r})"

    __str__ = __repr__


def _type_eq(a, b):
    if isinstance(a, PrimType) or isinstance(b, PrimType):
        return a is b
    return type(a) is type(b) and getattr(a, "mlir", None) == getattr(b, "mlir", None)


class TensorMapType:
    """A TMA descriptor (``!tirx.tensormap``)."""

    mlir = "!tirx.tensormap"
    dtype = "handle"

    def __eq__(self, other):
        return isinstance(other, TensorMapType)

    def __hash__(self):
        return hash("tensormap")

    def __repr__(self):
        return "TensorMapType()"


class OpaqueType:
    """Any other MLIR type a value may have (``i128``, ``none``, vectors of
    registers): carried as its MLIR text."""

    __slots__ = ("mlir",)
    dtype = "handle"

    def __init__(self, mlir):
        self.mlir = mlir

    def __eq__(self, other):
        return isinstance(other, OpaqueType) and other.mlir == self.mlir

    def __hash__(self):
        return hash(self.mlir)

    def __repr__(self):
        return f"OpaqueType({self.mlir!r})"


def mlir_type_text(ty, memory=False):
    """The MLIR text of a script type (SSA form unless `memory`)."""
    if isinstance(ty, PrimType):
        return ty.mem if memory else ty.ssa
    return ty.mlir


def script_type_of_mlir(text, hint=None):
    """The script type of an MLIR type text (`hint`: the PrimType to prefer
    when the text is ambiguous, e.g. an unsigned value is `i32` too)."""
    if hint is not None and mlir_type_text(hint) == text:
        return hint
    return _MLIR_TO_PRIM.get(text) or _parse_ptr(text) or _vector_prim(text) or (
        TensorMapType() if text == "!tirx.tensormap" else OpaqueType(text))


def _vector_prim(text):
    """``vector<64xf32>`` -> float32x64 (an op result such as wgmma's
    accumulator), or None."""
    m = re.match(r"^vector<(\d+)x([a-z0-9A-Z_]+)>$", text)
    e = _MLIR_TO_PRIM.get(m.group(2)) if m else None
    return e.with_lanes(int(m.group(1))) if e is not None else None


_MLIR_TO_PRIM = {}
for _n in ("bool", "int8", "int16", "int32", "int64", "float16", "float32",
           "float64", "bfloat16", "float8_e4m3fn", "float8_e5m2",
           "float4_e2m1fn"):
    _MLIR_TO_PRIM[PrimType(_n).ssa] = PrimType(_n)
for _n in ("uint8", "uint16", "uint32", "uint64"):
    _MLIR_TO_PRIM[PrimType(_n).mem] = PrimType(_n)
_MLIR_TO_PRIM["index"] = PrimType("index")

_PTR_RE = re.compile(r"^!tirx\.ptr<(.+), ([a-z.]+)>$")


def _parse_ptr(text):
    m = _PTR_RE.match(text)
    if not m:
        return None
    elem = m.group(1)
    if elem == "!tirx.tensormap":
        e = TensorMapType()
    else:
        e = _MLIR_TO_PRIM.get(elem) or OpaqueType(elem)
    return PointerType(e, m.group(2))


def memory_prim_type(text):
    """The PrimType of a memory element type text (``ui32`` -> uint32)."""
    p = _MLIR_TO_PRIM.get(text)
    if p is not None:
        return p
    m = re.match(r"^vector<(\d+)x(.+)>$", text)
    if m:
        e = _MLIR_TO_PRIM.get(m.group(2))
        if e is not None:
            return e.with_lanes(int(m.group(1)))
    return None
