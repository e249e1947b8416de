//===- Interpreter.cpp - The simulator's hot loop ---------------*- C++ -*-===//
//
// Runs one thread's instructions until it blocks, exits or uses up its
// quantum. Scalar arithmetic, control flow, calls and local-memory accesses
// are handled inline; other memory accesses go through ClusterExec::access
// (bounds, scope, race and initialization checks) and everything else is an
// ExtOp.
//
//===----------------------------------------------------------------------===//

#include "Arith.h"
#include "Exec.h"

#include <cstring>

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;

static inline uint64_t loadElem(const uint8_t *p, unsigned bytes) {
  uint64_t v = 0;
  std::memcpy(&v, p, bytes);
  return v;
}
static inline void storeElem(uint8_t *p, unsigned bytes, uint64_t v) {
  std::memcpy(p, &v, bytes);
}

/// Element-wise vector op; false on an integer division by zero.
static bool execVec(const VecDesc &v, uint64_t *R, const Inst &I) {
  unsigned db = skBytes(v.k), sb = skBytes(v.srcKind);
  uint8_t *d = reinterpret_cast<uint8_t *>(R + I.d);
  const uint8_t *a = reinterpret_cast<const uint8_t *>(R + I.a);
  const uint8_t *b = reinterpret_cast<const uint8_t *>(R + I.b);
  const uint8_t *c = reinterpret_cast<const uint8_t *>(R + I.c);
  // Results go to a scratch image first: the result may alias an operand.
  uint8_t out[4096];
  uint8_t *o = v.n * std::max(db, sb) <= sizeof(out) ? out : d;
  for (uint32_t i = 0; i < v.n; ++i) {
    uint64_t r = 0;
    switch (v.op) {
    case Opc::IntBin:
      if (!evalIntBin(v.f, v.k, loadElem(a + i * sb, sb),
                      loadElem(b + i * sb, sb), r))
        return false;
      storeElem(o + i * db, db, r);
      break;
    case Opc::FltBin:
      storeElem(o + i * db, db,
                evalFltBin(v.f, v.k, loadElem(a + i * sb, sb),
                           loadElem(b + i * sb, sb)));
      break;
    case Opc::FltUn: {
      FU f = static_cast<FU>(v.f);
      unsigned rb = (f == FU::IsNaN || f == FU::IsInf || f == FU::IsFinite)
                        ? 1
                        : db;
      storeElem(o + i * rb, rb, evalFltUn(v.f, v.k, loadElem(a + i * sb, sb)));
      break;
    }
    case Opc::Cmp:
      o[i] = evalCmp(v.f, v.k, loadElem(a + i * sb, sb),
                     loadElem(b + i * sb, sb));
      break;
    case Opc::Select:
      storeElem(o + i * db, db,
                (a[i] & 1) ? loadElem(b + i * db, db)
                           : loadElem(c + i * db, db));
      break;
    case Opc::Fma:
      storeElem(o + i * db, db,
                evalFma(v.k, loadElem(a + i * db, db), loadElem(b + i * db, db),
                        loadElem(c + i * db, db)));
      break;
    case Opc::Cvt:
      storeElem(o + i * db, db,
                evalCvt(static_cast<CV>(v.f), v.k, v.srcKind,
                        loadElem(a + i * sb, sb)));
      break;
    case Opc::Ext: {
      uint64_t x = loadElem(a + i * sb, sb);
      x = v.f ? static_cast<uint64_t>(signExtend(x, skBits(v.srcKind)))
              : (x & widthMask(skBits(v.srcKind)));
      storeElem(o + i * db, db, x & widthMask(skBits(v.k)));
      break;
    }
    default:
      break;
    }
  }
  if (o != d) {
    unsigned rb = db;
    if (v.op == Opc::Cmp)
      rb = 1;
    if (v.op == Opc::FltUn) {
      FU f = static_cast<FU>(v.f);
      if (f == FU::IsNaN || f == FU::IsInf || f == FU::IsFinite)
        rb = 1;
    }
    std::memcpy(d, o, v.n * rb);
  }
  return true;
}

uint64_t specialRegister(ClusterExec &ex, Thread &t, SR reg, int64_t imm,
                         uint64_t now);

