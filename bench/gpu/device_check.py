#!/usr/bin/env python3
"""The device check: every example kernel and every benchmark row on a GPU,
in one command that brings back every table.

Two steps, on two machines:

  build (here, with the compiler; no GPU):
      python3 bench/gpu/device_check.py build [OUT] [--quick] [--dry-run]
    builds the bundle OUT (default build/device-check): a kernel package per
    case (PTX, the sm_90a cubin ptxas assembled, the launch description,
    ptxas's resource report), the runtime library, the launcher, the run
    side (this script, harness.py) and plan.json. --dry-run then runs the
    bundle here through the fake CUDA driver (runtime/test/FakeCudaDriver.cpp)
    with a stand-in for PyTorch (dry_torch.py) into OUT/dry-run-results.

  run (on the GPU machine: Python 3.8+ and PyTorch; no compiler, no MLIR):
      python3 OUT/device_check.py --out RESULTS [--budget 360] [--only gemm]
    writes into RESULTS, as each step ends: results.jsonl (one JSON record
    per environment item, kernel, ceiling, case and sanitizer run),
    results.md (every table, rewritten after each step), kernels.png (at
    the end) and device_check.log. Steps:
      1. environment: GPU, clocks, driver, glibc, package versions;
      2. kernels: per package, the registers and parameter sizes the driver
         reports against ptxas's, and the max active clusters of its launch
         shape (cluster 2 for the large GEMMs);
      3. ceilings: torch bf16 matmul 8192^3, a 1 GiB device copy, the host
         time of a small torch launch;
      4. every case, each in its own process with a timeout: fresh random
         inputs, outputs poisoned with NaN, our kernel through its package
         (the `tirx.build` callable), a numerical check against the
         reference, then our time and the reference's (CUDA events);
      5. compute-sanitizer memcheck and racecheck on one small
         configuration per kernel, where compute-sanitizer exists;
      6. the plot.
    A failing, crashing or hanging case is recorded and the next one runs;
    a kernel that hangs twice is skipped for the rest of the run; steps
    that no longer fit the time budget are recorded as skipped. Exit status
    0 when everything that ran passed.

`python3 OUT/device_check.py --dry-run --out DIR` runs the same steps
through the fake driver (nothing executes; the results are the plumbing's).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
PLAN = "plan.json"
PLAN_FORMAT = "tirx-device-check/2"
FAKE_DRIVER = "libtirx-fake-cuda.so"
# Bundle files besides the packages: the run side, the launcher, the
# runtime, and the dry run's stand-ins.
RUN_SIDE = ("device_check.py", "harness.py", "dry_torch.py")
DEFAULT_BUDGET = 360      # seconds: with a cold start, inside 8 minutes
CASE_TIMEOUT = 90
SANITIZER_TIMEOUT = 120
# The device's CUDA driver: cubins from a newer ptxas may not load there.
DEVICE_DRIVER = (13, 0)

# The examples' checks: each compiles one example into a package. Outputs
# the kernel only writes are poisoned (NaN / 0xAAAAAAAA).
EXAMPLES = [
    dict(id="dsmem_remote_arrive", source="examples/dsmem_remote_arrive.mlir",
         function="dsmem_remote_arrive",
         what="cluster of 2 CTAs, remote mbarrier arrive through DSMEM (the spec's example)",
         args=[{"name": "out", "tensor": [2], "dtype": "int32", "fill": "poison"}],
         reference="dsmem", tolerance=0.0),
    dict(id="tma_tile_copy", source="examples/tma_tile_copy.mlir",
         function="tma_tile_copy",
         what="TMA tile copy, descriptor built on the host, passed as __grid_constant__",
         args=[{"name": "A", "tensor": [1000, 64], "dtype": "float16", "fill": "randn"},
               {"name": "B", "tensor": [1024, 64], "dtype": "float16", "fill": "poison"}],
         reference="tma_copy", tolerance=0.0),
    dict(id="axpy", source="examples/elementwise.mlir", function="axpy",
         what="elementwise B = A * alpha + B with a bounds check",
         args=[{"name": "A", "tensor": [1024], "dtype": "float32", "fill": "randn"},
               {"name": "B", "tensor": [1024], "dtype": "float32", "fill": "randn"},
               {"name": "alpha", "scalar": 2.5}, {"name": "n", "scalar": 1000}],
         reference="axpy", tolerance=1e-6),
    dict(id="axpy_dynamic", source="examples/axpy_dynamic.mlir", function="axpy_dynamic",
         what="axpy over any length: grid and length computed by the host part",
         args=[{"name": "A", "tensor": [100000], "dtype": "float32", "fill": "randn"},
               {"name": "B", "tensor": [100000], "dtype": "float32", "fill": "randn"},
               {"name": "alpha", "scalar": 0.5}],
         reference="axpy_all", tolerance=1e-6),
    dict(id="warp_sum", source="examples/warp_sum.mlir", function="warp_sum",
         what="warp reduction with butterfly shuffles (128 warps x 256 floats)",
         args=[{"name": "X", "tensor": [32768], "dtype": "float32", "fill": "randn"},
               {"name": "out", "tensor": [128], "dtype": "float32", "fill": "poison"}],
         reference="warp_sum", tolerance=1e-5),
    dict(id="cta_sum", source="examples/cta_sum.mlir", function="cta_sum",
         what="CTA reduction: shuffles, shared memory, barrier (64 rows x 1024)",
         args=[{"name": "X", "tensor": [64, 1024], "dtype": "float32", "fill": "randn"},
               {"name": "out", "tensor": [64], "dtype": "float32", "fill": "poison"}],
         reference="cta_sum", tolerance=1e-5),
    dict(id="py_func", script="bench/gpu/pyfunc_module.py:AxpyTwice", function="axpy",
         call="twice", what="an @I.ir_module whose @I.pyfunc launches its kernel twice",
         args=[{"name": "A", "tensor": [1024], "dtype": "float32", "fill": "randn"},
               {"name": "B", "tensor": [1024], "dtype": "float32", "fill": "randn"},
               {"name": "alpha", "scalar": 1.5}, {"name": "n", "scalar": 1000}],
         reference="axpy_twice", tolerance=1e-6),
    dict(id="byte_pool_view", source="examples/byte_pool_view.mlir", function="stage",
         what="typed f32 view over a byte pool in dynamic shared memory",
         args=[{"name": "A", "tensor": [256], "dtype": "float32", "fill": "randn"},
               {"name": "B", "tensor": [256], "dtype": "float32", "fill": "poison"}],
         reference="copy_example", tolerance=0.0),
]


# ===========================================================================
# build (here, with the compiler)
# ===========================================================================

def _tirx_path():
    sys.path.insert(0, os.path.join(REPO, "build", "python_packages"))
    sys.path.insert(0, HERE)


def _module_text_of(case):
    """MLIR text and source name of a case's kernel."""
    from tirx.runtime.cached_build import _module_text
    if "source" in case:
        src = os.path.join(REPO, case["source"])
        with open(src) as f:
            return f.read(), src
    if "script" in case:
        import importlib.util
        file, obj = case["script"].split(":")
        src = os.path.join(REPO, file)
        spec = importlib.util.spec_from_file_location("case_" + case["id"], src)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = mod  # inspect reads classes' source through it
        spec.loader.exec_module(mod)
        return _module_text(getattr(mod, obj)), src
    import kernel_bench
    return _module_text(kernel_bench.make_kernel(case["build"])), "<%s>" % case["id"]


