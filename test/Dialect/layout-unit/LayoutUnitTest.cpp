//===- LayoutUnitTest.cpp - #tirx.layout algebra against hand results -----===//
//
// Parses layouts from their textual form and checks apply, span,
// canonicalize/equality, groupByShape, slice, tile and the swizzles
// against offsets computed by hand (the comments show the arithmetic).
// Prints one line per failed check and a summary; exits 1 on any failure.
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/TIRxDialect.h"
#include "TIRx/Dialect/TIRxTypes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tirx;

static int failures = 0, checks = 0;

#define EXPECT_EQ(actual, expected)                                            \
  do {                                                                         \
    ++checks;                                                                  \
    auto a_ = (actual);                                                        \
    auto e_ = (expected);                                                      \
    if (a_ != e_) {                                                            \
      ++failures;                                                              \
      llvm::errs() << "FAIL line " << __LINE__ << ": " #actual " = " << a_     \
                   << ", expected " << e_ << "\n";                             \
    }                                                                          \
  } while (0)

#define EXPECT_TRUE(cond) EXPECT_EQ(static_cast<bool>(cond), true)

static MLIRContext *ctx;

static LayoutAttr L(StringRef text) {
  Attribute attr = parseAttribute(text, ctx);
  auto layout = dyn_cast_or_null<LayoutAttr>(attr);
  if (!layout) {
    llvm::errs() << "cannot parse " << text << "\n";
    std::exit(2);
  }
  return layout;
}

static std::string str(Attribute attr) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << attr;
  return s;
}

static int64_t axis(LayoutAttr l, int64_t linear, LayoutAxis a) {
  return l.apply(linear)[static_cast<unsigned>(a)];
}

static void testApply() {
  // The m16n8 f32 accumulator of mma.sync: c0,c1 at (g, 2t+j), c2,c3 at
  // (g+8, 2t+j), g = lane/4, t = lane%4. Digits (h:2, g:8, t:4, j:2).
  LayoutAttr acc = L("#tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>");
  EXPECT_EQ(acc.getSize(), 128);
  // (row 9, col 5): h=1 g=1 t=2 j=1 -> m = 2+1 = 3, lane = 4+2 = 6.
  EXPECT_EQ(acc.applyMemory({9, 5}, {16, 8}), 3);
  EXPECT_EQ(axis(acc, 9 * 8 + 5, LayoutAxis::LaneId), 6);
  // (row 0, col 0) -> register 0 of lane 0; (row 15, col 7) -> reg 3, lane 31.
  EXPECT_EQ(acc.applyMemory({15, 7}, {16, 8}), 3);
  EXPECT_EQ(axis(acc, 127, LayoutAxis::LaneId), 31);
  EXPECT_EQ(acc.getSpan(LayoutAxis::M), 4);
  EXPECT_EQ(acc.getSpan(LayoutAxis::LaneId), 32);
  EXPECT_TRUE(acc.hasThreadAxes());
  EXPECT_TRUE(!acc.isMemoryOnly());

  // Offsets and replicas: S[4:2] + R[2:1@laneid] + 3 + 5@laneid.
  LayoutAttr rep = L("#tirx.layout<S[4:2] + R[2:1@laneid] + 3 + 5@laneid>");
  EXPECT_EQ(rep.applyMemory(2), 7);             // 2*2 + 3
  EXPECT_EQ(axis(rep, 2, LayoutAxis::LaneId), 5); // replica 0
  auto all = rep.applyAll(2);
  EXPECT_EQ(all.size(), size_t(2));
  EXPECT_EQ(all[1][static_cast<unsigned>(LayoutAxis::LaneId)], 6);
  EXPECT_EQ(all[1][0], 7);
  EXPECT_EQ(rep.getSpan(LayoutAxis::M), 10); // 3*2 + 3 + 1
  EXPECT_EQ(rep.getSpan(LayoutAxis::LaneId), 7);
}