Step ClusterExec::runThread(Thread &t, uint64_t budget) {
  const Inst *code = prog.code.data();
  uint64_t *R = t.R();
  uint32_t pc = t.pc;
  uint64_t n = 0;
  Step result = Step::Next;
  for (;;) {
    if (n >= budget) {
      result = Step::Next;
      break;
    }
    ++n;
    const Inst &I = code[pc];
    switch (I.op) {
    case Opc::Const:
      R[I.d] = static_cast<uint64_t>(I.imm);
      ++pc;
      continue;
    case Opc::Mov:
      R[I.d] = R[I.a];
      ++pc;
      continue;
    case Opc::MovMask:
      R[I.d] = R[I.a] & static_cast<uint64_t>(I.imm);
      ++pc;
      continue;
    case Opc::MovN:
      std::memmove(R + I.d, R + I.a, static_cast<size_t>(I.imm) * 8);
      ++pc;
      continue;
    case Opc::IntBin: {
      uint64_t a = R[I.a], b = R[I.b];
      if (I.k == SK::I32) {
        switch (static_cast<IB>(I.f)) {
        case IB::Add:
          R[I.d] = static_cast<uint32_t>(a + b);
          ++pc;
          continue;
        case IB::Sub:
          R[I.d] = static_cast<uint32_t>(a - b);
          ++pc;
          continue;
        case IB::Mul:
          R[I.d] = static_cast<uint32_t>(a * b);
          ++pc;
          continue;
        case IB::And:
          R[I.d] = a & b;
          ++pc;
          continue;
        default:
          break;
        }
      } else if (I.k == SK::I64) {
        switch (static_cast<IB>(I.f)) {
        case IB::Add:
          R[I.d] = a + b;
          ++pc;
          continue;
        case IB::Sub:
          R[I.d] = a - b;
          ++pc;
          continue;
        case IB::Mul:
          R[I.d] = a * b;
          ++pc;
          continue;
        default:
          break;
        }
      }
      uint64_t r;
      if (!evalIntBin(I.f, I.k, a, b, r)) {
        t.pc = pc;
        error(I.loc) << "integer division by zero in " << describe(t);
        result = Step::Fail;
        goto done;
      }
      R[I.d] = r;
      ++pc;
      continue;
    }
    case Opc::Cmp:
      R[I.d] = evalCmp(I.f, I.k, R[I.a], R[I.b]);
      ++pc;
      continue;
    case Opc::Select:
      R[I.d] = (R[I.a] & 1) ? R[I.b] : R[I.c];
      ++pc;
      continue;
    case Opc::SelectN:
      std::memmove(R + I.d, (R[I.a] & 1) ? R + I.b : R + I.c,
                   static_cast<size_t>(I.imm) * 8);
      ++pc;
      continue;
    case Opc::Ext: {
      uint64_t v = R[I.a];
      v = I.f ? static_cast<uint64_t>(signExtend(v, skBits(I.k)))
              : (v & widthMask(skBits(I.k)));
      R[I.d] = v & static_cast<uint64_t>(I.imm);
      ++pc;
      continue;
    }
    case Opc::FltBin:
      if (I.k == SK::F32) {
        float x = bitsToF32(R[I.a]), y = bitsToF32(R[I.b]);
        switch (static_cast<FB>(I.f)) {
        case FB::Add:
          R[I.d] = f32ToBits(x + y);
          ++pc;
          continue;
        case FB::Sub:
          R[I.d] = f32ToBits(x - y);
          ++pc;
          continue;
        case FB::Mul:
          R[I.d] = f32ToBits(x * y);
          ++pc;
          continue;
        default:
          break;
        }
      }
      R[I.d] = evalFltBin(I.f, I.k, R[I.a], R[I.b]);
      ++pc;
      continue;
    case Opc::FltUn:
      R[I.d] = evalFltUn(I.f, I.k, R[I.a]);
      ++pc;
      continue;
    case Opc::Fma:
      R[I.d] = evalFma(I.k, R[I.a], R[I.b], R[I.c]);
      ++pc;
      continue;
    case Opc::Cvt:
      R[I.d] = evalCvt(static_cast<CV>(I.f), I.k, static_cast<SK>(I.imm),
                       R[I.a]);
      ++pc;
      continue;
    case Opc::VecOp:
      if (!execVec(prog.vecs[I.x], R, I)) {
        t.pc = pc;
        error(I.loc) << "integer division by zero in " << describe(t);
        result = Step::Fail;
        goto done;
      }
      ++pc;
      continue;
    case Opc::Jmp:
      pc = I.x;
      continue;
    case Opc::BrFalse:
      pc = (R[I.a] & 1) ? pc + 1 : I.x;
      continue;
    case Opc::BrTrue:
      pc = (R[I.a] & 1) ? I.x : pc + 1;
      continue;
    case Opc::ForTest: {
      unsigned w = skBits(I.k);
      bool lt = I.f ? (R[I.a] & widthMask(w)) < (R[I.b] & widthMask(w))
                    : signExtend(R[I.a], w) < signExtend(R[I.b], w);
      pc = lt ? pc + 1 : I.x;
      continue;
    }
    case Opc::ForStep:
      R[I.a] = (R[I.a] + R[I.b]) & widthMask(skBits(I.k));
      pc = I.x;
      continue;
    case Opc::Load:
    case Opc::Store:
    case Opc::Addr: {
      const AddrMode &M = prog.addrModes[I.x];
      uint64_t addr = R[M.base];
      size_t dyn = 0;
      for (size_t i = 0, e = M.indices.size(); i < e; ++i) {
        int64_t v = static_cast<int64_t>(R[M.indices[i]]);
        if (!M.rawOffset && I.op != Opc::Addr) {
          int64_t dim = M.dims[i];
          if (dim < 0)
            dim = static_cast<int64_t>(R[M.dynDims[dyn++]]);
          int64_t last = v + (i + 1 == e ? int64_t(M.accessElems) - 1 : 0);
          if (v < 0 || last >= dim) {
            t.pc = pc;
            auto d = error(I.loc);
            d << "out-of-bounds index: " << describe(t) << " uses index ";
            if (last != v)
              d << v << ".." << last;
            else
              d << v;
            d << " in dimension " << i << " of a buffer of extent " << dim;
            result = Step::Fail;
            goto done;
          }
        }
        addr += static_cast<uint64_t>(v * M.strides[i]);
      }
      if (I.op == Opc::Addr) {
        R[I.d] = addr;
        ++pc;
        continue;
      }
      uint8_t *p;
      uint64_t off = addr - kLocalBase;
      if (M.scope == Scope::Local && addr >= kLocalBase &&
          off + M.accessBytes <= t.local.size() &&
          (M.align == 0 || (addr & (M.align - 1)) == 0)) {
        p = t.local.data() + off;
      } else {
        t.pc = pc;
        // a shared buffer's address is generic (it may be a peer's)
        p = access(t, I.loc, addr, M.accessBytes, M.align, M.scope,
                   I.op == Opc::Load ? Access::Read : Access::Write,
                   /*generic=*/true);
        if (!p) {
          result = Step::Fail;
          goto done;
        }
      }
      if (I.op == Opc::Load) {
        if (M.accessBytes <= 8) {
          uint64_t v = 0;
          std::memcpy(&v, p, M.accessBytes);
          if (M.kind == SK::I1)
            v &= 1;
          R[I.d] = v;
        } else {
          std::memcpy(R + I.d, p, M.accessBytes);
        }
      } else {
        std::memcpy(p, R + I.a, M.accessBytes);
      }
      ++pc;
      continue;
    }
    case Opc::Call: {
      const CallInfo &call = prog.calls[I.x];
      uint32_t newBase = t.base + prog.functions[I.a].numSlots;
      const FunctionCode &callee = prog.functions[call.callee];
      if (t.frames.size() >= 64) {
        t.pc = pc;
        error(I.loc) << "call depth exceeds 64 in " << describe(t);
        result = Step::Fail;
        goto done;
      }
      size_t need = size_t(newBase) + callee.numSlots;
      if (t.regs.size() < need)
        t.regs.resize(need, 0);
      R = t.regs.data() + t.base;
      uint64_t *NR = t.regs.data() + newBase;
      for (size_t i = 0; i < call.args.size(); ++i)
        std::memcpy(NR + callee.paramSlots[i], R + call.args[i],
                    call.argWidths[i] * 8);
      t.frames.push_back(Frame{pc + 1, t.base, I.x});
      t.base = newBase;
      R = NR;
      pc = callee.entry;
      continue;
    }
    case Opc::Ret: {
      const RetInfo &ret = prog.rets[I.x];
      Frame f = t.frames.back();
      t.frames.pop_back();
      const CallInfo &call = prog.calls[f.call];
      uint64_t *CR = t.regs.data() + f.base;
      for (size_t i = 0; i < ret.values.size(); ++i)
        std::memmove(CR + call.results[i], R + ret.values[i],
                     ret.widths[i] * 8);
      t.base = f.base;
      R = CR;
      pc = f.retPc;
      continue;
    }
    case Opc::Exit:
      t.pc = pc;
      result = Step::Exit;
      goto done;
    case Opc::Launch:
      t.pc = pc + 1;
      result = Step::Launch;
      goto done;
    case Opc::HostEnd:
      t.pc = pc;
      result = Step::Exit;
      goto done;
    case Opc::Special:
      // The timers read the launch's operation count at this op.
      R[I.d] = specialRegister(*this, t, static_cast<SR>(I.f), I.imm,
                               m.steps + n);
      ++pc;
      continue;
    case Opc::ExtOp: {
      t.pc = pc;
      Step s = prog.ext[I.x]->exec(*this, t, I);
      switch (s) {
      case Step::Next:
        pc = t.pc + 1;
        R = t.R();
        continue;
      case Step::Jumped:
        pc = t.pc;
        R = t.R();
        continue;
      default:
        result = s;
        goto done;
      }
    }
    }
  }
  t.pc = pc;
done:
  m.steps += n;
  return result;
}
