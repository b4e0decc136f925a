#include "server/api/account_api.h"

#include <spdlog/spdlog.h>

#include <functional>
#include <variant>

#include "passkey/recovery_codes.h"
#include "passkey/signature.h"
#include "protocol/client_message.h"
#include "server/api/account_name.h"
#include "server/api/email_api.h"
#include "server/api/http_reply.h"
#include "server/api/site_origin.h"
#include "server/api/webauthn_json.h"
#include "server/node/tokens.h"

namespace pg {

namespace {

constexpr std::string_view kAccountRoot = "/api/account";
constexpr std::string_view kSignUp = "sign-up:";  // a sign-up's purpose: kSignUp + the name
constexpr std::string_view kSignIn = "sign-in";
constexpr std::string_view kAddPasskey = "add-passkey";
constexpr std::size_t kMaxLabelChars = 40;

/// The request's body as an object with only the fields `allowed`. Throws ProtocolError.
Json accountBodyOf(const HttpRequest& req, std::initializer_list<std::string_view> allowed) {
  const Json j = req.body.empty() ? Json::object() : Json::parse(req.body, nullptr, false);
  if (j.is_discarded()) throw ProtocolError("The body is not valid JSON.");
  if (!j.is_object()) throw ProtocolError("the body must be a JSON object");
  for (const auto& [k, v] : j.items())
    if (std::find(allowed.begin(), allowed.end(), k) == allowed.end())
      throw ProtocolError("unknown field '" + k + "'");
  return j;
}

std::string accountStringOf(const Json& body, const char* key, std::size_t max_bytes = 256) {
  if (!body.contains(key) || !body.at(key).is_string())
    throw ProtocolError(std::string("'") + key + "' must be a string");
  const auto& s = body.at(key).get_ref<const std::string&>();
  if (s.size() > max_bytes) throw ProtocolError(std::string("'") + key + "' is too long");
  return s;
}

/// A passkey's label: the player's words, or the default.
std::string labelOf(const Json& body) {
  if (!body.contains("label")) return "";
  const std::string label = accountStringOf(body, "label", kMaxLabelChars * 4);
  const auto chars = plainTextChars(label);
  if (!chars || *chars > kMaxLabelChars)
    throw ProtocolError("a passkey's label is plain text of at most 40 characters");
  return label;
}

const Json& credentialOf(const Json& body) {
  if (!body.contains("credential")) throw ProtocolError("the body needs the 'credential'");
  return body.at("credential");
}

Json passkeyJson(const StoredPasskey& p) {
  return Json{{"id", passkey::base64url(p.credential_id)},
              {"label", p.label},
              {"created_at", p.created_at},
              {"last_used_at", p.last_used_at}};
}

/// A new account id: 16 random bytes as base64url (also the passkeys' user handle).
std::string newAccountId() {
  passkey::Bytes b(16);
  secureRandom(b.data(), b.size());
  return passkey::base64url(b);
}

passkey::Bytes newChallenge() {
  passkey::Bytes b(32);
  secureRandom(b.data(), b.size());
  return b;
}

HttpReply withCookie(HttpReply r, std::string cookie) {
  r.headers.emplace_back("Set-Cookie", std::move(cookie));
  return r;
}

/// What the store keeps of new recovery codes: their Argon2id hashes.
std::vector<std::string> hashesOf(const std::vector<std::string>& codes) {
  std::vector<std::string> hashes;
  for (const std::string& code : codes) hashes.push_back(passkey::hashRecoveryCode(code));
  return hashes;
}

/// The hash a recovery compares with when the account has fewer codes than kRecoveryCodes (or
/// there is no such account), so that every recovery does the same work.
const std::string& dummyRecoveryHash() {
  static const std::string hash = passkey::hashRecoveryCode("0000-0000-0000");
  return hash;
}

}  // namespace

struct AccountApi::Begun {
  std::string id;
  passkey::Bytes challenge;
};

AccountApi::AccountApi(AccountStore& store, const ServerSettings& settings, Metrics* metrics)
    : store_(store),
      settings_(settings),
      sessions_(store, settings),
      limits_(store, settings.limits, metrics) {}

bool AccountApi::slow(const HttpRequest& req, std::string_view path) {
  return req.method == "POST" &&
         (path == "/api/account/sign-up/finish" || path == "/api/account/recover" ||
          path == "/api/account/recovery-codes");
}

HttpReply AccountApi::handle(const HttpRequest& req, std::string_view path) const {
  const bool get = req.method == "GET" || req.method == "HEAD";
  std::string_view rest = path.substr(kAccountRoot.size());
  try {
    if (rest.empty()) {
      if (!get) return errorReply(Error::detail(Err::MethodNotAllowed, "Use GET."));
      return account(req);
    }
    if (get) return errorReply(Error::detail(Err::MethodNotAllowed, "Use POST."));
    // Everything below changes something: only from this site's own pages.
    if (req.origin.empty() || req.origin != siteOrigin(req, settings_))
      return errorReply(Error::of(Err::BadOrigin));
    const bool remove = req.method == "DELETE" && rest.rfind("/passkeys/", 0) == 0;
    if (req.method != "POST" && !remove)
      return errorReply(Error::detail(Err::MethodNotAllowed, "Use POST."));
    if (rest == "/names") return checkName(req);
    if (rest == "/sign-up/begin") return signUpBegin(req);
    if (rest == "/sign-up/finish") return signUpFinish(req);
    if (rest == "/sign-in/begin") return signInBegin(req);
    if (rest == "/sign-in/finish") return signInFinish(req);
    if (rest == "/recover") return recover(req);
    if (rest == "/sign-out") return withCookie(jsonReply(200, Json::object()), sessions_.end(req));
    const bool known = rest == "/passkeys/begin" || rest == "/passkeys/finish" ||
                       rest == "/recovery-codes" || rest == "/sign-out-everywhere" || remove;
    if (!known) return errorReply(Error::of(Err::NotFound));
    const auto a = sessions_.signedIn(req);
    if (!a) return errorReply(Error::of(Err::NotSignedIn));
    if (remove) return removePasskey(*a, rest.substr(10));
    if (rest == "/passkeys/begin") return addPasskeyBegin(req, *a);
    if (rest == "/passkeys/finish") return addPasskeyFinish(req, *a);
    if (rest == "/recovery-codes") return newRecoveryCodes(*a);
    spdlog::info("account {}: signed out everywhere", a->id);
    return withCookie(jsonReply(200, Json::object()), sessions_.endEverywhere(a->id));
  } catch (const ProtocolError& e) {
    return errorReply(Error::detail(Err::BadRequest, e.what()));
  }
}

AccountApi::Begun AccountApi::begin(const std::string& purpose,
                                    const std::string& account_id) const {
  Begun b{newSeatToken(), newChallenge()};
  store_.putCeremony(
      StoredCeremony{b.id, purpose, account_id, b.challenge, unixMsNow() + kCeremonyMs});
  return b;
}

HttpReply AccountApi::account(const HttpRequest& req) const {
  const auto a = sessions_.signedIn(req);
  if (!a) {
    Json j{{"account", nullptr}};
    if (email_) j["mail"] = email_->mailOn();
    return jsonReply(200, j);
  }
  Json keys = Json::array();
  for (const StoredPasskey& p : store_.passkeys(a->id)) keys.push_back(passkeyJson(p));
  Json j{{"account", Json{{"name", a->name}, {"created_at", a->created_at}}},
         {"passkeys", keys},
         {"recovery_codes_left", store_.unusedRecoveryCodes(a->id).size()}};
  if (email_) {
    j["mail"] = email_->mailOn();
    j["email"] = email_->accountEmail(a->id);
  }
  return jsonReply(200, j);
}

HttpReply AccountApi::checkName(const HttpRequest& req) const {
  const std::string name = accountStringOf(accountBodyOf(req, {"name"}), "name");
  if (!validAccountName(name)) return errorReply(Error::of(Err::BadName));
  if (auto refused = limits_.admit(AccountLimits::Kind::NameCheck, req.client_key))
    return std::move(*refused);
  return jsonReply(200, Json{{"name", name}, {"available", !store_.nameTaken(name)}});
}

HttpReply AccountApi::signUpBegin(const HttpRequest& req) const {
  const std::string name = accountStringOf(accountBodyOf(req, {"name"}), "name");
  if (!validAccountName(name)) return errorReply(Error::of(Err::BadName));
  if (auto refused = limits_.admit(AccountLimits::Kind::SignUp, req.client_key))
    return std::move(*refused);
  if (store_.nameTaken(name)) return errorReply(Error::of(Err::NameTaken));
  const std::string id = newAccountId();
  const Begun b = begin(std::string(kSignUp) + name, id);
  const std::string rp = relyingPartyId(siteOrigin(req, settings_));
  return jsonReply(
      200, Json{{"ceremony", b.id}, {"options", creationOptions(b.challenge, rp, id, name, {})}});
}

std::variant<AccountApi::Registered, HttpReply> AccountApi::registered(
    const HttpRequest& req, const std::function<bool(const StoredCeremony&)>& ours) const {
  const Json body = accountBodyOf(req, {"ceremony", "credential", "label"});
  const std::string ceremony_id = accountStringOf(body, "ceremony");
  const passkey::Registration reg = registrationFromJson(credentialOf(body));
  Registered r;
  r.label = labelOf(body);
  r.now = unixMsNow();
  auto c = store_.takeCeremony(ceremony_id, r.now);
  if (!c || !ours(*c)) return errorReply(Error::of(Err::CeremonyExpired));
  r.ceremony = std::move(*c);
  const std::string origin = siteOrigin(req, settings_);
  try {
    const passkey::Credential cred = passkey::verifyRegistration(
        {r.ceremony.challenge, origin, relyingPartyId(origin), true}, reg);
    r.passkey = StoredPasskey{cred.id,
                              r.ceremony.account_id,
                              static_cast<int32_t>(cred.key.alg),
                              cred.key.der,
                              cred.sign_count,
                              r.label,
                              r.now,
                              r.now};
  } catch (const passkey::PasskeyError& e) {
    spdlog::info("a new passkey refused ({}): {}", r.ceremony.purpose.substr(0, 11), e.what());
    return errorReply(Error::of(Err::PasskeyRefused));
  }
  return r;
}

HttpReply AccountApi::signUpFinish(const HttpRequest& req) const {
  auto got =
      registered(req, [](const StoredCeremony& c) { return c.purpose.rfind(kSignUp, 0) == 0; });
  if (auto* refused = std::get_if<HttpReply>(&got)) return std::move(*refused);
  const Registered& r = std::get<Registered>(got);
  const Account a{r.ceremony.account_id, r.ceremony.purpose.substr(kSignUp.size()), r.now};
  const std::vector<std::string> codes = passkey::newRecoveryCodes();
  if (!store_.createAccount(a, r.passkey, hashesOf(codes)))
    return errorReply(Error::of(Err::NameTaken));
  spdlog::info("account {}: signed up", a.id);
  return withCookie(
      jsonReply(201, Json{{"account", Json{{"name", a.name}, {"created_at", a.created_at}}},
                          {"recovery_codes", codes}}),
      sessions_.start(a.id));
}

HttpReply AccountApi::signInBegin(const HttpRequest& req) const {
  accountBodyOf(req, {});
  if (auto refused = limits_.admit(AccountLimits::Kind::SignIn, req.client_key))
    return std::move(*refused);
  const Begun b = begin(std::string(kSignIn), "");
  const std::string rp = relyingPartyId(siteOrigin(req, settings_));
  return jsonReply(200, Json{{"ceremony", b.id}, {"options", requestOptions(b.challenge, rp)}});
}

HttpReply AccountApi::signInFinish(const HttpRequest& req) const {
  const Json body = accountBodyOf(req, {"ceremony", "credential"});
  const std::string ceremony_id = accountStringOf(body, "ceremony");
  const passkey::Assertion assertion = assertionFromJson(credentialOf(body));
  const passkey::Bytes handle = userHandleOf(credentialOf(body));
  const int64_t now = unixMsNow();
  const auto c = store_.takeCeremony(ceremony_id, now);
  if (!c || c->purpose != kSignIn) return errorReply(Error::of(Err::CeremonyExpired));
  const auto stored = store_.passkey(assertion.credential_id);
  if (!stored) {
    spdlog::info("sign-in refused: an unknown passkey");
    return errorReply(Error::of(Err::PasskeyRefused));
  }
  if (!handle.empty() && !passkey::sameBytes(handle, passkey::Bytes(stored->account_id.begin(),
                                                                    stored->account_id.end()))) {
    spdlog::warn("sign-in refused: account {}'s passkey came with another user handle",
                 stored->account_id);
    return errorReply(Error::of(Err::PasskeyRefused));
  }
  const std::string origin = siteOrigin(req, settings_);
  const passkey::Credential cred{
      stored->credential_id,
      passkey::PublicKey{static_cast<passkey::Alg>(stored->alg), stored->public_key},
      static_cast<uint32_t>(stored->sign_count)};
  uint32_t count = 0;
  try {
    count = passkey::verifyAssertion({c->challenge, origin, relyingPartyId(origin), true}, cred,
                                     assertion);
  } catch (const passkey::CounterWentBackwards& e) {
    spdlog::warn("sign-in refused: account {}'s passkey may have been copied: {}",
                 stored->account_id, e.what());
    return errorReply(Error::of(Err::PasskeyRefused));
  } catch (const passkey::PasskeyError& e) {
    spdlog::info("sign-in refused: {}", e.what());
    return errorReply(Error::of(Err::PasskeyRefused));
  }
  if (!store_.advanceSignCount(stored->credential_id, stored->sign_count, count, now)) {
    spdlog::warn("sign-in refused: account {}'s passkey was used twice at once",
                 stored->account_id);
    return errorReply(Error::of(Err::PasskeyRefused));
  }
  const auto a = store_.accountById(stored->account_id);
  if (!a) return errorReply(Error::of(Err::PasskeyRefused));
  spdlog::info("account {}: signed in", a->id);
  return withCookie(
      jsonReply(200, Json{{"account", Json{{"name", a->name}, {"created_at", a->created_at}}}}),
      sessions_.start(a->id));
}

HttpReply AccountApi::addPasskeyBegin(const HttpRequest& req, const Account& a) const {
  accountBodyOf(req, {});
  std::vector<passkey::Bytes> exclude;
  for (const StoredPasskey& p : store_.passkeys(a.id)) exclude.push_back(p.credential_id);
  const Begun b = begin(std::string(kAddPasskey), a.id);
  const std::string rp = relyingPartyId(siteOrigin(req, settings_));
  return jsonReply(200, Json{{"ceremony", b.id},
                             {"options", creationOptions(b.challenge, rp, a.id, a.name, exclude)}});
}

HttpReply AccountApi::addPasskeyFinish(const HttpRequest& req, const Account& a) const {
  auto got = registered(req, [&a](const StoredCeremony& c) {
    return c.purpose == kAddPasskey && c.account_id == a.id;
  });
  if (auto* refused = std::get_if<HttpReply>(&got)) return std::move(*refused);
  const StoredPasskey& key = std::get<Registered>(got).passkey;
  if (!store_.addPasskey(key)) return errorReply(Error::of(Err::PasskeyRefused));
  spdlog::info("account {}: added a passkey", a.id);
  return jsonReply(201, Json{{"passkey", passkeyJson(key)}});
}

HttpReply AccountApi::removePasskey(const Account& a, std::string_view id) const {
  const auto credential_id = passkey::fromBase64url(id);
  if (!credential_id || credential_id->empty() || credential_id->size() > 1023)
    return errorReply(Error::of(Err::NoSuchPasskey));
  if (store_.removePasskey(a.id, *credential_id)) {
    spdlog::info("account {}: removed a passkey", a.id);
    return jsonReply(200, Json::object());
  }
  for (const StoredPasskey& p : store_.passkeys(a.id))
    if (p.credential_id == *credential_id) return errorReply(Error::of(Err::LastPasskey));
  return errorReply(Error::of(Err::NoSuchPasskey));
}

HttpReply AccountApi::newRecoveryCodes(const Account& a) const {
  const std::vector<std::string> codes = passkey::newRecoveryCodes();
  store_.replaceRecoveryCodes(a.id, hashesOf(codes));
  spdlog::info("account {}: new recovery codes", a.id);
  return jsonReply(200, Json{{"recovery_codes", codes}});
}

HttpReply AccountApi::recover(const HttpRequest& req) const {
  const Json body = accountBodyOf(req, {"name", "code"});
  const std::string name = accountStringOf(body, "name");
  const std::string typed = accountStringOf(body, "code", 64);
  if (auto refused = limits_.admit(AccountLimits::Kind::Recover, req.client_key))
    return std::move(*refused);
  const auto code = passkey::normalizeRecoveryCode(typed);
  const auto a = validAccountName(name) ? store_.accountByName(name) : std::nullopt;
  const std::vector<RecoveryCode> codes =
      a ? store_.unusedRecoveryCodes(a->id) : std::vector<RecoveryCode>{};
  // The same number of Argon2id checks whether the name, the code or neither was right.
  std::optional<int64_t> found;
  const std::string probe = code.value_or("0000-0000-000X");
  for (std::size_t i = 0; i < static_cast<std::size_t>(passkey::kRecoveryCodes); ++i) {
    const bool real = i < codes.size();
    const bool match =
        passkey::recoveryCodeMatches(probe, real ? codes[i].hash : dummyRecoveryHash());
    if (match && real && code && !found) found = codes[i].id;
  }
  if (!found || !store_.useRecoveryCode(a->id, *found, unixMsNow()))
    return errorReply(Error::of(Err::RecoveryFailed));
  spdlog::warn("account {}: signed in with a recovery code", a->id);
  return withCookie(
      jsonReply(200, Json{{"account", Json{{"name", a->name}, {"created_at", a->created_at}}},
                          {"recovery_codes_left", codes.size() - 1}}),
      sessions_.start(a->id));
}

}  // namespace pg
