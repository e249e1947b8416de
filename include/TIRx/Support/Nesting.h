//===- Nesting.h - Depth limit and large stacks for deep inputs -*- C++ -*-===//
//
// MLIR's parser, printer, verifier and most passes recurse once per level of
// nesting (regions, attributes, types, pass pipelines), using one to a few KB
// of stack per level. TIRx's tools and Python bindings therefore
//
//  * refuse input that nests deeper than kMaxNestingDepth with a located
//    error (scanNesting finds the first bracket beyond the limit without
//    recursing), and
//  * run the recursive work on a thread whose stack holds kMaxNestingDepth
//    levels of the hungriest recursion with a wide margin
//    (runOnLargeStack), so any input within the limit works whatever stack
//    the caller has.
//
// Header-only: used by tirx-opt, tirx-translate and the Python extension.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_SUPPORT_NESTING_H
#define TIRX_SUPPORT_NESTING_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <pthread.h>

#include <cstddef>

namespace mlir::tirx {

/// The deepest nesting accepted: brackets in IR text and pass pipelines,
/// regions in IR, sub-elements of attributes, types and locations.
inline constexpr unsigned kMaxNestingDepth = 10000;

/// The stack of the thread that runs recursive MLIR code on deep input:
/// kMaxNestingDepth levels of regions and as many of attributes, at the
/// largest per-level stack use measured (a few KB), several times over.
/// Only the pages actually touched are committed.
inline constexpr size_t kLargeStackBytes = size_t(512) << 20;

/// The result of scanNesting.
struct NestingScan {
  /// The deepest bracket nesting seen (up to `limit` + 1).
  unsigned depth = 0;
  /// Whether some bracket nests deeper than the limit; `offset` is then the
  /// byte offset of the first such bracket.
  bool exceeded = false;
  size_t offset = 0;
};

/// The nesting depth of `(` `[` `{` `<` in MLIR text (IR, attributes, types
/// or pass pipelines), skipping string literals and `//` comments. A closing
/// bracket counts only when it matches the innermost open one (so `->` and
/// `>=` do not close anything); a mismatch is where MLIR's parser stops
/// anyway. Stops at the first bracket deeper than `limit`. Iterative.
inline NestingScan scanNesting(llvm::StringRef text,
                               unsigned limit = kMaxNestingDepth) {
  NestingScan result;
  llvm::SmallVector<char, 64> open;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    switch (c) {
    case '"':
      for (++i; i < e && text[i] != '"' && text[i] != '\n'; ++i)
        if (text[i] == '\\')
          ++i;
      break;
    case '/':
      if (i + 1 < e && text[i + 1] == '/')
        while (i < e && text[i] != '\n')
          ++i;
      break;
    case '(':
    case '[':
    case '{':
    case '<':
      open.push_back(c);
      if (open.size() > result.depth)
        result.depth = open.size();
      if (open.size() > limit) {
        result.exceeded = true;
        result.offset = i;
        return result;
      }
      break;
    case ')':
    case ']':
    case '}':
    case '>': {
      char opener = c == ')' ? '(' : c == ']' ? '[' : c == '}' ? '{' : '<';
      if (!open.empty() && open.back() == opener)
        open.pop_back();
      break;
    }
    default:
      break;
    }
  }
  return result;
}

/// 1-based line and column of byte `offset` in `text`.
inline std::pair<unsigned, unsigned> lineAndColumn(llvm::StringRef text,
                                                   size_t offset) {
  unsigned line = 1, col = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return {line, col};
}

/// Runs `fn` on a new thread with a stack of `stackBytes` and waits for it.
/// Returns false (without running `fn`) if no such thread can be started.
/// `fn` must not throw.
inline bool runOnLargeStack(llvm::function_ref<void()> fn,
                            size_t stackBytes = kLargeStackBytes) {
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0)
    return false;
  bool ok = pthread_attr_setstacksize(&attr, stackBytes) == 0;
  pthread_t thread;
  ok = ok && pthread_create(
                 &thread, &attr,
                 [](void *job) -> void * {
                   (*static_cast<llvm::function_ref<void()> *>(job))();
                   return nullptr;
                 },
                 &fn) == 0;
  pthread_attr_destroy(&attr);
  if (ok)
    pthread_join(thread, nullptr);
  return ok;
}

} // namespace mlir::tirx

#endif // TIRX_SUPPORT_NESTING_H
