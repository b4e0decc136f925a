// The node's log lines (docs/server.md, "Logs"): a whole game and an account's life, logged at
// trace level in both formats, and every line read for what must never be there: a point (a
// try, a guess mark), a seat token, a cancel secret, a session cookie, a recovery code, a
// passkey ceremony's challenge, a chat line. The JSON lines are each one valid object, and the
// lines about a table carry it in their own field.
#include <spdlog/sinks/ostream_sink.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "account_support.h"
#include "server/node/json_log_formatter.h"

namespace pg::test {
namespace {

using passkey::Alg;
using passkey::test::SoftAuthenticator;

/// Every string a client was given that must stay out of the logs, found by the names of the
/// fields that carry them.
void collectLogSecrets(const Json& j, std::set<std::string>& out) {
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      if (value.is_string() && (key == "token" || key == "cancel_secret"))
        out.insert(value.get<std::string>());
      if (key == "recovery_codes")
        for (const Json& code : value) out.insert(code.get<std::string>());
      collectLogSecrets(value, out);
    }
  } else if (j.is_array()) {
    for (const Json& v : j) collectLogSecrets(v, out);
  }
}

class LogLinesTest : public AccountServerTest {
 protected:
  void SetUp() override {
    AccountServerTest::SetUp();
    server_.reset();
    before_ = spdlog::default_logger();
    auto text = std::make_shared<spdlog::sinks::ostream_sink_mt>(text_);
    auto json = std::make_shared<spdlog::sinks::ostream_sink_mt>(json_);
    json->set_formatter(std::make_unique<JsonLogFormatter>("test-node"));
    auto logger =
        std::make_shared<spdlog::logger>("log-lines-test", spdlog::sinks_init_list{text, json});
    logger->set_level(spdlog::level::trace);
    spdlog::set_default_logger(logger);
    startServer();
  }
  void TearDown() override {
    AccountServerTest::TearDown();
    spdlog::set_default_logger(before_);
  }

  /// A request as the page makes it, its answer's secrets kept.
  HttpResult keep(const HttpResult& r) {
    if (const Json j = r.json(); !j.is_discarded()) collectLogSecrets(j, secrets_);
    return r;
  }

  std::shared_ptr<spdlog::logger> before_;
  std::ostringstream text_, json_;
  std::set<std::string> secrets_;
};

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST_F(LogLinesTest, NoLineCarriesAPointATokenACookieACodeOrAChatLine) {
  // An account: signed up, signed in, recovered, a passkey refused.
  SoftAuthenticator key(Alg::ES256);
  const SignedUp up = signUp("Lotta", key);
  ASSERT_FALSE(up.cookie.empty());
  secrets_.insert(up.codes.begin(), up.codes.end());
  const HttpResult in = signIn(key);
  ASSERT_EQ(in.status, 200);
  const HttpResult recovered =
      keep(call("POST", "/api/account/recover", Json{{"name", "Lotta"}, {"code", up.codes[2]}}));
  ASSERT_EQ(recovered.status, 200) << recovered.body;
  EXPECT_EQ(signIn(key, "https://elsewhere.example").status, 403);
  const Json begun = call("POST", "/api/account/sign-in/begin", Json::object()).json();
  secrets_.insert(begun.at("options").at("challenge").get<std::string>());
  secrets_.insert(begun.at("ceremony").get<std::string>());
  const std::vector<std::string> cookies{up.cookie, cookieOf(in), cookieOf(recovered)};
  for (const std::string& c : cookies) secrets_.insert(c.substr(c.find('=') + 1));
  keep(call("POST", "/api/account/recovery-codes", Json::object(), cookies[2]));

  // A challenge in the lobby, taken.
  const HttpResult listed =
      keep(call("POST", "/api/challenges",
                Json{{"rules", Json{{"size", 5}}}, {"color", "black"}, {"name", "Ann"}}));
  ASSERT_EQ(listed.status, 201) << listed.body;
  const std::string challenge = listed.json().at("challenge");
  keep(call("POST", "/api/challenges/" + challenge + "/take", Json::object()));

  // An online game: guess marks, chat on both channels, every point of the board tried until
  // the end, then a rematch with new tokens.
  Online g = online(Json{{"rules", Json{{"size", 5}}}, {"names", Json{{"black", "Ann"}}}});
  collectLogSecrets(g.table, secrets_);
  const std::string id = g.id();
  g.black->send(Json{{"type", "mark"}, {"point", "E5"}, {"set", true}});
  g.black->nextEvent("black");
  const std::vector<std::string> chat{"a players' line, quokka", "a spectators' line, wombat"};
  g.white->send(Json{{"type", "chat"}, {"text", chat[0]}});
  g.spectator->send(Json{{"type", "chat"}, {"text", chat[1]}});
  for (Client* c : {g.black.get(), g.spectator.get()})
    c->until([](const Json& m) { return m.value("type", "") == "chat"; });
  std::mt19937 rng(38);
  playOut(g.movers(), g.all(), *g.spectator, "spectator", rng, 0.02);
  g.black->send(Json{{"type", "rematch"}});
  g.white->send(Json{{"type", "rematch"}});
  for (Client* c : {g.black.get(), g.white.get()}) {
    const Json way = c->until([](const Json& m) { return m.value("type", "") == "rematch"; });
    collectLogSecrets(way, secrets_);
  }
  g = Online{};
  server_.reset();  // every line written

  ASSERT_GE(secrets_.size(), 20u) << "tokens, secrets, codes, cookies and challenges were seen";
  // A point as a word of its own: table ids are lower case, and an account id's letters and
  // digits are bound by its other characters.
  const std::regex point(R"((^|[\s"'(:=,])[A-E][1-5]($|[\s"'),.;:]))");
  const std::vector<std::string> text = linesOf(text_.str()), json = linesOf(json_.str());
  ASSERT_GT(text.size(), 40u);
  ASSERT_EQ(json.size(), text.size());
  for (const std::vector<std::string>* lines : {&text, &json}) {
    for (const std::string& line : *lines) {
      EXPECT_FALSE(std::regex_search(line, point)) << line;
      for (const std::string& s : secrets_) EXPECT_EQ(line.find(s), std::string::npos) << line;
      for (const std::string& c : chat) EXPECT_EQ(line.find(c), std::string::npos) << line;
      EXPECT_EQ(line.find("quokka"), std::string::npos) << line;
    }
  }

  // Each JSON line is one object; the lines about the game's table carry its id in `table`.
  int about_table = 0;
  for (const std::string& line : json) {
    const Json j = Json::parse(line, nullptr, false);
    ASSERT_TRUE(j.is_object()) << line;
    EXPECT_EQ(j.at("node"), "test-node");
    for (const char* field : {"time", "level", "message"}) EXPECT_TRUE(j.contains(field)) << line;
    if (j.value("table", "") == id) ++about_table;
    EXPECT_EQ(j.at("message").get<std::string>().rfind("table ", 0), std::string::npos)
        << "a table's prefix is lifted into its field: " << line;
  }
  EXPECT_GT(about_table, 10);
}

