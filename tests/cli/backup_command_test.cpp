// `phantomgo backup` as the binary parses it: what it requires, and the PostgreSQL locations it
// sends to PostgreSQL's tools. The copy itself: tests/store/sqlite_backup_test.cpp; the command
// beside a real server: tests/server/backup_test.cpp.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/commands.h"

namespace pg {
namespace {

/// Parses argv (without the program name) on an app with the backup command alone.
void runBackup(std::vector<std::string> args) {
  CLI::App app{"test", "phantomgo"};
  app.require_subcommand(1);
  addBackupCommand(app);
  std::reverse(args.begin(), args.end());  // CLI11 takes a reversed vector
  app.parse(args);
}

TEST(BackupCommand, NeedsTheStoreAndTheCopy) {
  EXPECT_THROW(runBackup({"backup", "--db", "phantomgo.db"}), CLI::RequiredError);
  EXPECT_THROW(runBackup({"backup", "--to", "copy.db"}), CLI::RequiredError);
  EXPECT_THROW(runBackup({"backup", "--db", "a", "--to", "b", "--pages-per-step", "0"}),
               CLI::ValidationError);
}

TEST(BackupCommand, RefusesPostgresAndWritesNothing) {
  const std::filesystem::path to = std::filesystem::temp_directory_path() /
                                   ("pg-backup-command-" + std::to_string(::getpid()) + ".db");
  for (const std::string db : {"postgresql:///phantomgo?host=/var/run/postgresql",
                               "postgres://u@db/phantomgo", "host=/var/run/postgresql dbname=pg"}) {
    SCOPED_TRACE(db);
    try {
      runBackup({"backup", "--db", db, "--to", to.string()});
      ADD_FAILURE() << "no refusal";
    } catch (const CLI::RuntimeError& e) {
      EXPECT_EQ(e.get_exit_code(), 1);
    }
    EXPECT_FALSE(std::filesystem::exists(to));
  }
}

}  // namespace
}  // namespace pg
