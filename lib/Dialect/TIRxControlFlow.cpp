//===- TIRxControlFlow.cpp - tirx.for/while/if/break/continue ---*- C++ -*-===//

#include "TIRx/Dialect/TIRxOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tirx;

/// Appends an implicit `tirx.yield` when a parsed region's block does not
/// end in a terminator.
static void ensureYield(OpBuilder &builder, Location loc, Region &region) {
  if (region.empty())
    region.push_back(new Block());
  Block &block = region.front();
  if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
    return;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&block);
  YieldOp::create(builder, loc);
}

/// Prints a statement region, eliding a trailing `tirx.yield`.
static void printStmtRegion(OpAsmPrinter &p, Region &region,
                            bool printEntryArgs = false) {
  bool elide = !region.empty() && !region.front().empty() &&
               isa<YieldOp>(region.front().back());
  p.printRegion(region, printEntryArgs, /*printBlockTerminators=*/!elide);
}

/// A statement region ends in tirx.yield, tirx.break or tirx.continue.
static LogicalResult verifyStmtRegion(Operation *op, Region &region,
                                      StringRef what) {
  if (region.empty())
    return success();
  Block &block = region.front();
  if (block.empty() || !isa<YieldOp, BreakOp, ContinueOp>(block.back()))
    return op->emitOpError()
           << what
           << " region must end with 'tirx.yield', 'tirx.break' or "
              "'tirx.continue'";
  return success();
}

//===----------------------------------------------------------------------===//
// ForOp
//===----------------------------------------------------------------------===//

void ForOp::build(OpBuilder &builder, OperationState &state, Value lowerBound,
                  Value upperBound, Value step, ForKind kind) {
  state.addOperands({lowerBound, upperBound, step});
  state.getOrAddProperties<Properties>().kind =
      ForKindAttr::get(builder.getContext(), kind);
  Region *body = state.addRegion();
  Block *block = new Block();
  block->addArgument(lowerBound.getType(), state.location);
  body->push_back(block);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(block);
  YieldOp::create(builder, state.location);
}

ParseResult ForOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  OpAsmParser::Argument iv;
  OpAsmParser::UnresolvedOperand lb, ub, step;
  if (parser.parseArgument(iv) || parser.parseEqual() ||
      parser.parseOperand(lb) || parser.parseKeyword("to") ||
      parser.parseOperand(ub) || parser.parseKeyword("step") ||
      parser.parseOperand(step))
    return failure();
  ForKind kind = ForKind::Serial;
  SMLoc kindLoc = parser.getCurrentLocation();
  StringRef keyword;
  if (succeeded(parser.parseOptionalKeyword(
          &keyword, {"serial", "unroll", "vectorized", "parallel"}))) {
    std::optional<ForKind> parsed = symbolizeForKind(keyword);
    if (!parsed)
      return parser.emitError(kindLoc, "unknown loop kind '") << keyword << "'";
    kind = *parsed;
  }
  Type type = builder.getIndexType();
  if (succeeded(parser.parseOptionalColon()) && parser.parseType(type))
    return failure();
  iv.type = type;
  if (parser.resolveOperand(lb, type, result.operands) ||
      parser.resolveOperand(ub, type, result.operands) ||
      parser.resolveOperand(step, type, result.operands))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, {iv}))
    return failure();
  OpBuilder opBuilder(builder.getContext());
  ensureYield(opBuilder, result.location, *body);
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  result.getOrAddProperties<Properties>().kind =
      ForKindAttr::get(builder.getContext(), kind);
  return success();
}

void ForOp::print(OpAsmPrinter &p) {
  p << " ";
  p.printOperand(getInductionVar());
  p << " = " << getLowerBound() << " to " << getUpperBound() << " step "
    << getStep();
  if (getKind() != ForKind::Serial)
    p << " " << stringifyForKind(getKind());
  if (!getLowerBound().getType().isIndex())
    p << " : " << getLowerBound().getType();
  p << " ";
  printStmtRegion(p, getBody());
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(), {"kind"});
}

LogicalResult ForOp::verify() {
  Type type = getLowerBound().getType();
  if (getUpperBound().getType() != type || getStep().getType() != type)
    return emitOpError("bounds and step must have one type");
  APInt step;
  if (matchPattern(getStep(), m_ConstantInt(&step)) && !step.isStrictlyPositive())
    return emitOpError("step must be positive, got ")
           << llvm::toString(step, 10, /*Signed=*/true);
  if (getKind() == ForKind::Vectorized &&
      (!matchPattern(getLowerBound(), m_Constant()) ||
       !matchPattern(getUpperBound(), m_Constant()) ||
       !matchPattern(getStep(), m_Constant())))
    return emitOpError("a vectorized loop needs constant bounds and step");
  return success();
}

