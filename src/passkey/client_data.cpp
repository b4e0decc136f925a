#include "passkey/client_data.h"

#include <nlohmann/json.hpp>

#include "passkey/passkey_error.h"

namespace pg::passkey {

ClientData parseClientData(const Bytes& json) {
  const nlohmann::json j = nlohmann::json::parse(json.begin(), json.end(), nullptr, false);
  if (j.is_discarded() || !j.is_object()) throw PasskeyError("client data: not a JSON object");
  auto text = [&](const char* key) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_string())
      throw PasskeyError(std::string("client data: no ") + key);
    return it->get<std::string>();
  };
  ClientData c;
  c.type = text("type");
  const auto challenge = fromBase64url(text("challenge"));
  if (!challenge) throw PasskeyError("client data: the challenge is not base64url");
  c.challenge = *challenge;
  c.origin = text("origin");
  if (const auto it = j.find("crossOrigin"); it != j.end()) {
    if (!it->is_boolean()) throw PasskeyError("client data: crossOrigin is not a boolean");
    c.cross_origin = it->get<bool>();
  }
  return c;
}

}  // namespace pg::passkey
