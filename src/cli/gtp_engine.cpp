#include "cli/gtp_engine.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iomanip>
#include <istream>
#include <ostream>
#include <sstream>

#include "rules/game.h"
#include "version.h"

namespace pg {

namespace {

const std::string kSyntaxError = "syntax error";

/// GTP v2 preprocessing of one line: control characters other than HT and LF removed, the
/// comment cut off, HT turned into a space; then the line split on spaces.
std::vector<std::string> tokenize(std::string_view line) {
  std::vector<std::string> tokens;
  std::string cur;
  for (const char ch : line) {
    if (ch == '#') break;
    const auto u = static_cast<unsigned char>(ch);
    const bool space = ch == '\t' || ch == ' ' || ch == '\n';
    if (!space && (u < 32 || u == 127)) continue;
    if (space) {
      if (!cur.empty()) tokens.push_back(std::move(cur));
      cur.clear();
    } else {
      cur += ch;
    }
  }
  if (!cur.empty()) tokens.push_back(std::move(cur));
  return tokens;
}

bool isId(const std::string& s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

bool parseInt(const std::string& s, int& out) {
  const char* end = s.data() + s.size();
  const auto [ptr, ec] = std::from_chars(s.data(), end, out);
  return ec == std::errc{} && ptr == end;
}

bool parseDouble(const std::string& s, double& out) {
  const char* end = s.data() + s.size();
  const auto [ptr, ec] = std::from_chars(s.data(), end, out);
  return ec == std::errc{} && ptr == end && std::isfinite(out);
}

/// "3.5", "7", "0.25": the shortest plain decimal form.
std::string formatNumber(double v) {
  std::ostringstream os;
  os << std::setprecision(12) << v;
  return os.str();
}

}  // namespace

GtpEngine::GtpEngine(const GtpOptions& options)
    : size_(options.size),
      topology_(options.topology),
      ko_(options.ko),
      komi_(options.komi),
      rng_(options.seed),
      board_(options.size, options.topology) {
  clear();
}

const std::vector<std::string>& GtpEngine::commandNames() {
  static const std::vector<std::string> names{"protocol_version",
                                              "name",
                                              "version",
                                              "known_command",
                                              "list_commands",
                                              "boardsize",
                                              "clear_board",
                                              "komi",
                                              "play",
                                              "genmove",
                                              "undo",
                                              "fixed_handicap",
                                              "final_score",
                                              "showboard",
                                              "list_stones",
                                              "quit"};
  return names;
}

bool GtpEngine::isLegal(Color c, Point p) const {
  if (board_.at(p) != Color::Empty || board_.isSuicide(c, p)) return false;
  if (ko_ == KoRule::Simple) return !(p == board_.koPoint() && c == board_.koColor());
  return !seen_.contains(board_.hashAfter(c, p));
}

void GtpEngine::clear() {
  handicap_.clear();
  moves_.clear();
  replay();
}

void GtpEngine::replay() {
  board_ = Board(size_, topology_);
  seen_.clear();
  seen_.insert(board_.hash());
  for (Point p : handicap_) board_.place(Color::Black, p);
  seen_.insert(board_.hash());
  for (const Move& m : moves_) apply(m);
}

void GtpEngine::apply(const Move& m) {
  if (m.point == kPass) {
    board_.clearKo();
    return;
  }
  board_.play(m.color, m.point);
  seen_.insert(board_.hash());
}

std::string GtpEngine::handleLine(std::string_view line) {
  std::vector<std::string> tokens = tokenize(line);
  if (tokens.empty()) return {};
  std::string id;
  if (isId(tokens.front())) {
    id = tokens.front();
    tokens.erase(tokens.begin());
  }
  Reply reply;
  if (tokens.empty()) {
    reply = {false, kSyntaxError};
  } else {
    const std::string name = tokens.front();
    tokens.erase(tokens.begin());
    reply = dispatch(name, tokens);
  }
  std::string out = reply.ok ? "=" : "?";
  out += id;
  if (!reply.text.empty()) {
    out += ' ';
    out += reply.text;
  }
  out += "\n\n";
  return out;
}

void GtpEngine::run(std::istream& in, std::ostream& out) {
  std::string line;
  while (!quit_ && std::getline(in, line)) {
    const std::string response = handleLine(line);
    if (response.empty()) continue;
    out << response;
    out.flush();
  }
}

GtpEngine::Reply GtpEngine::dispatch(const std::string& name,
                                     const std::vector<std::string>& args) {
  if (name == "protocol_version") return {true, "2"};
  if (name == "name") return {true, "phantomgo"};
  if (name == "version") return {true, kVersion};
  if (name == "known_command") {
    if (args.size() != 1) return {false, kSyntaxError};
    const auto& names = commandNames();
    const bool known = std::find(names.begin(), names.end(), args[0]) != names.end();
    return {true, known ? "true" : "false"};
  }
  if (name == "list_commands") {
    std::string text;
    for (const std::string& n : commandNames()) {
      if (!text.empty()) text += '\n';
      text += n;
    }
    return {true, text};
  }
  if (name == "boardsize") return cmdBoardsize(args);
  if (name == "clear_board") {
    clear();
    return {};
  }
  if (name == "komi") return cmdKomi(args);
  if (name == "play") return cmdPlay(args);
  if (name == "genmove") return cmdGenmove(args);
  if (name == "undo") return cmdUndo();
  if (name == "fixed_handicap") return cmdFixedHandicap(args);
  if (name == "final_score") return cmdFinalScore();
  if (name == "showboard") return cmdShowboard();
  if (name == "list_stones") return cmdListStones(args);
  if (name == "quit") {
    quit_ = true;
    return {};
  }
  return {false, "unknown command"};
}

GtpEngine::Reply GtpEngine::cmdBoardsize(const std::vector<std::string>& args) {
  int size = 0;
  if (args.size() != 1 || !parseInt(args[0], size)) return {false, kSyntaxError};
  if (size < kMinSize || size > kMaxSize) return {false, "unacceptable size"};
  size_ = size;
  clear();
  return {};
}

GtpEngine::Reply GtpEngine::cmdKomi(const std::vector<std::string>& args) {
  double komi = 0;
  if (args.size() != 1 || !parseDouble(args[0], komi)) return {false, kSyntaxError};
  komi_ = komi;
  return {};
}

GtpEngine::Reply GtpEngine::cmdPlay(const std::vector<std::string>& args) {
  if (args.size() != 2) return {false, kSyntaxError};
  const auto color = parseColor(args[0]);
  const auto point = parsePoint(args[1], size_);
  if (!color || !point) return {false, kSyntaxError};
  if (*point != kPass && !isLegal(*color, *point)) return {false, "illegal move"};
  moves_.push_back({*color, *point});
  apply(moves_.back());
  return {};
}

GtpEngine::Reply GtpEngine::cmdGenmove(const std::vector<std::string>& args) {
  if (args.size() != 1) return {false, kSyntaxError};
  const auto color = parseColor(args[0]);
  if (!color) return {false, kSyntaxError};
  // Sorted so that the choice depends only on the position and the seed.
  std::vector<Point> candidates;
  for (int i = 0; i < board_.numEmpty(); ++i) {
    const Point p = board_.emptyAt(i);
    if (!board_.isOnePointEye(*color, p) && isLegal(*color, p)) candidates.push_back(p);
  }
  std::sort(candidates.begin(), candidates.end());
  Point choice = kPass;
  if (!candidates.empty())
    choice = candidates[rng_.below(static_cast<uint32_t>(candidates.size()))];
  moves_.push_back({*color, choice});
  apply(moves_.back());
  return {true, pointName(choice, size_)};
}

GtpEngine::Reply GtpEngine::cmdUndo() {
  if (moves_.empty()) return {false, "cannot undo"};
  moves_.pop_back();
  replay();
  return {};
}

GtpEngine::Reply GtpEngine::cmdFixedHandicap(const std::vector<std::string>& args) {
  int n = 0;
  if (args.size() != 1 || !parseInt(args[0], n)) return {false, kSyntaxError};
  if (board_.stoneCount(Color::Black) + board_.stoneCount(Color::White) > 0)
    return {false, "board not empty"};
  const std::vector<Point> points = handicapPoints(n, size_);
  if (points.empty()) return {false, "invalid number of stones"};
  handicap_ = points;
  replay();
  std::string text;
  for (Point p : points) {
    if (!text.empty()) text += ' ';
    text += pointName(p, size_);
  }
  return {true, text};
}

GtpEngine::Reply GtpEngine::cmdFinalScore() const {
  const double margin = areaScore(board_, komi_).margin();
  if (margin == 0) return {true, "0"};
  return {true, (margin > 0 ? "B+" : "W+") + formatNumber(std::fabs(margin))};
}

GtpEngine::Reply GtpEngine::cmdShowboard() const {
  std::string text = board_.toAsciiLabelled();
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return {true, "\n" + text};
}

GtpEngine::Reply GtpEngine::cmdListStones(const std::vector<std::string>& args) const {
  if (args.size() != 1) return {false, kSyntaxError};
  const auto color = parseColor(args[0]);
  if (!color) return {false, kSyntaxError};
  // As GNU Go lists them: from the top row down, left to right.
  std::string text;
  for (int y = size_ - 1; y >= 0; --y) {
    for (int x = 0; x < size_; ++x) {
      const Point p = board_.point(x, y);
      if (board_.at(p) != *color) continue;
      if (!text.empty()) text += ' ';
      text += pointName(p, size_);
    }
  }
  return {true, text};
}

}  // namespace pg
