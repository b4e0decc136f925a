// What the tests of e-mail share: a server that sends its mail to a real SMTP server on
// loopback (support/smtp_sink.h), accounts with verified addresses, and the links in the mails.
#pragma once

#include <regex>

#include "account_support.h"
#include "support/smtp_sink.h"

namespace pg::test {

/// The token of the first link to `page` ("verify", "sign-in", "off") in a mail's body.
inline std::string linkToken(const ReceivedMail& m, const std::string& page) {
  std::smatch match;
  const std::string body = m.body();
  const std::regex link("#/email/" + page + "/([A-Za-z0-9_-]+)");
  if (!std::regex_search(body, match, link)) return "";
  return match[1];
}

class EmailServerTest : public AccountServerTest {
 protected:
  void SetUp() override {
    spdlog::set_level(spdlog::level::warn);
    sink_.start();
    settings_ = testSettings(dir_);
    settings_.smtp_url = sink_.url();
    settings_.mail_from = "go@phantom.example";
    startServer();
  }

  /// Signs `name` up and sets and verifies `address` through the mail that arrives.
  std::string verifiedAccount(const std::string& name, const std::string& address,
                              passkey::test::SoftAuthenticator& key) {
    const SignedUp up = signUp(name, key);
    const std::size_t before = sink_.messages().size();
    const HttpResult set =
        call("PUT", "/api/account/email", Json{{"address", address}, {"lang", "en"}}, up.cookie);
    EXPECT_EQ(set.status, 200) << set.body;
    const auto got = sink_.waitFor(before + 1);
    EXPECT_EQ(got.size(), before + 1);
    if (got.size() <= before) return up.cookie;
    const HttpResult v =
        call("POST", "/api/account/email/verify", Json{{"token", linkToken(got.back(), "verify")}});
    EXPECT_EQ(v.status, 200) << v.body;
    return up.cookie;
  }

  Json email(const std::string& cookie) {
    return call("GET", "/api/account", nullptr, cookie).json().at("email");
  }

  SmtpSink sink_;
};

}  // namespace pg::test
