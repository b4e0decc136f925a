#include "server/api/site_origin.h"

#include "server/api/http_reply.h"

namespace pg {

std::string siteOrigin(const HttpRequest& req, const ServerSettings& settings) {
  return linkOrigin(req, settings);
}

std::string relyingPartyId(const std::string& origin) {
  std::string host = origin;
  if (const auto scheme = host.find("://"); scheme != std::string::npos) host.erase(0, scheme + 3);
  if (const auto path = host.find('/'); path != std::string::npos) host.resize(path);
  if (!host.empty() && host.front() == '[') {  // an IPv6 literal: [::1]:8080
    const auto close = host.find(']');
    return close == std::string::npos ? host : host.substr(0, close + 1);
  }
  if (const auto port = host.rfind(':'); port != std::string::npos) host.resize(port);
  return host;
}

bool secureSite(const ServerSettings& settings) {
  return settings.public_url.rfind("https://", 0) == 0;
}

bool mayChangeState(const HttpRequest& req, const std::string& origin, bool has_session) {
  if (!req.origin.empty()) return req.origin == origin;
  return !has_session;
}

}  // namespace pg
