// EmailApi (email_api.h).
#include "server/api/email_api.h"

#include <spdlog/spdlog.h>

#include "mail/mail_texts.h"
#include "passkey/base64url.h"
#include "passkey/signature.h"
#include "protocol/client_message.h"
#include "server/api/accept_language.h"
#include "server/api/email_address.h"
#include "server/api/http_reply.h"
#include "server/api/site_origin.h"
#include "server/node/tokens.h"

namespace pg {

namespace {

constexpr std::string_view kEmailRoot = "/api/account/email";
constexpr std::string_view kOffRoot = "/api/email/off";
constexpr std::size_t kMaxTokenChars = 64;
constexpr const char* kLanguages[] = {"en", "de", "it", "cs", "tr", "fi"};

Json emailBodyOf(const HttpRequest& req, std::initializer_list<std::string_view> allowed) {
  const Json j = req.body.empty() ? Json::object() : Json::parse(req.body, nullptr, false);
  if (j.is_discarded()) throw ProtocolError("The body is not valid JSON.");
  if (!j.is_object()) throw ProtocolError("the body must be a JSON object");
  for (const auto& [k, v] : j.items())
    if (std::find(allowed.begin(), allowed.end(), k) == allowed.end())
      throw ProtocolError("unknown field '" + k + "'");
  return j;
}

std::string emailStringOf(const Json& body, const char* key, std::size_t max_bytes) {
  if (!body.contains(key) || !body.at(key).is_string())
    throw ProtocolError(std::string("'") + key + "' must be a string");
  const auto& s = body.at(key).get_ref<const std::string&>();
  if (s.size() > max_bytes) throw ProtocolError(std::string("'") + key + "' is too long");
  return s;
}

/// The token of a link as the page sends it back; nullopt when it cannot be one of ours.
std::optional<std::vector<uint8_t>> tokenHash(const std::string& token) {
  if (token.empty() || token.size() > kMaxTokenChars) return std::nullopt;
  for (const char c : token)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return std::nullopt;
  return passkey::sha256(std::string_view(token));
}

/// The language of the account's mails: the body's "lang" if it is one of the site's, else
/// the first of Accept-Language's that is, else English.
std::string mailLanguage(const Json& body, const HttpRequest& req) {
  std::vector<std::string> codes(std::begin(kLanguages), std::end(kLanguages));
  if (body.contains("lang")) {
    if (!body.at("lang").is_string()) throw ProtocolError("'lang' must be a string");
    const std::string lang = body.at("lang").get<std::string>();
    if (std::find(codes.begin(), codes.end(), lang) == codes.end())
      throw ProtocolError("'lang' must be one of en, de, it, cs, tr, fi");
    return lang;
  }
  return pickLanguage(req.accept_language, codes);
}

/// "go.example.org" of "https://go.example.org": the site's name in a mail.
std::string siteName(const std::string& origin) {
  const auto scheme = origin.find("://");
  return scheme == std::string::npos ? origin : origin.substr(scheme + 3);
}

std::string hexPrefix(const std::vector<uint8_t>& b) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < b.size() && i < 12; ++i) {
    out.push_back(kDigits[b[i] >> 4]);
    out.push_back(kDigits[b[i] & 0xf]);
  }
  return out;
}

}  // namespace

struct EmailApi::Link {
  std::string token;  ///< the text in the link
  EmailToken stored;  ///< what the store keeps
};

EmailApi::EmailApi(AccountStore& accounts, MailStore* mail, const ServerSettings& settings,
                   const AccountSessions& sessions, Metrics* metrics, std::function<void()> queued)
    : accounts_(accounts),
      mail_(mail),
      settings_(settings),
      sessions_(sessions),
      limits_(accounts, settings.limits, metrics),
      queued_(std::move(queued)) {}

bool EmailApi::owns(std::string_view path) {
  auto under = [&](std::string_view root) {
    return path == root || (path.size() > root.size() && path.substr(0, root.size()) == root &&
                            path[root.size()] == '/');
  };
  return under(kEmailRoot) || under(kOffRoot);
}

Json EmailApi::accountEmail(const std::string& account_id) const {
  if (!mail_) return nullptr;
  const auto e = mail_->address(account_id);
  if (!e) return nullptr;
  return Json{
      {"address", e->address}, {"verified", e->verified_at.has_value()}, {"your_move", e->mail_on}};
}

