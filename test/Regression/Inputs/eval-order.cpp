// Input of ir-eval-order.test: the lint reports lines 8 and 12 only.
Value f(OpBuilder &b, Location loc, Value x, Value y, Value v) {
  // add(b, loc, a(b, loc), c(b, loc)) in a comment is not a call.
  const char *s = "add(b, loc, a(b, loc), c(b, loc))";
  Value one = add(b, loc, x, mul(b, loc, x, y));
  auto range = ValueRange{cIndex(b, loc, 0), cIndex(b, loc, 1)};
  if (cond(b, loc) && other(b, loc))
    return add(b, loc, toIndex(b, loc, v),
               arith::MulIOp::create(b, loc, x, y));
  Value step = cIndex(b, loc, 1);
  Value upper = cIndex(b, loc, 8);
  return ForOp::create(b, loc, cIndex(b, loc, 0), upper, step,
                       cIndex(b, loc, 2)).getResult(0);
}
