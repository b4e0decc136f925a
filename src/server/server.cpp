#include "server/server.h"

#include <spdlog/spdlog.h>

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <thread>
#include <vector>

#include "ai/nets.h"
#include "mail/mail_sender.h"
#include "server/api/creation_gate.h"
#include "server/api/http_api.h"
#include "server/api/your_move_mailer.h"
#include "server/arena/arena_director.h"
#include "server/net/fd_budget.h"
#include "server/net/health_listener.h"
#include "server/net/listener.h"
#include "server/net/server_context.h"
#include "server/node/exception_text.h"
#include "server/node/metrics.h"
#include "server/table/table.h"
#include "server/table/table_registry.h"
#include "store/open_store.h"

namespace pg {

namespace net = boost::asio;

namespace {

/// Raises the open-file limit and sets the connection limit it allows (fd_budget.h).
void fitConnectionsToFds(ServerLimits& limits) {
  const FdLimits fd = raiseFdLimit();
  if (!fd.error.empty())
    spdlog::warn("open-file limit: could not raise {} to {}: {}", fd.soft_before, fd.hard,
                 fd.error);
  else if (fd.soft != fd.soft_before)
    spdlog::info("open-file limit raised from {} to {} (the hard limit)", fd.soft_before, fd.soft);
  else
    spdlog::info("open-file limit {} (the hard limit)", fd.soft);
  const std::size_t requested = limits.max_connections;
  // Should getrlimit itself fail, assume the usual 1024.
  const ConnectionBudget b = connectionBudget(fd.soft ? fd.soft : 1024, requested);
  if (b.lowered)
    spdlog::warn("--max-connections {} is more than {} open files allow: lowered to {}", requested,
                 fd.soft, b.max_connections);
  limits.max_connections = b.max_connections;
  spdlog::info("at most {} connections ({})", b.max_connections,
               requested && !b.lowered ? "--max-connections"
                                       : "the open-file limit less " + std::to_string(kFdReserve));
}

}  // namespace

struct Server::Impl {
  // Declaration order is destruction order reversed: the io_context outlives everything that
  // posts into it, and the metrics everything that counts (the store's writer thread too).
  ServerSettings settings;
  Metrics metrics;
  net::io_context ioc;
  std::unique_ptr<net::executor_work_guard<net::io_context::executor_type>> work;
  std::unique_ptr<Store> store;              // SQLite or PostgreSQL, by the --db location
  std::unique_ptr<ChallengeStore> lobby;     // the same database's open challenges
  std::unique_ptr<CreationStore> creations;  // and its counts of tables created per address
  std::unique_ptr<CreationGate> gate;
  std::unique_ptr<AccountStore> accounts;  // the players' accounts, passkeys and sessions
  std::unique_ptr<RatingStore> ratings;    // and their seats of rated games and ratings
  std::unique_ptr<ArenaStore> arenas;      // and the arena tournaments
  // With --smtp-url: the accounts' addresses and the outbox, and the thread that sends it.
  std::unique_ptr<MailStore> mail;
  std::unique_ptr<mail::SmtpClient> smtp;
  std::unique_ptr<mail::MailSender> sender;
  std::unique_ptr<YourMoveMailer> your_move;
  net::thread_pool bots;
  // The API's requests that read the store (HttpApi's `reads`) and the loads of tables: never
  // on a network thread. As many as PostgreSQL's reader sessions (PgStore::kReaders), so that a
  // node taking over many tables at once loads them side by side.
  net::thread_pool reads{4};
  std::unique_ptr<TableRegistry> registry;
  std::unique_ptr<ArenaDirector> director;  // pairs the arenas this node holds the claim of
  std::unique_ptr<net::steady_timer> arena_timer;
  std::atomic<bool> arena_round{false};  // a round of the director is under way
  std::unique_ptr<HttpApi> api;
  std::shared_ptr<ServerContext> ctx;
  std::shared_ptr<Listener> listener;
  std::unique_ptr<HealthListener> health;  // the proxy's checks on a port of their own
  std::unique_ptr<net::signal_set> signals;
  std::unique_ptr<net::steady_timer> expiry;  // looks for waiting tables nobody joined in time
  std::vector<std::thread> threads;

