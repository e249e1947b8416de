//===- Depth.cpp - Nesting limits and large stacks for MLIR work -*- C++ -*-===//
//
// MLIR's parser, printer, verifier, cloner and passes recurse per nesting
// level. Every binding that hands deep input to them goes through here:
// text is scanned (iteratively) and refused beyond kMaxNestingDepth, the
// depth of attributes and types built from Python is measured (memoized)
// and refused beyond it, and the recursive work runs on a thread with a
// large stack unless it is shallow.
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

#include "TIRx/Support/Nesting.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/raw_ostream.h"

#include <pthread.h>

using namespace mlir;
using mlir::tirx::kMaxNestingDepth;

namespace tirx_py __attribute__((visibility("hidden"))) {

namespace {
/// Work at most this deep runs on the calling thread (given enough stack).
constexpr unsigned kInlineDepth = 64;
/// Stack the calling thread must have left for inline work: kInlineDepth
/// levels at the largest per-level use measured, with a margin.
constexpr size_t kInlineStackBytes = size_t(2) << 20;

/// The lowest address of this thread's stack (0: unknown).
uintptr_t stackLimit() {
  static thread_local uintptr_t limit = [] {
    pthread_attr_t attr;
    uintptr_t low = 0;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      void *addr = nullptr;
      size_t size = 0;
      if (pthread_attr_getstack(&attr, &addr, &size) == 0)
        low = reinterpret_cast<uintptr_t>(addr);
      pthread_attr_destroy(&attr);
    }
    return low;
  }();
  return limit;
}

bool enoughStackHere() {
  uintptr_t low = stackLimit();
  if (!low)
    return false;
  char marker;
  uintptr_t sp = reinterpret_cast<uintptr_t>(&marker);
  return sp > low && sp - low > kInlineStackBytes;
}
} // namespace

void runNested(unsigned depth, llvm::function_ref<void()> fn,
               MLIRContext *ctx) {
  if (depth <= kInlineDepth && enoughStackHere()) {
    fn();
    return;
  }
  bool threads = ctx && ctx->isMultithreadingEnabled();
  if (threads)
    ctx->disableMultithreading();
  bool started = mlir::tirx::runOnLargeStack(fn);
  if (threads)
    ctx->enableMultithreading(true);
  if (!started)
    throw std::runtime_error(
        "cannot start a thread with a large stack for deeply nested input "
        "(out of memory or address space?)");
}

void checkNestingDepth(TContext &ctx, unsigned depth, const char *what) {
  if (depth > kMaxNestingDepth)
    throw nb::value_error((std::string(what) + " nests " +
                           std::to_string(depth) +
                           " levels deep; the limit is " +
                           std::to_string(kMaxNestingDepth) +
                           " (tirx.ir.MAX_NESTING_DEPTH)")
                              .c_str());
  ctx.nestingHighWater = std::max(ctx.nestingHighWater, depth);
}

unsigned nestedWorkDepth(TContext &ctx, Operation *op, const char *what) {
  unsigned d = regionDepth(op);
  if (d > kMaxNestingDepth)
    throw nb::value_error((std::string(what) + ": the IR nests " +
                           std::to_string(d) +
                           " regions deep; the limit is " +
                           std::to_string(kMaxNestingDepth) +
                           " (tirx.ir.MAX_NESTING_DEPTH)")
                              .c_str());
  return d + std::min(ctx.nestingHighWater, kMaxNestingDepth);
}

unsigned checkTextNesting(const CtxRef &ctx, llvm::StringRef text,
                          llvm::StringRef sourceName, const char *what) {
  mlir::tirx::NestingScan scan = mlir::tirx::scanNesting(text);
  if (scan.exceeded) {
    auto [line, col] = mlir::tirx::lineAndColumn(text, scan.offset);
    MLIRContext *mctx = ctx.get();
    CapturedDiagnostic d{
        DiagnosticSeverity::Error,
        FileLineColLoc::get(mctx, sourceName.empty() ? "<string>" : sourceName,
                            line, col),
        "nesting deeper than " + std::to_string(kMaxNestingDepth) +
            " levels (tirx.ir.MAX_NESTING_DEPTH)",
        {}};
    raiseMLIRError(ctx, std::string("Unable to parse ") + what, {d});
  }
  ctx.ptr->nestingHighWater = std::max(ctx.ptr->nestingHighWater, scan.depth);
  return scan.depth;
}

//===----------------------------------------------------------------------===//
// Depth of attributes and types
//===----------------------------------------------------------------------===//

namespace {
struct Node {
  const void *ptr;
  bool isType;
};
template <typename Fn> void forEachChild(Node n, Fn fn) {
  auto onAttr = [&](Attribute a) { fn(Node{a.getAsOpaquePointer(), false}); };
  auto onType = [&](Type t) { fn(Node{t.getAsOpaquePointer(), true}); };
  if (n.isType)
    Type::getFromOpaquePointer(n.ptr).walkImmediateSubElements(onAttr, onType);
  else
    Attribute::getFromOpaquePointer(n.ptr).walkImmediateSubElements(onAttr,
                                                                    onType);
}
} // namespace

static unsigned computeDepth(llvm::DenseMap<const void *, unsigned> &depthMemo,
                             const void *root, bool isType) {
  if (auto it = depthMemo.find(root); it != depthMemo.end() && it->second)
    return it->second;
  // Iterative post-order. A memo entry of 0 marks a node in progress (a
  // recursive type refers to itself): it counts as depth 0.
  llvm::SmallVector<std::pair<Node, bool>, 32> stack{{Node{root, isType},
                                                      false}};
  while (!stack.empty()) {
    auto [node, expanded] = stack.back();
    if (!expanded) {
      auto [it, inserted] = depthMemo.try_emplace(node.ptr, 0);
      if (!inserted) { // done, or in progress further up the stack
        stack.pop_back();
        continue;
      }
      stack.back().second = true;
      forEachChild(node, [&](Node child) {
        if (!depthMemo.count(child.ptr))
          stack.push_back({child, false});
      });
      continue;
    }
    unsigned deepest = 0;
    forEachChild(node, [&](Node child) {
      auto it = depthMemo.find(child.ptr);
      if (it != depthMemo.end())
        deepest = std::max(deepest, it->second);
    });
    depthMemo[node.ptr] = deepest + 1;
    stack.pop_back();
  }
  return depthMemo[root];
}

unsigned TContext::depthOfOpaque(const void *root, bool isType) {
  return computeDepth(depthMemo, root, isType);
}

unsigned attributeDepth(Attribute attr) {
  llvm::DenseMap<const void *, unsigned> memo;
  return computeDepth(memo, attr.getAsOpaquePointer(), false);
}

unsigned TContext::depthOf(Attribute attr) {
  return depthOfOpaque(attr.getAsOpaquePointer(), false);
}

unsigned TContext::depthOf(Type type) {
  return depthOfOpaque(type.getAsOpaquePointer(), true);
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

template <typename T> static std::string printNested(unsigned depth, T v) {
  std::string s;
  runNested(depth, [&] {
    llvm::raw_string_ostream os(s);
    v.print(os);
  });
  return s;
}

std::string printType(TContext &ctx, Type t) {
  return printNested(ctx.depthOf(t), t);
}

std::string printAttribute(TContext &ctx, Attribute a) {
  return printNested(ctx.depthOf(a), a);
}

} // namespace tirx_py
