#include "ai/engine_protocol.h"

#include <cstdio>

namespace pg {

std::string_view colorLetter(Color c) {
  return c == Color::White ? "w" : "b";
}

std::vector<std::string> setupCommands(const Rules& rules) {
  std::vector<std::string> out;
  out.push_back("boardsize " + std::to_string(rules.size));
  out.push_back("clear_board");
  char komi[32];
  std::snprintf(komi, sizeof komi, "komi %.1f", rules.komi);
  out.push_back(komi);
  if (rules.topology == Topology::Torus) out.push_back("phantom_topology torus");
  if (rules.ko == KoRule::Simple) out.push_back("phantom_ko simple");
  if (rules.atari_go) out.push_back("phantom_atari on");
  if (rules.handicap > 0) {
    std::string h = "set_free_handicap";
    for (Point p : handicapPoints(rules.handicap, rules.size)) h += " " + pointName(p, rules.size);
    out.push_back(h);
  }
  return out;
}

namespace {
std::string withCaptures(std::string s, const std::vector<Point>& captured, int size) {
  for (Point p : captured) s += " " + pointName(p, size);
  return s;
}
}  // namespace

std::optional<std::string> eventCommand(const SeenEvent& e, Color self, int size) {
  const std::string who(colorLetter(e.player));
  switch (e.kind) {
    case SeenKind::Stone:
      return withCaptures("phantom_result legal", e.captured, size);
    case SeenKind::Illegal:
      return std::string("phantom_result illegal");
    case SeenKind::Moved:
      return withCaptures("phantom_moved " + who, e.captured, size);
    case SeenKind::Rejected:
      return "phantom_rejected " + who;
    case SeenKind::Pass:
      if (e.player == self) return std::nullopt;
      return "phantom_passed " + who;
    case SeenKind::Resign:
    case SeenKind::Timeout:
    case SeenKind::Abandon:
    case SeenKind::Abort:
    case SeenKind::NoShow:
    case SeenKind::Mark:
    case SeenKind::End:
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace pg
