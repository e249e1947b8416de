"""Tensors that export DLPack capsules claiming CUDA memory, for testing the
launcher without a GPU (standard library and the launcher only: the
launcher tests also run it under other Python versions).

    t = FakeCudaTensor((1024, 64), "float16", data=0x7f0000010000)
    t.__dlpack_device__()  -> (2, 0)   # kDLCUDA
    t.__dlpack__()         -> a "dltensor" capsule over a DLManagedTensor

The data pointer is never dereferenced: the fake CUDA driver
(runtime/test/FakeCudaDriver.cpp) runs nothing.
"""

import ctypes

__all__ = ["FakeCudaTensor", "DTYPES"]

# dtype name -> (DLPack type code, bits)
DTYPES = {"int8": (0, 8), "int16": (0, 16), "int32": (0, 32),
          "int64": (0, 64), "uint8": (1, 8), "uint16": (1, 16),
          "uint32": (1, 32), "uint64": (1, 64), "float16": (2, 16),
          "float32": (2, 32), "float64": (2, 64), "bfloat16": (4, 16),
          "bool": (6, 8), "float8_e4m3fn": (10, 8)}


# The DLPack structures, from the launcher being tested: the package's copy
# in a child process that has only the package, else tirx.runtime's.
try:
    from tirx_launcher import _DLDevice, _DLDataType, _DLManagedTensor
except ImportError:
    from tirx.runtime.launcher import _DLDevice, _DLDataType, _DLManagedTensor


_PyCapsule_New = ctypes.pythonapi.PyCapsule_New
_PyCapsule_New.restype = ctypes.py_object
_PyCapsule_New.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


class FakeCudaTensor:
    """A DLPack producer for a tensor at `data` on CUDA device `device`
    (device_type 2, or another DLPack device type)."""

    def __init__(self, shape, dtype, data=0x7F0000010000, strides=None,
                 device=0, device_type=2, byte_offset=0):
        self.shape = tuple(shape)
        self.dtype = dtype
        self.data = data
        self.strides = strides
        self.device = device
        self.device_type = device_type
        self.byte_offset = byte_offset
        self._keep = []

    def __dlpack_device__(self):
        return (self.device_type, self.device)

    def __dlpack__(self, stream=None):
        n = len(self.shape)
        shape = (ctypes.c_int64 * max(1, n))(*self.shape)
        strides = None
        if self.strides is not None:
            strides = (ctypes.c_int64 * max(1, n))(*self.strides)
        code, bits = DTYPES[self.dtype]
        m = _DLManagedTensor()
        m.dl_tensor.data = self.data
        m.dl_tensor.device = _DLDevice(self.device_type, self.device)
        m.dl_tensor.ndim = n
        m.dl_tensor.dtype = _DLDataType(code, bits, 1)
        m.dl_tensor.shape = ctypes.addressof(shape)
        if strides is not None:
            m.dl_tensor.strides = ctypes.addressof(strides)
        m.dl_tensor.byte_offset = self.byte_offset
        # The capsule has no destructor; this object keeps the memory.
        self._keep.append((m, shape, strides))
        return _PyCapsule_New(ctypes.addressof(m), b"dltensor", None)
