#!/usr/bin/env python3
"""Attribute-contract inputs for tirx-fuzz: IR the passes did not create.

Every pass in the pipeline reads attributes (`tirx.*` ones and upstream's:
`gpu.known_block_size`, `nvvm.kernel`, a gpu.module's `targets`, ...) and
meets ops it did not create. This generator writes the cross product of

  - where the attribute sits: a declaration, a function without a kernel,
    a kernel function, a gpu.func kernel and non-kernel, an llvm.func
    declaration / definition / kernel, a nested builtin.module, a
    gpu.module holding llvm.func;
  - which attribute, with a well-formed value and malformed ones (wrong
    kind, negative, out of range, huge, duplicated);

as fuzzer seeds. Each goes through the fuzzer's oracle (parse, verify, every
pass, the lowering): a crash, or a pass that succeeds and leaves IR that does
not verify, is a finding; a located error is the expected outcome. The
fuzzer then mutates from them, so the campaign starts where the contracts
are.

  contract_inputs.py --out DIR     writes one seed per input (content-hashed)
  contract_inputs.py --list        prints the inputs, split by `// -----`
"""
import argparse
import hashlib
import os

# Function attributes: (name, [values]). The first value is well formed.
FUNC_ATTRS = [
    ("tirx.launch", ["#tirx.launch<max_registers = 128>",
                     "#tirx.launch<cluster_dims = [2, 1, 1]>",
                     "#tirx.launch<min_blocks_per_sm = 1>", "unit", "3 : i64"]),
    ("tirx.grid_constant_args", ["array<i32: 0>", "array<i32: 5>",
                                 "array<i32: -1>", "array<i32: 0, 0>",
                                 "[0]", "array<i64: 0>"]),
    ("tirx.dyn_shared_bytes", ["1024 : i64", "-1 : i64",
                               "1099511627776 : i64", "1024 : i32", "\"x\""]),
    ("tirx.annotations", ["{pragma = 1 : i64}", "[1]"]),
    ("tirx.target", ["#tirx.target<\"sm_90a\">"]),
    ("tirx.dyn_shared_offset", ["0 : i64"]),
    ("tirx.profile_trace", ["{}", "1 : i64",
                            "{version = 1 : i64, param = 9 : i64, capacity = 1 : i64,"
                            " warps_per_cta = 1 : i64, header_words = 4 : i64,"
                            " record_words = 4 : i64}"]),
    ("gpu.known_block_size", ["array<i32: 128, 1, 1>", "array<i32: 0, 1, 1>",
                              "array<i32: -32, 1, 1>",
                              "array<i32: 2147483647, 1, 1>",
                              "array<i32: 32>", "array<i32: 32, 1, 1, 1>"]),
    ("gpu.known_grid_size", ["array<i32: 4, 1, 1>", "array<i32: 0, 0, 0>",
                             "array<i32: -1, 1, 1>"]),
    ("nvvm.kernel", ["unit"]),
    ("nvvm.maxnreg", ["128 : i32", "0 : i32", "-5 : i32"]),
    ("nvvm.minctasm", ["1 : i32", "0 : i32"]),
    ("nvvm.cluster_dim", ["array<i32: 2, 1, 1>", "array<i32: 0, 0, 0>",
                          "array<i32: 4096, 4096, 1>"]),
    ("nvvm.reqntid", ["array<i32: 128, 1, 1>", "array<i32: 0, 1, 1>"]),
]

# Parameter attributes on the first parameter.
ARG_ATTRS = [
    ("tirx.name", ["\"x\"", "\"\"", "3 : i32"]),
    ("tirx.tma_spec", [
        "{dtype = \"float16\", swizzle = \"128B\", global_dims = array<i64: 64, 64>,"
        " global_strides = array<i64: 128>, box = array<i64: 64, 64>, source = 0 : i64}",
        "{dtype = \"float16\"}", "{}", "1 : i64"]),
    ("llvm.byval", ["!llvm.array<128 x i8>", "i32"]),
    ("nvvm.grid_constant", ["unit"]),
]

