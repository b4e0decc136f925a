// "Your move" mails against the real server and a real SMTP server on loopback: on a
// correspondence table a seat without a connection gets one mail when the turn passes to it,
// none while it is connected, and no second one for the same turn however often it leaves;
// on a table without a clock a seat gets its mail once it has been away for the (shortened)
// delay during its turn; a player whose mails are off gets none. No mail holds the opponent's
// point in any notation the site uses (GTP "C3", SGF "cc", the point's index), and the link
// gives the seat only to a session of the seat's account.
#include "email_support.h"

namespace pg::test {
namespace {

using passkey::Alg;
using passkey::test::SoftAuthenticator;

/// The mails that arrived for `to` whose subject says "Your move".
std::vector<ReceivedMail> yourMoveMails(const SmtpSink& sink, const std::string& to) {
  std::vector<ReceivedMail> out;
  for (const ReceivedMail& m : sink.messages())
    if (m.envelope_to == to && m.header("Subject").rfind("Your move", 0) == 0) out.push_back(m);
  return out;
}

/// `text` without its links (their random tokens could hold any two letters).
std::string withoutLinks(const std::string& text) {
  return std::regex_replace(text, std::regex("(https?://|/#/|/api/)[^\\s>]*"), "<link>");
}

class YourMoveTest : public EmailServerTest {
 protected:
  void SetUp() override {
    EmailServerTest::SetUp();
    a_ = verifiedAccount("Aino", "aino@example.org", ka_);
    b_ = verifiedAccount("Berk", "berk@example.org", kb_);
  }
  /// A rated 5x5 table of `clock` (null: none) with Aino in Black's seat and Berk in White's.
  Json ratedTable(const Json& clock) {
    Json req{{"rules", Json{{"size", 5}}}, {"rated", true}};
    if (!clock.is_null()) req["clock"] = clock;
    const HttpResult r = call("POST", "/api/tables", req, a_);
    EXPECT_EQ(r.status, 201) << r.body;
    const Json t = r.json();
    const std::string id = t.at("table").get<std::string>();
    for (const auto& [seat, cookie] : {std::pair{"black", a_}, std::pair{"white", b_}}) {
      const HttpResult s = call("POST", "/api/tables/" + id + "/seat",
                                Json{{"token", t.at("seats").at(seat).at("token")}}, cookie);
      EXPECT_EQ(s.status, 200) << s.body;
    }
    return t;
  }

  SoftAuthenticator ka_{Alg::ES256}, kb_{Alg::ES256};
  std::string a_, b_;
};

TEST_F(YourMoveTest, ACorrespondenceSeatAwayGetsOneMailPerTurnAndNoneWhileConnected) {
  const Json t = ratedTable(Json{{"days_per_move", 1}});
  const std::string id = t.at("table").get<std::string>();
  auto black = joinSeat(t, "black");
  auto white = joinSeat(t, "white");
  std::vector<Listener> both{{black.get(), "black"}, {white.get(), "white"}};
  // Both connected: Black plays, White is told; no mail.
  act(*black, Json{{"type", "try"}, {"point", "B2"}}, both);
  act(*white, Json{{"type", "try"}, {"point", "D4"}}, both);
  std::this_thread::sleep_for(std::chrono::milliseconds(700));
  EXPECT_TRUE(yourMoveMails(sink_, "berk@example.org").empty());
  EXPECT_TRUE(yourMoveMails(sink_, "aino@example.org").empty());

  // White leaves while Black thinks: nothing yet. Black's stone passes the turn to the absent
  // White: one mail.
  white.reset();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_TRUE(yourMoveMails(sink_, "berk@example.org").empty());
  act(*black, Json{{"type", "try"}, {"point", "C3"}}, {{black.get(), "black"}});
  auto got = [&] {
    for (int i = 0; i < 200 && yourMoveMails(sink_, "berk@example.org").empty(); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(25));
    return yourMoveMails(sink_, "berk@example.org");
  }();
  ASSERT_EQ(got.size(), 1u);
  const ReceivedMail& m = got[0];
  EXPECT_EQ(m.header("Subject"), "Your move against Aino");
  const std::string body = m.body();
  EXPECT_NE(body.find("5x5"), std::string::npos) << body;
  EXPECT_NE(body.find("move 4"), std::string::npos) << body;
  EXPECT_NE(body.find("/#/seat/" + id), std::string::npos) << body;
  EXPECT_EQ(m.header("List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");
  // Black's hidden stones (B2, C3) in every form the site writes a point: GTP, SGF, index.
  const std::string plain = withoutLinks(m.header("Subject") + "\n" + body);
  for (const char* p : {"B2", "b2", "C3", "c3", "bb", "cc", "[bb]", "[cc]", "6", "12", "1,1", "2,2",
                        "(1, 1)", "(2, 2)"})
    EXPECT_EQ(plain.find(p), std::string::npos) << "the mail holds " << p << ":\n" << plain;

  // Coming back and leaving again in the same turn sends no second mail.
  white = joinSeat(t, "white");
  white.reset();
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  EXPECT_EQ(yourMoveMails(sink_, "berk@example.org").size(), 1u);
  EXPECT_TRUE(yourMoveMails(sink_, "aino@example.org").empty());  // Black was there all along

  // The link's seat: only Berk's session gets White's token.
  const HttpResult seat = call("GET", "/api/account/seat/" + id, nullptr, b_);
  ASSERT_EQ(seat.status, 200) << seat.body;
  EXPECT_EQ(seat.json().at("seat"), "white");
  EXPECT_EQ(seat.json().at("token"), t.at("seats").at("white").at("token"));
  EXPECT_EQ(call("GET", "/api/account/seat/" + id, nullptr, a_).json().at("seat"), "black");
  EXPECT_EQ(code(call("GET", "/api/account/seat/" + id, nullptr, "")), "not-signed-in");
}

TEST_F(YourMoveTest, AnAbsentTabGetsItsMailAfterTheDelayAndAnUnsubscribedPlayerNone) {
  server_.reset();
  settings_.your_move_after_ms = 600;
  startServer();
  const Json t = ratedTable(nullptr);
  auto black = joinSeat(t, "black");
  auto white = joinSeat(t, "white");
  std::vector<Listener> both{{black.get(), "black"}, {white.get(), "white"}};
  act(*black, Json{{"type", "pass"}}, both);
  // White on turn and connected: no mail, however long.
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));
  EXPECT_TRUE(yourMoveMails(sink_, "berk@example.org").empty());
  // White's tab closes: the mail comes after the delay, not before.
  const auto left = std::chrono::steady_clock::now();
  white.reset();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_TRUE(yourMoveMails(sink_, "berk@example.org").empty());
  for (int i = 0; i < 200 && yourMoveMails(sink_, "berk@example.org").empty(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
  EXPECT_GE(std::chrono::steady_clock::now() - left, std::chrono::milliseconds(600));
  EXPECT_EQ(yourMoveMails(sink_, "berk@example.org").size(), 1u);

  // Aino turns her mails off; White comes back, passes... the game would end: White plays
  // a stone instead, and Black's absent tab gets no mail.
  ASSERT_EQ(call("PUT", "/api/account/email/notify", Json{{"on", false}}, a_).status, 200);
  white = joinSeat(t, "white");
  black.reset();
  act(*white, Json{{"type", "try"}, {"point", "C3"}}, {{white.get(), "white"}});
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  EXPECT_TRUE(yourMoveMails(sink_, "aino@example.org").empty());
  EXPECT_EQ(yourMoveMails(sink_, "berk@example.org").size(), 1u);
}

}  // namespace
}  // namespace pg::test
