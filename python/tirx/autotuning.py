"""``tirx.autotune``: pick a kernel's configuration by measuring, once.

    @tirx.autotune(space=dict(BN=[128, 256], STAGES=[3, 4, 6]),
                   default=dict(BN=128, STAGES=4), target="sm_90a")
    def gemm(M, N, K, **config):          # the kernel factory
        return make_gemm(M, N, K, **config)

    result = gemm.tune(4096, 4096, 4096, args=(A, B, C))   # on a GPU
    kernel = gemm(4096, 4096, 4096)       # the best config's kernel

A tuner is a kernel factory (``factory(*problem, **config)`` returns a
``@T.prim_func``, a module or MLIR text) and a config space (a dict of
lists, crossed, or a list of dicts). ``tune(*problem)`` for a problem it
has not seen on this GPU:

1. builds every config's kernel (a factory's ValueError rejects it), then
   compiles them in parallel worker processes to packages (PTX, ptxas's
   cubin) in the ``tirx.build`` cache;
2. rejects, before any GPU time, the configs that do not fit the chip:
   shared memory (ptxas's static plus the launch's dynamic bytes) and
   registers (ptxas's count times the threads of a CTA) per CTA;
3. runs ``verify(config)`` for the rest (the author's check in the
   simulator at a small size; by default only while tuning a problem for
   the first time, ``verify="always"`` on cache hits too);
4. times each on the GPU (``bench(candidate)`` in milliseconds, by default
   ``tirx.profile`` over ``args``) and keeps the fastest;
5. stores the winner in a cache on disk (``$TIRX_AUTOTUNE_CACHE_DIR``, or
   ``$TIRX_CACHE_DIR/autotune``, default ``~/.cache/tirx/autotune``), one file per tuner keyed by the
   compiler's fingerprint, the factory's source file and the space, with
   one entry per problem and GPU, so the next process pays no tuning.

Without a GPU it takes the cache's entry for the problem (tuned on a GPU of
the same chip) or the default config, and says which. Progress goes to the
terminal while it works; the result's table lists every candidate with its
measurement or why it was rejected (docs/Profiling.md).
"""

import concurrent.futures
import hashlib
import inspect
import itertools
import json
import multiprocessing
import os
import sys
import tempfile
import time

__all__ = ["autotune", "Autotuner", "TuneResult", "Candidate",
           "default_cache_dir", "chip_limits", "CACHE_FORMAT"]

CACHE_FORMAT = "tirx-autotune/1"

# Per-CTA limits by chip: shared memory a CTA can opt into (bytes) and
# registers of an SM. Compute capability 9.0 / 10.x: 227 KiB; 8.0 / 8.7:
# 163 KiB; 8.6 / 8.9 / 12.x: 99 KiB.
_SMEM_BY_CC = {"80": 166912, "87": 166912, "86": 101376, "89": 101376,
               "90": 232448, "100": 232448, "101": 232448, "103": 232448,
               "110": 232448, "120": 101376, "121": 101376}


def chip_limits(chip):
    """{"shared_memory": bytes per CTA, "registers": per SM,
    "threads": per CTA} of a chip name (sm_90a, ...)."""
    digits = "".join(c for c in chip[3:] if c.isdigit()) if chip.startswith("sm_") else ""
    if digits not in _SMEM_BY_CC:
        raise ValueError("no resource limits known for chip %r" % (chip,))
    return {"shared_memory": _SMEM_BY_CC[digits], "registers": 65536,
            "threads": 1024}


def default_cache_dir():
    """$TIRX_AUTOTUNE_CACHE_DIR, else $TIRX_CACHE_DIR/autotune, else
    ~/.cache/tirx/autotune."""
    env = os.environ.get("TIRX_AUTOTUNE_CACHE_DIR")
    if env:
        return env
    env = os.environ.get("TIRX_CACHE_DIR")
    if env:
        return os.path.join(env, "autotune")
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(
        os.path.expanduser("~"), ".cache")
    return os.path.join(base, "tirx", "autotune")


