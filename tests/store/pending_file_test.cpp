// A file written under a temporary name (store/pending_file.h): whole under its final name once
// published, gone when abandoned, and never in place of a file that was there.
#include "store/pending_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "store/stored.h"

namespace pg::test {
namespace {

namespace fs = std::filesystem;

class PendingFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("pg-pending-test-" + std::to_string(::getpid()) + "-" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string at(const std::string& name) const { return (dir_ / name).string(); }
  std::set<std::string> names() const {
    std::set<std::string> out;
    for (const auto& e : fs::directory_iterator(dir_)) out.insert(e.path().filename().string());
    return out;
  }
  static std::string text(const std::string& path) {
    std::ifstream f(path);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
  }

  fs::path dir_;
};

TEST_F(PendingFileTest, IsPublishedWholeUnderItsFinalName) {
  {
    PendingFile f(at("new.db"), {"-journal"});
    EXPECT_NE(f.path(), at("new.db"));
    EXPECT_EQ(fs::path(f.path()).parent_path(), dir_);  // a rename within one file system
    std::ofstream(f.path()) << "whole";
    EXPECT_EQ(names().count("new.db"), 0u);  // nothing under the final name before publish()
    f.publish();
  }
  EXPECT_EQ(text(at("new.db")), "whole");
  EXPECT_EQ(names(), (std::set<std::string>{"new.db"}));
}

TEST_F(PendingFileTest, AnAbandonedFileLeavesNothing) {
  {
    PendingFile f(at("new.db"), {"-journal", "-wal"});
    std::ofstream(f.path()) << "half";
    std::ofstream(f.path() + "-journal") << "the writer's";
  }
  EXPECT_TRUE(names().empty());
}

TEST_F(PendingFileTest, NeverReplacesAFile) {
  std::ofstream(at("old.db")) << "kept";
  EXPECT_THROW(PendingFile(at("old.db")), StoreError);
  std::ofstream(at("stale.db-wal")) << "another database's";
  EXPECT_THROW(PendingFile(at("stale.db"), {"-wal"}), StoreError);
  {
    PendingFile f(at("new.db"));
    std::ofstream(f.path()) << "mine";
    std::ofstream(at("new.db")) << "someone else's, meanwhile";
    EXPECT_THROW(f.publish(), StoreError);
  }
  EXPECT_EQ(text(at("old.db")), "kept");
  EXPECT_EQ(text(at("new.db")), "someone else's, meanwhile");
  EXPECT_EQ(names(), (std::set<std::string>{"old.db", "stale.db-wal", "new.db"}));
}

TEST_F(PendingFileTest, NeedsAnExistingFolder) {
  EXPECT_THROW(PendingFile(at("none/new.db")), StoreError);
  EXPECT_THROW(PendingFile(""), StoreError);
}

}  // namespace
}  // namespace pg::test
