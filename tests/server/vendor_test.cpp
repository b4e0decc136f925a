// The npm packages under /vendor/: only those the page names are served (static_files.h). The
// node_modules beside a checkout also holds the development packages (playwright-core, axe),
// which a node must not publish; and the page's list is package.json's runtime dependencies,
// so that `npm ci --omit=dev` (docs/deploy.md) installs exactly what is served. A running node
// keeps serving the release it started with when an upgrade switches the web folder's link.
#include <nlohmann/json.hpp>
#include <set>

#include "server/api/static_files.h"
#include "server_harness.h"

namespace pg::test {
namespace {

class VendorTest : public ServerTest {};

TEST_F(VendorTest, OnlyThePackagesThePageNamesAreServed) {
  namespace fs = std::filesystem;
  const fs::path web = settings_.web_dir, vendor = web / ".." / "node_modules";
  const auto write = [](const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
  };
  write(web / "index.html",
        "<!doctype html><title>phantomgo</title>\n"
        "<link rel=\"stylesheet\" href=\"/vendor/@sabaki/shudan/css/goban.css\" />\n"
        "<script type=\"importmap\">{\"imports\": {\"preact\": "
        "\"/vendor/preact/dist/preact.module.js\"}}</script>\n"
        "<script type=\"module\" src=\"app.js\"></script>\n");
  write(web / "app.js", "import { h } from 'preact';\n");
  write(vendor / "preact" / "dist" / "preact.module.js", "export const h = 1;\n");
  write(vendor / "preact" / "package.json", "{\"name\": \"preact\"}\n");
  write(vendor / "@sabaki" / "shudan" / "css" / "goban.css", ".goban{}\n");
  write(vendor / "@sabaki" / "other" / "index.js", "export default 1;\n");
  write(vendor / "playwright-core" / "package.json", "{\"name\": \"playwright-core\"}\n");
  write(vendor / "@axe-core" / "playwright" / "package.json", "{\"name\": \"@axe-core/pw\"}\n");
  write(vendor / "preactx" / "index.js", "export default 1;\n");
  server_.reset();
  startServer();

  for (const char* served : {"/vendor/preact/dist/preact.module.js", "/vendor/preact/package.json",
                             "/vendor/@sabaki/shudan/css/goban.css"})
    EXPECT_EQ(http("GET", served).status, 200) << served;
  const std::string page = http("GET", "/").body;
  const auto at = page.find("/v/");
  ASSERT_NE(at, std::string::npos) << page;
  const std::string v = page.substr(at, 15);  // "/v/<12 hex digits>"
  for (const std::string refused :
       {"/vendor/playwright-core/package.json", "/vendor/@axe-core/playwright/package.json",
        "/vendor/@sabaki/other/index.js", "/vendor/preactx/index.js", "/vendor/@sabaki/shudan",
        "/vendor/preact", "/vendor/", "/vendor/%70laywright-core/package.json",
        "/vendor/preact/../playwright-core/package.json"}) {
    for (const std::string& target : {refused, v + refused}) {
      const HttpResult r = http("GET", target);
      EXPECT_TRUE(r.status == 404 || r.status == 400) << target << " " << r.status;
      EXPECT_EQ(r.body.find("name"), std::string::npos) << target;
    }
  }
  EXPECT_EQ(http("GET", "/vendor/playwright-core/package.json").status, 404);
  EXPECT_EQ(http("GET", "/vendor/@axe-core/playwright/package.json").status, 404);
  EXPECT_EQ(http("HEAD", "/vendor/playwright-core/package.json").status, 404);
}

TEST(VendorPackages, ThePagesPackagesAreTheRuntimeDependencies) {
  // The real page and package.json of this checkout. The packages come from the page's own
  // URLs, so the set is the same whether node_modules is there or not.
  const std::filesystem::path source = PG_SOURCE_DIR;
  const StaticFiles files(source / "web", vendorFolderFor(source / "web"));
  std::ifstream in(source / "package.json");
  const nlohmann::json package = nlohmann::json::parse(in);
  std::set<std::string> dependencies;
  for (const auto& [name, version] : package.at("dependencies").items()) dependencies.insert(name);
  EXPECT_EQ(files.packages(), dependencies)
      << "every package the page loads is a dependency (not a devDependency, which "
         "`npm ci --omit=dev` leaves out), and every dependency is loaded by the page";
  for (const auto& [name, version] : package.at("devDependencies").items())
    EXPECT_EQ(files.packages().count(name), 0u) << name;
  for (const char* expected : {"preact", "htm", "@sabaki/shudan", "uplot"})
    EXPECT_EQ(files.packages().count(expected), 1u) << expected;
}

// An upgrade installs a release beside the running one and points the web folder's link at it
// (docs/deploy.md, "Upgrades"): a node started before goes on serving its own release, page and
// packages, until it restarts; a node started after serves the new one.
TEST(StaticFilesRelease, ARunningNodeKeepsTheReleaseItStartedWith) {
  namespace fs = std::filesystem;
  const TempDir dir;
  for (const char* release : {"1", "2"}) {
    const fs::path r = dir.path() / "releases" / release;
    fs::create_directories(r / "web");
    fs::create_directories(r / "node_modules" / "preact");
    std::ofstream(r / "web" / "index.html")
        << "<!doctype html><script type=\"importmap\">{\"imports\": {\"preact\": "
           "\"/vendor/preact/index.js\"}}</script>\n";
    std::ofstream(r / "web" / "app.js") << "release " << release << "\n";
    std::ofstream(r / "node_modules" / "preact" / "index.js") << "preact of " << release << "\n";
  }
  const fs::path web = dir.path() / "web";
  fs::create_directory_symlink("releases/1/web", web);
  const StaticFiles before(web, vendorFolderFor(web));
  EXPECT_EQ(before.serve("/app.js").body, "release 1\n");
  // The switch: a new link renamed over the old one.
  fs::create_directory_symlink("releases/2/web", dir.path() / "web.new");
  fs::rename(dir.path() / "web.new", web);
  const StaticFiles after(web, vendorFolderFor(web));
  EXPECT_EQ(before.serve("/app.js").body, "release 1\n");
  EXPECT_EQ(before.serve("/vendor/preact/index.js").body, "preact of 1\n");
  EXPECT_EQ(after.serve("/app.js").body, "release 2\n");
  EXPECT_EQ(after.serve("/vendor/preact/index.js").body, "preact of 2\n");
  EXPECT_NE(before.version(), after.version());
}

}  // namespace
}  // namespace pg::test
