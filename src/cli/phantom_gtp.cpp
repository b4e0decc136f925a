#include "cli/phantom_gtp.h"

#include <iostream>

#include "ai/phantom_engine.h"

namespace pg {

std::shared_ptr<PhantomGtpArgs> addPhantomGtpOptions(CLI::App* sub) {
  auto a = std::make_shared<PhantomGtpArgs>();
  sub->add_flag("--phantom", a->phantom,
                "speak the Phantom Go engine protocol (docs/engine-protocol.md) with our bot");
  sub->add_option("--bot", a->bot, "with --phantom: a name of the bot (`phantomgo match --help`)")
      ->check(CLI::IsMember(playerNames()))
      ->capture_default_str();
  sub->add_option("--seconds", a->seconds, "with --phantom: seconds per move")
      ->capture_default_str();
  sub->add_option("--playouts", a->playouts, "with --phantom: playouts per try instead of time");
  sub->add_option("--threads", a->threads, "with --phantom: search threads")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  sub->add_flag("--atari", a->atari, "with --phantom: Atari Go");
  return a;
}

void runPhantomGtp(const PhantomGtpArgs& args, const Rules& rules, uint64_t seed) {
  PhantomEngineOptions opt;
  opt.bot = args.bot;
  opt.seed = seed;
  opt.rules = rules;
  opt.rules.atari_go = args.atari;
  opt.limits.seconds = args.playouts > 0 ? 0 : args.seconds;
  opt.limits.playouts = args.playouts;
  opt.limits.threads = args.threads;
  PhantomEngine engine(opt);
  engine.run(std::cin, std::cout);
}

}  // namespace pg