def _canonical(value):
    """JSON-able form of a config value (tuples as lists)."""
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in sorted(value.items())}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError("config and problem values must be numbers, strings, "
                    "booleans, None or lists of them; got %r" % (value,))


def _format_config(cfg):
    return " ".join("%s=%s" % (k, cfg[k]) for k in sorted(cfg))


# ---------------------------------------------------------------------------
# Compilation (in worker processes) and the fit check
# ---------------------------------------------------------------------------

def _constant(launch_fn, ref):
    """The value of a launch-description value if it is a constant."""
    if ref is None:
        return 0
    v = launch_fn["values"][ref]
    return int(v["value"]) if v.get("op") == "arith.constant" else None


def _launch_info(text):
    """Threads per CTA and dynamic shared memory of a kernel's launch, from
    its outlined gpu.launch_func (None where not a constant)."""
    from tirx import ir
    from tirx.passmanager import PassManager
    with ir.Context():
        m = ir.Module.parse(text)
        PassManager.parse("builtin.module(tirx-dispatch-tile-primitives,"
                          "tirx-resolve-layouts,tirx-infer-launch-shape,"
                          "convert-tirx-to-gpu)").run(m.operation)
        found = []
        m.operation.walk(lambda o: found.append(o)
                         if o.name == "gpu.launch_func" else None)
        if len(found) != 1:
            return {"threads": None, "dynamic_smem": None}
        op = found[0]
        seg = list(op.attributes["operandSegmentSizes"])
        vals = list(op.operands)

        def const(v):
            o = v.owner
            if getattr(o, "name", None) == "arith.constant":
                return int(o.attributes["value"].value)
            return None
        starts = [sum(seg[:i]) for i in range(len(seg))]
        block = [const(vals[starts[i]]) for i in (4, 5, 6)]
        smem = const(vals[starts[10]]) if seg[10] else 0
        return {"threads": None if None in block else block[0] * block[1] * block[2],
                "dynamic_smem": smem}


def _compile_candidate(text, target, cache_dir):
    """Worker: builds `text` for `target` into the tirx.build cache (a
    kernel the launcher cannot take, e.g. one with tensormap parameters,
    is compiled to PTX only) and reads ptxas's resource usage. Returns a
    dict (never raises)."""
    out = {"ok": False, "notes": []}
    try:
        from tirx.runtime import cached_build, launcher
        from tirx.compiler import find_ptxas
        start = time.perf_counter()
        try:
            kernel = cached_build.build(text, target=target, cache_dir=cache_dir)
        except Exception as e:
            kernel = None
            msg = str(e).strip().splitlines()
            out["notes"].append("no package (%s): the bench gets the PTX"
                                % (msg[-1] if msg else type(e).__name__))
        if kernel is not None:
            pkg = kernel.package if isinstance(kernel, launcher.Kernel) else kernel
            out["package"] = pkg.path
            fns = pkg.manifest["launch"]["functions"]
            if len(fns) != 1:
                out["error"] = "the kernel module has %d kernel functions" % len(fns)
                return out
            fn = fns[0]
            launch = fn["launch"]
            out["name"] = fn["name"]
            block = [_constant(fn, r) for r in launch["block"]]
            out["threads"] = None if None in block else block[0] * block[1] * block[2]
            out["dynamic_smem"] = _constant(fn, launch["dynamic_shared_memory"])
            img = [i for i in pkg.manifest["images"] if i["kind"] == "ptx"][0]
            with open(os.path.join(pkg.path, img["file"])) as f:
                out["ptx"] = f.read()
        else:
            from tirx import compiler, ir
            with ir.Context():
                m = ir.Module.parse(text)
                names = [str(o.attributes["sym_name"].value)
                         for o in m.body.operations
                         if o.name == "func.func" and "tirx.kernel" in str(o)]
                out["ptx"] = compiler.emit_ptx(m, target)
            out["name"] = names[0] if len(names) == 1 else None
            out.update(_launch_info(text))
        out["seconds"] = time.perf_counter() - start
        ptxas = find_ptxas()
        out["ptxas"] = bool(ptxas)
        if ptxas:
            with tempfile.TemporaryDirectory(prefix="tirx-tune-") as d:
                path = os.path.join(d, "k.ptx")
                with open(path, "w") as f:
                    f.write(out["ptx"])
                stats = _ptxas_usage(ptxas, path, target)
            if "error" in stats:
                out["error"] = stats["error"]
                return out
            out.update(stats)
        out["ok"] = True
    except Exception as e:  # reported as the candidate's rejection
        msg = str(e).strip().splitlines()
        out["error"] = "%s: %s" % (type(e).__name__, msg[0] if msg else "")
    return out


