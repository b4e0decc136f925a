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

class StaticFiles {
 public:
  /// `vendor`: the folder served under "/vendor/" (empty: none).
  explicit StaticFiles(std::filesystem::path root, std::filesystem::path vendor = {});
  /// GET or HEAD of a target: 200 with the file, 400 for a refused path, 404 otherwise.
  HttpReply serve(std::string_view target) const;
  const std::filesystem::path& root() const { return root_; }

 private:
  std::filesystem::path root_;
  std::filesystem::path vendor_;
};

/// The vendor folder for a web folder: node_modules beside it ("web" -> "web/../node_modules").
std::filesystem::path vendorFolderFor(const std::filesystem::path& web_dir);

}  // namespace pg