static void testSwizzle() {
  // 128B swizzle on f16 (8 elements per 16-byte chunk): chunk ^= row % 8.
  LayoutAttr s128 = L("#tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>");
  // (1, 0): 64 -> chunk 0 ^ 1 -> 72.
  EXPECT_EQ(s128.applyMemory({1, 0}, {64, 64}), 72);
  // (3, 10): row 3, chunk 1, element 2 -> chunk 1^3 = 2 -> 192 + 16 + 2.
  EXPECT_EQ(s128.applyMemory({3, 10}, {64, 64}), 210);
  // (8, 9): row 8 repeats row 0's pattern: 512 + 9.
  EXPECT_EQ(s128.applyMemory({8, 9}, {64, 64}), 521);
  // (7, 63): chunk 7 ^ 7 = 0 -> 448 + 7.
  EXPECT_EQ(s128.applyMemory({7, 63}, {64, 64}), 455);
  EXPECT_EQ(s128.getSpan(LayoutAxis::M), 4096);
  EXPECT_EQ(s128.getSwizzle().period(), 512);

  // 64B swizzle on f16: bytes bits [4,6) ^= bits [7,9). (2, 3): byte 134 =
  // 0b10000110, bits 7-8 = 01 -> 0b10010110 = 150 bytes = element 75.
  LayoutAttr s64 = L("#tirx.layout<S[(8, 32):(32, 1)], swizzle<2, 3, 3>>");
  EXPECT_EQ(s64.applyMemory({2, 3}, {8, 32}), 75);
  // (5, 17): byte 2*(160+17) = 354 = 0b101100010; bits 7-8 = 10 -> bit 5
  // flips: 354 ^ 32 = 322 bytes = element 161.
  EXPECT_EQ(s64.applyMemory({5, 17}, {8, 32}), 161);

  // 32B swizzle on f32 (4 per chunk): bit 4 ^= bit 7 of the byte offset.
  // (4, 1): byte 132 = 0b10000100 -> 148 = element 37.
  LayoutAttr s32 = L("#tirx.layout<S[(8, 8):(8, 1)], swizzle<1, 2, 3>>");
  EXPECT_EQ(s32.applyMemory({4, 1}, {8, 8}), 37);
  EXPECT_EQ(s32.applyMemory({3, 5}, {8, 8}), 29); // byte 116: bit 7 = 0
}

static void testCanonicalize() {
  EXPECT_EQ(str(L("#tirx.layout<S[(2, 32):(32, 1)]>").canonicalize()),
            std::string("#tirx.layout<S[64:1]>"));
  EXPECT_EQ(str(L("#tirx.layout<S[(4, 1, 8):(8, 5, 1)]>").canonicalize()),
            std::string("#tirx.layout<S[32:1]>"));
  // Replicas are a set: two orders fuse to one iterator.
  EXPECT_EQ(str(L("#tirx.layout<S[4:1] + R[(2, 2):(1@laneid, 2@laneid)]>")
                    .canonicalize()),
            std::string("#tirx.layout<S[4:1] + R[4:1@laneid]>"));
  // Offsets: zeros dropped, sorted by axis.
  EXPECT_EQ(str(L("#tirx.layout<S[4:1] + 2@laneid + 0@warpid + 3>")
                    .canonicalize()),
            std::string("#tirx.layout<S[4:1] + 3 + 2@laneid>"));
  // A strided row-major layout equals its factory form.
  EXPECT_TRUE(L("#tirx.layout<S[(16, 8):(8, 1)]>")
                  .isEquivalentTo(LayoutAttr::getStrided(ctx, {16, 8})));
  EXPECT_TRUE(!L("#tirx.layout<S[(16, 8):(1, 16)]>")
                   .isEquivalentTo(LayoutAttr::getStrided(ctx, {16, 8})));
  EXPECT_TRUE(!L("#tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>")
                   .isEquivalentTo(L("#tirx.layout<S[4096:1]>")));
}

