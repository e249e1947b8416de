"""Run TIRx kernel packages: a pure-Python launcher over the TIRx runtime.

This module is self-contained: it imports only the standard library and
loads the runtime library (``libtirx_runtime.so``, C ABI) with ctypes, so it
runs on Python 3.8+ without MLIR, without the ``tirx`` package and without a
compiled extension. Kernel packages carry a copy of it as
``tirx_launcher.py``; inside the ``tirx`` package it is
``tirx.runtime.launcher``.

    import tirx_launcher
    pkg = tirx_launcher.load("axpy.tirxpkg")     # directory or .zip
    pkg.axpy(A, B, 2.0, 1000)                    # PyTorch / CuPy tensors

Arguments are tensors that support DLPack (``__dlpack__``) on a CUDA
device, and Python scalars. Every argument is checked against the kernel's
parameter (dtype, shape, device, 16-byte alignment, strides) and a mismatch
raises ``TypeError`` or ``ValueError`` naming the parameter. Before each
launch the launcher evaluates the function's host part (the launch
description: shape reads, scalar arithmetic, TMA descriptor creation), then
launches on the current stream of the tensors' framework (or ``stream=``).
"""

import builtins
import ctypes
import functools
import inspect
import json
import math
import os
import struct
import sys
import threading
import zipfile

__all__ = ["load", "Package", "Kernel", "PyFunc", "RuntimeLibrary",
           "LauncherError", "find_runtime_library", "PACKAGE_FORMAT",
           "LAUNCH_FORMAT", "INTERLEAVE_MODES", "SWIZZLE_MODES",
           "L2_PROMOTION_MODES", "OOB_FILL_MODES"]

PACKAGE_FORMAT = "tirx-package/1"
LAUNCH_FORMAT = "tirx-launch/1"
RUNTIME_LIBRARY = "libtirx_runtime.so"
ABI_VERSION = 2

# Alignment every buffer argument must have: kernels may use 16-byte vector
# accesses and TMA needs 16-byte aligned bases.
BUFFER_ALIGNMENT = 16


class LauncherError(RuntimeError):
    """A package cannot be loaded or run (no driver, bad package, ...)."""


# ---------------------------------------------------------------------------
# The runtime library
# ---------------------------------------------------------------------------

def find_runtime_library(package_dir=None):
    """The runtime library: $TIRX_RUNTIME_LIB, then next to the package,
    next to this file, in the tirx package (tirx/lib) or the build tree."""
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = []
    env = os.environ.get("TIRX_RUNTIME_LIB")
    if env:
        candidates.append(env)
    if package_dir:
        candidates.append(os.path.join(package_dir, RUNTIME_LIBRARY))
    candidates += [
        os.path.join(here, RUNTIME_LIBRARY),
        os.path.join(here, "..", "lib", RUNTIME_LIBRARY),
        # Build tree: build/python_packages/tirx/runtime -> build/lib.
        os.path.join(here, "..", "..", "..", "lib", RUNTIME_LIBRARY),
    ]
    for c in candidates:
        if os.path.isfile(c):
            return os.path.abspath(c)
    raise LauncherError(
        "cannot find %s (looked in: %s); set TIRX_RUNTIME_LIB to its path"
        % (RUNTIME_LIBRARY, ", ".join(os.path.normpath(c) for c in candidates)))


class RuntimeLibrary:
    """ctypes binding of tirx/runtime/Runtime.h."""

    _lock = threading.Lock()
    _loaded = {}

    @classmethod
    def get(cls, path):
        with cls._lock:
            lib = cls._loaded.get(path)
            if lib is None:
                lib = cls._loaded[path] = cls(path)
            return lib

    def __init__(self, path):
        try:
            self.lib = ctypes.CDLL(path)
        except OSError as e:
            raise LauncherError("cannot load the TIRx runtime %s: %s" % (path, e))
        self.path = path
        L = self.lib
        c_int, c_char_p, c_void_p = ctypes.c_int, ctypes.c_char_p, ctypes.c_void_p
        u32, u64, size_t = ctypes.c_uint32, ctypes.c_uint64, ctypes.c_size_t
        pu64 = ctypes.POINTER(u64)
        pu32 = ctypes.POINTER(u32)
        sigs = {
            "tirxrt_last_error": (c_char_p, []),
            "tirxrt_abi_version": (c_int, []),
            "tirxrt_init": (c_int, [c_int]),
            "tirxrt_driver_version": (c_int, [ctypes.POINTER(c_int)]),
            "tirxrt_device_info": (c_int, [c_int, c_char_p, size_t,
                                           ctypes.POINTER(c_int),
                                           ctypes.POINTER(c_int),
                                           ctypes.POINTER(c_int)]),
            "tirxrt_module_load": (c_int, [c_void_p, size_t, c_char_p,
                                           ctypes.POINTER(c_void_p)]),
            "tirxrt_module_unload": (c_int, [c_void_p]),
            "tirxrt_module_get_function": (c_int, [c_void_p, c_char_p,
                                                   ctypes.POINTER(c_void_p)]),
            "tirxrt_function_configure": (c_int, [c_void_p, u32, c_int]),
            "tirxrt_function_param_info": (c_int, [c_void_p, u32, pu64, pu64]),
            "tirxrt_function_attribute": (c_int, [c_void_p, c_int,
                                                  ctypes.POINTER(c_int)]),
            "tirxrt_function_max_active_clusters": (
                c_int, [c_void_p, pu32, pu32, pu32, u32,
                        ctypes.POINTER(c_int)]),
            "tirxrt_module_log": (c_char_p, [c_void_p]),
            "tirxrt_tensormap_validate": (c_int, [c_char_p, u32, u64, pu64,
                                                  pu64, pu64, pu64, u32, u32,
                                                  u32, u32]),
            "tirxrt_tensormap_encode_tiled": (c_int, [c_void_p, c_char_p, u32,
                                                      u64, pu64, pu64, pu64,
                                                      pu64, u32, u32, u32,
                                                      u32]),
            "tirxrt_launch": (c_int, [c_void_p, pu32, pu32, pu32, u32, u64,
                                      ctypes.POINTER(c_void_p), pu64, u32]),
            "tirxrt_synchronize": (c_int, []),
        }
        for name, (res, args) in sigs.items():
            try:
                fn = getattr(L, name)
            except AttributeError:
                raise LauncherError("%s is not a TIRx runtime library (no %s)"
                                    % (path, name))
            fn.restype = res
            fn.argtypes = args
        abi = L.tirxrt_abi_version()
        if abi != ABI_VERSION:
            raise LauncherError("the TIRx runtime %s has ABI version %d; this "
                                "launcher needs %d" % (path, abi, ABI_VERSION))

    def error(self):
        msg = self.lib.tirxrt_last_error()
        return msg.decode("utf-8", "replace") if msg else "unknown error"

    def check(self, status, context=None):
        if status != 0:
            msg = self.error()
            raise LauncherError("%s: %s" % (context, msg) if context else msg)

    def init(self, device):
        self.check(self.lib.tirxrt_init(device))

    def driver_version(self):
        v = ctypes.c_int(0)
        self.check(self.lib.tirxrt_driver_version(ctypes.byref(v)))
        return v.value

    def device_info(self, device):
        name = ctypes.create_string_buffer(256)
        major, minor, sms = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        self.check(self.lib.tirxrt_device_info(
            device, name, len(name), ctypes.byref(major), ctypes.byref(minor),
            ctypes.byref(sms)))
        return {"name": name.value.decode("utf-8", "replace"),
                "compute_capability": (major.value, minor.value),
                "multiprocessors": sms.value}

    def validate_tensormap(self, spec):
        return self._tensormap(None, spec)

    def encode_tensormap(self, spec):
        """The 128 bytes of a descriptor (a 64-byte-aligned ctypes view)."""
        storage = (ctypes.c_ubyte * 192)()
        base = ctypes.addressof(storage)
        offset = (-base) % 64
        self._tensormap(base + offset, spec)
        view = (ctypes.c_ubyte * 128).from_buffer(storage, offset)
        view._storage = storage  # keep the backing store alive
        return view

    def _tensormap(self, out, spec):
        rank = len(spec["global_dims"])
        arr = lambda xs: (ctypes.c_uint64 * max(1, len(xs)))(*xs)
        args = [spec["dtype"].encode(), rank, spec["address"],
                arr(spec["global_dims"]), arr(spec["global_strides"]),
                arr(spec["box"]), arr(spec["element_strides"]),
                spec["interleave"], spec["swizzle"], spec["l2_promotion"],
                spec["oob_fill"]]
        if out is None:
            status = self.lib.tirxrt_tensormap_validate(*args)
        else:
            status = self.lib.tirxrt_tensormap_encode_tiled(out, *args)
        if status != 0:
            raise ValueError(self.error())