def _build_one(job):
    """Builds one package (in a worker process): returns (id, seconds, error)."""
    case, path, target = job
    _tirx_path()
    t = time.perf_counter()
    try:
        from tirx.runtime import compile_package
        text, source = _module_text_of(case)
        chip = case.get("build", {}).get("chip", target)
        compile_package(text, path, target=chip, source_name=source,
                        include_launcher=False, include_runtime=False)
    except Exception as e:  # noqa: BLE001 - reported with the case
        return case["id"], time.perf_counter() - t, "%s: %s" % (type(e).__name__, e)
    return case["id"], time.perf_counter() - t, None


def _synthetic_args(specs):
    """Tensors without memory (dry_torch: shape, dtype and a made-up
    address, exported through DLPack) for evaluating a host part without a
    GPU: the launcher's argument checks and the tensormap validator run."""
    import dry_torch
    return [dry_torch.Tensor(tuple(s["tensor"]), getattr(dry_torch, s["dtype"]))
            if "tensor" in s else s["scalar"] for s in specs]


def _ptxas_version():
    from tirx.compiler import find_ptxas
    p = find_ptxas()
    if not p:
        return None, None
    try:
        out = subprocess.run([p, "--version"], capture_output=True, text=True,
                             timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return p, None
    m = re.search(r"release (\d+)\.(\d+)", out)
    return p, (int(m.group(1)), int(m.group(2))) if m else None


def build_bundle(out, quick=False, jobs=None, examples=True, sanitize=True,
                 target="sm_90a", log=print):
    """Builds the bundle into `out`; returns the plan."""
    _tirx_path()
    import kernel_bench
    import tirx
    from tirx.runtime import launcher
    t0 = time.perf_counter()
    os.makedirs(os.path.join(out, "packages"), exist_ok=True)
    cases = []
    if examples:
        for e in EXAMPLES:
            cases.append(dict(e, group="examples", kernel=e["id"], shape="-",
                              unit=None, ref=None, work=None))
    cases += kernel_bench.benchmark_cases(quick)
    sanitizer = kernel_bench.sanitizer_cases() if sanitize else []
    not_run = kernel_bench.not_run()
    ptxas, ptxas_version = _ptxas_version()
    if ptxas is None:
        raise SystemExit("device_check: ptxas not found: the bundle carries "
                         "cubins (scripts/install-deps.sh installs ptxas)")
    if ptxas_version and ptxas_version > DEVICE_DRIVER:
        log("device_check: warning: ptxas %d.%d is newer than the GPU machine's "
            "CUDA %d.%d driver; if its cubins do not load there, the launcher "
            "falls back to the PTX (and says so)" % (ptxas_version + DEVICE_DRIVER))
    jobs_list = []
    for c in cases + sanitizer + not_run:
        cid = c.get("id") or "%s-%s" % (c["kernel"], c["shape"])
        c["id"] = cid
        c["package"] = "packages/%s.tirxpkg" % re.sub(r"[^A-Za-z0-9_.-]", "_", cid)
        jobs_list.append((c, os.path.join(out, c["package"]), target))
    jobs = jobs or min(2, os.cpu_count() or 1)
    results = []
    if jobs > 1:
        import concurrent.futures
        import multiprocessing
        ctx = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(jobs, mp_context=ctx) as ex:
            results = list(ex.map(_build_one, jobs_list))
    else:
        results = [_build_one(j) for j in jobs_list]
    errors = [(cid, err) for cid, _s, err in results if err]
    if errors:
        raise SystemExit("device_check: %d package(s) failed to build:\n%s"
                         % (len(errors), "\n".join("  %s: %s" % e for e in errors)))
    seconds = {cid: round(s, 2) for cid, s, _e in results}
    # Each case's launch shape, from its package's host part on synthetic
    # arguments: the launcher's argument checks and the tensormap validator
    # run here, so a case the kernel cannot take fails the build.
    for c in cases + sanitizer:
        pkg = launcher.load(os.path.join(out, c["package"]))
        kernel = pkg.kernels[c["function"]]
        cfg = kernel.launch_config(*_synthetic_args(c["args"][:len(kernel.params)]))
        c["launch"] = {"grid": cfg["grid"], "block": cfg["block"],
                       "cluster": cfg["cluster"], "smem": cfg["shared_memory"]}
        c["build_s"] = seconds[c["id"]]
    for c in not_run:
        m = launcher.load(os.path.join(out, c["package"])).manifest
        cub = [i for i in m["images"] if i["kind"] == "cubin"]
        c["ptxas"] = (cub[0].get("kernels", {}).get(c["function"], {}).get("ptxas")
                      if cub else None)
    for f in RUN_SIDE:
        shutil.copy(os.path.join(HERE, f), os.path.join(out, f))
    shutil.copy(launcher.__file__, os.path.join(out, "tirx_launcher.py"))
    lib = launcher.find_runtime_library()
    shutil.copy(lib, os.path.join(out, launcher.RUNTIME_LIBRARY))
    fake = os.path.join(os.path.dirname(lib), FAKE_DRIVER)
    if os.path.isfile(fake):
        shutil.copy(fake, os.path.join(out, FAKE_DRIVER))
    plan = {"format": PLAN_FORMAT, "target": target,
            "built": {"tirx": tirx.__version__, "mlir": tirx.MLIR_VERSION,
                      "ptxas": "%d.%d" % ptxas_version if ptxas_version else None,
                      "seconds": round(time.perf_counter() - t0, 1),
                      "date": time.strftime("%Y-%m-%d %H:%M:%S")},
            "cases": cases, "sanitizer": sanitizer, "not_run": not_run}
    with open(os.path.join(out, PLAN), "w") as f:
        json.dump(plan, f, indent=1)
    size = sum(os.path.getsize(os.path.join(d, n)) for d, _s, ns in os.walk(out)
               for n in ns)
    log("built %d packages for %s (%d cases, %d sanitizer runs' configurations, "
        "%d built only) in %.1f s into %s (%.1f MiB)"
        % (len(jobs_list), target, len(cases), len(sanitizer), len(not_run),
           plan["built"]["seconds"], out, size / 2 ** 20))
    return plan


def build_command(out, quick=False, dry_run=False, jobs=None, examples=True,
                  sanitize=True):
    build_bundle(out, quick=quick, jobs=jobs, examples=examples, sanitize=sanitize)
    rel = os.path.relpath(out, REPO) if out.startswith(REPO) else out
    print("on the GPU machine: python3 %s/device_check.py --out $OUT "
          "(carry %s)" % (rel, rel))
    if dry_run:
        return run(out, os.path.join(out, "dry-run-results"), dry=True)
    return 0


# ===========================================================================
# run (on the GPU machine: the bundle and PyTorch)
# ===========================================================================

class Results:
    """results.jsonl (appended as each record arrives), results.md
    (rewritten after each step), device_check.log."""

    def __init__(self, out, plan):
        self.out, self.plan = out, plan
        os.makedirs(out, exist_ok=True)
        self.records = []
        self.t0 = time.time()
        open(self.path("results.jsonl"), "w").close()
        self._log = open(self.path("device_check.log"), "w")

    def path(self, name):
        return os.path.join(self.out, name)

    def log(self, msg):
        print(msg, flush=True)
        self._log.write(msg + "\n")
        self._log.flush()

    def add(self, rec):
        self.records.append(rec)
        with open(self.path("results.jsonl"), "a") as f:
            f.write(json.dumps(rec, sort_keys=True) + "\n")

    def write_md(self, partial=True):
        import harness
        text = harness.markdown(self.records, self.plan,
                                elapsed=time.time() - self.t0, partial=partial)
        tmp = self.path("results.md.tmp")
        with open(tmp, "w") as f:
            f.write(text)
        os.replace(tmp, self.path("results.md"))


def _child_command(bundle, out, step, case_id=None, dry=False, timing=True,
                   repeats=15):
    cmd = [sys.executable, os.path.join(bundle, "device_check.py"), "child", step,
           "--bundle", bundle, "--out", out, "--repeats", str(repeats)]
    if case_id:
        cmd += ["--case", case_id]
    if dry:
        cmd.append("--dry-run")
    if not timing:
        cmd.append("--no-timing")
    return cmd


def _child_env(bundle, out, dry, tag):
    env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONDONTWRITEBYTECODE="1")
    if dry:
        env["TIRX_CUDA_DRIVER"] = os.path.join(bundle, FAKE_DRIVER)
        logs = os.path.join(out, "driver-log")
        os.makedirs(logs, exist_ok=True)
        env["TIRX_FAKE_CUDA_LOG"] = os.path.join(logs, tag + ".jsonl")
    return env


