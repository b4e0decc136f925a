#include "cli/gtp_engine.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iomanip>
#include <istream>
#include <ostream>
#include <sstream>

#include "gtp/gtp.h"
#include "rules/game.h"
#include "version.h"

namespace pg {

namespace {

const std::string kSyntaxError = "syntax error";

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

namespace {

Rules gtpRules(const GtpOptions& o) {
  Rules r;
  r.size = o.size;
  r.topology = o.topology;
  r.ko = o.ko;
  r.komi = o.komi;
  // GTP has no turn cap: the largest the rules allow (a play after an end reopens it anyway).
  r.turn_cap = 100000;
  return r;
}

}  // namespace

GtpEngine::GtpEngine(const GtpOptions& options)
    : rules_(gtpRules(options)), rng_(options.seed), game_(rules_) {}

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
  return game_.isLegal(c, p);
}

void GtpEngine::clear() {
  rules_.handicap = 0;
  game_ = Game(rules_);
}

std::string GtpEngine::handleLine(std::string_view line) {
  const std::optional<gtp::Command> cmd = gtp::parse(line);
  if (!cmd) return {};
  const Reply reply =
      cmd->name.empty() ? Reply{false, kSyntaxError} : dispatch(cmd->name, cmd->args);
  return gtp::respond(reply.ok, cmd->id, reply.text);
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
  rules_.size = size;
  clear();
  return {};
}

GtpEngine::Reply GtpEngine::cmdKomi(const std::vector<std::string>& args) {
  double komi = 0;
  if (args.size() != 1 || !parseDouble(args[0], komi)) return {false, kSyntaxError};
  // The komi is part of the rules: the same moves under the new rules.
  rules_.komi = komi;
  game_ = Game::replay(rules_, game_.moves());
  return {};
}

GtpEngine::Reply GtpEngine::cmdPlay(const std::vector<std::string>& args) {
  if (args.size() != 2) return {false, kSyntaxError};
  const auto color = parseColor(args[0]);
  const auto point = parsePoint(args[1], rules_.size);
  if (!color || !point) return {false, kSyntaxError};
  if (*point == kPass) {
    game_.pass(*color);
    return {};
  }
  if (!game_.isLegal(*color, *point)) return {false, "illegal move"};
  game_.play(*color, *point);
  return {};
}

GtpEngine::Reply GtpEngine::cmdGenmove(const std::vector<std::string>& args) {
  if (args.size() != 1) return {false, kSyntaxError};
  const auto color = parseColor(args[0]);
  if (!color) return {false, kSyntaxError};
  // Sorted so that the choice depends only on the position and the seed.
  const Board& board = game_.board();
  std::vector<Point> candidates;
  for (int i = 0; i < board.numEmpty(); ++i) {
    const Point p = board.emptyAt(i);
    if (!board.isOnePointEye(*color, p) && game_.isLegal(*color, p)) candidates.push_back(p);
  }
  std::sort(candidates.begin(), candidates.end());
  Point choice = kPass;
  if (!candidates.empty())
    choice = candidates[rng_.below(static_cast<uint32_t>(candidates.size()))];
  if (choice == kPass)
    game_.pass(*color);
  else
    game_.play(*color, choice);
  return {true, pointName(choice, rules_.size)};
}

GtpEngine::Reply GtpEngine::cmdUndo() {
  if (!game_.undo()) return {false, "cannot undo"};
  return {};
}

GtpEngine::Reply GtpEngine::cmdFixedHandicap(const std::vector<std::string>& args) {
  int n = 0;
  if (args.size() != 1 || !parseInt(args[0], n)) return {false, kSyntaxError};
  const Board& board = game_.board();
  if (board.stoneCount(Color::Black) + board.stoneCount(Color::White) > 0)
    return {false, "board not empty"};
  if (handicapPoints(n, rules_.size).empty()) return {false, "invalid number of stones"};
  // The handicap is part of the rules: the moves so far (passes only, the board being empty)
  // are replayed after the stones.
  rules_.handicap = n;
  game_ = Game::replay(rules_, game_.moves());
  std::string text;
  for (Point p : game_.handicapStones()) {
    if (!text.empty()) text += ' ';
    text += pointName(p, rules_.size);
  }
  return {true, text};
}

GtpEngine::Reply GtpEngine::cmdFinalScore() const {
  const double margin = game_.score().margin();
  if (margin == 0) return {true, "0"};
  return {true, (margin > 0 ? "B+" : "W+") + formatNumber(std::fabs(margin))};
}

GtpEngine::Reply GtpEngine::cmdShowboard() const {
  std::string text = game_.board().toAsciiLabelled();
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return {true, "\n" + text};
}

GtpEngine::Reply GtpEngine::cmdListStones(const std::vector<std::string>& args) const {
  if (args.size() != 1) return {false, kSyntaxError};
  const auto color = parseColor(args[0]);
  if (!color) return {false, kSyntaxError};
  // As GNU Go lists them: from the top row down, left to right.
  std::string text;
  const Board& board = game_.board();
  for (int y = board.size() - 1; y >= 0; --y) {
    for (int x = 0; x < board.size(); ++x) {
      const Point p = board.point(x, y);
      if (board.at(p) != *color) continue;
      if (!text.empty()) text += ' ';
      text += pointName(p, board.size());
    }
  }
  return {true, text};
}

}  // namespace pg
