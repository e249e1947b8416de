"""A stand-in for the part of PyTorch the device check uses, for its dry run
on a machine without a GPU (with the fake CUDA driver,
runtime/test/FakeCudaDriver.cpp).

Tensors have a shape, a dtype and a made-up CUDA address (256-byte aligned,
distinct per allocation, never dereferenced) and export DLPack capsules, so
the launcher checks and launches them as it would real ones. There is no
data: every operation checks its operands' shapes and dtypes the way PyTorch
would (a harness bug such as a transposed operand or a wrong dtype fails
here, on the CPU) and returns a tensor of the result's shape; values read
back (`.item()`) are NaN. CUDA events measure nothing (0 ms).

The device check installs it as `torch` in its case processes under
`--dry-run`. Standard library only.
"""

import ctypes
import math

__version__ = "0.0+dry-run"


class version:  # noqa: N801 - torch.version
    cuda = "dry-run"


class dtype:  # noqa: N801 - like torch.dtype
    def __init__(self, name, itemsize, code, floating):
        self.name, self.itemsize, self.code = name, itemsize, code
        self.is_floating_point = floating

    def __repr__(self):
        return "torch." + self.name


# DLPack type codes: 0 int, 1 uint, 2 float, 4 bfloat.
bfloat16 = dtype("bfloat16", 2, 4, True)
float16 = dtype("float16", 2, 2, True)
float32 = dtype("float32", 4, 2, True)
float64 = dtype("float64", 8, 2, True)
int32 = dtype("int32", 4, 0, False)
int64 = dtype("int64", 8, 0, False)
uint8 = dtype("uint8", 1, 1, False)
bool = dtype("bool", 1, 6, False)  # noqa: A001 - torch.bool
float = float32  # noqa: A001
double = float64

_next_address = [0x7F0000000000]


