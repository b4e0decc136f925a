#include "server/net/address_connections.h"

namespace pg {

AddressSlot& AddressSlot::operator=(AddressSlot&& o) noexcept {
  if (this != &o) {
    if (owner_) owner_->release(address_);
    owner_ = o.owner_;
    address_ = std::move(o.address_);
    o.owner_ = nullptr;
  }
  return *this;
}

AddressSlot::~AddressSlot() {
  if (owner_) owner_->release(address_);
}

std::optional<AddressSlot> AddressConnections::acquire(const std::string& address) {
  std::lock_guard lock(mutex_);
  std::size_t& n = open_[address];
  if (n >= per_address_) {
    if (n == 0) open_.erase(address);  // a ceiling of 0: nothing is held
    return std::nullopt;
  }
  ++n;
  return AddressSlot(this, address);
}

void AddressConnections::release(const std::string& address) {
  std::lock_guard lock(mutex_);
  auto it = open_.find(address);
  if (it == open_.end()) return;
  if (--it->second == 0) open_.erase(it);
}

std::size_t AddressConnections::count(const std::string& address) const {
  std::lock_guard lock(mutex_);
  auto it = open_.find(address);
  return it == open_.end() ? 0 : it->second;
}

std::size_t AddressConnections::addresses() const {
  std::lock_guard lock(mutex_);
  return open_.size();
}

}  // namespace pg
