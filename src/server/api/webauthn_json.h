// The passkey ceremonies' JSON, both ways: the options the page hands to
// navigator.credentials.create() and .get() (WebAuthn Level 2's PublicKeyCredentialCreationOptions
// and PublicKeyCredentialRequestOptions, binary fields as base64url, the form of their toJSON),
// and the credential the page sends back, read into the passkey library's records. Sizes are
// checked before anything is decoded; the decoding itself is src/passkey's.
#pragma once

#include <string>
#include <vector>

#include "passkey/ceremony.h"
#include "protocol/json.h"

namespace pg {

/// How long the browser may take over a ceremony, and how long its challenge lives: 5 minutes.
inline constexpr int64_t kCeremonyMs = 5 * 60 * 1000;

/// The options of a registration: a new passkey for the user `user_id` named `user_name`,
/// on a device that holds none of `exclude` (the account's passkeys) yet.
Json creationOptions(const passkey::Bytes& challenge, const std::string& rp_id,
                     const std::string& user_id, const std::string& user_name,
                     const std::vector<passkey::Bytes>& exclude);
/// The options of a sign-in with any passkey of this site the device holds.
Json requestOptions(const passkey::Bytes& challenge, const std::string& rp_id);
/// The registration in a page's credential ({"id", "type", "response": {"clientDataJSON",
/// "attestationObject"}}). Throws ProtocolError for anything else.
passkey::Registration registrationFromJson(const Json& credential);
/// The assertion in a page's credential ({"id", "type", "response": {"clientDataJSON",
/// "authenticatorData", "signature", "userHandle"}}). Throws ProtocolError for anything else.
passkey::Assertion assertionFromJson(const Json& credential);
/// The user handle of an assertion's credential (empty when it has none). Throws ProtocolError.
passkey::Bytes userHandleOf(const Json& credential);

}  // namespace pg
