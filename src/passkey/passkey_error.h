// Why a passkey ceremony was refused. The reason is for the server's log only: a client is told
// no more than that the ceremony failed, so a refusal teaches an attacker nothing.
#pragma once

#include <stdexcept>
#include <string>

namespace pg::passkey {

class PasskeyError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace pg::passkey
