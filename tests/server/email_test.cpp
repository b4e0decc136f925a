// E-mail addresses, verification and sign-in links against the real server and a real SMTP
// server on loopback (support/smtp_sink.h): what arrives is read back from the sink. An
// address is verified by its link once; a sign-in link signs in once, within 15 minutes, and
// asking for one answers the same bytes whether the address is known, unverified or unknown;
// every mail carries a link and RFC 8058's headers that turn the mails off; without
// --smtp-url every mail endpoint answers mail-off.
#include "email_support.h"

namespace pg::test {
namespace {

using passkey::Alg;
using passkey::test::SoftAuthenticator;
using EmailTest = EmailServerTest;

TEST_F(EmailTest, AnAddressIsVerifiedOnceByTheLinkItsMailCarries) {
  SoftAuthenticator key(Alg::ES256);
  const SignedUp up = signUp("Maila", key);
  EXPECT_TRUE(call("GET", "/api/account", nullptr, up.cookie).json().at("mail"));
  EXPECT_TRUE(email(up.cookie).is_null());

  // Bad input changes nothing.
  EXPECT_EQ(code(call("PUT", "/api/account/email", Json{{"address", "not an address"}}, up.cookie)),
            "bad-address");
  EXPECT_EQ(code(call("PUT", "/api/account/email",
                      Json{{"address", "a@b.example\r\nBcc: eve@example.org"}}, up.cookie)),
            "bad-address");
  EXPECT_EQ(code(call("PUT", "/api/account/email", Json{{"address", "a@example.org"}})),
            "not-signed-in");
  EXPECT_EQ(code(call("PUT", "/api/account/email", Json{{"address", "a@example.org"}}, up.cookie,
                      "https://evil.example")),
            "bad-origin");
  EXPECT_TRUE(email(up.cookie).is_null());

  const HttpResult set = call("PUT", "/api/account/email",
                              Json{{"address", "Maila@Example.org"}, {"lang", "de"}}, up.cookie);
  ASSERT_EQ(set.status, 200) << set.body;
  EXPECT_EQ(set.json().at("email"),
            (Json{{"address", "Maila@Example.org"}, {"verified", false}, {"your_move", true}}));
  const auto got = sink_.waitFor(1);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].envelope_to, "Maila@Example.org");
  EXPECT_NE(got[0].body().find("Hallo"), std::string::npos);  // in the account's language
  EXPECT_NE(got[0].header("List-Unsubscribe").find("/api/email/off/"), std::string::npos);
  EXPECT_EQ(got[0].header("List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");
  const std::string token = linkToken(got[0], "verify");
  ASSERT_EQ(token.size(), 43u);  // 32 random bytes

  EXPECT_EQ(code(call("POST", "/api/account/email/verify", Json{{"token", token + "x"}})),
            "link-expired");
  EXPECT_EQ(email(up.cookie).at("verified"), false);
  const HttpResult v = call("POST", "/api/account/email/verify", Json{{"token", token}});
  ASSERT_EQ(v.status, 200) << v.body;
  EXPECT_EQ(email(up.cookie).at("verified"), true);
  EXPECT_EQ(code(call("POST", "/api/account/email/verify", Json{{"token", token}})),
            "link-expired");  // once

  // Another account cannot take it, in any case.
  SoftAuthenticator other(Alg::ES256);
  const SignedUp second = signUp("Other", other);
  EXPECT_EQ(code(call("PUT", "/api/account/email", Json{{"address", "maila@example.ORG"}},
                      second.cookie)),
            "address-taken");

  // Your-move mails off and on; the address removed.
  const HttpResult off = call("PUT", "/api/account/email/notify", Json{{"on", false}}, up.cookie);
  ASSERT_EQ(off.status, 200) << off.body;
  EXPECT_EQ(email(up.cookie).at("your_move"), false);
  EXPECT_EQ(code(call("PUT", "/api/account/email/notify", Json{{"on", "no"}}, up.cookie)),
            "bad-request");
  EXPECT_EQ(call("DELETE", "/api/account/email", nullptr, up.cookie).status, 200);
  EXPECT_TRUE(email(up.cookie).is_null());
  EXPECT_EQ(code(call("DELETE", "/api/account/email", nullptr, up.cookie)), "no-address");
}

TEST_F(EmailTest, ASignInLinkSignsInOnceAndAskingNamesNoAccount) {
  SoftAuthenticator key(Alg::ES256);
  const std::string cookie = verifiedAccount("Linka", "linka@example.org", key);
  SoftAuthenticator key2(Alg::ES256);
  const SignedUp unverified = signUp("Unver", key2);
  ASSERT_EQ(
      call("PUT", "/api/account/email", Json{{"address", "unver@example.org"}}, unverified.cookie)
          .status,
      200);
  sink_.waitFor(2);
  const std::size_t before = sink_.messages().size();

  // The same bytes for a verified address, an unverified one and an unknown one.
  const HttpResult known =
      call("POST", "/api/account/email/sign-in", Json{{"address", "LINKA@example.org"}});
  const HttpResult unknown =
      call("POST", "/api/account/email/sign-in", Json{{"address", "nobody@example.org"}});
  const HttpResult unconfirmed =
      call("POST", "/api/account/email/sign-in", Json{{"address", "unver@example.org"}});
  EXPECT_EQ(known.status, 200);
  EXPECT_EQ(known.body, unknown.body);
  EXPECT_EQ(known.body, unconfirmed.body);
  EXPECT_EQ(known.headers.size(), unknown.headers.size());
  EXPECT_EQ(cookieOf(known), "");

  const auto got = sink_.waitFor(before + 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // nothing else comes
  ASSERT_EQ(sink_.messages().size(), before + 1);  // only the verified address got a mail
  EXPECT_EQ(got.back().envelope_to, "linka@example.org");
  const std::string token = linkToken(got.back(), "sign-in");
  ASSERT_FALSE(token.empty());

  const HttpResult in = call("POST", "/api/account/email/sign-in/finish", Json{{"token", token}});
  ASSERT_EQ(in.status, 200) << in.body;
  const std::string session = cookieOf(in);
  ASSERT_FALSE(session.empty());
  EXPECT_NE(session, cookie);
  EXPECT_EQ(account(session).at("name"), "Linka");
  EXPECT_EQ(code(call("POST", "/api/account/email/sign-in/finish", Json{{"token", token}})),
            "link-expired");  // once
  EXPECT_EQ(code(call("POST", "/api/account/email/sign-in/finish", Json{{"token", "x"}})),
            "link-expired");
}

TEST_F(EmailTest, SignInAnswersAreTheSameBytesEveryTimeAndTheirTimesArePrinted) {
  SoftAuthenticator key(Alg::ES256);
  verifiedAccount("Timer", "timer@example.org", key);
  // Known and unknown interleaved; at most one mail a minute goes to the known address, so the
  // known requests after the first do the same store work as the unknown (the queue refuses
  // the duplicate key after storing the link's token).
  std::vector<double> known, unknown;
  std::string first;
  for (int i = 0; i < 40; ++i)
    for (const bool k : {true, false}) {
      const auto t0 = std::chrono::steady_clock::now();
      const HttpResult r = call("POST", "/api/account/email/sign-in",
                                Json{{"address", k ? "timer@example.org" : "nobody@example.org"}});
      const double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      ASSERT_EQ(r.status, 200);
      if (first.empty()) first = r.body;
      EXPECT_EQ(r.body, first);
      (k ? known : unknown).push_back(ms);
    }
  std::sort(known.begin(), known.end());
  std::sort(unknown.begin(), unknown.end());
  std::printf("sign-in link asked, median answer: verified address %.3f ms, unknown %.3f ms\n",
              known[known.size() / 2], unknown[unknown.size() / 2]);
}

TEST_F(EmailTest, EveryMailTurnsTheMailsOffByItsLinkOrOneClick) {
  SoftAuthenticator key(Alg::ES256);
  const std::string cookie = verifiedAccount("Offa", "offa@example.org", key);
  const auto first = sink_.messages().back();
  const std::string token = linkToken(first, "off");
  ASSERT_FALSE(token.empty());
  EXPECT_EQ(code(call("POST", "/api/email/off", Json{{"token", token + "y"}})), "link-expired");
  EXPECT_EQ(email(cookie).at("your_move"), true);
  // The page's button (no session needed).
  const HttpResult off = call("POST", "/api/email/off", Json{{"token", token}}, "", "");
  ASSERT_EQ(off.status, 200) << off.body;
  EXPECT_EQ(email(cookie).at("your_move"), false);

  // RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" to the header's URL, with no
  // Origin and no cookie.
  ASSERT_EQ(call("PUT", "/api/account/email/notify", Json{{"on", true}}, cookie).status, 200);
  ASSERT_EQ(
      call("POST", "/api/account/email/sign-in", Json{{"address", "offa@example.org"}}).status,
      200);
  const auto got = sink_.waitFor(2);
  ASSERT_EQ(got.size(), 2u);
  const std::string header = got[1].header("List-Unsubscribe");
  const auto path_at = header.find("/api/email/off/");
  ASSERT_NE(path_at, std::string::npos) << header;
  const std::string path = header.substr(path_at, header.size() - 1 - path_at);
  const HttpResult one_click =
      httpRequest("127.0.0.1", port_, "POST", path, "List-Unsubscribe=One-Click",
                  "application/x-www-form-urlencoded", {});
  ASSERT_EQ(one_click.status, 200) << one_click.body;
  EXPECT_EQ(email(cookie).at("your_move"), false);
}

TEST_F(AccountServerTest, WithoutARelayTheMailEndpointsSayMailOff) {
  SoftAuthenticator key(Alg::ES256);
  const SignedUp up = signUp("Nomail", key);
  EXPECT_FALSE(call("GET", "/api/account", nullptr, up.cookie).json().at("mail"));
  EXPECT_EQ(code(call("PUT", "/api/account/email", Json{{"address", "a@example.org"}}, up.cookie)),
            "mail-off");
  EXPECT_EQ(code(call("POST", "/api/account/email/sign-in", Json{{"address", "a@example.org"}})),
            "mail-off");
  EXPECT_EQ(code(call("POST", "/api/email/off", Json{{"token", "abc"}})), "mail-off");
}

}  // namespace
}  // namespace pg::test