  std::mutex mutex;
  std::condition_variable cv;
  bool stopped = false;

  explicit Impl(ServerSettings s)
      : settings(std::move(s)),
        ioc(std::max(1, settings.threads)),
        store(openStore(settings.db_path, settings.durability, settings.group_commit)),
        lobby(openChallengeStore(settings.db_path, settings.durability)),
        creations(openCreationStore(settings.db_path, settings.durability)),
        gate(std::make_unique<CreationGate>(*creations, settings.limits, &metrics)),
        accounts(openAccountStore(settings.db_path, settings.durability)),
        ratings(openRatingStore(settings.db_path, settings.durability)),
        arenas(openArenaStore(settings.db_path, settings.durability)),
        bots(static_cast<std::size_t>(std::max(1, settings.bot_threads))) {
    if (!settings.mailOn()) return;
    mail = openMailStore(settings.db_path, settings.durability);
    smtp = std::make_unique<mail::SmtpClient>(mail::SmtpSettings{
        settings.smtp_url, settings.smtp_user, settings.smtp_password, std::chrono::seconds(30)});
    mail::SenderOptions o;
    o.sender = mail::Sender{settings.mail_from, "Phantom Go"};
    o.claim_ms = settings.mail_claim_ms;
    sender = std::make_unique<mail::MailSender>(*mail, *smtp, o);
    your_move = std::make_unique<YourMoveMailer>(*ratings, *accounts, *mail, settings);
  }
};

Server::Server(ServerSettings settings) : impl_(std::make_unique<Impl>(std::move(settings))) {
  Impl& m = *impl_;
  fitConnectionsToFds(m.settings.limits);
  m.metrics.setMaxConnections(m.settings.limits.max_connections);
  m.work = std::make_unique<net::executor_work_guard<net::io_context::executor_type>>(
      m.ioc.get_executor());
  TableContext tctx;
  tctx.io = &m.ioc;
  tctx.store = m.store.get();
  tctx.bots = &m.bots;
  tctx.settings = &m.settings;
  tctx.metrics = &m.metrics;
  if (m.your_move) {
    // A table asks; the mail is composed off its strand (it reads the store) and queued through
    // the table's writer, with the table's claim.
    tctx.your_move = [&m](const YourMoveAsk& a) -> TableWriter::Submit {
      return [&m, a](Store::WriteDone done) {
        net::post(m.reads, [&m, a, done = std::move(done)]() mutable {
          std::optional<QueueMail> w;
          try {
            w = m.your_move->compose(a);
          } catch (...) {
            return done(std::current_exception());
          }
          if (!w) return done(nullptr);
          m.store->write(std::move(*w), [&m, done = std::move(done)](std::exception_ptr e) {
            if (!e && m.sender) m.sender->wake();
            done(e);
          });
        });
      };
    };
  }
  m.registry = std::make_unique<TableRegistry>(tctx);
  m.director = std::make_unique<ArenaDirector>(*m.store, *m.arenas, *m.registry);
  // The store's onClaimsLost is the registry's: the director's arena claims go with it.
  m.registry->alsoOnClaimsLost([d = m.director.get()] { d->claimsLost(); });
  // Beliefs after the end are computed on the computer players' pool: stop() joins it before
  // the API goes.
  m.api = std::make_unique<HttpApi>(
      *m.registry, *m.store, m.settings, &m.metrics, m.lobby.get(), m.gate.get(),
      [pool = &m.bots](std::function<void()> job) { net::post(*pool, std::move(job)); },
      [pool = &m.reads](std::function<void()> job) { net::post(*pool, std::move(job)); },
      m.accounts.get(), m.ratings.get(), m.arenas.get(), m.mail.get(),
      [sender = m.sender.get()] {
        if (sender) sender->wake();
      });
  m.ctx = std::shared_ptr<ServerContext>(
      new ServerContext(m.settings, *m.registry, *m.api, &m.metrics));
  // A join of a table not in memory loads it there too (TableRegistry::find reads the store).
  m.ctx->reads = [pool = &m.reads](std::function<void()> job) { net::post(*pool, std::move(job)); };
  // Read at each scrape; the scrapes (HttpApi) end before the registry and the context go.
  m.metrics.readAtScrape(
      [r = m.registry.get()] { return r->size(); },
      [c = m.ctx.get()] { return c->connections.load(); },
      [st = m.store.get()] { return static_cast<double>(st->oldestWrite().count()) / 1000.0; },
      [st = m.store.get()] { return st->claimsLive(); });
  spdlog::info("store {}", m.store->description());
  m.store->onNotice([](const std::string& news) { spdlog::info("store: {}", news); });
  // Nothing is loaded at start: a table is loaded when someone joins it (on a shared store, by
  // the node its id routes to), so a restart serves again at once however many tables wait
  // in the store, and memory holds only the tables someone is at.
  if (!std::filesystem::is_directory(m.settings.web_dir))
    spdlog::warn("web folder {} does not exist: static files will be 404", m.settings.web_dir);
  // The computer's networks (docs/bot.md): loaded now rather than at the first computer table.
  const std::shared_ptr<const Nets> nets = installedNets();
  const std::string report = installedNetsReport();
  if (nets->belief && nets->pv)
    spdlog::info("computer networks: {}", report);
  else
    spdlog::warn("computer networks incomplete, hard plays without what is missing: {}", report);
}

Server::~Server() {
  stop();
  wait();
}

uint16_t Server::start() {
  Impl& m = *impl_;
  // An IP address, or a name such as "localhost" (its first address).
  boost::system::error_code ec;
  net::ip::address address = net::ip::make_address(m.settings.bind, ec);
  if (ec) {
    net::ip::tcp::resolver resolver(m.ioc);
    address = resolver.resolve(m.settings.bind, "0").begin()->endpoint().address();
  }
  const net::ip::tcp::endpoint ep(address, m.settings.port);
  m.listener = std::make_shared<Listener>(m.ioc, ep, m.ctx);
  m.listener->run();
  if (m.settings.health_port >= 0) {
    m.health = std::make_unique<HealthListener>(
        m.ioc, net::ip::tcp::endpoint(address, static_cast<uint16_t>(m.settings.health_port)),
        [api = m.api.get()] { return api->readiness(); });
    m.health->start();
    spdlog::info("answering /readyz and /healthz on http://{}:{}", m.settings.bind,
                 m.health->port());
  }
  m.expiry = std::make_unique<net::steady_timer>(m.ioc);
  armExpiry();
  m.arena_timer = std::make_unique<net::steady_timer>(m.ioc);
  armArenas();
  if (m.sender) {
    m.sender->start();
    spdlog::info("sending mail through {} as {}", m.smtp->url(), m.settings.mail_from);
  }
  for (int i = 0; i < std::max(1, m.settings.threads); ++i)
    m.threads.emplace_back([&m] { m.ioc.run(); });
  spdlog::info("listening on http://{}:{}", m.settings.bind, m.listener->port());
  return m.listener->port();
}

void Server::armExpiry() {
  Impl& m = *impl_;
  m.expiry->expires_after(m.settings.limits.expiry_interval);
  m.expiry->async_wait([this](const boost::system::error_code& ec) {
    if (ec) return;
    // The store's deletes block: on the pool for slow work, not on a network thread.
    net::post(impl_->bots, [this] {
      Impl& in = *impl_;
      try {
        in.registry->expireWaiting(nowMs() - in.settings.limits.waiting_table_ttl.count());
        in.registry->sweepIdle(in.settings.limits.expiry_interval);
        in.accounts->expireCeremonies(nowMs());
        in.accounts->expireSessions(nowMs());
        if (in.mail) {
          in.mail->expireTokens(nowMs());
          // Sent and given-up mails are kept 30 days for the operator, then forgotten.
          in.mail->forgetOld(nowMs() - 30LL * 24 * 3600 * 1000, 1000);
        }
      } catch (const std::exception& e) {
        spdlog::error("expiring waiting tables: {}", exceptionText(e));
      }
      net::post(in.ioc, [this] {
        std::lock_guard lock(impl_->mutex);
        if (!impl_->stopped) armExpiry();
      });
    });
  });
}

void Server::armArenas() {
  Impl& m = *impl_;
  m.arena_timer->expires_after(std::chrono::seconds(1));
  m.arena_timer->async_wait([this](const boost::system::error_code& ec) {
    if (ec) return;
    Impl& in = *impl_;
    // The director blocks on the store: on the reads pool, one round at a time.
    if (!in.arena_round.exchange(true))
      net::post(in.reads, [&in] {
        in.director->tick(nowMs());
        in.arena_round = false;
      });
    std::lock_guard lock(in.mutex);
    if (!in.stopped) armArenas();
  });
}

void Server::stopOnSignals() {
  Impl& m = *impl_;
  m.signals = std::make_unique<net::signal_set>(m.ioc, SIGINT, SIGTERM);
  m.signals->async_wait([this](const boost::system::error_code& ec, int sig) {
    if (ec) return;
    spdlog::info("signal {}: stopping", sig);
    // Not on this network thread: stop() joins the network threads.
    std::thread([this] { stop(); }).detach();
  });
}

void Server::stop() {
  Impl& m = *impl_;
  {
    std::lock_guard lock(m.mutex);
    if (m.stopped) return;
    m.stopped = true;
  }
  if (m.store->shared() && m.settings.drain_ms > 0) {
    // Out of the proxy's ring first, still serving: were the tables handed over at once, the
    // clients reconnecting before the proxy's checks noticed the stop would each be sent on
    // from the refused connection to whichever node the proxy chose, and the two seats of a
    // table could land on two nodes (one then waits out the other's hold of the table).
    spdlog::info("stopping: /readyz answers 503 for {} ms before the tables are handed over",
                 m.settings.drain_ms);
    m.registry->drain();
    std::this_thread::sleep_for(std::chrono::milliseconds(m.settings.drain_ms));
  }
  if (m.listener) m.listener->stop();
  m.registry->shutdown();
  // The tables are handed over before the network threads stop: what is queued is committed,
  // every claim released, and only then the clients told "going away", so that the node they
  // reconnect to may claim the tables at once. The close frames get a moment to go out.
  m.registry->handOverAll();
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(1500);
  while (m.ctx && m.ctx->connections.load() > 0 && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  if (m.expiry) net::post(m.ioc, [&m] { m.expiry->cancel(); });
  if (m.arena_timer) net::post(m.ioc, [&m] { m.arena_timer->cancel(); });
  if (m.signals) {
    boost::system::error_code ec;
    m.signals->cancel(ec);
  }
  m.work.reset();
  m.ioc.stop();
  for (std::thread& t : m.threads)
    if (t.joinable()) t.join();
  m.bots.stop();
  m.bots.join();
  m.reads.stop();
  m.reads.join();
  if (m.sender) m.sender->stop();
  if (m.health) m.health->stop();
  spdlog::info("stopped");
  std::lock_guard lock(m.mutex);
  m.threads.clear();
  m.cv.notify_all();
}

void Server::wait() {
  Impl& m = *impl_;
  std::unique_lock lock(m.mutex);
  m.cv.wait(lock, [&] { return m.stopped && m.threads.empty(); });
}

uint16_t Server::port() const {
  return impl_->listener ? impl_->listener->port() : 0;
}

uint16_t Server::healthPort() const {
  return impl_->health ? impl_->health->port() : 0;
}

std::size_t Server::tablesInMemory() const {
  return impl_->registry->size();
}

std::vector<std::string> Server::arenasHeld() const {
  return impl_->director->held();
}

}  // namespace pg
