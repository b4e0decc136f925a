#include "client/ws_client.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <condition_variable>
#include <deque>
#include <future>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace pg {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

/// Connects `socket` to the first endpoint that accepts, from `local_address` when not empty
/// (only the endpoints of its family are tried). The source port is left to connect()
/// (IP_BIND_ADDRESS_NO_PORT), so that many short connections from one address do not use up
/// the ports that bind() would reserve. Throws boost::system::system_error.
void connectFrom(tcp::socket& socket, const tcp::resolver::results_type& endpoints,
                 const std::string& local_address) {
  if (local_address.empty()) {
    net::connect(socket, endpoints);
    return;
  }
  const net::ip::address local = net::ip::make_address(local_address);
  boost::system::error_code last = net::error::host_not_found;
  for (const auto& entry : endpoints) {
    const tcp::endpoint remote = entry.endpoint();
    if (remote.address().is_v4() != local.is_v4()) continue;
    boost::system::error_code ec;
    socket.close(ec);
    socket.open(remote.protocol());
#ifdef IP_BIND_ADDRESS_NO_PORT
    const int one = 1;
    ::setsockopt(socket.native_handle(), IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
#endif
    socket.bind(tcp::endpoint(local, 0));
    socket.connect(remote, ec);
    if (!ec) return;
    last = ec;
  }
  throw boost::system::system_error(last);
}

}  // namespace

HttpResult httpRequest(const std::string& host, uint16_t port, const std::string& method,
                       const std::string& target, const std::string& body,
                       const std::string& content_type,
                       const std::vector<std::pair<std::string, std::string>>& headers,
                       const std::string& local_address) {
  try {
    net::io_context ioc;
    tcp::resolver resolver(ioc);
    beast::tcp_stream stream(ioc);
    connectFrom(stream.socket(), resolver.resolve(host, std::to_string(port)), local_address);
    http::request<http::string_body> req{http::string_to_verb(method), target, 11};
    req.set(http::field::host, host + ":" + std::to_string(port));
    req.set(http::field::user_agent, "phantomgo-client");
    for (const auto& [name, value] : headers) req.set(name, value);
    if (!body.empty() || method == "POST") {
      req.set(http::field::content_type, content_type);
      req.body() = body;
      req.prepare_payload();
    }
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(64 * 1024 * 1024);
    if (method == "HEAD") parser.skip(true);
    http::read(stream, buffer, parser);
    auto& res = parser.get();
    HttpResult out;
    out.status = static_cast<int>(res.result_int());
    out.content_type = std::string(res[http::field::content_type]);
    out.body = res.body();
    for (const auto& f : res) {
      std::string name(f.name_string());
      for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      out.headers[name] = std::string(f.value());
    }
    beast::error_code ec;
    stream.socket().shutdown(tcp::socket::shutdown_both, ec);
    return out;
  } catch (const boost::system::system_error& e) {
    throw std::runtime_error(std::string("http request failed: ") + e.what());
  }
}

struct WsClient::Impl {
  net::io_context ioc;
  websocket::stream<beast::tcp_stream> ws{ioc};
  beast::flat_buffer buffer;
  std::thread thread;

  mutable std::mutex mutex;
  std::condition_variable cv;
  std::deque<Received> inbox;
  std::vector<std::string> all;
  bool closed = false;
  std::optional<int> close_code;  // the server's close frame's code, when it sent one

  void readLoop() {
    ws.async_read(buffer, [this](beast::error_code ec, std::size_t) {
      std::lock_guard lock(mutex);
      if (ec) {
        closed = true;
        if (ec == websocket::error::closed) close_code = static_cast<int>(ws.reason().code);
        cv.notify_all();
        return;
      }
      Received r{beast::buffers_to_string(buffer.data()), Clock::now()};
      buffer.consume(buffer.size());
      all.push_back(r.text);
      inbox.push_back(std::move(r));
      cv.notify_all();
      readLoop();
    });
  }
};

WsClient::WsClient(const std::string& host, uint16_t port, const std::string& path,
                   const std::string& local_address)
    : impl_(std::make_unique<Impl>()) {
  try {
    tcp::resolver resolver(impl_->ioc);
    connectFrom(beast::get_lowest_layer(impl_->ws).socket(),
                resolver.resolve(host, std::to_string(port)), local_address);
    beast::get_lowest_layer(impl_->ws).socket().set_option(tcp::no_delay(true));
    impl_->ws.read_message_max(64 * 1024 * 1024);
    impl_->ws.handshake(host + ":" + std::to_string(port), path);
  } catch (const boost::system::system_error& e) {
    throw std::runtime_error(std::string("websocket connect failed: ") + e.what());
  }
  impl_->readLoop();
  impl_->thread = std::thread([this] { impl_->ioc.run(); });
}

WsClient::~WsClient() {
  drop();
  if (impl_->thread.joinable()) impl_->thread.join();
}

bool WsClient::send(const std::string& text) {
  auto done = std::make_shared<std::promise<bool>>();
  auto result = done->get_future();
  auto frame = std::make_shared<std::string>(text);
  net::post(impl_->ioc, [this, done, frame] {
    // The test's commands are sequential: one write at a time on the client's own thread.
    impl_->ws.text(true);
    impl_->ws.async_write(net::buffer(*frame), [done, frame](beast::error_code ec, std::size_t) {
      done->set_value(!ec);
    });
  });
  if (result.wait_for(std::chrono::seconds(10)) != std::future_status::ready) return false;
  return result.get();
}

std::optional<WsClient::Received> WsClient::recv(std::chrono::milliseconds timeout) {
  std::unique_lock lock(impl_->mutex);
  impl_->cv.wait_for(lock, timeout, [&] { return !impl_->inbox.empty() || impl_->closed; });
  if (impl_->inbox.empty()) return std::nullopt;
  Received r = std::move(impl_->inbox.front());
  impl_->inbox.pop_front();
  return r;
}

std::optional<Json> WsClient::recvJson(std::chrono::milliseconds timeout) {
  auto r = recv(timeout);
  if (!r) return std::nullopt;
  return Json::parse(r->text, nullptr, false);
}

std::optional<Json> WsClient::recvType(const std::string& type, std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (true) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return std::nullopt;
    auto j = recvJson(left);
    if (!j) return std::nullopt;
    if (j->is_object() && j->value("type", "") == type) return j;
  }
}

std::optional<int> WsClient::closeCode() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->close_code;
}

std::vector<std::string> WsClient::history() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->all;
}

bool WsClient::closed() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->closed;
}

void WsClient::drop() {
  net::post(impl_->ioc, [this] {
    beast::error_code ec;
    beast::get_lowest_layer(impl_->ws).socket().shutdown(tcp::socket::shutdown_both, ec);
    beast::get_lowest_layer(impl_->ws).socket().close(ec);
  });
}

}  // namespace pg
