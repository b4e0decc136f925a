// pg_view_fixtures: fixtures for the parity test between the C++ View and web/view.js
// (tests/web/view_parity.test.mjs).
//
// It plays a few scripted games with the real Referee and writes, for every game, every
// audience (black, white, spectator) and every step k of the script (0 = before the first
// action, up to the last, after the end): the snapshot frame that audience would get on joining
// after step k, the event frames that follow it to the end of the script, and the audience's
// final view as the server would send it in a snapshot. The frames are built by the server's
// own functions (server/messages.h), so they are the bytes a browser receives.
//
// Output: one JSON object on stdout, {"fixtures": [{"game", "audience", "step", "snapshot",
// "events", "final"}]}, where "snapshot" and each of "events" are frame texts and "final" is
// the view JSON. Exit status 1 (with a message on stderr) if a scripted action is refused or
// its outcome is not the one the script expects.
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "protocol/json.h"
#include "referee/referee.h"
#include "server/table/messages.h"

namespace {

using namespace pg;

/// One scripted action: "<B|W> <point>" (a legal try), "<B|W> <point> x" (an illegal try),
/// "<B|W> pass|resign|timeout", "<B|W> mark <point>" or "<B|W> unmark <point>".
struct Script {
  std::string name;
  Rules rules;
  std::vector<std::string> script;
};

Rules makeRules(int size, auto&& change) {
  Rules r;
  r.size = size;
  change(r);
  r.komi = Rules::defaultKomi(r.handicap);
  if (auto err = r.validate()) throw std::logic_error("bad rules: " + *err);
  return r;
}

std::vector<Script> scripts() {
  return {
      // A rejected try on a hidden stone, a capture in the corner, a private mark set and
      // cleared, two passes.
      {"capture",
       makeRules(5, [](Rules&) {}),
       {"B C3", "W C3 x", "W A1", "B B1", "W E5", "B A2", "W mark D2", "B mark E5", "W unmark D2",
        "W pass", "B pass"}},
      // Simple ko: White's immediate retake is rejected, a try on a hidden stone too; later the
      // retake at the rejected point is legal, and Black's immediate retake is rejected in turn.
      {"ko",
       makeRules(5, [](Rules& r) { r.ko = KoRule::Simple; }),
       {"B C4", "W D4", "B B3", "W E3", "B C2", "W D2", "B A1", "W C3", "B D3", "W C3 x", "W C4 x",
        "W A5", "B E1", "W C3", "B D3 x", "B pass", "W pass"}},
      // Two handicap stones (C3, G7), White first. White captures the handicap stone C3 together
      // with the black stone beside it, Black plays again on C3, and White captures it there.
      {"handicap",
       makeRules(9, [](Rules& r) { r.handicap = 2; }),
       {"W B3", "B C4", "W D3", "B J1", "W C2", "B D3 x", "B J2", "W B4", "B J3", "W D4", "B J4",
        "W C5", "B C3", "W C4", "B pass", "W pass"}},
      // A torus: a rejected try on a hidden stone, a capture across the left edge, a suicide.
      {"torus",
       makeRules(5, [](Rules& r) { r.topology = Topology::Torus; }),
       {"B B3", "W A3", "B A4", "W B3 x", "W C1", "B A2", "W D1", "B E3", "W A3 x", "W pass",
        "B pass"}},
      // Atari Go: the first capture ends the game.
      {"atari-go",
       makeRules(5, [](Rules& r) { r.atari_go = true; }),
       {"B B1", "W B1 x", "W A1", "B A2"}},
      // Black resigns while White is on turn after a rejected try.
      {"resign", makeRules(5, [](Rules&) {}), {"B C3", "W C3 x", "W mark B2", "B resign"}},
      // Black runs out of time after a rejected try.
      {"timeout", makeRules(7, [](Rules&) {}), {"B D4", "W C3", "B C3 x", "B timeout"}},
  };
}

Color parseSide(const std::string& s) {
  if (s == "B") return Color::Black;
  if (s == "W") return Color::White;
  throw std::logic_error("bad side '" + s + "'");
}

Point parsePointOrThrow(const std::string& s, int size) {
  auto p = parsePoint(s, size);
  if (!p || *p == kPass) throw std::logic_error("bad point '" + s + "'");
  return *p;
}

/// Plays one scripted action; throws if it is refused or its outcome is not the expected one.
void play(Referee& ref, const std::string& action) {
  std::istringstream in(action);
  std::string side, what, flag;
  in >> side >> what >> flag;
  const Color c = parseSide(side);
  const int size = ref.rules().size;
  Answer a;
  if (what == "pass") {
    a = ref.pass(c);
  } else if (what == "resign") {
    a = ref.resign(c);
  } else if (what == "timeout") {
    a = ref.timeout(c);
  } else if (what == "mark" || what == "unmark") {
    a = ref.mark(c, parsePointOrThrow(flag, size), what == "mark");
  } else {
    a = ref.tryPoint(c, parsePointOrThrow(what, size));
    const bool expect_legal = flag != "x";
    if (a.accepted() && a.legal != expect_legal)
      throw std::logic_error("'" + action + "': the referee said " +
                             (a.legal ? "legal" : "illegal"));
  }
  if (!a.accepted())
    throw std::logic_error("'" + action + "' was refused: " + std::string(refusalName(*a.refusal)));
}

constexpr Audience kAudiences[] = {Audience::Black, Audience::White, Audience::Spectator};

/// The fixtures of one game: every audience, every step.
void addFixtures(const Script& g, Json& out) {
  Referee ref(g.rules);
  const int size = g.rules.size;
  // snapshots[k][a]: the snapshot frame after step k, and its version.
  struct Cut {
    std::string frame;
    int version = 0;
  };
  std::vector<std::vector<Cut>> cuts;
  auto cut = [&] {
    std::vector<Cut> row;
    for (Audience a : kAudiences) row.push_back({*snapshotFrame(a, ref.view(a)), ref.version(a)});
    cuts.push_back(std::move(row));
  };
  cut();
  for (const std::string& action : g.script) {
    try {
      play(ref, action);
    } catch (const std::logic_error& e) {
      throw std::logic_error(g.name + ": " + e.what());
    }
    cut();
  }
  if (!ref.over()) throw std::logic_error(g.name + ": the script does not end the game");
  for (std::size_t i = 0; i < std::size(kAudiences); ++i) {
    const Audience a = kAudiences[i];
    const auto& seen = ref.seen(a);
    const Json final_view = viewToJson(ref.view(a));
    for (std::size_t k = 0; k < cuts.size(); ++k) {
      Json events = Json::array();
      for (int v = cuts[k][i].version; v < static_cast<int>(seen.size()); ++v)
        events.push_back(*eventFrame(a, v + 1, seen[static_cast<std::size_t>(v)], size));
      out.push_back(Json{{"game", g.name},
                         {"audience", std::string(audienceName(a))},
                         {"step", k},
                         {"snapshot", cuts[k][i].frame},
                         {"events", std::move(events)},
                         {"final", final_view}});
    }
  }
}

}  // namespace

int main() {
  try {
    Json fixtures = Json::array();
    for (const Script& g : scripts()) addFixtures(g, fixtures);
    std::cout << Json{{"fixtures", std::move(fixtures)}}.dump() << '\n';
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "pg_view_fixtures: " << e.what() << '\n';
    return 1;
  }
}
