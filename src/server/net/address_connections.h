// How many connections each client address holds open at once, with a ceiling per address. A
// connection holds an AddressSlot for as long as it lives (moved from the HTTP session to the
// WebSocket session on upgrade); the count of an address is forgotten when its last slot goes,
// so the map holds only the addresses that have a connection open now.
#pragma once

#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace pg {

class AddressConnections;

/// One open connection counted for its client address; releases the count when destroyed.
class AddressSlot {
 public:
  AddressSlot(AddressSlot&& o) noexcept : owner_(o.owner_), address_(std::move(o.address_)) {
    o.owner_ = nullptr;
  }
  AddressSlot& operator=(AddressSlot&& o) noexcept;
  AddressSlot(const AddressSlot&) = delete;
  AddressSlot& operator=(const AddressSlot&) = delete;
  ~AddressSlot();

  const std::string& address() const { return address_; }

 private:
  friend class AddressConnections;
  AddressSlot(AddressConnections* owner, std::string address)
      : owner_(owner), address_(std::move(address)) {}
  AddressConnections* owner_;
  std::string address_;
};

/// Thread-safe.
class AddressConnections {
 public:
  explicit AddressConnections(std::size_t per_address) : per_address_(per_address) {}

  /// A slot for one more connection from `address`, or nullopt if it holds its ceiling.
  std::optional<AddressSlot> acquire(const std::string& address);
  /// Connections `address` holds now.
  std::size_t count(const std::string& address) const;
  /// Addresses holding a connection now.
  std::size_t addresses() const;

 private:
  friend class AddressSlot;
  void release(const std::string& address);

  const std::size_t per_address_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::size_t> open_;
};

}  // namespace pg
