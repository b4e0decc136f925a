#include "server/net/client_address.h"

#include <algorithm>
#include <boost/asio/ip/address.hpp>

namespace pg {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::string normalizedAddress(std::string_view address) {
  boost::system::error_code ec;
  auto a = boost::asio::ip::make_address(std::string(trim(address)), ec);
  if (ec) return {};
  if (a.is_v6() && a.to_v6().is_v4_mapped())
    a = boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, a.to_v6());
  return a.to_string();
}

bool isTrustedProxy(const std::string& peer, const std::vector<std::string>& trusted) {
  const std::string p = normalizedAddress(peer);
  return !p.empty() && std::any_of(trusted.begin(), trusted.end(),
                                   [&](const std::string& t) { return normalizedAddress(t) == p; });
}

std::string limitKey(const std::string& address) {
  boost::system::error_code ec;
  const auto a = boost::asio::ip::make_address(address, ec);
  if (ec || !a.is_v6()) return address;
  auto bytes = a.to_v6().to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return boost::asio::ip::make_address_v6(bytes).to_string() + "/64";
}

std::string clientAddress(const std::string& peer, std::string_view real_ip,
                          std::string_view forwarded_for, const std::vector<std::string>& trusted) {
  const std::string p = normalizedAddress(peer);
  if (isTrustedProxy(p, trusted)) {
    if (std::string r = normalizedAddress(real_ip); !r.empty()) return r;
    const auto comma = forwarded_for.rfind(',');
    const std::string_view last =
        comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1);
    if (std::string f = normalizedAddress(last); !f.empty()) return f;
  }
  return p.empty() ? peer : p;
}

}  // namespace pg
