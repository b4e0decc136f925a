// Accounts on a cluster: two full `phantomgo serve` nodes on one real PostgreSQL database
// (support/pg_test_server.h), behind one public origin as a proxy would put them. A ceremony
// begun on one node is finished on the other, a session made on one is known to the other,
// a challenge is used once across both, and signing out everywhere on one ends the sessions
// that the other made.
#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include <memory>
#include <vector>

#include "../passkey/soft_authenticator.h"
#include "client/ws_client.h"
#include "cluster_nodes.h"
#include "server/server.h"
#include "support/pg_test_server.h"

namespace pg {
namespace {

using passkey::Alg;
using passkey::Bytes;
using passkey::test::SoftAuthenticator;

constexpr const char* kSite = "http://phantom.test";
constexpr const char* kRp = "phantom.test";

class AccountCluster : public test::ClusterNodes {
 protected:
  void SetUp() override {
    startNodes(2, [](ServerSettings& s) { s.public_url = kSite; });
  }
  HttpResult call(int node, const std::string& method, const std::string& target, const Json& body,
                  const std::string& cookie = "") {
    std::vector<std::pair<std::string, std::string>> h{{"Origin", kSite}};
    if (!cookie.empty()) h.emplace_back("Cookie", cookie);
    return httpRequest("127.0.0.1", ports_[static_cast<std::size_t>(node)], method, target,
                       method == "GET" ? "" : body.dump(), "application/json", h);
  }
  static std::string cookieOf(const HttpResult& r) {
    const auto it = r.headers.find("set-cookie");
    return it == r.headers.end() ? "" : it->second.substr(0, it->second.find(';'));
  }
  static Bytes challengeOf(const Json& begun) {
    return *passkey::fromBase64url(begun.at("options").at("challenge").get<std::string>());
  }
  /// A sign-in begun on node `begin` and finished on node `finish`.
  HttpResult signIn(SoftAuthenticator& key, int begin, int finish) {
    const Json b = call(begin, "POST", "/api/account/sign-in/begin", Json::object()).json();
    const passkey::Assertion a = key.get(kRp, kSite, challengeOf(b));
    return call(
        finish, "POST", "/api/account/sign-in/finish",
        Json{
            {"ceremony", b.at("ceremony")},
            {"credential",
             Json{{"id", passkey::base64url(a.credential_id)},
                  {"type", "public-key"},
                  {"response", Json{{"clientDataJSON", passkey::base64url(a.client_data_json)},
                                    {"authenticatorData", passkey::base64url(a.authenticator_data)},
                                    {"signature", passkey::base64url(a.signature)}}}}}});
  }
  Json account(int node, const std::string& cookie) {
    return call(node, "GET", "/api/account", nullptr, cookie).json().at("account");
  }
};

TEST_F(AccountCluster, CeremoniesAndSessionsHoldAcrossNodes) {
  SoftAuthenticator key(Alg::ES256);
  const Json b = call(0, "POST", "/api/account/sign-up/begin", Json{{"name", "Noora"}}).json();
  EXPECT_EQ(b.at("options").at("rp").at("id"), kRp);
  const passkey::Registration reg = key.create(kRp, kSite, challengeOf(b));
  const HttpResult up =
      call(1, "POST", "/api/account/sign-up/finish",
           Json{{"ceremony", b.at("ceremony")},
                {"credential",
                 Json{{"id", passkey::base64url(key.id)},
                      {"type", "public-key"},
                      {"response",
                       Json{{"clientDataJSON", passkey::base64url(reg.client_data_json)},
                            {"attestationObject", passkey::base64url(reg.attestation_object)}}}}}});
  ASSERT_EQ(up.status, 201) << up.body;
  const std::string first = cookieOf(up);
  EXPECT_EQ(account(0, first).at("name"), "Noora") << "the other node knows the session";
  EXPECT_EQ(call(0, "POST", "/api/account/sign-up/begin", Json{{"name", "noora"}}).status, 409);

  const HttpResult in = signIn(key, 1, 0);
  ASSERT_EQ(in.status, 200) << in.body;
  const std::string second = cookieOf(in);

  // A challenge is used once, whichever node is asked second.
  const Json b2 = call(0, "POST", "/api/account/sign-in/begin", Json::object()).json();
  const passkey::Assertion a = key.get(kRp, kSite, challengeOf(b2));
  const Json finish{
      {"ceremony", b2.at("ceremony")},
      {"credential",
       Json{{"id", passkey::base64url(a.credential_id)},
            {"response", Json{{"clientDataJSON", passkey::base64url(a.client_data_json)},
                              {"authenticatorData", passkey::base64url(a.authenticator_data)},
                              {"signature", passkey::base64url(a.signature)}}}}}};
  EXPECT_EQ(call(0, "POST", "/api/account/sign-in/finish", finish).status, 200);
  EXPECT_EQ(call(1, "POST", "/api/account/sign-in/finish", finish).status, 410);

  // Signing out everywhere on one node ends the sessions the other made.
  ASSERT_EQ(call(1, "POST", "/api/account/sign-out-everywhere", Json::object(), first).status, 200);
  EXPECT_TRUE(account(0, first).is_null());
  EXPECT_TRUE(account(0, second).is_null());
  EXPECT_TRUE(account(1, second).is_null());
}

}  // namespace
}  // namespace pg
