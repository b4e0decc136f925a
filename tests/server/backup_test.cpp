// `phantomgo backup` between real processes (issue #38): a node serves tables that play through
// the WebSocket protocol; while they play, the backup copies the node's SQLite file; a fresh node
// on the copy then has every event the players had been told of before the backup began, and its
// games go on.
//
// What lets the test fail: the test holds a read transaction on the store from before the first
// move, so the node's checkpoints cannot move any of the games' commits from the WAL into the
// database file. A plain copy of the file (cp of a live WAL database, which misses or races the
// -wal file) then lacks them for certain, and the same check run on such a copy, taken at the
// moment of the backup, must find events missing: if it did not, the check would prove nothing.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "game_driver.h"
#include "support/spawned_program.h"

namespace pg::test {
namespace {

namespace fs = std::filesystem;

/// What both players of one table had been told: the table (its tokens) and each seat's events.
struct ToldTable {
  Json table;
  std::vector<Json> black, white;
};

class BackupProcessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    spdlog::set_level(spdlog::level::warn);
    fs::create_directories(dir_.path() / "web");
    std::ofstream(dir_.path() / "web" / "index.html") << "<!doctype html><title>pg</title>";
  }

  fs::path at(const std::string& name) const { return dir_.path() / name; }

  /// `phantomgo serve` on `db`; its port once it listens (0 when it did not start).
  uint16_t serve(std::unique_ptr<SpawnedProgram>& node, const std::string& db) {
    const fs::path log = at(db + ".log");
    node = std::make_unique<SpawnedProgram>(
        std::vector<std::string>{PG_PHANTOMGO_BIN, "serve", "--port", "0", "--db", at(db).string(),
                                 "--web", at("web").string(), "--rate", "1000",
                                 "--lift-limits-per-address"},
        log);
    const std::string mark = "listening on http://127.0.0.1:";
    for (int i = 0; i < 1200; ++i) {  // a minute at most, however loaded the machine
      const std::string out = node->output();
      const auto p = out.find(mark);
      if (p != std::string::npos && out.find('\n', p) != std::string::npos)
        return static_cast<uint16_t>(std::stoi(out.substr(p + mark.size())));
      if (!node->running()) break;
      std::this_thread::sleep_for(50ms);
    }
    ADD_FAILURE() << "phantomgo serve did not start:\n" << node->output();
    return 0;
  }

  /// Plays 9x9 games on one table after another until `stop_`, keeping in told_[slot] what each
  /// seat of the current table has been told.
  void play(uint16_t port, int slot) {
    std::mt19937 rng(static_cast<unsigned>(100 + slot));
    while (!stop_ && !::testing::Test::HasFailure()) {
      const HttpResult r = httpRequest("127.0.0.1", port, "POST", "/api/tables",
                                       Json{{"rules", Json{{"size", 9}}}}.dump());
      ASSERT_EQ(r.status, 201) << r.body;
      const Json table = r.json();
      Client black(port, 9), white(port, 9);
      for (auto [c, seat] : {std::pair{&black, "black"}, std::pair{&white, "white"}}) {
        const Json joined = c->join(Json{{"type", "join"},
                                         {"table", table.at("table")},
                                         {"token", table.at("seats").at(seat).at("token")}});
        ASSERT_EQ(joined.value("type", ""), "joined") << joined.dump();
      }
      const std::vector<Listener> both{{&black, "black"}, {&white, "white"}};
      while (!stop_ && !black.seat("black").over() && !::testing::Test::HasFailure()) {
        const std::string on_turn = black.seat("black").toMove();
        Client& mover = on_turn == "black" ? black : white;
        act(mover, randomAction(mover.seat(on_turn), rng, 0.01), both);
        std::lock_guard lock(mutex_);
        told_[static_cast<std::size_t>(slot)][table.at("table").get<std::string>()] = {
            table, black.seat("black").events(), white.seat("white").events()};
        ++actions_;
      }
    }
  }

  /// What every table's players had been told so far.
  std::vector<ToldTable> toldNow() {
    std::lock_guard lock(mutex_);
    std::vector<ToldTable> out;
    for (const auto& slot : told_)
      for (const auto& [id, t] : slot) out.push_back(t);
    return out;
  }