# ---------------------------------------------------------------------------
# DLPack
# ---------------------------------------------------------------------------

class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int), ("device_id", ctypes.c_int)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    # shape and strides are int64_t*, read as addresses (faster in ctypes).
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice),
                ("ndim", ctypes.c_int), ("dtype", _DLDataType),
                ("shape", ctypes.c_void_p), ("strides", ctypes.c_void_p),
                ("byte_offset", ctypes.c_uint64)]


class _DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", _DLTensor), ("manager_ctx", ctypes.c_void_p),
                ("deleter", ctypes.c_void_p)]


class _DLPackVersion(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint32), ("minor", ctypes.c_uint32)]


class _DLManagedTensorVersioned(ctypes.Structure):
    _fields_ = [("version", _DLPackVersion), ("manager_ctx", ctypes.c_void_p),
                ("deleter", ctypes.c_void_p), ("flags", ctypes.c_uint64),
                ("dl_tensor", _DLTensor)]


_PyCapsule_GetPointer = ctypes.pythonapi.PyCapsule_GetPointer
_PyCapsule_GetPointer.restype = ctypes.c_void_p
_PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
_PyCapsule_GetName = ctypes.pythonapi.PyCapsule_GetName
_PyCapsule_GetName.restype = ctypes.c_char_p
_PyCapsule_GetName.argtypes = [ctypes.py_object]

DEVICE_NAMES = {1: "kDLCPU", 2: "kDLCUDA", 3: "kDLCUDAHost", 4: "kDLOpenCL",
                7: "kDLVulkan", 8: "kDLMetal", 10: "kDLROCM",
                11: "kDLROCMHost", 13: "kDLCUDAManaged", 14: "kDLOneAPI"}
CUDA_DEVICES = (2, 13)  # device memory, managed memory

# (DLPack type code, bits) -> dtype name.
DLPACK_DTYPES = {
    (0, 8): "int8", (0, 16): "int16", (0, 32): "int32", (0, 64): "int64",
    (1, 8): "uint8", (1, 16): "uint16", (1, 32): "uint32", (1, 64): "uint64",
    (2, 16): "float16", (2, 32): "float32", (2, 64): "float64",
    (4, 16): "bfloat16", (6, 8): "bool", (1, 1): "bool",
    (10, 8): "float8_e4m3fn", (12, 8): "float8_e5m2",
    (14, 8): "float8_e8m0fnu", (17, 4): "float4_e2m1fn",
}


class TensorInfo:
    """What the launcher needs of a DLPack tensor."""

    __slots__ = ("data", "device_type", "device_id", "dtype", "shape",
                 "strides", "lanes", "framework", "source")

    def describe_device(self):
        name = DEVICE_NAMES.get(self.device_type, str(self.device_type))
        return "%s:%d" % (name, self.device_id)


def tensor_info(obj):
    """Reads a tensor through DLPack (legacy or versioned capsules)."""
    dev = getattr(obj, "__dlpack_device__", None)
    export = getattr(obj, "__dlpack__", None)
    if export is None:
        return None
    if dev is not None:
        device_type, _ = dev()
        if int(device_type) not in CUDA_DEVICES:
            # Do not ask a host array for a capsule: describe it directly.
            info = TensorInfo()
            info.device_type, info.device_id = int(device_type), int(dev()[1])
            info.data = None
            return info
    try:
        capsule = export(stream=None)
    except TypeError:
        capsule = export()
    name = _PyCapsule_GetName(capsule)
    if name == b"dltensor":
        managed = _DLManagedTensor.from_address(
            _PyCapsule_GetPointer(capsule, b"dltensor"))
    elif name == b"dltensor_versioned":
        managed = _DLManagedTensorVersioned.from_address(
            _PyCapsule_GetPointer(capsule, b"dltensor_versioned"))
    else:
        raise TypeError("__dlpack__() returned a capsule named %r" % name)
    t = managed.dl_tensor
    info = TensorInfo()
    info.data = (t.data or 0) + t.byte_offset
    info.device_type = t.device.device_type
    info.device_id = t.device.device_id
    info.dtype = DLPACK_DTYPES.get((t.dtype.code, t.dtype.bits))
    info.lanes = t.dtype.lanes
    n = t.ndim
    array = ctypes.c_int64 * n
    info.shape = tuple(array.from_address(t.shape)) if n else ()
    if t.strides and n:
        info.strides = tuple(array.from_address(t.strides))
    else:
        info.strides = _row_major(info.shape)
    if info.dtype is None:
        info.dtype = "DLPack type (code %d, %d bits)" % (t.dtype.code,
                                                         t.dtype.bits)
    module = type(obj).__module__.split(".")[0]
    info.framework = module
    info.source = obj
    # The capsule is dropped here: its destructor calls the producer's
    # deleter; `obj` keeps the memory alive for the call.
    del capsule
    return info


