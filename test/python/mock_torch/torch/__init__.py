"""A stand-in for the part of PyTorch the device check uses, over NumPy,
whose tensors claim to live on a CUDA device (DLPack device kDLCUDA). With
the fake CUDA driver nothing runs on a device, so the device check's
plumbing (packages, arguments, references, timing, the table) runs on a CPU
machine; its results are wrong by construction."""


import numpy as np

__version__ = "0.0-mock"

int32, int64, float16, float32, float64 = (np.int32, np.int64, np.float16,
                                           np.float32, np.float64)
uint8 = np.uint8
_DLPACK = {np.dtype(np.int32): (0, 32), np.dtype(np.int64): (0, 64),
           np.dtype(np.float16): (2, 16), np.dtype(np.float32): (2, 32),
           np.dtype(np.float64): (2, 64)}


def _producer():
    # The launcher's DLPack structures, as the fake producer uses them.
    import fake_dlpack
    return fake_dlpack


class Tensor:
    __module__ = "torch"

    def __init__(self, array):
        # 256-byte aligned copies, as a CUDA allocator gives.
        raw = np.zeros(array.nbytes + 256, dtype=np.uint8)
        off = (-raw.ctypes.data) % 256
        self._raw = raw
        self.a = raw[off:off + array.nbytes].view(array.dtype).reshape(array.shape)
        self.a[...] = array

    shape = property(lambda self: self.a.shape)
    dtype = property(lambda self: self.a.dtype.type)

    def __dlpack_device__(self):
        return (2, 0)

    def __dlpack__(self, stream=None):
        name = {np.int32: "int32", np.int64: "int64", np.float16: "float16",
                np.float32: "float32", np.float64: "float64",
                np.uint8: "uint8"}[self.a.dtype.type]
        t = _producer().FakeCudaTensor(self.a.shape, name,
                                       data=self.a.ctypes.data)
        self._keep = t
        return t.__dlpack__(stream)

    def to(self, dtype):
        return Tensor(self.a.astype(dtype))

    def clone(self):
        return Tensor(self.a.copy())

    def double(self):
        return Tensor(self.a.astype(np.float64))

    def view(self, *shape):
        return Tensor(self.a.reshape(shape))

    def sum(self, dim):
        return Tensor(self.a.sum(dim))

    def abs(self):
        return Tensor(np.abs(self.a))

    def max(self):
        return Tensor(np.asarray(self.a.max()))

    def item(self):
        return self.a.item()

    def cpu(self):
        return self

    def numpy(self):
        return self.a

    def zero_(self):
        self.a[...] = 0
        return self

    def add_(self, x):
        self.a += x
        return self

    def __getitem__(self, i):
        return Tensor(self.a[i])

    def __setitem__(self, i, v):
        self.a[i] = v.a if isinstance(v, Tensor) else v

    def _bin(self, other, fn):
        return Tensor(fn(self.a, other.a if isinstance(other, Tensor) else other))

    __sub__ = lambda self, o: self._bin(o, np.subtract)
    __add__ = lambda self, o: self._bin(o, np.add)
    __mul__ = lambda self, o: self._bin(o, np.multiply)


def zeros(shape, dtype=np.float32, device=None):
    return Tensor(np.zeros(shape, dtype))


def empty(shape, dtype=np.float32, device=None):
    return Tensor(np.zeros(shape, dtype))


def ones(shape, dtype=np.float32, device=None):
    return Tensor(np.ones(shape, dtype))


def tensor(data, dtype=None, device=None):
    return Tensor(np.asarray(data, dtype))


def randn(shape, generator=None, device=None):
    return Tensor(generator.rng.standard_normal(shape).astype(np.float32))


class Generator:
    def __init__(self, device=None):
        self.rng = np.random.default_rng(0)

    def manual_seed(self, seed):
        self.rng = np.random.default_rng(seed)


class _Stream:
    cuda_stream = 0x5EED


class _Event:
    def __init__(self, enable_timing=False):
        self.t = 0.0

    def record(self):
        import time
        self.t = time.perf_counter()

    def elapsed_time(self, other):
        return (other.t - self.t) * 1e3

    def synchronize(self):
        pass


class cuda:  # noqa: N801 - the module's name
    Event = _Event

    @staticmethod
    def synchronize():
        pass

    @staticmethod
    def current_stream(device=None):
        return _Stream()

    @staticmethod
    def is_available():
        return False

    @staticmethod
    def get_device_properties(device=None):
        class _Props:
            name = "mock"
            L2_cache_size = 1 << 16
        return _Props()