# Module attributes (on the top module, and on a nested one).
MODULE_ATTRS = [
    ("tirx.target", ["#tirx.target<\"sm_90a\">", "#tirx.target<\"sm_80\">",
                     "#tirx.target<\"sm_100a\">", "\"sm_90a\""]),
    ("gpu.container_module", ["unit"]),
]

# gpu.module `targets`.
GPU_TARGETS = ["[#nvvm.target<chip = \"sm_90a\">]",
               "[#nvvm.target<chip = \"sm_80\">]",
               "[#nvvm.target<chip = \"sm_90a\", features = \"+ptx999\">]",
               "[#nvvm.target<chip = \"sm_90a\", features = \"+ptx0\">]",
               "[#nvvm.target<chip = \"sm_100a\", O = 3>]", "[]"]

KERNEL_BODY = """\
    %bx = tirx.cta_id [2] : i32
    %tx = tirx.thread_id [128] : i32
    %w = tirx.warp_id [4] : i32
    %c0 = arith.constant 0 : index
    %dyn = tirx.alloc_buffer{dyn_attr} : !tirx.buffer<64xf32, shared.dyn>
    %v = tirx.buffer_load %dyn[%c0] : !tirx.buffer<64xf32, shared.dyn> -> f32
    tirx.buffer_store %v, %A[%c0] : f32, !tirx.buffer<256xf32, global>
"""


def attr_dict(name, value):
    if value == "unit":
        return "{%s}" % name
    return "{%s = %s}" % (name, value)


def func_containers(fattrs, aattrs, dyn_attr=""):
    """(label, text) of each place a function attribute can sit."""
    fa = " attributes " + fattrs if fattrs else ""
    body = KERNEL_BODY.replace("{dyn_attr}", dyn_attr)
    a0 = " " + aattrs if aattrs else ""
    yield "func-decl", "func.func private @f(%%a: i32%s)%s\n" % (a0, fa)
    yield "func-nokernel", (
        "func.func @f(%%a: i32%s)%s {\n  return\n}\n" % (a0, fa))
    yield "func-kernel", (
        "func.func @f(%%A: !tirx.buffer<256xf32, global>%s, "
        "%%M: !tirx.tensormap)%s {\n  tirx.kernel {\n%s  }\n  return\n}\n"
        % (a0, fa, body))
    yield "func-kernel-tensormap-first", (
        "func.func @f(%%M: !tirx.tensormap%s, "
        "%%A: !tirx.buffer<256xf32, global>)%s {\n  tirx.kernel {\n%s  }\n"
        "  return\n}\n" % (a0, fa, body))
    yield "nested-module", (
        "module {\nmodule @inner {\nfunc.func @f(%%A: !tirx.buffer<256xf32, "
        "global>%s)%s {\n  tirx.kernel {\n%s  }\n  return\n}\n}\n}\n"
        % (a0, fa, body))
    yield "gpu-kernel", (
        "gpu.module @m {\n  gpu.func @k(%%a: !tirx.tensormap%s, "
        "%%A: !tirx.buffer<256xf32, global>) kernel%s {\n"
        "    %%t = tirx.thread_id : i32\n    %%l = tirx.lane_id : i32\n"
        "    gpu.return\n  }\n}\n" % (a0, fa))
    yield "gpu-device-fn", (
        "gpu.module @m {\n  gpu.func @d(%%a: !tirx.tensormap%s)%s {\n"
        "    gpu.return\n  }\n}\n" % (a0, fa))
    yield "llvm-decl", "llvm.func @d(!llvm.ptr)%s\n" % fa
    yield "llvm-def", (
        "llvm.func @d(%%a: !llvm.ptr%s)%s {\n  llvm.return\n}\n" % (a0, fa))
    kattrs = fattrs[1:-1] if fattrs else ""
    ka = " attributes {nvvm.kernel%s}" % (", " + kattrs if kattrs else "")
    yield "llvm-kernel", (
        "llvm.func @k(%%a: !llvm.ptr%s, %%n: i32)%s {\n  llvm.return\n}\n"
        % (a0, ka))
    yield "gpu-module-llvm-kernel", (
        "gpu.module @m {\n  llvm.func @k(%%a: !llvm.ptr%s)%s {\n"
        "    llvm.return\n  }\n}\n" % (a0, ka))


