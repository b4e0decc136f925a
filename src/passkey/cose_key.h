// A credential's public key: read from its COSE_Key (RFC 9053) as WebAuthn stores it in the
// authenticator data, and kept as DER (SubjectPublicKeyInfo), the form OpenSSL loads back. The
// algorithms: ES256 (ECDSA on P-256 with SHA-256), EdDSA (Ed25519) and RS256 (RSASSA-PKCS1-v1_5
// with SHA-256, a modulus of 2048 bits at least).
#pragma once

#include <cstdint>

#include "passkey/base64url.h"

namespace pg::passkey {

/// COSE algorithm identifiers (the IANA registry).
enum class Alg : int32_t { ES256 = -7, EdDSA = -8, RS256 = -257 };

struct PublicKey {
  Alg alg = Alg::ES256;
  Bytes der;  ///< SubjectPublicKeyInfo
  bool operator==(const PublicKey&) const = default;
};

/// The public key of a COSE_Key map (the CBOR item, from cbor_item.h). Throws PasskeyError for
/// an algorithm or curve not listed above, a key of the wrong size, or a point not on its curve.
PublicKey publicKeyFromCose(const void* cose_map);

/// The algorithms this server accepts, in its order of preference (for the creation options).
inline constexpr Alg kAlgs[] = {Alg::EdDSA, Alg::ES256, Alg::RS256};

}  // namespace pg::passkey