def _ptxas_usage(ptxas, ptx_path, chip):
    import re
    import subprocess
    r = subprocess.run([ptxas, "-arch=" + chip, "-v", ptx_path, "-o", os.devnull],
                       capture_output=True, text=True)
    if r.returncode != 0:
        lines = (r.stderr or r.stdout).strip().splitlines()
        return {"error": "ptxas: " + (lines[0] if lines else "failed")}
    regs = smem = spill = 0
    for line in r.stderr.splitlines():
        if (m := re.search(r"Used (\d+) registers", line)):
            regs = max(regs, int(m.group(1)))
        if (m := re.search(r"(\d+) bytes smem", line)):
            smem = max(smem, int(m.group(1)))
        if (m := re.search(r"(\d+) bytes spill stores", line)):
            spill = max(spill, int(m.group(1)))
    return {"registers": regs, "static_smem": smem, "spill_stores": spill}


def _fit(info, limits):
    """Why a compiled candidate does not fit the chip ("" if it fits), and
    notes on what could not be checked."""
    notes = []
    smem = info.get("static_smem", 0)
    dyn = info.get("dynamic_smem")
    if dyn is None:
        notes.append("dynamic shared memory computed at launch: not checked")
    else:
        smem += dyn
        if smem > limits["shared_memory"]:
            return ("needs %d bytes of shared memory per CTA (%d static + %d "
                    "dynamic); the chip allows %d"
                    % (smem, info.get("static_smem", 0), dyn,
                       limits["shared_memory"])), notes
    if not info.get("ptxas"):
        notes.append("no ptxas: registers not checked")
        return "", notes
    threads = info.get("threads")
    regs = info.get("registers", 0)
    if threads and regs * threads > limits["registers"]:
        return ("needs %d registers per CTA (%d per thread x %d threads); an "
                "SM has %d" % (regs * threads, regs, threads,
                               limits["registers"])), notes
    if info.get("spill_stores"):
        notes.append("%d bytes of register spills" % info["spill_stores"])
    return "", notes


# ---------------------------------------------------------------------------
# The cache
# ---------------------------------------------------------------------------

