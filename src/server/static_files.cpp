#include "server/static_files.h"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace pg {

namespace fs = std::filesystem;

namespace {

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

HttpReply plain(int status, std::string body) {
  HttpReply r;
  r.status = status;
  r.body = std::move(body);
  return r;
}

}  // namespace

std::string_view mimeType(std::string_view path) {
  const auto dot = path.rfind('.');
  const auto slash = path.rfind('/');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash))
    return "application/octet-stream";
  std::string ext(path.substr(dot + 1));
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == "html" || ext == "htm") return "text/html; charset=utf-8";
  if (ext == "js" || ext == "mjs") return "text/javascript; charset=utf-8";
  if (ext == "css") return "text/css; charset=utf-8";
  if (ext == "json" || ext == "map") return "application/json";
  if (ext == "svg") return "image/svg+xml";
  if (ext == "png") return "image/png";
  if (ext == "jpg" || ext == "jpeg") return "image/jpeg";
  if (ext == "gif") return "image/gif";
  if (ext == "webp") return "image/webp";
  if (ext == "ico") return "image/x-icon";
  if (ext == "wasm") return "application/wasm";
  if (ext == "txt" || ext == "md") return "text/plain; charset=utf-8";
  if (ext == "sgf") return "application/x-go-sgf";
  if (ext == "woff") return "font/woff";
  if (ext == "woff2") return "font/woff2";
  if (ext == "ttf") return "font/ttf";
  if (ext == "webmanifest") return "application/manifest+json";
  return "application/octet-stream";
}

std::optional<std::string> staticPath(std::string_view target) {
  const auto q = target.find_first_of("?#");
  if (q != std::string_view::npos) target = target.substr(0, q);
  if (target.empty() || target[0] != '/') return std::nullopt;
  std::string path;
  for (std::size_t i = 0; i < target.size(); ++i) {
    char c = target[i];
    if (c == '%') {
      if (i + 2 >= target.size()) return std::nullopt;
      const int hi = hexValue(target[i + 1]), lo = hexValue(target[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      c = static_cast<char>(hi * 16 + lo);
      i += 2;
    }
    if (c == '\0' || c == '\\') return std::nullopt;
    path += c;
  }
  // Every segment must be a plain name: no "..", no ".", no empty segment in the middle.
  std::string out;
  std::size_t start = 1;
  while (start <= path.size()) {
    auto end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    const std::string seg = path.substr(start, end - start);
    if (seg == ".." || seg == ".") return std::nullopt;
    if (seg.empty() && end != path.size()) return std::nullopt;
    if (!seg.empty()) {
      if (!out.empty()) out += '/';
      out += seg;
    }
    start = end + 1;
  }
  if (out.empty() || path.back() == '/') out += out.empty() ? "index.html" : "/index.html";
  return out;
}

StaticFiles::StaticFiles(fs::path root, fs::path vendor)
    : root_(std::move(root)), vendor_(std::move(vendor)) {}

fs::path vendorFolderFor(const fs::path& web_dir) {
  return web_dir / ".." / "node_modules";
}

std::string entityTag(std::string_view bytes) {
  // FNV-1a, 64 bits: an edit changes the tag (a collision would only keep an old copy cached).
  std::uint64_t h = 14695981039346656037ull;
  for (const char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  char out[24];
  std::snprintf(out, sizeof out, "\"%016llx\"", static_cast<unsigned long long>(h));
  return out;
}

bool noneMatchHits(std::string_view list, std::string_view tag) {
  const auto opaque = [](std::string_view t) {  // weak comparison: W/ does not count
    if (t.substr(0, 2) == "W/") t.remove_prefix(2);
    return t;
  };
  std::size_t at = 0;
  while (at <= list.size()) {
    std::size_t end = list.find(',', at);
    if (end == std::string_view::npos) end = list.size();
    std::string_view one = list.substr(at, end - at);
    while (!one.empty() && (one.front() == ' ' || one.front() == '\t')) one.remove_prefix(1);
    while (!one.empty() && (one.back() == ' ' || one.back() == '\t')) one.remove_suffix(1);
    if (one == "*" || (!one.empty() && opaque(one) == opaque(tag))) return true;
    at = end + 1;
  }
  return false;
}

HttpReply StaticFiles::serve(std::string_view target, std::string_view if_none_match) const {
  auto rel = staticPath(target);
  if (!rel) return plain(400, "Bad path.\n");
  fs::path base = root_;
  constexpr std::string_view kVendor = "vendor/";
  if (!vendor_.empty() && std::string_view(*rel).substr(0, kVendor.size()) == kVendor) {
    base = vendor_;
    rel->erase(0, kVendor.size());
  }
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(base, ec);
  if (ec) return plain(404, "Not found.\n");
  const fs::path file = fs::weakly_canonical(root / *rel, ec);
  // The resolved file (symbolic links followed) must still lie inside the folder.
  const auto [r, f] = std::mismatch(root.begin(), root.end(), file.begin(), file.end());
  if (ec || r != root.end()) return plain(404, "Not found.\n");
  if (!fs::is_regular_file(file, ec)) return plain(404, "Not found.\n");
  std::ifstream in(file, std::ios::binary);
  if (!in) return plain(404, "Not found.\n");
  std::ostringstream body;
  body << in.rdbuf();
  HttpReply reply;
  reply.content_type = std::string(mimeType(*rel));
  reply.body = body.str();
  const std::string tag = entityTag(reply.body);
  if (!if_none_match.empty() && noneMatchHits(if_none_match, tag)) {
    reply.status = 304;
    reply.body.clear();
  }
  reply.headers.emplace_back("Cache-Control", "no-cache");
  reply.headers.emplace_back("ETag", tag);
  return reply;
}

}  // namespace pg
