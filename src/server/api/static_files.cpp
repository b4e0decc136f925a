#include "server/api/static_files.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "rules/fnv1a.h"
#include "server/api/accept_language.h"
#include "server/api/module_imports.h"

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

constexpr std::string_view kImmutable = "public, max-age=31536000, immutable";

std::optional<std::string> readFile(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream body;
  body << in.rdbuf();
  return body.str();
}

struct Fnv {
  std::uint64_t h = kFnv1aOffsetBasis;
  void add(std::string_view bytes) { h = fnv1a(bytes, h); }
};

/// Whether a URL in the page names a file of this site (no scheme, not "//host", not "#x").
bool localUrl(std::string_view url) {
  if (url.empty() || url[0] == '#' || url.substr(0, 2) == "//") return false;
  const auto colon = url.find(':');
  return colon == std::string_view::npos || url.find_first_of("/?#") < colon;
}

/// `ref` resolved against the URL path `base` ("/a/b.js"), dot segments removed, query and
/// fragment dropped. nullopt when it climbs above the root.
std::optional<std::string> resolveUrl(std::string_view base, std::string_view ref) {
  ref = ref.substr(0, std::min(ref.size(), ref.find_first_of("?#")));
  std::string joined;
  if (!ref.empty() && ref[0] == '/') {
    joined = std::string(ref);
  } else {
    joined = std::string(base.substr(0, base.rfind('/') + 1));
    joined += ref;
  }
  std::vector<std::string> segs;
  std::size_t at = 1;
  while (at <= joined.size()) {
    auto end = joined.find('/', at);
    if (end == std::string::npos) end = joined.size();
    const std::string seg = joined.substr(at, end - at);
    if (seg == "..") {
      if (segs.empty()) return std::nullopt;
      segs.pop_back();
    } else if (seg != "." && !(seg.empty() && end != joined.size())) {
      segs.push_back(seg);
    }
    at = end + 1;
  }
  std::string out;
  for (const auto& seg : segs) out += "/" + seg;
  return out.empty() ? "/" : out;
}

/// The value of attribute `name` in the tag text `tag` ("<link ... >"): its offset and length.
std::optional<std::pair<std::size_t, std::size_t>> attribute(std::string_view tag,
                                                             std::string_view name) {
  std::size_t at = 0;
  while ((at = tag.find(name, at)) != std::string_view::npos) {
    const std::size_t after = at + name.size();
    const bool starts = at > 0 && std::isspace(static_cast<unsigned char>(tag[at - 1]));
    if (starts && after + 1 < tag.size() && tag[after] == '=' &&
        (tag[after + 1] == '"' || tag[after + 1] == '\'')) {
      const char quote = tag[after + 1];
      const auto close = tag.find(quote, after + 2);
      if (close == std::string_view::npos) return std::nullopt;
      return std::make_pair(after + 2, close - after - 2);
    }
    at = after;
  }
  return std::nullopt;
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

namespace {

/// The folder `dir` names now, its symbolic links resolved once, at start: an upgrade points the
/// web folder's link at a new release (docs/deploy.md, "Upgrades"), and a running node must go
/// on serving the files its page was rendered from (their versions, their bytes) until it
/// restarts. A folder that is not there yet stays as written.
fs::path pinned(fs::path dir) {
  if (dir.empty()) return dir;
  std::error_code ec;
  fs::path real = fs::canonical(dir, ec);
  return ec ? dir : real;
}

}  // namespace

StaticFiles::StaticFiles(fs::path root, fs::path vendor)
    : root_(pinned(std::move(root))), vendor_(pinned(std::move(vendor))) {
  render();
}

namespace {

/// The file a relative path (as staticPath gives it) names: under the vendor folder for
/// "vendor/...", else under the web folder; nullopt when it is not a regular file inside.
std::optional<fs::path> locate(const fs::path& root_dir, const fs::path& vendor_dir,
                               std::string rel) {
  fs::path base = root_dir;
  constexpr std::string_view kVendor = "vendor/";
  if (!vendor_dir.empty() && std::string_view(rel).substr(0, kVendor.size()) == kVendor) {
    base = vendor_dir;
    rel.erase(0, kVendor.size());
  }
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(base, ec);
  if (ec) return std::nullopt;
  const fs::path file = fs::weakly_canonical(root / rel, ec);
  // The resolved file (symbolic links followed) must still lie inside the folder.
  const auto [r, f] = std::mismatch(root.begin(), root.end(), file.begin(), file.end());
  if (ec || r != root.end()) return std::nullopt;
  if (!fs::is_regular_file(file, ec)) return std::nullopt;
  return file;
}

/// Every regular file under `dir`, sorted, hashed with its relative path into `hash`.
void hashTree(Fnv& hash, const fs::path& dir, std::string_view label) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return;
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(dir, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_regular_file(ec)) files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    hash.add(label);
    hash.add(f.lexically_relative(dir).generic_string());
    hash.add(std::string_view("\0", 1));
    hash.add(readFile(f).value_or(""));
    hash.add(std::string_view("\0", 1));
  }
}

