#include "cli/log_format.h"

#include <spdlog/pattern_formatter.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <array>
#include <memory>

#include "server/node/json_log_formatter.h"

namespace pg {

namespace {

bool& jsonChosen() {
  static bool json = false;
  return json;
}

}  // namespace

void addLogFormatOption(CLI::App& app) {
  app.add_option_function<std::string>(
         "--log-format", [](const std::string& f) { jsonChosen() = f == "json"; },
         "text (default) or json: one JSON object a line, with time, level, node, table and "
         "message")
      ->check(CLI::IsMember({"text", "json"}));
}

void applyLogFormat(const std::string& node) {
  if (jsonChosen())
    spdlog::default_logger()->set_formatter(std::make_unique<JsonLogFormatter>(node));
  else
    spdlog::default_logger()->set_formatter(std::make_unique<spdlog::pattern_formatter>());
}

std::string hostName() {
  std::array<char, 256> name{};
  if (gethostname(name.data(), name.size() - 1) != 0 || name[0] == '\0') return "localhost";
  return name.data();
}

}  // namespace pg
