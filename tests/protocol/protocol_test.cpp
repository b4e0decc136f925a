// The JSON forms of the protocol module.
#include <gtest/gtest.h>

#include "referee/referee_helpers.h"

namespace pg {
namespace {

TEST(ProtocolJson, RulesRoundTripForEveryPresetAndVariant) {
  for (const std::string& name : Rules::presetNames()) {
    const Rules r = *Rules::preset(name);
    EXPECT_EQ(rulesFromJson(Json::parse(rulesToJson(r).dump())), r) << name;
  }
  Rules r;
  r.size = 19;
  r.topology = Topology::Torus;
  r.ko = KoRule::Simple;
  r.komi = -3.5;
  r.handicap = 9;
  r.atari_go = true;
  r.turn_cap = 500;
  EXPECT_EQ(rulesFromJson(rulesToJson(r)), r);
}

TEST(ProtocolJson, RulesDefaults) {
  const Rules r = rulesFromJson(Json::parse(R"({"size": 13})"));
  EXPECT_EQ(r.size, 13);
  EXPECT_EQ(r.komi, 7.5);
  const Rules h = rulesFromJson(Json::parse(R"({"handicap": 4})"));
  EXPECT_EQ(h.komi, 0.5) << "komi defaults to 0.5 with handicap";
}

TEST(ProtocolJson, BadRulesGetClearErrors) {
  const char* bad[] = {
      R"([])",
      R"({"size": 4})",
      R"({"size": 26})",
      R"({"size": "9"})",
      R"({"size": 9.5})",
      R"({"komi": 7.25})",
      R"({"komi": "x"})",
      R"({"handicap": 1})",
      R"({"handicap": 5, "size": 8})",
      R"({"handicap": 2, "size": 6})",
      R"({"topology": "sphere"})",
      R"({"ko": "japanese"})",
      R"({"atari_go": 1})",
      R"({"turn_cap": -1})",
      R"({"colour": "red"})",
      R"({"size": 99999999999})",
  };
  for (const char* text : bad) {
    try {
      rulesFromJson(Json::parse(text));
      ADD_FAILURE() << "accepted " << text;
    } catch (const ProtocolError& e) {
      EXPECT_GT(std::string(e.what()).size(), 5u) << text;
    }
  }
}

TEST(ProtocolJson, PointsAreGtpVertices) {
  EXPECT_EQ(pointToJson(0, 9), "A1");
  EXPECT_EQ(pointToJson(80, 9), "J9");
  EXPECT_EQ(pointFromJson("j9", 9), 80);
  for (const char* bad : {"I1", "A10", "Z1", "pass", "", "A0", "A01"})
    EXPECT_THROW(pointFromJson(bad, 9), ProtocolError) << bad;
  EXPECT_THROW(pointFromJson(3, 9), ProtocolError);
}

TEST(ProtocolJson, StoredEventsRoundTrip) {
  Referee r{Rules{}};
  testing::playAll(r, {"D5", "E5", "F5", "A1", "E6", "A2"});
  ASSERT_FALSE(r.tryPoint(Color::Black, testing::pt("A1")).legal);
  ASSERT_TRUE(r.mark(Color::Black, testing::pt("B2"), true).accepted());
  testing::playAll(r, {"E4", "pass"});
  ASSERT_TRUE(r.resign(Color::Black).accepted());
  for (const Event& e : r.log())
    EXPECT_EQ(eventFromJson(Json::parse(eventToJson(e, 9).dump()), 9), e);
  EXPECT_THROW(eventFromJson(Json::parse(R"({"kind":"fly","player":"black"})"), 9), ProtocolError);
  EXPECT_THROW(eventFromJson(Json::parse(R"({"kind":"try","player":"black"})"), 9), ProtocolError);
}

TEST(ProtocolJson, SeenEventShapes) {
  Referee r{Rules{}};
  testing::playAll(r, {"D5"});
  EXPECT_EQ(
      testing::lastEventBytes(r, Audience::Black),
      R"({"captured":[],"kind":"stone","player":"black","point":"D5","to_move":"white","turn":1})");
  EXPECT_EQ(testing::lastEventBytes(r, Audience::White),
            R"({"captured":[],"kind":"moved","player":"black","to_move":"white","turn":1})");
  ASSERT_FALSE(r.tryPoint(Color::White, testing::pt("D5")).legal);
  EXPECT_EQ(testing::lastEventBytes(r, Audience::White),
            R"({"kind":"illegal","player":"white","point":"D5","to_move":"white","turn":1})");
  EXPECT_EQ(testing::lastEventBytes(r, Audience::Black),
            R"({"kind":"rejected","player":"white","to_move":"white","turn":1})");
  const Json v = viewToJson(r.view(Audience::White));
  EXPECT_EQ(v["audience"], "white");
  EXPECT_EQ(v["version"], 2);
  EXPECT_EQ(v["counts"]["black"], 1);
  EXPECT_EQ(v["rejected"], Json::parse(R"(["D5"])"));
  EXPECT_EQ(v["tried"], Json::parse(R"(["D5"])"));
  EXPECT_EQ(v["stones"]["black"], Json::array());
}

}  // namespace
}  // namespace pg
