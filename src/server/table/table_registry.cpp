#include "server/table/table_registry.h"

#include <spdlog/spdlog.h>

#include <future>

#include "server/node/exception_text.h"
#include "server/node/tokens.h"

namespace pg {

namespace {

// How long a failed find is remembered: an unknown id (nothing can create a table under an id
// someone already asked for: ids are random), and a claim held by another node (short: a
// holder that hands the table over releases it within milliseconds of the refusal, and the
// client's next try, 200 ms or more later, must find it free; 500 ms held the players of a
// node stopping with a thousand tables 0.9 to 1 s instead of 0.2 to 0.5 s).
constexpr std::chrono::milliseconds kUnknownTtl{10000};
constexpr std::chrono::milliseconds kElsewhereTtl{150};
constexpr std::size_t kMaxMisses = 100000;
// The least time after its lookup that sweepIdle() leaves a table be: its join is on its way.
constexpr std::chrono::milliseconds kMinIdleGrace{1000};
// Expired tables the store deletes in one transaction.
constexpr int kExpireBatch = 500;

}  // namespace

TableRegistry::TableRegistry(TableContext ctx) : ctx_(std::move(ctx)) {
  ctx_.on_idle = [this](const Table* t) { evict(t); };
  ctx_.on_lost = [this](const Table* t) { lost(t); };
  ctx_.draining = &draining_;
  ctx_.create_table = [this](const Json& request, const std::string& rematch_of,
                             TableContext::Created done) {
    createAsync(
        request,
        [done = std::move(done)](std::exception_ptr error, Created created) {
          done(error, std::move(created.record));
        },
        NewTable{rematch_of, {}});
  };
  ctx_.store->onClaimsLost([this] {
    dropAll();
    std::function<void()> also;
    {
      std::lock_guard lock(mutex_);
      also = also_on_claims_lost_;
    }
    if (also) also();
  });
  ctx_.store->onReleaseRequested([this](const std::string& id) { handOver(id); });
}

TableRegistry::~TableRegistry() {
  ctx_.store->onClaimsLost(nullptr);
  ctx_.store->onReleaseRequested(nullptr);
  std::unique_lock lock(mutex_);
  created_cv_.wait(lock, [&] { return creating_ == 0; });
}

void TableRegistry::createAsync(const Json& request, CreateDone done, const NewTable& options) {
  const TableSetup setup = setupFromJson(request);
  {
    std::lock_guard lock(mutex_);
    if (tables_.size() + creating_ >= ctx_.settings->limits.max_tables)
      throw ServerFull("The server is full; try again later.");
    ++creating_;
  }
  StoredTable rec;
  rec.id = options.id.empty() ? newTableId() : options.id;
  rec.created_at = nowMs();
  rec.setup = setupToJson(setup).dump();
  rec.rematch_of = options.rematch_of;
  if (setup.mode == TableMode::Hotseat) {
    rec.hotseat_token = newSeatToken();
  } else {
    if (setup.isHuman(Color::Black)) rec.black_token = newSeatToken();
    if (setup.isHuman(Color::White)) rec.white_token = newSeatToken();
  }
  auto stored = [this, rec, setup, done = std::move(done)](std::exception_ptr error) mutable {
    std::shared_ptr<Table> table;
    if (!error) {
      try {
        table = Table::load(ctx_, rec, {});
      } catch (...) {
        error = std::current_exception();
      }
    }
    Json info;
    if (table) {
      info = table->info();
      // The table waits in the store: its first join loads it (on a shared store, on the node
      // that its id routes to, which claims it then).
      table.reset();
      const Rules& r = setup.rules;
      spdlog::info("table {}: created, {} {}x{}{}{}{}", rec.id, tableModeName(setup.mode), r.size,
                   r.size, r.handicap ? " handicap" : "",
                   r.topology == Topology::Torus ? " torus" : "", r.atari_go ? " atari-go" : "");
    }
    {
      // The last use of `this`: once creating_ falls, the registry may be destroyed.
      std::lock_guard lock(mutex_);
      --creating_;
      created_cv_.notify_all();
    }
    if (error) return done(error, Created{});
    done(nullptr, Created{std::move(rec), std::move(info)});
  };
  ctx_.store->write(CreateTable{rec}, std::move(stored));
}

TableRegistry::Created TableRegistry::create(const Json& request, const NewTable& options) {
  std::promise<Created> promise;
  std::future<Created> result = promise.get_future();
  createAsync(
      request,
      [&promise](std::exception_ptr error, Created created) {
        if (error)
          promise.set_exception(error);
        else
          promise.set_value(std::move(created));
      },
      options);
  return result.get();
}

std::optional<std::shared_ptr<Table>> TableRegistry::findKnown(const std::string& id) {
  if (!isTableId(id)) return nullptr;
  std::lock_guard lock(mutex_);
  if (auto it = tables_.find(id); it != tables_.end()) {
    it->second->touch();
    return it->second;
  }
  if (auto m = misses_.find(id);
      m != misses_.end() && std::chrono::steady_clock::now() < m->second.until) {
    if (m->second.elsewhere) throw TableElsewhere("another node serves this table");
    return nullptr;
  }
  return std::nullopt;
}

std::shared_ptr<Table> TableRegistry::find(const std::string& id) {
  if (!isTableId(id)) return nullptr;
  std::unique_lock lock(mutex_);
  for (;;) {
    if (auto it = tables_.find(id); it != tables_.end()) {
      it->second->touch();
      return it->second;
    }
    if (auto m = misses_.find(id); m != misses_.end()) {
      if (std::chrono::steady_clock::now() < m->second.until) {
        if (m->second.elsewhere) throw TableElsewhere("another node serves this table");
        return nullptr;
      }
      misses_.erase(m);
    }
    if (!loading_.count(id) && !handing_over_.count(id)) break;
    loaded_cv_.wait(lock);  // loaded by another thread (take its result) or being handed over
  }
  if (stopping_) throw TableElsewhere("this node is stopping");
  if (tables_.size() + loading_.size() >= ctx_.settings->limits.max_tables)
    throw ServerFull("The server is full; try again later.");
  // Loaded without the lock: the reads and the claim wait for the database, and the other
  // tables must not wait for them.
  loading_.insert(id);
  const uint64_t generation = claims_generation_;
  lock.unlock();
  std::shared_ptr<Table> table;
  std::exception_ptr error;
  bool elsewhere = false;
  try {
    table = load(id);
  } catch (const TableElsewhere&) {
    elsewhere = true;
    error = std::current_exception();
  } catch (...) {
    error = std::current_exception();
  }
  lock.lock();
  loading_.erase(id);
  if (table && generation != claims_generation_) {
    // The store lost its claims while this table loaded: its claim may be gone with them. It
    // may also have been taken under the new lease, after the loss: given up then, or no node
    // could load the table until this one stops (nothing here would serve it, and a request
    // for it finds no table to hand over).
    table.reset();
    error = std::make_exception_ptr(TableElsewhere("the claim was lost while loading"));
    ctx_.store->release(id);
  }
  if (table) {
    tables_[id] = table;
    loaded_at_[id] = std::chrono::steady_clock::now();
  }
  if (!table && !error) rememberMiss(id, false, kUnknownTtl);
  if (elsewhere) rememberMiss(id, true, kElsewhereTtl);
  loaded_cv_.notify_all();
  if (table) table->touch();
  lock.unlock();
  if (error) std::rethrow_exception(error);
  if (table) table->start();
  return table;
}

void TableRegistry::sweepIdle(std::chrono::milliseconds grace_ms) {
  const auto grace = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::max(grace_ms, kMinIdleGrace));
  const int64_t before = (std::chrono::steady_clock::now() - grace).time_since_epoch().count();
  std::vector<std::shared_ptr<Table>> all;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, t] : tables_)
      if (t->touchedAt() < before) all.push_back(t);
  }
  for (const auto& t : all) t->sweepIdle();
}