def _spawn(cmd, env, timeout):
    """Runs a child; returns (records, stages, returncode or 'timeout',
    output tail). The child's process group is killed on timeout."""
    import harness
    try:
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             env=env, start_new_session=True)
    except OSError as e:
        return [], [], "cannot start: %s" % e, ""
    try:
        data, _ = p.communicate(timeout=max(1, timeout))
        rc = p.returncode
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, 9)
        except OSError:
            p.kill()
        data, _ = p.communicate()
        rc = "timeout"
    text = data.decode("utf-8", "replace")
    records, stages, other = [], [], []
    for line in text.splitlines():
        if line.startswith(harness.RECORD):
            try:
                records.append(json.loads(line[len(harness.RECORD):]))
            except ValueError:
                other.append(line)
        elif line.startswith(harness.STAGE):
            stages.append(line[len(harness.STAGE):])
        else:
            other.append(line)
    return records, stages, rc, "\n".join(other)[-6000:]


def find_sanitizer():
    """$COMPUTE_SANITIZER, compute-sanitizer on PATH, or in a CUDA toolkit."""
    env = os.environ.get("COMPUTE_SANITIZER")
    if env:
        return env
    p = shutil.which("compute-sanitizer")
    if p:
        return p
    import glob
    for c in ["/usr/local/cuda/bin/compute-sanitizer"] + sorted(
            glob.glob("/usr/local/cuda-*/bin/compute-sanitizer"), reverse=True) + sorted(
            glob.glob("/opt/nvidia/*/compute-sanitizer/compute-sanitizer")):
        if os.access(c, os.X_OK):
            return c
    return None