/// The identifiers a log call passes (its callee and its string literals left out), for each
/// spdlog call in `code`.
std::vector<std::string> loggedArguments(const std::string& code) {
  static const std::regex call(R"(spdlog::(trace|debug|info|warn|error|critical|log)\()");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(code.begin(), code.end(), call); it != std::sregex_iterator();
       ++it) {
    std::string args;
    int depth = 1;
    for (std::size_t i = static_cast<std::size_t>(it->position() + it->length());
         i < code.size() && depth > 0; ++i) {
      const char c = code[i];
      if (c == '"') {  // a literal: skipped, escapes and all
        for (++i; i < code.size() && code[i] != '"'; ++i)
          if (code[i] == '\\') ++i;
        args += ' ';
        continue;
      }
      if (c == '(') ++depth;
      if (c == ')') --depth;
      args += c;
    }
    out.push_back(args);
  }
  return out;
}

// A guard for the lines to come: no log call in src/ passes anything whose name says it holds a
// secret or hidden information. A name can lie; the test above reads what is really written.
TEST(LogCalls, NoArgumentIsNamedForASecret) {
  const std::regex identifier("[A-Za-z_][A-Za-z0-9_]*");
  const std::vector<std::string> parts{"token",      "cookie",   "secret", "password",
                                       "conninfo",   "point",    "chat",   "challenge",
                                       "credential", "recovery", "body",   "passkey"};
  int calls = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(PG_SOURCE_DIR "/src")) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".cpp" && ext != ".h") continue;
    std::ifstream in(entry.path());
    const std::string code((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const std::string& args : loggedArguments(code)) {
      ++calls;
      for (auto it = std::sregex_iterator(args.begin(), args.end(), identifier);
           it != std::sregex_iterator(); ++it) {
        std::string name = it->str();
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        bool bad = name == "text" || name == "line" || name == "code" || name == "codes";
        for (const std::string& part : parts) bad = bad || name.find(part) != std::string::npos;
        EXPECT_FALSE(bad) << entry.path().string() << ": a log call passes " << it->str() << " in ("
                          << args;
      }
    }
  }
  EXPECT_GT(calls, 50) << "the calls were found";
}

}  // namespace
}  // namespace pg::test
