// The referee under random sequences of tries, passes, resignations, timeouts, aborts and marks,
// from either player, on random setups (size, torus, ko rule, Atari Go, handicap, komi, turn cap).
// Asserted after every input: the board is consistent; a refusal changes nothing; each view
// shows exactly its own stones (plus handicap stones) and no hidden one; nothing another
// audience is told carries a point or a reason; an illegal try's answer has the same bytes
// whatever the reason; and at the end the log replays to the identical game and reveal.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>

#include "fuzz_check.h"
#include "protocol/json.h"
#include "referee/referee.h"

namespace pg {
namespace {

Rules fuzzRules(FuzzedDataProvider& in) {
  Rules r;
  // Mostly small boards: they end and capture quickly.
  r.size = in.ConsumeBool() ? in.ConsumeIntegralInRange(5, 7) : in.ConsumeIntegralInRange(5, 19);
  const uint8_t flags = in.ConsumeIntegral<uint8_t>();
  r.topology = flags & 1 ? Topology::Torus : Topology::Planar;
  r.ko = flags & 2 ? KoRule::Simple : KoRule::PositionalSuperko;
  r.atari_go = (flags & 12) == 12;
  if ((flags & 16) && maxHandicap(r.size) >= 2)
    r.handicap = in.ConsumeIntegralInRange(2, maxHandicap(r.size));
  r.komi = (flags & 32) ? in.ConsumeIntegralInRange(-40, 40) / 2.0 : Rules::defaultKomi(r.handicap);
  r.turn_cap = (flags & 64) ? in.ConsumeIntegralInRange(1, 60) : 0;
  return r;
}

PG_NO_COVERAGE void checkViews(const Referee& ref) {
  const Rules& rules = ref.rules();
  const Board& real = ref.realGame().board();
  const auto& handicap = ref.realGame().handicapStones();
  auto isHandicap = [&](Point p) {
    return std::find(handicap.begin(), handicap.end(), p) != handicap.end();
  };
  if (ref.over()) return;  // everything is revealed at the end
  for (Audience a : {Audience::Black, Audience::White, Audience::Spectator}) {
    const View& v = ref.view(a);
    const Color self = colorOf(a);
    PG_FUZZ_CHECK(v.version() == ref.version(a), "view version");
    for (int i = 0; i < rules.numPoints(); ++i) {
      const Point p = static_cast<Point>(i);
      const Color seen = v.at(p);
      const Color truth = real.at(p);
      if (self != Color::Empty && truth == self) {
        PG_FUZZ_CHECK(seen == self, "a player does not see one of its own stones");
      } else if (seen != Color::Empty) {
        // Anything else visible must be a standing handicap stone.
        PG_FUZZ_CHECK(seen == truth && seen == Color::Black && isHandicap(p),
                      "a hidden stone is visible to " + std::string(audienceName(a)) + " at " +
                          pointName(p, rules.size));
      }
    }
    PG_FUZZ_CHECK(v.stoneCount(Color::Black) == real.stoneCount(Color::Black), "black count");
    PG_FUZZ_CHECK(v.stoneCount(Color::White) == real.stoneCount(Color::White), "white count");
  }
}

PG_NO_COVERAGE void checkLastEvents(const Referee& ref,
                                    const std::array<int, kNumAudiences>& before, const Event& e) {
  const int size = ref.rules().size;
  for (Audience a : {Audience::Black, Audience::White, Audience::Spectator}) {
    const int grown = ref.version(a) - before[static_cast<int>(a)];
    const bool owner = a == audienceOf(e.player);
    if (e.kind == EventKind::Mark) {
      PG_FUZZ_CHECK(grown == (owner ? 1 : 0), "a guess mark reached someone else");
      continue;
    }
    PG_FUZZ_CHECK(grown == 1 || (grown == 2 && ref.over()), "one event per audience (+ end)");
    const SeenEvent& s = ref.seen(a)[static_cast<std::size_t>(before[static_cast<int>(a)])];
    if (!owner) {
      PG_FUZZ_CHECK(
          s.kind != SeenKind::Stone && s.kind != SeenKind::Illegal && s.kind != SeenKind::Mark,
          "another audience got the mover's form of the event");
      PG_FUZZ_CHECK(s.point == kNoPoint, "another audience learned the point of a try");
      const Json j = seenEventToJson(s, size);
      PG_FUZZ_CHECK(!j.contains("point"), "point in the JSON of another audience");
    }
    if (owner && e.kind == EventKind::Try && !e.legal) {
      // One answer for occupied, suicide and ko: the bytes are a function of the public fields.
      SeenEvent expect;
      expect.kind = SeenKind::Illegal;
      expect.player = e.player;
      expect.point = e.point;
      expect.turn = ref.turn();
      expect.to_move = ref.toMove();
      PG_FUZZ_CHECK(seenEventToJson(s, size).dump() == seenEventToJson(expect, size).dump(),
                    "an illegal try's answer carries more than the point");
    }
  }
}

}  // namespace
}  // namespace pg

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace pg;
  FuzzedDataProvider in(data, size);
  const Rules rules = fuzzRules(in);
  if (rules.validate()) return 0;
  Referee ref(rules);
  const int n = rules.numPoints();
  int inputs = 0;
  while (in.remaining_bytes() > 0 && inputs < 4000) {
    ++inputs;
    const uint8_t op = in.ConsumeIntegral<uint8_t>();
    Color c = ref.toMove() == Color::Empty ? Color::Black : ref.toMove();
    if (op & 0x80) c = opponent(c);
    const std::size_t log_before = ref.log().size();
    const std::array<int, kNumAudiences> before{ref.version(Audience::Black),
                                                ref.version(Audience::White),
                                                ref.version(Audience::Spectator)};
    const uint64_t hash_before = ref.realGame().board().hash();
    Answer a;
    Point p = kNoPoint;
    const int kind = op & 0x7f;
    if (kind < 100) {
      // Mostly points on the board, sometimes just off it.
      p = static_cast<Point>(in.ConsumeIntegralInRange(-2, n + 1));
      const Color visible = (p >= 0 && p < n) ? ref.view(audienceOf(c)).at(p) : Color::Empty;
      a = ref.tryPoint(c, p);
      if (a.accepted()) PG_FUZZ_CHECK(visible == Color::Empty, "accepted a try on a visible stone");
      if (a.refusal && *a.refusal == Refusal::OwnStone)
        PG_FUZZ_CHECK(visible != Color::Empty, "refused as own stone where none is visible");
    } else if (kind < 112) {
      a = ref.pass(c);
    } else if (kind < 114) {
      a = ref.resign(c);
    } else if (kind < 115) {
      a = ref.timeout(c);
    } else if (kind < 116) {
      const bool could = ref.realGame().mayAbort();
      a = in.ConsumeBool() ? ref.abortGame(c) : ref.noShow(c);
      PG_FUZZ_CHECK(!a.accepted() || could, "aborted a game after each side had moved");
      if (a.accepted()) PG_FUZZ_CHECK(ref.result().winner == Color::Empty, "an abort has a winner");
    } else {
      p = static_cast<Point>(in.ConsumeIntegralInRange(-1, n));
      a = ref.mark(c, p, in.ConsumeBool());
    }
    if (!a.accepted()) {
      PG_FUZZ_CHECK(ref.log().size() == log_before, "a refusal changed the log");
      PG_FUZZ_CHECK(ref.realGame().board().hash() == hash_before, "a refusal changed the board");
      for (Audience au : {Audience::Black, Audience::White, Audience::Spectator})
        PG_FUZZ_CHECK(ref.version(au) == before[static_cast<int>(au)], "a refusal told someone");
    } else {
      PG_FUZZ_CHECK(ref.log().size() == log_before + 1, "an accepted input is one log event");
      checkLastEvents(ref, before, ref.log().back());
    }
    const std::string err = ref.realGame().board().checkConsistency();
    PG_FUZZ_CHECK(err.empty(), err);
    checkViews(ref);
  }
  // The log rebuilds the identical game, through its stored JSON form too.
  std::vector<Event> log;
  for (const Event& e : ref.log())
    log.push_back(eventFromJson(Json::parse(eventToJson(e, rules.size).dump()), rules.size));
  PG_FUZZ_CHECK(log == ref.log(), "event JSON round trip");
  const Referee again = Referee::replay(rules, log);
  PG_FUZZ_CHECK(again.realGame().board().hash() == ref.realGame().board().hash(), "replay board");
  for (Audience au : {Audience::Black, Audience::White, Audience::Spectator})
    PG_FUZZ_CHECK(again.seen(au) == ref.seen(au), "replay seen events");
  if (ref.over()) {
    PG_FUZZ_CHECK(again.result() == ref.result(), "replay result");
    const Reveal rv = ref.buildReveal();
    PG_FUZZ_CHECK(rv == again.buildReveal(), "replay reveal");
    for (int i = 0; i < n; ++i)
      PG_FUZZ_CHECK(
          rv.board[static_cast<std::size_t>(i)] == ref.realGame().board().at(static_cast<Point>(i)),
          "reveal board");
    for (Audience au : {Audience::Black, Audience::White, Audience::Spectator})
      PG_FUZZ_CHECK(ref.view(au).over(), "every audience learned the end");
  }
  return 0;
}