  /// The events of `told` missing from the node at `port` (or different there): each seat joins
  /// afresh, and its snapshot must begin with what it had been told.
  static int missingEvents(uint16_t port, const std::vector<ToldTable>& told) {
    int missing = 0;
    for (const ToldTable& t : told) {
      for (auto [seat, had] : {std::pair{"black", &t.black}, std::pair{"white", &t.white}}) {
        Client c(port, 9);
        c.send(Json{{"type", "join"},
                    {"table", t.table.at("table")},
                    {"token", t.table.at("seats").at(seat).at("token")}});
        const Json first = c.until([](const Json& m) {
          return m.value("type", "") == "snapshot" || m.value("type", "") == "error";
        });
        if (first.value("type", "") != "snapshot") {  // the table itself is missing
          missing += static_cast<int>(had->size());
          continue;
        }
        const Json& events = first.at("view").at("events");
        for (std::size_t i = 0; i < had->size(); ++i)
          if (i >= events.size() || events.at(i) != (*had)[i]) ++missing;
      }
    }
    return missing;
  }

  TempDir dir_;
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::array<std::map<std::string, ToldTable>, 4> told_;  // per player thread, by table id
  int actions_ = 0;
};

TEST_F(BackupProcessTest, ACopyTakenDuringPlayHoldsEveryToldEventAndItsGamesGoOn) {
  std::unique_ptr<SpawnedProgram> node;
  const uint16_t port = serve(node, "live.db");
  ASSERT_NE(port, 0);

  // The pin: a read transaction from before the first move (see the top of the file).
  sqlite3* pin = nullptr;
  ASSERT_EQ(sqlite3_open_v2(at("live.db").c_str(), &pin, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  ASSERT_EQ(
      sqlite3_exec(pin, "BEGIN; SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr),
      SQLITE_OK);

  std::vector<std::thread> players;
  for (int slot = 0; slot < 4; ++slot) players.emplace_back([&, slot] { play(port, slot); });
  auto played = [&] {
    std::lock_guard lock(mutex_);
    return actions_;
  };
  for (int i = 0; i < 1200 && played() < 80 && !HasFailure(); ++i)
    std::this_thread::sleep_for(50ms);

  // The moment the backup begins: what the players had been told by then, and a plain copy of
  // the file for the check's own test.
  const std::vector<ToldTable> told = toldNow();
  fs::copy_file(at("live.db"), at("plain-copy.db"));
  const int before = played();
  // A page at a time with pauses: the copy takes many steps, between which the games go on.
  SpawnedProgram backup({PG_PHANTOMGO_BIN, "backup", "--db", at("live.db").string(), "--to",
                         at("backup.db").string(), "--pages-per-step", "1", "--pause-ms", "5"},
                        at("backup.log"));
  const int backup_exit = backup.waitAtMost(std::chrono::seconds(300));
  const int during = played() - before;
  stop_ = true;
  for (std::thread& t : players) t.join();
  sqlite3_close(pin);
  node->stop();
  ASSERT_FALSE(HasFailure());
  ASSERT_EQ(backup_exit, 0) << backup.output();
  EXPECT_NE(backup.output().find("integrity_check ok"), std::string::npos) << backup.output();
  std::cout << "backup: " << backup.output() << "actions told during the backup: " << during
            << "; tables: " << told.size() << "\n";
  ASSERT_FALSE(told.empty());

  // The restore of docs/deploy.md: the copy put in place of the store, a node started on it.
  fs::copy_file(at("backup.db"), at("restored.db"));
  const uint16_t restored = serve(node, "restored.db");
  ASSERT_NE(restored, 0);
  EXPECT_EQ(missingEvents(restored, told), 0);

  // The games go on: one more action on a table whose game the copy holds unfinished.
  bool moved = false;
  for (const ToldTable& t : told) {
    Client black(restored, 9), white(restored, 9);
    for (auto [c, seat] : {std::pair{&black, "black"}, std::pair{&white, "white"}}) {
      const Json joined = c->join(Json{{"type", "join"},
                                       {"table", t.table.at("table")},
                                       {"token", t.table.at("seats").at(seat).at("token")}});
      ASSERT_EQ(joined.value("type", ""), "joined") << joined.dump();
    }
    if (black.seat("black").over()) continue;
    const int v = black.seat("black").version();
    const std::string on_turn = black.seat("black").toMove();
    Client& mover = on_turn == "black" ? black : white;
    std::mt19937 rng(7);
    act(mover, randomAction(mover.seat(on_turn), rng, 0.0), {{&black, "black"}, {&white, "white"}});
    EXPECT_GT(black.seat("black").version(), v);
    moved = true;
    break;
  }
  EXPECT_TRUE(moved) << "every restored game was over";
  node->stop();

  // The check's own test: on a plain copy of the file it must find events missing.
  const uint16_t plain = serve(node, "plain-copy.db");
  ASSERT_NE(plain, 0);
  EXPECT_GT(missingEvents(plain, told), 0)
      << "a plain copy of the file passes the check: it would not notice a backup without its "
         "snapshot";
}

}  // namespace
}  // namespace pg::test
