// The commit the binary reports is the one it was built from: it is stamped at build time
// (cmake/stamp_commit.cmake), so an incremental build after a new commit shows the new one.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>

#include "version.h"

namespace pg {
namespace {

/// The first line `command` prints, or "" if it cannot run.
std::string firstLine(const std::string& command) {
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return {};
  std::array<char, 256> buf{};
  std::string out;
  if (std::fgets(buf.data(), static_cast<int>(buf.size()), pipe)) out = buf.data();
  pclose(pipe);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

TEST(Version, CommitIsTheCheckoutsHead) {
  const std::string head =
      firstLine("git -C '" PG_SOURCE_DIR "' rev-parse --short=12 HEAD 2>/dev/null");
  if (head.empty()) GTEST_SKIP() << "not a git checkout";
  EXPECT_EQ(std::string(kGitCommit), head);
}

TEST(Version, VersionIsTheProjects) {
  EXPECT_STREQ(kVersion, PG_PROJECT_VERSION);
}

}  // namespace
}  // namespace pg
