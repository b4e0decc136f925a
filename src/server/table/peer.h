// What a table knows of a connection: somewhere to send frames. A table never sees a socket,
// and a connection never sees a referee.
#pragma once

#include <memory>
#include <string>

namespace pg {

class Peer {
 public:
  virtual ~Peer() = default;
  /// Queues one text frame. Safe from any thread; never blocks.
  virtual void send(std::shared_ptr<const std::string> frame) = 0;
  /// Tells the connection that its join succeeded. Safe from any thread.
  virtual void joined() = 0;
  /// Closes the connection from the server's side once the frames queued before are written:
  /// the table is not served here (any more), and the client reconnects to wherever it is
  /// served now. Safe from any thread.
  virtual void close() = 0;
  /// A short label for the logs (the remote address); never a secret.
  virtual const std::string& label() const = 0;
  /// The key of the client's address for the limits per address (client_address.h limitKey);
  /// empty when unknown (a connection made inside the process).
  virtual const std::string& address() const {
    static const std::string none;
    return none;
  }
};

}  // namespace pg
