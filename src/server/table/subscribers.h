// A table's connections and the fan-out to them: who is subscribed in which role, what each has
// been sent of its audiences' streams, and who is present. Events reach a connection only
// through flush() (or on joining), each audience's stream in its own form, so a connection
// hears exactly its role's audiences (referee/visibility.h decides what each may know).
//
// Not thread-safe: it belongs to its table and is used on the table's strand only.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "protocol/client_message.h"
#include "referee/referee.h"
#include "server/table/messages.h"
#include "server/table/peer.h"
#include "server/table/role.h"

namespace pg {

/// Who is connected: a seat counts as connected when some live connection plays it.
struct Presence {
  bool black = false;
  bool white = false;
  int spectators = 0;
};

class Subscribers {
 public:
  /// The versions a rejoining connection says it holds, per audience (nullopt: none).
  using LastVersions = std::array<std::optional<int64_t>, kNumAudiences>;

  /// The versions of a join's `last_version` for `role`: one number for a single audience, one
  /// per seat for a hot seat. nullopt when the value does not fit the role.
  static std::optional<LastVersions> lastVersions(Role role, const LastVersion& given);

  /// Subscribes `peer` in `role` and sends it, per audience of the role, the events after its
  /// last version when that version is one the stream has had, else a snapshot.
  /// Precondition: `peer` is not subscribed.
  void add(const std::shared_ptr<Peer>& peer, Role role, const Referee& referee,
           const LastVersions& last);
  /// The role of a live subscribed connection, or nullopt.
  std::optional<Role> roleOf(const Peer* peer) const;
  /// Drops `peer` and every connection that has gone. Returns whether any was dropped.
  bool remove(const Peer* peer);
  bool empty() const { return subs_.empty(); }

  /// Live connections only.
  Presence presence() const;
  /// Live spectator connections whose client address is `address` (Peer::address).
  int spectatorsFrom(const std::string& address) const;
  /// Sends every subscriber the events of its audiences it has not been sent yet.
  void flush(const Referee& referee);
  /// Sends `f` to every live subscriber.
  void broadcast(const Frame& f) const;
  /// Sends every live subscriber the frame `f(role)` of its role (none when it is null).
  void sendEach(const std::function<Frame(Role)>& f) const;
  /// Closes every live subscriber's connection (Peer::close) and forgets them all.
  void closeAll();

 private:
  struct Subscriber {
    std::weak_ptr<Peer> peer;
    const Peer* raw = nullptr;
    Role role = Role::Spectator;
    std::array<int, kNumAudiences> sent{};  ///< versions already sent, per audience
  };
  const Subscriber* find(const Peer* peer) const;

  std::vector<Subscriber> subs_;
};

}  // namespace pg
