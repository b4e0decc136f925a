#include "store/sgf_writer.h"

#include <cmath>
#include <sstream>

namespace pg {

namespace {

std::string sgfPoint(Point p, int size) {
  const int x = p % size;
  const int y = p / size;
  std::string s;
  s += static_cast<char>('a' + x);
  s += static_cast<char>('a' + (size - 1 - y));  // SGF rows count from the top
  return s;
}

std::string formatNumber(double v) {
  std::ostringstream o;
  o << v;
  return o.str();
}

char colorLetter(Color c) {
  return c == Color::Black ? 'B' : 'W';
}

std::string variantComment(const Rules& r) {
  std::string s =
      "Phantom Go: each player saw only their own stones; a referee answered each try legal or "
      "illegal. Area scoring, ";
  s += r.ko == KoRule::Simple ? "simple ko." : "positional superko.";
  if (r.topology == Topology::Torus)
    s += " Torus: the board wraps around left-right and top-bottom; captures follow the wrapped "
         "board.";
  if (r.atari_go) s += " Atari Go: the first capture wins.";
  return s;
}

std::string endComment(const TurnRecord& t) {
  const std::string who = t.player == Color::Black ? "Black" : "White";
  switch (t.end) {
    case TurnRecord::End::Resign:
      return who + " resigned.";
    case TurnRecord::End::Timeout:
      return who + " ran out of time.";
    case TurnRecord::End::Abandoned:
      return who + " stayed away; the game was ended.";
    case TurnRecord::End::Aborted:
      return who + " aborted the game.";
    case TurnRecord::End::NoShow:
      return who + " made no first move in time; the game was aborted.";
    default:
      return "";
  }
}

}  // namespace

std::string sgfEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string sgfResult(const Result& r) {
  if (r.reason == EndReason::Aborted) return "Void";
  if (r.reason == EndReason::Abandoned && r.winner == Color::Empty) return "Void";
  if (r.winner == Color::Empty) return "0";
  std::string s(1, colorLetter(r.winner));
  s += '+';
  switch (r.reason) {
    case EndReason::Resignation:
      return s + "R";
    case EndReason::Time:
      return s + "T";
    case EndReason::Abandoned:
      return s + "F";  // a forfeit
    case EndReason::TwoPasses:
    case EndReason::TurnCap:
      if (r.score) return s + formatNumber(std::fabs(r.score->margin()));
      return s;
    case EndReason::AtariCapture:
    case EndReason::Aborted:
    case EndReason::None:
      return s;
  }
  return s;
}

std::string writeSgf(const SgfGame& g) {
  const Rules& r = g.rules;
  const int size = r.size;
  std::ostringstream o;
  o << "(;FF[4]GM[1]CA[UTF-8]AP[" << sgfEscape(g.application) << "]SZ[" << size << "]KM["
    << formatNumber(r.komi) << "]RU[Chinese]";
  if (!g.game_name.empty()) o << "GN[" << sgfEscape(g.game_name) << "]";
  o << "PB[" << sgfEscape(g.black_name) << "]PW[" << sgfEscape(g.white_name) << "]";
  if (!g.date.empty()) o << "DT[" << sgfEscape(g.date) << "]";
  o << "RE[" << sgfResult(g.reveal.result) << "]";
  o << "GC[" << sgfEscape(variantComment(r)) << "]";
  if (!g.reveal.handicap.empty()) {
    o << "HA[" << g.reveal.handicap.size() << "]AB";
    for (Point p : g.reveal.handicap) o << "[" << sgfPoint(p, size) << "]";
    o << "PL[W]";
  }
  o << "\n";
  for (const TurnRecord& t : g.reveal.turns) {
    std::string comment;
    if (!t.rejected.empty()) {
      comment = "rejected:";
      for (Point p : t.rejected) comment += " " + pointName(p, size);
    }
    const std::string end = endComment(t);
    if (!end.empty()) comment += (comment.empty() ? "" : "\n") + end;
    o << ";";
    if (t.end == TurnRecord::End::Stone)
      o << colorLetter(t.player) << "[" << sgfPoint(t.point, size) << "]";
    else if (t.end == TurnRecord::End::Pass)
      o << colorLetter(t.player) << "[]";
    if (!comment.empty()) o << "C[" << sgfEscape(comment) << "]";
    o << "\n";
  }
  o << ")\n";
  return o.str();
}

}  // namespace pg
