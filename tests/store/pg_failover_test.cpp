// Losing the database's primary under a node: a synchronous standby (support/pg_standby_pair.h)
// is promoted, and the node, whose connection string names both servers with
// target_session_attrs=read-write, finds it by itself. No acknowledged write is lost.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "store/pg_store.h"
#include "store_test_support.h"
#include "support/pg_standby_pair.h"

namespace pg {
namespace {

using test::Answers;
using test::LostClaims;
using test::sampleTable;

StoredEvent eventAt(int64_t seq) {
  return {seq, 1000 + seq, R"({"kind":"try","n":)" + std::to_string(seq) + "}"};
}

TEST(PgFailover, ThePromotedStandbyHasEveryAcknowledgedWriteAndTheNodeFindsIt) {
  std::unique_ptr<test::PgStandbyPair> pair;
  try {
    pair = std::make_unique<test::PgStandbyPair>();
  } catch (const std::exception& e) {
    GTEST_FAIL() << e.what();
  }
  PgStore node(pair->uri());
  LostClaims lost;
  node.onClaimsLost(lost.callback());
  const std::string id = "failover0001";
  node.createTable(sampleTable(id));
  ASSERT_TRUE(node.claim(id));

  constexpr int kBefore = 50, kDuring = 300;
  for (int64_t seq = 0; seq < kBefore; ++seq) node.append(id, {eventAt(seq)}, std::nullopt);
  // Queued when the primary dies: each is answered, stored or failed.
  Answers during(kDuring);
  for (int i = 0; i < kDuring; ++i)
    node.write(AppendEvents{id, {eventAt(kBefore + i)}, std::nullopt}, during.done(i));
  pair->killPrimary();
  ASSERT_TRUE(during.waitAll());
  ASSERT_TRUE(lost.waitFor(1)) << "the node did not notice that its session is gone";
  // The stored ones come first: after the first failure nothing of the table is stored.
  int acknowledged = 0;
  while (acknowledged < kDuring && !during.errors[acknowledged]) ++acknowledged;
  for (int i = acknowledged; i < kDuring; ++i)
    EXPECT_TRUE(during.errors[i]) << "write " << i << " stored after a failed one";

  // No server accepts writes now: the standby is read-only, and a read-write session is
  // required of the connection.
  EXPECT_THROW(node.claim(id), StoreError);
  EXPECT_THROW(node.append(id, {eventAt(kBefore + kDuring)}, std::nullopt), ClaimLost);
  EXPECT_THROW(node.table(id), StoreError);

  pair->promoteStandby();
  // The node reconnects on its own (its backoff is at most 2 s) to the promoted standby.
  bool claimed = false;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!claimed && std::chrono::steady_clock::now() < until) {
    try {
      claimed = node.claim(id);
    } catch (const StoreError&) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
  ASSERT_TRUE(claimed) << "the node did not find the promoted standby within 20 s";

  // Every acknowledged write is there, in order, with nothing after a gap. A write whose
  // COMMIT was in flight may be there too: its node was told it failed, and nobody heard of it.
  const std::vector<StoredEvent> log = node.events(id);
  ASSERT_GE(log.size(), static_cast<std::size_t>(kBefore + acknowledged));
  ASSERT_LE(log.size(), static_cast<std::size_t>(kBefore + kDuring));
  for (std::size_t i = 0; i < log.size(); ++i)
    ASSERT_EQ(log[i], eventAt(static_cast<int64_t>(i))) << "at " << i;
  // And the log goes on there.
  const auto next = static_cast<int64_t>(log.size());
  node.append(id, {eventAt(next)}, std::nullopt);
  EXPECT_EQ(node.events(id).size(), log.size() + 1);
  ASSERT_TRUE(node.table(id));
}

}  // namespace
}  // namespace pg
