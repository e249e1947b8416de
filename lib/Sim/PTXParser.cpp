//===- PTXParser.cpp - PTX text to a syntax tree ----------------*- C++ -*-===//
//
// A hand-written lexer and recursive-descent parser for the PTX subset that
// LLVM's NVPTX back end and the tirx.ptx inline-PTX templates produce. It
// checks syntax only: which opcodes and operand forms mean something is the
// translator's business, so an instruction it does not know still parses
// (and is then reported as not modeled, by name).
//
//===----------------------------------------------------------------------===//

#include "PTXParser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <cctype>
#include <cstdlib>

using namespace mlir::tirx::sim;
using namespace mlir::tirx::sim::ptxfe;

unsigned ptxfe::typeBytes(llvm::StringRef t) {
  return llvm::StringSwitch<unsigned>(t)
      .Cases({"b8", "u8", "s8", "pred", "e4m3", "e5m2", "e2m1x2"}, 1)
      .Cases({"b16", "u16", "s16", "f16", "bf16", "e4m3x2", "e5m2x2",
              "e2m3x2", "e3m2x2", "ue8m0x2"},
             2)
      .Cases({"b32", "u32", "s32", "f32", "f16x2", "bf16x2", "tf32"}, 4)
      .Cases({"b64", "u64", "s64", "f64", "f32x2"}, 8)
      .Case("b128", 16)
      .Default(0);
}

unsigned VarDecl::elemBytes() const { return typeBytes(type); }

namespace {

struct Token {
  enum Kind : uint8_t {
    Ident,
    Number,
    String,
    Punct,
    AsmBegin, // `// begin inline asm`
    AsmEnd,   // `// end inline asm`
    Eof
  } kind = Eof;
  llvm::StringRef text;
  SrcPos pos;
  size_t offset = 0; // into the source
};

bool isIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '%' || c == '.';
}
bool isIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '.';
}

class Lexer {
public:
  explicit Lexer(llvm::StringRef src) : src(src) {}

  std::vector<Token> run(ParseError &err) {
    std::vector<Token> out;
    while (true) {
      skipSpace(out);
      if (failedLex) {
        err = lexError;
        return {};
      }
      Token t;
      t.pos = pos();
      t.offset = i;
      if (i >= src.size()) {
        t.kind = Token::Eof;
        out.push_back(t);
        return out;
      }
      char c = src[i];
      if (std::isdigit(static_cast<unsigned char>(c))) {
        size_t start = i;
        // Numbers: 123, 0x1F, 0f3F800000, 0d..., 1.5, 2e10, 8.0, 15U.
        while (i < src.size() &&
               (std::isalnum(static_cast<unsigned char>(src[i])) ||
                src[i] == '.' ||
                ((src[i] == '+' || src[i] == '-') && i > start &&
                 (src[i - 1] == 'e' || src[i - 1] == 'E') &&
                 !(src[start] == '0' && start + 1 < src.size() &&
                   (src[start + 1] == 'x' || src[start + 1] == 'X' ||
                    src[start + 1] == 'f' || src[start + 1] == 'F' ||
                    src[start + 1] == 'd' || src[start + 1] == 'D')))))
          advance();
        t.kind = Token::Number;
        t.text = src.slice(start, i);
        out.push_back(t);
        continue;
      }
      if (isIdentStart(c)) {
        size_t start = i;
        advance();
        while (i < src.size()) {
          if (isIdentChar(src[i])) {
            advance();
            continue;
          }
          // `shared::cta`: "::" inside an identifier.
          if (src[i] == ':' && i + 2 < src.size() && src[i + 1] == ':' &&
              isIdentChar(src[i + 2])) {
            advance();
            advance();
            continue;
          }
          break;
        }
        t.kind = Token::Ident;
        t.text = src.slice(start, i);
        out.push_back(t);
        continue;
      }
      if (c == '"') {
        size_t start = i;
        advance();
        while (i < src.size() && src[i] != '"' && src[i] != '\n') {
          if (src[i] == '\\' && i + 1 < src.size())
            advance();
          advance();
        }
        if (i >= src.size() || src[i] != '"') {
          err = {t.pos, "unterminated string"};
          return {};
        }
        advance();
        t.kind = Token::String;
        t.text = src.slice(start + 1, i - 1);
        out.push_back(t);
        continue;
      }
      if (llvm::StringRef(",;:[](){}<>+-!|@=*/&~^").contains(c)) {
        t.kind = Token::Punct;
        t.text = src.slice(i, i + 1);
        advance();
        out.push_back(t);
        continue;
      }
      err = {t.pos, std::string("unexpected character '") + c + "'"};
      return {};
    }
  }

private:
  llvm::StringRef src;
  size_t i = 0;
  unsigned line = 1, col = 1;
  bool failedLex = false;
  ParseError lexError;

