// The site a request speaks to, as a browser sees it: its origin (for the passkey ceremonies and
// the Origin check of every request that changes something) and its WebAuthn relying party id.
//
// The Origin check is the defence against cross-site requests: a browser names the page that
// sent a POST or DELETE in its Origin header, and a page of another site cannot forge it.
// A request that carries a session cookie must come from this site's own pages; one without a
// cookie (a player's seat token, a program such as pg_load) may come without an Origin, but
// never with another site's.
#pragma once

#include <string>

#include "server/api/http_types.h"
#include "server/node/server_settings.h"

namespace pg {

/// The site's origin: --public-url, else http:// and the request's Host (linkOrigin).
std::string siteOrigin(const HttpRequest& req, const ServerSettings& settings);
/// The relying party id of `origin`: its host name, without scheme, port or path.
std::string relyingPartyId(const std::string& origin);
/// Whether the site is served over HTTPS (a --public-url of https://): its cookies are Secure.
bool secureSite(const ServerSettings& settings);
/// Whether a request that changes something may go on: its Origin is `origin`; or it has no
/// Origin and, with `has_session`, no session cookie either.
bool mayChangeState(const HttpRequest& req, const std::string& origin, bool has_session);

}  // namespace pg
