#include "server/api/webauthn_json.h"

namespace pg {

namespace {

constexpr int64_t kTimeoutMs = kCeremonyMs;

/// The bytes of field `key` of `j`, base64url of at most `max` bytes. Throws ProtocolError.
passkey::Bytes bytesField(const Json& j, const char* key, std::size_t max, bool required = true) {
  if (!j.is_object() || !j.contains(key)) {
    if (!required) return {};
    throw ProtocolError(std::string("the credential needs '") + key + "'");
  }
  const Json& v = j.at(key);
  if (v.is_null() && !required) return {};
  if (!v.is_string() || v.get_ref<const std::string&>().size() > (max * 4 + 2) / 3)
    throw ProtocolError(std::string("'") + key + "' must be base64url of at most " +
                        std::to_string(max) + " bytes");
  auto b = passkey::fromBase64url(v.get_ref<const std::string&>());
  if (!b) throw ProtocolError(std::string("'") + key + "' is not base64url");
  return std::move(*b);
}

/// The credential's response object, after checking its type.
const Json& responseOf(const Json& credential) {
  if (!credential.is_object()) throw ProtocolError("'credential' must be an object");
  if (credential.contains("type") && credential.at("type") != "public-key")
    throw ProtocolError("the credential's type must be 'public-key'");
  if (!credential.contains("response") || !credential.at("response").is_object())
    throw ProtocolError("the credential needs a 'response' object");
  return credential.at("response");
}

constexpr std::size_t kMaxCredentialId = 1023;  // WebAuthn: credential ids are at most 1023 bytes
constexpr std::size_t kMaxUserHandle = 64;      // WebAuthn: user handles are at most 64 bytes

}  // namespace

Json creationOptions(const passkey::Bytes& challenge, const std::string& rp_id,
                     const std::string& user_id, const std::string& user_name,
                     const std::vector<passkey::Bytes>& exclude) {
  Json params = Json::array();
  for (passkey::Alg a : passkey::kAlgs)
    params.push_back(Json{{"type", "public-key"}, {"alg", static_cast<int32_t>(a)}});
  Json excluded = Json::array();
  for (const auto& id : exclude)
    excluded.push_back(Json{{"type", "public-key"}, {"id", passkey::base64url(id)}});
  return Json{{"challenge", passkey::base64url(challenge)},
              {"rp", Json{{"id", rp_id}, {"name", "Phantom Go"}}},
              {"user", Json{{"id", passkey::base64url(std::string_view(user_id))},
                            {"name", user_name},
                            {"displayName", user_name}}},
              {"pubKeyCredParams", params},
              {"timeout", kTimeoutMs},
              {"attestation", "none"},
              {"authenticatorSelection", Json{{"residentKey", "required"},
                                              {"requireResidentKey", true},
                                              {"userVerification", "required"}}},
              {"excludeCredentials", excluded}};
}

Json requestOptions(const passkey::Bytes& challenge, const std::string& rp_id) {
  return Json{{"challenge", passkey::base64url(challenge)},
              {"rpId", rp_id},
              {"timeout", kTimeoutMs},
              {"userVerification", "required"},
              {"allowCredentials", Json::array()}};
}

passkey::Registration registrationFromJson(const Json& credential) {
  const Json& r = responseOf(credential);
  return passkey::Registration{bytesField(r, "clientDataJSON", passkey::kMaxClientData),
                               bytesField(r, "attestationObject", passkey::kMaxAttestationObject)};
}

passkey::Assertion assertionFromJson(const Json& credential) {
  const Json& r = responseOf(credential);
  return passkey::Assertion{bytesField(credential, "id", kMaxCredentialId),
                            bytesField(r, "clientDataJSON", passkey::kMaxClientData),
                            bytesField(r, "authenticatorData", passkey::kMaxAuthenticatorData),
                            bytesField(r, "signature", passkey::kMaxSignature)};
}

passkey::Bytes userHandleOf(const Json& credential) {
  return bytesField(responseOf(credential), "userHandle", kMaxUserHandle, /*required=*/false);
}

}  // namespace pg
