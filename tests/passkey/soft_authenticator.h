// An authenticator in software, for the passkey tests: it makes a key (ES256, EdDSA or RS256)
// with OpenSSL, and answers a registration and an assertion as a browser would pass them on
// (client data JSON, attestation object in CBOR with fmt "none", authenticator data, signature).
// Its flags, counter and origin can be set wrong on purpose.
#pragma once

#include <cbor.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <cstdlib>
#include <memory>
#include <string>

#include "passkey/ceremony.h"
#include "passkey/signature.h"

namespace pg::passkey::test {

/// `item` (taken over) serialized to bytes.
inline Bytes serialize(cbor_item_t* item) {
  unsigned char* buffer = nullptr;
  std::size_t size = 0;
  const std::size_t n = cbor_serialize_alloc(item, &buffer, &size);
  Bytes out(buffer, buffer + n);
  std::free(buffer);
  cbor_decref(&item);
  return out;
}

inline void put(cbor_item_t* map, cbor_item_t* key, cbor_item_t* value) {
  cbor_map_add(map, cbor_pair{cbor_move(key), cbor_move(value)});
}

/// A CBOR integer item for a COSE label or value (negative ones too).
inline cbor_item_t* integer(int64_t v) {
  if (v >= 0) return cbor_build_uint64(static_cast<uint64_t>(v));
  return cbor_build_negint64(static_cast<uint64_t>(-1 - v));
}

inline cbor_item_t* bytes(const Bytes& b) {
  return cbor_build_bytestring(b.data(), b.size());
}

inline Bytes text(std::string_view s) {
  return Bytes(s.begin(), s.end());
}

class SoftAuthenticator {
 public:
  explicit SoftAuthenticator(Alg alg, int rsa_bits = 2048) : alg_(alg) {
    EVP_PKEY* key = nullptr;
    if (alg == Alg::ES256) key = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
    if (alg == Alg::EdDSA) key = EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519");
    if (alg == Alg::RS256)
      key = EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", static_cast<std::size_t>(rsa_bits));
    key_.reset(key);
    id.resize(16);
    RAND_bytes(id.data(), static_cast<int>(id.size()));
  }

  Bytes id;                   ///< the credential id
  uint32_t counter = 0;       ///< the signature counter as of the last ceremony
  bool counting = true;       ///< counts up at each assertion (else always 0)
  uint8_t flags = 0x05;       ///< user present and verified
  std::string fmt = "none";   ///< the attestation format it claims
  std::string type_override;  ///< a client data type to send instead of the right one

  /// The COSE_Key of its public key.
  Bytes coseKey() const { return serialize(coseItem()); }

  /// A registration's response.
  Registration create(const std::string& rp_id, const std::string& origin,
                      const Bytes& challenge) const {
    Bytes auth = header(rp_id, flags | 0x40, counter);
    auth.insert(auth.end(), 16, 0);  // AAGUID: zeros under "none"
    auth.push_back(static_cast<uint8_t>(id.size() >> 8));
    auth.push_back(static_cast<uint8_t>(id.size() & 0xff));
    auth.insert(auth.end(), id.begin(), id.end());
    const Bytes cose = coseKey();
    auth.insert(auth.end(), cose.begin(), cose.end());
    cbor_item_t* object = cbor_new_definite_map(3);
    put(object, cbor_build_string("fmt"), cbor_build_string(fmt.c_str()));
    put(object, cbor_build_string("attStmt"), cbor_new_definite_map(0));
    put(object, cbor_build_string("authData"), bytes(auth));
    return Registration{clientData("webauthn.create", challenge, origin), serialize(object)};
  }

  /// An assertion's response; counts up first when it counts.
  Assertion get(const std::string& rp_id, const std::string& origin, const Bytes& challenge) {
    if (counting) ++counter;
    Assertion a;
    a.credential_id = id;
    a.client_data_json = clientData("webauthn.get", challenge, origin);
    a.authenticator_data = header(rp_id, flags, counting ? counter : 0);
    Bytes message = a.authenticator_data;
    const Bytes hash = sha256(a.client_data_json);
    message.insert(message.end(), hash.begin(), hash.end());
    a.signature = sign(message);
    return a;
  }

  Bytes sign(const Bytes& message) const {
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
    EVP_DigestSignInit(ctx.get(), nullptr, alg_ == Alg::EdDSA ? nullptr : EVP_sha256(), nullptr,
                       key_.get());
    std::size_t n = 0;
    EVP_DigestSign(ctx.get(), nullptr, &n, message.data(), message.size());
    Bytes sig(n);
    EVP_DigestSign(ctx.get(), sig.data(), &n, message.data(), message.size());
    sig.resize(n);
    return sig;
  }

 private:
  Bytes clientData(const char* type, const Bytes& challenge, const std::string& origin) const {
    const std::string t = type_override.empty() ? type : type_override;
    return text(R"({"type":")" + t + R"(","challenge":")" + base64url(challenge) +
                R"(","origin":")" + origin + R"(","crossOrigin":false})");
  }

  static Bytes header(const std::string& rp_id, uint8_t flags, uint32_t count) {
    Bytes out = sha256(rp_id);
    out.push_back(flags);
    for (int shift : {24, 16, 8, 0}) out.push_back(static_cast<uint8_t>(count >> shift));
    return out;
  }

  cbor_item_t* coseItem() const {
    if (alg_ == Alg::ES256) {
      Bytes point(65);
      std::size_t n = 0;
      EVP_PKEY_get_octet_string_param(key_.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(),
                                      point.size(), &n);
      cbor_item_t* m = cbor_new_definite_map(5);
      put(m, integer(1), integer(2));
      put(m, integer(3), integer(-7));
      put(m, integer(-1), integer(1));
      put(m, integer(-2), bytes(Bytes(point.begin() + 1, point.begin() + 33)));
      put(m, integer(-3), bytes(Bytes(point.begin() + 33, point.end())));
      return m;
    }
    if (alg_ == Alg::EdDSA) {
      Bytes x(32);
      std::size_t n = x.size();
      EVP_PKEY_get_raw_public_key(key_.get(), x.data(), &n);
      cbor_item_t* m = cbor_new_definite_map(4);
      put(m, integer(1), integer(1));
      put(m, integer(3), integer(-8));
      put(m, integer(-1), integer(6));
      put(m, integer(-2), bytes(x));
      return m;
    }
    BIGNUM* n = nullptr;
    BIGNUM* e = nullptr;
    EVP_PKEY_get_bn_param(key_.get(), OSSL_PKEY_PARAM_RSA_N, &n);
    EVP_PKEY_get_bn_param(key_.get(), OSSL_PKEY_PARAM_RSA_E, &e);
    Bytes nb(static_cast<std::size_t>(BN_num_bytes(n)));
    Bytes eb(static_cast<std::size_t>(BN_num_bytes(e)));
    BN_bn2bin(n, nb.data());
    BN_bn2bin(e, eb.data());
    BN_free(n);
    BN_free(e);
    cbor_item_t* m = cbor_new_definite_map(4);
    put(m, integer(1), integer(3));
    put(m, integer(3), integer(-257));
    put(m, integer(-1), bytes(nb));
    put(m, integer(-2), bytes(eb));
    return m;
  }

  Alg alg_;
  std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key_{nullptr, EVP_PKEY_free};
};

}  // namespace pg::passkey::test
