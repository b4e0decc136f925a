// The client messages' parser (protocol/client_message.h): every message and field, each
// refusal with the code and English message clients have always had, and the round trip.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "protocol/client_message.h"

namespace pg {
namespace {

ClientMessage parsed(std::string_view text) {
  ParsedMessage m = parseClientMessage(text);
  if (const auto* e = std::get_if<ParseError>(&m)) ADD_FAILURE() << text << ": " << e->text;
  if (!std::holds_alternative<ClientMessage>(m)) return PingRequest{};
  return std::get<ClientMessage>(m);
}

ParseError refused(std::string_view text) {
  ParsedMessage m = parseClientMessage(text);
  if (!std::holds_alternative<ParseError>(m)) {
    ADD_FAILURE() << text << " was accepted";
    return {};
  }
  return std::get<ParseError>(m);
}

TEST(ClientMessage, EachMessageAndItsFields) {
  EXPECT_EQ(parsed(R"({"type":"ping"})"), (ClientMessage{PingRequest{}}));
  EXPECT_EQ(parsed(R"({"type":"join","table":"t1","token":"abc"})"),
            (ClientMessage{JoinRequest{"t1", "abc", {}}}));
  EXPECT_EQ(parsed(R"({"type":"join","table":"t1","watch":true,"last_version":4})"),
            (ClientMessage{JoinRequest{"t1", std::nullopt, int64_t{4}}}));
  EXPECT_EQ(parsed(R"({"type":"join","table":"t1","token":"h","last_version":{"white":2}})"),
            (ClientMessage{JoinRequest{"t1", "h", SeatVersions{std::nullopt, 2}}}));
  EXPECT_EQ(parsed(R"({"type":"join","table":"t1","token":"h","last_version":null})"),
            (ClientMessage{JoinRequest{"t1", "h", {}}}));
  EXPECT_EQ(parsed(R"({"type":"try","point":"C3"})"),
            (ClientMessage{Command{TryCommand{"C3", std::nullopt}}}));
  EXPECT_EQ(parsed(R"({"type":"try","point":"Z99","seat":"white"})"),
            (ClientMessage{Command{TryCommand{"Z99", Color::White}}}))
      << "whether a vertex is on the board is the table's to say";
  EXPECT_EQ(parsed(R"({"type":"pass","seat":"black"})"),
            (ClientMessage{Command{PassCommand{Color::Black}}}));
  EXPECT_EQ(parsed(R"({"type":"resign"})"), (ClientMessage{Command{ResignCommand{}}}));
  EXPECT_EQ(parsed(R"({"type":"abort","seat":"white"})"),
            (ClientMessage{Command{AbortCommand{Color::White}}}));
  EXPECT_EQ(parsed(R"({"type":"mark","point":"A1","set":false})"),
            (ClientMessage{Command{MarkCommand{"A1", false, std::nullopt}}}));
}

TEST(ClientMessage, MalformedLastVersionIsLeftToTheTable) {
  // Its message depends on the seat the token holds, which only the table knows.
  for (const char* lv : {R"("3")", "1.5", R"({"black":"x"})", R"({"red":1})", "[1]", "true"}) {
    const std::string text =
        std::string(R"({"type":"join","table":"t","token":"x","last_version":)") + lv + "}";
    const auto m = parsed(text);
    EXPECT_TRUE(std::holds_alternative<MalformedVersions>(std::get<JoinRequest>(m).last_version))
        << text;
  }
}

TEST(ClientMessage, RefusalsKeepTheirCodesAndMessages) {
  const std::vector<std::tuple<std::string, std::string, std::string>> cases{
      {"{not json", "bad-json", "A message must be one JSON object."},
      {"[1, 2]", "bad-json", "A message must be one JSON object."},
      {"", "bad-json", "A message must be one JSON object."},
      {R"({"point": "A1"})", "bad-request", "A message needs a \"type\"."},
      {R"({"type": 3})", "bad-request", "A message needs a \"type\"."},
      {R"({"type": "dance"})", "unknown-command", "Unknown command."},
      {R"({"type": "join"})", "bad-request", "A join needs a \"table\"."},
      {R"({"type": "join", "table": 7, "watch": true})", "bad-request",
       "A join needs a \"table\"."},
      {R"({"type": "join", "table": "t"})", "bad-request",
       "A join needs a seat token, or \"watch\": true."},
      {R"({"type": "join", "table": "t", "watch": false})", "bad-request",
       "A join needs a seat token, or \"watch\": true."},
      {R"({"type": "join", "table": "t", "watch": true, "token": "x"})", "bad-request",
       "A join gives either a token or watch, not both."},
      {R"({"type": "join", "table": "t", "token": 5})", "bad-request", "'token' must be a string."},
      {R"({"type": "try"})", "bad-request", "A try needs a point such as \"C3\"."},
      {R"({"type": "try", "point": 12})", "bad-request", "A try needs a point such as \"C3\"."},
      {R"({"type": "mark", "set": true})", "bad-request", "A mark needs a point such as \"C3\"."},
      {R"({"type": "mark", "point": "A1"})", "bad-request", "A mark needs \"set\": true or false."},
      {R"({"type": "mark", "point": "A1", "set": 1})", "bad-request",
       "A mark needs \"set\": true or false."},
      {R"({"type": "pass", "seat": "purple"})", "bad-request", "'seat' must be black or white."},
      {R"({"type": "try", "point": "C3", "seat": null})", "bad-request",
       "'seat' must be black or white."},
      {R"({"type": "try", "seat": "b"})", "bad-request", "'seat' must be black or white."},
  };
  for (const auto& [text, code, message] : cases) {
    const ParseError e = refused(text);
    EXPECT_EQ(e.code(), code) << text;
    EXPECT_EQ(e.text, message) << text;
  }
}

TEST(ClientMessage, AChatLineOfWhiteSpaceAloneIsEmpty) {
  // The spaces a browser's trim() removes, each alone and mixed: the page would show nothing.
  for (const char* blank : {" ", "   ", "\u00a0", "\u2003", "\u3000", "\u00a0 \u2003\u3000",
                            "\u1680\u200a\u2028", "\u2029\u202f\u205f\ufeff"}) {
    const ParseError e = refused(R"({"type": "chat", "text": ")" + std::string(blank) + "\"}");
    EXPECT_EQ(e.text, "A chat line may not be empty.") << blank;
  }
  // Anything visible beside them is a line; so are spaces that show (U+200B is not trimmed).
  EXPECT_TRUE(
      std::holds_alternative<Command>(parsed(R"({"type": "chat", "text": "\u3000hi\u00a0"})")));
  EXPECT_TRUE(blankText(""));
  EXPECT_FALSE(blankText("\u4e00"));  // a CJK ideograph whose bytes start like U+3000's
  EXPECT_FALSE(blankText("\u200b"));
}

TEST(ClientMessage, EveryMessageRoundTrips) {
  const std::vector<ClientMessage> all{
      PingRequest{},
      JoinRequest{"abc", "tok", {}},
      JoinRequest{"abc", std::nullopt, int64_t{-3}},
      JoinRequest{"abc", "tok", SeatVersions{1, std::nullopt}},
      JoinRequest{"abc", "tok", MalformedVersions{}},
      Command{TryCommand{"", Color::Black}},
      Command{PassCommand{}},
      Command{ResignCommand{Color::White}},
      Command{AbortCommand{}},
      Command{AbortCommand{Color::Black}},
      Command{MarkCommand{"T19", true, std::nullopt}},
  };
  for (const ClientMessage& m : all) {
    const std::string text = toJson(m).dump();
    const ParsedMessage back = parseClientMessage(text);
    ASSERT_TRUE(std::holds_alternative<ClientMessage>(back)) << text;
    EXPECT_EQ(std::get<ClientMessage>(back), m) << text;
  }
}

}  // namespace
}  // namespace pg