def _row_major(shape):
    strides, acc = [], 1
    for extent in reversed(shape):
        strides.append(acc)
        acc *= extent
    return tuple(reversed(strides))


# ---------------------------------------------------------------------------
# Scalars and the host program
# ---------------------------------------------------------------------------

_INT_BITS = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64}
_FLOATS = ("f16", "bf16", "f32", "f64")
_CTYPE = {"i1": ctypes.c_uint8, "i8": ctypes.c_int8, "i16": ctypes.c_int16,
          "i32": ctypes.c_int32, "i64": ctypes.c_int64,
          "index": ctypes.c_int64, "f32": ctypes.c_float,
          "f64": ctypes.c_double, "pointer": ctypes.c_uint64}
_ABI_SIZE = {"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8, "index": 8,
             "f16": 2, "bf16": 2, "f32": 4, "f64": 8, "pointer": 8,
             "tensormap": 128}
_SCALAR_DTYPES = {"bool": "i1", "int8": "i8", "uint8": "i8", "int16": "i16",
                  "uint16": "i16", "int32": "i32", "uint32": "i32",
                  "int64": "i64", "uint64": "i64", "float16": "f16",
                  "bfloat16": "bf16", "float32": "f32", "float64": "f64"}


def _wrap(value, bits):
    """Two's-complement wrap to a signed `bits`-bit integer."""
    if bits == 1:
        return value & 1
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


def _unsigned(value, bits):
    return value & ((1 << bits) - 1)


def _round_float(value, type_):
    if type_ == "f32":
        return struct.unpack("f", struct.pack("f", value))[0]
    if type_ == "f16":
        return struct.unpack("e", struct.pack("e", value))[0]
    if type_ == "bf16":
        bits = struct.unpack("I", struct.pack("f", value))[0]
        bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
        return struct.unpack("f", struct.pack("I", bits))[0]
    return float(value)


def _float_bits(value, type_):
    """The raw bits of a 16-bit float kernel argument."""
    if type_ == "f16":
        return struct.unpack("H", struct.pack("e", value))[0]
    bits = struct.unpack("I", struct.pack("f", _round_float(value, "bf16")))[0]
    return bits >> 16


def _cmpi(pred, a, b, bits):
    ua, ub = _unsigned(a, bits), _unsigned(b, bits)
    return {"eq": a == b, "ne": a != b, "slt": a < b, "sle": a <= b,
            "sgt": a > b, "sge": a >= b, "ult": ua < ub, "ule": ua <= ub,
            "ugt": ua > ub, "uge": ua >= ub}[pred]


def _cmpf(pred, a, b):
    unordered = math.isnan(a) or math.isnan(b)
    if pred == "false":
        return False
    if pred == "true":
        return True
    if pred == "ord":
        return not unordered
    if pred == "uno":
        return unordered
    base = {"eq": a == b, "gt": a > b, "ge": a >= b, "lt": a < b,
            "le": a <= b, "ne": a != b}[pred[1:]]
    return (unordered or base) if pred[0] == "u" else (not unordered and base)


def _trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


class HostError(ValueError):
    """An error while evaluating a function's host part."""


# The arith ops _eval_op implements (lib/Host/LaunchDescription.cpp lists
# the same set for tirx-split-host-device).
_ARITH = frozenset("""
    addi subi muli divsi divui ceildivsi ceildivui floordivsi remsi remui
    minsi maxsi minui maxui andi ori xori shli shrsi shrui addf subf mulf divf
    negf maximumf minimumf maxnumf minnumf cmpi cmpf select index_cast
    index_castui extsi extui trunci sitofp uitofp fptosi fptoui extf truncf
""".split())


