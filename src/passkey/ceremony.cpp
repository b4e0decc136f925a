#include "passkey/ceremony.h"

#include "passkey/authenticator_data.h"
#include "passkey/cbor_item.h"
#include "passkey/client_data.h"
#include "passkey/signature.h"

namespace pg::passkey {

namespace {

void checkClientData(const ClientData& c, const Expectation& expected, const char* type) {
  if (c.type != type) throw PasskeyError("client data: type " + c.type + ", not " + type);
  if (!sameBytes(c.challenge, expected.challenge))
    throw PasskeyError("client data: not the challenge issued");
  if (c.origin != expected.origin) throw PasskeyError("client data: origin " + c.origin);
  if (c.cross_origin) throw PasskeyError("client data: made in a cross-origin frame");
}

void checkAuthenticatorData(const AuthenticatorData& a, const Expectation& expected) {
  if (!sameBytes(a.rp_id_hash, sha256(expected.rp_id)))
    throw PasskeyError("authenticator data: the hash of another RP ID");
  if (!a.userPresent()) throw PasskeyError("authenticator data: the user was not present");
  if (expected.user_verification && !a.userVerified())
    throw PasskeyError("authenticator data: the user was not verified");
}

}  // namespace

Credential verifyRegistration(const Expectation& expected, const Registration& r) {
  if (r.client_data_json.size() > kMaxClientData ||
      r.attestation_object.size() > kMaxAttestationObject)
    throw PasskeyError("registration: too large");
  checkClientData(parseClientData(r.client_data_json), expected, "webauthn.create");
  const CborItem object = CborItem::loadWhole(r.attestation_object);
  const auto fmt = textOf(mapValue(object.get(), "fmt"));
  const cbor_item_t* statement = mapValue(object.get(), "attStmt");
  const auto auth_data = bytesOf(mapValue(object.get(), "authData"));
  if (!fmt || !statement || !auth_data)
    throw PasskeyError("attestation object: a field is missing");
  // Attestation "none" is what the server asks for: it trusts no authenticator model more than
  // another, so it needs no statement.
  if (*fmt != "none") throw PasskeyError("attestation object: format " + *fmt + " is not accepted");
  if (!cbor_isa_map(statement) || cbor_map_size(statement) != 0)
    throw PasskeyError("attestation object: format none with a statement");
  const AuthenticatorData a = parseAuthenticatorData(*auth_data);
  checkAuthenticatorData(a, expected);
  if (!a.credential) throw PasskeyError("authenticator data: no credential");
  return Credential{a.credential->id, a.credential->key, a.sign_count};
}

uint32_t verifyAssertion(const Expectation& expected, const Credential& credential,
                         const Assertion& a) {
  if (a.client_data_json.size() > kMaxClientData ||
      a.authenticator_data.size() > kMaxAuthenticatorData || a.signature.size() > kMaxSignature)
    throw PasskeyError("assertion: too large");
  if (!sameBytes(a.credential_id, credential.id))
    throw PasskeyError("assertion: another credential");
  checkClientData(parseClientData(a.client_data_json), expected, "webauthn.get");
  const AuthenticatorData data = parseAuthenticatorData(a.authenticator_data);
  checkAuthenticatorData(data, expected);
  if (data.credential) throw PasskeyError("assertion: authenticator data with a new credential");
  Bytes signed_bytes = a.authenticator_data;
  const Bytes client_hash = sha256(a.client_data_json);
  signed_bytes.insert(signed_bytes.end(), client_hash.begin(), client_hash.end());
  if (!verifySignature(credential.key, signed_bytes, a.signature))
    throw PasskeyError("assertion: the signature does not verify");
  // An authenticator that counts never counts down; one that does not count sends 0 always.
  if ((data.sign_count != 0 || credential.sign_count != 0) &&
      data.sign_count <= credential.sign_count)
    throw CounterWentBackwards("assertion: the signature counter went from " +
                               std::to_string(credential.sign_count) + " to " +
                               std::to_string(data.sign_count));
  return data.sign_count;
}

}  // namespace pg::passkey
