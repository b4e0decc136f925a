// The error catalog (protocol/errors.h): one code, one meaning, one English text, and the
// documents that follow it: docs/protocol.md names every code, and the page (web/errors.js)
// knows every code a table or the API sends it, and no code the server does not send.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "protocol/errors.h"

namespace pg {
namespace {

std::string readFile(const std::string& rel) {
  std::ifstream in(std::string(PG_SOURCE_DIR) + "/" + rel);
  std::ostringstream s;
  s << in.rdbuf();
  EXPECT_FALSE(s.str().empty()) << rel;
  return s.str();
}

TEST(ErrorCatalog, EachCodeOnceInOrderWithASentence) {
  std::set<std::string_view> codes;
  const auto all = errorCatalog();
  for (std::size_t i = 0; i < all.size(); ++i) {
    const ErrorEntry& e = all[i];
    EXPECT_EQ(static_cast<std::size_t>(e.err), i) << e.code;
    EXPECT_EQ(&errorEntry(e.err), &e);
    EXPECT_TRUE(codes.insert(e.code).second) << "two meanings for " << e.code;
    EXPECT_TRUE(std::regex_match(std::string(e.code), std::regex("[a-z]+(-[a-z]+)*"))) << e.code;
    ASSERT_FALSE(e.text.empty()) << e.code;
    EXPECT_EQ(e.text.back(), '.') << e.code;
    EXPECT_TRUE(e.http_status >= 400 && e.http_status < 600) << e.code;
  }
}

TEST(ErrorCatalog, OnlyAFamilyCodeTakesTheCallersText) {
  EXPECT_EQ(Error::of(Err::NotYourTurn).text, "It is not your turn.");
  EXPECT_EQ(Error::of(Err::NotYourTurn).code(), "not-your-turn");
  EXPECT_EQ(Error::of(Err::NotYourTurn).httpStatus(), 409);
  const Error e = Error::detail(Err::BadRequest, "A try needs a point such as \"C3\".");
  EXPECT_EQ(e.code(), "bad-request");
  EXPECT_EQ(e.text, "A try needs a point such as \"C3\".");
  std::set<Err> detailed;
  for (const ErrorEntry& x : errorCatalog())
    if (x.detailed) detailed.insert(x.err);
  EXPECT_EQ(detailed, (std::set<Err>{Err::BadRequest, Err::RateLimited, Err::MethodNotAllowed}));
}

TEST(ErrorCatalog, EveryRefusalOfTheRefereeHasItsCode) {
  EXPECT_EQ(errorEntry(errorOf(Refusal::GameOver)).code, "game-over");
  EXPECT_EQ(errorEntry(errorOf(Refusal::NotYourTurn)).code, "not-your-turn");
  EXPECT_EQ(errorEntry(errorOf(Refusal::OffBoard)).code, "off-board");
  EXPECT_EQ(errorEntry(errorOf(Refusal::OwnStone)).code, "occupied-visible");
  EXPECT_EQ(errorEntry(errorOf(Refusal::AlreadyTried)).code, "already-tried");
  EXPECT_EQ(errorEntry(errorOf(Refusal::NoChange)).code, "no-change");
  EXPECT_EQ(errorEntry(errorOf(Refusal::TooLateToAbort)).code, "too-late-to-abort");
  // The referee's names for logs are the same words.
  for (Refusal r : {Refusal::GameOver, Refusal::NotYourTurn, Refusal::OffBoard, Refusal::OwnStone,
                    Refusal::AlreadyTried, Refusal::NoChange, Refusal::TooLateToAbort})
    EXPECT_EQ(refusalName(r), errorEntry(errorOf(r)).code);
}

TEST(ErrorCatalog, TheProtocolDocumentNamesEveryCode) {
  const std::string doc = readFile("docs/protocol.md");
  for (const ErrorEntry& e : errorCatalog())
    EXPECT_NE(doc.find("`" + std::string(e.code) + "`"), std::string::npos) << e.code;
}

TEST(ErrorCatalog, ThePageKnowsTheCodesItCanMeetAndNoOther) {
  const std::string js = readFile("web/errors.js");
  const auto from = js.find("ERROR_CODES = [");
  const auto to = js.find("];", from);
  ASSERT_NE(from, std::string::npos);
  std::set<std::string> page;
  const std::string list = js.substr(from, to - from);
  const std::regex quoted("'([a-z-]+)'");
  for (auto it = std::sregex_iterator(list.begin(), list.end(), quoted);
       it != std::sregex_iterator(); ++it)
    page.insert((*it)[1]);
  std::set<std::string> catalog;
  for (const ErrorEntry& e : errorCatalog()) catalog.insert(std::string(e.code));
  for (const std::string& c : page)
    EXPECT_TRUE(catalog.count(c)) << "the page knows a code the server never sends: " << c;
  // The lobby's own answers (web/lobby.js says them in its words) and the belief map's seat
  // (asked only with a seat the page names) are the codes the table page never meets.
  const std::set<std::string> elsewhere{"no-such-challenge", "taken",   "expired", "gone",
                                        "bad-secret",        "bad-seat"};
  for (const std::string& c : catalog) {
    if (!elsewhere.count(c)) {
      EXPECT_TRUE(page.count(c)) << "web/errors.js does not know " << c;
    }
  }
}

}  // namespace
}  // namespace pg