EmailApi::Link EmailApi::newLink(EmailTokenKind kind, const AccountEmail& to, int64_t now,
                                 int64_t valid_ms) const {
  passkey::Bytes b(32);
  secureRandom(b.data(), b.size());
  Link l;
  l.token = passkey::base64url(b);
  l.stored = EmailToken{passkey::sha256(std::string_view(l.token)), kind, to.account_id, to.address,
                        now + valid_ms};
  return l;
}

HttpReply EmailApi::handle(const HttpRequest& req, std::string_view path) const {
  try {
    if (!mail_) return errorReply(Error::of(Err::MailOff));
    // Turning mails off: a link's page (JSON) or a mail client's one-click POST (RFC 8058).
    if (path.substr(0, kOffRoot.size()) == kOffRoot) {
      if (req.method != "POST")
        return errorReply(Error::detail(Err::MethodNotAllowed, "Use POST."));
      if (path.size() > kOffRoot.size()) return off(std::string(path.substr(kOffRoot.size() + 1)));
      return off(emailStringOf(emailBodyOf(req, {"token"}), "token", kMaxTokenChars));
    }
    const std::string_view rest = path.substr(kEmailRoot.size());
    // Everything here changes something: only from this site's own pages.
    if (req.origin.empty() || req.origin != siteOrigin(req, settings_))
      return errorReply(Error::of(Err::BadOrigin));
    if (rest == "/verify" || rest == "/sign-in" || rest == "/sign-in/finish") {
      if (req.method != "POST")
        return errorReply(Error::detail(Err::MethodNotAllowed, "Use POST."));
      if (rest == "/verify") return verify(req);
      if (rest == "/sign-in") return signInLink(req);
      return signInFinish(req);
    }
    if (rest != "" && rest != "/notify") return errorReply(Error::of(Err::NotFound));
    const bool put = req.method == "PUT";
    if (rest == "/notify" && !put)
      return errorReply(Error::detail(Err::MethodNotAllowed, "Use PUT."));
    if (rest.empty() && !put && req.method != "DELETE")
      return errorReply(Error::detail(Err::MethodNotAllowed, "Use PUT or DELETE."));
    const auto a = sessions_.signedIn(req);
    if (!a) return errorReply(Error::of(Err::NotSignedIn));
    if (rest == "/notify") return setNotify(req, *a);
    return put ? setAddress(req, *a) : removeAddress(*a);
  } catch (const ProtocolError& e) {
    return errorReply(Error::detail(Err::BadRequest, e.what()));
  }
}

HttpReply EmailApi::setAddress(const HttpRequest& req, const Account& a) const {
  const Json body = emailBodyOf(req, {"address", "lang"});
  const std::string address = emailStringOf(body, "address", 254 * 4);
  if (!validEmailAddress(address)) return errorReply(Error::of(Err::BadAddress));
  const std::string lang = mailLanguage(body, req);
  if (auto refused = limits_.admit(AccountLimits::Kind::EmailChange, req.client_key))
    return std::move(*refused);
  if (!mail_->setAddress(a.id, address, lang)) return errorReply(Error::of(Err::AddressTaken));
  const AccountEmail to{a.id, address, std::nullopt, true, lang};
  const int64_t now = unixMsNow();
  const Link verify = newLink(EmailTokenKind::Verify, to, now, kVerifyLinkMs);
  const Link off = newLink(EmailTokenKind::Off, to, now, kOffLinkMs);
  const std::string origin = siteOrigin(req, settings_);
  const mail::MailText text =
      mail::verifyText(lang, siteName(origin), origin + "/#/email/verify/" + verify.token,
                       origin + "/#/email/off/" + off.token);
  mail_->putToken(verify.stored);
  mail_->enqueue(MailDraft{"verify:" + hexPrefix(verify.stored.hash), address, text.subject,
                           text.body, origin + "/api/email/off/" + off.token},
                 off.stored, now);
  if (queued_) queued_();
  spdlog::info("account {}: set an e-mail address, verification mail queued", a.id);
  return jsonReply(200, Json{{"email", accountEmail(a.id)}});
}

HttpReply EmailApi::removeAddress(const Account& a) const {
  if (!mail_->removeAddress(a.id)) return errorReply(Error::of(Err::NoAddress));
  spdlog::info("account {}: removed its e-mail address", a.id);
  return jsonReply(200, Json{{"email", nullptr}});
}

