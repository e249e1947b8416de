//===- MMA.cpp - ldmatrix, stmatrix, mma.sync, wgmma ------------*- C++ -*-===//
//
// Warp-level matrix ops run once all 32 lanes arrive; wgmma.mma_async once
// all 128 threads of the warpgroup do. Fragments follow the PTX register
// layouts (groupID = lane / 4, threadID_in_group = lane % 4). Products are
// exact and summed in double, then rounded once to the accumulator type.
//
// wgmma reads its shared-memory operands when issued, as the warpgroup's
// asynchronous agent (so generic-proxy writes need fence.proxy.async before
// it, and writes after it need wgmma.wait_group), and writes the
// accumulator registers at issue: reading them before wgmma.wait_group is
// not detected.
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"
#include "Exec.h"
#include "MMACommon.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;

namespace {

inline uint8_t *regBytes(Thread *t, uint32_t slot) {
  return reinterpret_cast<uint8_t *>(t->R() + slot);
}

//===----------------------------------------------------------------------===//
// ldmatrix / stmatrix (m8n8, b16)
//===----------------------------------------------------------------------===//

struct MatrixCopy : ExtOp {
  bool store = false, trans = false;
  unsigned num = 1;
  uint32_t ptr, vals; // vals: result (ldmatrix) or operand (stmatrix)
  unsigned collectiveWidth() const override { return 32; }
  const char *name() const override { return store ? "stmatrix" : "ldmatrix"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    return ex.arriveCollective(t, I, *this);
  }
  Step execCollective(ClusterExec &ex, const Inst &I,
                      ArrayRef<Thread *> lanes) override {
    // M[i][r][c]: element c of row r of matrix i.
    uint16_t M[4][8][8];
    if (store) {
      for (unsigned l = 0; l < 32; ++l)
        for (unsigned i = 0; i < num; ++i) {
          uint8_t *reg = regBytes(lanes[l], vals) + 4 * i;
          uint16_t lo, hi;
          std::memcpy(&lo, reg, 2);
          std::memcpy(&hi, reg + 2, 2);
          unsigned r = l / 4, c = 2 * (l % 4);
          if (trans) {
            M[i][c][r] = lo;
            M[i][c + 1][r] = hi;
          } else {
            M[i][r][c] = lo;
            M[i][r][c + 1] = hi;
          }
        }
    }
    for (unsigned i = 0; i < num; ++i)
      for (unsigned r = 0; r < 8; ++r) {
        Thread *p = lanes[8 * i + r];
        uint64_t addr = p->R()[ptr];
        uint8_t *mem =
            ex.access(*p, I.loc, addr, 16, 16, Scope::Shared,
                      store ? Access::Write : Access::Read);
        if (!mem)
          return Step::Fail;
        if (store)
          std::memcpy(mem, M[i][r], 16);
        else
          std::memcpy(M[i][r], mem, 16);
      }
    if (!store) {
      for (unsigned l = 0; l < 32; ++l)
        for (unsigned i = 0; i < num; ++i) {
          unsigned r = l / 4, c = 2 * (l % 4);
          uint16_t lo = trans ? M[i][c][r] : M[i][r][c];
          uint16_t hi = trans ? M[i][c + 1][r] : M[i][r][c + 1];
          uint8_t *reg = regBytes(lanes[l], vals) + 4 * i;
          std::memcpy(reg, &lo, 2);
          std::memcpy(reg + 2, &hi, 2);
        }
    }
    return Step::Next;
  }
};

//===----------------------------------------------------------------------===//
// mma.sync
//===----------------------------------------------------------------------===//

/// Fragment coordinates of the m16n8kK and m8n8kK shapes.
struct Fragments {
  unsigned m, n, k;
  unsigned aBytes, accBytes; // element sizes
  /// Row and column of element `e` (in byte order of the lane's fragment).
  void a(unsigned lane, unsigned e, unsigned &row, unsigned &col) const {
    unsigned g = lane / 4, t = lane % 4, p = 4 / aBytes;
    if (m == 8) {
      row = g;
      col = aBytes == 8 ? t : t * p + e;
      return;
    }
    unsigned r = e / p, j = e % p;
    row = g + 8 * (r & 1);
    col = (r >> 1) * 4 * p + t * p + j;
  }
  void b(unsigned lane, unsigned e, unsigned &kk, unsigned &col) const {
    unsigned g = lane / 4, t = lane % 4, p = 4 / aBytes;
    col = g;
    if (aBytes == 8) {
      kk = t;
      return;
    }
    unsigned r = e / p, j = e % p;
    kk = r * 4 * p + t * p + j;
  }
  void c(unsigned lane, unsigned e, unsigned &row, unsigned &col) const {
    unsigned g = lane / 4, t = lane % 4;
    row = g + 8 * (e >> 1);
    col = t * 2 + (e & 1);
  }
  unsigned aElems() const { return m * k / 32; }
  unsigned bElems() const { return k * n / 32; }
  unsigned cElems() const { return m * n / 32; }
};

struct MmaSync : ExtOp {
  uint32_t a, b, c, result;
  Fragments f;
  ptx::MMAType typeA, typeB, typeD;
  bool satfinite = false;
  unsigned collectiveWidth() const override { return 32; }
  const char *name() const override { return "mma.sync"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    return ex.arriveCollective(t, I, *this);
  }
  Step execCollective(ClusterExec &, const Inst &,
                      ArrayRef<Thread *> lanes) override {
    std::vector<double> A(f.m * f.k), B(f.k * f.n), C(f.m * f.n);
    for (unsigned l = 0; l < 32; ++l) {
      uint8_t *ra = regBytes(lanes[l], a), *rb = regBytes(lanes[l], b),
              *rc = regBytes(lanes[l], c);
      for (unsigned e = 0; e < f.aElems(); ++e) {
        unsigned row, col;
        f.a(l, e, row, col);
        A[row * f.k + col] =
            mmaValue(typeA, loadBits(ra + e * f.aBytes, f.aBytes));
      }
      for (unsigned e = 0; e < f.bElems(); ++e) {
        unsigned kk, col;
        f.b(l, e, kk, col);
        B[kk * f.n + col] =
            mmaValue(typeB, loadBits(rb + e * f.aBytes, f.aBytes));
      }
      for (unsigned e = 0; e < f.cElems(); ++e) {
        unsigned row, col;
        f.c(l, e, row, col);
        C[row * f.n + col] =
            mmaValue(typeD, loadBits(rc + e * f.accBytes, f.accBytes));
      }
    }
    for (unsigned l = 0; l < 32; ++l) {
      uint8_t out[64];
      for (unsigned e = 0; e < f.cElems(); ++e) {
        unsigned row, col;
        f.c(l, e, row, col);
        double s = C[row * f.n + col];
        for (unsigned kk = 0; kk < f.k; ++kk)
          s += A[row * f.k + kk] * B[kk * f.n + col];
        uint64_t bits = mmaAccBits(typeD, s, satfinite);
        std::memcpy(out + e * f.accBytes, &bits, f.accBytes);
      }
      std::memcpy(regBytes(lanes[l], result), out,
                  f.cElems() * f.accBytes);
    }
    return Step::Next;
  }
};

//===----------------------------------------------------------------------===//
// wgmma
//===----------------------------------------------------------------------===//

/// Completes nothing: the operand reads happened at issue. Waiting for it
/// (wgmma.wait_group) acquires the agent's clock, ordering the reads before
/// later writes to the operands.
struct WgmmaDone : AsyncOp {
  bool complete(ClusterExec &) override { return true; }
};

struct WgmmaMma : ExtOp {
  uint32_t a, b, d, scaleD, result;
  bool aInRegs = false, transA = false, transB = false, satfinite = false;
  int negA = 1, negB = 1;
  unsigned n = 0, k = 0;
  ptx::MMAType typeA, typeB, typeD;
  unsigned collectiveWidth() const override { return 128; }
  const char *name() const override { return "wgmma.mma_async"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    return ex.arriveCollective(t, I, *this);
  }
  Step execCollective(ClusterExec &ex, const Inst &I,
                      ArrayRef<Thread *> threads) override {
    Thread *first = threads[0];
    for (Thread *p : threads)
      if (p->R()[b] != first->R()[b] ||
          (!aInRegs && p->R()[a] != first->R()[a]) ||
          ((p->R()[scaleD] ^ first->R()[scaleD]) & 1)) {
        ex.error(I.loc) << ex.describe(*p)
                        << " passes wgmma.mma_async a different descriptor "
                           "or scale-d than the rest of its warpgroup";
        return Step::Fail;
      }
    unsigned eb = mmaInputBytes(typeA);
    unsigned accBytes = mmaInputBytes(typeD);
    const unsigned M = 64;
    std::vector<double> A(M * k), B(k * n), D(M * n, 0.0);
    auto issue = std::make_unique<WgmmaDone>();
    uint32_t id = ex.issueJoined(threads, std::move(issue), I.loc);
    auto op = ex.opEpochs[id];
    Accessor acc;
    acc.who = op.first;
    acc.clock = op.second;
    acc.vc = ex.vcWidth ? ex.vc(op.first) : nullptr;
    acc.op = I.loc;
    acc.thread = first;
    acc.async = true;
    acc.what = "wgmma";
    auto readOperand = [&](uint64_t desc, bool kMajor, unsigned rows,
                           ptx::MMAType type, std::vector<double> &out,
                           bool isB, int neg) -> bool {
      SmemDesc sd = decodeWgmmaDesc(desc);
      for (unsigned mn = 0; mn < rows; ++mn)
        for (unsigned kk = 0; kk < k; ++kk) {
          uint64_t addr = smemElementOffset(sd, kMajor, eb, mn, kk);
          uint8_t *p = ex.accessAs(acc, addr, eb, 1, Scope::Shared,
                                   Access::Read, first->cta);
          if (!p)
            return false;
          double v = neg * mmaValue(type, loadBits(p, eb));
          if (isB)
            out[kk * n + mn] = v;
          else
            out[mn * k + kk] = v;
        }
      return true;
    };
    if (aInRegs) {
      // The m16nNkK A fragment of each warp, rows offset by 16 per warp.
      unsigned p = 4 / eb;
      for (unsigned tid = 0; tid < 128; ++tid) {
        uint8_t *ra = regBytes(threads[tid], a);
        unsigned w = tid / 32, lane = tid % 32, g = lane / 4, t4 = lane % 4;
        for (unsigned e = 0; e < 4 * p; ++e) {
          unsigned r = e / p, j = e % p;
          unsigned row = 16 * w + g + 8 * (r & 1);
          unsigned col = (r >> 1) * 4 * p + t4 * p + j;
          A[row * k + col] = negA * mmaValue(typeA, loadBits(ra + e * eb, eb));
        }
      }
    } else if (!readOperand(first->R()[a], !transA, M, typeA, A, false,
                            negA)) {
      return Step::Fail;
    }
    if (!readOperand(first->R()[b], !transB, n, typeB, B, true, negB))
      return Step::Fail;
    bool accumulate = first->R()[scaleD] & 1;
    auto dCoord = [&](unsigned tid, unsigned e, unsigned &row,
                      unsigned &col) {
      unsigned w = tid / 32, lane = tid % 32, g = lane / 4, t4 = lane % 4;
      row = 16 * w + g + 8 * ((e >> 1) & 1);
      col = (e >> 2) * 8 + t4 * 2 + (e & 1);
    };
    if (accumulate)
      for (unsigned tid = 0; tid < 128; ++tid) {
        uint8_t *rd = regBytes(threads[tid], d);
        for (unsigned e = 0; e < n / 2; ++e) {
          unsigned row, col;
          dCoord(tid, e, row, col);
          D[row * n + col] =
              mmaValue(typeD, loadBits(rd + e * accBytes, accBytes));
        }
      }
    for (unsigned tid = 0; tid < 128; ++tid) {
      std::vector<uint8_t> out(n / 2 * accBytes);
      for (unsigned e = 0; e < n / 2; ++e) {
        unsigned row, col;
        dCoord(tid, e, row, col);
        double s = D[row * n + col];
        for (unsigned kk = 0; kk < k; ++kk)
          s += A[row * k + kk] * B[kk * n + col];
        uint64_t bits = mmaAccBits(typeD, s, satfinite);
        std::memcpy(out.data() + e * accBytes, &bits, accBytes);
      }
      std::memcpy(regBytes(threads[tid], result), out.data(), out.size());
      threads[tid]->wgmmaOpen.push_back(id);
    }
    return Step::Next;
  }
};

struct WgmmaGroupOp : ExtOp {
  bool commit = true;
  uint32_t n = 0;
  const char *name() const override {
    return commit ? "wgmma.commit_group" : "wgmma.wait_group";
  }
  Step exec(ClusterExec &ex, Thread &t, const Inst &) override {
    if (commit) {
      t.wgmmaGroups.push_back(AsyncGroup{std::move(t.wgmmaOpen)});
      t.wgmmaOpen.clear();
      return Step::Next;
    }
    return ex.waitGroups(t, t.wgmmaGroups, nullptr, n);
  }
};

struct NoEffect : ExtOp {
  const char *name() const override { return "wgmma.fence"; }
  Step exec(ClusterExec &, Thread &, const Inst &) override {
    return Step::Next;
  }
};

} // namespace

