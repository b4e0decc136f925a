// The fixture of a test on a database of its own on the process's PostgreSQL
// (pg_test_server.h): `uri_` names it; a missing PostgreSQL fails the test.
#pragma once

#include <gtest/gtest.h>

#include <exception>
#include <string>

#include "support/pg_test_server.h"

namespace pg::test {

class FreshDatabaseTest : public ::testing::Test {
 protected:
  void SetUp() override {
    try {
      uri_ = PgTestServer::get().freshDatabase();
    } catch (const std::exception& e) {
      GTEST_FAIL() << e.what();
    }
  }

  std::string uri_;
};

}  // namespace pg::test
