"""Every example kernel (examples/kernels) is a `tirx.build` callable on
tensors: `gemm = tirx.build(hopper_gemm.make_gemm(M, N, K))`, then
`gemm(A, B, C)`. The kernels build their tensor maps in their host part from
the call's tensors, so the launcher encodes each descriptor over the tensor
it is given and passes it by value. Called here through the fake CUDA driver
(the Blackwell GEMM on a fake sm_100 device): each launch's shape is the
one the kernel's `launch()` says, and its parameter buffer is checked
against the PTX declarations and the tensors (test/python/launch_abi.py).
An argument the kernel cannot take -- another shape, a misaligned base, the
wrong dtype -- is an error that names the parameter, and nothing launches.
"""

import json
import os
import subprocess
import sys

import pytest

import tirx
from tirx.compiler import find_ptxas

from conftest import REPO_ROOT
from launch_abi import check_launch

HERE = os.path.dirname(os.path.abspath(__file__))
ASAN = "asan" in os.environ.get("LD_PRELOAD", "")

pytestmark = [
    pytest.mark.skipif(find_ptxas() is None, reason="ptxas not found (cubins)"),
    pytest.mark.skipif(ASAN, reason="builds the big kernels; the normal build runs it"),
]

# (name, module, maker, maker args, kwargs, chip, argument specs)
BF16 = "bfloat16"
KERNELS = [
    ("gemm_bn256_cluster2", "hopper_gemm", "make_gemm", (512, 256, 256), {}, "sm_90a",
     [("A", (512, 256), BF16), ("B", (256, 256), BF16), ("C", (512, 256), BF16)]),
    ("gemm_bn128", "hopper_gemm", "make_gemm", (256, 256, 448), {}, "sm_90a",
     [("A", (256, 448), BF16), ("B", (256, 448), BF16), ("C", (256, 256), BF16)]),
    ("attention_d64_causal", "flash_attention", "make_attention", (2, 384, 64, True), {},
     "sm_90a", [(n, (768, 64), BF16) for n in "QKVO"]),
    ("attention_d128", "flash_attention", "make_attention", (1, 256, 128, False), {},
     "sm_90a", [(n, (256, 128), BF16) for n in "QKVO"]),
    ("bulk_copy", "bulk_copy", "make_copy", (1 << 18,), {}, "sm_90a",
     [("A", (1 << 16,), "float32"), ("B", (1 << 16,), "float32")]),
    ("elementwise", "elementwise", "make_axpy", (2048,), {}, "sm_90a",
     [("A", (2048,), "float32"), ("B", (2048,), "float32"), ("C", (2048,), "float32"),
      ("alpha", 2.5, None)]),
    ("blackwell_gemm", "blackwell_gemm", "make_gemm", (256, 256, 128), {"CTA_GROUP": 2},
     "sm_100a", [("A", (256, 128), BF16), ("B", (256, 128), BF16), ("C", (256, 256), BF16)]),
]