def generate():
    """Yields (label, module text)."""
    for name, values in FUNC_ATTRS:
        for i, value in enumerate(values):
            if name == "tirx.dyn_shared_offset":
                continue
            for where, text in func_containers(attr_dict(name, value), ""):
                yield "func:%s=%d@%s" % (name, i, where), text
    for name, values in ARG_ATTRS:
        for i, value in enumerate(values):
            for where, text in func_containers("", attr_dict(name, value)):
                yield "arg:%s=%d@%s" % (name, i, where), text
    # The dynamic-shared-memory offset on the allocation, well formed and
    # not, with and without a launch-shape attribute beside it.
    for i, value in enumerate(["0 : i64", "16 : i64", "-16 : i64",
                               "4611686018427387904 : i64", "0 : i32"]):
        for where, text in func_containers(
                "", "", " {tirx.dyn_shared_offset = %s}" % value):
            if where.startswith(("func-kernel", "nested")):
                yield "op:tirx.dyn_shared_offset=%d@%s" % (i, where), text
    # Module attributes on the top module and on a nested one whose kernel
    # uses an sm_90a-only op.
    sm90_kernel = (
        "func.func @f() {\n  tirx.kernel {\n    %t = tirx.thread_id [128] : i32\n"
        "    tirx.ptx.fence.proxy.async\n    tirx.ptx.setmaxnreg.inc 232\n"
        "  }\n  return\n}\n")
    for name, values in MODULE_ATTRS:
        for i, value in enumerate(values):
            a = attr_dict(name, value)
            yield ("module:%s=%d@top" % (name, i),
                   "module attributes %s {\n%s}\n" % (a, sm90_kernel))
            yield ("module:%s=%d@nested" % (name, i),
                   "module {\nmodule @inner attributes %s {\n%s}\n}\n"
                   % (a, sm90_kernel))
            yield ("module:%s=%d@nested-differs" % (name, i),
                   "module attributes {tirx.target = #tirx.target<\"sm_90a\">}"
                   " {\nmodule @inner attributes %s {\n%s}\n}\n"
                   % (a, sm90_kernel))
    for i, targets in enumerate(GPU_TARGETS):
        yield ("gpu-targets=%d" % i,
               "module attributes {gpu.container_module} {\n"
               "gpu.module @m %s {\n  gpu.func @k(%%A: !tirx.buffer<64xf32, "
               "global>) kernel {\n    %%t = tirx.thread_id : i32\n"
               "    tirx.ptx.fence.proxy.async\n    gpu.return\n  }\n}\n%s}\n"
               % (targets, sm90_kernel))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", help="write one seed file per input here")
    ap.add_argument("--list", action="store_true",
                    help="print the inputs separated by // -----")
    args = ap.parse_args()
    inputs = list(generate())
    if args.list:
        print("\n// -----\n\n".join("// %s\n%s" % (label, text)
                                     for label, text in inputs))
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        for label, text in inputs:
            data = ("// contract: %s\n%s" % (label, text)).encode()
            name = "contract-" + hashlib.sha1(data).hexdigest()[:16]
            path = os.path.join(args.out, name)
            if not os.path.exists(path):
                with open(path, "wb") as f:
                    f.write(data)
        print("contract_inputs.py: %d inputs" % len(inputs))


if __name__ == "__main__":
    main()