def run(bundle, out, budget=DEFAULT_BUDGET, only=None, dry=False,
        sanitizer=True, repeats=15, case_timeout=CASE_TIMEOUT):
    sys.path.insert(0, bundle)
    import harness
    with open(os.path.join(bundle, PLAN)) as f:
        plan = json.load(f)
    if plan.get("format") != PLAN_FORMAT:
        raise SystemExit("device_check: %s is a plan of format %r, this script "
                         "reads %r" % (PLAN, plan.get("format"), PLAN_FORMAT))
    res = Results(out, plan)
    deadline = time.time() + budget
    failed, skipped = [], []
    res.log("device check%s: bundle %s (built %s with tirx %s, ptxas %s), "
            "results into %s, budget %d s"
            % (" (dry run: fake driver, no GPU)" if dry else "", bundle,
               plan["built"]["date"], plan["built"]["tirx"], plan["built"]["ptxas"],
               out, budget))

    def step(name, cmd_step, timeout, case=None, kind=None, tag=None, last=False, **kw):
        # The last step (the plot) runs past the budget: it is short.
        left = max(deadline - time.time(), timeout if last else 0)
        if left < 5:
            rec = {"kind": kind or cmd_step, "id": name, "status": "skipped",
                   "detail": "the time budget (%d s) ran out" % budget}
            if case:
                rec.update(group=case["group"], kernel=case["kernel"],
                           shape=case["shape"], ref=case.get("ref"))
            res.add(rec)
            res.log("  %-44s skipped (time budget)" % name)
            skipped.append(rec)
            return [rec]
        cmd = _child_command(bundle, out, cmd_step, case and case["id"], dry,
                             repeats=repeats, **kw)
        t = time.time()
        records, stages, rc, tail = _spawn(cmd, _child_env(bundle, out, dry, tag or name),
                                           min(timeout, left))
        secs = time.time() - t
        if rc != 0 or not records:
            where = stages[-1] if stages else "start"
            why = ("timed out after %.0f s" % secs if rc == "timeout" else
                   "exited with %s" % rc if rc != 0 else "reported nothing")
            rec = {"kind": kind or cmd_step, "id": name,
                   "status": "TIMEOUT" if rc == "timeout" else "ERROR",
                   "detail": "%s in stage '%s'\n%s" % (why, where, tail)}
            if case:
                rec.update(group=case["group"], kernel=case["kernel"],
                           shape=case["shape"], ref=case.get("ref"), unit=case.get("unit"))
            records.append(rec)
        for r in records:
            r.setdefault("seconds", round(secs, 2))
            res.add(r)
            if r.get("status") not in ("ok", "dry-run", "skipped", None):
                failed.append(r)
        res.write_md()
        status = ", ".join(sorted({str(r.get("status")) for r in records}))
        res.log("  %-44s %-10s %5.1f s" % (name, status, secs))
        return records

    res.log("environment, kernels, ceilings:")
    step("environment", "env", 60, kind="environment")
    step("kernels", "kernels", 180, kind="kernel")
    step("ceilings", "ceilings", 120, kind="ceiling")
    res.log("cases:")
    hung = {}
    for case in plan["cases"]:
        if only and only not in case["group"] and only not in case["id"]:
            continue
        if hung.get(case["kernel"], 0) >= 2:
            res.add({"kind": "case", "id": case["id"], "group": case["group"],
                     "kernel": case["kernel"], "shape": case["shape"],
                     "status": "skipped", "detail": "%s hung twice in this run"
                     % case["kernel"]})
            res.log("  %-44s skipped (%s hung twice)" % (case["id"], case["kernel"]))
            continue
        recs = step(case["id"], "case", case_timeout, case=case, kind="case")
        if any(r.get("status") == "TIMEOUT" for r in recs):
            hung[case["kernel"]] = hung.get(case["kernel"], 0) + 1
    res.log("compute-sanitizer:")
    # A dry run takes a sanitizer only from $COMPUTE_SANITIZER (a stand-in:
    # a real one has nothing to check on the fake driver).
    tool = os.environ.get("COMPUTE_SANITIZER") if dry else find_sanitizer()
    chosen = [c for c in plan.get("sanitizer", [])
              if not only or only in c["kernel"] or only in c["id"]]
    if not sanitizer or tool is None:
        why = ("--no-sanitizer" if not sanitizer else
               "dry run" if dry else "compute-sanitizer not found")
        for case in chosen:
            # The configuration still launches once (its ABI is checked in
            # the dry run); the tools are not run.
            step(case["id"], "case", case_timeout, case=case, kind="case",
                 timing=False)
            for t in ("memcheck", "racecheck"):
                res.add({"kind": "sanitizer", "case": case["id"], "tool": t,
                         "status": "skipped", "detail": why})
    else:
        # memcheck on every kernel first: if the budget runs short, what is
        # left out is racecheck.
        for t in ("memcheck", "racecheck"):
            for case in chosen:
                _sanitize(res, bundle, out, case, t, tool, deadline, failed, dry)
    res.log("plot:")
    step("plot", "plot", 60, kind="plot", last=True)
    if not os.path.isfile(res.path("kernels.png")):
        res.log("  " + harness._plain_plot([r for r in res.records
                                            if r.get("kind") == "case"],
                                           res.path("kernels.png")))
    res.write_md(partial=False)
    cases = [r for r in res.records if r.get("kind") == "case"]
    res.log("%d of %d cases passed%s; %d failure(s) in all%s; %.0f s; %s"
            % (sum(r.get("status") in ("ok", "dry-run") for r in cases), len(cases),
               " (dry run)" if dry else "", len(failed),
               ", %d step(s) skipped for the time budget" % len(skipped)
               if skipped else "", time.time() - res.t0, res.path("results.md")))
    # A run that left steps out is no pass either.
    return 1 if failed or skipped else 0


