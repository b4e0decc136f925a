#include "ai/phantom_engine.h"

#include <algorithm>
#include <istream>
#include <ostream>
#include <stdexcept>

#include "ai/engine_protocol.h"
#include "gtp/gtp.h"

namespace pg {

PhantomEngine::PhantomEngine(const PhantomEngineOptions& options) : opt_(options) {
  player_ = makePlayer(opt_.bot, opt_.seed);
  if (!player_) throw std::invalid_argument("unknown bot '" + opt_.bot + "'");
  newGame();
}

const std::vector<std::string>& PhantomEngine::commandNames() {
  static const std::vector<std::string> names = {"protocol_version",
                                                 "name",
                                                 "version",
                                                 "known_command",
                                                 "list_commands",
                                                 "quit",
                                                 "boardsize",
                                                 "clear_board",
                                                 "komi",
                                                 "set_free_handicap",
                                                 "genmove",
                                                 "phantom_result",
                                                 "phantom_moved",
                                                 "phantom_rejected",
                                                 "phantom_passed",
                                                 "phantom_topology",
                                                 "phantom_ko",
                                                 "phantom_atari",
                                                 "phantom_game_over"};
  return names;
}

void PhantomEngine::newGame() {
  view_.reset();
  pending_ = kNoPoint;
  turn_ = 0;
  to_move_ = opt_.rules.handicap > 0 ? Color::White : Color::Black;
  player_ = makePlayer(opt_.bot, ++opt_.seed);
}

View& PhantomEngine::viewFor(Color self) {
  if (!view_) view_.emplace(opt_.rules, audienceOf(self));
  return *view_;
}

void PhantomEngine::apply(SeenKind kind, Color player, Point point, std::vector<Point> captured) {
  SeenEvent e;
  e.kind = kind;
  e.player = player;
  e.point = point;
  std::sort(captured.begin(), captured.end());
  e.captured = std::move(captured);
  const bool ends_turn =
      kind == SeenKind::Stone || kind == SeenKind::Moved || kind == SeenKind::Pass;
  if (ends_turn) {
    ++turn_;
    to_move_ = opponent(player);
  } else {
    to_move_ = player;
  }
  e.turn = turn_;
  e.to_move = to_move_;
  view_->apply(e);
}

namespace {
std::optional<Color> colorArg(const std::vector<std::string>& args) {
  if (args.empty()) return std::nullopt;
  return parseColor(args[0]);
}
}  // namespace

std::string PhantomEngine::execute(const std::string& cmd, const std::vector<std::string>& args,
                                   bool* ok) {
  *ok = true;
  auto error = [ok](std::string msg) {
    *ok = false;
    return msg;
  };
  const int size = opt_.rules.size;
  auto parseCaptures = [&](size_t from, std::vector<Point>* out) {
    for (size_t i = from; i < args.size(); ++i) {
      const auto p = parsePoint(args[i], size);
      if (!p || *p == kPass) return false;
      out->push_back(*p);
    }
    return true;
  };
  if (cmd == "protocol_version") return "2";
  if (cmd == "name") return "phantomgo";
  if (cmd == "version") return "0.1 (" + opt_.bot + ")";
  if (cmd == "known_command") {
    const auto& n = commandNames();
    return !args.empty() && std::find(n.begin(), n.end(), args[0]) != n.end() ? "true" : "false";
  }
  if (cmd == "list_commands") {
    std::string s;
    for (const auto& c : commandNames()) s += (s.empty() ? "" : "\n") + c;
    return s;
  }
  if (cmd == "quit") {
    quit_ = true;
    return "";
  }
  if (cmd == "boardsize") {
    int n = 0;
    try {
      n = args.empty() ? 0 : std::stoi(args[0]);
    } catch (...) {
    }
    if (n < kMinSize || n > 19) return error("unacceptable size");
    opt_.rules.size = n;
    opt_.rules.handicap = 0;
    newGame();
    return "";
  }
  if (cmd == "clear_board") {
    opt_.rules.handicap = 0;
    newGame();
    return "";
  }
  if (cmd == "komi") {
    try {
      opt_.rules.komi = args.empty() ? 7.5 : std::stod(args[0]);
    } catch (...) {
      return error("syntax error");
    }
    newGame();
    return "";
  }
  if (cmd == "phantom_topology" || cmd == "phantom_ko" || cmd == "phantom_atari") {
    if (args.empty()) return error("syntax error");
    if (cmd == "phantom_topology") {
      const auto t = parseTopology(args[0]);
      if (!t) return error("unknown topology");
      opt_.rules.topology = *t;
    } else if (cmd == "phantom_ko") {
      const auto k = parseKoRule(args[0]);
      if (!k) return error("unknown ko rule");
      opt_.rules.ko = *k;
    } else {
      if (args[0] != "on" && args[0] != "off") return error("on or off");
      opt_.rules.atari_go = args[0] == "on";
    }
    newGame();
    return "";
  }
  if (cmd == "set_free_handicap") {
    // Only the GTP fixed placement is a Phantom Go table setup.
    std::vector<Point> given;
    if (!parseCaptures(0, &given)) return error("bad vertex");
    std::vector<Point> fixed = handicapPoints(static_cast<int>(given.size()), size);
    std::sort(given.begin(), given.end());
    std::sort(fixed.begin(), fixed.end());
    if (given != fixed) return error("only the fixed handicap points are supported");
    opt_.rules.handicap = static_cast<int>(given.size());
    newGame();
    return "";
  }
  if (cmd == "genmove") {
    const auto c = colorArg(args);
    if (!c) return error("syntax error");
    View& v = viewFor(*c);
    if (v.self() != *c) return error("this engine plays " + std::string(colorName(v.self())));
    if (v.toMove() != *c) return error("not " + std::string(colorName(*c)) + "'s turn");
    const Action a = player_->choose(v, opt_.limits);
    if (a.kind == Action::Kind::Resign) return "resign";
    if (a.kind == Action::Kind::Pass) {
      apply(SeenKind::Pass, *c, kNoPoint, {});
      return "pass";
    }
    pending_ = a.point;
    return pointName(a.point, size);
  }
  if (cmd == "phantom_result") {
    if (!view_ || pending_ == kNoPoint) return error("no try is waiting for a result");
    if (args.empty() || (args[0] != "legal" && args[0] != "illegal")) return error("syntax error");
    std::vector<Point> captured;
    if (!parseCaptures(1, &captured)) return error("bad vertex");
    const Point p = pending_;
    pending_ = kNoPoint;
    apply(args[0] == "legal" ? SeenKind::Stone : SeenKind::Illegal, view_->self(), p,
          std::move(captured));
    return "";
  }
  if (cmd == "phantom_moved" || cmd == "phantom_rejected" || cmd == "phantom_passed") {
    const auto c = colorArg(args);
    if (!c) return error("syntax error");
    View& v = viewFor(opponent(*c));
    if (v.self() == *c) return error("that is this engine's colour");
    std::vector<Point> captured;
    if (cmd == "phantom_moved" && !parseCaptures(1, &captured)) return error("bad vertex");
    apply(cmd == "phantom_moved"      ? SeenKind::Moved
          : cmd == "phantom_rejected" ? SeenKind::Rejected
                                      : SeenKind::Pass,
          *c, kNoPoint, std::move(captured));
    return "";
  }
  if (cmd == "phantom_game_over") return "";
  return error("unknown command");
}

std::string PhantomEngine::handleLine(std::string_view line) {
  const std::optional<gtp::Command> cmd = gtp::parse(line);
  if (!cmd) return "";
  if (cmd->name.empty()) return gtp::respond(false, cmd->id, "empty command");
  bool ok = true;
  std::string out;
  try {
    out = execute(cmd->name, cmd->args, &ok);
  } catch (const std::exception& e) {
    ok = false;
    out = e.what();
  }
  return gtp::respond(ok, cmd->id, out);
}

void PhantomEngine::run(std::istream& in, std::ostream& out) {
  std::string line;
  while (!quit_ && std::getline(in, line)) {
    const std::string resp = handleLine(line);
    if (resp.empty()) continue;
    out << resp;
    out.flush();
  }
}

}  // namespace pg