void TableRegistry::rememberMiss(const std::string& id, bool elsewhere,
                                 std::chrono::milliseconds ttl) {
  const auto now = std::chrono::steady_clock::now();
  if (misses_.size() >= kMaxMisses) {
    std::erase_if(misses_, [&](const auto& kv) { return kv.second.until <= now; });
    if (misses_.size() >= kMaxMisses) misses_.clear();
  }
  misses_[id] = Miss{now + ttl, elsewhere};
}

std::shared_ptr<Table> TableRegistry::load(const std::string& id) {
  auto rec = ctx_.store->table(id);
  if (!rec) return nullptr;
  if (ctx_.store->shared()) {
    const bool claimed = ctx_.store->claim(id);
    if (ctx_.metrics) claimed ? ctx_.metrics->tableClaimed() : ctx_.metrics->claimRefused();
    if (!claimed) {
      // The proxy sends this table here now: its holder is asked to hand it over.
      ctx_.store->requestRelease(id);
      throw TableElsewhere("another node serves this table");
    }
    // Read again under the claim: the former owner may have started or ended the game since.
    try {
      rec = ctx_.store->table(id);
    } catch (...) {
      ctx_.store->release(id);
      throw;
    }
    if (!rec) {  // expired by another node while this one waited for the claim
      ctx_.store->release(id);
      return nullptr;
    }
  }
  try {
    std::optional<StoredTable> rematch;
    if (!rec->rematch.empty()) rematch = ctx_.store->table(rec->rematch);
    return Table::load(ctx_, *rec, ctx_.store->events(id), std::move(rematch),
                       ctx_.store->chat(id));
  } catch (const StoreError&) {
    ctx_.store->release(id);
    throw;
  } catch (const std::exception& e) {
    ctx_.store->release(id);
    spdlog::error("table {}: cannot be loaded: {}", id, exceptionText(e));
    return nullptr;
  }
}