def _allocate(nbytes):
    addr = _next_address[0]
    _next_address[0] += max(256, (nbytes + 255) // 256 * 256) + 256
    return addr


def _launcher_structs():
    try:
        import tirx_launcher as L
    except ImportError:
        from tirx.runtime import launcher as L
    return L


_PyCapsule_New = ctypes.pythonapi.PyCapsule_New
_PyCapsule_New.restype = ctypes.py_object
_PyCapsule_New.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


def _shape(shape):
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = shape[0]
    return tuple(int(s) for s in shape)


def _row_major(shape):
    return _launcher_structs()._row_major(shape)


class Tensor:
    __module__ = "torch"

    def __init__(self, shape, dtype_, address=None, strides=None):
        self.shape = _shape(shape)
        self.dtype = dtype_
        n = 1
        for s in self.shape:
            n *= s
        self._numel = n
        self._address = _allocate(n * dtype_.itemsize) if address is None else address
        self._strides = tuple(strides) if strides is not None else _row_major(self.shape)
        self._keep = []

    # -- what the launcher and the harness read
    def data_ptr(self):
        return self._address

    def numel(self):
        return self._numel

    def element_size(self):
        return self.dtype.itemsize

    def stride(self, i=None):
        return self._strides if i is None else self._strides[i]

    def dim(self):
        return len(self.shape)

    def __len__(self):
        return self.shape[0]

    def __dlpack_device__(self):
        return (2, 0)  # kDLCUDA, device 0

    def __dlpack__(self, stream=None):
        L = _launcher_structs()
        n = len(self.shape)
        shape = (ctypes.c_int64 * max(1, n))(*self.shape)
        strides = (ctypes.c_int64 * max(1, n))(*self._strides)
        m = L._DLManagedTensor()
        m.dl_tensor.data = self._address
        m.dl_tensor.device = L._DLDevice(2, 0)
        m.dl_tensor.ndim = n
        bits = 8 * self.dtype.itemsize if self.dtype is not bool else 8
        m.dl_tensor.dtype = L._DLDataType(self.dtype.code, bits, 1)
        m.dl_tensor.shape = ctypes.addressof(shape)
        m.dl_tensor.strides = ctypes.addressof(strides)
        self._keep.append((m, shape, strides))
        return _PyCapsule_New(ctypes.addressof(m), b"dltensor", None)

    # -- operations: shapes and dtypes only
    def _like(self, shape=None, dtype_=None):
        return Tensor(self.shape if shape is None else shape, dtype_ or self.dtype)

    def to(self, dtype_):
        return self._like(dtype_=dtype_)

    def float(self):
        return self.to(float32)

    def double(self):
        return self.to(float64)

    def clone(self):
        return self._like()

    def t(self):
        if len(self.shape) != 2:
            raise RuntimeError("t() expects a 2-D tensor")
        return Tensor(self.shape[::-1], self.dtype, self._address,
                      self._strides[::-1])

    def view(self, *shape):
        shape = _shape(shape)
        n = 1
        for s in shape:
            n *= s
        if n != self._numel:
            raise RuntimeError("shape %s is invalid for input of size %d"
                               % (list(shape), self._numel))
        return Tensor(shape, self.dtype, self._address)

    reshape = view

    def __getitem__(self, index):
        if isinstance(index, slice):
            start, stop, step = index.indices(self.shape[0])
            if step != 1:
                raise NotImplementedError("dry-run tensors slice with step 1")
            rows = max(0, stop - start)
            return Tensor((rows,) + self.shape[1:], self.dtype,
                          self._address + start * self._strides[0] * self.dtype.itemsize,
                          self._strides)
        if isinstance(index, int):
            return Tensor(self.shape[1:], self.dtype, self._address, self._strides[1:])
        raise NotImplementedError("dry-run tensors index with a slice or an int")

    def __setitem__(self, index, value):
        target = self[index]
        if isinstance(value, Tensor):
            _broadcast(target.shape, value.shape)

    def fill_(self, value):
        return self

    def zero_(self):
        return self

    def copy_(self, src):
        _broadcast(self.shape, src.shape)
        return self

    def add_(self, other):
        return self

    def _binary(self, other):
        if isinstance(other, Tensor):
            return Tensor(_broadcast(self.shape, other.shape),
                          _promote(self.dtype, other.dtype))
        return self._like()

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _binary
    __truediv__ = __and__ = __or__ = _binary

    def __invert__(self):
        return self._like()

    def __neg__(self):
        return self._like()

    def abs(self):
        return self._like()

    def max(self):
        return Tensor((), self.dtype)

    def sum(self, dim=None):
        if dim is None:
            return Tensor((), self.dtype)
        return Tensor(self.shape[:dim] + self.shape[dim + 1:], self.dtype)

    def any(self):
        return Tensor((), bool)

    def item(self):
        if self.shape:
            raise RuntimeError("a Tensor with %d elements cannot be converted "
                               "to Scalar" % self._numel)
        return math.nan

    def __bool__(self):
        raise RuntimeError("dry-run tensors have no values")

    def __repr__(self):
        return "tensor(dry-run, shape=%s, dtype=%r)" % (list(self.shape), self.dtype)


def _promote(a, b):
    order = [bool, uint8, int32, int64, bfloat16, float16, float32, float64]
    return max(a, b, key=order.index)


def _broadcast(a, b):
    out = []
    for x, y in zip(reversed((1,) * (len(b) - len(a)) + tuple(a)),
                    reversed((1,) * (len(a) - len(b)) + tuple(b))):
        if x != y and 1 not in (x, y):
            raise RuntimeError("shapes %s and %s do not broadcast" % (list(a), list(b)))
        out.append(max(x, y))
    return tuple(reversed(out))


def empty(*shape, dtype=float32, device=None):
    return Tensor(shape, dtype)


def zeros(*shape, dtype=float32, device=None):
    return Tensor(shape, dtype)


def ones(*shape, dtype=float32, device=None):
    return Tensor(shape, dtype)


def randn(*shape, generator=None, device=None, dtype=float32):
    return Tensor(shape, dtype)


def empty_like(t):
    return t._like()


def tensor(data, dtype=float32, device=None):
    return Tensor((len(data),), dtype)


def isfinite(t):
    return t._like(dtype_=bool)


def _check_out(out, shape):
    if out is not None and tuple(out.shape) != tuple(shape):
        raise RuntimeError("out has shape %s, the result %s"
                           % (list(out.shape), list(shape)))


def matmul(a, b, out=None):
    if len(a.shape) != 2 or len(b.shape) != 2 or a.shape[1] != b.shape[0]:
        raise RuntimeError("mat1 and mat2 shapes cannot be multiplied (%s and %s)"
                           % ("x".join(map(str, a.shape)), "x".join(map(str, b.shape))))
    if a.dtype is not b.dtype:
        raise RuntimeError("expected both matrices to have the same dtype, "
                           "got %r and %r" % (a.dtype, b.dtype))
    shape = (a.shape[0], b.shape[1])
    _check_out(out, shape)
    return out if out is not None else Tensor(shape, a.dtype)


def add(a, b, alpha=1, out=None):
    shape = _broadcast(a.shape, b.shape)
    _check_out(out, shape)
    return out if out is not None else Tensor(shape, _promote(a.dtype, b.dtype))


def equal(a, b):
    return tuple(a.shape) == tuple(b.shape)


class linalg:  # noqa: N801 - torch.linalg
    @staticmethod
    def vector_norm(t):
        return Tensor((), t.dtype)


class nn:  # noqa: N801 - torch.nn.functional
    class functional:  # noqa: N801
        @staticmethod
        def scaled_dot_product_attention(q, k, v, is_causal=False):
            if not (q.shape[:-2] == k.shape[:-2] == v.shape[:-2]
                    and q.shape[-1] == k.shape[-1] and k.shape[-2] == v.shape[-2]):
                raise RuntimeError("attention shapes %s %s %s do not match"
                                   % (q.shape, k.shape, v.shape))
            if not (q.dtype is k.dtype is v.dtype):
                raise RuntimeError("query, key and value must have one dtype")
            return Tensor(q.shape[:-1] + (v.shape[-1],), q.dtype)


class Generator:
    def __init__(self, device=None):
        self.seed = 0

    def manual_seed(self, seed):
        self.seed = seed
        return self


class _Stream:
    cuda_stream = 0x5EED


class _Event:
    def __init__(self, enable_timing=False):
        pass

    def record(self, stream=None):
        pass

    def synchronize(self):
        pass

    def elapsed_time(self, other):
        return 0.0


class _Props:
    name = "dry run (no GPU)"
    multi_processor_count = 132
    L2_cache_size = 60 << 20
    total_memory = 0
    major, minor = 9, 0


class cuda:  # noqa: N801 - torch.cuda
    Event = _Event

    @staticmethod
    def is_available():
        return True

    @staticmethod
    def init():
        pass

    @staticmethod
    def synchronize(device=None):
        pass

    @staticmethod
    def current_stream(device=None):
        return _Stream()

    @staticmethod
    def get_device_properties(device=0):
        return _Props()

    @staticmethod
    def get_device_name(device=0):
        return _Props.name


class backends:  # noqa: N801
    class cuda:  # noqa: N801
        class matmul:  # noqa: N801
            allow_tf32 = False
