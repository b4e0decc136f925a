#include "generate.h"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "data_writer.h"

namespace pg::train {

RunTotals generate(const GenConfig& cfg, int games, int jobs, const std::string& dir,
                   bool progress) {
  const auto start = std::chrono::steady_clock::now();
  std::filesystem::create_directories(dir);
  DataWriter writer(dir, cfg.rules.size);
  RunTotals totals;

  // Workers take the next index; a game more than `ahead` past the next to write waits, so the
  // games held in memory stay few.
  std::mutex mu;
  std::condition_variable cv;
  std::map<int, GameSamples> done;
  int next_index = 0, next_write = 0;
  std::exception_ptr error;
  const int ahead = 8 * jobs;
  auto worker = [&] {
    for (;;) {
      int g;
      {
        std::unique_lock lock(mu);
        cv.wait(lock,
                [&] { return error || next_index >= games || next_index < next_write + ahead; });
        if (error || next_index >= games) return;
        g = next_index++;
      }
      try {
        GameSamples s = playGame(cfg, g);
        std::lock_guard lock(mu);
        done.emplace(g, std::move(s));
      } catch (...) {
        std::lock_guard lock(mu);
        if (!error) error = std::current_exception();
      }
      cv.notify_all();
    }
  };
  std::vector<std::thread> threads;
  for (int j = 0; j < jobs; ++j) threads.emplace_back(worker);
  while (true) {
    GameSamples s;
    {
      std::unique_lock lock(mu);
      cv.wait(lock, [&] { return error || next_write >= games || done.count(next_write); });
      if (error || next_write >= games) break;
      s = std::move(done.at(next_write));
      done.erase(next_write);
    }
    writer.append(s);
    ++totals.games;
    totals.black_wins += s.winner == Color::Black;
    totals.white_wins += s.winner == Color::White;
    {
      std::lock_guard lock(mu);
      ++next_write;
    }
    cv.notify_all();
    if (progress && (totals.games % 10 == 0 || totals.games == games)) {
      const double secs =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::fprintf(stderr, "%dx%d: %d/%d games, %lld belief and %lld pv samples, %.3f games/s\n",
                   cfg.rules.size, cfg.rules.size, totals.games, games,
                   static_cast<long long>(writer.beliefRows()),
                   static_cast<long long>(writer.pvRows()), totals.games / secs);
    }
  }
  for (std::thread& t : threads) t.join();
  if (error) std::rethrow_exception(error);
  writer.close();
  totals.belief_rows = writer.beliefRows();
  totals.pv_rows = writer.pvRows();
  totals.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return totals;
}

}  // namespace pg::train
