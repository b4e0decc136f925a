// Full `phantomgo serve` nodes on one fresh database of the test's real PostgreSQL
// (support/pg_test_server.h), as a cluster behind a proxy would run them: the fixture of the
// cluster tests (lobby, accounts, hand-over).
#pragma once

#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/server.h"
#include "support/pg_test_server.h"

namespace pg::test {

class ClusterNodes : public ::testing::Test {
 protected:
  /// Starts `n` nodes on a fresh database; `adjust` may change each node's settings (port,
  /// database and web folder are set before it). Fails the test when PostgreSQL is missing.
  void startNodes(int n, const std::function<void(ServerSettings&)>& adjust = nullptr) {
    spdlog::set_level(spdlog::level::warn);
    try {
      uri_ = PgTestServer::get().freshDatabase();
    } catch (const std::exception& e) {
      GTEST_FAIL() << e.what();
    }
    for (int i = 0; i < n; ++i) {
      ServerSettings s;
      s.port = 0;
      s.db_path = uri_;
      s.web_dir = "/nonexistent";
      s.drain_ms = 0;  // no proxy to leave: a stop hands over at once (a test sets its own)
      if (adjust) adjust(s);
      nodes_.push_back(std::make_unique<Server>(s));
      ports_.push_back(nodes_.back()->start());
    }
  }
  uint16_t port(int node) const { return ports_[static_cast<std::size_t>(node)]; }

  std::string uri_;
  std::vector<std::unique_ptr<Server>> nodes_;
  std::vector<uint16_t> ports_;
};

}  // namespace pg::test
