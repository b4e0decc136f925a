// The one GTP v2 line parser and response framing (src/gtp), shared by both engines.
#include "gtp/gtp.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pg::gtp {
namespace {

Command cmd(std::string id, std::string name, std::vector<std::string> args = {}) {
  return Command{std::move(id), std::move(name), std::move(args)};
}

TEST(GtpParser, LinesThatGtpIgnores) {
  for (const char* line :
       {"", " ", "\t \t", "\n", "\r\n", "# a comment", "   # indented", "\x01\x02", "#play b D4"})
    EXPECT_EQ(parse(line), std::nullopt) << '"' << line << '"';
}

TEST(GtpParser, CommentsAreCutAtTheFirstHash) {
  EXPECT_EQ(parse("name # trailing comment"), cmd("", "name"));
  EXPECT_EQ(parse("play b D4#no space"), cmd("", "play", {"b", "D4"}));
  EXPECT_EQ(parse("7 play b D4 # it's # all # comment"), cmd("7", "play", {"b", "D4"}));
  EXPECT_EQ(preprocess("boardsize 9 # x"), "boardsize 9 ");
}

TEST(GtpParser, ControlCharactersAreRemovedAndTabsAreSpaces) {
  // CR, BEL, DEL and the other control characters vanish, even inside a word; HT separates.
  EXPECT_EQ(parse("na\x07me\r"), cmd("", "name"));
  EXPECT_EQ(parse("play\tb\t\tD4\x7f"), cmd("", "play", {"b", "D4"}));
  EXPECT_EQ(parse("\x1b"
                  "12 known_command\x01 name"),
            cmd("12", "known_command", {"name"}));
  EXPECT_EQ(preprocess("a\tb\r\n"), "a b\n");
  // Bytes from 128 up are not control characters.
  EXPECT_EQ(parse("name \xc3\xa9"), cmd("", "name", {"\xc3\xa9"}));
}

TEST(GtpParser, Ids) {
  EXPECT_EQ(parse("1 name"), cmd("1", "name"));
  EXPECT_EQ(parse("  0042   version  "), cmd("0042", "version"));
  // Only digits make an id.
  EXPECT_EQ(parse("-1 name"), cmd("", "-1", {"name"}));
  EXPECT_EQ(parse("1a name"), cmd("", "1a", {"name"}));
  // An id alone: a command without a name, for the engine to refuse.
  EXPECT_EQ(parse("5"), cmd("5", ""));
  EXPECT_EQ(parse("5 # nothing"), cmd("5", ""));
  EXPECT_TRUE(isId("0"));
  EXPECT_FALSE(isId(""));
  EXPECT_FALSE(isId("+3"));
}

TEST(GtpParser, ResponseFraming) {
  EXPECT_EQ(respond(true, "", ""), "=\n\n");
  EXPECT_EQ(respond(true, "3", ""), "=3\n\n");
  EXPECT_EQ(respond(true, "3", "C3 G7"), "=3 C3 G7\n\n");
  EXPECT_EQ(respond(false, "", "unknown command"), "? unknown command\n\n");
  EXPECT_EQ(respond(false, "12", "illegal move"), "?12 illegal move\n\n");
}

}  // namespace
}  // namespace pg::gtp