def _sanitize(res, bundle, out, case, tool, path, deadline, failed, dry=False):
    left = deadline - time.time()
    name = "%s %s" % (tool, case["id"])
    if left < 10:
        res.add({"kind": "sanitizer", "case": case["id"], "tool": tool,
                 "status": "skipped", "detail": "the time budget ran out"})
        res.log("  %-44s skipped (time budget)" % name)
        return
    cmd = [path, "--tool", tool, "--error-exitcode", "86", "--print-limit", "20"]
    cmd += _child_command(bundle, out, "case", case["id"], dry=dry, timing=False)
    t = time.time()
    records, stages, rc, tail = _spawn(cmd, _child_env(bundle, out, dry,
                                                       "%s-%s" % (tool, case["id"])),
                                       min(SANITIZER_TIMEOUT, left))
    secs = time.time() - t
    m = re.search(r"ERROR SUMMARY: (\d+) error", tail)
    r = re.search(r"RACECHECK SUMMARY: (\d+) hazards? displayed \((\d+) errors?, "
                  r"(\d+) warnings?\)", tail)
    errors = int(r.group(2)) if r else int(m.group(1)) if m else None
    case_ok = bool(records) and records[-1].get("status") in ("ok", "dry-run")
    if rc == "timeout":
        status = "TIMEOUT"
    elif errors is None:
        status = "ERROR"
    elif errors:
        status = "ERRORS"
    else:
        status = "ok" if case_ok else "ERROR"
    rec = {"kind": "sanitizer", "case": case["id"], "tool": tool, "errors": errors,
           "warnings": int(r.group(3)) if r else None, "status": status,
           "seconds": round(secs, 1), "case_status": records[-1].get("status")
           if records else None}
    if status != "ok":
        rec["detail"] = "exit %s, stage %s\n%s" % (rc, stages[-1] if stages else "-", tail)
        failed.append(rec)
    res.add(rec)
    res.write_md()
    res.log("  %-44s %-10s %5.1f s" % (name, status, secs))


