"""``tirx.profile``: time a kernel, or trace it into a Perfetto timeline.

    import tirx
    r = tirx.profile(gemm, A, B, C, flops=2 * M * N * K)     # timing
    print(r)            # median / min / max ms and TFLOP/s
    r = tirx.profile(gemm, A, B, C, trace="gemm.json")       # trace
    r.trace.summary_png("gemm.png")                          # with matplotlib

Timing (``trace=False``): `warmup` untimed calls, then `repeats` calls each
timed with a pair of CUDA events of the tensors' framework (PyTorch or CuPy)
around the call alone, the L2 cache flushed before each (a write of twice
its size); the result holds every time and their min / median / max, and
the achieved TFLOP/s or GB/s when `flops` / `bytes` are given.

Tracing (``trace=True`` or a path): the kernel, given as source (a
``@T.prim_func``, a module or MLIR text), is instrumented by
``tirx-lower-profile{trace=1}``: its ``T.profile.range`` / ``T.profile.mark``
ops write ``%globaltimer`` (or ``%clock64``) records into a per-warp trace
buffer that this function allocates, zeroes and passes as the kernel's last
argument. After the launch the buffer is decoded into a Chrome trace /
Perfetto JSON timeline: one process per CTA, one track per warp, ranges as
slices, marks as instants, times in microseconds from the earliest warp
start of the launch. ``target="sim"`` runs the same instrumented kernel in
the simulator over NumPy arrays (its timer counts operations). The
simulator's own timeline, with barrier and mbarrier waits, comes from
``tirx.sim.run(..., trace="out.json")``. docs/Profiling.md has the details.
"""

import json
import math
import os
import statistics
import sys

__all__ = ["profile", "ProfileResult", "Trace", "Instrumented", "instrument",
           "decode_trace", "validate_trace", "summary_png", "TRACE_PARAM",
           "TRACE_FORMAT_SOURCES"]

# The name of the trace-buffer parameter tirx-lower-profile adds.
TRACE_PARAM = "__tirx_trace"
# Record kinds (TIRx/Dialect/TIRxProfileOps.h) and the unnamed-end index.
_BEGIN, _END, _MARK = 1, 2, 3
_NO_NAME = 0xFFFFFFFF
# otherData.source of the traces this project writes.
TRACE_FORMAT_SOURCES = ("tirx-sim", "gpu")


# ---------------------------------------------------------------------------
# Instrumentation
# ---------------------------------------------------------------------------

class Instrumented:
    """A module after ``tirx-lower-profile{trace=1}``: its text and, per
    traced kernel function, the layout of its trace buffer (the function's
    ``tirx.profile_trace`` attribute as a dict)."""

    def __init__(self, text, layouts):
        self.text = text
        self.layouts = layouts

    def layout(self, func=None):
        if func is None:
            if len(self.layouts) != 1:
                raise ValueError("the module has %d traced kernels (%s); name "
                                 "one" % (len(self.layouts),
                                          ", ".join(self.layouts)))
            return next(iter(self.layouts.values()))
        return self.layouts[func]


_LAYOUT_KEYS = ("version", "param", "capacity", "warps_per_cta",
                "header_words", "record_words", "timer", "names")


def _attr_value(attr):
    """A builtin attribute as a Python value (ints, strings, lists, and the
    layout dictionary)."""
    from . import ir
    if isinstance(attr, ir.DictAttr):
        return {k: _attr_value(attr[k]) for k in _LAYOUT_KEYS if k in attr}
    if isinstance(attr, ir.ArrayAttr):
        return [_attr_value(a) for a in attr]
    if isinstance(attr, ir.IntegerAttr):
        return int(attr.value)
    if isinstance(attr, ir.StringAttr):
        return str(attr.value)
    raise TypeError("unexpected attribute %s" % attr)


def _source_of(kernel):
    """MLIR text with locations of a kernel given as source, and whether it
    came from a script function (errors are then ScriptErrors)."""
    from .runtime.cached_build import _module_text
    script = type(kernel).__module__.startswith("tirx.script")
    return _module_text(kernel), script


