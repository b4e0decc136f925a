// `phantomgo gtp`: the GTP engine on stdin/stdout.
#include <algorithm>
#include <iostream>
#include <memory>
#include <random>
#include <string>

#include <spdlog/spdlog.h>

#include "cli/commands.h"
#include "cli/gtp_engine.h"
#include "cli/phantom_gtp.h"

namespace pg {

void addGtpCommand(CLI::App& app) {
  struct Args {
    GtpOptions options;
    std::string ko = "superko";
    bool torus = false;
    uint64_t seed = 0;
  };
  auto args = std::make_shared<Args>();
  CLI::App* sub = app.add_subcommand("gtp",
                                     "Play plain (full-information) Go over GTP v2 on "
                                     "stdin/stdout, with random moves");
  sub->add_option("--size", args->options.size, "initial board size")
      ->check(CLI::Range(kMinSize, kMaxSize))
      ->capture_default_str();
  sub->add_option("--komi", args->options.komi, "initial komi")->capture_default_str();
  sub->add_option("--ko", args->ko, "ko rule: superko (positional) or simple")
      ->check(CLI::IsMember({"superko", "simple"}))
      ->capture_default_str();
  sub->add_flag("--torus", args->torus, "the board wraps around at its edges");
  CLI::Option* seed = sub->add_option("--seed", args->seed, "seed of genmove (default: random)");
  auto phantom = addPhantomGtpOptions(sub);
  sub->callback([args, seed, phantom] {
    GtpOptions options = args->options;
    options.ko = *parseKoRule(args->ko);
    options.topology = args->torus ? Topology::Torus : Topology::Planar;
    options.seed = seed->count() > 0
                       ? args->seed
                       : (uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
    if (phantom->phantom) {  // the Phantom Go engine protocol (phantom_gtp.h)
      Rules rules;
      rules.size = std::min(options.size, 19);
      rules.komi = options.komi;
      rules.ko = options.ko;
      rules.topology = options.topology;
      runPhantomGtp(*phantom, rules, options.seed);
      return;
    }
    spdlog::debug("gtp: size {} {}, ko {}, seed {}", options.size, topologyName(options.topology),
                  koRuleName(options.ko), options.seed);
    GtpEngine engine(options);
    engine.run(std::cin, std::cout);
  });
}

}  // namespace pg
