// The HTTP side: health, info, table creation and its errors, public table information, static
// files with their MIME types and no way out of the web folder; and the connection limits.
#include <thread>

#include "game_driver.h"

namespace pg::test {
namespace {

class HttpTest : public ServerTest {};

TEST_F(HttpTest, HealthInfoAndStaticFiles) {
  const HttpResult h = http("GET", "/healthz");
  EXPECT_EQ(h.status, 200);
  EXPECT_EQ(h.body, "ok\n");
  const Json info = http("GET", "/api/info").json();
  EXPECT_EQ(info.at("name"), "phantomgo");
  EXPECT_EQ(info.at("strengths"), Json::array({"beginner", "easy", "medium", "advanced", "hard"}));
  // Each level named, and whom it suits said, in the site's six languages (web/i18n/levels.json).
  const Json& levels = info.at("levels");
  ASSERT_EQ(levels.size(), info.at("strengths").size());
  for (size_t i = 0; i < levels.size(); ++i) {
    EXPECT_EQ(levels[i].at("level"), info.at("strengths")[i]);
    for (const char* lang : {"en", "de", "it", "cs", "tr", "fi"}) {
      const std::string name = levels[i].at("name").at(lang);
      const std::string who = levels[i].at("who").at(lang);
      EXPECT_FALSE(name.empty()) << lang;
      EXPECT_GT(who.size(), name.size()) << lang << ": a sentence";
      EXPECT_EQ(who.back(), '.') << lang;
    }
    EXPECT_EQ(levels[i].at("name").size(), 6u);
  }
  EXPECT_EQ(levels[0].at("name").at("de"), "Anfänger");

  const HttpResult index = http("GET", "/");
  EXPECT_EQ(index.status, 200);
  EXPECT_EQ(index.content_type, "text/html; charset=utf-8");
  EXPECT_NE(index.body.find("phantomgo"), std::string::npos);
  EXPECT_EQ(http("GET", "/index.html").body, index.body);
  EXPECT_EQ(http("GET", "/app.js").content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(http("GET", "/mod.mjs").content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(http("GET", "/style.css").content_type, "text/css; charset=utf-8");
  EXPECT_EQ(http("GET", "/app.js?v=3").status, 200);
  const HttpResult head = http("HEAD", "/app.js");
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.headers.at("content-length"), "20");
  EXPECT_EQ(http("GET", "/missing.js").status, 404);
  EXPECT_EQ(http("GET", "/table/abc").status, 404);  // no SPA fallback
  for (const char* bad :
       {"/../secret.txt", "/%2e%2e/secret.txt", "/a/../../secret.txt", "/..%2fsecret.txt",
        "/%2E%2E%2Fsecret.txt", "/.%2e/secret.txt", "/..\\secret.txt"}) {
    const HttpResult r = http("GET", bad);
    EXPECT_TRUE(r.status == 400 || r.status == 404) << bad << " " << r.status;
    EXPECT_EQ(r.body.find("outside the web folder"), std::string::npos) << bad;
  }
  EXPECT_EQ(http("POST", "/app.js").status, 405);
}

// The browser revalidates each file it holds (Cache-Control: no-cache) with the ETag it was
// given, and gets 304 and no body until the file changes.
TEST_F(HttpTest, StaticFilesAreRevalidatedByTheirTags) {
  const auto get = [&](const std::string& method, const std::string& target,
                       const std::string& if_none_match) {
    return httpRequest("127.0.0.1", port_, method, target, "", "application/json",
                       {{"If-None-Match", if_none_match}});
  };
  const HttpResult first = http("GET", "/app.js");
  ASSERT_EQ(first.status, 200);
  EXPECT_EQ(first.headers.at("cache-control"), "no-cache");
  const std::string tag = first.headers.at("etag");
  EXPECT_EQ(http("GET", "/app.js").headers.at("etag"), tag);
  EXPECT_NE(http("GET", "/mod.mjs").headers.at("etag"), tag);

  for (const std::string& held : {tag, "W/" + tag, "\"other\", " + tag, std::string("*")}) {
    const HttpResult same = get("GET", "/app.js", held);
    EXPECT_EQ(same.status, 304) << held;
    EXPECT_EQ(same.body, "") << held;
    EXPECT_EQ(same.headers.at("etag"), tag) << held;
    EXPECT_EQ(same.headers.count("content-length"), 0u) << held;
  }
  EXPECT_EQ(get("HEAD", "/app.js", tag).status, 304);
  const HttpResult other = get("GET", "/app.js", "\"other\"");
  EXPECT_EQ(other.status, 200);
  EXPECT_EQ(other.body, first.body);

  // An edit gives the file a new tag, and the old one brings the new bytes.
  std::ofstream(settings_.web_dir + "/app.js") << "export const x = 3;\n";
  const HttpResult edited = get("GET", "/app.js", tag);
  EXPECT_EQ(edited.status, 200);
  EXPECT_EQ(edited.body, "export const x = 3;\n");
  EXPECT_NE(edited.headers.at("etag"), tag);
  // A refused path is refused whatever the request holds.
  EXPECT_EQ(get("GET", "/../secret.txt", "*").status, 400);
  EXPECT_EQ(get("GET", "/missing.js", "*").status, 404);
  EXPECT_EQ(http("GET", "/api/nothing").status, 404);
}

TEST_F(HttpTest, CreateTableAndPublicInfo) {
  const Json t = create(Json{{"rules", Json{{"size", 7}, {"komi", 5.5}}},
                             {"names", Json{{"black", "Ann"}, {"white", "Bo]b"}}}});
  const std::string id = t.at("table");
  EXPECT_EQ(id.size(), 12u);
  const std::string tb = t.at("seats").at("black").at("token"),
                    tw = t.at("seats").at("white").at("token");
  EXPECT_EQ(tb.size(), 32u);
  EXPECT_NE(tb, tw);
  EXPECT_NE(
      t.at("seats").at("black").at("url").get<std::string>().find("#table=" + id + "&token=" + tb),
      std::string::npos);
  EXPECT_EQ(t.at("watch_url").get<std::string>().find("token"), std::string::npos);
  const HttpResult r = http("GET", "/api/tables/" + id);
  EXPECT_EQ(r.status, 200);
  const Json info = r.json();
  EXPECT_EQ(info.at("state"), "waiting");
  EXPECT_EQ(info.at("rules").at("komi"), 5.5);
  EXPECT_EQ(info.at("names").at("white"), "Bo]b");
  EXPECT_EQ(r.body.find(tb), std::string::npos) << "no token in public information";
  EXPECT_EQ(r.body.find(tw), std::string::npos);
  EXPECT_EQ(http("GET", "/api/tables/zzzzzzzzzzzz").status, 404);
  EXPECT_EQ(http("GET", "/api/games/zzzzzzzzzzzz").status, 404);
  EXPECT_EQ(http("GET", "/api/games/" + id).status, 403);

  const Json defaults = create(Json::object());
  EXPECT_EQ(defaults.at("info").at("rules").at("size"), 9);
  EXPECT_EQ(defaults.at("info").at("mode"), "online");
  const Json handicap = create(Json{{"rules", Json{{"handicap", 2}}}});
  EXPECT_EQ(handicap.at("info").at("rules").at("komi"), 0.5);
}

TEST_F(HttpTest, BadCreateRequests) {
  for (const std::string& body :
       {std::string("{oops"), std::string(R"({"rules": {"size": 4}})"),
        std::string(R"({"rules": {"size": 25}})"), std::string(R"({"rules": {"handicap": 1}})"),
        std::string(R"({"rules": {"komi": 7.3}})"), std::string(R"({"mode": "chess"})"),
        std::string(R"({"colour": "red"})"),
        std::string(R"({"mode": "computer", "computer": {"strength": "godlike"}})"),
        std::string(R"({"mode": "online", "computer": {"color": "white"}})"),
        std::string(R"({"clock": {"main_seconds": 0}})"),
        std::string(R"({"clock": {"main_seconds": "ten"}})"),
        std::string(R"({"clock": {"main_seconds": 60, "increment_seconds": -1}})"),
        std::string(R"({"names": {"black": "0123456789012345678901234567890123456789x"}})")}) {
    const HttpResult r = http("POST", "/api/tables", body);
    EXPECT_EQ(r.status, 400) << body;
    const Json j = r.json();
    EXPECT_EQ(j.at("error").at("code"), "bad-request") << body;
    EXPECT_FALSE(j.at("error").at("message").get<std::string>().empty());
  }
  EXPECT_EQ(http("GET", "/api/tables").status, 405);
  EXPECT_EQ(http("POST", "/api/tables", std::string(100 * 1024, ' ')).status, 413);
}

TEST_F(HttpTest, KomiOutsideItsRangeIsRefusedSayingTheRange) {
  for (const char* komi : {"1000", "-50", "65", "30.5"}) {
    const std::string body = std::string(R"({"rules": {"komi": )") + komi + "}}";
    const HttpResult r = http("POST", "/api/tables", body);
    EXPECT_EQ(r.status, 400) << body;
    EXPECT_EQ(r.json().at("error").at("message"), "komi must be a multiple of 0.5 from -30 to 30")
        << body;
  }
  EXPECT_EQ(http("POST", "/api/tables", R"({"rules": {"komi": -30}})").status, 201);
}

class LimitsTest : public ServerTest {
 protected:
  void restartWith(const std::function<void(ServerLimits&)>& f) {
    server_.reset();
    f(settings_.limits);
    startServer();
  }
};

TEST_F(LimitsTest, OversizedFrameClosesTheConnection) {
  restartWith([](ServerLimits& l) { l.max_frame_bytes = 1024; });
  const Json t = create(Json{{"rules", Json{{"size", 5}}}});
  auto c = watch(t);
  c->ws().send(std::string(4096, ' '));
  for (int i = 0; i < 50 && !c->ws().closed(); ++i) std::this_thread::sleep_for(20ms);
  EXPECT_TRUE(c->ws().closed());
}

TEST_F(LimitsTest, RateLimit) {
  restartWith([](ServerLimits& l) {
    l.messages_per_second = 1;
    l.message_burst = 3;
  });
  WsClient c("127.0.0.1", port_);
  for (int i = 0; i < 5; ++i) c.send(std::string(R"({"type":"ping"})"));
  std::vector<std::string> types;
  for (int i = 0; i < 5; ++i) {
    auto j = c.recvJson(2s);
    ASSERT_TRUE(j.has_value());
    types.push_back(j->value("type", "") == "error" ? j->value("code", "") : j->value("type", ""));
  }
  EXPECT_EQ(types,
            (std::vector<std::string>{"pong", "pong", "pong", "rate-limited", "rate-limited"}));
}

TEST_F(LimitsTest, ConnectionCapAndJoinDeadline) {
  restartWith([](ServerLimits& l) {
    l.max_connections = 2;
    l.join_timeout = 300ms;
  });
  WsClient a("127.0.0.1", port_), b("127.0.0.1", port_);
  EXPECT_THROW(WsClient("127.0.0.1", port_), std::runtime_error);
  // Neither joined: both are closed after the deadline, which frees the places.
  for (int i = 0; i < 100 && !(a.closed() && b.closed()); ++i) std::this_thread::sleep_for(20ms);
  EXPECT_TRUE(a.closed());
  EXPECT_TRUE(b.closed());
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(http("GET", "/healthz").status, 200);
}

// The page is rendered with every local URL under /v/<version>/ and a modulepreload link for
// each module its module script reaches; files under the current version are immutable, under
// any other version (a page from before a restart) they are served fresh, revalidated by tag.
TEST_F(HttpTest, ModulesAreServedUnderVersionedImmutableUrls) {
  namespace fs = std::filesystem;
  const fs::path web = settings_.web_dir, vendor = web / ".." / "node_modules";
  fs::create_directories(vendor / "lib" / "css");
  std::ofstream(web / "index.html")
      << "<!doctype html><title>phantomgo</title>\n"
         "<link rel=\"icon\" href=\"icon.svg\" />\n"
         "<link rel=\"stylesheet\" href=\"/vendor/lib/css/lib.css\" />\n"
         "<link rel=\"stylesheet\" href=\"style.css\" />\n"
         "<link rel=\"canonical\" href=\"https://example.org/\" />\n"
         "<script type=\"importmap\">{\"imports\": {\"lib\": \"/vendor/lib/main.js\", "
         "\"shim\": \"./shim.js\", \"far\": \"https://example.org/far.js\"}}</script>\n"
         "<script type=\"module\" src=\"app.js\"></script>\n";
  std::ofstream(web / "icon.svg") << "<svg/>";
  std::ofstream(web / "app.js") << "import { a } from './a.js';\nimport lib from 'lib';\n"
                                   "// import c from './comment.js'\nexport * from \"./b.js\";\n"
                                   "const lazy = () => import('./lazy.js');\n"
                                   "import data from './data.json' with { type: 'json' };\n";
  std::ofstream(web / "a.js") << "import './b.js';\nexport const a = 1;\n";
  std::ofstream(web / "b.js") << "export const b = 1;\n";
  std::ofstream(web / "shim.js") << "export default 1;\n";
  std::ofstream(web / "lazy.js") << "export default 1;\n";
  std::ofstream(web / "comment.js") << "export default 1;\n";
  std::ofstream(web / "data.json") << "{}\n";
  std::ofstream(vendor / "lib" / "main.js") << "import{x}from\"./dep.js\";import s from\"shim\";"
                                               "export default x+s;\n";
  std::ofstream(vendor / "lib" / "dep.js") << "export const x = 1;\n";
  std::ofstream(vendor / "lib" / "css" / "lib.css") << "a{}\n";
  fs::create_directories(web / "i18n");
  fs::create_directories(web / "rules");
  for (const char* code : {"en", "de"}) {
    std::ofstream(web / "i18n" / (std::string(code) + ".js")) << "export default {};\n";
    std::ofstream(web / "rules" / (std::string(code) + ".js")) << "export default [];\n";
  }
  std::ofstream(web / "i18n" / "it.js") << "export default {};\n";  // no rules: not offered
  server_.reset();
  startServer();

  const HttpResult page = http("GET", "/");
  ASSERT_EQ(page.status, 200);
  EXPECT_EQ(page.headers.at("cache-control"), "no-cache");
  EXPECT_EQ(page.headers.at("vary"), "Accept-Language");
  EXPECT_EQ(http("GET", "/index.html").body, page.body);
  // The language files that the page imports at run time, for the visitor's language.
  const auto withLanguage = [&](const std::string& accept) {
    return httpRequest("127.0.0.1", port_, "GET", "/", "", "application/json",
                       {{"Accept-Language", accept}})
        .body;
  };
  const std::string german = withLanguage("de-AT,de;q=0.9,en;q=0.5");
  const std::string italian = withLanguage("it,en;q=0.5");
  const auto at = page.body.find("src=\"/v/");
  ASSERT_NE(at, std::string::npos) << page.body;
  const std::string version = page.body.substr(at + 8, 12);
  EXPECT_EQ(page.body.substr(at + 20, 9), "/app.js\">") << page.body;
  const std::string v = "/v/" + version;
  const auto count = [&](const std::string& s) {
    std::size_t n = 0;
    for (auto p = page.body.find(s); p != std::string::npos; p = page.body.find(s, p + 1)) ++n;
    return n;
  };
  for (const char* module :
       {"/a.js", "/b.js", "/shim.js", "/vendor/lib/main.js", "/vendor/lib/dep.js"})
    EXPECT_EQ(count("<link rel=\"modulepreload\" href=\"" + v + module + "\""), 1u) << module;
  EXPECT_EQ(count("rel=\"modulepreload\""), 8u) << page.body;
  EXPECT_EQ(count("href=\"" + v + "/i18n/en.js\""), 1u);
  EXPECT_EQ(count("href=\"" + v + "/rules/en.js\""), 1u);
  EXPECT_NE(german.find("href=\"" + v + "/i18n/de.js\""), std::string::npos);
  EXPECT_NE(german.find("href=\"" + v + "/rules/de.js\""), std::string::npos);
  EXPECT_EQ(german.find("/en.js"), std::string::npos);
  EXPECT_EQ(italian, page.body) << "English, the languages with both files";
  EXPECT_EQ(count("lazy.js") + count("comment.js"), 0u);
  EXPECT_EQ(count("href=\"" + v + "/icon.svg\""), 1u);
  EXPECT_EQ(count("href=\"" + v + "/vendor/lib/css/lib.css\""), 1u);
  EXPECT_EQ(count("href=\"" + v + "/style.css\""), 1u);
  EXPECT_EQ(count("href=\"https://example.org/\""), 1u);
  EXPECT_EQ(count("\"lib\":\"" + v + "/vendor/lib/main.js\""), 1u) << page.body;
  EXPECT_EQ(count("\"shim\":\"" + v + "/shim.js\""), 1u);
  EXPECT_EQ(count("\"far\":\"https://example.org/far.js\""), 1u);
  EXPECT_EQ(count("<link rel=\"modulepreload\" as=\"json\" href=\"" + v + "/data.json\""), 1u);
  // The module script comes first: the browser asks for it before the preloads.
  EXPECT_LT(page.body.find("<script type=\"module\""), page.body.find("modulepreload"));

  for (const char* file :
       {"/app.js", "/lazy.js", "/data.json", "/vendor/lib/dep.js", "/vendor/lib/css/lib.css"}) {
    const HttpResult r = http("GET", v + file);
    EXPECT_EQ(r.status, 200) << file;
    EXPECT_EQ(r.headers.at("cache-control"), "public, max-age=31536000, immutable") << file;
    EXPECT_EQ(r.body, http("GET", file).body) << file;
    EXPECT_EQ(http("GET", file).headers.at("cache-control"), "no-cache") << file;
  }
  EXPECT_EQ(http("GET", v + "/").headers.at("cache-control"), "no-cache");
  EXPECT_EQ(http("GET", v + "/missing.js").status, 404);
  EXPECT_EQ(http("GET", "/v/" + version).status, 404);
  // An unknown version: the current file, revalidated by its tag as usual.
  const HttpResult old = http("GET", "/v/0123456789ab/app.js");
  EXPECT_EQ(old.status, 200);
  EXPECT_EQ(old.headers.at("cache-control"), "no-cache");
  EXPECT_EQ(old.headers.at("etag"), http("GET", "/app.js").headers.at("etag"));
  for (const std::string& bad :
       {v + "/../secret.txt", v + "/../../secret.txt", v + "/%2e%2e/%2e%2e/secret.txt",
        v + "/vendor/../../secret.txt", std::string("/v/..%2f..%2fsecret.txt"),
        v + "/a\\..\\..\\secret.txt"}) {
    const HttpResult r = http("GET", bad);
    EXPECT_TRUE(r.status == 400 || r.status == 404) << bad << " " << r.status;
    EXPECT_EQ(r.body.find("outside the web folder"), std::string::npos) << bad;
  }

  // New bytes in a module, here or in a vendor package, make a new version at the next start.
  const auto versionAfterRestart = [&] {
    server_.reset();
    startServer();
    const std::string body = http("GET", "/").body;
    return body.substr(body.find("src=\"/v/") + 8, 12);
  };
  EXPECT_EQ(versionAfterRestart(), version);
  std::ofstream(web / "b.js") << "export const b = 2;\n";
  const std::string second = versionAfterRestart();
  EXPECT_NE(second, version);
  EXPECT_EQ(http("GET", v + "/b.js").body, "export const b = 2;\n");
  EXPECT_EQ(http("GET", v + "/b.js").headers.at("cache-control"), "no-cache");
  std::ofstream(vendor / "lib" / "dep.js") << "export const x = 2;\n";
  const std::string third = versionAfterRestart();
  EXPECT_NE(third, second);
  EXPECT_NE(third, version);
}

}  // namespace
}  // namespace pg::test
