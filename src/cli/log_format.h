// The form of the binary's log lines, chosen on the command line: spdlog's text lines (the
// default) or one JSON object a line (server/node/json_log_formatter.h). spdlog's default logger
// is one per process, and so is this choice: both --log-format options write the same setting.
#pragma once

#include <string>

#include "cli/cli11.h"

namespace pg {

/// Adds --log-format text|json to `app`: the program's (before the subcommand, like
/// --log-level) or a subcommand's (`serve --log-format json`).
void addLogFormatOption(CLI::App& app);

/// Gives the default logger the chosen form; `node` names this process in JSON lines.
void applyLogFormat(const std::string& node);

/// This machine's host name, or "localhost" when it has none.
std::string hostName();

}  // namespace pg