std::size_t TableRegistry::expireWaiting(int64_t created_before) {
  expireInMemory([created_before](const Table& t) {
    return !t.hasStarted() && t.createdAt() < created_before;
  });
  std::size_t n = 0;
  for (;;) {
    const std::vector<std::string> ids = ctx_.store->expireWaiting(created_before, kExpireBatch);
    if (ids.empty()) break;
    n += ids.size();
    spdlog::info("{} waiting table(s) expired: nobody joined them in time", ids.size());
    // A table loaded while the store deleted it (a join in that very moment) goes as well.
    const std::unordered_set<std::string> gone(ids.begin(), ids.end());
    expireInMemory([&gone](const Table& t) { return gone.count(t.id()) > 0; });
    {
      std::lock_guard lock(mutex_);
      for (const std::string& id : ids) rememberMiss(id, false, kUnknownTtl);
    }
    if (ids.size() < static_cast<std::size_t>(kExpireBatch)) break;
  }
  if (ctx_.metrics && n) ctx_.metrics->tablesExpired(n);
  return n;
}

void TableRegistry::expireInMemory(const std::function<bool(const Table&)>& which) {
  std::vector<std::shared_ptr<Table>> expired;
  {
    std::lock_guard lock(mutex_);
    for (auto it = tables_.begin(); it != tables_.end();) {
      if (!which(*it->second)) {
        ++it;
        continue;
      }
      expired.push_back(it->second);
      loaded_at_.erase(it->first);
      rememberMiss(it->first, false, kUnknownTtl);
      it = tables_.erase(it);
    }
  }
  for (auto& t : expired) t->expire([store = ctx_.store, id = t->id()] { store->release(id); });
}

void TableRegistry::evict(const Table* table) {
  std::lock_guard lock(mutex_);
  auto it = tables_.find(table->id());
  // Finished tables are evicted (nothing can change them any more, so a connection that still
  // holds the old object sees the same game as a reloaded one), and tables not started that
  // no seat has joined (which closed themselves before asking: a join that reaches the old
  // object is closed, and the client's reconnect loads the table again), and while the node
  // drains, any table whose last connection went (it closed itself: Table::idleIfAlone).
  if (it != tables_.end() && it->second.get() == table &&
      (table->over() || !table->hasStarted() || draining_)) {
    tables_.erase(it);
    loaded_at_.erase(table->id());
    ctx_.store->release(table->id());
  }
}

