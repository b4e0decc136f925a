// The authenticator data (WebAuthn Level 2, section 6.1): the RP ID's hash, the flags, the
// signature counter and, at registration, the new credential (its id and public key).
#pragma once

#include <cstdint>
#include <optional>

#include "passkey/base64url.h"
#include "passkey/cose_key.h"

namespace pg::passkey {

/// A credential as its authenticator made it (attested credential data).
struct AttestedCredential {
  Bytes aaguid;  ///< 16 bytes: the authenticator's model (zeros under attestation "none")
  Bytes id;      ///< the credential id, at most 1023 bytes
  PublicKey key;
};

struct AuthenticatorData {
  static constexpr uint8_t kUserPresent = 0x01;
  static constexpr uint8_t kUserVerified = 0x04;
  static constexpr uint8_t kBackupEligible = 0x08;
  static constexpr uint8_t kBackedUp = 0x10;
  static constexpr uint8_t kAttested = 0x40;
  static constexpr uint8_t kExtensions = 0x80;

  Bytes rp_id_hash;  ///< SHA-256 of the RP ID the authenticator used
  uint8_t flags = 0;
  uint32_t sign_count = 0;
  std::optional<AttestedCredential> credential;  ///< set exactly when kAttested is

  bool userPresent() const { return (flags & kUserPresent) != 0; }
  bool userVerified() const { return (flags & kUserVerified) != 0; }
};

/// Parses `raw`. Throws PasskeyError when it is short, its credential or extensions are not
/// well-formed, or bytes follow them.
AuthenticatorData parseAuthenticatorData(const Bytes& raw);

}  // namespace pg::passkey
