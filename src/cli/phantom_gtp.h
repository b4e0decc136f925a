// `phantomgo gtp --phantom`: our bot as an engine speaking the Phantom Go engine protocol
// (docs/engine-protocol.md) on stdin/stdout. cmd_gtp.cpp registers these options on the gtp
// subcommand and hands over to runPhantomGtp when --phantom is given.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "cli/cli11.h"
#include "rules/rules.h"

namespace pg {

struct PhantomGtpArgs {
  bool phantom = false;
  std::string bot = "default";
  double seconds = 1.0;
  int playouts = 0;
  int threads = 2;
  bool atari = false;
};

/// Adds --phantom, --bot, --seconds, --playouts, --threads and --atari to `sub`.
std::shared_ptr<PhantomGtpArgs> addPhantomGtpOptions(CLI::App* sub);

/// Runs the phantom engine until quit or end of input.
void runPhantomGtp(const PhantomGtpArgs& args, const Rules& rules, uint64_t seed);

}  // namespace pg
