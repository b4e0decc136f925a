#include "server/table_registry.h"

#include <spdlog/spdlog.h>

#include <future>

#include "server/tokens.h"

namespace pg {

TableRegistry::TableRegistry(TableContext ctx) : ctx_(std::move(ctx)) {
  ctx_.on_idle = [this](const Table* t) { evict(t); };
}

TableRegistry::~TableRegistry() {
  std::unique_lock lock(mutex_);
  created_cv_.wait(lock, [&] { return creating_ == 0; });
}

void TableRegistry::createAsync(const Json& request, CreateDone done) {
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
    if (!table) return done(error, Created{});
    table->start();
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
  std::lock_guard lock(mutex_);
  if (auto it = tables_.find(id); it != tables_.end()) return it->second;
  return loadLocked(id);
}

std::shared_ptr<Table> TableRegistry::loadLocked(const std::string& id) {
  auto rec = ctx_.store->table(id);
  if (!rec) return nullptr;
  try {
    auto table = Table::load(ctx_, *rec, ctx_.store->events(id));
    tables_[id] = table;
    table->start();
    return table;
  } catch (const StoreError&) {
    throw;
  } catch (const std::exception& e) {
    spdlog::error("table {}: cannot be loaded: {}", id, e.what());
    return nullptr;
  }
}

std::size_t TableRegistry::loadUnfinished() {
  std::size_t n = 0;
  for (const std::string& id : ctx_.store->unfinishedTables()) {
    std::lock_guard lock(mutex_);
    if (tables_.count(id)) continue;
    if (loadLocked(id)) ++n;
  }
  return n;
}

void TableRegistry::evict(const Table* table) {
  std::lock_guard lock(mutex_);
  auto it = tables_.find(table->id());
  // Only finished tables are evicted: nothing can change them any more, so a connection that
  // still holds the old object sees the same game as a reloaded one.
  if (it != tables_.end() && it->second.get() == table && table->over()) tables_.erase(it);
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