CHILD = r"""
import json, os, sys
sys.path[:0] = [{examples!r}, {here!r}]
import tirx
from fake_dlpack import FakeCudaTensor
from kernels import blackwell_gemm, bulk_copy, elementwise, flash_attention, hopper_gemm
mods = dict(hopper_gemm=hopper_gemm, flash_attention=flash_attention, bulk_copy=bulk_copy,
            elementwise=elementwise, blackwell_gemm=blackwell_gemm)
out = {{}}
address = 0x7f0000000000
for name, mod, maker, args, kwargs, chip, specs in json.loads({kernels!r}):
    k = tirx.build(getattr(mods[mod], maker)(*args, **kwargs), target=chip,
                   cache_dir={cache!r})
    os.environ["TIRX_FAKE_CUDA_CC"] = chip[3:6]
    tensors, record = [], []
    for pname, shape, dtype in specs:
        if dtype is None:
            tensors.append(shape)
            record.append({{"scalar": shape}})
            continue
        tensors.append(FakeCudaTensor(tuple(shape), dtype, data=address))
        record.append({{"data": address, "shape": list(shape)}})
        address += 1 << 32
    k(*tensors)
    errors = []
    if specs[0][2] is not None:
        p0, s0, d0 = specs[0]
        bad = [
            [FakeCudaTensor((s0[0] + 1,) + tuple(s0[1:]), d0)] + tensors[1:],
            [FakeCudaTensor(tuple(s0), d0, data=record[0]["data"] + 8)] + tensors[1:],
            tensors[:1] + [FakeCudaTensor(tuple(specs[1][1]), "float16")] + tensors[2:],
        ]
        for args_ in bad:
            try:
                k(*args_)
                errors.append("no error")
            except (TypeError, ValueError) as e:
                errors.append("%s: %s" % (type(e).__name__, e))
    out[name] = dict(package=k.package.path, args=record, errors=errors,
                     function=k.name)
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def called(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("callables")
    log = tmp / "driver.jsonl"
    lib = os.path.join(os.path.dirname(tirx.runtime.find_runtime_library()),
                       "libtirx-fake-cuda.so")
    code = CHILD.format(examples=os.path.join(REPO_ROOT, "examples"), here=HERE,
                        kernels=json.dumps(KERNELS), cache=str(tmp / "cache"))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=900, env=dict(os.environ, TIRX_CUDA_DRIVER=lib,
                                             TIRX_FAKE_CUDA_LOG=str(log)))
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-5000:]
    out = json.loads(r.stdout.splitlines()[-1])
    launches = [json.loads(l) for l in log.read_text().splitlines()
                if '"cuLaunchKernelEx"' in l]
    return out, launches


def test_each_example_launches_once_with_its_launch_shape(called):
    out, launches = called
    sys.path.insert(0, os.path.join(REPO_ROOT, "examples"))
    from kernels import (blackwell_gemm, bulk_copy, elementwise, flash_attention,
                         hopper_gemm)
    # one launch per kernel: the bad calls never reached the driver
    assert [l["kernel"] for l in launches] == [out[k[0]]["function"] for k in KERNELS]
    want = {
        "gemm_bn256_cluster2": hopper_gemm.launch(512, 256, 256, hopper_gemm.config_for(512, 256, 256)),
        "gemm_bn128": hopper_gemm.launch(256, 256, 448, hopper_gemm.config_for(256, 256, 448)),
        "attention_d64_causal": flash_attention.launch(2, 384, 64, flash_attention.config_for(64)),
        "attention_d128": flash_attention.launch(1, 256, 128, flash_attention.config_for(128)),
        "bulk_copy": bulk_copy.launch(1 << 18),
        "elementwise": elementwise.launch(2048),
        "blackwell_gemm": blackwell_gemm.launch(256, 256, 128, blackwell_gemm.config_for(
            256, 256, 128, CTA_GROUP=2)),
    }
    for (name, *_), launch in zip(KERNELS, launches):
        w = want[name]
        assert launch["grid"] == list(w["grid"]), name
        assert launch["block"] == list(w["block"]), name
        cluster = list(w["cluster"])
        assert launch["cluster"] == (cluster if cluster != [1, 1, 1] else None), name
        # the kernels' estimates allow a little alignment slack
        assert w["smem"] - 2048 <= launch["smem"] <= w["smem"], (name, launch["smem"])
        assert launch["image"] == "cubin", name
    assert launches[0]["cluster"] == [2, 1, 1]          # the 2-CTA GEMM
    assert launches[-1]["cluster"] == [2, 1, 1]         # cta_group::2


def test_every_tensormap_is_encoded_from_the_call_tensors(called):
    out, launches = called
    for (name, *_), launch in zip(KERNELS, launches):
        pkg = out[name]["package"]
        with open(os.path.join(pkg, "manifest.json")) as f:
            manifest = json.load(f)
        with open(os.path.join(pkg, "kernels.ptx")) as f:
            ptx = f.read()
        desc = manifest["launch"]["functions"][0]
        assert check_launch(launch, ptx, desc, out[name]["args"],
                            manifest["target"]) == [], name
    # on sm_100 the parameter space starts 64-byte aligned (0x380): the
    # Blackwell GEMM's descriptors after its 8-byte C pointer are at 64, 192
    assert launches[-1]["layout"] == [[0, 8], [64, 128], [192, 128]]
    gemm = launches[0]
    # three descriptors by value (the kernel's three parameters)
    assert [len(p) // 2 for p in gemm["params"]] == [128, 128, 128]


def test_a_bad_argument_is_an_error_naming_the_parameter(called):
    out, _ = called
    errs = out["gemm_bn256_cluster2"]["errors"]
    assert errs == [
        "ValueError: argument 'A' (parameter 0 of gemm) must have shape "
        "bfloat16[512x256], got [513, 256] (dimension 0)",
        "ValueError: argument 'A' (parameter 0 of gemm) must be 16-byte aligned, "
        "its data starts at 0x7f0000000008",
        "TypeError: argument 'B' (parameter 1 of gemm) must have dtype bfloat16, "
        "got float16"]
    att = out["attention_d64_causal"]["errors"]
    assert att[0].startswith("ValueError: argument 'Q' (parameter 0 of attention) "
                             "must have shape bfloat16[768x64]")
    assert "argument 'K' (parameter 1 of attention) must have dtype bfloat16" in att[2]
    assert out["bulk_copy"]["errors"][1].startswith(
        "ValueError: argument 'A' (parameter 0 of bulk_copy) must be 16-byte aligned")
