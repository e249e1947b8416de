//===- Async.cpp - The asynchronous engine ----------------------*- C++ -*-===//
//
// Asynchronous operations (cp.async, bulk copies, TMA, MMA completion,
// arrive-on-completion) are queued when issued and complete later: at a
// scheduling point, chosen by the seeded scheduler; when their issuer waits
// for them (wait_group); or when no thread can run. Each carries the vector
// clock of its issuer's asynchronous agent at issue, so its memory effects
// are ordered after what the issuer did before issuing it, and before what
// acquires its completion (an mbarrier wait, a wait_group).
//
//===----------------------------------------------------------------------===//

#include "Exec.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;

uint32_t ClusterExec::issue(Thread &t, std::unique_ptr<AsyncOp> op,
                            uint32_t loc) {
  uint32_t id = static_cast<uint32_t>(asyncOps.size());
  op->id = id;
  op->issuer = t.idx;
  op->loc = loc;
  if (vcWidth) {
    uint32_t a = agentOf(t);
    uint32_t *row = vc(a);
    join(row, vc(t.idx));
    ++row[a];
    op->agentClock = row[a];
    op->vc.assign(row, row + vcWidth);
    if (op->splitWrites)
      ++row[a];
    op->writeClock = row[a];
    // The issuer moves on: what it does after the issue is not ordered
    // before the operation's accesses (its own read of an in-flight
    // destination is a race).
    tick(t);
  }
  opEpochs.push_back({agentOf(t), op->agentClock});
  opWriteClocks.push_back(op->writeClock);
  opWaited.push_back(0);
  opLocs.push_back(loc);
  if (op->readsCta >= 0) {
    if (smemReaders.size() < ctas.size())
      smemReaders.resize(ctas.size());
    smemReaders[op->readsCta].push_back(id);
  }
  asyncOps.push_back(std::move(op));
  pending.push_back(id);
  return id;
}

uint32_t ClusterExec::issueJoined(ArrayRef<Thread *> group,
                                  std::unique_ptr<AsyncOp> op, uint32_t loc) {
  Thread *first = nullptr;
  for (Thread *p : group)
    if (p) {
      if (!first)
        first = p;
      else if (vcWidth)
        join(vc(agentOf(*first)), vc(p->idx));
    }
  uint32_t id = issue(*first, std::move(op), loc);
  for (Thread *p : group)
    if (p && p != first)
      tick(*p);
  return id;
}

Step ClusterExec::waitGroups(Thread &t, std::deque<AsyncGroup> &groups,
                             std::vector<uint32_t> *open, uint32_t n,
                             bool readsOnly) {
  std::vector<uint32_t> ids;
  while (groups.size() > n) {
    ids.insert(ids.end(), groups.front().ops.begin(),
               groups.front().ops.end());
    groups.pop_front();
  }
  if (open) {
    ids.insert(ids.end(), open->begin(), open->end());
    open->clear();
  }
  for (uint32_t id : ids)
    opWaited[id] = 1;
  if (!forceComplete(ids))
    return Step::Fail;
  if (vcWidth) {
    uint32_t *v = vc(t.idx);
    for (uint32_t id : ids) {
      auto [agent, clock] = opEpochs[id];
      if (!readsOnly)
        clock = opWriteClocks[id];
      v[agent] = std::max(v[agent], clock);
    }
  }
  return Step::Next;
}

Accessor ClusterExec::agentAccessor(AsyncOp &o, const char *what,
                                    bool write) {
  Accessor a;
  a.who = agentOf(threads[o.issuer]);
  a.vc = o.vc.empty() ? nullptr : o.vc.data();
  a.clock = write ? o.writeClock : o.agentClock;
  a.op = o.loc;
  a.thread = &threads[o.issuer];
  a.async = true;
  a.what = what;
  return a;
}

bool ClusterExec::completeOp(uint32_t id) {
  if (isDone(id))
    return true;
  for (uint32_t dep : std::vector<uint32_t>(asyncOps[id]->after))
    if (!completeOp(dep))
      return false;
  std::unique_ptr<AsyncOp> op = std::move(asyncOps[id]);
  pending.erase(std::find(pending.begin(), pending.end(), id));
  op->done = true;
  ++m.asyncOps;
  ++syncEpoch;
  const AsyncOp *outer = completing;
  completing = op.get();
  bool ok = op->complete(*this);
  completing = outer;
  return ok && !m.stop;
}

bool ClusterExec::progressAsync(bool all) {
  (void)all;
  if (pending.empty())
    return true;
  size_t i = rng() % pending.size();
  return completeOp(pending[i]);
}

bool ClusterExec::forceComplete(const std::vector<uint32_t> &ids) {
  std::vector<uint32_t> todo;
  for (uint32_t id : ids)
    if (!isDone(id))
      todo.push_back(id);
  std::shuffle(todo.begin(), todo.end(), rng);
  for (uint32_t id : todo)
    if (!completeOp(id))
      return false;
  return true;
}