  SrcPos pos() const { return {line, col}; }
  void advance() {
    if (src[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
    ++i;
  }
  void skipSpace(std::vector<Token> &out) {
    while (i < src.size()) {
      char c = src[i];
      if (std::isspace(static_cast<unsigned char>(c))) {
        advance();
        continue;
      }
      if (c == '/' && i + 1 < src.size() && src[i + 1] == '/') {
        Token t;
        t.pos = pos();
        t.offset = i;
        size_t start = i;
        while (i < src.size() && src[i] != '\n')
          advance();
        llvm::StringRef comment = src.slice(start + 2, i).trim();
        if (comment == "begin inline asm") {
          t.kind = Token::AsmBegin;
          out.push_back(t);
        } else if (comment == "end inline asm") {
          t.kind = Token::AsmEnd;
          out.push_back(t);
        }
        continue;
      }
      if (c == '/' && i + 1 < src.size() && src[i + 1] == '*') {
        SrcPos at = pos();
        advance();
        advance();
        while (i + 1 < src.size() && !(src[i] == '*' && src[i + 1] == '/'))
          advance();
        if (i + 1 >= src.size()) {
          failedLex = true;
          lexError = {at, "unterminated comment"};
          return;
        }
        advance();
        advance();
        continue;
      }
      break;
    }
  }
};

const llvm::StringRef kSpecialRegs[] = {
    "%tid",        "%ntid",         "%laneid",         "%warpid",
    "%nwarpid",    "%ctaid",        "%nctaid",         "%smid",
    "%nsmid",      "%gridid",       "%lanemask_eq",    "%lanemask_le",
    "%lanemask_lt", "%lanemask_ge", "%lanemask_gt",    "%clock",
    "%clock64",    "%clock_hi",     "%globaltimer",    "%globaltimer_lo",
    "%globaltimer_hi", "%total_smem_size", "%dynamic_smem_size",
    "%aggr_smem_size", "%clusterid", "%nclusterid",    "%cluster_ctaid",
    "%cluster_nctaid", "%cluster_ctarank", "%cluster_nctarank",
    "%is_explicit_cluster", "%pm0", "%pm1", "%pm2", "%pm3", "%reserved_smem_offset_begin",
    "%current_graph_exec"};

bool isSpecialName(llvm::StringRef name) {
  llvm::StringRef base = name.split('.').first;
  for (llvm::StringRef s : kSpecialRegs)
    if (base == s)
      return true;
  return base.starts_with("%envreg");
}

class Parser {
public:
  Parser(llvm::StringRef src, std::vector<Token> toks)
      : src(src), toks(std::move(toks)) {}

  std::unique_ptr<Module> run(ParseError &err) {
    auto m = std::make_unique<Module>();
    mod = m.get();
    while (!failed && peek().kind != Token::Eof) {
      if (peek().kind == Token::AsmBegin || peek().kind == Token::AsmEnd) {
        next();
        continue;
      }
      parseTopLevel();
    }
    if (failed) {
      err = error;
      return nullptr;
    }
    return m;
  }

private:
  llvm::StringRef src;
  std::vector<Token> toks;
  size_t p = 0;
  Module *mod = nullptr;
  bool failed = false;
  ParseError error;
  // Line info in effect.
  unsigned locFile = 0, locLine = 0, locCol = 0;
  bool inAsm = false;

  const Token &peek(size_t k = 0) const {
    return toks[std::min(p + k, toks.size() - 1)];
  }
  const Token &next() {
    const Token &t = toks[std::min(p, toks.size() - 1)];
    if (p < toks.size() - 1)
      ++p;
    return t;
  }
  bool isPunct(llvm::StringRef c, size_t k = 0) const {
    return peek(k).kind == Token::Punct && peek(k).text == c;
  }
  bool isIdent(llvm::StringRef s, size_t k = 0) const {
    return peek(k).kind == Token::Ident && peek(k).text == s;
  }
  bool fail(const Token &at, const llvm::Twine &msg) {
    if (!failed) {
      failed = true;
      error = {at.pos, msg.str()};
    }
    return false;
  }
  bool expectPunct(llvm::StringRef c) {
    if (!isPunct(c))
      return fail(peek(), "expected '" + c + "', found '" + describe(peek()) +
                              "'");
    next();
    return true;
  }
  static std::string describe(const Token &t) {
    if (t.kind == Token::Eof)
      return "end of input";
    return t.text.str();
  }
  bool parseInt(const Token &t, int64_t &v) {
    llvm::StringRef s = t.text;
    bool neg = false;
    s.consume_back("U");
    s.consume_back("u");
    unsigned radix = 10;
    if (s.starts_with_insensitive("0x")) {
      radix = 16;
      s = s.drop_front(2);
    } else if (s.starts_with_insensitive("0b")) {
      radix = 2;
      s = s.drop_front(2);
    } else if (s.size() > 1 && s[0] == '0') {
      radix = 8;
      s = s.drop_front(1);
    }
    uint64_t u;
    if (s.getAsInteger(radix, u))
      return fail(t, "invalid integer '" + t.text + "'");
    v = neg ? -static_cast<int64_t>(u) : static_cast<int64_t>(u);
    return true;
  }
  bool expectInt(int64_t &v) {
    bool neg = false;
    if (isPunct("-")) {
      next();
      neg = true;
    }
    if (peek().kind != Token::Number)
      return fail(peek(), "expected an integer, found '" + describe(peek()) +
                              "'");
    if (!parseInt(next(), v))
      return false;
    if (neg)
      v = -v;
    return true;
  }

  /// An initializer element: an integer, or a float literal's bits
  /// (0fXXXXXXXX, 0dXXXXXXXXXXXXXXXX).
  bool expectInitValue(int64_t &v) {
    bool neg = isPunct("-");
    const Token &t = peek(neg ? 1 : 0);
    llvm::StringRef s = t.text;
    if (t.kind == Token::Number && s.size() > 2 && s[0] == '0' &&
        (s[1] == 'f' || s[1] == 'F' || s[1] == 'd' || s[1] == 'D')) {
      if (neg)
        next();
      next();
      uint64_t bits;
      if (s.drop_front(2).getAsInteger(16, bits))
        return fail(t, "invalid float literal '" + s + "'");
      if (neg)
        bits ^= uint64_t(1) << ((s[1] == 'f' || s[1] == 'F') ? 31 : 63);
      v = static_cast<int64_t>(bits);
      return true;
    }
    return expectInt(v);
  }

  void skipToSemicolon() {
    while (peek().kind != Token::Eof && !isPunct(";"))
      next();
    if (isPunct(";"))
      next();
  }

  void parseLoc() {
    // .loc file line col [, function_name ..., inlined_at f l c]
    next();
    int64_t f = 0, l = 0, c = 0;
    if (!expectInt(f) || !expectInt(l))
      return;
    if (peek().kind == Token::Number && !expectInt(c))
      return;
    // Extras (function_name label, inlined_at f l c) on the same line.
    unsigned line = toks[p - 1].pos.line;
    while (peek().kind != Token::Eof && peek().pos.line == line)
      next();
    locFile = static_cast<unsigned>(f);
    locLine = static_cast<unsigned>(l);
    locCol = static_cast<unsigned>(c);
  }

  void parseFile() {
    next();
    int64_t n;
    if (!expectInt(n))
      return;
    if (peek().kind != Token::String) {
      fail(peek(), "expected a file name after .file");
      return;
    }
    std::string name = next().text.str();
    // An optional directory: `.file 1 "dir" "name"`.
    if (peek().kind == Token::String) {
      std::string file = next().text.str();
      if (!file.empty() && file[0] != '/')
        name = name + "/" + file;
      else
        name = file;
    }
    // Optional timestamp and size.
    while (isPunct(",")) {
      next();
      int64_t ignored;
      if (!expectInt(ignored))
        return;
    }
    mod->files.push_back({static_cast<unsigned>(n), name});
  }

  void skipBraces() {
    int depth = 0;
    while (peek().kind != Token::Eof) {
      const Token &t = next();
      if (t.kind == Token::Punct && t.text == "{")
        ++depth;
      else if (t.kind == Token::Punct && t.text == "}" && --depth <= 0)
        return;
    }
  }

  void parseTopLevel() {
    const Token &t = peek();
    if (t.kind != Token::Ident) {
      fail(t, "expected a directive, found '" + describe(t) + "'");
      return;
    }
    llvm::StringRef d = t.text;
    if (d == ".version") {
      next();
      mod->version = next().text.str();
      return;
    }
    if (d == ".target") {
      next();
      mod->target = next().text.str();
      while (isPunct(",")) {
        next();
        next();
      }
      return;
    }
    if (d == ".address_size") {
      next();
      int64_t v;
      if (expectInt(v))
        mod->addressSize = static_cast<unsigned>(v);
      return;
    }
    if (d == ".file")
      return parseFile();
    if (d == ".loc")
      return parseLoc();
    if (d == ".pragma") {
      skipToSemicolon();
      return;
    }
    if (d == ".section") {
      next();
      next();
      skipBraces();
      return;
    }
    bool isExtern = false;
    while (isIdent(".visible") || isIdent(".extern") || isIdent(".weak") ||
           isIdent(".common")) {
      isExtern |= peek().text == ".extern";
      next();
    }
    if (isIdent(".entry") || isIdent(".func"))
      return parseFunction(isExtern);
    if (isIdent(".global") || isIdent(".shared") || isIdent(".const") ||
        isIdent(".local") || isIdent(".tex") || isIdent(".surf")) {
      std::vector<VarDecl> decls;
      if (!parseVarDecl(decls, /*inList=*/false))
        return;
      for (VarDecl &v : decls) {
        v.isExtern = isExtern;
        mod->globals.push_back(std::move(v));
      }
      return;
    }
    fail(peek(), "unexpected '" + describe(peek()) + "' at the top level");
  }

  /// `.space .attrs... .type name[<N>][[N]] [= init] {, name...}` up to the
  /// `;` (or, in a parameter list, up to the `,` or `)`).
  bool parseVarDecl(std::vector<VarDecl> &out, bool inList) {
    VarDecl base;
    base.pos = peek().pos;
    base.space = next().text.drop_front().str();
    while (peek().kind == Token::Ident && peek().text.starts_with(".")) {
      llvm::StringRef a = peek().text.drop_front();
      if (a == "align") {
        next();
        int64_t v;
        if (!expectInt(v))
          return false;
        base.align = static_cast<unsigned>(v);
        continue;
      }
      if (a == "ptr") {
        next();
        base.isPtr = true;
        if (peek().kind == Token::Ident &&
            (peek().text == ".global" || peek().text == ".shared" ||
             peek().text == ".local" || peek().text == ".const")) {
          base.ptrSpace = next().text.drop_front().str();
        }
        continue;
      }
      if (a == "v2" || a == "v4" || a == "v8") {
        next();
        continue;
      }
      next();
      base.type = a.str();
    }
    if (base.type.empty())
      return fail(peek(), "expected a type in the declaration");
    while (true) {
      VarDecl v = base;
      if (peek().kind != Token::Ident)
        return fail(peek(), "expected a name in the declaration, found '" +
                                describe(peek()) + "'");
      v.pos = peek().pos;
      v.name = next().text.str();
      if (isPunct("<")) {
        next();
        int64_t n;
        if (!expectInt(n) || !expectPunct(">"))
          return false;
        v.count = static_cast<unsigned>(n);
      }
      if (isPunct("[")) {
        next();
        if (isPunct("]")) {
          v.arrayLen = -1;
        } else {
          int64_t n;
          if (!expectInt(n))
            return false;
          v.arrayLen = n;
        }
        if (!expectPunct("]"))
          return false;
      }
      if (isPunct("=")) {
        next();
        if (isPunct("{")) {
          next();
          while (!isPunct("}")) {
            int64_t x;
            if (!expectInitValue(x))
              return false;
            v.init.push_back(x);
            if (isPunct(","))
              next();
          }
          next();
        } else {
          int64_t x;
          if (!expectInitValue(x))
            return false;
          v.init.push_back(x);
        }
      }
      out.push_back(std::move(v));
      if (inList)
        return true;
      if (isPunct(",")) {
        next();
        continue;
      }
      return expectPunct(";");
    }
  }

  bool parseParamList(std::vector<VarDecl> &out) {
    if (!expectPunct("("))
      return false;
    while (!isPunct(")")) {
      if (!isIdent(".param") && !isIdent(".reg"))
        return fail(peek(), "expected '.param' in the parameter list, found '" +
                                describe(peek()) + "'");
      if (!parseVarDecl(out, /*inList=*/true))
        return false;
      if (isPunct(","))
        next();
      else if (!isPunct(")"))
        return fail(peek(), "expected ',' or ')' in the parameter list");
    }
    next();
    return true;
  }

  void parseFunction(bool isExtern) {
    Function f;
    f.isEntry = peek().text == ".entry";
    f.pos = peek().pos;
    next();
    if (!f.isEntry && isPunct("(")) {
      if (!parseParamList(f.results))
        return;
    }
    if (peek().kind != Token::Ident) {
      fail(peek(), "expected the function's name");
      return;
    }
    f.name = next().text.str();
    if (isPunct("(") && !parseParamList(f.params))
      return;
    // Performance directives.
    while (peek().kind == Token::Ident && peek().text.starts_with(".")) {
      llvm::StringRef d = next().text;
      auto dims = [&](int64_t *out) {
        for (int k = 0; k < 3; ++k) {
          if (k > 0 && !isPunct(","))
            break;
          if (k > 0)
            next();
          if (!expectInt(out[k]))
            return;
        }
      };
      if (d == ".reqntid")
        dims(f.reqntid);
      else if (d == ".maxntid")
        dims(f.maxntid);
      else if (d == ".reqnctapercluster")
        dims(f.reqnctapercluster);
      else if (d == ".explicitcluster")
        f.explicitCluster = true;
      else if (d == ".noreturn")
        ;
      else if (d == ".pragma")
        skipToSemicolon();
      else if (d == ".maxnreg" || d == ".minnctapersm" ||
               d == ".maxclusterrank" || d == ".maxnctapersm") {
        int64_t ignored;
        expectInt(ignored);
      } else {
        fail(toks[p - 1], "unknown function directive '" + d + "'");
        return;
      }
      if (failed)
        return;
    }
    if (isPunct(";")) {
      next();
      f.isExtern = true;
      mod->functions.push_back(std::move(f));
      return;
    }
    f.isExtern = isExtern;
    if (!expectPunct("{"))
      return;
    locFile = locLine = locCol = 0;
    int depth = 1;
    while (!failed) {
      const Token &t = peek();
      if (t.kind == Token::Eof) {
        fail(t, "unterminated function body of '" + f.name + "'");
        return;
      }
      if (t.kind == Token::AsmBegin) {
        inAsm = true;
        next();
        continue;
      }
      if (t.kind == Token::AsmEnd) {
        inAsm = false;
        next();
        continue;
      }
      if (isPunct("{")) {
        next();
        ++depth;
        f.body.push_back({Stmt::Kind::Open, 0});
        continue;
      }
      if (isPunct("}")) {
        next();
        if (--depth == 0)
          break;
        f.body.push_back({Stmt::Kind::Close, 0});
        continue;
      }
      if (isPunct(";")) { // an empty statement
        next();
        continue;
      }
      if (t.kind == Token::Ident && t.text == ".loc") {
        parseLoc();
        continue;
      }
      if (t.kind == Token::Ident && (t.text == ".pragma")) {
        skipToSemicolon();
        continue;
      }
      if (t.kind == Token::Ident &&
          (t.text == ".reg" || t.text == ".local" || t.text == ".shared" ||
           t.text == ".param" || t.text == ".const" || t.text == ".global")) {
        std::vector<VarDecl> decls;
        if (!parseVarDecl(decls, /*inList=*/false))
          return;
        for (VarDecl &v : decls) {
          f.body.push_back({Stmt::Kind::Decl, f.decls.size()});
          f.decls.push_back(std::move(v));
        }
        continue;
      }
      if (t.kind == Token::Ident && isPunct(":", 1)) {
        f.body.push_back({Stmt::Kind::Label, f.labels.size()});
        f.labels.push_back(t.text.str());
        f.labelPos.push_back(t.pos);
        next();
        next();
        continue;
      }
      Instr in;
      if (!parseInstr(in))
        return;
      f.body.push_back({Stmt::Kind::Instr, f.instrs.size()});
      f.instrs.push_back(std::move(in));
    }
    mod->functions.push_back(std::move(f));
  }

  bool parseInstr(Instr &in) {
    size_t startOffset = peek().offset;
    in.pos = peek().pos;
    in.locFile = locFile;
    in.locLine = locLine;
    in.locCol = locCol;
    in.inlineAsm = inAsm;
    if (isPunct("@")) {
      next();
      if (isPunct("!")) {
        next();
        in.guardNegated = true;
      }
      if (peek().kind != Token::Ident)
        return fail(peek(), "expected a predicate after '@'");
      in.guard = next().text.str();
    }
    if (peek().kind != Token::Ident)
      return fail(peek(), "expected an instruction, found '" +
                              describe(peek()) + "'");
    const Token &op = next();
    in.opcode = op.text.str();
    llvm::SmallVector<llvm::StringRef, 8> parts;
    op.text.split(parts, '.');
    for (llvm::StringRef s : parts)
      in.parts.push_back(s.str());
    while (!isPunct(";")) {
      if (peek().kind == Token::Eof)
        return fail(peek(), "expected ';' after '" + in.opcode + "'");
      Operand o;
      if (!parseOperand(o))
        return false;
      in.ops.push_back(std::move(o));
      if (isPunct(","))
        next();
      else if (!isPunct(";"))
        return fail(peek(), "expected ',' or ';' after an operand of '" +
                                in.opcode + "', found '" + describe(peek()) +
                                "'");
    }
    size_t end = peek().offset;
    next();
    in.text = src.slice(startOffset, end).trim().str();
    // Collapse whitespace for messages.
    std::string compact;
    bool space = false;
    for (char c : in.text) {
      if (std::isspace(static_cast<unsigned char>(c))) {
        space = true;
        continue;
      }
      if (space && !compact.empty())
        compact.push_back(' ');
      space = false;
      compact.push_back(c);
    }
    in.text = compact + ";";
    return true;
  }

  bool parseNumber(Operand &o, bool neg) {
    const Token &t = next();
    llvm::StringRef s = t.text;
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'f' || s[1] == 'F' ||
                                        s[1] == 'd' || s[1] == 'D')) {
      uint64_t bits;
      if (s.drop_front(2).getAsInteger(16, bits))
        return fail(t, "invalid float literal '" + s + "'");
      o.kind = Operand::Kind::FImm;
      o.fwidth = (s[1] == 'f' || s[1] == 'F') ? 32 : 64;
      if (neg)
        bits ^= uint64_t(1) << (o.fwidth - 1);
      o.fbits = bits;
      return true;
    }
    if (!s.starts_with_insensitive("0x") &&
        (s.contains('.') || s.contains('e') || s.contains('E'))) {
      o.kind = Operand::Kind::FImm;
      o.fwidth = 0;
      char *endp = nullptr;
      std::string str = s.str();
      o.fvalue = std::strtod(str.c_str(), &endp);
      if (!endp || *endp)
        return fail(t, "invalid number '" + s + "'");
      if (neg)
        o.fvalue = -o.fvalue;
      return true;
    }
    o.kind = Operand::Kind::Imm;
    int64_t v;
    if (!parseInt(t, v))
      return false;
    o.imm = neg ? -v : v;
    return true;
  }