class _Cache:
    """One JSON file of entries {problem key: {device: entry}}, updated
    under an exclusive lock and replaced atomically."""

    def __init__(self, path):
        self.path = path

    def load(self):
        try:
            with open(self.path) as f:
                data = json.load(f)
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict) or data.get("format") != CACHE_FORMAT:
            return {}
        return data.get("entries", {})

    def store(self, key, device, entry, meta):
        import fcntl
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        with open(self.path + ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            entries = self.load()
            entries.setdefault(key, {})[device] = entry
            data = dict(meta, format=CACHE_FORMAT, entries=entries)
            fd, tmp = tempfile.mkstemp(dir=os.path.dirname(self.path),
                                       prefix=".tmp-autotune-")
            with os.fdopen(fd, "w") as f:
                json.dump(data, f, indent=1, sort_keys=True)
            os.replace(tmp, self.path)


# ---------------------------------------------------------------------------
# Progress and results
# ---------------------------------------------------------------------------

class _Progress:
    """One status line, rewritten in place on a terminal; silent elsewhere."""

    def __init__(self, name, stream, enabled):
        self.name, self.stream = name, stream
        self.enabled = enabled and hasattr(stream, "isatty") and stream.isatty()
        self.counts = {}
        self.last = 0.0

    def update(self, **counts):
        self.counts.update(counts)
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.last < 0.1:
            return
        self.last = now
        text = ", ".join("%s %s" % (k, v) for k, v in self.counts.items())
        self.stream.write("\r\033[K[tirx.autotune %s] %s" % (self.name, text))
        self.stream.flush()

    def done(self):
        if self.enabled:
            self.stream.write("\r\033[K")
            self.stream.flush()


class Candidate:
    """A config being tuned: its kernel text, PTX, package (None when the
    launcher cannot take the kernel), ptxas's resource usage and its
    measurement; ``status`` is best / timed / rejected / failed."""

    def __init__(self, config):
        self.config = config
        self.text = None
        self.info = {}
        self.package = None
        self.ptx = None
        self.status = "pending"
        self.reason = ""
        self.notes = []
        self.ms = None
        self.verified = None

    def load(self):
        """The built kernel (from the tirx.build cache)."""
        from .runtime import launcher
        if self.package is None:
            raise RuntimeError("the candidate has no kernel package (the "
                               "launcher cannot take the kernel): give tune() "
                               "a bench that runs its PTX (candidate.ptx)")
        pkg = launcher.load(self.package)
        return next(iter(pkg.kernels.values())) if len(pkg.kernels) == 1 else pkg

    def row(self):
        return {"config": self.config, "status": self.status,
                "reason": self.reason, "notes": self.notes, "ms": self.ms,
                "registers": self.info.get("registers"),
                "shared_memory": (self.info.get("static_smem", 0) +
                                  self.info["dynamic_smem"])
                if self.info.get("dynamic_smem") is not None else None,
                "verified": self.verified}


class TuneResult:
    """The outcome of :meth:`Autotuner.tune`: ``config`` (the full config
    to build), ``source`` ("tuned", "cache", "cache (tuned on <GPU>)" or
    "default"), ``ms`` (the winner's time, if measured) and ``rows`` (one
    dict per candidate when it was tuned, from the cache on a hit)."""

    def __init__(self, name, problem, config, source, ms=None, rows=(),
                 device=None, message=""):
        self.name, self.problem = name, problem
        self.config, self.source, self.ms = config, source, ms
        self.rows, self.device, self.message = list(rows), device, message

    def table(self):
        """The candidates as a text table."""
        if not self.rows:
            return "%s%s: %s config %s%s" % (
                self.name, tuple(self.problem), self.source,
                _format_config(self.config),
                "" if self.ms is None else " (%.4f ms)" % self.ms)
        head = ["#", "config", "status", "regs", "smem", "ms", "why / notes"]
        lines = []
        for i, r in enumerate(self.rows):
            why = r["reason"] or "; ".join(r["notes"])
            lines.append([str(i), _format_config(r["config"]), r["status"],
                          "-" if r["registers"] is None else str(r["registers"]),
                          "-" if r["shared_memory"] is None
                          else "%.1fK" % (r["shared_memory"] / 1024),
                          "-" if r["ms"] is None else "%.4f" % r["ms"], why])
        widths = [max(len(head[c]), *(len(l[c]) for l in lines))
                  for c in range(len(head) - 1)]
        fmt = lambda cells: "  ".join(
            [cells[c].ljust(widths[c]) for c in range(len(widths))] + [cells[-1]])
        title = "tirx.autotune %s%s on %s: %s" % (
            self.name, tuple(self.problem), self.device or "no GPU", self.source)
        return "\n".join([title, fmt(head)] + [fmt(l).rstrip() for l in lines])

    def __repr__(self):
        return "<TuneResult %s%s: %s %s>" % (self.name, tuple(self.problem),
                                            self.source,
                                            _format_config(self.config))


# ---------------------------------------------------------------------------
# The tuner
# ---------------------------------------------------------------------------

_GPU = []


def _gpu():
    """"<name> (sm_XY)" of GPU 0 through the TIRx runtime, or None (asked
    once per process)."""
    if not _GPU:
        _GPU.append(_find_gpu())
    return _GPU[0]


def _find_gpu():
    from .runtime.launcher import LauncherError, RuntimeLibrary, find_runtime_library
    try:
        rt = RuntimeLibrary.get(find_runtime_library())
        rt.init(0)
        info = rt.device_info(0)
    except (LauncherError, OSError):
        return None
    major, minor = info["compute_capability"]
    return "%s (sm_%d%d)" % (info["name"], major, minor)


class Autotuner:
    """A kernel factory and its config space (see the module docstring)."""

    def __init__(self, factory, space, *, default=None, constraint=None,
                 name=None, target="sm_90a", verify=None, verify_mode="first",
                 bench=None, cache_dir=None, workers=None, stream=None,
                 verbose=True):
        if not callable(factory):
            raise TypeError("the kernel factory must be callable")
        self.factory = factory
        self.name = name or getattr(factory, "__name__", "kernel")
        self.configs = self._expand(space)
        self.space = space
        self.default = default
        self.constraint = constraint
        self.target = target
        chip_limits(target)  # an unknown chip is an error now, not later
        self.verify = verify
        if verify_mode not in ("first", "always", "never"):
            raise ValueError("verify_mode must be 'first', 'always' or 'never'")
        self.verify_mode = verify_mode
        self.bench = bench
        self.cache_dir = cache_dir
        self.workers = workers
        self.stream = stream
        self.verbose = verbose
        self.__doc__ = getattr(factory, "__doc__", None)
        self.__wrapped__ = factory

    @staticmethod
    def _expand(space):
        if isinstance(space, dict):
            keys = list(space)
            for k in keys:
                if not isinstance(space[k], (list, tuple)) or not space[k]:
                    raise ValueError("config space entry %r must be a non-empty "
                                     "list of values" % (k,))
            configs = [dict(zip(keys, vals)) for vals in
                       itertools.product(*(space[k] for k in keys))]
        elif isinstance(space, (list, tuple)):
            configs = [dict(c) for c in space]
            if not all(isinstance(c, dict) for c in space):
                raise ValueError("a config space list must hold dicts")
        else:
            raise TypeError("the config space is a dict of lists or a list of "
                            "dicts, got %s" % type(space).__name__)
        if not configs:
            raise ValueError("the config space is empty")
        for c in configs:
            _canonical(c)
        return configs

    # -- keys and the cache ------------------------------------------------
    def digest(self):
        """What the cache file is keyed by: compiler, factory source file,
        space, target."""
        from .runtime.cached_build import compiler_fingerprint
        try:
            src_file = inspect.getsourcefile(self.factory)
            with open(src_file) as f:
                source = f.read()
        except (TypeError, OSError):
            try:
                source = inspect.getsource(self.factory)
            except (TypeError, OSError):
                source = repr(self.factory)
        factory = "%s.%s" % (getattr(self.factory, "__module__", ""),
                             getattr(self.factory, "__qualname__", ""))
        blob = json.dumps({"compiler": compiler_fingerprint(), "source": source,
                           "factory": factory,
                           "space": _canonical(self.configs),
                           "target": self.target, "format": CACHE_FORMAT},
                          sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()

    def cache_path(self):
        root = self.cache_dir or default_cache_dir()
        return os.path.join(root, "%s-%s.json" % (self.name, self.digest()[:24]))

    def _cache(self):
        return _Cache(self.cache_path())

    @staticmethod
    def key(problem):
        return json.dumps(_canonical(list(problem)))

    def default_config(self, *problem):
        d = self.default(*problem) if callable(self.default) else self.default
        if d is None:
            return dict(self.configs[0])
        return dict(d)

    def lookup(self, *problem, device=None, exact=False):
        """(config, source, entry) from the cache for this problem on
        `device`, else (unless `exact`) on any GPU of the target chip, else
        the default."""
        entries = self._cache().load().get(self.key(problem), {})
        if device is not None and device in entries:
            e = entries[device]
            return dict(e["config"]), "cache", e
        if entries and not exact:
            dev, e = sorted(entries.items(), key=lambda kv: -kv[1].get("time", 0))[0]
            return dict(e["config"]), "cache (tuned on %s)" % dev, e
        return self.default_config(*problem), "default", None

    def config(self, *problem):
        """The config for a problem without tuning: the cache's (this GPU's,
        else any GPU's of the chip) or the default."""
        cfg, _, _ = self.lookup(*problem, device=_gpu())
        return cfg

    def __call__(self, *problem, **overrides):
        """The kernel of the chosen config (see :meth:`config`)."""
        cfg = self.config(*problem)
        cfg.update(overrides)
        return self.factory(*problem, **cfg)

    # -- tuning ---------------------------------------------------------------
    def _say(self, text):
        if self.verbose:
            stream = self.stream or sys.stderr
            stream.write(text.rstrip("\n") + "\n")
            stream.flush()

    def tune(self, *problem, args=None, bench=None, force=False, device=...):
        """Tunes the problem (see the module docstring); returns a
        TuneResult and prints its table. `args` are the kernel's arguments
        for the default bench (tirx.profile); `force` re-tunes a cached
        problem. `device` overrides the GPU detected (None: as without)."""
        name = self.name
        device = _gpu() if device is ... else device
        key = self.key(problem)
        if device is None:
            cfg, source, entry = self.lookup(*problem, device=None)
            msg = ("tirx.autotune %s%s: no GPU, so nothing was tuned; using the "
                   "%s config %s" % (name, tuple(problem), source,
                                     _format_config(cfg)))
            self._say(msg)
            return TuneResult(name, problem, cfg, source,
                              ms=entry.get("ms") if entry else None,
                              rows=entry.get("table", []) if entry else (),
                              device=None, message=msg)
        if not force:
            cfg, source, entry = self.lookup(*problem, device=device, exact=True)
            if entry is not None:
                if self.verify and self.verify_mode == "always":
                    self.verify(dict(cfg))
                return TuneResult(name, problem, cfg, "cache", ms=entry.get("ms"),
                                  rows=entry.get("table", []), device=device)
        bench = bench or self.bench
        if bench is None:
            if args is None:
                raise TypeError("tune() needs the kernel's arguments (args=...) "
                                "or a bench(candidate) -> ms to time candidates")
            from .profiling import profile

            def bench(cand):
                return profile(cand.load(), *args).median_ms
        result = self._tune(problem, device, bench)
        rows = [c.row() for c in result["candidates"]]
        best = result["best"]
        if best is None:
            res = TuneResult(name, problem, self.default_config(*problem),
                             "default", rows=rows, device=device,
                             message="no candidate could be timed")
            self._say(res.table())
            self._say("tirx.autotune %s: no candidate ran; using the default "
                      "config (nothing cached)" % name)
            return res
        entry = {"config": best.config, "ms": best.ms, "time": time.time(),
                 "table": rows}
        self._cache().store(key, device, entry,
                            {"name": name, "target": self.target})
        res = TuneResult(name, problem, dict(best.config), "tuned", ms=best.ms,
                         rows=rows, device=device)
        self._say(res.table())
        return res

    def _tune(self, problem, device, bench):
        limits = chip_limits(self.target)
        progress = _Progress(self.name, self.stream or sys.stderr, self.verbose)
        cands = [Candidate(dict(c)) for c in self.configs]
        # Kernels (the factory runs here: it is the author's Python).
        todo = []
        for c in cands:
            if self.constraint is not None:
                ok = self.constraint(dict(c.config), *problem)
                if ok is not True and ok is not None:
                    c.status, c.reason = "rejected", (
                        ok if isinstance(ok, str) else "excluded by the constraint")
                    continue
            try:
                kernel = self.factory(*problem, **c.config)
                from .runtime.cached_build import _module_text
                c.text = _module_text(kernel)
            except (ValueError, TypeError) as e:
                c.status, c.reason = "rejected", "factory: %s" % e
                continue
            except Exception as e:
                c.status, c.reason = "failed", "factory: %s: %s" % (
                    type(e).__name__, str(e).splitlines()[0] if str(e) else "")
                continue
            todo.append(c)
        progress.update(compiled="0/%d" % len(todo))
        # Compilation, in parallel.
        from .runtime.cached_build import default_cache_dir as kernels_dir
        kdir = kernels_dir()
        workers = self.workers
        if workers is None:
            workers = min(len(todo), os.cpu_count() or 1)
        done = 0

        def finish(c, info):
            nonlocal done
            done += 1
            progress.update(compiled="%d/%d" % (done, len(todo)))
            c.info = info
            if not info.get("ok"):
                c.status, c.reason = "failed", info.get("error", "compilation failed")
                return
            c.package = info.get("package")
            c.ptx = info.get("ptx")
            why, notes = _fit(info, limits)
            c.notes = info.get("notes", []) + notes
            if why:
                c.status, c.reason = "rejected", why

        if workers <= 1 or len(todo) <= 1:
            for c in todo:
                finish(c, _compile_candidate(c.text, self.target, kdir))
        else:
            ctx = multiprocessing.get_context("spawn")
            with concurrent.futures.ProcessPoolExecutor(workers, mp_context=ctx) as pool:
                futs = {pool.submit(_compile_candidate, c.text, self.target, kdir): c
                        for c in todo}
                for f in concurrent.futures.as_completed(futs):
                    try:
                        info = f.result()
                    except Exception as e:  # a worker that died
                        info = {"ok": False, "error": "worker: %s" % e}
                    finish(futs[f], info)
        alive = [c for c in todo if c.status == "pending"]
        # The simulator check, at a small size (the author's verify).
        if self.verify and self.verify_mode != "never":
            for i, c in enumerate(alive):
                progress.update(verified="%d/%d" % (i, len(alive)))
                try:
                    self.verify(dict(c.config))
                    c.verified = True
                except Exception as e:
                    c.verified = False
                    c.status = "failed"
                    msg = str(e).strip().splitlines()
                    c.reason = "simulator check: %s: %s" % (
                        type(e).__name__, msg[0] if msg else "")
            progress.update(verified="%d/%d" % (len(alive), len(alive)))
            alive = [c for c in alive if c.status == "pending"]
        # GPU time.
        for i, c in enumerate(alive):
            progress.update(timed="%d/%d" % (i, len(alive)))
            try:
                c.ms = float(bench(c))
                c.status = "timed"
            except Exception as e:
                c.status = "failed"
                msg = str(e).strip().splitlines()
                c.reason = "run: %s: %s" % (type(e).__name__, msg[0] if msg else "")
        progress.update(timed="%d/%d" % (len(alive), len(alive)))
        progress.done()
        timed = [c for c in alive if c.status == "timed"]
        best = min(timed, key=lambda c: c.ms) if timed else None
        if best is not None:
            best.status = "best"
        return {"candidates": cands, "best": best}


def autotune(factory=None, *, space, **options):
    """An :class:`Autotuner` over `factory` and `space`; as a decorator,
    ``@tirx.autotune(space=..., ...)``. Options: default, constraint,
    name, target, verify, verify_mode, bench, cache_dir, workers, stream,
    verbose."""
    if factory is None:
        return lambda f: Autotuner(f, space, **options)
    return Autotuner(factory, space, **options)
