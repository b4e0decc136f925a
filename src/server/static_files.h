// The web client's files, served from one folder: MIME types by extension, index.html for "/",
// and no way out of the folder. The browser's libraries (Preact, htm, Shudan) are ES modules from
// npm: "/vendor/<path>" is served from a second folder, the node_modules that `npm ci` fills next
// to the web folder, with the same rules. Nothing is copied into web/.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "server/http_types.h"

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
  /// `vendor`: the folder served under "/vendor/" (empty: none).
  explicit StaticFiles(std::filesystem::path root, std::filesystem::path vendor = {});
  /// GET or HEAD of a target: 200 with the file and its ETag, 304 with no body when
  /// `if_none_match` names that tag already (the browser revalidates every file it holds, as
  /// Cache-Control: no-cache asks, and downloads only what changed), 400 for a refused path,
  /// 404 otherwise.
  HttpReply serve(std::string_view target, std::string_view if_none_match = {}) const;
  const std::filesystem::path& root() const { return root_; }

 private:
  std::filesystem::path root_;
  std::filesystem::path vendor_;
};

/// The vendor folder for a web folder: node_modules beside it ("web" -> "web/../node_modules").
std::filesystem::path vendorFolderFor(const std::filesystem::path& web_dir);

}  // namespace pg
