// A plain HTTP request and reply, so that the API and the static files know nothing of Beast.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace pg {

struct HttpRequest {
  std::string method;  ///< "GET", "POST", ...
  std::string target;  ///< path and query, as received
  std::string host;    ///< the Host header
  /// The client's address (net/client_address.h): the TCP peer, or the one a trusted proxy names.
  std::string client;
  /// What the limits per address count by (net/client_address.h's limitKey: an IPv6 address's
  /// /64, else the address), set by the transport with `client`.
  std::string client_key;
  std::string body;
  std::string if_none_match;    ///< the If-None-Match header: the validators the client holds
  std::string accept_language;  ///< the Accept-Language header
  std::string origin;           ///< the Origin header (empty when the client sent none)
  std::string cookie;           ///< the Cookie header
};

struct HttpReply {
  int status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::string body;
  /// Extra headers; Set-Cookie may come several times, any other name once.
  std::vector<std::pair<std::string, std::string>> headers;
};

}  // namespace pg