void TableRegistry::lost(const Table* table) {
  std::lock_guard lock(mutex_);
  auto it = tables_.find(table->id());
  if (it != tables_.end() && it->second.get() == table) {
    tables_.erase(it);
    loaded_at_.erase(table->id());
    if (ctx_.metrics) ctx_.metrics->tablesDropped(1);
    // A write refused for want of a database session leaves the claim with this node's lease:
    // given up, so that the node the clients reach next may take the table (when another node
    // holds the claim already, the release changes nothing).
    ctx_.store->release(table->id());
  }
}

void TableRegistry::handOver(const std::string& id) {
  std::shared_ptr<Table> table;
  {
    std::lock_guard lock(mutex_);
    auto it = tables_.find(id);
    if (it == tables_.end()) {
      // Claimed but not in memory (a load given up: see find()), nor being loaded: nothing is
      // served under the claim, so it is given up at once.
      if (!loading_.count(id) && !handing_over_.count(id)) ctx_.store->release(id);
      return;
    }
    auto at = loaded_at_.find(id);
    const std::chrono::milliseconds hold{ctx_.settings->hand_over_after_ms};
    if (!draining_ && at != loaded_at_.end() &&
        std::chrono::steady_clock::now() - at->second < hold)
      return;
    table = it->second;
    tables_.erase(it);
    loaded_at_.erase(id);
    // Not loaded again until the release is queued: a join meanwhile waits, and its claim
    // then follows the release in the writer's queue. Loaded at once, its claim would come
    // first and the release would give the new copy's claim away, leaving this node to
    // answer from a copy that another node may claim and move on from.
    handing_over_.insert(id);
  }
  spdlog::info("table {}: handed over to the node asking for it", id);
  if (ctx_.metrics) ctx_.metrics->tablesDropped(1);
  table->drop([this, id] {
    ctx_.store->release(id);
    std::lock_guard lock(mutex_);
    handing_over_.erase(id);
    loaded_cv_.notify_all();
  });
}

void TableRegistry::alsoOnClaimsLost(std::function<void()> f) {
  std::lock_guard lock(mutex_);
  also_on_claims_lost_ = std::move(f);
}

void TableRegistry::dropAll() {
  std::unordered_map<std::string, std::shared_ptr<Table>> dropped;
  {
    std::lock_guard lock(mutex_);
    dropped.swap(tables_);
    loaded_at_.clear();
    ++claims_generation_;
  }
  if (!dropped.empty())
    spdlog::warn("the store lost this node's claims: {} table(s) dropped", dropped.size());
  if (ctx_.metrics) ctx_.metrics->tablesDropped(dropped.size());
  for (auto& [id, t] : dropped) t->drop();
}

void TableRegistry::handOverAll() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;  // no claim is taken from now on (one under way ends with the lease)
  }
  ctx_.store->releaseAll();
  std::unordered_map<std::string, std::shared_ptr<Table>> all;
  {
    std::lock_guard lock(mutex_);
    all.swap(tables_);
    loaded_at_.clear();
    ++claims_generation_;   // a load finishing now is not kept
    handing_over_.clear();  // every claim is released already: nobody waits for a drop
    loaded_cv_.notify_all();
  }
  if (!all.empty()) spdlog::info("stopping: {} table(s) handed over", all.size());
  for (auto& [id, t] : all) t->drop();
}

void TableRegistry::shutdown() {
  std::lock_guard lock(mutex_);
  for (auto& [id, t] : tables_) t->shutdown();
}

std::size_t TableRegistry::size() const {
  std::lock_guard lock(mutex_);
  return tables_.size();
}

}  // namespace pg