# ---------------------------------------------------------------------------
# The child steps (each in its own process)
# ---------------------------------------------------------------------------

def _import_torch(dry):
    if dry:
        import dry_torch
        sys.modules["torch"] = dry_torch
    import torch
    return torch


def child(argv):
    ap = argparse.ArgumentParser(prog="device_check.py child")
    ap.add_argument("step", choices=["env", "kernels", "ceilings", "case", "plot"])
    ap.add_argument("--bundle", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--case")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-timing", action="store_true")
    ap.add_argument("--repeats", type=int, default=15)
    a = ap.parse_args(argv)
    sys.path.insert(0, a.bundle)
    import harness
    with open(os.path.join(a.bundle, PLAN)) as f:
        plan = json.load(f)
    if a.step == "plot":
        with open(os.path.join(a.out, "results.jsonl")) as f:
            records = [json.loads(l) for l in f if l.strip()]
        msg = harness.plot(records, os.path.join(a.out, "kernels.png"))
        harness.emit({"kind": "plot", "id": "plot", "status": "ok", "detail": msg})
        return 0
    torch = _import_torch(a.dry_run)
    import tirx_launcher
    if a.step == "env":
        harness.emit(_environment(torch, tirx_launcher, plan, a.bundle, a.dry_run))
        return 0
    if a.step == "kernels":
        _kernels(torch, tirx_launcher, plan, a.bundle, a.dry_run)
        return 0
    if a.step == "ceilings":
        _ceilings(torch, harness, a.dry_run)
        return 0
    case = [c for c in plan["cases"] + plan.get("sanitizer", [])
            if c["id"] == a.case]
    if not case:
        raise SystemExit("no case %r in the plan" % a.case)
    _inject(a.case)
    rec = harness.run_case(torch, tirx_launcher, a.bundle, case[0], dry=a.dry_run,
                           timing=not a.no_timing, repeats=a.repeats)
    harness.emit(rec)
    return 0


def _inject(case_id):
    """A test hook: $TIRX_DEVICE_CHECK_INJECT="id=hang,id=crash,id=raise"
    makes the case `id` hang, die or raise (test_device_check.py checks
    that the run reports it and goes on)."""
    for item in filter(None, os.environ.get("TIRX_DEVICE_CHECK_INJECT", "").split(",")):
        cid, _, what = item.partition("=")
        if cid != case_id:
            continue
        import harness
        harness.stage("injected " + what)
        if what == "hang":
            time.sleep(3600)
        if what == "crash":
            os._exit(139)
        raise RuntimeError("injected failure")


def _run_quiet(cmd, timeout=20):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return (r.stdout or r.stderr).strip()
    except (OSError, subprocess.SubprocessError) as e:
        return "unavailable (%s)" % type(e).__name__


