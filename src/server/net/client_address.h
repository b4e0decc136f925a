// The address of the client behind a request: the TCP peer, or, when the peer is a trusted
// proxy (nginx in front of the nodes, docs/deploy.md), the address that proxy names in
// X-Real-IP or as the last entry of X-Forwarded-For (the one it appended itself; the entries
// before it are the client's own word). Used as the key of the lobby's limits per address.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pg {

/// `peer` is the TCP peer's address; `trusted` the proxies' addresses ("127.0.0.1", "::1").
/// Returns a normalized IP address (an IPv4-mapped IPv6 address as IPv4), or `peer` itself
/// when the peer is not trusted or its header holds no valid address.
std::string clientAddress(const std::string& peer, std::string_view real_ip,
                          std::string_view forwarded_for, const std::vector<std::string>& trusted);

/// Whether `peer` (a TCP peer's address) is one of the `trusted` proxies.
bool isTrustedProxy(const std::string& peer, const std::vector<std::string>& trusted);

/// The key under which the limits per address count `address` (normalized as clientAddress
/// gives it): an IPv4 address itself; an IPv6 address's /64 prefix ("2001:db8::/64"), the
/// block one subscriber is usually given, so that one host cannot escape its limits by
/// taking a new address of its block for each request.
std::string limitKey(const std::string& address);

/// `address` normalized as above, or empty if it is not an IP address.
std::string normalizedAddress(std::string_view address);

}  // namespace pg
