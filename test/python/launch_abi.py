"""Checks a launch the fake CUDA driver recorded against the kernel's PTX.

The fake driver (runtime/test/FakeCudaDriver.cpp) logs, for each
cuLaunchKernelEx, the bytes it read for every parameter (as many as the
kernel declares, from the pointer the caller gave, as a driver does) and
the parameter layout of the loaded image (from a cubin: what ptxas
recorded). `check_launch` compares that with what the kernel's PTX
declares and with the call's arguments:

- the number of parameters, each one's size and alignment, their order:
  the driver's layout must equal the one the PTX `.param` declarations give
  (offsets from the parameter space at 0x210 of constant bank 0, each
  aligned there);
- each parameter's bytes: a tensormap (`.align 64 .b8 [128]`) is a
  descriptor the fake encoder wrote ("TMAP") over the tensor the launch
  description builds it from, with that tensor's address and extents; a
  pointer is the data address of its tensor; a scalar is the value passed.

A descriptor passed by address (8 bytes of a device pointer where the
kernel takes 128 by value) fails the contents check; a launcher passing the
wrong number or size of arguments is refused by the runtime before the
driver sees the launch. Standard library only.
"""

import struct

from tirx.runtime.launcher import SWIZZLE_MODES
from tirx.runtime.package import param_base, param_layout, ptx_entry_params

SCALAR_FORMATS = {"i1": "<B", "i8": "<b", "i16": "<h", "i32": "<i", "i64": "<q",
                  "index": "<q", "f32": "<f", "f64": "<d"}


def _source_param(desc, value):
    """The parameter index a host value comes from (through tirx.bind and
    tirx.buffer_data), or None."""
    values = desc["values"]
    for _ in range(len(values)):
        e = values[value]
        if e["op"] == "param":
            return e["index"]
        if e["op"] not in ("tirx.bind", "tirx.buffer_data"):
            return None
        value = e["args"][0]
    return None


def check_launch(launch, ptx, desc, args, chip="sm_90a"):
    """Problems (strings) of one logged launch: `launch` is the fake
    driver's cuLaunchKernelEx record, `ptx` the package's PTX text, `desc`
    the kernel's launch description, `args` the call's arguments as
    [{"data": address, "shape": [...]} | {"scalar": value}] in parameter
    order, `chip` the image's target."""
    problems = []
    entry = desc["launch"]["kernel"]
    if launch["kernel"] != entry:
        return ["launched %r, the description names %r" % (launch["kernel"], entry)]
    decls = ptx_entry_params(ptx).get(entry)
    if decls is None:
        return ["the PTX has no .entry %s" % entry]
    got_layout = [tuple(x) for x in launch["layout"]]
    want_layout = param_layout(decls, param_base(chip))
    if got_layout != want_layout:
        problems.append("parameter layout %s, the PTX declares %s"
                        % (got_layout, want_layout))
    abis = desc["launch"]["args"]
    if len(abis) != len(decls) or len(launch["params"]) != len(decls):
        problems.append("%d parameters declared, the description passes %d, the "
                        "driver read %d" % (len(decls), len(abis), len(launch["params"])))
        return problems
    for i, ((size, align), a, hexbytes) in enumerate(zip(decls, abis,
                                                         launch["params"])):
        raw = bytes.fromhex(hexbytes)
        where = "parameter %d (%s)" % (i, a["abi"])
        if len(raw) != size:
            problems.append("%s: the driver read %d bytes, the PTX declares %d"
                            % (where, len(raw), size))
            continue
        e = desc["values"][a["value"]]
        if a["abi"] == "tensormap":
            if (size, align) != (128, 64):
                problems.append("%s: declared %d bytes aligned %d, a tensormap is "
                                "128 aligned 64" % (where, size, align))
                continue
            if raw[:4] != b"TMAP":
                problems.append("%s: the 128 bytes are not a descriptor (they "
                                "start %s): a tensormap passed by address?"
                                % (where, raw[:8].hex()))
                continue
            src = _source_param(desc, e["source"])
            rank = struct.unpack_from("<I", raw, 8)[0]
            address = struct.unpack_from("<Q", raw, 32)[0]
            dims = [struct.unpack_from("<Q", raw, 40 + 8 * d)[0] for d in range(rank)]
            if src is None:
                problems.append("%s: its source is not a parameter" % where)
                continue
            arg = args[src]
            if address != arg["data"]:
                problems.append("%s: descriptor address 0x%x, the tensor of "
                                "parameter %d is at 0x%x" % (where, address, src,
                                                              arg["data"]))
            if dims != list(reversed(arg["shape"])):
                problems.append("%s: descriptor dims %s, the tensor's shape %s"
                                % (where, dims, arg["shape"]))
            box = [struct.unpack_from("<H", raw, 112 + 2 * d)[0] for d in range(rank)]
            if all(isinstance(b, int) for b in e["box"]) and box != e["box"]:
                problems.append("%s: descriptor box %s, the description's %s"
                                % (where, box, e["box"]))
            swizzle = struct.unpack_from("<I", raw, 16)[0]
            if SWIZZLE_MODES[swizzle] != e["swizzle"]:
                problems.append("%s: swizzle %s, the description's %s"
                                % (where, SWIZZLE_MODES[swizzle], e["swizzle"]))
        elif a["abi"] == "pointer":
            src = _source_param(desc, a["value"])
            value = struct.unpack("<Q", raw)[0]
            if src is not None and value != args[src]["data"]:
                problems.append("%s: 0x%x, the tensor of parameter %d is at 0x%x"
                                % (where, value, src, args[src]["data"]))
        elif a["abi"] in SCALAR_FORMATS and e["op"] == "param":
            value = struct.unpack(SCALAR_FORMATS[a["abi"]], raw)[0]
            want = args[e["index"]]["scalar"]
            if a["abi"].startswith("f"):
                want = struct.unpack(SCALAR_FORMATS[a["abi"]],
                                     struct.pack(SCALAR_FORMATS[a["abi"]], want))[0]
            if value != want:
                problems.append("%s: %r, the call passed %r" % (where, value, want))
    return problems
