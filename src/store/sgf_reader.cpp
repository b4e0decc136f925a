#include "store/sgf_reader.h"

#include <cctype>

namespace pg {

namespace {

constexpr std::size_t kMaxText = 4 << 20;  // 4 MiB: far above any real record
constexpr int kMaxDepth = 200;             // nested variations

class Parser {
 public:
  explicit Parser(const std::string& t) : t_(t) {}

  std::vector<SgfNode> collection() {
    skipSpace();
    if (at() != '(') throw SgfError("an SGF collection starts with '('");
    std::vector<SgfNode> main;
    tree(main, 0, true);
    // Further game trees of the collection are parsed (to reject malformed text) and ignored.
    skipSpace();
    while (pos_ < t_.size()) {
      if (at() != '(') throw SgfError("text after the game tree");
      std::vector<SgfNode> ignored;
      tree(ignored, 0, false);
      skipSpace();
    }
    return main;
  }

 private:
  char at() const { return pos_ < t_.size() ? t_[pos_] : '\0'; }
  bool end() const { return pos_ >= t_.size(); }
  void skipSpace() {
    while (!end() && std::isspace(static_cast<unsigned char>(t_[pos_]))) ++pos_;
  }

  // GameTree = "(" Sequence { GameTree } ")"
  void tree(std::vector<SgfNode>& out, int depth, bool keep) {
    if (depth > kMaxDepth) throw SgfError("variations nested too deeply");
    ++pos_;  // '('
    skipSpace();
    if (at() != ';') throw SgfError("a game tree starts with a node");
    while (true) {
      skipSpace();
      if (at() != ';') break;
      ++pos_;
      SgfNode n = node();
      if (keep) out.push_back(std::move(n));
    }
    bool first = true;
    while (true) {
      skipSpace();
      if (end()) throw SgfError("unterminated game tree");
      if (at() == ')') {
        ++pos_;
        return;
      }
      if (at() != '(') throw SgfError("unexpected character in a game tree");
      tree(out, depth + 1, keep && first);
      first = false;
    }
  }

  SgfNode node() {
    SgfNode n;
    while (true) {
      skipSpace();
      if (end() || !std::isupper(static_cast<unsigned char>(at()))) return n;
      std::string id;
      while (!end() && std::isalpha(static_cast<unsigned char>(at()))) {
        // FF[4] identifiers are upper case; old files mix lower-case letters in: skip those.
        if (std::isupper(static_cast<unsigned char>(at()))) id += at();
        ++pos_;
        if (id.size() > 8) throw SgfError("property identifier too long");
      }
      std::vector<std::string> values;
      skipSpace();
      if (at() != '[') throw SgfError("property " + id + " has no value");
      while (at() == '[') {
        values.push_back(value());
        skipSpace();
      }
      for (auto& p : n.props)
        if (p.first == id) throw SgfError("property " + id + " twice in one node");
      n.props.emplace_back(std::move(id), std::move(values));
    }
  }

  std::string value() {
    ++pos_;  // '['
    std::string v;
    while (true) {
      if (end()) throw SgfError("unterminated property value");
      char c = t_[pos_++];
      if (c == ']') return v;
      if (c == '\\') {
        if (end()) throw SgfError("unterminated property value");
        c = t_[pos_++];
        if (c == '\n' || c == '\r') {  // soft line break: removed
          if (!end() && (t_[pos_] == '\n' || t_[pos_] == '\r') && t_[pos_] != c) ++pos_;
          continue;
        }
      }
      v += c;
    }
  }

  const std::string& t_;
  std::size_t pos_ = 0;
};

int parseSize(const std::string& s) {
  if (s.empty() || s.size() > 3) throw SgfError("bad SZ");
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') throw SgfError("bad SZ");
    v = v * 10 + (c - '0');
  }
  if (v < 1 || v > kMaxSize) throw SgfError("SZ out of range");
  return v;
}

}  // namespace

const std::vector<std::string>* SgfNode::find(const std::string& id) const {
  for (const auto& p : props)
    if (p.first == id) return &p.second;
  return nullptr;
}

std::string SgfNode::value(const std::string& id, const std::string& fallback) const {
  const auto* v = find(id);
  return v && !v->empty() ? v->front() : fallback;
}

std::vector<SgfNode> parseSgfMainLine(const std::string& text) {
  if (text.size() > kMaxText) throw SgfError("SGF text too large");
  return Parser(text).collection();
}

Point sgfPointFrom(const std::string& s, int size) {
  if (s.empty()) return kNoPoint;
  if (s == "tt" && size <= 19) return kNoPoint;
  if (s.size() != 2) throw SgfError("bad point '" + s + "'");
  const int x = s[0] - 'a';
  const int row = s[1] - 'a';
  if (x < 0 || x >= size || row < 0 || row >= size) throw SgfError("point off the board");
  const int y = size - 1 - row;
  return static_cast<Point>(y * size + x);
}

SgfRecord readSgf(const std::string& text) {
  const std::vector<SgfNode> nodes = parseSgfMainLine(text);
  if (nodes.empty()) throw SgfError("no nodes");
  const SgfNode& root = nodes.front();
  if (root.value("GM", "1") != "1") throw SgfError("not a game of Go");
  SgfRecord r;
  r.size = parseSize(root.value("SZ", "19"));
  r.komi = root.value("KM");
  r.black_name = root.value("PB");
  r.white_name = root.value("PW");
  r.date = root.value("DT");
  r.game_name = root.value("GN");
  r.result = root.value("RE");
  r.game_comment = root.value("GC");
  r.application = root.value("AP");
  if (const auto* ab = root.find("AB"))
    for (const std::string& v : *ab) {
      const Point p = sgfPointFrom(v, r.size);
      if (p == kNoPoint) throw SgfError("AB holds a pass");
      r.handicap.push_back(p);
    }
  for (std::size_t i = 1; i < nodes.size(); ++i) {
    const SgfNode& n = nodes[i];
    const auto* b = n.find("B");
    const auto* w = n.find("W");
    if (b && w) throw SgfError("a node with both B and W");
    SgfRecord::Move m;
    m.comment = n.value("C");
    if (b || w) {
      const auto* v = b ? b : w;
      if (v->size() != 1) throw SgfError("a move has one value");
      m.has_move = true;
      m.player = b ? Color::Black : Color::White;
      m.point = sgfPointFrom(v->front(), r.size);
      m.pass = m.point == kNoPoint;
    }
    r.moves.push_back(std::move(m));
  }
  return r;
}

}  // namespace pg
