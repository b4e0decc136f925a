// A small SGF reader of our own: enough of FF[4] to read back what sgf_writer.h writes (and any
// well-formed SGF game tree), so that the writer can be checked by a round trip. It never
// trusts its input: malformed text throws SgfError, nesting and size are bounded.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "rules/types.h"

namespace pg {

class SgfError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// One node: its properties in order, each with its (unescaped) values.
struct SgfNode {
  std::vector<std::pair<std::string, std::vector<std::string>>> props;
  /// The values of property `id`, or nullptr.
  const std::vector<std::string>* find(const std::string& id) const;
  /// The first value of `id`, or `fallback`.
  std::string value(const std::string& id, const std::string& fallback = "") const;
};

/// Parses a collection and returns the main line of its first game tree (the first variation at
/// every branch). Throws SgfError. Text values are unescaped ("\]" -> "]", "\\" -> "\",
/// backslash-newline removed); nothing else is converted.
std::vector<SgfNode> parseSgfMainLine(const std::string& text);

/// What a Phantom Go game record holds, read back from the main line.
struct SgfRecord {
  int size = 19;
  std::string komi;             ///< the KM text, as written
  std::vector<Point> handicap;  ///< AB points
  std::string black_name, white_name, date, game_name, result, game_comment, application;
  struct Move {
    Color player = Color::Black;
    bool pass = false;
    bool has_move = false;  ///< false: a node with only a comment (resignation, time)
    Point point = kNoPoint;
    std::string comment;
  };
  std::vector<Move> moves;
};

/// Reads a record. Throws SgfError on malformed text, a size outside 1..25, a point off the
/// board, or a node with both B and W.
SgfRecord readSgf(const std::string& text);

/// Decodes an SGF point ("cd") on a board of `size`; "" and "tt" (on 19x19 and less) are a pass
/// (returns kNoPoint). Throws SgfError when it is off the board.
Point sgfPointFrom(const std::string& s, int size);

}  // namespace pg
