#include "server/table_registry.h"

#include <spdlog/spdlog.h>

#include <future>

#include "server/tokens.h"

namespace pg {

namespace {

// How long a failed find is remembered: an unknown id (nothing can create a table under an id
// someone already asked for: ids are random), and a claim held by another node (short: when
// that node dies, its tables must move within seconds).
constexpr std::chrono::milliseconds kUnknownTtl{10000};
constexpr std::chrono::milliseconds kElsewhereTtl{500};
constexpr std::size_t kMaxMisses = 100000;

}  // namespace

TableRegistry::TableRegistry(TableContext ctx) : ctx_(std::move(ctx)) {
  ctx_.on_idle = [this](const Table* t) { evict(t); };
  ctx_.on_lost = [this](const Table* t) { lost(t); };
  ctx_.create_table = [this](const Json& request, const std::string& rematch_of,
                             TableContext::Created done) {
    createAsync(
        request,
        [done = std::move(done)](std::exception_ptr error, Created created) {
          done(error, std::move(created.record));
        },
        rematch_of);
  };
  ctx_.store->onClaimsLost([this] { dropAll(); });
  ctx_.store->onReleaseRequested([this](const std::string& id) { handOver(id); });
}

TableRegistry::~TableRegistry() {
  ctx_.store->onClaimsLost(nullptr);
  ctx_.store->onReleaseRequested(nullptr);
  std::unique_lock lock(mutex_);
  created_cv_.wait(lock, [&] { return creating_ == 0; });
}

void TableRegistry::createAsync(const Json& request, CreateDone done,
                                const std::string& rematch_of) {
  const TableSetup setup = setupFromJson(request);
  {
    std::lock_guard lock(mutex_);
    if (tables_.size() + creating_ >= ctx_.settings->limits.max_tables)
      throw ServerFull("The server is full; try again later.");
    ++creating_;
  }
  StoredTable rec;
  rec.id = newTableId();
  rec.created_at = nowMs();
  rec.setup = setupToJson(setup).dump();
  rec.rematch_of = rematch_of;
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
      // On a shared store the node that the id routes to claims the table on its first join.
      if (ctx_.store->shared()) table.reset();
      const Rules& r = setup.rules;
      spdlog::info("table {}: created, {} {}x{}{}{}{}", rec.id, tableModeName(setup.mode), r.size,
                   r.size, r.handicap ? " handicap" : "",
                   r.topology == Topology::Torus ? " torus" : "", r.atari_go ? " atari-go" : "");
    }
    {
      // The last use of `this`: once creating_ falls, the registry may be destroyed.
      std::lock_guard lock(mutex_);
      if (table) tables_[rec.id] = table;
      --creating_;
      created_cv_.notify_all();
    }
    if (error) return done(error, Created{});
    if (table) table->start();
    done(nullptr, Created{std::move(rec), std::move(info)});
  };
  ctx_.store->createTableAsync(rec, std::move(stored));
}

TableRegistry::Created TableRegistry::create(const Json& request) {
  std::promise<Created> promise;
  std::future<Created> result = promise.get_future();
  createAsync(request, [&promise](std::exception_ptr error, Created created) {
    if (error)
      promise.set_exception(error);
    else
      promise.set_value(std::move(created));
  });
  return result.get();
}

std::shared_ptr<Table> TableRegistry::find(const std::string& id) {
  if (!isTableId(id)) return nullptr;
  std::unique_lock lock(mutex_);
  for (;;) {
    if (auto it = tables_.find(id); it != tables_.end()) return it->second;
    if (auto m = misses_.find(id); m != misses_.end()) {
      if (std::chrono::steady_clock::now() < m->second.until) {
        if (m->second.elsewhere) throw TableElsewhere("another node serves this table");
        return nullptr;
      }
      misses_.erase(m);
    }
    if (!loading_.count(id)) break;
    loaded_cv_.wait(lock);  // another thread is loading this table: take its result
  }
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
    // The store lost its claims while this table loaded: its claim may be gone with them.
    table.reset();
    error = std::make_exception_ptr(TableElsewhere("the claim was lost while loading"));
  }
  if (table) {
    tables_[id] = table;
    loaded_at_[id] = std::chrono::steady_clock::now();
  }
  if (!table && !error) rememberMiss(id, false, kUnknownTtl);
  if (elsewhere) rememberMiss(id, true, kElsewhereTtl);
  loaded_cv_.notify_all();
  lock.unlock();
  if (error) std::rethrow_exception(error);
  if (table) table->start();
  return table;
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
    spdlog::error("table {}: cannot be loaded: {}", id, e.what());
    return nullptr;
  }
}

std::size_t TableRegistry::loadUnfinished() {
  std::size_t n = 0;
  for (const std::string& id : ctx_.store->unfinishedTables())
    if (find(id)) ++n;
  return n;
}

void TableRegistry::evict(const Table* table) {
  std::lock_guard lock(mutex_);
  auto it = tables_.find(table->id());
  // Only finished tables are evicted: nothing can change them any more, so a connection that
  // still holds the old object sees the same game as a reloaded one.
  if (it != tables_.end() && it->second.get() == table && table->over()) {
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
  }
}

void TableRegistry::handOver(const std::string& id) {
  std::shared_ptr<Table> table;
  {
    std::lock_guard lock(mutex_);
    auto it = tables_.find(id);
    if (it == tables_.end()) return;
    auto at = loaded_at_.find(id);
    const std::chrono::milliseconds hold{ctx_.settings->hand_over_after_ms};
    if (at != loaded_at_.end() && std::chrono::steady_clock::now() - at->second < hold) return;
    table = it->second;
    tables_.erase(it);
    loaded_at_.erase(id);
  }
  spdlog::info("table {}: handed over to the node asking for it", id);
  if (ctx_.metrics) ctx_.metrics->tablesDropped(1);
  table->drop([store = ctx_.store, id] { store->release(id); });
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

void TableRegistry::shutdown() {
  std::lock_guard lock(mutex_);
  for (auto& [id, t] : tables_) t->shutdown();
}

std::size_t TableRegistry::size() const {
  std::lock_guard lock(mutex_);
  return tables_.size();
}

}  // namespace pg