/// "/vendor/@scope/name/..." or "/vendor/name/..." -> "@scope/name" or "name".
std::optional<std::string> vendorPackage(std::string_view url) {
  constexpr std::string_view kVendor = "/vendor/";
  if (url.substr(0, kVendor.size()) != kVendor) return std::nullopt;
  url.remove_prefix(kVendor.size());
  auto slash = url.find('/');
  if (!url.empty() && url[0] == '@' && slash != std::string_view::npos)
    slash = url.find('/', slash + 1);
  if (slash == std::string_view::npos) return std::nullopt;
  return std::string(url.substr(0, slash));
}

}  // namespace

void StaticFiles::render() {
  const auto fileOf = [&](const std::string& url) -> std::optional<fs::path> {
    const auto rel = staticPath(url);
    if (!rel) return std::nullopt;
    return locate(root_, vendor_, *rel);
  };
  std::error_code ec;
  if (!fs::is_directory(root_, ec)) return;
  const std::optional<std::string> raw = readFile(root_ / "index.html");

  // The tags of the page: local URLs to rewrite, module scripts, the import map.
  struct Edit {
    std::size_t at, len;
    std::string text;
  };
  std::vector<Edit> edits;
  std::vector<std::string> roots, urls;
  std::map<std::string, std::string> imports;  // bare name (or prefix ending in "/") -> URL path
  std::optional<std::size_t> after_modules;
  const std::string html = raw.value_or("");
  for (std::size_t lt = html.find('<'); lt != std::string::npos; lt = html.find('<', lt + 1)) {
    const bool link = html.compare(lt, 6, "<link ") == 0;
    const bool script =
        html.compare(lt, 8, "<script ") == 0 || html.compare(lt, 8, "<script>") == 0;
    if (!link && !script) continue;
    const auto gt = html.find('>', lt);
    if (gt == std::string::npos) break;
    const std::string_view tag = std::string_view(html).substr(lt, gt - lt + 1);
    const auto type = attribute(tag, "type");
    const std::string_view type_value = type ? tag.substr(type->first, type->second) : "";
    if (script && type_value == "importmap") {
      const auto end = html.find("</script>", gt);
      if (end == std::string::npos) break;
      try {
        auto map = nlohmann::json::parse(html.substr(gt + 1, end - gt - 1));
        if (map.contains("imports") && map["imports"].is_object()) {
          for (auto& [name, value] : map["imports"].items()) {
            if (!value.is_string() || !localUrl(value.get<std::string>())) continue;
            const auto url = resolveUrl("/", value.get<std::string>());
            if (!url) continue;
            imports[name] = *url;
            urls.push_back(*url);
            value = "/v/{version}" + *url;
          }
          edits.push_back({gt + 1, end - gt - 1, "\n      " + map.dump() + "\n    "});
        }
      } catch (const nlohmann::json::exception&) {
        // Not JSON: the map stays as written.
      }
      lt = end;
      continue;
    }
    const auto value = attribute(tag, script ? "src" : "href");
    if (!value) continue;
    const std::string_view written = tag.substr(value->first, value->second);
    if (!localUrl(written)) continue;
    const auto url = resolveUrl("/", written);
    if (!url) continue;
    urls.push_back(*url);
    edits.push_back({lt + value->first, value->second, "/v/{version}" + *url});
    if (script && type_value == "module") {
      roots.push_back(*url);
      // The preloads go after the module scripts, which the browser then asks for first.
      if (const auto end = html.find("</script>", gt); end != std::string::npos)
        after_modules = end + 9;
    }
  }

  // The module graph: static imports from the module scripts, bare names through the map.
  std::set<std::string> seen(roots.begin(), roots.end());
  std::deque<std::string> queue(roots.begin(), roots.end());
  while (!queue.empty()) {
    const std::string module = queue.front();
    queue.pop_front();
    const auto file = fileOf(module);
    if (!file) continue;
    for (const std::string& spec : staticImports(readFile(*file).value_or(""))) {
      std::optional<std::string> url;
      if (spec.substr(0, 1) == "/" || spec.substr(0, 2) == "./" || spec.substr(0, 3) == "../") {
        if (localUrl(spec)) url = resolveUrl(module, spec);
      } else if (const auto hit = imports.find(spec); hit != imports.end()) {
        url = hit->second;
      } else {
        std::size_t best = 0;
        for (const auto& [name, target] : imports) {
          if (name.size() > best && name.back() == '/' && spec.compare(0, name.size(), name) == 0) {
            best = name.size();
            url = target + spec.substr(name.size());
          }
        }
      }
      if (!url || seen.count(*url) || !fileOf(*url)) continue;
      seen.insert(*url);
      urls.push_back(*url);
      queue.push_back(*url);
      preloads_.push_back(*url);
    }
  }

  // The version: every file under the web folder, and the vendor packages the page uses.
  Fnv hash;
  hashTree(hash, root_, "web/");
  for (const auto& url : urls)
    if (const auto p = vendorPackage(url)) packages_.insert(*p);
  for (const auto& p : packages_) hashTree(hash, vendor_ / p, "vendor/" + p + "/");
  char out[24];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(hash.h));
  version_ = std::string(out, 12);
  if (!raw) return;

  if (after_modules && !preloads_.empty()) {
    std::string links;
    for (const auto& url : preloads_) {
      const bool json = url.size() > 5 && url.substr(url.size() - 5) == ".json";
      links += std::string("\n    <link rel=\"modulepreload\" ") + (json ? "as=\"json\" " : "") +
               "href=\"/v/{version}" + url + "\" />";
    }
    edits.push_back({*after_modules, 0, links});
  }
  // The languages the page can load, for their preloads (see serve()).
  for (const auto& entry : fs::directory_iterator(root_ / "i18n", ec)) {
    const fs::path p = entry.path();
    const std::string code = p.stem().string();
    if (p.extension() == ".js" && code != "i18n" &&
        fs::is_regular_file(root_ / "rules" / (code + ".js"), ec))
      languages_.push_back(code);
  }
  std::sort(languages_.begin(), languages_.end());
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.at > b.at; });
  page_ = html;
  language_links_at_ = std::string::npos;
  for (Edit& e : edits) {
    for (std::size_t at; (at = e.text.find("{version}")) != std::string::npos;)
      e.text.replace(at, 9, version_);
    page_.replace(e.at, e.len, e.text);
    // Edits go from the end backwards: this one moves only a mark after it.
    if (language_links_at_ != std::string::npos) language_links_at_ += e.text.size() - e.len;
    if (after_modules && e.at == *after_modules && e.len == 0)
      language_links_at_ = e.at + e.text.size();
  }
  if (!after_modules || preloads_.empty()) languages_.clear();
}

