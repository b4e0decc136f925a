// A test with a fresh folder of its own (named after the process and the test), removed at the
// end, and the small file helpers the tests of files in a folder share.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>

namespace pg::test {

class FolderTest : public ::testing::Test {
 protected:
  /// `prefix` begins the folder's name ("pg-backup-test-").
  explicit FolderTest(std::string prefix) : prefix_(std::move(prefix)) {}
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() /
           (prefix_ + std::to_string(::getpid()) + "-" + info->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string at(const std::string& name) const { return (dir_ / name).string(); }
  /// The names in the folder.
  std::set<std::string> names() const {
    std::set<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(dir_))
      out.insert(e.path().filename().string());
    return out;
  }
  static std::string text(const std::string& path) {
    std::ifstream f(path);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
  }

  std::filesystem::path dir_;

 private:
  std::string prefix_;
};

}  // namespace pg::test