  /// A base with an optional `+imm` / `-imm` / `+-imm` offset.
  bool parseAddrItem(Operand &o) {
    o.pos = peek().pos;
    if (isPunct("{")) {
      return parseOperand(o);
    }
    if (peek().kind == Token::Number || isPunct("-")) {
      bool neg = false;
      if (isPunct("-")) {
        next();
        neg = true;
      }
      if (peek().kind != Token::Number)
        return fail(peek(), "expected a number in the address");
      return parseNumber(o, neg);
    }
    if (peek().kind != Token::Ident)
      return fail(peek(), "expected a register or name in the address, "
                          "found '" + describe(peek()) + "'");
    o.name = next().text.str();
    o.kind = o.name[0] == '%' && !isSpecialName(o.name) ? Operand::Kind::Reg
                                                         : Operand::Kind::Sym;
    while (isPunct("+") || isPunct("-")) {
      bool neg = peek().text == "-";
      next();
      if (isPunct("-")) {
        next();
        neg = !neg;
      }
      int64_t v;
      if (!expectInt(v))
        return false;
      o.imm += neg ? -v : v;
    }
    return true;
  }

  bool parseOperand(Operand &o) {
    o.pos = peek().pos;
    if (isPunct("!")) {
      next();
      o.negated = true;
    }
    if (isPunct("[")) {
      next();
      o.kind = Operand::Kind::Addr;
      while (!isPunct("]")) {
        Operand item;
        if (!parseAddrItem(item))
          return false;
        o.elems.push_back(std::move(item));
        if (isPunct(","))
          next();
        else if (!isPunct("]"))
          return fail(peek(), "expected ']' after the address");
      }
      next();
      if (o.elems.empty())
        return fail(peek(), "empty address");
      return true;
    }
    if (isPunct("{") || isPunct("(")) {
      bool brace = isPunct("{");
      llvm::StringRef close = brace ? "}" : ")";
      next();
      o.kind = brace ? Operand::Kind::Vec : Operand::Kind::List;
      while (!isPunct(close)) {
        Operand e;
        if (!parseOperand(e))
          return false;
        o.elems.push_back(std::move(e));
        if (isPunct(","))
          next();
        else if (!isPunct(close))
          return fail(peek(), "expected ',' or '" + close + "'");
      }
      next();
      return true;
    }
    if (isPunct("-") || peek().kind == Token::Number) {
      bool neg = false;
      if (isPunct("-")) {
        next();
        neg = true;
      }
      if (peek().kind != Token::Number)
        return fail(peek(), "expected a number after '-'");
      return parseNumber(o, neg);
    }
    if (peek().kind != Token::Ident)
      return fail(peek(), "expected an operand, found '" + describe(peek()) +
                              "'");
    o.name = next().text.str();
    if (o.name == "_")
      o.kind = Operand::Kind::Sink;
    else if (isSpecialName(o.name))
      o.kind = Operand::Kind::Special;
    else if (o.name[0] == '%')
      o.kind = Operand::Kind::Reg;
    else
      o.kind = Operand::Kind::Sym; // a register of inline asm, a label or a
                                   // variable: resolved by the translator
    if (isPunct("|")) {
      next();
      if (peek().kind != Token::Ident)
        return fail(peek(), "expected a predicate after '|'");
      o.pairName = next().text.str();
    }
    if (o.kind == Operand::Kind::Sym && (isPunct("+") || isPunct("-")) &&
        peek(1).kind == Token::Number) {
      bool neg = peek().text == "-";
      next();
      int64_t v;
      if (!expectInt(v))
        return false;
      o.imm = neg ? -v : v;
    }
    return true;
  }
};

} // namespace

std::unique_ptr<Module> ptxfe::parse(llvm::StringRef text, ParseError &error) {
  Lexer lexer(text);
  std::vector<Token> toks = lexer.run(error);
  if (toks.empty())
    return nullptr;
  Parser parser(text, std::move(toks));
  return parser.run(error);
}
