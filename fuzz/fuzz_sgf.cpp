// The SGF writer against our reader (src/store/sgf_reader.h). Two modes, chosen by the first
// byte: (a) the reader on arbitrary text must either parse or throw SgfError, never crash or
// hang; (b) a random finished game (random setup, random inputs, random player names with
// SGF's special characters) is written, read back, and everything must round-trip: size, komi,
// names, result, handicap, every move and pass in order with its colour, each turn's rejected
// tries in the comment, and replaying the moves on a fresh game gives the revealed board.
#include <fuzzer/FuzzedDataProvider.h>

#include <sstream>

#include "fuzz_check.h"
#include "referee/referee.h"
#include "store/sgf_reader.h"
#include "store/sgf_writer.h"

namespace pg {
namespace {

std::string fmt(double v) {
  std::ostringstream o;
  o << v;
  return o.str();
}

void readArbitrary(const std::string& text) {
  try {
    const SgfRecord r = readSgf(text);
    PG_FUZZ_CHECK(r.size >= 1 && r.size <= kMaxSize, "size range");
    for (const auto& m : r.moves)
      PG_FUZZ_CHECK(!m.has_move || m.pass || (m.point >= 0 && m.point < r.size * r.size),
                    "point range");
  } catch (const SgfError&) {
  }
}

void roundTrip(FuzzedDataProvider& in) {
  Rules rules;
  rules.size = in.ConsumeIntegralInRange(5, 19);
  const uint8_t flags = in.ConsumeIntegral<uint8_t>();
  rules.topology = flags & 1 ? Topology::Torus : Topology::Planar;
  rules.ko = flags & 2 ? KoRule::Simple : KoRule::PositionalSuperko;
  rules.atari_go = (flags & 12) == 12;
  if ((flags & 16) && maxHandicap(rules.size) >= 2)
    rules.handicap = in.ConsumeIntegralInRange(2, maxHandicap(rules.size));
  rules.komi = in.ConsumeIntegralInRange(-2000, 2000) / 2.0;
  if (rules.validate()) return;
  SgfGame g;
  g.rules = rules;
  g.black_name = in.ConsumeRandomLengthString(60);
  g.white_name = in.ConsumeRandomLengthString(60);
  g.game_name = in.ConsumeRandomLengthString(30);
  g.date = in.ConsumeBool() ? "2026-01-31" : "";
  Referee ref(rules);
  const int n = rules.numPoints();
  for (int i = 0; i < 3000 && !ref.over() && in.remaining_bytes() > 0; ++i) {
    const uint8_t op = in.ConsumeIntegral<uint8_t>();
    const Color c = ref.toMove();
    if (op < 230)
      ref.tryPoint(c, static_cast<Point>(in.ConsumeIntegralInRange(0, n - 1)));
    else if (op < 250)
      ref.pass(c);
    else if (op < 253)
      ref.resign(op & 1 ? c : opponent(c));
    else
      ref.timeout(c);
  }
  if (!ref.over()) ref.resign(ref.toMove());
  g.reveal = ref.buildReveal();
  const std::string text = writeSgf(g);

  SgfRecord r;
  try {
    r = readSgf(text);
  } catch (const SgfError& e) {
    PG_FUZZ_CHECK(false, std::string("our own SGF does not parse: ") + e.what() + "\n" + text);
  }
  PG_FUZZ_CHECK(r.size == rules.size, "SZ");
  PG_FUZZ_CHECK(r.komi == fmt(rules.komi), "KM " + r.komi);
  PG_FUZZ_CHECK(std::stod(r.komi) == rules.komi, "KM value " + r.komi);
  PG_FUZZ_CHECK(r.black_name == g.black_name, "PB");
  PG_FUZZ_CHECK(r.white_name == g.white_name, "PW");
  PG_FUZZ_CHECK(r.game_name == g.game_name, "GN");
  PG_FUZZ_CHECK(r.date == g.date, "DT");
  PG_FUZZ_CHECK(r.result == sgfResult(g.reveal.result), "RE");
  PG_FUZZ_CHECK(r.handicap == g.reveal.handicap, "AB");
  PG_FUZZ_CHECK(r.moves.size() == g.reveal.turns.size(), "one node per turn");

  Game replay(rules);
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    const TurnRecord& t = g.reveal.turns[i];
    const SgfRecord::Move& m = r.moves[i];
    std::string rejected;
    if (!t.rejected.empty()) {
      rejected = "rejected:";
      for (Point p : t.rejected) rejected += " " + pointName(p, rules.size);
    }
    PG_FUZZ_CHECK(m.comment.rfind(rejected, 0) == 0, "rejected tries in C: " + m.comment);
    const bool moved = t.end == TurnRecord::End::Stone || t.end == TurnRecord::End::Pass;
    PG_FUZZ_CHECK(m.has_move == moved, "a move node for each stone and pass");
    if (!moved) continue;
    PG_FUZZ_CHECK(m.player == t.player, "colour of a move");
    PG_FUZZ_CHECK(!replay.over() && replay.toMove() == m.player, "turn order");
    if (m.pass) {
      PG_FUZZ_CHECK(t.end == TurnRecord::End::Pass, "pass");
      replay.pass();
    } else {
      PG_FUZZ_CHECK(m.point == t.point, "point of a move");
      PG_FUZZ_CHECK(replay.isLegal(m.point), "an SGF move is illegal on replay");
      replay.play(m.point);
    }
  }
  for (int i = 0; i < n; ++i)
    PG_FUZZ_CHECK(
        replay.board().at(static_cast<Point>(i)) == g.reveal.board[static_cast<std::size_t>(i)],
        "the SGF's moves do not give the revealed board");
}

}  // namespace
}  // namespace pg

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  if (data[0] & 1) {
    pg::readArbitrary(std::string(reinterpret_cast<const char*>(data + 1), size - 1));
  } else {
    FuzzedDataProvider in(data + 1, size - 1);
    pg::roundTrip(in);
  }
  return 0;
}