def instrument(kernel, *, capacity=4096, timer="globaltimer"):
    """Runs ``tirx-lower-profile{trace=1}`` on a copy of `kernel` (a
    ``@T.prim_func``, ``@I.ir_module``, ``tirx.ir.Module`` or MLIR text).
    Raises ValueError when no kernel has trace ops, and the compiler's
    errors (a ScriptError at the Python line for script kernels)."""
    from . import ir
    from .passmanager import PassManager
    if not isinstance(capacity, int) or not 1 <= capacity <= 1 << 24:
        raise ValueError("capacity (records per warp) must be an integer in "
                         "[1, 2^24], got %r" % (capacity,))
    if timer not in ("globaltimer", "clock64"):
        raise ValueError("timer must be 'globaltimer' or 'clock64', got %r"
                         % (timer,))
    text, script = _source_of(kernel)
    with ir.Context():
        try:
            module = ir.Module.parse(text, source_name="<tirx.profile>")
            PassManager.parse(
                "builtin.module(tirx-lower-profile{trace=1 capacity=%d timer=%s})"
                % (capacity, timer)).run(module.operation)
        except ir.MLIRError as e:
            if script:
                from .script._compile import raise_from_mlir
                raise_from_mlir(e, "instrumenting the kernel for tracing failed")
            raise
        layouts = {}
        for op in module.body.operations:
            if "tirx.profile_trace" in op.attributes:
                name = str(op.attributes["sym_name"].value)
                layouts[name] = _attr_value(op.attributes["tirx.profile_trace"])
        out = module.operation.get_asm(enable_debug_info=True)
    if not layouts:
        raise ValueError("the kernel has no trace ranges or marks to record "
                         "(T.profile.range, T.profile.mark)")
    return Instrumented(out, layouts)


def buffer_words(layout, grid):
    """64-bit words of the trace buffer of a launch of `grid` CTAs."""
    ctas = int(grid[0]) * int(grid[1]) * int(grid[2])
    stride = layout["header_words"] + layout["capacity"] * layout["record_words"]
    return ctas * layout["warps_per_cta"] * stride


# ---------------------------------------------------------------------------
# Traces: decoding and the Chrome trace / Perfetto JSON
# ---------------------------------------------------------------------------