HttpReply EmailApi::setNotify(const HttpRequest& req, const Account& a) const {
  const Json body = emailBodyOf(req, {"on"});
  if (!body.contains("on") || !body.at("on").is_boolean())
    throw ProtocolError("'on' must be true or false");
  if (!mail_->setMailOn(a.id, body.at("on").get<bool>()))
    return errorReply(Error::of(Err::NoAddress));
  return jsonReply(200, Json{{"email", accountEmail(a.id)}});
}

HttpReply EmailApi::verify(const HttpRequest& req) const {
  const std::string token = emailStringOf(emailBodyOf(req, {"token"}), "token", kMaxTokenChars);
  const auto hash = tokenHash(token);
  const int64_t now = unixMsNow();
  const auto used = hash ? mail_->useToken(*hash, EmailTokenKind::Verify, now) : std::nullopt;
  if (!used || !mail_->markVerified(used->account_id, used->address, now))
    return errorReply(Error::of(Err::LinkExpired));
  spdlog::info("account {}: e-mail address verified", used->account_id);
  return jsonReply(200, Json{{"verified", true}});
}

HttpReply EmailApi::signInLink(const HttpRequest& req) const {
  const std::string address = emailStringOf(emailBodyOf(req, {"address"}), "address", 254 * 4);
  if (!validEmailAddress(address)) return errorReply(Error::of(Err::BadAddress));
  if (auto refused = limits_.admit(AccountLimits::Kind::EmailSignIn, req.client_key))
    return std::move(*refused);
  const auto owner = mail_->addressOwner(address);
  if (owner && owner->verified_at) {
    const int64_t now = unixMsNow();
    const Link link = newLink(EmailTokenKind::SignIn, *owner, now, kSignInLinkMs);
    const Link off = newLink(EmailTokenKind::Off, *owner, now, kOffLinkMs);
    const std::string origin = siteOrigin(req, settings_);
    const mail::MailText text =
        mail::signInText(owner->lang, siteName(origin), origin + "/#/email/sign-in/" + link.token,
                         origin + "/#/email/off/" + off.token);
    mail_->putToken(link.stored);
    // At most one sign-in mail a minute per account, however many addresses ask.
    const bool queued = mail_->enqueue(
        MailDraft{"sign-in:" + owner->account_id + ":" + std::to_string(now / 60000),
                  owner->address, text.subject, text.body, origin + "/api/email/off/" + off.token},
        off.stored, now);
    if (queued && queued_) queued_();
    spdlog::info("account {}: sign-in link {}", owner->account_id,
                 queued ? "queued" : "not queued (one this minute already)");
  }
  // The same answer whether the address is known, verified, or neither.
  return jsonReply(200, Json::object());
}

HttpReply EmailApi::signInFinish(const HttpRequest& req) const {
  const std::string token = emailStringOf(emailBodyOf(req, {"token"}), "token", kMaxTokenChars);
  const auto hash = tokenHash(token);
  const int64_t now = unixMsNow();
  const auto used = hash ? mail_->useToken(*hash, EmailTokenKind::SignIn, now) : std::nullopt;
  // The address must still be the account's, and verified: a link sent before the address
  // was changed or removed opens nothing.
  const auto e = used ? mail_->address(used->account_id) : std::nullopt;
  const auto a = e && e->address == used->address && e->verified_at
                     ? accounts_.accountById(used->account_id)
                     : std::nullopt;
  if (!a) return errorReply(Error::of(Err::LinkExpired));
  spdlog::warn("account {}: signed in with an e-mailed link", a->id);
  HttpReply r =
      jsonReply(200, Json{{"account", Json{{"name", a->name}, {"created_at", a->created_at}}}});
  r.headers.emplace_back("Set-Cookie", sessions_.start(a->id));
  return r;
}

HttpReply EmailApi::off(const std::string& token) const {
  const auto hash = tokenHash(token);
  const auto used = hash ? mail_->useToken(*hash, EmailTokenKind::Off, unixMsNow()) : std::nullopt;
  if (!used) return errorReply(Error::of(Err::LinkExpired));
  const auto e = mail_->address(used->account_id);
  if (e && e->address == used->address) mail_->setMailOn(used->account_id, false);
  spdlog::info("account {}: your-move mails turned off by a mail's link", used->account_id);
  return jsonReply(200, Json{{"your_move", false}});
}

}  // namespace pg
