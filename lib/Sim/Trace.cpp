//===- Trace.cpp - The simulator's trace as Perfetto JSON -------*- C++ -*-===//
//
// TraceRecorder turns the per-thread events of a run into per-warp tracks
// and writes them in the Chrome trace event format (JSON), which Perfetto
// and chrome://tracing open: one process per CTA, and per warp a track of
// its ranges (complete "X" events) and marks (instant "i" events) and a
// track of its waits. Time is logical: one unit ("µs" in the viewer) per
// operation the launch executed. docs/Profiling.md describes the format;
// python/tirx/profile writes the GPU's traces in the same one.
//
//===----------------------------------------------------------------------===//

#include "TIRx/Sim/Simulator.h"

#include "mlir/IR/Location.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <tuple>

using namespace mlir;
using namespace mlir::tirx::sim;

TraceSink::~TraceSink() = default;

namespace {

/// "file:line:col" of the op's location: its last file location, which
/// for an op of an inlined helper (a call-site chain) is the outermost call
/// site -- the author's line, not the helper's.
std::string describeLoc(Operation *op) {
  if (!op)
    return "";
  std::string out;
  op->getLoc()->walk([&](Location l) {
    if (auto f = dyn_cast<FileLineColRange>(l))
      out = (llvm::sys::path::filename(f.getFilename().getValue()) + ":" +
             Twine(f.getStartLine()) + ":" + Twine(f.getStartColumn()))
                .str();
    return WalkResult::advance();
  });
  return out;
}

/// One output event (a slice, or an instant when `instant`).
struct Out {
  uint64_t pid = 0;
  uint32_t tid = 0;
  uint64_t ts = 0, dur = 0;
  bool instant = false;
  std::string cat, name;
  std::vector<std::pair<std::string, llvm::json::Value>> args;
};

/// A slice [ts, ts + dur) of category `cat` on track (pid, tid).
Out slice(uint64_t pid, uint32_t tid, uint64_t ts, uint64_t dur,
          const char *cat, std::string name, std::string loc) {
  Out o;
  o.pid = pid;
  o.tid = tid;
  o.ts = ts;
  o.dur = dur;
  o.cat = cat;
  o.name = std::move(name);
  o.args.push_back({"loc", std::move(loc)});
  return o;
}

/// An instant at ts.
Out instant(uint64_t pid, uint32_t tid, uint64_t ts, const char *cat,
            std::string name, std::string loc) {
  Out o = slice(pid, tid, ts, 0, cat, std::move(name), std::move(loc));
  o.instant = true;
  return o;
}

struct OpenRange {
  std::string name;
  uint64_t begin;
  std::string loc;
};

struct WarpTrack {
  uint32_t ctaId[3] = {0, 0, 0};
  /// Range events recorded for the warp so far.
  uint64_t recorded = 0;
  std::vector<OpenRange> open;
  /// Threads of the warp blocked now, and the wait being shown.
  uint32_t blocked = 0;
  uint64_t waitBegin = 0;
  std::string waitName, waitDetail, waitLoc;
  uint64_t lastTime = 0;
};

} // namespace

struct TraceRecorder::Impl {
  uint64_t maxEvents;
  uint64_t dropped = 0;
  std::vector<Out> out;
  /// (cta, warp) -> track.
  std::map<std::pair<uint64_t, uint32_t>, WarpTrack> warps;
  /// (cta, thread) -> range events the thread executed.
  llvm::DenseMap<std::pair<uint64_t, uint32_t>, uint64_t> threadEvents;

  void emit(Out o) {
    if (out.size() >= maxEvents) {
      ++dropped;
      return;
    }
    out.push_back(std::move(o));
  }
};

TraceRecorder::TraceRecorder(uint64_t maxEvents)
    : impl(std::make_unique<Impl>()) {
  impl->maxEvents = maxEvents;
}
TraceRecorder::~TraceRecorder() = default;
uint64_t TraceRecorder::numEvents() const { return impl->out.size(); }
uint64_t TraceRecorder::numDropped() const { return impl->dropped; }

void TraceRecorder::event(const TraceEvent &e) {
  uint32_t warp = e.thread / 32;
  WarpTrack &w = impl->warps[{e.cta, warp}];
  std::copy(e.ctaId, e.ctaId + 3, w.ctaId);
  w.lastTime = std::max(w.lastTime, e.time);
  uint32_t rangeTid = 2 * warp, waitTid = 2 * warp + 1;
  switch (e.kind) {
  case TraceEvent::Kind::WaitBegin:
    if (w.blocked++ == 0) {
      w.waitBegin = e.time;
      w.waitName = "wait " + e.name;
      w.waitDetail = e.detail;
      w.waitLoc = describeLoc(e.op);
    }
    return;
  case TraceEvent::Kind::WaitEnd: {
    if (w.blocked == 0 || --w.blocked != 0)
      return;
    Out o = slice(e.cta, waitTid, w.waitBegin, e.time - w.waitBegin, "wait",
                  w.waitName, w.waitLoc);
    if (!w.waitDetail.empty())
      o.args.push_back({"on", w.waitDetail});
    impl->emit(std::move(o));
    return;
  }
  default:
    break;
  }
  // Range events: the warp's n-th one is the first n-th of its threads.
  uint64_t &mine = impl->threadEvents[{e.cta, e.thread}];
  uint64_t index = mine++;
  if (index != w.recorded)
    return;
  ++w.recorded;
  std::string loc = describeLoc(e.op);
  if (e.kind == TraceEvent::Kind::RangeBegin) {
    w.open.push_back(OpenRange{e.name, e.time, loc});
    return;
  }
  if (e.kind == TraceEvent::Kind::Mark) {
    impl->emit(instant(e.cta, rangeTid, e.time, "mark", e.name, loc));
    return;
  }
  // An end closes the innermost open range (with a name: of that name).
  if (w.open.empty() || (!e.name.empty() && w.open.back().name != e.name)) {
    Out o = instant(e.cta, rangeTid, e.time, "error", "unmatched range_end",
                    loc);
    if (!e.name.empty())
      o.args.push_back({"range", e.name});
    if (!w.open.empty())
      o.args.push_back({"innermost_open", w.open.back().name});
    impl->emit(std::move(o));
    return;
  }
  OpenRange r = std::move(w.open.back());
  w.open.pop_back();
  impl->emit(slice(e.cta, rangeTid, r.begin, e.time - r.begin, "range",
                   std::move(r.name), std::move(r.loc)));
}