LogicalResult sim::decodeMMAOp(Operation *op, Compiler &c, bool &handled) {
  handled = true;
  if (auto ld = dyn_cast<PTXLdMatrixOp>(op)) {
    if (ld.getShape() != ptx::MatrixShape::M8N8 ||
        ld.getElt() != ptx::MatrixElt::B16)
      return c.notModeled(op) << ": only the m8n8 b16 shape is modeled";
    auto e = std::make_unique<MatrixCopy>();
    e->trans = ld.getTrans();
    e->num = ld.getNum() == ptx::MatrixNum::X1   ? 1
             : ld.getNum() == ptx::MatrixNum::X2 ? 2
                                                 : 4;
    e->ptr = c.slot(ld.getPtr());
    e->vals = c.slot(ld.getRes());
    c.emitExt(std::move(e));
    return success();
  }
  if (auto st = dyn_cast<PTXStMatrixOp>(op)) {
    if (st.getShape() != ptx::MatrixShape::M8N8 ||
        st.getElt() != ptx::MatrixElt::B16)
      return c.notModeled(op) << ": only the m8n8 b16 shape is modeled";
    auto e = std::make_unique<MatrixCopy>();
    e->store = true;
    e->trans = st.getTrans();
    e->num = st.getNum() == ptx::MatrixNum::X1   ? 1
             : st.getNum() == ptx::MatrixNum::X2 ? 2
                                                 : 4;
    e->ptr = c.slot(st.getPtr());
    e->vals = c.slot(st.getVals());
    c.emitExt(std::move(e));
    return success();
  }
  if (auto mma = dyn_cast<PTXMmaSyncOp>(op)) {
    ArrayRef<int32_t> shape = mma.getShape();
    unsigned aBytes = mmaInputBytes(mma.getTypeA());
    if (!aBytes)
      return c.notModeled(op) << ": sub-byte (s4, u4, b1) inputs";
    if (shape[0] == 8 && aBytes == 2)
      return c.notModeled(op) << ": the m8n8k4 f16 (quad-pair) shape";
    auto e = std::make_unique<MmaSync>();
    e->f = Fragments{static_cast<unsigned>(shape[0]),
                     static_cast<unsigned>(shape[1]),
                     static_cast<unsigned>(shape[2]), aBytes,
                     mmaInputBytes(mma.getTypeD())};
    e->typeA = mma.getTypeA();
    e->typeB = mma.getTypeB();
    e->typeD = mma.getTypeD();
    e->satfinite = mma.getSatfinite();
    e->a = c.slot(mma.getA());
    e->b = c.slot(mma.getB());
    e->c = c.slot(mma.getC());
    e->result = c.slot(mma.getRes());
    c.emitExt(std::move(e));
    return success();
  }
  if (auto w = dyn_cast<PTXWGMMAMmaAsyncOp>(op)) {
    ArrayRef<int32_t> shape = w.getShape();
    if (!mmaInputBytes(w.getTypeA()))
      return c.notModeled(op) << ": b1 inputs";
    auto e = std::make_unique<WgmmaMma>();
    e->n = static_cast<unsigned>(shape[1]);
    e->k = static_cast<unsigned>(shape[2]);
    e->typeA = w.getTypeA();
    e->typeB = w.getTypeB();
    e->typeD = w.getTypeD();
    e->aInRegs = isa<VectorType>(w.getA().getType());
    e->transA = w.getLayoutA().value_or(ptx::MMALayout::Row) ==
                ptx::MMALayout::Col;
    e->transB = w.getLayoutB().value_or(ptx::MMALayout::Col) ==
                ptx::MMALayout::Row;
    e->negA = w.getScaleA() && *w.getScaleA() == ptx::WGMMAScale::Neg ? -1 : 1;
    e->negB = w.getScaleB() && *w.getScaleB() == ptx::WGMMAScale::Neg ? -1 : 1;
    e->satfinite = w.getSatfinite();
    e->a = c.slot(w.getA());
    e->b = c.slot(w.getB());
    e->d = c.slot(w.getD());
    e->scaleD = c.slot(w.getScaleD());
    e->result = c.slot(w.getRes());
    c.emitExt(std::move(e));
    return success();
  }
  if (isa<PTXWGMMACommitGroupOp>(op)) {
    c.emitExt(std::make_unique<WgmmaGroupOp>());
    return success();
  }
  if (auto wait = dyn_cast<PTXWGMMAWaitGroupOp>(op)) {
    auto e = std::make_unique<WgmmaGroupOp>();
    e->commit = false;
    e->n = wait.getN();
    c.emitExt(std::move(e));
    return success();
  }
  if (isa<PTXWGMMAFenceOp>(op)) {
    c.emitExt(std::make_unique<NoEffect>());
    return success();
  }
  handled = false;
  return success();
}
