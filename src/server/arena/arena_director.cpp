#include "server/arena/arena_director.h"

#include <spdlog/spdlog.h>

#include <map>

#include "arena/pairing.h"
#include "server/arena/arena_setup.h"
#include "server/node/exception_text.h"
#include "server/node/tokens.h"

namespace pg {

namespace {

/// Arenas that ended longer ago than this are not looked at.
constexpr int64_t kListWindowMs = 24LL * 60 * 60 * 1000;
constexpr int kMostArenas = 200;
/// How long after its end an arena's last games are still looked after.
constexpr int64_t kFinishingMs = 10LL * 60 * 1000;

uint64_t randomSeed() {
  uint64_t seed = 0;
  secureRandom(&seed, sizeof seed);
  return seed;
}

}  // namespace

ArenaDirector::ArenaDirector(Store& store, ArenaStore& arenas, TableRegistry& registry)
    : store_(store), arenas_(arenas), registry_(registry) {}

void ArenaDirector::tick(int64_t now) {
  std::vector<StoredArena> all;
  try {
    all = arenas_.arenas(now - kListWindowMs, kMostArenas);
  } catch (const std::exception& e) {
    spdlog::warn("arenas: listing them failed: {}", exceptionText(e));
    return;
  }
  for (const StoredArena& a : all) {
    try {
      if (now < a.starts_at) continue;
      const bool running = now < a.ends_at;
      {
        std::lock_guard lock(mutex_);
        if (finished_.count(a.id)) continue;
      }
      if (!running && now - a.ends_at > kFinishingMs) {
        letGo(a.id);
        continue;
      }
      if (!store_.claimsLive() || !hold(a.id)) continue;
      const auto board = readArena(arenas_, a.id);
      if (!board) continue;
      if (running) pair(*board, now);
      // After the end too, until its last game is over: a game nobody came to is loaded here,
      // so that its first-move time ends it.
      loadForgotten(*board, now);
      if (board->status(now) == ArenaStatus::Finished) {
        letGo(a.id);
        std::lock_guard lock(mutex_);
        finished_.insert(a.id);
      }
    } catch (const ClaimLost& e) {
      spdlog::warn("arena {}: {}", a.id, e.what());
      std::lock_guard lock(mutex_);
      held_.erase(a.id);
    } catch (const std::exception& e) {
      spdlog::warn("arena {}: {}", a.id, exceptionText(e));
    }
  }
}

bool ArenaDirector::hold(const std::string& arena_id) {
  {
    std::lock_guard lock(mutex_);
    if (held_.count(arena_id)) return true;
  }
  if (!store_.claim(arenaClaimKey(arena_id))) return false;
  spdlog::info("arena {}: this node pairs it now", arena_id);
  std::lock_guard lock(mutex_);
  held_.insert(arena_id);
  return true;
}

void ArenaDirector::letGo(const std::string& arena_id) {
  {
    std::lock_guard lock(mutex_);
    if (!held_.erase(arena_id)) return;
  }
  store_.release(arenaClaimKey(arena_id));
  spdlog::info("arena {}: ended, no more pairing", arena_id);
}

void ArenaDirector::pair(const ArenaBoard& board, int64_t now) {
  const std::vector<std::string> in_games = arenas_.playersInGames(board.arena.id);
  const std::set<std::string> busy(in_games.begin(), in_games.end());
  std::map<std::string, int> score;
  for (const arena::Standing& s : board.standings()) score[s.player] = s.score;
  // The last opponent and the colours so far, from every game the arena paired.
  std::map<std::string, arena::FreePlayer> seen;
  for (const ArenaGame& g : board.games) {
    arena::FreePlayer& b = seen[g.black];
    arena::FreePlayer& w = seen[g.white];
    ++b.blacks;
    ++w.whites;
  }
  std::map<std::string, std::pair<int64_t, std::string>> last;  // player -> (paired_at, opponent)
  for (const ArenaGame& g : board.games) {
    for (const auto& [p, o] : {std::pair{&g.black, &g.white}, std::pair{&g.white, &g.black}}) {
      auto& l = last[*p];
      if (l.second.empty() || g.paired_at >= l.first) l = {g.paired_at, *o};
    }
  }
  std::vector<arena::FreePlayer> free;
  std::map<std::string, std::string> names;
  for (const ArenaPlayer& p : board.players) {
    names[p.account_id] = p.name;
    if (p.state != ArenaPlayerState::Active || p.seen_at < now - kPresentMs ||
        busy.count(p.account_id))
      continue;
    arena::FreePlayer f = seen[p.account_id];
    f.player = p.account_id;
    f.score = score[p.account_id];
    if (const auto it = last.find(p.account_id); it != last.end())
      f.last_opponent = it->second.second;
    free.push_back(std::move(f));
  }
  if (free.size() < 2) return;
  const std::vector<arena::Pair> pairs = arena::pairPlayers(std::move(free), randomSeed());
  if (pairs.empty()) return;
  const Json setup = Json::parse(board.arena.setup);
  // Paired now, after the reads: a game that ended while the round read the store ended
  // before this time, so each player's stored games never overlap.
  const int64_t at = std::max(now, nowMs());
  if (at >= board.arena.ends_at) return;
  PairArena w{arenaClaimKey(board.arena.id), board.arena.id, at, {}};
  for (const arena::Pair& p : pairs) {
    const TableSetup s = arenaGameSetup(setup, names[p.black], names[p.white]);
    w.games.push_back(ArenaPairing{arenaGameTable(s, at), p.black, p.white});
  }
  store_.writeAndWait(std::move(w));
  {
    std::lock_guard lock(mutex_);
    paired_ += static_cast<int64_t>(pairs.size());
  }
  spdlog::info("arena {}: paired {} game(s)", board.arena.id, pairs.size());
}

void ArenaDirector::loadForgotten(const ArenaBoard& board, int64_t now) {
  for (const ArenaGame& g : board.games) {
    if (g.finished_at || g.paired_at > now - kLoadAfterMs) continue;
    try {
      const auto known = registry_.findKnown(g.table_id);
      if (known && *known) continue;  // served here
      if (!known) registry_.find(g.table_id);
    } catch (const TableElsewhere&) {  // served by another node: its clock runs there
    } catch (const ServerFull&) {
    }
  }
}

void ArenaDirector::claimsLost() {
  std::lock_guard lock(mutex_);
  if (!held_.empty())
    spdlog::warn("arenas: the store lost this node's claims of {} arena(s)", held_.size());
  held_.clear();
}

std::vector<std::string> ArenaDirector::held() const {
  std::lock_guard lock(mutex_);
  return {held_.begin(), held_.end()};
}

int64_t ArenaDirector::paired() const {
  std::lock_guard lock(mutex_);
  return paired_;
}

}  // namespace pg
