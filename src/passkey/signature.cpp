#include "passkey/signature.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/x509.h>

#include <memory>

namespace pg::passkey {

Bytes sha256(const Bytes& data) {
  Bytes out(32);
  unsigned int n = 0;
  EVP_Digest(data.data(), data.size(), out.data(), &n, EVP_sha256(), nullptr);
  return out;
}

Bytes sha256(std::string_view data) {
  return sha256(Bytes(data.begin(), data.end()));
}

bool verifySignature(const PublicKey& key, const Bytes& message, const Bytes& signature) {
  const unsigned char* p = key.der.data();
  std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> pkey(
      d2i_PUBKEY(nullptr, &p, static_cast<long>(key.der.size())), EVP_PKEY_free);
  if (!pkey) return false;
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  if (!ctx) return false;
  // Ed25519 hashes inside the signature scheme: no digest is named for it.
  const EVP_MD* md = key.alg == Alg::EdDSA ? nullptr : EVP_sha256();
  if (key.alg == Alg::EdDSA && EVP_PKEY_get_id(pkey.get()) != EVP_PKEY_ED25519) return false;
  if (key.alg == Alg::ES256 && EVP_PKEY_get_id(pkey.get()) != EVP_PKEY_EC) return false;
  if (key.alg == Alg::RS256 && EVP_PKEY_get_id(pkey.get()) != EVP_PKEY_RSA) return false;
  if (EVP_DigestVerifyInit(ctx.get(), nullptr, md, nullptr, pkey.get()) != 1) return false;
  return EVP_DigestVerify(ctx.get(), signature.data(), signature.size(), message.data(),
                          message.size()) == 1;
}

bool sameBytes(const Bytes& a, const Bytes& b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace pg::passkey