static void testGroupSlice() {
  auto groups = L("#tirx.layout<S[128:1]>").groupByShape({8, 16});
  EXPECT_TRUE(succeeded(groups));
  if (succeeded(groups)) {
    EXPECT_EQ((*groups)[0].size(), size_t(1));
    EXPECT_EQ((*groups)[0][0].extent, 8);
    EXPECT_EQ((*groups)[0][0].stride, 16);
    EXPECT_EQ((*groups)[1][0].extent, 16);
  }
  // (4, 6) over [8, 3] splits the 6 into 2 x 3; over [6, 4] the 4 falls
  // inside the 6 unevenly.
  EXPECT_TRUE(succeeded(L("#tirx.layout<S[(4, 6):(6, 1)]>").groupByShape({8, 3})));
  EXPECT_TRUE(failed(L("#tirx.layout<S[(4, 6):(6, 1)]>").groupByShape({6, 4})));

  // Rows 16..31 and columns 32..63 of a 64x64 row-major tile: offset
  // 16*64 + 32 = 1056, strides kept.
  LayoutAttr rm = L("#tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>");
  auto s = rm.slice({64, 64}, {16, 32}, {16, 32});
  EXPECT_TRUE(succeeded(s));
  if (succeeded(s))
    EXPECT_EQ(str(s->canonicalize()),
              std::string("#tirx.layout<S[(16, 32):(64, 1)] + 1056, "
                          "swizzle<3, 3, 3>>"));
  // Rows 8..15 of the m16n8 accumulator: the h digit is fixed to 1 (m+2)
  // and the lane digits (8:4, 4:1) fuse into one.
  LayoutAttr acc = L("#tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>");
  auto lower = acc.slice({16, 8}, {8, 0}, {8, 8});
  EXPECT_TRUE(succeeded(lower));
  if (succeeded(lower)) {
    EXPECT_EQ(str(lower->canonicalize()),
              std::string("#tirx.layout<S[(32, 2):(1@laneid, 1)] + 2>"));
    // Element (1, 3) of the slice is (9, 3) of the tile: m 2+1, lane 4+1.
    EXPECT_EQ(lower->applyMemory({1, 3}, {8, 8}), 3);
    EXPECT_EQ(acc.applyMemory({9, 3}, {16, 8}), 3);
  }
  // Rows 4..11 straddle the 8-row digit: no tile layout.
  EXPECT_TRUE(failed(acc.slice({16, 8}, {4, 0}, {8, 8})));
  // Every element of a slice agrees with the source.
  LayoutAttr big = L("#tirx.layout<S[(4, 2, 8, 8):(128, 8, 16, 1)]>");
  auto sub = big.slice({8, 64}, {4, 16}, {2, 16});
  EXPECT_TRUE(succeeded(sub));
  if (succeeded(sub)) {
    int mismatches = 0;
    for (int64_t r = 0; r < 2; ++r)
      for (int64_t c = 0; c < 16; ++c)
        if (sub->applyMemory({r, c}, {2, 16}) !=
            big.applyMemory({4 + r, 16 + c}, {8, 64}))
          ++mismatches;
    EXPECT_EQ(mismatches, 0);
  }
}

static void testTile() {
  // 2x3 grid of 8x8 row-major tiles (span 64), grid row-major: element
  // (9, 17) is tile (1, 2), inner (1, 1): 1*3*64 + 2*64 + 8 + 1 = 329.
  auto t = L("#tirx.layout<S[(8, 8):(8, 1)]>").tile({8, 8}, {2, 3});
  EXPECT_TRUE(succeeded(t));
  if (succeeded(t)) {
    EXPECT_EQ(t->getSize(), 16 * 24);
    EXPECT_EQ(t->applyMemory({9, 17}, {16, 24}), 329);
    EXPECT_EQ(t->getSpan(LayoutAxis::M), 384);
  }
  // Tiling a register fragment keeps the lanes and grows the registers:
  // two m16n8 accumulators side by side (16x16). (3, 12) is tile 1 (placed
  // span(m) = 4 registers on), inner (3, 4): h=0 g=3 t=2 j=0 -> m = 4 + 0,
  // lane = 4*3 + 2 = 14.
  LayoutAttr acc = L("#tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>");
  auto two = acc.tile({16, 8}, {1, 2});
  EXPECT_TRUE(succeeded(two));
  if (succeeded(two)) {
    EXPECT_EQ(two->applyMemory({3, 12}, {16, 16}), 4);
    EXPECT_EQ(axis(*two, 3 * 16 + 12, LayoutAxis::LaneId), 14);
  }
}

int main() {
  DialectRegistry registry;
  registry.insert<TIRxDialect>();
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  ctx = &context;
  testApply();
  testSwizzle();
  testCanonicalize();
  testGroupSlice();
  testTile();
  llvm::outs() << checks - failures << " of " << checks
               << " layout checks passed\n";
  return failures == 0 ? 0 : 1;
}
