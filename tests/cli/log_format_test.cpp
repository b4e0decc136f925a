// --log-format (cli/log_format.h): text stays spdlog's line, json puts one object a line on the
// default logger, naming the node; anything else is refused when the command line is parsed.
#include "cli/log_format.h"

#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace pg {
namespace {

void parseLogFormat(std::vector<std::string> args) {
  CLI::App app{"test", "phantomgo"};
  addLogFormatOption(app);
  std::reverse(args.begin(), args.end());  // CLI11 takes a reversed vector
  app.parse(args);
}

TEST(LogFormat, JsonOrTextOnTheDefaultLogger) {
  const auto before = spdlog::default_logger();
  std::ostringstream out;
  spdlog::set_default_logger(std::make_shared<spdlog::logger>(
      "log-format-test", std::make_shared<spdlog::sinks::ostream_sink_mt>(out)));
  spdlog::default_logger()->set_level(spdlog::level::info);

  parseLogFormat({"--log-format", "json"});
  applyLogFormat("web3:8083");
  spdlog::info("table {}: started", "k2mbq7xzaa3p");
  const nlohmann::json j = nlohmann::json::parse(out.str());
  EXPECT_EQ(j.at("node"), "web3:8083");
  EXPECT_EQ(j.at("table"), "k2mbq7xzaa3p");
  EXPECT_EQ(j.at("message"), "started");

  out.str("");
  parseLogFormat({"--log-format", "text"});
  applyLogFormat("web3:8083");
  spdlog::info("table {}: started", "k2mbq7xzaa3p");
  const std::string line = out.str();
  EXPECT_EQ(line.front(), '[') << line;
  EXPECT_NE(line.find("] [log-format-test] [info] table k2mbq7xzaa3p: started\n"),
            std::string::npos)
      << line;

  spdlog::set_default_logger(before);
  EXPECT_THROW(parseLogFormat({"--log-format", "xml"}), CLI::ValidationError);
  EXPECT_FALSE(hostName().empty());
}

}  // namespace
}  // namespace pg