def _environment(torch, launcher, plan, bundle, dry):
    import platform
    rec = {"kind": "environment", "id": "environment", "status": "dry-run" if dry else "ok"}
    props = torch.cuda.get_device_properties(0)
    rec["gpu"] = "%s, sm_%d%d, %d SMs, %.1f GiB" % (
        props.name, props.major, props.minor, props.multi_processor_count,
        getattr(props, "total_memory", 0) / 2 ** 30)
    rt = launcher.RuntimeLibrary.get(launcher.find_runtime_library(bundle))
    v = rt.driver_version()
    rec["cuda driver (runtime library)"] = "%d.%d" % (v // 1000, v % 1000 // 10)
    rec["torch"] = "%s (CUDA %s)" % (torch.__version__, torch.version.cuda)
    smi = shutil.which("nvidia-smi")
    if smi and not dry:
        rec["nvidia-smi"] = _run_quiet([
            smi, "--query-gpu=name,driver_version,clocks.sm,clocks.max.sm,"
            "clocks.mem,clocks.max.mem,power.draw,power.limit,temperature.gpu,"
            "compute_mode,persistence_mode", "--format=csv,noheader"])
    else:
        rec["nvidia-smi"] = "not run (dry run)" if dry else "not found"
    rec["glibc"] = (os.confstr("CS_GNU_LIBC_VERSION") if hasattr(os, "confstr")
                    else " ".join(platform.libc_ver()))
    rec["python"] = "%s (%s)" % (platform.python_version(), sys.executable)
    rec["system"] = "%s %s %s, %d CPUs" % (platform.system(), platform.release(),
                                           platform.machine(), os.cpu_count() or 0)
    try:
        with open("/etc/os-release") as f:
            m = re.search(r'PRETTY_NAME="([^"]*)"', f.read())
        rec["os"] = m.group(1) if m else "-"
    except OSError:
        rec["os"] = "-"
    tool = find_sanitizer()
    rec["compute-sanitizer"] = (_run_quiet([tool, "--version"]).splitlines()[-1]
                                if tool and not dry else tool or "not found")
    rec["bundle"] = "built %s, tirx %s, MLIR %s, ptxas %s, target %s" % (
        plan["built"]["date"], plan["built"]["tirx"], plan["built"]["mlir"],
        plan["built"]["ptxas"], plan["target"])
    pk = {}
    try:
        from importlib import metadata
        for name in ("torch", "triton", "cupy-cuda13x", "cupy-cuda12x", "cuda-bindings",
                     "cuda-python", "numpy", "matplotlib", "nvidia-cuda-runtime",
                     "nvidia-cuda-nvrtc"):
            try:
                pk[name] = metadata.version(name)
            except metadata.PackageNotFoundError:
                pass
    except ImportError:
        pass
    rec["packages"] = pk
    return rec


def _kernels(torch, launcher, plan, bundle, dry):
    """Per package: the driver's registers and parameters against what
    ptxas recorded (cubin) and the launch description, and the max active
    clusters of the case's launch shape."""
    seen = set()
    for case in plan["cases"] + plan.get("sanitizer", []):
        if case["package"] in seen:
            continue
        seen.add(case["package"])
        rec = {"kind": "kernel", "id": case["package"],
               "package": os.path.basename(case["package"]).replace(".tirxpkg", ""),
               "function": case["function"]}
        try:
            pkg = launcher.load(os.path.join(bundle, case["package"]))
            k = pkg.kernels[case["function"]]
            attrs = k.attributes(0)
            loaded = pkg.loaded_image(0) or {}
            rec["image"] = loaded.get("kind")
            entry = k.launch_desc["kernel"]
            cub = [i for i in pkg.manifest["images"] if i["kind"] == "cubin"]
            info = (cub[0].get("kernels") or {}).get(entry, {}) if cub else {}
            ptxas = info.get("ptxas") or {}
            rec["registers_driver"] = attrs["registers"]
            rec["registers_ptxas"] = ptxas.get("registers", info.get("registers"))
            rec["local_bytes"] = attrs["local_bytes"]
            rec["static_smem_driver"] = attrs["static_shared_bytes"]
            rec["binary_version"] = attrs["binary_version"]
            drv = attrs["params"]
            cubin_params = [tuple(p) for p in info.get("params", [])]
            abi = list(k._sizes)
            rec["params_driver"] = (",".join(str(s) for _o, s in drv)
                                    if drv is not None else None)
            rec["params_ptxas"] = ",".join(str(s) for _o, s in cubin_params) or None
            rec["params_launch"] = ",".join(str(s) for s in abi)
            rec["layout_driver"] = drv
            rec["layout_ptxas"] = cubin_params
            problems = []
            if drv is not None and [s for _o, s in drv] != abi:
                problems.append("driver param sizes %s != the launch's %s"
                                % ([s for _o, s in drv], abi))
            if drv is not None and cubin_params and [tuple(p) for p in drv] != cubin_params:
                problems.append("driver layout %s != ptxas's %s" % (drv, cubin_params))
            if (rec["registers_driver"] is not None and rec["registers_ptxas"] is not None
                    and rec["registers_driver"] != rec["registers_ptxas"]):
                problems.append("registers: driver %s, ptxas %s"
                                % (rec["registers_driver"], rec["registers_ptxas"]))
            launch = case["launch"]
            rec["dynamic_smem"] = launch["smem"]
            rec["cluster"] = "x".join(map(str, launch["cluster"])) if launch["cluster"] else "1"
            cfg = {"grid": launch["grid"], "block": launch["block"],
                   "cluster": launch["cluster"], "shared_memory": launch["smem"]}
            rec["max_active_clusters"] = k.max_active_clusters(cfg, 0)
            if rec["max_active_clusters"] == 0:
                problems.append("no cluster of this shape fits on the device")
            rec["status"] = ("MISMATCH: " + "; ".join(problems)) if problems else (
                "dry-run" if dry else "ok")
        except Exception as e:  # noqa: BLE001 - one package's failure is its row
            rec["status"] = "ERROR"
            rec["detail"] = "%s: %s" % (type(e).__name__, e)
        import harness
        harness.emit(rec)


def _ceilings(torch, harness, dry):
    """The machine's ceilings in this run: a bf16 matmul 8192^3 on random
    data, a 1 GiB device-to-device copy, and the host time of a small
    PyTorch launch (the reference for our launcher's overhead)."""
    def one(what, fn, work, unit, repeats=10):
        rec = {"kind": "ceiling", "id": what, "what": what, "unit": unit}
        try:
            ms = harness.time_ms(torch, fn, warmup=3, repeats=repeats)
            rec["ms"] = ms
            rec["rate"] = work * 1e-9 / ms if ms and work else None
            rec["status"] = "dry-run" if dry else "ok"
        except Exception as e:  # noqa: BLE001
            rec["status"] = "ERROR"
            rec["detail"] = "%s: %s" % (type(e).__name__, e)
        harness.emit(rec)
    gen = torch.Generator(device="cuda")
    gen.manual_seed(harness.fresh_seed())
    n = 8192
    a = torch.randn((n, n), generator=gen, device="cuda", dtype=torch.float32).to(torch.bfloat16)
    b = torch.randn((n, n), generator=gen, device="cuda", dtype=torch.float32).to(torch.bfloat16)
    c = torch.empty((n, n), dtype=torch.bfloat16, device="cuda")
    one("torch.matmul bf16 8192^3 (cuBLAS)", lambda: torch.matmul(a, b, out=c),
        2 * n ** 3, "TFLOP/s")
    del a, b, c
    src = torch.randn((1 << 28,), generator=gen, device="cuda", dtype=torch.float32)
    dst = torch.empty_like(src)
    one("device copy 1 GiB (read + write)", lambda: dst.copy_(src), 2 << 30, "TB/s")
    del src, dst
    x = torch.zeros((1024,), dtype=torch.float32, device="cuda")
    rec = {"kind": "ceiling", "id": "launch", "what": "host time of torch add_ (us/call)",
           "unit": "us"}
    rec["ms"] = harness.host_us(torch, lambda: x.add_(1.0)) / 1e3
    rec["status"] = "dry-run" if dry else "ok"
    harness.emit(rec)


# ===========================================================================

def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "child":
        return child(argv[1:])
    in_bundle = os.path.isfile(os.path.join(HERE, PLAN))
    if argv and argv[0] == "build":
        ap = argparse.ArgumentParser(prog="device_check.py build")
        ap.add_argument("out", nargs="?", default=os.path.join(REPO, "build", "device-check"))
        ap.add_argument("--quick", action="store_true", help="one row per benchmark kernel")
        ap.add_argument("--dry-run", action="store_true",
                        help="then run the bundle through the fake driver")
        ap.add_argument("--jobs", type=int, default=None)
        a = ap.parse_args(argv[1:])
        return build_command(os.path.abspath(a.out), quick=a.quick, dry_run=a.dry_run,
                             jobs=a.jobs)
    if argv and argv[0] == "run":
        argv = argv[1:]
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("bundle", nargs="?", default=HERE if in_bundle else None)
    ap.add_argument("--out", default=os.environ.get("OUT"),
                    help="where the result files go (default: $OUT)")
    ap.add_argument("--budget", type=float, default=DEFAULT_BUDGET,
                    help="seconds for the whole run (default %(default)s)")
    ap.add_argument("--only", help="the cases whose group or id contains this")
    ap.add_argument("--dry-run", action="store_true",
                    help="the fake driver and a stand-in for PyTorch (no GPU)")
    ap.add_argument("--no-sanitizer", action="store_true")
    ap.add_argument("--repeats", type=int, default=15)
    ap.add_argument("--case-timeout", type=float, default=CASE_TIMEOUT,
                    help="seconds per case (default %(default)s)")
    a = ap.parse_args(argv)
    if not a.bundle:
        ap.error("no bundle: build one with `device_check.py build OUT`, then run "
                 "OUT/device_check.py")
    if not a.out:
        ap.error("--out DIR (or $OUT) is needed")
    return run(os.path.abspath(a.bundle), os.path.abspath(a.out), budget=a.budget,
               only=a.only, dry=a.dry_run, sanitizer=not a.no_sanitizer,
               repeats=a.repeats, case_timeout=a.case_timeout)


if __name__ == "__main__":
    sys.exit(main())
