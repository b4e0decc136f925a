// The learned networks the computer player may use (docs/bot.md, "The third generation"): the
// belief network (belief-v1 input, belief_net.h) and the policy-and-value network (board-v1
// input). They are trained by tools/train/ and committed under nets/; a player that finds none
// plays without them (hard then plays as bot:v2), and the server says so at start.
#pragma once

#include <memory>
#include <string>

namespace pg {

namespace nn {
class Network;
}

struct Nets {
  std::shared_ptr<const nn::Network> belief;  ///< kind belief, features belief-v1, or null
  std::shared_ptr<const nn::Network> pv;      ///< kind pv, features board-v1, or null
};

/// What loadNets found.
struct NetsLoad {
  std::shared_ptr<const Nets> nets;  ///< never null; its members are null where a file failed
  std::string report;                ///< one line per network: loaded, or missing and why
};

/// The directory the build found the committed networks in (the source tree's nets/).
std::string defaultNetsDir();

/// Loads `dir`/belief.pgnn and `dir`/pv.pgnn, checking each one's kind and encoder version.
NetsLoad loadNets(const std::string& dir);

/// Where installedNets() loads from: defaultNetsDir() unless a program says otherwise (its
/// --nets option) before the first player is made.
void setNetsDir(const std::string& dir);

/// The networks the players use (makePlayer), loaded once, on the first call, from the
/// directory above. Never null; members may be.
std::shared_ptr<const Nets> installedNets();
/// What that load found (loadNets' report), for the program to log.
std::string installedNetsReport();

}  // namespace pg
