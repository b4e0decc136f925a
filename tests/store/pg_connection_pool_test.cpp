// The reader sessions of a PostgreSQL node (store/pg_connection_pool.h) against a real server
// (support/pg_test_server.h): a read blocked in the database does not hold the others back, a
// session found gone is replaced, and a read never runs on a session another read is using.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <future>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "store/pg_connection.h"
#include "store/pg_connection_pool.h"
#include "support/fresh_database_test.h"
#include "support/pg_test_server.h"

namespace pg {
namespace {

using namespace std::chrono_literals;

class PgStoreReadersTest : public test::FreshDatabaseTest {};

/// The backend's process id of the session `c`.
int backendPid(pq::Connection& c) {
  const pq::Result r = c.exec("asking for the pid", "SELECT pg_backend_pid()");
  return std::stoi(pq::text(r.get(), 0, 0));
}

TEST_F(PgStoreReadersTest, AReadBlockedInTheDatabaseDoesNotHoldTheOthersBack) {
  pq::ConnectionPool pool(uri_, 2);
  // The test's own session holds an advisory lock; a read that asks for it blocks on the
  // server until the test lets it go.
  pq::Connection holder(uri_);
  holder.exec("locking", "SELECT pg_advisory_lock(38)");
  std::future<int> blocked, other;
  bool locked = true;
  const auto unlock = [&] {
    if (locked) holder.exec("unlocking", "SELECT pg_advisory_unlock(38)");
    locked = false;
  };
  struct Guard {  // before the futures' ends, which wait for their reads, on any way out
    std::function<void()> f;
    ~Guard() { f(); }
  } guard{unlock};
  std::promise<void> blocked_started;
  blocked = std::async(std::launch::async, [&] {
    return pool.run("waiting for the lock", [&](pq::Connection& c) {
      blocked_started.set_value();
      c.exec("waiting for the lock", "SELECT pg_advisory_lock(38)");
      c.exec("unlocking", "SELECT pg_advisory_unlock(38)");
      return backendPid(c);
    });
  });
  blocked_started.get_future().wait();
  // With one reader session this read would wait until the lock is let go; it ends first.
  other = std::async(std::launch::async, [&] {
    return pool.run("reading", [](pq::Connection& c) { return backendPid(c); });
  });
  ASSERT_EQ(other.wait_for(30s), std::future_status::ready);
  const int other_pid = other.get();
  EXPECT_EQ(blocked.wait_for(0s), std::future_status::timeout);
  unlock();
  EXPECT_NE(blocked.get(), other_pid);  // two sessions
}

TEST_F(PgStoreReadersTest, ReadsAtOnceNeverShareASessionAndALostOneIsReplaced) {
  pq::ConnectionPool pool(uri_, 3);
  std::atomic<int> inside{0}, most{0};
  std::mutex m;
  std::set<int> pids;
  std::vector<std::thread> threads;
  for (int t = 0; t < 6; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 20; ++i)
        pool.run("reading", [&](pq::Connection& c) {
          const int now = ++inside;
          for (int seen = most.load(); now > seen && !most.compare_exchange_weak(seen, now);) {
          }
          const int pid = backendPid(c);
          c.exec("waiting", "SELECT pg_sleep(0.002)");
          EXPECT_EQ(backendPid(c), pid);
          {
            std::lock_guard lock(m);
            pids.insert(pid);
          }
          --inside;
          return 0;
        });
    });
  for (auto& t : threads) t.join();
  EXPECT_LE(most.load(), 3);
  EXPECT_LE(pids.size(), 3u);

  // Every session ended by the server: the next reads connect again, once each.
  for (int pid : pids) test::PgTestServer::get().terminate(pid);
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(pool.run("reading",
                       [](pq::Connection& c) {
                         const pq::Result r = c.exec("reading", "SELECT 1");
                         return std::stoi(pq::text(r.get(), 0, 0));
                       }),
              1);
}

}  // namespace
}  // namespace pg
