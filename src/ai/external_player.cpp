#include "ai/external_player.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>

#include "ai/engine_protocol.h"

namespace pg {

namespace {
using Clock = std::chrono::steady_clock;

int msLeft(Clock::time_point deadline) {
  const auto left =
      std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return static_cast<int>(std::max<int64_t>(0, left));
}
}  // namespace

ExternalPlayer::ExternalPlayer(std::string command, double answer_timeout)
    : command_(std::move(command)), timeout_(answer_timeout) {
  std::signal(SIGPIPE, SIG_IGN);
  int in_pipe[2], out_pipe[2];
  if (pipe(in_pipe) != 0) {
    failure_ = "cannot create a pipe";
    return;
  }
  if (pipe(out_pipe) != 0) {
    close(in_pipe[0]);
    close(in_pipe[1]);
    failure_ = "cannot create a pipe";
    return;
  }
  pid_ = fork();
  if (pid_ == 0) {
    setpgid(0, 0);
    dup2(in_pipe[0], STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    close(in_pipe[0]);
    close(in_pipe[1]);
    close(out_pipe[0]);
    close(out_pipe[1]);
    execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  to_fd_ = in_pipe[1];
  from_fd_ = out_pipe[0];
  if (pid_ < 0) {
    failure_ = "cannot start the engine";
    return;
  }
  setpgid(pid_, pid_);
  fcntl(to_fd_, F_SETFL, fcntl(to_fd_, F_GETFL) | O_NONBLOCK);
  fcntl(from_fd_, F_SETFL, fcntl(from_fd_, F_GETFL) | O_NONBLOCK);
}

ExternalPlayer::~ExternalPlayer() {
  if (to_fd_ >= 0) {
    static const char quit[] = "quit\n";
    [[maybe_unused]] ssize_t w = write(to_fd_, quit, sizeof quit - 1);
    close(to_fd_);
  }
  if (from_fd_ >= 0) close(from_fd_);
  if (pid_ > 0) {
    // Give it a moment to leave on its own, then end its process group.
    const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(500);
    int status = 0;
    while (waitpid(pid_, &status, WNOHANG) == 0) {
      if (Clock::now() >= deadline) {
        kill(-pid_, SIGKILL);
        waitpid(pid_, &status, 0);
        break;
      }
      usleep(5000);
    }
  }
}

Action ExternalPlayer::fail(std::string why, bool timeout) {
  if (failure_.empty()) {
    failure_ = std::move(why);
    timed_out_ = timeout;
  }
  return Action::resign();
}

bool ExternalPlayer::command(const std::string& cmd, bool* ok, std::string* answer,
                             double timeout) {
  if (!failure_.empty()) return false;
  const Clock::time_point deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                        std::chrono::duration<double>(timeout));
  const std::string line = cmd + "\n";
  size_t off = 0;
  while (off < line.size()) {
    pollfd pfd{to_fd_, POLLOUT, 0};
    if (poll(&pfd, 1, msLeft(deadline)) <= 0) {
      fail("did not read its input within " + std::to_string(timeout) + " s", true);
      return false;
    }
    const ssize_t w = write(to_fd_, line.data() + off, line.size() - off);
    if (w < 0) {
      if (errno == EAGAIN || errno == EINTR) continue;
      fail("closed its input (exited?)");
      return false;
    }
    off += static_cast<size_t>(w);
  }
  // A response is a line starting with '=' or '?' and ends with an empty line.
  for (;;) {
    buffer_.erase(std::remove(buffer_.begin(), buffer_.end(), '\r'), buffer_.end());
    size_t start = buffer_.find_first_not_of('\n');
    if (start != std::string::npos) {
      const size_t end = buffer_.find("\n\n", start);
      if (end != std::string::npos) {
        std::string resp = buffer_.substr(start, end - start);
        buffer_.erase(0, end + 2);
        if (resp.empty() || (resp[0] != '=' && resp[0] != '?')) {
          fail("answered '" + resp.substr(0, 60) + "' to '" + cmd + "', not a GTP response");
          return false;
        }
        *ok = resp[0] == '=';
        size_t i = 1;
        while (i < resp.size() && std::isdigit(static_cast<unsigned char>(resp[i]))) ++i;
        while (i < resp.size() && (resp[i] == ' ' || resp[i] == '\t')) ++i;
        *answer = resp.substr(i);
        return true;
      }
    }
    pollfd pfd{from_fd_, POLLIN, 0};
    const int left = msLeft(deadline);
    if (left <= 0 || poll(&pfd, 1, left) <= 0) {
      fail("gave no answer to '" + cmd + "' within " + std::to_string(timeout).substr(0, 5) + " s",
           true);
      return false;
    }
    char buf[4096];
    const ssize_t r = read(from_fd_, buf, sizeof buf);
    if (r == 0) {
      fail("exited before answering '" + cmd + "'");
      return false;
    }
    if (r < 0) {
      if (errno == EAGAIN || errno == EINTR) continue;
      fail("cannot be read");
      return false;
    }
    buffer_.append(buf, static_cast<size_t>(r));
    if (buffer_.size() > (1 << 20)) {
      fail("sent more than 1 MB without ending a response");
      return false;
    }
  }
}

Action ExternalPlayer::choose(const View& view, const SearchLimits&) {
  if (!failure_.empty()) return Action::resign();
  const Rules& rules = view.rules();
  bool ok = false;
  std::string answer;
  if (!set_up_) {
    for (const std::string& cmd : setupCommands(rules)) {
      if (!command(cmd, &ok, &answer, std::max(timeout_, 10.0))) return Action::resign();
      if (!ok && cmd.rfind("komi", 0) != 0) return fail("refused '" + cmd + "': " + answer);
    }
    set_up_ = true;
  }
  const auto& events = view.events();
  for (; events_sent_ < events.size(); ++events_sent_) {
    const auto cmd = eventCommand(events[events_sent_], view.self(), rules.size);
    if (cmd && !command(*cmd, &ok, &answer, timeout_)) return Action::resign();
  }
  if (!command("genmove " + std::string(colorLetter(view.self())), &ok, &answer, timeout_))
    return Action::resign();
  if (!ok) return fail("refused genmove: " + answer);
  std::string word = answer.substr(0, answer.find_first_of(" \t\n"));
  std::transform(word.begin(), word.end(), word.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (word == "pass") return Action::pass();
  if (word == "resign") return Action::resign();
  const auto p = parsePoint(word, rules.size);
  if (!p || *p == kPass) return fail("answered genmove with '" + answer.substr(0, 60) + "'");
  if (view.at(*p) != Color::Empty) return fail("tried " + word + ", its own stone");
  for (Point q : view.triedThisTurn())
    if (q == *p) return fail("tried " + word + " twice in one turn");
  return Action::tryAt(*p);
}

}  // namespace pg
