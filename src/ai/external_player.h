// A player that is another program speaking the engine protocol (docs/engine-protocol.md) on
// its standard input and output. The engine is started with /bin/sh -c COMMAND in its own
// process group and killed when the player is destroyed. A misbehaving engine (no answer in
// time, an answer that is not a vertex, pass or resign, a point it already tried this turn or
// its own stone, an engine that exits) makes choose() resign and failure() say why; it never
// blocks longer than the answer timeout.
#pragma once

#include <sys/types.h>
#include <string>

#include "ai/player.h"

namespace pg {

class ExternalPlayer final : public Player {
 public:
  /// answer_timeout: seconds the engine may take to answer any one command (the setup
  /// commands of the first game get at least 10 s: an engine may be slow to start).
  ExternalPlayer(std::string command, double answer_timeout);
  ~ExternalPlayer() override;
  ExternalPlayer(const ExternalPlayer&) = delete;
  ExternalPlayer& operator=(const ExternalPlayer&) = delete;

  Action choose(const View& view, const SearchLimits& limits) override;
  std::string name() const override { return "cmd:" + command_; }

  /// Why the engine lost by misbehaving; empty if it did not.
  const std::string& failure() const { return failure_; }
  /// True if the failure was a missing answer (a loss on time).
  bool timedOut() const { return timed_out_; }

 private:
  /// Sends one command and reads its response. Returns false (and sets failure_) if the engine
  /// did not answer in time or exited; *ok tells '=' from '?'.
  bool command(const std::string& cmd, bool* ok, std::string* answer, double timeout);
  Action fail(std::string why, bool timeout = false);

  std::string command_;
  double timeout_;
  pid_t pid_ = -1;
  int to_fd_ = -1;
  int from_fd_ = -1;
  std::string buffer_;
  size_t events_sent_ = 0;
  bool set_up_ = false;
  std::string failure_;
  bool timed_out_ = false;
};

}  // namespace pg
