// What the tests of accounts and ratings share: requests as this site's page sends them (its
// Origin, the session cookie), and sign-ups and sign-ins with a software authenticator.
#pragma once

#include "../passkey/soft_authenticator.h"
#include "game_driver.h"

namespace pg::test {

inline Json toJson(const passkey::Registration& r, const passkey::Bytes& id) {
  return Json{{"id", passkey::base64url(id)},
              {"type", "public-key"},
              {"response", Json{{"clientDataJSON", passkey::base64url(r.client_data_json)},
                                {"attestationObject", passkey::base64url(r.attestation_object)}}}};
}

inline Json toJson(const passkey::Assertion& a, const std::string& user_handle = "") {
  Json response{{"clientDataJSON", passkey::base64url(a.client_data_json)},
                {"authenticatorData", passkey::base64url(a.authenticator_data)},
                {"signature", passkey::base64url(a.signature)}};
  if (!user_handle.empty()) response["userHandle"] = passkey::base64url(user_handle);
  return Json{
      {"id", passkey::base64url(a.credential_id)}, {"type", "public-key"}, {"response", response}};
}

inline passkey::Bytes challengeOf(const Json& begun) {
  return *passkey::fromBase64url(begun.at("options").at("challenge").get<std::string>());
}

/// A server test whose requests come from this site's page, with accounts made by a software
/// authenticator.
class AccountServerTest : public OnlineTest {
 protected:
  std::string origin() const { return "http://127.0.0.1:" + std::to_string(port_); }

  /// A request from this site's page: its Origin, and the session cookie if there is one.
  HttpResult call(const std::string& method, const std::string& target, const Json& body,
                  const std::string& cookie = "", std::optional<std::string> from = {}) {
    std::vector<std::pair<std::string, std::string>> h{{"X-Real-IP", "192.0.2.20"}};
    const std::string o = from.value_or(origin());
    if (!o.empty()) h.emplace_back("Origin", o);
    if (!cookie.empty()) h.emplace_back("Cookie", cookie);
    return httpRequest("127.0.0.1", port_, method, target, method == "GET" ? "" : body.dump(),
                       "application/json", h);
  }

  /// The "name=value" of the session cookie an answer sets.
  static std::string cookieOf(const HttpResult& r) {
    const auto it = r.headers.find("set-cookie");
    if (it == r.headers.end()) return "";
    return it->second.substr(0, it->second.find(';'));
  }

  struct SignedUp {
    std::string cookie;
    std::vector<std::string> codes;
  };

  /// Signs `name` up with `key`; expects it to work.
  SignedUp signUp(const std::string& name, passkey::test::SoftAuthenticator& key) {
    const HttpResult begun = call("POST", "/api/account/sign-up/begin", Json{{"name", name}});
    EXPECT_EQ(begun.status, 200) << begun.body;
    const Json b = begun.json();
    const auto reg = key.create("127.0.0.1", origin(), challengeOf(b));
    const HttpResult done = call("POST", "/api/account/sign-up/finish",
                                 Json{{"ceremony", b.at("ceremony")},
                                      {"credential", toJson(reg, key.id)},
                                      {"label", "laptop"}});
    EXPECT_EQ(done.status, 201) << done.body;
    return SignedUp{cookieOf(done),
                    done.json().value("recovery_codes", std::vector<std::string>{})};
  }

  /// A sign-in with `key` (made by `origin_used`): the answer.
  HttpResult signIn(passkey::test::SoftAuthenticator& key, const std::string& origin_used = "") {
    const HttpResult begun = call("POST", "/api/account/sign-in/begin", Json::object());
    EXPECT_EQ(begun.status, 200) << begun.body;
    const Json b = begun.json();
    const auto a =
        key.get("127.0.0.1", origin_used.empty() ? origin() : origin_used, challengeOf(b));
    return call("POST", "/api/account/sign-in/finish",
                Json{{"ceremony", b.at("ceremony")}, {"credential", toJson(a)}});
  }

  Json account(const std::string& cookie) {
    const HttpResult r = call("GET", "/api/account", nullptr, cookie);
    EXPECT_EQ(r.status, 200) << r.body;
    return r.json().at("account");
  }

  /// The error code of an answer, or its status and body when it is no error.
  static std::string code(const HttpResult& r) {
    const Json j = r.json();
    if (!j.is_object() || !j.contains("error"))
      return std::to_string(r.status) + " " + r.body.substr(0, 200);
    return j.at("error").at("code").get<std::string>();
  }
};

}  // namespace pg::test
