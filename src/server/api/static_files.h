// The web client's files, served from one folder: MIME types by extension, index.html for "/",
// and no way out of the folder. The browser's libraries (Preact, htm, Shudan) are ES modules from
// npm: "/vendor/<path>" is served from a second folder, the node_modules that `npm ci` fills next
// to the web folder, with the same rules. Nothing is copied into web/. Only the packages that
// index.html names (its import map, its <link> and <script> tags) are served: node_modules also
// holds the development packages (the browser tests' playwright-core and axe), which are nobody's
// business. The page is the one list, so the served packages cannot drift from what it loads.
//
// Versioned URLs: at start the server hashes the bytes of every file under the web folder and
// of the vendor packages the page uses into a short version, and renders index.html with every
// local URL of its <link> and <script> tags and of its import map under "/v/<version>/", plus a
// <link rel="modulepreload"> for every module reachable by static imports from its module
// scripts. "/v/<version>/<path>" serves <path>: with Cache-Control "public, max-age=31536000,
// immutable" when <version> is the current one, else (a page from before a restart) as a plain
// file, no-cache with its ETag. The page itself is always no-cache. Relative imports inside the
// modules (and their dynamic imports) resolve under the same prefix by themselves.
#pragma once

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "server/api/http_types.h"

namespace pg {

/// The MIME type for a file name's extension (".js" and ".mjs" are text/javascript).
std::string_view mimeType(std::string_view path);

/// The relative file path a URL target names, percent-decoded, with "/" mapped to
/// "index.html". nullopt when the target is malformed or tries to leave the folder ("..",
/// backslashes, NUL, an absolute path after decoding).
std::optional<std::string> staticPath(std::string_view target);

/// The entity tag of a file's bytes: a quoted hash of its contents, so that it changes with
/// every edit, whatever the file's time stamp says.
std::string entityTag(std::string_view bytes);

/// Whether an If-None-Match header's list ("*", or tags, weak or strong, separated by commas)
/// matches `tag` by the weak comparison that RFC 9110 asks of If-None-Match.
bool noneMatchHits(std::string_view if_none_match, std::string_view tag);

class StaticFiles {
 public:
  /// `vendor`: the folder served under "/vendor/" (empty: none). Both are resolved here, once:
  /// a symbolic link switched later (an upgrade) does not change what this object serves.
  explicit StaticFiles(std::filesystem::path root, std::filesystem::path vendor = {});
  /// GET or HEAD of a target: 200 with the file and its ETag, 304 with no body when
  /// `if_none_match` names that tag already (the browser revalidates every file it holds, as
  /// Cache-Control: no-cache asks, and downloads only what changed), 400 for a refused path,
  /// 404 otherwise.
  /// The page also preloads the language files (i18n/<code>.js, rules/<code>.js) of the first
  /// language of `accept_language` that has both, else English's: the page imports them at run
  /// time, when it knows the language, which would cost one more round trip.
  HttpReply serve(std::string_view target, std::string_view if_none_match = {},
                  std::string_view accept_language = {}) const;
  const std::filesystem::path& root() const { return root_; }
  /// The version of the files found at start (12 hex digits; empty without a web folder).
  const std::string& version() const { return version_; }
  /// The URL paths ("/app.js", "/vendor/preact/dist/preact.module.js", unversioned) of the
  /// modules that the page's module scripts reach by static imports, the scripts excluded.
  const std::vector<std::string>& preloads() const { return preloads_; }
  /// The npm packages served under "/vendor/" ("preact", "@sabaki/shudan"): those the page's
  /// URLs name. Any other package's files are 404.
  const std::set<std::string>& packages() const { return packages_; }

 private:
  HttpReply file(std::string rel, std::string_view if_none_match, bool immutable) const;
  void render();

  std::filesystem::path root_;
  std::filesystem::path vendor_;
  std::string version_;
  std::vector<std::string> preloads_;
  std::set<std::string> packages_;
  std::string page_;  ///< index.html rendered with versioned URLs; empty: serve the file
  std::size_t language_links_at_ = 0;   ///< where in page_ the language's preloads go
  std::vector<std::string> languages_;  ///< codes with both i18n/<code>.js and rules/<code>.js
};

/// The vendor folder for a web folder: node_modules beside it ("web" -> "web/../node_modules").
std::filesystem::path vendorFolderFor(const std::filesystem::path& web_dir);

}  // namespace pg