def _cta_name(linear, grid):
    gx, gy = int(grid[0]), int(grid[1])
    return "CTA (%d, %d, %d)" % (linear % gx, (linear // gx) % gy,
                                 linear // (gx * gy))


def _sort_events(events):
    events.sort(key=lambda e: (e["pid"], e["tid"], e["ts"], -e.get("dur", 0)))


class Trace:
    """A timeline in the Chrome trace event format (what Perfetto and
    chrome://tracing open): ``events`` (the ``traceEvents``, metadata
    first) and ``meta`` (``otherData``)."""

    def __init__(self, events, meta):
        self.events = events
        self.meta = meta

    @classmethod
    def load(cls, path):
        with open(path) as f:
            obj = json.load(f)
        validate_trace(obj)
        return cls(obj["traceEvents"], obj.get("otherData", {}))

    def to_json(self):
        return {"traceEvents": self.events, "displayTimeUnit": "ns",
                "otherData": self.meta}

    def write(self, path):
        with open(path, "w") as f:
            json.dump(self.to_json(), f, indent=1)
            f.write("\n")
        return path

    def tracks(self):
        """{(pid, tid): name} of the named tracks."""
        return {(e["pid"], e["tid"]): e["args"]["name"] for e in self.events
                if e["ph"] == "M" and e["name"] == "thread_name"}

    def processes(self):
        return {e["pid"]: e["args"]["name"] for e in self.events
                if e["ph"] == "M" and e["name"] == "process_name"}

    def slices(self, cat=None):
        return [e for e in self.events
                if e["ph"] == "X" and (cat is None or e["cat"] == cat)]

    def instants(self):
        return [e for e in self.events if e["ph"] == "i"]

    def summary(self):
        """{(process name, track name): {slice name: total duration}}, in
        the trace's time unit (µs, or scheduling steps for the simulator)."""
        procs, tracks = self.processes(), self.tracks()
        out = {}
        for e in self.slices():
            key = (procs.get(e["pid"], str(e["pid"])),
                   tracks.get((e["pid"], e["tid"]), str(e["tid"])))
            per = out.setdefault(key, {})
            per[e["name"]] = per.get(e["name"], 0) + e["dur"]
        return out

    def summary_png(self, path, title=None, max_tracks=24):
        return summary_png(self, path, title=title, max_tracks=max_tracks)

    def __repr__(self):
        return "<tirx Trace (%s): %d slices, %d instants on %d tracks>" % (
            self.meta.get("source", "?"), len(self.slices()),
            len(self.instants()), len(self.tracks()))


def decode_trace(buffer, layout, grid, *, kernel="", clock_hz=None):
    """The Trace of a traced launch: `buffer` (the trace buffer's 64-bit
    words, a NumPy array or a sequence), `layout` (the kernel's
    ``tirx.profile_trace``, see :func:`instrument`) and the launch's `grid`.

    With the ``globaltimer`` timer, times are microseconds from the earliest
    warp start of the launch (one clock for the whole GPU). With
    ``clock64`` each warp's cycles count from its own start, placed at that
    start's global time; `clock_hz` converts cycles to time (without it a
    cycle is shown as a nanosecond, and otherData says so). Records beyond
    the capacity were counted by the kernel, not written: otherData's
    ``dropped`` and ``overflow`` (per track) say how many."""
    import numpy as np
    words = np.asarray(buffer).astype(np.uint64, copy=False).ravel()
    need = buffer_words(layout, grid)
    if words.size < need:
        raise ValueError("the trace buffer has %d words; a launch of %s CTAs "
                         "needs %d" % (words.size, tuple(grid), need))
    header, record = layout["header_words"], layout["record_words"]
    cap, wpc = layout["capacity"], layout["warps_per_cta"]
    names = layout["names"]
    stride = header + cap * record
    ctas = int(grid[0]) * int(grid[1]) * int(grid[2])
    warps = []
    for c in range(ctas):
        for w in range(wpc):
            base = (c * wpc + w) * stride
            count = int(words[base])
            if count == 0:
                continue
            n = min(count, cap)
            recs = words[base + header: base + header + record * n]
            warps.append((c, w, count, int(words[base + 1]),
                          int(words[base + 2]), int(words[base + 3]),
                          recs.reshape(n, record)))
    t0 = min((wp[3] for wp in warps), default=0)
    clock64 = layout["timer"] == "clock64"

    def to_us(warp, t):
        _, _, _, start_gt, start_clk, _, _ = warp
        if not clock64:
            return (t - t0) / 1000.0
        cycles = t - start_clk
        ns = cycles * 1e9 / clock_hz if clock_hz else cycles
        return (start_gt - t0 + ns) / 1000.0

    events, meta_events = [], []
    seen_pid = set()
    dropped, overflow = 0, {}
    for warp in warps:
        c, w, count, _, _, smid, recs = warp
        pid, tid = c, 2 * w
        if pid not in seen_pid:
            seen_pid.add(pid)
            meta_events.append({"ph": "M", "name": "process_name", "pid": pid,
                                "args": {"name": _cta_name(c, grid)}})
            meta_events.append({"ph": "M", "name": "process_sort_index",
                                "pid": pid, "args": {"sort_index": pid}})
        meta_events.append({"ph": "M", "name": "thread_name", "pid": pid,
                            "tid": tid, "args": {"name": "warp %d" % w}})
        meta_events.append({"ph": "M", "name": "thread_sort_index", "pid": pid,
                            "tid": tid, "args": {"sort_index": tid}})
        if count > cap:
            dropped += count - cap
            overflow["%s warp %d" % (_cta_name(c, grid), w)] = count - cap
        stack, last = [], 0.0
        for t, m in recs:
            ts = to_us(warp, int(t))
            last = max(last, ts)
            kind, idx = int(m) >> 32, int(m) & 0xFFFFFFFF
            name = names[idx] if idx < len(names) else None
            if kind not in (_BEGIN, _END, _MARK) or (name is None and
                                                     idx != _NO_NAME):
                events.append({"ph": "i", "s": "t", "cat": "error",
                               "name": "bad record", "pid": pid, "tid": tid,
                               "ts": ts, "args": {"word": int(m)}})
                continue
            if kind == _BEGIN:
                stack.append((name, ts))
            elif kind == _MARK:
                events.append({"ph": "i", "s": "t", "cat": "mark",
                               "name": name, "pid": pid, "tid": tid, "ts": ts,
                               "args": {"sm": smid}})
            elif not stack or (name is not None and stack[-1][0] != name):
                args = {"sm": smid}
                if name is not None:
                    args["range"] = name
                if stack:
                    args["innermost_open"] = stack[-1][0]
                events.append({"ph": "i", "s": "t", "cat": "error",
                               "name": "unmatched range_end", "pid": pid,
                               "tid": tid, "ts": ts, "args": args})
            else:
                begin_name, begin = stack.pop()
                events.append({"ph": "X", "cat": "range", "name": begin_name,
                               "pid": pid, "tid": tid, "ts": begin,
                               "dur": ts - begin, "args": {"sm": smid}})
        for begin_name, begin in reversed(stack):
            events.append({"ph": "X", "cat": "range", "name": begin_name,
                           "pid": pid, "tid": tid, "ts": begin,
                           "dur": last - begin,
                           "args": {"sm": smid, "open": True}})
    _sort_events(events)
    meta = {"source": "gpu", "kernel": kernel, "clock": layout["timer"],
            "events": len(events), "dropped": dropped,
            "capacity": cap, "overflow": overflow}
    if clock64:
        meta["clock_hz"] = clock_hz
        if not clock_hz:
            meta["note"] = "clock64 cycles are shown as nanoseconds (no clock_hz)"
    return Trace(meta_events + events, meta)


_META_KEYS = {"process_name": "name", "process_sort_index": "sort_index",
              "thread_name": "name", "thread_sort_index": "sort_index"}


def validate_trace(obj):
    """Checks a timeline against the format this project writes (the
    Chrome trace event format's JSON object form, as Perfetto reads it):
    the top-level keys, every event's phase, fields and types, every
    track and process named, and slices on a track properly nested.
    Raises ValueError listing the problems; returns `obj`."""
    problems = []
    if not isinstance(obj, dict):
        raise ValueError("a trace is a JSON object, got %s" % type(obj).__name__)
    events = obj.get("traceEvents")
    if not isinstance(events, list):
        problems.append("'traceEvents' must be a list")
        events = []
    if obj.get("displayTimeUnit") not in ("ns", "ms"):
        problems.append("'displayTimeUnit' must be 'ns' or 'ms'")
    other = obj.get("otherData")
    if not isinstance(other, dict) or other.get("source") not in TRACE_FORMAT_SOURCES:
        problems.append("'otherData' must be an object whose 'source' is one of %s"
                        % (TRACE_FORMAT_SOURCES,))
    num = (int, float)
    named_tracks, named_pids, used = set(), set(), set()
    by_track = {}
    for i, e in enumerate(events):
        where = "event %d" % i
        if not isinstance(e, dict):
            problems.append("%s is not an object" % where)
            continue
        ph = e.get("ph")
        if not isinstance(e.get("pid"), int) or isinstance(e.get("pid"), bool):
            problems.append("%s: 'pid' must be an integer" % where)
            continue
        if ph == "M":
            key = _META_KEYS.get(e.get("name"))
            args = e.get("args")
            if key is None or not isinstance(args, dict) or key not in args:
                problems.append("%s: metadata must be one of %s with args.%s"
                                % (where, sorted(_META_KEYS), key or "name"))
                continue
            if e["name"].startswith("thread"):
                if not isinstance(e.get("tid"), int):
                    problems.append("%s: thread metadata needs a 'tid'" % where)
                elif e["name"] == "thread_name":
                    named_tracks.add((e["pid"], e["tid"]))
            elif e["name"] == "process_name":
                named_pids.add(e["pid"])
            continue
        if ph not in ("X", "i"):
            problems.append("%s: phase %r (this format uses M, X and i)"
                            % (where, ph))
            continue
        if not isinstance(e.get("tid"), int):
            problems.append("%s: 'tid' must be an integer" % where)
            continue
        if not isinstance(e.get("name"), str) or not e["name"]:
            problems.append("%s: 'name' must be a non-empty string" % where)
        ts = e.get("ts")
        if not isinstance(ts, num) or isinstance(ts, bool) or ts < 0 or \
                (isinstance(ts, float) and not math.isfinite(ts)):
            problems.append("%s: 'ts' must be a number >= 0" % where)
            continue
        if not isinstance(e.get("args"), dict):
            problems.append("%s: 'args' must be an object" % where)
        used.add((e["pid"], e["tid"]))
        if ph == "X":
            dur = e.get("dur")
            if not isinstance(dur, num) or isinstance(dur, bool) or dur < 0:
                problems.append("%s: 'dur' must be a number >= 0" % where)
                continue
            if e.get("cat") not in ("range", "wait"):
                problems.append("%s: slice category %r (range or wait)"
                                % (where, e.get("cat")))
            by_track.setdefault((e["pid"], e["tid"]), []).append(
                (ts, ts + dur, e.get("name")))
        else:
            if e.get("s") != "t":
                problems.append("%s: an instant's scope 's' must be 't'" % where)
            if e.get("cat") not in ("mark", "error"):
                problems.append("%s: instant category %r (mark or error)"
                                % (where, e.get("cat")))
    for pid, tid in sorted(used - named_tracks):
        problems.append("track (pid %d, tid %d) has events but no thread_name"
                        % (pid, tid))
    for pid in sorted({p for p, _ in used} - named_pids):
        problems.append("process %d has events but no process_name" % pid)
    eps = 1e-9
    for key, spans in by_track.items():
        spans.sort(key=lambda s: (s[0], -s[1]))
        open_ends = []
        for start, end, name in spans:
            while open_ends and open_ends[-1][0] <= start + eps:
                open_ends.pop()
            if open_ends and end > open_ends[-1][0] + eps:
                problems.append(
                    "track (pid %d, tid %d): slice %r [%g, %g] overlaps %r "
                    "without nesting" % (key[0], key[1], name, start, end,
                                         open_ends[-1][1]))
                break
            open_ends.append((end, name))
    if problems:
        raise ValueError("not a valid trace:\n  " + "\n  ".join(problems[:20]) +
                         ("\n  ... %d more" % (len(problems) - 20)
                          if len(problems) > 20 else ""))
    return obj


def summary_png(trace, path, title=None, max_tracks=24):
    """Draws a trace (a Trace or a JSON file) into a PNG: the timeline of
    its first `max_tracks` tracks (ranges colored by name, waits grey,
    marks as ticks) above each track's total time per range name. Needs
    matplotlib (raises ImportError naming it otherwise)."""
    if not isinstance(trace, Trace):
        trace = Trace.load(trace)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        raise ImportError("Trace.summary_png needs matplotlib (pip install "
                          "matplotlib): %s" % e) from None
    procs, tracks = trace.processes(), trace.tracks()
    keys = sorted({(e["pid"], e["tid"]) for e in trace.events
                   if e["ph"] in ("X", "i")})[:max_tracks]
    label = {k: "%s %s" % (procs.get(k[0], k[0]), tracks.get(k, k[1]))
             for k in keys}
    names = sorted({e["name"] for e in trace.slices("range")})
    cmap = plt.get_cmap("tab10")
    color = {n: cmap(i % 10) for i, n in enumerate(names)}
    unit = "steps" if trace.meta.get("clock") == "step" else "µs"
    fig, (ax, bx) = plt.subplots(
        2, 1, figsize=(11, 2.2 + 0.45 * len(keys) * 2),
        gridspec_kw={"height_ratios": [1.3, 1]})
    row = {k: i for i, k in enumerate(keys)}
    for e in trace.slices():
        k = (e["pid"], e["tid"])
        if k not in row:
            continue
        wait = e["cat"] == "wait"
        ax.broken_barh([(e["ts"], max(e["dur"], 1e-9))], (row[k] - 0.4, 0.8),
                       facecolors="0.75" if wait else color[e["name"]],
                       edgecolors="0.3", linewidth=0.4,
                       hatch="//" if wait else None)
    for e in trace.instants():
        k = (e["pid"], e["tid"])
        if k in row:
            ax.plot([e["ts"]], [row[k]], marker="|", markersize=12,
                    color="red" if e["cat"] == "error" else "black")
    ax.set_yticks(range(len(keys)))
    ax.set_yticklabels([label[k] for k in keys], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("time (%s)" % unit)
    handles = [plt.Rectangle((0, 0), 1, 1, color=color[n]) for n in names]
    if trace.slices("wait"):
        handles.append(plt.Rectangle((0, 0), 1, 1, facecolor="0.75",
                                     hatch="//"))
    ax.legend(handles, names + (["wait"] if trace.slices("wait") else []),
              fontsize=8, loc="upper left", bbox_to_anchor=(1.005, 1.0))
    ax.set_title(title or "%s (%s)" % (trace.meta.get("kernel") or "trace",
                                       trace.meta.get("source", "")))
    # Totals per track and range name (waits included).
    totals = trace.summary()
    rows = [k for k in keys if any(e["pid"] == k[0] and e["tid"] == k[1]
                                   for e in trace.slices())]
    left = [0.0] * len(rows)
    for n in names:
        vals = [totals.get((procs.get(k[0], str(k[0])),
                            tracks.get(k, str(k[1]))), {}).get(n, 0) for k in rows]
        bx.barh(range(len(rows)), vals, left=left, color=color[n], label=n)
        left = [a + b for a, b in zip(left, vals)]
    waits = [sum(v for n, v in totals.get((procs.get(k[0], str(k[0])),
                                           tracks.get(k, str(k[1]))), {}).items()
                 if n.startswith("wait ")) for k in rows]
    if any(waits):
        bx.barh(range(len(rows)), waits, left=left, color="0.75", hatch="//",
                label="waits")
    bx.set_yticks(range(len(rows)))
    bx.set_yticklabels([label[k] for k in rows], fontsize=8)
    bx.invert_yaxis()
    bx.set_xlabel("total time per track (%s)" % unit)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


# ---------------------------------------------------------------------------
# Timing and the GPU launch
# ---------------------------------------------------------------------------

class ProfileResult:
    """What :func:`profile` measured: ``times_ms`` (every timed call) with
    ``min_ms`` / ``median_ms`` / ``max_ms``, ``tflops`` / ``gbps`` when
    FLOPs / bytes were given (from the median), and for a trace ``trace``
    (a :class:`Trace`), ``trace_path`` and ``png_path``."""

    def __init__(self, name, times_ms=(), flops=None, bytes=None, trace=None,
                 trace_path=None, png_path=None, target=None):
        self.name = name
        self.times_ms = list(times_ms)
        self.flops = flops
        self.bytes = bytes
        self.trace = trace
        self.trace_path = trace_path
        self.png_path = png_path
        self.target = target

    def _stat(self, fn):
        return fn(self.times_ms) if self.times_ms else None

    min_ms = property(lambda self: self._stat(min))
    max_ms = property(lambda self: self._stat(max))
    median_ms = property(lambda self: self._stat(statistics.median))

    @property
    def tflops(self):
        if not self.flops or not self.median_ms:
            return None
        return self.flops / (self.median_ms * 1e-3) / 1e12

    @property
    def gbps(self):
        if not self.bytes or not self.median_ms:
            return None
        return self.bytes / (self.median_ms * 1e-3) / 1e9

    def __repr__(self):
        parts = []
        if self.times_ms:
            parts.append("median %.4f ms (min %.4f, max %.4f, %d runs)"
                         % (self.median_ms, self.min_ms, self.max_ms,
                            len(self.times_ms)))
        if self.tflops is not None:
            parts.append("%.1f TFLOP/s" % self.tflops)
        if self.gbps is not None:
            parts.append("%.1f GB/s" % self.gbps)
        if self.trace is not None:
            parts.append("trace %s" % (self.trace_path or repr(self.trace)))
        return "%s: %s" % (self.name, ", ".join(parts) or "nothing measured")


class _Framework:
    """CUDA memory, events and the L2 size through the tensors' framework."""

    def __init__(self, name, mod):
        self.name, self.mod = name, mod

    @staticmethod
    def of(args):
        from .runtime.launcher import tensor_info
        names = set()
        for a in args:
            if hasattr(a, "__dlpack__"):
                try:
                    info = tensor_info(a)
                except Exception:
                    continue
                if info is not None and getattr(info, "framework", None):
                    names.add(info.framework)
        for name in ("torch", "cupy"):
            if name in names and name in sys.modules:
                return _Framework(name, sys.modules[name])
        raise TypeError(
            "tirx.profile times and traces kernels through the CUDA events and "
            "memory of the arguments' framework: pass PyTorch or CuPy tensors "
            "(got %s)" % ", ".join(sorted({type(a).__name__ for a in args})
                                   or ["no arguments"]))

    def zeros_i64(self, n):
        if self.name == "torch":
            return self.mod.zeros(int(n), dtype=self.mod.int64, device="cuda")
        return self.mod.zeros(int(n), dtype=self.mod.int64)

    def to_numpy(self, t):
        if self.name == "torch":
            return t.cpu().numpy()
        return self.mod.asnumpy(t)

    def flush_buffer(self):
        if self.name == "torch":
            props = self.mod.cuda.get_device_properties(0)
            l2 = getattr(props, "L2_cache_size", 0) or 64 << 20
            return self.mod.empty(2 * l2, dtype=self.mod.uint8, device="cuda")
        l2 = self.mod.cuda.Device().attributes.get("L2CacheSize", 64 << 20)
        return self.mod.empty(2 * l2, dtype=self.mod.uint8)

    def zero(self, buf):
        if self.name == "torch":
            buf.zero_()
        else:
            buf.fill(0)

    def events(self):
        if self.name == "torch":
            E = self.mod.cuda.Event
            return E(enable_timing=True), E(enable_timing=True)
        return self.mod.cuda.Event(), self.mod.cuda.Event()

    def elapsed_ms(self, start, end):
        end.synchronize()
        if self.name == "torch":
            return start.elapsed_time(end)
        return self.mod.cuda.get_elapsed_time(start, end)

    def synchronize(self):
        if self.name == "torch":
            self.mod.cuda.synchronize()
        else:
            self.mod.cuda.Device().synchronize()


def _time_calls(fw, fn, warmup, repeats, flush_l2):
    for _ in range(warmup):
        fn()
    flush = fw.flush_buffer() if flush_l2 else None
    times = []
    for _ in range(repeats):
        if flush is not None:
            fw.zero(flush)
        start, end = fw.events()
        start.record()
        fn()
        end.record()
        times.append(float(fw.elapsed_ms(start, end)))
    return times


def _chip_of_device():
    """The target chip of GPU 0 (sm_90a for compute capability 9.0, ...)."""
    from .runtime.launcher import RuntimeLibrary, find_runtime_library
    rt = RuntimeLibrary.get(find_runtime_library())
    rt.init(0)
    major, minor = rt.device_info(0)["compute_capability"]
    chip = "sm_%d%d" % (major, minor)
    from .compiler import supported_chips
    chips = supported_chips()
    for c in (chip + "a", chip):
        if c in chips:
            return c
    raise ValueError("GPU 0 has compute capability %d.%d, which no target of "
                     "this compiler matches (%s): pass target="
                     % (major, minor, ", ".join(chips)))


def _is_source(kernel):
    from . import ir
    return isinstance(kernel, (str, os.PathLike, ir.Module, ir.Operation)) or \
        type(kernel).__module__.startswith("tirx.script")


def _kernel_name(kernel, default="kernel"):
    return getattr(kernel, "name", None) or getattr(kernel, "__name__", None) \
        or default


def profile(kernel, *args, trace=False, target=None, warmup=10, repeats=50,
            flush_l2=True, flops=None, bytes=None, png=None, capacity=4096,
            timer="globaltimer", clock_hz=None, seed=0, **kwargs):
    """Times `kernel` on `args`, or traces it (see the module docstring).

    `kernel`: a built kernel (``tirx.build``), any callable that launches
    (timing only), or source (``@T.prim_func``, a module, MLIR text), which
    is built for `target` (default: the chip of GPU 0). `trace`: True (the
    timeline goes to ``<kernel>.trace.json``) or the path of the JSON;
    `png`: a path for the summary picture (needs matplotlib). With
    ``target="sim"`` the traced kernel runs in the simulator over NumPy
    arrays (`seed` seeds its schedule). Returns a :class:`ProfileResult`.
    """
    name = _kernel_name(kernel)
    if trace is False or trace is None:
        if target == "sim":
            raise ValueError("the simulator has no timing: tirx.profile(..., "
                             "target='sim') needs trace=True")
        if png is not None:
            raise ValueError("png= draws a trace: pass trace=True as well")
        if _is_source(kernel):
            from .runtime.cached_build import build
            kernel = build(kernel, target=target or _chip_of_device())
        if not callable(kernel):
            raise TypeError("tirx.profile needs a kernel to call, got %s"
                            % type(kernel).__name__)
        fw = _Framework.of(args)
        times = _time_calls(fw, lambda: kernel(*args, **kwargs), warmup,
                            repeats, flush_l2)
        return ProfileResult(name, times, flops=flops, bytes=bytes,
                             target=target)

    if not _is_source(kernel):
        raise TypeError("tracing instruments the kernel's source: pass the "
                        "@T.prim_func, module or MLIR text, not a built %s"
                        % type(kernel).__name__)
    path = trace if isinstance(trace, (str, os.PathLike)) else "%s.trace.json" % name
    inst = instrument(kernel, capacity=capacity, timer=timer)
    func = next(iter(inst.layouts)) if len(inst.layouts) == 1 else None
    layout = inst.layout(func)
    if target == "sim":
        buf, grid = _trace_in_simulator(inst, func, args, layout, seed)
    else:
        buf, grid = _trace_on_gpu(inst, args, kwargs, layout, target)
    tr = decode_trace(buf, layout, grid, kernel=func or name, clock_hz=clock_hz)
    if target == "sim":
        tr.meta["source_note"] = "simulator: the timer counts operations"
    tr.write(path)
    png_path = summary_png(tr, png) if png is not None else None
    if not tr.slices() and not tr.instants():
        import warnings
        warnings.warn("tirx.profile: the launch recorded no trace events (did "
                      "the kernel run?)", RuntimeWarning, stacklevel=2)
    return ProfileResult(name, trace=tr, trace_path=os.fspath(path),
                         png_path=png_path, target=target)


def _trace_in_simulator(inst, func, args, layout, seed):
    import numpy as np
    from . import ir, sim
    with ir.Context():
        module = ir.Module.parse(inst.text)
        k = sim.Kernel(module, func=func)
        grid, _, _ = k.launch
        if any(g == 0 for g in grid):
            raise ValueError("the simulator cannot size the trace buffer of a "
                             "grid computed on the host; give the kernel a "
                             "static grid")
        buf = np.zeros(buffer_words(layout, grid), dtype=np.int64)
        k(*args, buf, seed=seed)
    return buf, grid


def _trace_on_gpu(inst, args, kwargs, layout, target):
    from .runtime.cached_build import build
    pkg = build(inst.text, target=target or _chip_of_device())
    fw = _Framework.of(args)
    kw = dict(kwargs)
    kw[TRACE_PARAM] = fw.zeros_i64(1)
    grid = pkg.launch_config(*args, **kw)["grid"]
    buf = fw.zeros_i64(buffer_words(layout, grid))
    kw[TRACE_PARAM] = buf
    pkg(*args, **kw)           # warm-up: module load, caches
    fw.synchronize()
    fw.zero(buf)
    pkg(*args, **kw)
    fw.synchronize()
    return fw.to_numpy(buf), grid
