// GTP version 2's line syntax (the specification's section 2): the preprocessing of an input
// line, the optional numeric id, the command and its arguments, and the framing of a response.
// Nothing about Go: the engines (src/cli/gtp_engine, src/ai/phantom_engine) give the meaning.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pg::gtp {

/// GTP's preprocessing of one line: every control character other than HT and LF removed (CR
/// included), everything from the first '#' on cut off (a comment), and each HT turned into a
/// space.
std::string preprocess(std::string_view line);

/// One command line: "[id] command_name [arguments]".
struct Command {
  std::string id;    ///< the id's digits as given, or empty when the line has none
  std::string name;  ///< empty when the line holds only an id (the caller answers an error)
  std::vector<std::string> args;
  bool operator==(const Command&) const = default;
};

/// Preprocesses `line` and splits it on spaces (and LF). nullopt for a line that GTP ignores:
/// empty, blank, or only a comment. A first word of digits only is the id.
std::optional<Command> parse(std::string_view line);

/// Whether s is a GTP id: one or more decimal digits.
bool isId(std::string_view s);

/// The framed response: "=id text\n\n" on success, "?id text\n\n" on failure; with an empty
/// text, "=id\n\n" (no space). `id` is the command's id as parse() gave it, maybe empty.
std::string respond(bool ok, std::string_view id, std::string_view text);

}  // namespace pg::gtp