LogicalResult ForOp::verifyRegions() {
  Block &block = getBody().front();
  if (block.getNumArguments() != 1 ||
      block.getArgument(0).getType() != getLowerBound().getType())
    return emitOpError("body must have one argument of the bound type ")
           << getLowerBound().getType();
  return verifyStmtRegion(*this, getBody(), "body");
}

//===----------------------------------------------------------------------===//
// WhileOp
//===----------------------------------------------------------------------===//

void WhileOp::build(OpBuilder &builder, OperationState &state) {
  state.addRegion()->push_back(new Block());
  Region *body = state.addRegion();
  body->push_back(new Block());
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&body->front());
  YieldOp::create(builder, state.location);
}

ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &result) {
  Region *cond = result.addRegion();
  Region *body = result.addRegion();
  if (parser.parseRegion(*cond) || parser.parseKeyword("do") ||
      parser.parseRegion(*body))
    return failure();
  if (cond->empty())
    cond->push_back(new Block());
  OpBuilder builder(parser.getContext());
  ensureYield(builder, result.location, *body);
  return parser.parseOptionalAttrDictWithKeyword(result.attributes);
}

void WhileOp::print(OpAsmPrinter &p) {
  p << " ";
  p.printRegion(getCond(), /*printEntryBlockArgs=*/false);
  p << " do ";
  printStmtRegion(p, getBody());
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs());
}

LogicalResult WhileOp::verifyRegions() {
  Block &cond = getCond().front();
  if (cond.getNumArguments() != 0 || getBody().front().getNumArguments() != 0)
    return emitOpError("regions take no arguments");
  if (cond.empty() || !isa<ConditionOp>(cond.back()))
    return emitOpError("condition region must end with 'tirx.condition'");
  return verifyStmtRegion(*this, getBody(), "body");
}

LogicalResult ConditionOp::verify() {
  auto loop = cast<WhileOp>((*this)->getParentOp());
  if ((*this)->getParentRegion() != &loop.getCond())
    return emitOpError("must end the condition region of 'tirx.while'");
  return success();
}

//===----------------------------------------------------------------------===//
// IfOp
//===----------------------------------------------------------------------===//

void IfOp::build(OpBuilder &builder, OperationState &state, Value condition,
                 bool withElse) {
  state.addOperands(condition);
  OpBuilder::InsertionGuard guard(builder);
  for (int i = 0; i < 2; ++i) {
    Region *region = state.addRegion();
    if (i == 1 && !withElse)
      continue;
    region->push_back(new Block());
    builder.setInsertionPointToEnd(&region->front());
    YieldOp::create(builder, state.location);
  }
}

ParseResult IfOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand cond;
  if (parser.parseOperand(cond) ||
      parser.resolveOperand(cond, parser.getBuilder().getI1Type(),
                            result.operands))
    return failure();
  Region *thenRegion = result.addRegion();
  Region *elseRegion = result.addRegion();
  if (parser.parseRegion(*thenRegion))
    return failure();
  OpBuilder builder(parser.getContext());
  ensureYield(builder, result.location, *thenRegion);
  if (succeeded(parser.parseOptionalKeyword("else"))) {
    if (parser.parseRegion(*elseRegion))
      return failure();
    ensureYield(builder, result.location, *elseRegion);
  }
  return parser.parseOptionalAttrDictWithKeyword(result.attributes);
}

void IfOp::print(OpAsmPrinter &p) {
  p << " " << getCondition() << " ";
  printStmtRegion(p, getThenRegion());
  if (!getElseRegion().empty()) {
    p << " else ";
    printStmtRegion(p, getElseRegion());
  }
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs());
}

LogicalResult IfOp::verifyRegions() {
  for (Region *region : {&getThenRegion(), &getElseRegion()})
    if (!region->empty() && region->front().getNumArguments() != 0)
      return emitOpError("regions take no arguments");
  if (failed(verifyStmtRegion(*this, getThenRegion(), "then")))
    return failure();
  return verifyStmtRegion(*this, getElseRegion(), "else");
}

//===----------------------------------------------------------------------===//
// BreakOp / ContinueOp
//===----------------------------------------------------------------------===//

/// break/continue must be in a loop body, possibly through tirx.if regions.
static LogicalResult verifyInLoop(Operation *op) {
  Region *region = op->getParentRegion();
  Operation *parent = op->getParentOp();
  while (parent) {
    if (isa<ForOp>(parent))
      return success();
    if (auto loop = dyn_cast<WhileOp>(parent)) {
      if (region == &loop.getBody())
        return success();
      return op->emitOpError(
          "cannot leave the condition region of 'tirx.while'");
    }
    if (!isa<IfOp>(parent))
      break;
    region = parent->getParentRegion();
    parent = parent->getParentOp();
  }
  return op->emitOpError("must be inside a 'tirx.for' or 'tirx.while' body");
}

LogicalResult BreakOp::verify() { return verifyInLoop(*this); }
LogicalResult ContinueOp::verify() { return verifyInLoop(*this); }
