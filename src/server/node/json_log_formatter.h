// The node's log lines as JSON, one object a line, for a machine to read (journald, a log
// shipper, jq):
//   {"time":"2026-12-05T10:07:57.123Z","level":"info","node":"web1:8081","table":"k2...",
//    "message":"black joined (127.0.0.1)"}
// The table comes from the messages' own convention: a line about a table begins
// "table <id>: ". The formatter lifts that prefix into the field, rather than each call site
// passing the id apart, so that the call sites stay one plain sentence, the text format shows
// them as written, and the shape of a line is decided here only.
#pragma once

#include <spdlog/formatter.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace pg {

/// A message split into the table it is about and the rest.
struct TableMessage {
  std::string_view table;    ///< the id: letters, digits, '-' or '_'
  std::string_view message;  ///< what follows "table <id>: "
};

/// "table <id>: rest" -> {id, rest}; nullopt when the message does not begin that way.
std::optional<TableMessage> splitTableMessage(std::string_view message);

class JsonLogFormatter final : public spdlog::formatter {
 public:
  /// `node` names this process in every line (docs/deploy.md, "Logs").
  explicit JsonLogFormatter(std::string node);
  void format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) override;
  std::unique_ptr<spdlog::formatter> clone() const override;

 private:
  std::string node_;
};

}  // namespace pg