void TraceRecorder::writeJSON(llvm::raw_ostream &os, StringRef kernel,
                              uint64_t seed) const {
  std::vector<Out> events = impl->out;
  // What is still open at the end: ranges close at the warp's last event,
  // waits at the last event of the run (a deadlock's blocked threads).
  uint64_t end = 0;
  for (auto &[key, w] : impl->warps)
    end = std::max(end, w.lastTime);
  for (auto &[key, w] : impl->warps) {
    for (auto it = w.open.rbegin(); it != w.open.rend(); ++it) {
      Out o = slice(key.first, 2 * key.second, it->begin,
                    w.lastTime - it->begin, "range", it->name, it->loc);
      o.args.push_back({"open", true});
      events.push_back(std::move(o));
    }
    if (w.blocked) {
      Out o = slice(key.first, 2 * key.second + 1, w.waitBegin,
                    end - w.waitBegin, "wait", w.waitName, w.waitLoc);
      if (!w.waitDetail.empty())
        o.args.push_back({"on", w.waitDetail});
      o.args.push_back({"unfinished", true});
      events.push_back(std::move(o));
    }
  }
  std::stable_sort(events.begin(), events.end(), [](const Out &a,
                                                    const Out &b) {
    return std::make_tuple(a.pid, a.tid, a.ts, ~a.dur) <
           std::make_tuple(b.pid, b.tid, b.ts, ~b.dur);
  });

  llvm::json::OStream j(os, 1);
  j.objectBegin();
  j.attributeBegin("traceEvents");
  j.arrayBegin();
  auto meta = [&](StringRef name, uint64_t pid, std::optional<uint32_t> tid,
                  StringRef key, llvm::json::Value value) {
    j.objectBegin();
    j.attribute("ph", "M");
    j.attribute("name", name);
    j.attribute("pid", static_cast<int64_t>(pid));
    if (tid)
      j.attribute("tid", static_cast<int64_t>(*tid));
    j.attributeObject("args", [&] { j.attribute(key, std::move(value)); });
    j.objectEnd();
  };
  uint64_t lastPid = ~uint64_t(0);
  for (auto &[key, w] : impl->warps) {
    if (key.first != lastPid) {
      lastPid = key.first;
      std::string name = "CTA (" + std::to_string(w.ctaId[0]) + ", " +
                         std::to_string(w.ctaId[1]) + ", " +
                         std::to_string(w.ctaId[2]) + ")";
      meta("process_name", key.first, std::nullopt, "name", name);
      meta("process_sort_index", key.first, std::nullopt, "sort_index",
           static_cast<int64_t>(key.first));
    }
    for (int waits = 0; waits < 2; ++waits) {
      uint32_t tid = 2 * key.second + waits;
      std::string name = "warp " + std::to_string(key.second) +
                         (waits ? " waits" : "");
      meta("thread_name", key.first, tid, "name", name);
      meta("thread_sort_index", key.first, tid, "sort_index",
           static_cast<int64_t>(tid));
    }
  }
  for (const Out &o : events) {
    j.objectBegin();
    j.attribute("ph", o.instant ? "i" : "X");
    j.attribute("cat", o.cat);
    j.attribute("name", o.name);
    j.attribute("pid", static_cast<int64_t>(o.pid));
    j.attribute("tid", static_cast<int64_t>(o.tid));
    j.attribute("ts", static_cast<int64_t>(o.ts));
    if (o.instant)
      j.attribute("s", "t");
    else
      j.attribute("dur", static_cast<int64_t>(o.dur));
    j.attributeObject("args", [&] {
      for (const auto &[k, v] : o.args)
        j.attribute(k, v);
    });
    j.objectEnd();
  }
  j.arrayEnd();
  j.attributeEnd();
  j.attribute("displayTimeUnit", "ns");
  j.attributeObject("otherData", [&] {
    j.attribute("source", "tirx-sim");
    j.attribute("kernel", kernel);
    j.attribute("clock", "step");
    j.attribute("seed", static_cast<int64_t>(seed));
    j.attribute("events", static_cast<int64_t>(events.size()));
    j.attribute("dropped", static_cast<int64_t>(impl->dropped));
  });
  j.objectEnd();
  os << "\n";
}
