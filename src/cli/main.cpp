// The phantomgo binary: one CLI11 application, one subcommand per cmd_*.cpp.
#include <string>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "ai/nets.h"
#include "cli/commands.h"
#include "cli/log_format.h"
#include "version.h"

int main(int argc, char** argv) {
  // Logs go to stderr: stdout belongs to the subcommands (GTP responses, benchmark output).
  spdlog::set_default_logger(spdlog::stderr_color_mt("phantomgo"));
  spdlog::set_level(spdlog::level::info);

  CLI::App app{"Phantom Go: Go where each player sees only their own stones.", "phantomgo"};
  app.set_version_flag(
      "--version", std::string("phantomgo ") + pg::kVersion + " (commit " + pg::kGitCommit + ")");
  std::string log_level = "info";
  app.add_option("--log-level", log_level, "trace, debug, info, warn, error, critical or off")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}))
      ->capture_default_str();
  pg::addLogFormatOption(app);
  app.add_option_function<std::string>("--nets", pg::setNetsDir,
                                       "the computer's networks, belief.pgnn and pv.pgnn "
                                       "(docs/bot.md); the source tree's nets/ by default");
  // In JSON lines, `serve` names its node itself (--node-name); any other command its machine.
  app.parse_complete_callback([&log_level] {
    spdlog::set_level(spdlog::level::from_str(log_level));
    pg::applyLogFormat(pg::hostName());
  });
  app.require_subcommand(1);

  pg::addGtpCommand(app);
  pg::addBenchCommand(app);
  pg::addServeCommand(app);
  pg::addBackupCommand(app);
  pg::addLoadtestCommand(app);
  pg::addMatchCommand(app);

  CLI11_PARSE(app, argc, argv);
  return 0;
}
