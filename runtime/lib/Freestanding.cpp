//===- Freestanding.cpp - the C++ support the runtime links -----*- C++ -*-===//
//
// libtirx_runtime.so links no libstdc++, static or shared: a static
// libstdc++ brings symbol versions of the glibc it was built against
// (arc4random@GLIBC_2.36 through std::random_device, __libc_single_threaded,
// the unwinder's _dl_find_object), and a shared one would need a libstdc++
// as new as the build machine's. The runtime is compiled without exceptions
// and with std::string instantiated in its own object (see CMakeLists.txt),
// so what remains of the C++ library is defined here: the allocation
// functions over malloc, and the library's error paths, which end the
// process with a message (with exceptions off nothing could catch them).
// Every symbol here is hidden: the library exports only tirxrt_*.
//
//===----------------------------------------------------------------------===//

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <new>

namespace {

[[noreturn]] void die(const char *what, const char *detail) {
  std::fprintf(stderr, "libtirx_runtime: %s%s%s\n", what,
               detail ? ": " : "", detail ? detail : "");
  std::abort();
}

void *allocate(std::size_t n) {
  void *p = std::malloc(n ? n : 1);
  if (!p)
    die("out of memory", nullptr);
  return p;
}

} // namespace

void *operator new(std::size_t n) { return allocate(n); }
void *operator new[](std::size_t n) { return allocate(n); }
void *operator new(std::size_t n, const std::nothrow_t &) noexcept {
  return std::malloc(n ? n : 1);
}
void *operator new[](std::size_t n, const std::nothrow_t &) noexcept {
  return std::malloc(n ? n : 1);
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete[](void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }
void operator delete[](void *p, std::size_t) noexcept { std::free(p); }

namespace std {
[[noreturn]] void __throw_length_error(const char *what) {
  die("length error", what);
}
[[noreturn]] void __throw_logic_error(const char *what) {
  die("logic error", what);
}
[[noreturn]] void __throw_out_of_range(const char *what) {
  die("out of range", what);
}
[[noreturn]] void __throw_out_of_range_fmt(const char *what, ...) {
  die("out of range", what);
}
[[noreturn]] void __throw_bad_alloc() { die("out of memory", nullptr); }
// _GLIBCXX_ASSERTIONS (which keeps std::string's members in this library)
// reports a failed precondition here.
[[noreturn]] void __glibcxx_assert_fail(const char *file, int line,
                                        const char *function,
                                        const char *condition) noexcept {
  std::fprintf(stderr, "%s:%d: %s: assertion '%s' failed\n", file, line,
               function, condition);
  die("C++ library precondition", condition);
}
} // namespace std
