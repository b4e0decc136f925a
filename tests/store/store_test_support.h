// What the store suites share: a fixture run on each store, sample rows, and the answers of
// async writes.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <filesystem>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "store/store.h"
#include "support/pg_test_server.h"

namespace pg::test {

/// A test run on each store, named by its parameter ("Sqlite" or "Postgres"): `location_` is a
/// fresh SQLite file in the temporary folder (removed afterwards, with its journal files) or a
/// fresh database on the suite's PostgreSQL server. A fixture that opens stores there in its
/// own SetUp calls this one's first, and closes them in TearDown before calling this one's.
class EachStoreTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (postgres()) {
      try {
        location_ = PgTestServer::get().freshDatabase();
      } catch (const std::exception& e) {
        GTEST_FAIL() << e.what();
      }
      return;
    }
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = std::string(info->test_suite_name()) + "-" + info->name();
    for (char& c : name)
      if (c == '/') c = '-';
    location_ = (std::filesystem::temp_directory_path() /
                 ("pg-store-test-" + std::to_string(::getpid()) + "-" + name + ".db"))
                    .string();
    removeFiles();
  }
  void TearDown() override {
    if (!postgres()) removeFiles();
  }
  bool postgres() const { return GetParam() == "Postgres"; }

  std::string location_;

 private:
  void removeFiles() {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(location_ + suffix);
  }
};

inline StoredTable sampleTable(const std::string& id, int64_t created_at = 1000) {
  StoredTable t;
  t.id = id;
  t.created_at = created_at;
  t.setup = R"({"mode":"online"})";
  t.black_token = "b-token";
  t.white_token = "w-token";
  return t;
}

/// Waits for `n` async answers and keeps them by index.
struct Answers {
  std::mutex m;
  std::condition_variable cv;
  std::vector<int> calls;
  std::vector<std::exception_ptr> errors;
  explicit Answers(std::size_t n) : calls(n, 0), errors(n) {}
  Store::WriteDone done(std::size_t i) {
    return [this, i](std::exception_ptr e) {
      std::lock_guard lock(m);
      ++calls[i];
      errors[i] = e;
      cv.notify_all();
    };
  }
  /// False if some answer has not come within 30 s.
  bool waitAll() {
    std::unique_lock lock(m);
    return cv.wait_for(lock, std::chrono::seconds(30), [&] {
      return std::all_of(calls.begin(), calls.end(), [](int c) { return c > 0; });
    });
  }
};

/// Counts onClaimsLost calls and the threads they came on.
struct LostClaims {
  std::mutex m;
  std::condition_variable cv;
  int calls = 0;
  std::thread::id thread;
  std::function<void()> callback() {
    return [this] {
      std::lock_guard lock(m);
      ++calls;
      thread = std::this_thread::get_id();
      cv.notify_all();
    };
  }
  bool waitFor(int n) {
    std::unique_lock lock(m);
    return cv.wait_for(lock, std::chrono::seconds(10), [&] { return calls >= n; });
  }
};

/// Whether `e` holds an exception of type E.
template <typename E>
bool holds(const std::exception_ptr& e) {
  try {
    if (e) std::rethrow_exception(e);
  } catch (const E&) {
    return true;
  } catch (...) {
  }
  return false;
}

}  // namespace pg::test
