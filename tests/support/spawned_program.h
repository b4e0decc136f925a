// A program of this build (`phantomgo serve`, `phantomgo backup`) in a child process, for the
// tests that need a real process: to SIGKILL it, or to run it beside the test's own threads.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace pg::test {

/// A program of this build in a child process, its stdout and stderr in `log`.
class SpawnedProgram {
 public:
  SpawnedProgram(const std::vector<std::string>& args, const std::filesystem::path& log)
      : log_(log) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const int rc = ::posix_spawn(&pid_, args[0].c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) throw std::runtime_error("cannot start " + args[0]);
  }
  ~SpawnedProgram() { stop(); }
  SpawnedProgram(const SpawnedProgram&) = delete;
  SpawnedProgram& operator=(const SpawnedProgram&) = delete;

  /// Waits for its end: the exit code, or -1 when a signal ended it.
  int wait() {
    if (pid_ > 0 && !reaped_) ::waitpid(pid_, &status_, 0);
    reaped_ = true;
    return WIFEXITED(status_) ? WEXITSTATUS(status_) : -1;
  }
  /// wait(), but a program still running after `limit` is killed (-1): a test that fails
  /// rather than one that hangs, should the program never end (a backup that never finishes).
  int waitAtMost(std::chrono::seconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (running() && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (running()) ::kill(pid_, SIGKILL);
    return wait();
  }
  /// SIGTERM (a node stops cleanly), then waits.
  void stop() { signal(SIGTERM); }
  /// Sends `sig` (SIGKILL: a crash) if it still runs, then waits for its end.
  void signal(int sig) {
    if (running()) ::kill(pid_, sig);
    wait();
  }
  /// Whether it has not ended yet (an ended child is reaped here, its status kept for wait()).
  bool running() {
    if (pid_ <= 0 || reaped_) return false;
    if (::waitpid(pid_, &status_, WNOHANG) == 0) return true;
    reaped_ = true;
    return false;
  }
  std::string output() const {
    std::ifstream f(log_);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
  }

 private:
  std::filesystem::path log_;
  pid_t pid_ = -1;
  int status_ = 0;
  bool reaped_ = false;
};

}  // namespace pg::test