def _eval_op(e, args, bits):
    """Evaluates one arith op of the host program."""
    op = e["op"][len("arith."):]
    t = e["type"]
    a = args
    if op in ("divsi", "divui", "ceildivsi", "ceildivui", "floordivsi",
              "remsi", "remui") and a[1] == 0:
        raise HostError("division by zero")
    if op == "addi":
        return _wrap(a[0] + a[1], bits)
    if op == "subi":
        return _wrap(a[0] - a[1], bits)
    if op == "muli":
        return _wrap(a[0] * a[1], bits)
    if op == "divsi":
        return _wrap(_trunc_div(a[0], a[1]), bits)
    if op == "divui":
        return _wrap(_unsigned(a[0], bits) // _unsigned(a[1], bits), bits)
    if op == "ceildivsi":
        return _wrap(-((-a[0]) // a[1]), bits)
    if op == "ceildivui":
        ua, ub = _unsigned(a[0], bits), _unsigned(a[1], bits)
        return _wrap((ua + ub - 1) // ub, bits)
    if op == "floordivsi":
        return _wrap(a[0] // a[1], bits)
    if op == "remsi":
        return _wrap(a[0] - a[1] * _trunc_div(a[0], a[1]), bits)
    if op == "remui":
        return _wrap(_unsigned(a[0], bits) % _unsigned(a[1], bits), bits)
    if op in ("minsi", "maxsi"):
        return (min if op == "minsi" else max)(a[0], a[1])
    if op in ("minui", "maxui"):
        pick = min if op == "minui" else max
        return _wrap(pick(_unsigned(a[0], bits), _unsigned(a[1], bits)), bits)
    if op == "andi":
        return _wrap(a[0] & a[1], bits)
    if op == "ori":
        return _wrap(a[0] | a[1], bits)
    if op == "xori":
        return _wrap(a[0] ^ a[1], bits)
    if op in ("shli", "shrsi", "shrui"):
        s = _unsigned(a[1], bits)
        if s >= bits:
            raise HostError("shift by %d of a %d-bit value" % (s, bits))
        if op == "shli":
            return _wrap(a[0] << s, bits)
        if op == "shrsi":
            return _wrap(a[0] >> s, bits)
        return _wrap(_unsigned(a[0], bits) >> s, bits)
    if op in ("addf", "subf", "mulf", "divf"):
        x, y = a
        if op == "divf":
            r = x / y if y != 0 else (math.copysign(math.inf, x) * math.copysign(1, y) if x != 0 else math.nan)
        else:
            r = {"addf": x + y, "subf": x - y, "mulf": x * y}[op]
        return _round_float(r, t)
    if op == "negf":
        return -a[0]
    if op in ("maximumf", "maxnumf"):
        return max(a[0], a[1])
    if op in ("minimumf", "minnumf"):
        return min(a[0], a[1])
    if op == "cmpi":
        return int(_cmpi(e["predicate"], a[0], a[1], e.get("_arg_bits", 64)))
    if op == "cmpf":
        return int(_cmpf(e["predicate"], a[0], a[1]))
    if op == "select":
        return a[1] if a[0] else a[2]
    if op in ("index_cast", "extsi", "trunci"):
        return _wrap(a[0], bits)
    if op in ("index_castui", "extui"):
        return _wrap(_unsigned(a[0], e.get("_arg_bits", 64)), bits)
    if op == "sitofp":
        return _round_float(float(a[0]), t)
    if op == "uitofp":
        return _round_float(float(_unsigned(a[0], e.get("_arg_bits", 64))), t)
    if op in ("fptosi", "fptoui"):
        if math.isnan(a[0]) or math.isinf(a[0]):
            raise HostError("%s of %r" % (op, a[0]))
        return _wrap(int(a[0]), bits)
    if op in ("extf", "truncf"):
        return _round_float(a[0], t)
    raise HostError("the launcher cannot evaluate %s" % e["op"])


# ---------------------------------------------------------------------------
# Kernels and packages
# ---------------------------------------------------------------------------

# The tensormap modes, in the driver's enum order (index = CUDA value), as
# tirx.tensormap_encode_tiled and tirx/runtime/TensorMap.h spell them.
INTERLEAVE_MODES = _INTERLEAVE = ("none", "16b", "32b")
SWIZZLE_MODES = _SWIZZLE = ("none", "32b", "64b", "128b", "128b_atom_32b",
                            "128b_atom_32b_flip_8b", "128b_atom_64b")
L2_PROMOTION_MODES = _L2 = ("none", "64b", "128b", "256b")
OOB_FILL_MODES = _OOB = ("none", "nan_request_zero_fma")


def _current_stream(tensors, device):
    """The stream of the tensors' framework on `device` (0 if unknown)."""
    frameworks = {t.framework for t in tensors}
    if "torch" in frameworks:
        torch = sys.modules.get("torch")
        if torch is not None:
            return int(torch.cuda.current_stream(device).cuda_stream)
    if "cupy" in frameworks:
        cupy = sys.modules.get("cupy")
        if cupy is not None:
            with cupy.cuda.Device(device):
                return int(cupy.cuda.get_current_stream().ptr)
    return 0


class Kernel:
    """A callable kernel function of a package: checks its arguments,
    evaluates its host part and launches it."""

    def __init__(self, package, desc):
        self.package = package
        self.desc = desc
        self.name = desc["name"]
        self.params = desc["params"]
        self.launch_desc = desc["launch"]
        self._functions = {}   # device -> CUfunction handle
        # The bytes of each kernel argument, as the launch passes them (the
        # runtime checks them against the kernel's declaration).
        self._sizes = [_ABI_SIZE[a["abi"]] for a in desc["launch"]["args"]]
        self._size_array = (ctypes.c_uint64 * max(1, len(self._sizes)))(
            *self._sizes)
        self._configured = {}  # device -> (dynamic smem, non-portable cluster)
        self._lock = threading.Lock()
        # The host program, compiled once into closures.
        types = [v["type"] for v in desc["values"]]
        self._program = [(self._compile(e, types), e) for e in desc["values"]]
        names = [p["name"] for p in self.params]
        self.__doc__ = "%s(%s): TIRx kernel from %s" % (
            self.name, ", ".join(names), package.path)

    def __repr__(self):
        return "<TIRx kernel %s(%s)>" % (
            self.name, ", ".join("%s: %s" % (p["name"], self._param_type(p))
                                 for p in self.params))

    @staticmethod
    def _param_type(p):
        if p["kind"] == "buffer":
            dims = "x".join("?" if d is None else str(d) for d in p["shape"])
            return "%s[%s]" % (p["dtype"], dims)
        if p["kind"] == "pointer":
            return "%s*" % (p["dtype"] or "void")
        return p["dtype"]

    # -- argument checks ----------------------------------------------------

    def _where(self, p):
        return "argument '%s' (parameter %d of %s)" % (p["name"], p["index"],
                                                       self.name)

    def _check_tensor(self, p, value):
        where = self._where(p)
        info = tensor_info(value)
        if info is None:
            raise TypeError("%s must be a tensor supporting DLPack (PyTorch, "
                            "CuPy, ...), got %s" % (where, type(value).__name__))
        if info.device_type not in CUDA_DEVICES:
            raise ValueError(
                "%s is in host memory (DLPack device %s); kernels need a "
                "tensor in CUDA device memory (e.g. torch.Tensor.cuda(), "
                "cupy.asarray)" % (where, info.describe_device()))
        if info.lanes != 1:
            raise TypeError("%s has vector elements (%d lanes)" % (where, info.lanes))
        if p["dtype"] is not None and info.dtype != p["dtype"]:
            raise TypeError("%s must have dtype %s, got %s"
                            % (where, p["dtype"], info.dtype))
        if p["kind"] == "buffer":
            shape = p["shape"]
            if len(info.shape) != len(shape):
                raise ValueError("%s must have %d dimensions %s, got shape %s"
                                 % (where, len(shape), self._param_type(p),
                                    list(info.shape)))
            for i, (want, got) in enumerate(zip(shape, info.shape)):
                if want is not None and want != got:
                    raise ValueError("%s must have shape %s, got %s (dimension "
                                     "%d)" % (where, self._param_type(p),
                                              list(info.shape), i))
            expected = [s if s is not None else None for s in p["strides"]]
            if p.get("layout", "row_major") == "row_major":
                expected = list(_row_major(info.shape))
            for i, (want, got, extent) in enumerate(
                    zip(expected, info.strides, info.shape)):
                if extent > 1 and want is not None and want != got:
                    raise ValueError(
                        "%s must be contiguous with strides %s (in elements), "
                        "got strides %s; pass .contiguous()"
                        % (where, expected, list(info.strides)))
        if info.data % BUFFER_ALIGNMENT:
            raise ValueError("%s must be %d-byte aligned, its data starts at "
                             "0x%x" % (where, BUFFER_ALIGNMENT, info.data))
        return info

    def _scalar(self, p, value):
        where = self._where(p)
        t = p["type"]
        if hasattr(value, "__dlpack__") and not isinstance(value, (int, float)):
            raise TypeError("%s is a scalar (%s); got a tensor" % (where, p["dtype"]))
        if t in _INT_BITS:
            if isinstance(value, float) or not hasattr(value, "__index__"):
                raise TypeError("%s must be an integer (%s), got %r"
                                % (where, p["dtype"], value))
            v = int(value.__index__())
            bits = _INT_BITS[t]
            unsigned = p["dtype"].startswith("uint") or t == "i1"
            lo = 0 if unsigned else -(1 << (bits - 1))
            hi = (1 << bits) - 1 if unsigned else (1 << (bits - 1)) - 1
            if not lo <= v <= hi:
                raise ValueError("%s = %d does not fit %s" % (where, v, p["dtype"]))
            return _wrap(v, bits)
        if t in _FLOATS:
            try:
                return _round_float(float(value), t)
            except (TypeError, ValueError):
                raise TypeError("%s must be a number (%s), got %r"
                                % (where, p["dtype"], value))
        raise TypeError("%s has a type the launcher cannot pass (%s)" % (where, t))

    def bind_arguments(self, args, kwargs):
        """Maps positional and keyword arguments to the parameters."""
        params = self.params
        if len(args) > len(params):
            raise TypeError("%s() takes %d arguments, got %d"
                            % (self.name, len(params), len(args)))
        values = list(args) + [None] * (len(params) - len(args))
        given = [True] * len(args) + [False] * (len(params) - len(args))
        names = {p["name"]: i for i, p in enumerate(params)}
        for k, v in kwargs.items():
            if k not in names:
                raise TypeError("%s() has no parameter %r (parameters: %s)"
                                % (self.name, k, ", ".join(names)))
            i = names[k]
            if given[i]:
                raise TypeError("%s() got two values for %r" % (self.name, k))
            values[i], given[i] = v, True
        missing = [params[i]["name"] for i in range(len(params)) if not given[i]]
        if missing:
            raise TypeError("%s() is missing argument(s) %s"
                            % (self.name, ", ".join(repr(m) for m in missing)))
        return values

    def check_arguments(self, *args, **kwargs):
        """Checks the arguments without launching; returns the parameter
        values the host part starts from (tensor infos and scalars)."""
        values = self.bind_arguments(args, kwargs)
        out, device = [], None
        for p, v in zip(self.params, values):
            if p["kind"] in ("buffer", "pointer"):
                info = self._check_tensor(p, v)
                if device is None:
                    device = info.device_id
                elif info.device_id != device:
                    raise ValueError("%s is on CUDA device %d, but earlier "
                                     "arguments are on device %d"
                                     % (self._where(p), info.device_id, device))
                out.append(info)
            else:
                out.append(self._scalar(p, v))
        return out, (0 if device is None else device)

    # -- the host program ---------------------------------------------------

    def evaluate(self, params, runtime=None):
        """Runs the host part on checked parameter values; returns the launch
        configuration. `runtime` encodes tensormaps (validation only when
        None)."""
        vals = []
        for fn, e in self._program:
            try:
                vals.append(fn(vals, params, runtime))
            except HostError as err:
                raise HostError("%s%s (in the host part of %s)"
                                % (e.get("loc", "") + ": " if e.get("loc") else "",
                                   err, self.name))
        l = self.launch_desc
        dims = lambda ids: [int(vals[i]) for i in ids]
        cfg = {"grid": dims(l["grid"]), "block": dims(l["block"]),
               "cluster": dims(l["cluster"]) if l["cluster"] else None,
               "shared_memory": int(vals[l["dynamic_shared_memory"]])
               if l["dynamic_shared_memory"] is not None else 0,
               "args": [(a["abi"], vals[a["value"]]) for a in l["args"]]}
        for key in ("grid", "block"):
            if any(d <= 0 for d in cfg[key]):
                raise HostError("%s: the %s %s has an empty dimension"
                                % (self.name, key, cfg[key]))
        # CUDA's limits, for grids the host part computed.
        g, c = cfg["grid"], cfg["cluster"]
        if g[0] > 2 ** 31 - 1 or g[1] > 65535 or g[2] > 65535:
            raise HostError("%s: the grid %s exceeds CUDA's limits (2^31-1 x "
                            "65535 x 65535 CTAs)" % (self.name, g))
        if c and any(gi % ci for gi, ci in zip(g, c)):
            raise HostError("%s: the grid %s is not a multiple of the cluster "
                            "%s" % (self.name, g, c))
        return cfg

    def _compile(self, e, types):
        """A closure (vals, params, runtime) -> value for one entry of the
        host program; an op this launcher does not know fails at load."""
        op = e["op"]
        if op == "param":
            i = e["index"]
            return lambda vals, params, rt: params[i]
        if op == "arith.constant":
            v = e["value"]
            return lambda vals, params, rt: v
        if op in ("tirx.bind", "tirx.buffer_data"):
            a = e["args"][0]
            return lambda vals, params, rt: vals[a]
        if op == "tirx.buffer_dim":
            a, d = e["args"][0], e["dim"]
            return lambda vals, params, rt: vals[a].shape[d]
        if op == "tirx.tensormap_encode_tiled":
            return lambda vals, params, rt: self._tensormap(e, vals, rt)
        if op.startswith("arith.") and op[len("arith."):] in _ARITH:
            entry = dict(e)
            # Unsigned and width-sensitive ops need the operand width.
            arg_types = [types[i] for i in e["args"]]
            if arg_types and arg_types[0] in _INT_BITS:
                entry["_arg_bits"] = _INT_BITS[arg_types[0]]
            bits = _INT_BITS.get(e["type"], 64)
            ids = e["args"]
            return lambda vals, params, rt: _eval_op(
                entry, [vals[i] for i in ids], bits)
        raise LauncherError("kernel %s: its host part uses %s, which this "
                            "launcher cannot evaluate (a newer compiler "
                            "wrote the package?)" % (self.name, op))

    def _param_of(self, value):
        """The parameter a host value comes from (through tirx.bind and
        tirx.buffer_data), or None."""
        values = self.desc["values"]
        for _ in range(len(values)):
            e = values[value]
            if e["op"] == "param":
                return self.params[e["index"]]
            if e["op"] not in ("tirx.bind", "tirx.buffer_data"):
                return None
            value = e["args"][0]
        return None

    def _tensormap(self, e, vals, runtime):
        try:
            return self._encode(e, vals, runtime)
        except HostError as err:
            p = self._param_of(e["source"])
            if p is None:
                raise
            raise HostError("the tensormap of %s: %s" % (self._where(p), err))

    def _encode(self, e, vals, runtime):
        src = vals[e["source"]]
        resolve = lambda xs: [int(vals[x["value"]]) if isinstance(x, dict)
                              else int(x) for x in xs]
        spec = {"dtype": e["dtype"], "address": src.data,
                "global_dims": resolve(e["global_dims"]),
                "global_strides": resolve(e["global_strides"]),
                "box": resolve(e["box"]),
                "element_strides": resolve(e["element_strides"]),
                "interleave": _INTERLEAVE.index(e["interleave"]),
                "swizzle": _SWIZZLE.index(e["swizzle"]),
                "l2_promotion": _L2.index(e["l2_promotion"]),
                "oob_fill": _OOB.index(e["oob_fill"])}
        for key in ("global_dims", "global_strides"):
            if any(v < 0 for v in spec[key]):
                raise HostError("tensormap %s %s has a negative entry"
                                % (key, spec[key]))
        try:
            if runtime is None:
                self.package.runtime().validate_tensormap(spec)
                return ("tensormap", spec)
            return runtime.encode_tensormap(spec)
        except ValueError as err:
            raise HostError(str(err))

    # -- launching ----------------------------------------------------------

    def _load(self, device):
        """The kernel's function in `device`'s module (the device's context
        is current)."""
        fn = self._functions.get(device)
        if fn is not None:
            return fn
        with self._lock:
            if device not in self._functions:
                rt = self.package.runtime()
                module = self.package.module(device)
                fn = ctypes.c_void_p()
                rt.check(rt.lib.tirxrt_module_get_function(
                    module, self.launch_desc["kernel"].encode(),
                    ctypes.byref(fn)))
                self._check_params(rt, fn)
                self._functions[device] = fn
            return self._functions[device]

    def _check_params(self, rt, fn):
        """The kernel's parameters (driver 12.4+) must match the
        description: catches a package whose description and binary
        disagree, e.g. a by-value tensormap against a pointer."""
        args = self.launch_desc["args"]
        off, size = ctypes.c_uint64(), ctypes.c_uint64()
        sizes = []
        for i in range(len(args) + 1):
            s = rt.lib.tirxrt_function_param_info(fn, i, ctypes.byref(off),
                                                  ctypes.byref(size))
            if s == 2:  # the driver is too old to tell
                return
            if s == 7:
                break
            if s != 0:  # the driver cannot tell: say so, launch unchecked
                _warn("kernel '%s': the driver does not report its parameters "
                      "(%s); they are not checked" % (self.launch_desc["kernel"],
                                                      rt.error()))
                return
            sizes.append(size.value)
        want = [_ABI_SIZE[a["abi"]] for a in args]
        if sizes != want:
            raise LauncherError(
                "kernel '%s' takes parameters of %s bytes, but its launch "
                "description passes %s bytes: the package is inconsistent"
                % (self.launch_desc["kernel"], sizes, want))

    def launch_config(self, *args, **kwargs):
        """What a call with these arguments would launch, without a driver:
        the arguments are checked, the host part is evaluated, tensormaps
        are validated (not encoded). Returns a dict with the grid, block and
        cluster dims, the dynamic shared memory size and the kernel
        arguments ((abi, value) pairs; a tensormap is its spec)."""
        params, _device = self.check_arguments(*args, **kwargs)
        cfg = self.evaluate(params, None)
        cfg["args"] = [(abi, v.data if isinstance(v, TensorInfo) else
                        (v[1] if abi == "tensormap" else v))
                       for abi, v in cfg["args"]]
        return cfg

    # -- what the driver says about the kernel --------------------------------

    def function(self, device=0):
        """The kernel's loaded function (a CUfunction handle) on `device`
        (initializes the runtime and loads the package's image there)."""
        rt = self.package.runtime()
        rt.init(device)
        return self._load(device)

    def attributes(self, device=0):
        """The driver's view of the compiled kernel: registers per thread,
        static shared memory, local memory (spills and stack) per thread,
        the PTX and binary versions, the most threads per block; each None
        where the driver does not say. Also the parameters, as (offset,
        size) pairs of the driver's parameter space (None before 12.4)."""
        rt = self.package.runtime()
        fn = self.function(device)
        names = {"max_threads_per_block": 0, "static_shared_bytes": 1,
                 "const_bytes": 2, "local_bytes": 3, "registers": 4,
                 "ptx_version": 5, "binary_version": 6}
        out = {}
        v = ctypes.c_int()
        for name, attr in names.items():
            s = rt.lib.tirxrt_function_attribute(fn, attr, ctypes.byref(v))
            out[name] = v.value if s == 0 else None
        params = []
        off, size = ctypes.c_uint64(), ctypes.c_uint64()
        for i in range(4096):
            s = rt.lib.tirxrt_function_param_info(fn, i, ctypes.byref(off),
                                                  ctypes.byref(size))
            if s == 7:
                break
            if s != 0:
                params = None
                break
            params.append((off.value, size.value))
        out["params"] = params
        return out

    def max_active_clusters(self, cfg, device=0):
        """The most clusters of `cfg`'s launch (as launch_config returns it)
        that fit on the device at once (cuOccupancyMaxActiveClusters)."""
        rt = self.package.runtime()
        fn = self.function(device)
        rt.check(rt.lib.tirxrt_function_configure(
            fn, cfg["shared_memory"], int(bool(cfg["cluster"]) and
                                          _volume(cfg["cluster"]) > 8)))
        self._configured.pop(device, None)
        u3 = lambda xs: (ctypes.c_uint32 * 3)(*xs)
        n = ctypes.c_int()
        rt.check(rt.lib.tirxrt_function_max_active_clusters(
            fn, u3(cfg["grid"]), u3(cfg["cluster"] or [1, 1, 1]),
            u3(cfg["block"]), cfg["shared_memory"], ctypes.byref(n)))
        return n.value

    def __call__(self, *args, stream=None, sync=False, **kwargs):
        """Checks the arguments, evaluates the host part and launches on
        `stream` (default: the current stream of the tensors' framework);
        with `sync`, waits for the kernel."""
        runner = self.package.runner
        if runner is not None:
            return runner(self, *args, **kwargs)
        launch = self._prepare(args, kwargs, stream)
        launch()
        if sync:
            launch.runtime.check(launch.runtime.lib.tirxrt_synchronize())

    def prepare(self, *args, stream=None, **kwargs):
        """Does what a call does before the launch -- checks the arguments,
        evaluates the host part, encodes the tensormaps -- and returns a
        callable that launches the kernel with that result, again each time
        it is called. The tensors must stay where they are (the descriptors
        and pointers hold their addresses; the callable keeps them alive).
        For timing the kernel without the per-call host work."""
        if self.package.runner is not None:
            raise LauncherError("%s: prepare() launches; this package has a "
                                "stand-in runner" % self.name)
        return self._prepare(args, kwargs, stream)

    def _prepare(self, args, kwargs, stream):
        params, device = self.check_arguments(*args, **kwargs)
        rt = self.package.runtime()
        # The device's primary context current on this thread (cheap after
        # the first time), also for threads that never used CUDA before.
        rt.init(device)
        fn = self._load(device)
        cfg = self.evaluate(params, rt)
        key = (cfg["shared_memory"], cfg["cluster"] is not None and
               cfg["cluster"][0] * cfg["cluster"][1] * cfg["cluster"][2] > 8)
        if self._configured.get(device) != key:
            rt.check(rt.lib.tirxrt_function_configure(fn, key[0], int(key[1])))
            self._configured[device] = key
        holders, ptrs = [], []
        for abi, value in cfg["args"]:
            if abi == "tensormap":
                holder = value
            elif abi == "pointer":
                holder = ctypes.c_uint64(value.data)
            elif abi in ("f16", "bf16"):
                holder = ctypes.c_uint16(_float_bits(value, abi))
            else:
                holder = _CTYPE[abi](value)
            holders.append(holder)
            ptrs.append(ctypes.addressof(holder))
        u3 = lambda xs: (ctypes.c_uint32 * 3)(*xs)
        tensors = [p for p in params if isinstance(p, TensorInfo)]
        if stream is None:
            stream = _current_stream(tensors, device)
        elif hasattr(stream, "cuda_stream"):
            stream = stream.cuda_stream
        elif hasattr(stream, "ptr"):
            stream = stream.ptr
        arr = (ctypes.c_void_p * max(1, len(ptrs)))(*ptrs)
        return _Launch(rt, (fn, u3(cfg["grid"]),
                            u3(cfg["cluster"]) if cfg["cluster"] else None,
                            u3(cfg["block"]), cfg["shared_memory"], int(stream), arr,
                            self._size_array, len(ptrs)),
                       (holders, [t.source for t in tensors]))


class _Launch:
    """A prepared launch: the runtime call's arguments, and what they point
    into (the argument values, the tensors)."""

    __slots__ = ("runtime", "args", "keep")

    def __init__(self, runtime, args, keep):
        self.runtime, self.args, self.keep = runtime, args, keep

    def __call__(self):
        self.runtime.check(self.runtime.lib.tirxrt_launch(*self.args))


class PyFunc:
    """A Python function of a package (``tirx.py_func``), defined from its
    source on first use. It sees the package as ``cls`` (and as ``self``
    when that is its first parameter): ``cls.<kernel>(...)`` launches a
    kernel, ``cls.<function>(...)`` calls another Python function. Names it
    needs beyond the builtins come from ``load(..., globals=...)`` or its
    own imports."""

    def __init__(self, package, name, source):
        self.package = package
        self.name = name
        self.source = source
        self._fn = None

    def __repr__(self):
        return "<TIRx Python function %s>" % self.name

    def function(self):
        if self._fn is None:
            env = {"__builtins__": builtins, "__name__": "tirx_py_func",
                   "cls": self.package}
            env.update(self.package.globals)
            try:
                code = compile(self.source, "<tirx.py_func %s>" % self.name,
                               "exec")
                exec(code, env)
            except Exception as e:
                raise LauncherError("cannot define Python function %s of %s: "
                                    "%s: %s" % (self.name, self.package.path,
                                                type(e).__name__, e))
            fn = env.get(self.name)
            if not callable(fn):
                raise LauncherError("the source of Python function %s does "
                                    "not define it" % self.name)
            params = list(inspect.signature(fn).parameters)
            if params and params[0] == "self":
                fn = functools.partial(fn, self.package)
            self._fn = fn
        return self._fn

    def __call__(self, *args, **kwargs):
        return self.function()(*args, **kwargs)


class Package:
    """A loaded kernel package: its manifest, images, kernels and Python
    functions (all attributes by name)."""

    def __init__(self, path, manifest, files, runner=None, globals=None):
        self.path = path
        self.manifest = manifest
        self._files = files  # name -> bytes
        # A stand-in for launching (tests): called as runner(kernel, *args,
        # **kwargs) instead of the launch.
        self.runner = runner
        self.globals = dict(globals or {})
        launch = manifest.get("launch") or {}
        if launch.get("format") != LAUNCH_FORMAT:
            raise LauncherError("%s: launch description format %r; this "
                                "launcher reads %r" % (path, launch.get("format"),
                                                       LAUNCH_FORMAT))
        self.kernels = {}
        for f in launch.get("functions", []):
            self.kernels[f["name"]] = Kernel(self, f)
        self.pyfuncs = {}
        for f in launch.get("pyfuncs", []):
            self.pyfuncs[f["name"]] = PyFunc(self, f["name"], f["source"])
        self._runtime = None
        self._runtime_path = None
        self._modules = {}
        self._loaded = {}
        self._lock = threading.Lock()

    def __repr__(self):
        return "<TIRx package %s: %s>" % (
            self.path, ", ".join(list(self.kernels) + list(self.pyfuncs)))

    def __getattr__(self, name):
        kernels = self.__dict__.get("kernels", {})
        pyfuncs = self.__dict__.get("pyfuncs", {})
        if name in kernels:
            return kernels[name]
        if name in pyfuncs:
            return pyfuncs[name]
        raise AttributeError("package %s has no kernel or function %r (it "
                             "has: %s)" % (self.__dict__.get("path"), name,
                                           ", ".join(list(kernels) +
                                                     list(pyfuncs))))

    def __getitem__(self, name):
        return getattr(self, name)

    def __call__(self, *args, **kwargs):
        if len(self.kernels) != 1:
            raise TypeError("package %s has %d kernels (%s); call one by name"
                            % (self.path, len(self.kernels), ", ".join(self.kernels)))
        return next(iter(self.kernels.values()))(*args, **kwargs)

    def file(self, name):
        return self._files[name]

    def runtime(self):
        if self._runtime is None:
            base = self.path if os.path.isdir(self.path) else None
            self._runtime = RuntimeLibrary.get(find_runtime_library(base))
        return self._runtime

    def module(self, device):
        """The loaded module for `device`: the cubin built for its
        architecture, else the PTX (compiled by the driver)."""
        with self._lock:
            if device in self._modules:
                return self._modules[device]
            rt = self.runtime()
            info = rt.device_info(device)
            cc = "%d%d" % info["compute_capability"]
            images = self.manifest.get("images", [])
            cubins = [i for i in images if i["kind"] == "cubin" and
                      i.get("chip", "").startswith("sm_") and
                      i["chip"][3:].rstrip("af") == cc]
            ptx = [i for i in images if i["kind"] == "ptx"]
            if not cubins and not ptx:
                raise LauncherError(
                    "%s has no cubin for this GPU (%s, sm_%s) and no PTX "
                    "(images: %s)" % (self.path, info["name"], cc,
                                      [i.get("chip") for i in images]))
            # The cubin ptxas assembled for this architecture; the PTX
            # (compiled by the driver) only when there is none or it does
            # not load, and then loudly: JIT-compiled code is the driver's
            # compiler's, not the code that was tested.
            cubin_error = None
            for img in cubins:
                try:
                    handle = self._load_image(rt, img)
                except LauncherError as e:
                    cubin_error = str(e)
                    if not ptx:
                        raise
                    _warn("%s: the cubin for %s does not load (%s); "
                          "falling back to the PTX" % (self.path, img["chip"], e))
                    continue
                self._loaded[device] = {"kind": "cubin", "file": img["file"],
                                        "log": ""}
                self._modules[device] = handle
                return handle
            img = ptx[0]
            handle = self._load_image(rt, img)
            log = (rt.lib.tirxrt_module_log(handle) or b"").decode(
                "utf-8", "replace").strip()
            why = ("its cubin did not load" if cubin_error else
                   "no cubin for sm_%s; images: %s"
                   % (cc, ", ".join("%s %s" % (i["kind"], i.get("chip"))
                                    for i in images)))
            _warn("%s: the driver JIT-compiled %s for %s (%s)%s"
                  % (self.path, img["file"], info["name"], why,
                     ":\n" + log if log else " (no log)"))
            self._loaded[device] = {"kind": "ptx", "file": img["file"],
                                    "log": log, "cubin_error": cubin_error}
            self._modules[device] = handle
            return handle

    def _load_image(self, rt, img):
        data = self._files[img["file"]]
        if img["kind"] == "ptx":
            data = data + b"\0"
        buf = ctypes.create_string_buffer(data, len(data))
        handle = ctypes.c_void_p()
        rt.check(rt.lib.tirxrt_module_load(
            buf, len(data), ("%s/%s" % (os.path.basename(self.path),
                                        img["file"])).encode(),
            ctypes.byref(handle)))
        return handle

    def loaded_image(self, device=0):
        """Which image was loaded on `device` (after the first launch):
        {"kind": "cubin" | "ptx", "file", "log" (the JIT log)}."""
        return self._loaded.get(device)


def _volume(dims):
    v = 1
    for d in dims:
        v *= d
    return v


def _warn(message):
    """Reports something a user should see without failing the call."""
    print("tirx_launcher: " + message, file=sys.stderr, flush=True)


def _read_package(path):
    if os.path.isdir(path):
        read = lambda name: open(os.path.join(path, name), "rb").read()
        names = os.listdir(path)
    elif zipfile.is_zipfile(path):
        z = zipfile.ZipFile(path)
        prefix = ""
        names = z.namelist()
        if "manifest.json" not in names:
            tops = {n.split("/")[0] for n in names}
            if len(tops) == 1:
                prefix = tops.pop() + "/"
        read = lambda name: z.read(prefix + name)
        names = [n[len(prefix):] for n in names if n.startswith(prefix)]
    else:
        raise LauncherError("%s is not a kernel package (a directory or a "
                            "zip archive with manifest.json)" % path)
    try:
        manifest = json.loads(read("manifest.json").decode("utf-8"))
    except (OSError, KeyError):
        raise LauncherError("%s has no manifest.json" % path)
    except ValueError as e:
        raise LauncherError("%s: manifest.json is not valid JSON: %s" % (path, e))
    if manifest.get("format") != PACKAGE_FORMAT:
        raise LauncherError("%s: package format %r; this launcher reads %r"
                            % (path, manifest.get("format"), PACKAGE_FORMAT))
    files = {}
    for img in manifest.get("images", []):
        try:
            files[img["file"]] = read(img["file"])
        except (OSError, KeyError):
            raise LauncherError("%s: image %s is missing" % (path, img["file"]))
    return manifest, files


def load(path, runner=None, globals=None):
    """Loads a kernel package (a directory or a zip archive). `globals` are
    names its Python functions see; `runner`, if given, is called as
    runner(kernel, *args, **kwargs) instead of launching (for tests)."""
    path = os.fspath(path)
    manifest, files = _read_package(path)
    return Package(path, manifest, files, runner=runner, globals=globals)


def _main(argv):
    """python3 tirx_launcher.py PACKAGE: prints the package's kernels."""
    if len(argv) != 2:
        print("usage: %s PACKAGE" % argv[0], file=sys.stderr)
        return 2
    pkg = load(argv[1])
    print("package %s (target %s)" % (pkg.path, pkg.manifest.get("target")))
    for k in list(pkg.kernels.values()) + list(pkg.pyfuncs.values()):
        print("  %r" % k)
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv))
