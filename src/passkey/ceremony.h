// The two WebAuthn ceremonies as a relying party checks them (WebAuthn Level 2, sections 7.1 and
// 7.2): a registration makes a credential, an assertion proves the holder of one. Every check is
// the server's own: the client data's type, challenge and origin; the RP ID's hash; the
// user-present and user-verified flags; the attestation (fmt "none"); the signature; and the
// signature counter, which may never go backwards (a cloned authenticator would).
#pragma once

#include <cstdint>
#include <string>

#include "passkey/base64url.h"
#include "passkey/cose_key.h"
#include "passkey/passkey_error.h"

namespace pg::passkey {

/// What the server expects of a ceremony it started.
struct Expectation {
  Bytes challenge;                ///< the single-use challenge it issued for this ceremony
  std::string origin;             ///< the site's origin ("https://go.example.org")
  std::string rp_id;              ///< the site's host name ("go.example.org")
  bool user_verification = true;  ///< the user must have been verified (PIN, fingerprint, ...)
};

/// Limits on what a browser may send (larger inputs are refused before any parsing).
inline constexpr std::size_t kMaxClientData = 4096;
inline constexpr std::size_t kMaxAttestationObject = 8192;
inline constexpr std::size_t kMaxAuthenticatorData = 4096;
inline constexpr std::size_t kMaxSignature = 1024;

/// A registration as the browser sends it (navigator.credentials.create's response).
struct Registration {
  Bytes client_data_json;
  Bytes attestation_object;
};

/// A credential that passed registration: what the server stores.
struct Credential {
  Bytes id;
  PublicKey key;
  uint32_t sign_count = 0;
  bool operator==(const Credential&) const = default;
};

/// Checks a registration. Throws PasskeyError (its text for the log) on any failed check.
Credential verifyRegistration(const Expectation& expected, const Registration& r);

/// An assertion as the browser sends it (navigator.credentials.get's response).
struct Assertion {
  Bytes credential_id;
  Bytes client_data_json;
  Bytes authenticator_data;
  Bytes signature;
};

/// The signature counter went backwards (or stood still while counting): the credential may
/// have been copied. The assertion is refused.
class CounterWentBackwards : public PasskeyError {
 public:
  using PasskeyError::PasskeyError;
};

/// Checks an assertion by `credential` (as stored). Returns the signature counter to store.
/// Throws PasskeyError (CounterWentBackwards for a counter that did not grow).
uint32_t verifyAssertion(const Expectation& expected, const Credential& credential,
                         const Assertion& a);

}  // namespace pg::passkey