fs::path vendorFolderFor(const fs::path& web_dir) {
  return web_dir / ".." / "node_modules";
}

std::string entityTag(std::string_view bytes) {
  // FNV-1a, 64 bits: an edit changes the tag (a collision would only keep an old copy cached).
  const std::uint64_t h = fnv1a(bytes);
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

HttpReply StaticFiles::serve(std::string_view target, std::string_view if_none_match,
                             std::string_view accept_language) const {
  auto rel = staticPath(target);
  if (!rel) return plain(400, "Bad path.\n");
  bool immutable = false;
  if (rel->substr(0, 2) == "v/") {  // "/v/<version>/<path>"
    const auto slash = rel->find('/', 2);
    if (slash == std::string::npos) return plain(404, "Not found.\n");
    immutable = !version_.empty() && rel->compare(2, slash - 2, version_) == 0;
    rel->erase(0, slash + 1);
  }
  // A player's page (/@/<name>) is the page itself, which reads the name from its address.
  if (rel->rfind("@/", 0) == 0 && rel->size() > 2 && rel->find('/', 2) == std::string::npos)
    *rel = "index.html";
  if (*rel == "index.html" && !page_.empty()) {  // the page is never kept without asking
    HttpReply reply;
    reply.content_type = std::string(mimeType(*rel));
    reply.body = page_;
    if (!languages_.empty() && language_links_at_ <= page_.size()) {
      std::string code = pickLanguage(accept_language, languages_);
      if (std::find(languages_.begin(), languages_.end(), code) == languages_.end())
        code = languages_.front();
      std::string links;
      for (const char* dir : {"i18n", "rules"})
        links += "\n    <link rel=\"modulepreload\" href=\"/v/" + version_ + "/" + dir + "/" +
                 code + ".js\" />";
      reply.body.insert(language_links_at_, links);
      reply.headers.emplace_back("Vary", "Accept-Language");
    }
    const std::string tag = entityTag(reply.body);
    if (!if_none_match.empty() && noneMatchHits(if_none_match, tag)) {
      reply.status = 304;
      reply.body.clear();
    }
    reply.headers.emplace_back("Cache-Control", "no-cache");
    reply.headers.emplace_back("ETag", tag);
    return reply;
  }
  return file(std::move(*rel), if_none_match, immutable);
}

HttpReply StaticFiles::file(std::string rel, std::string_view if_none_match, bool immutable) const {
  if (rel.rfind("vendor/", 0) == 0 && !vendor_.empty()) {
    const auto package = vendorPackage("/" + rel);
    if (!package || !packages_.count(*package)) return plain(404, "Not found.\n");
  }
  const auto file = locate(root_, vendor_, rel);
  if (!file) return plain(404, "Not found.\n");
  const auto bytes = readFile(*file);
  if (!bytes) return plain(404, "Not found.\n");
  HttpReply reply;
  reply.content_type = std::string(mimeType(rel));
  reply.body = *bytes;
  const std::string tag = entityTag(reply.body);
  if (!if_none_match.empty() && noneMatchHits(if_none_match, tag)) {
    reply.status = 304;
    reply.body.clear();
  }
  reply.headers.emplace_back("Cache-Control", immutable ? kImmutable : "no-cache");
  reply.headers.emplace_back("ETag", tag);
  return reply;
}

}  // namespace pg
