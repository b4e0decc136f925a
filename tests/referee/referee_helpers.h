// Shared helpers for the referee tests.
#pragma once

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "protocol/json.h"
#include "referee/referee.h"

namespace pg::testing {

inline Point pt(std::string_view name, int size = 9) {
  auto p = parsePoint(name, size);
  EXPECT_TRUE(p.has_value()) << name;
  return p.value_or(0);
}

/// Plays a list of moves ("C3", "pass") for whoever is on turn; each must be accepted and, for
/// stones, legal.
inline void playAll(Referee& r, const std::vector<std::string>& moves) {
  const int size = r.rules().size;
  for (const std::string& m : moves) {
    const Color c = r.toMove();
    if (m == "pass") {
      ASSERT_TRUE(r.pass(c).accepted()) << m;
    } else {
      const Answer a = r.tryPoint(c, pt(m, size));
      ASSERT_TRUE(a.accepted()) << m;
      ASSERT_TRUE(a.legal) << m << "\n" << r.realGame().board().toAsciiLabelled();
    }
  }
}

inline std::string lastEventBytes(const Referee& r, Audience a) {
  const auto& s = r.seen(a);
  return s.empty() ? "" : seenEventToJson(s.back(), r.rules().size).dump();
}

inline std::string viewBytes(const Referee& r, Audience a) {
  return viewToJson(r.view(a)).dump();
}

inline Rules rulesOfSize(int size) {
  Rules rules;
  rules.size = size;
  return rules;
}

}  // namespace pg::testing
