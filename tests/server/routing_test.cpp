// Routing by table id: the WebSocket URL names its table (/ws?table=<id>) so that a proxy can
// send every connection of a table to one node; a join for another table on that connection is
// refused, and a malformed id is refused before the upgrade.
#include "game_driver.h"
#include "server/api/query_param.h"

namespace pg::test {
namespace {

TEST(QueryParam, FindsTheFirstValueRaw) {
  EXPECT_EQ(queryParam("/ws?table=ab12", "table"), "ab12");
  EXPECT_EQ(queryParam("/ws?x=1&table=ab12&table=zz", "table"), "ab12");
  EXPECT_EQ(queryParam("/ws?table=", "table"), "");
  EXPECT_EQ(queryParam("/ws?table", "table"), "");
  EXPECT_EQ(queryParam("/ws?table=a%20b#frag", "table"), "a%20b");  // never decoded
  EXPECT_EQ(queryParam("/ws?xtable=1", "table"), std::nullopt);
  EXPECT_EQ(queryParam("/ws", "table"), std::nullopt);
  EXPECT_EQ(queryParam("/ws?", "table"), std::nullopt);
}

class RoutingTest : public ServerTest {};

TEST_F(RoutingTest, ARoutedConnectionJoinsOnlyItsTable) {
  const Json a = create(Json{{"rules", Json{{"size", 9}}}});
  const Json b = create(Json{{"rules", Json{{"size", 9}}}});
  const std::string ida = a.at("table"), idb = b.at("table");

  WsClient wrong("127.0.0.1", port_, "/ws?table=" + ida);
  wrong.send(Json{{"type", "join"}, {"table", idb}, {"watch", true}});
  const auto refused = wrong.recvJson(5s);
  ASSERT_TRUE(refused.has_value());
  EXPECT_EQ(refused->value("code", ""), "wrong-table");

  WsClient right("127.0.0.1", port_, "/ws?table=" + ida);
  right.send(
      Json{{"type", "join"}, {"table", ida}, {"token", a.at("seats").at("black").at("token")}});
  const auto joined = right.recvJson(5s);
  ASSERT_TRUE(joined.has_value());
  EXPECT_EQ(joined->value("type", ""), "joined");
}

TEST_F(RoutingTest, AMalformedTableInTheUrlIsRefusedBeforeTheUpgrade) {
  for (const char* path : {"/ws?table=", "/ws?table=../../x", "/ws?table=ABCDEFGHIJKL"})
    EXPECT_THROW(WsClient("127.0.0.1", port_, path), std::runtime_error) << path;
  // Without a table in the URL (a client of one node), the join alone names the table.
  WsClient plain("127.0.0.1", port_);
  plain.send(std::string(R"({"type":"ping"})"));
  const auto pong = plain.recvJson(5s);
  ASSERT_TRUE(pong.has_value());
  EXPECT_EQ(pong->value("type", ""), "pong");
}

}  // namespace
}  // namespace pg::test
