// `phantomgo backup`: a consistent copy of a SQLite store, taken while a node keeps serving from
// it (src/store/sqlite_backup.h); a PostgreSQL database is PostgreSQL's tools' job.
#include <spdlog/spdlog.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "cli/commands.h"
#include "store/open_store.h"
#include "store/sqlite_backup.h"
#include "store/stored.h"

namespace pg {

namespace {

// Set by SIGINT or SIGTERM: the copy stops between two steps and removes what it wrote, instead
// of dying with a partial file beside the final name.
std::atomic<bool> g_stop{false};
static_assert(std::atomic<bool>::is_always_lock_free, "read and written by a signal handler");

extern "C" void onStopSignal(int) {
  g_stop.store(true);
}

struct BackupOptions {
  std::string db;
  std::string to;
  BackupPace pace;
  int pause_ms = static_cast<int>(BackupPace{}.pause.count());
};

bool namesPostgres(const std::string& db) {
  std::error_code ec;
  return isPostgresLocation(db) ||
         (!db.empty() && !std::filesystem::exists(db, ec) && isPostgresConninfo(db));
}

}  // namespace

void addBackupCommand(CLI::App& app) {
  auto o = std::make_shared<BackupOptions>();
  CLI::App* sub = app.add_subcommand(
      "backup",
      "Copy a SQLite store, consistently, while the server keeps using it (docs/deploy.md)");
  sub->add_option("--db", o->db, "the store: the SQLite file `phantomgo serve --db` uses")
      ->required();
  sub->add_option("--to", o->to, "the copy: a new file (never replaced), in an existing folder")
      ->required();
  sub->add_option("--pages-per-step", o->pace.pages_per_step,
                  "pages (of the store's page size, 4 KiB) copied between two pauses")
      ->check(CLI::Range(1, 1 << 20))
      ->capture_default_str();
  sub->add_option("--pause-ms", o->pause_ms,
                  "pause after each step, leaving the disk and the CPU to the server")
      ->check(CLI::Range(0, 10000))
      ->capture_default_str();
  sub->callback([o] {
    if (namesPostgres(o->db)) {
      spdlog::critical(
          "backup: --db names a PostgreSQL database; back it up with pg_dump or pg_basebackup "
          "(docs/deploy.md, \"Backups and restore\")");
      throw CLI::RuntimeError(1);
    }
    o->pace.pause = std::chrono::milliseconds(o->pause_ms);
    std::signal(SIGINT, onStopSignal);
    std::signal(SIGTERM, onStopSignal);
    try {
      const BackupReport r = backupSqlite(o->db, o->to, o->pace, &g_stop);
      std::printf(
          "backup of %s written to %s: %lld tables, %lld events, %lld bytes; copied in %.2f s, "
          "checked (integrity_check ok) and flushed in %.2f s\n",
          o->db.c_str(), o->to.c_str(), static_cast<long long>(r.tables),
          static_cast<long long>(r.events), static_cast<long long>(r.bytes), r.copy_seconds,
          r.check_seconds);
    } catch (const StoreError& e) {
      spdlog::critical("backup: {}", e.what());
      throw CLI::RuntimeError(1);
    }
  });
}

}  // namespace pg
