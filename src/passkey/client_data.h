// The client data (WebAuthn Level 2, section 5.8.1): the JSON the browser signs over, naming the
// ceremony's type, its challenge and the origin of the page that asked.
#pragma once

#include <string>

#include "passkey/base64url.h"

namespace pg::passkey {

struct ClientData {
  std::string type;    ///< "webauthn.create" or "webauthn.get"
  Bytes challenge;     ///< decoded from base64url
  std::string origin;  ///< "https://go.example.org"
  bool cross_origin = false;
};

/// Parses the client data JSON. Throws PasskeyError when it is not JSON, or a field is missing
/// or of the wrong type.
ClientData parseClientData(const Bytes& json);

}  // namespace pg::passkey
