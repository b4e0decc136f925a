// Accounts against the real server (docs/protocol.md, "Accounts"): sign up with a passkey made
// by a software authenticator, sign in on another "device" with a second passkey, a replayed
// challenge, another site's origin, a copied passkey whose counter went back, recovery by code,
// sign out here and everywhere, the Origin check of requests that change something, and the
// limits per address.
#include "account_support.h"

namespace pg::test {
namespace {

using passkey::Alg;
using passkey::test::SoftAuthenticator;

using AccountTest = AccountServerTest;

TEST_F(AccountTest, SignUpSignInOnASecondDeviceWithASecondPasskeyAndSignOut) {
  const HttpResult free = call("POST", "/api/account/names", Json{{"name", "Ilona"}});
  ASSERT_EQ(free.status, 200) << free.body;
  EXPECT_TRUE(free.json().at("available"));

  SoftAuthenticator phone(Alg::ES256);
  const SignedUp up = signUp("Ilona", phone);
  ASSERT_FALSE(up.cookie.empty());
  EXPECT_EQ(up.codes.size(), 10u);
  EXPECT_EQ(account(up.cookie).at("name"), "Ilona");
  EXPECT_EQ(call("POST", "/api/account/names", Json{{"name", "ILONA"}}).json().at("available"),
            false);
  EXPECT_EQ(code(call("POST", "/api/account/sign-up/begin", Json{{"name", "ilona"}})),
            "name-taken");

  // A second passkey, added from the first device.
  SoftAuthenticator laptop(Alg::EdDSA);
  const HttpResult begun = call("POST", "/api/account/passkeys/begin", Json::object(), up.cookie);
  ASSERT_EQ(begun.status, 200) << begun.body;
  EXPECT_EQ(begun.json().at("options").at("excludeCredentials").size(), 1u);
  const auto reg = laptop.create("127.0.0.1", origin(), challengeOf(begun.json()));
  const HttpResult added = call("POST", "/api/account/passkeys/finish",
                                Json{{"ceremony", begun.json().at("ceremony")},
                                     {"credential", toJson(reg, laptop.id)},
                                     {"label", "phone"}},
                                up.cookie);
  ASSERT_EQ(added.status, 201) << added.body;

  // The second device signs in with it, and is the same account.
  const HttpResult in = signIn(laptop);
  ASSERT_EQ(in.status, 200) << in.body;
  const std::string second = cookieOf(in);
  ASSERT_FALSE(second.empty());
  EXPECT_NE(second, up.cookie);
  const Json acc = account(second);
  EXPECT_EQ(acc.at("name"), "Ilona");
  const Json full = call("GET", "/api/account", nullptr, second).json();
  EXPECT_EQ(full.at("passkeys").size(), 2u);
  EXPECT_EQ(full.at("recovery_codes_left"), 10);

  // Signing out ends this session only.
  EXPECT_EQ(call("POST", "/api/account/sign-out", Json::object(), second).status, 200);
  EXPECT_TRUE(account(second).is_null());
  EXPECT_EQ(account(up.cookie).at("name"), "Ilona");
}

TEST_F(AccountTest, PasskeysAreRemovedButNeverTheLast) {
  SoftAuthenticator a(Alg::RS256), b(Alg::ES256);
  const SignedUp up = signUp("Tuomas", a);
  const HttpResult begun = call("POST", "/api/account/passkeys/begin", Json::object(), up.cookie);
  const auto reg = b.create("127.0.0.1", origin(), challengeOf(begun.json()));
  ASSERT_EQ(call("POST", "/api/account/passkeys/finish",
                 Json{{"ceremony", begun.json().at("ceremony")}, {"credential", toJson(reg, b.id)}},
                 up.cookie)
                .status,
            201);
  const std::string path_a = "/api/account/passkeys/" + passkey::base64url(a.id);
  const std::string path_b = "/api/account/passkeys/" + passkey::base64url(b.id);
  EXPECT_EQ(call("DELETE", path_a, nullptr, up.cookie).status, 200);
  EXPECT_EQ(code(call("DELETE", path_b, nullptr, up.cookie)), "last-passkey");
  EXPECT_EQ(code(call("DELETE", path_a, nullptr, up.cookie)), "no-such-passkey");
  EXPECT_EQ(signIn(a).status, 403) << "a removed passkey signs nobody in";
  EXPECT_EQ(signIn(b).status, 200);
}

TEST_F(AccountTest, AChallengeIsUsedOnce) {
  SoftAuthenticator key(Alg::ES256);
  signUp("Marek", key);
  const Json b = call("POST", "/api/account/sign-in/begin", Json::object()).json();
  const Json finish{{"ceremony", b.at("ceremony")},
                    {"credential", toJson(key.get("127.0.0.1", origin(), challengeOf(b)))}};
  EXPECT_EQ(call("POST", "/api/account/sign-in/finish", finish).status, 200);
  const HttpResult replayed = call("POST", "/api/account/sign-in/finish", finish);
  EXPECT_EQ(replayed.status, 410);
  EXPECT_EQ(code(replayed), "ceremony-expired");
  EXPECT_TRUE(cookieOf(replayed).empty());
}

TEST_F(AccountTest, AnotherSitesOriginIsRefused) {
  SoftAuthenticator key(Alg::ES256);
  const SignedUp up = signUp("Giulia", key);
  // A passkey ceremony run by another site's page.
  const HttpResult phished = signIn(key, "http://evil.example");
  EXPECT_EQ(phished.status, 403);
  EXPECT_EQ(code(phished), "passkey-refused");
  // Another site's page posting here, or a post with the cookie and no Origin.
  EXPECT_EQ(code(call("POST", "/api/account/sign-out-everywhere", Json::object(), up.cookie,
                      std::string("http://evil.example"))),
            "bad-origin");
  EXPECT_EQ(code(call("POST", "/api/account/sign-out-everywhere", Json::object(), up.cookie,
                      std::string(""))),
            "bad-origin");
  EXPECT_EQ(code(call("POST", "/api/tables", Json{{"rules", Json{{"size", 5}}}}, up.cookie,
                      std::string(""))),
            "bad-origin");
  EXPECT_EQ(code(call("POST", "/api/tables", Json{{"rules", Json{{"size", 5}}}}, "",
                      std::string("http://evil.example"))),
            "bad-origin");
  // Without a cookie, a program may still post without an Origin.
  EXPECT_EQ(
      call("POST", "/api/tables", Json{{"rules", Json{{"size", 5}}}}, "", std::string("")).status,
      201);
  EXPECT_EQ(account(up.cookie).at("name"), "Giulia") << "nothing was signed out";
}

TEST_F(AccountTest, ACopiedPasskeyWhoseCounterWentBackIsRefused) {
  SoftAuthenticator key(Alg::ES256);
  signUp("Kaan", key);
  for (int i = 0; i < 3; ++i) ASSERT_EQ(signIn(key).status, 200);
  // A copy of the key taken before those sign-ins: the same key, its counter behind.
  key.counter = 0;
  const HttpResult cloned = signIn(key);  // counts 1, after 3
  EXPECT_EQ(cloned.status, 403);
  EXPECT_EQ(code(cloned), "passkey-refused");
  key.counter = 3;
  EXPECT_EQ(signIn(key).status, 200) << "the genuine one goes on";
}

TEST_F(AccountTest, RecoveryCodesWorkOnceAndFailAlikeForAWrongNameOrCode) {
  SoftAuthenticator key(Alg::EdDSA);
  const SignedUp up = signUp("Petra", key);
  ASSERT_EQ(up.codes.size(), 10u);
  std::string typed = up.codes[3];
  for (char& c : typed) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const HttpResult back =
      call("POST", "/api/account/recover", Json{{"name", "petra"}, {"code", typed}});
  ASSERT_EQ(back.status, 200) << back.body;
  EXPECT_EQ(back.json().at("recovery_codes_left"), 9);
  const std::string cookie = cookieOf(back);
  EXPECT_EQ(account(cookie).at("name"), "Petra");

  const HttpResult again =
      call("POST", "/api/account/recover", Json{{"name", "Petra"}, {"code", up.codes[3]}});
  const HttpResult wrong_name =
      call("POST", "/api/account/recover", Json{{"name", "Nobody"}, {"code", up.codes[4]}});
  const HttpResult wrong_code =
      call("POST", "/api/account/recover", Json{{"name", "Petra"}, {"code", "AAAA-BBBB-CCCC"}});
  for (const HttpResult* r : {&again, &wrong_name, &wrong_code}) {
    EXPECT_EQ(r->status, 403);
    EXPECT_EQ(r->body, again.body) << "the same answer, whichever was wrong";
  }

  // New codes replace the old ones.
  const HttpResult fresh = call("POST", "/api/account/recovery-codes", Json::object(), cookie);
  ASSERT_EQ(fresh.status, 200);
  EXPECT_EQ(
      code(call("POST", "/api/account/recover", Json{{"name", "Petra"}, {"code", up.codes[5]}})),
      "recovery-failed");
}

TEST_F(AccountTest, SignOutEverywhereEndsEverySession) {
  SoftAuthenticator key(Alg::ES256);
  const SignedUp up = signUp("Jonas", key);
  const std::string second = cookieOf(signIn(key));
  const std::string third = cookieOf(signIn(key));
  ASSERT_EQ(account(third).at("name"), "Jonas");
  const HttpResult out = call("POST", "/api/account/sign-out-everywhere", Json::object(), second);
  EXPECT_EQ(out.status, 200);
  EXPECT_NE(out.headers.at("set-cookie").find("Max-Age=0"), std::string::npos);
  for (const std::string& c : {up.cookie, second, third}) EXPECT_TRUE(account(c).is_null());
  EXPECT_EQ(code(call("POST", "/api/account/passkeys/begin", Json::object(), up.cookie)),
            "not-signed-in");
}

TEST_F(AccountTest, TheCookieIsHttpOnlyAndLax) {
  SoftAuthenticator key(Alg::ES256);
  const HttpResult begun = call("POST", "/api/account/sign-up/begin", Json{{"name", "Anna"}});
  const Json b = begun.json();
  EXPECT_EQ(b.at("options").at("rp").at("id"), "127.0.0.1");
  EXPECT_EQ(b.at("options").at("attestation"), "none");
  const auto reg = key.create("127.0.0.1", origin(), challengeOf(b));
  const HttpResult done =
      call("POST", "/api/account/sign-up/finish",
           Json{{"ceremony", b.at("ceremony")}, {"credential", toJson(reg, key.id)}});
  const std::string set = done.headers.at("set-cookie");
  EXPECT_EQ(set.rfind("pg_session=", 0), 0u) << set;
  EXPECT_NE(set.find("HttpOnly"), std::string::npos);
  EXPECT_NE(set.find("SameSite=Lax"), std::string::npos);
  EXPECT_EQ(set.find("Secure"), std::string::npos) << "plain HTTP here";
}

TEST_F(AccountTest, BadInputIsRefusedAndChangesNothing) {
  EXPECT_EQ(code(call("POST", "/api/account/sign-up/begin", Json{{"name", " x"}})), "bad-name");
  EXPECT_EQ(code(call("POST", "/api/account/sign-up/begin", Json{{"name", "a/b"}})), "bad-name");
  EXPECT_EQ(code(call("POST", "/api/account/sign-up/begin", Json{{"nom", "Ann"}})), "bad-request");
  EXPECT_EQ(code(call("POST", "/api/account/sign-in/finish",
                      Json{{"ceremony", "nope"}, {"credential", Json{{"id", "!!"}}}})),
            "bad-request");
  EXPECT_EQ(code(call("POST", "/api/account/sign-in/finish",
                      Json{{"ceremony", "nope"},
                           {"credential", Json{{"id", "AAAA"},
                                               {"response", Json{{"clientDataJSON", "AAAA"},
                                                                 {"authenticatorData", "AAAA"},
                                                                 {"signature", "AAAA"}}}}}})),
            "ceremony-expired");
  const HttpResult junk = httpRequest("127.0.0.1", port_, "POST", "/api/account/sign-in/begin", "{",
                                      "application/json", {{"Origin", origin()}});
  EXPECT_EQ(junk.status, 400);
  EXPECT_EQ(call("GET", "/api/account", nullptr, "pg_session=forged").json().at("account"),
            nullptr);
}

TEST_F(AccountTest, SignInsAreLimitedPerAddress) {
  server_.reset();
  settings_.limits.sign_ins_per_10_minutes_per_address = 3;
  startServer();
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(call("POST", "/api/account/sign-in/begin", Json::object()).status, 200);
  const HttpResult refused = call("POST", "/api/account/sign-in/begin", Json::object());
  EXPECT_EQ(refused.status, 429);
  EXPECT_TRUE(refused.headers.count("retry-after"));
  // Another address (through the trusted proxy) is counted apart.
  const HttpResult other =
      httpRequest("127.0.0.1", port_, "POST", "/api/account/sign-in/begin", "{}",
                  "application/json", {{"Origin", origin()}, {"X-Real-IP", "192.0.2.77"}});
  EXPECT_EQ(other.status, 200);
}

}  // namespace
}  // namespace pg::test
