#include "server/table/your_move_feature.h"

#include <algorithm>

namespace pg {

YourMoveFeature::YourMoveFeature(TableHost& host, const TableStrand& strand, int64_t now)
    : host_(host), away_(now), timer_(strand) {}

bool YourMoveFeature::applies() const {
  return host_.setup().mode == TableMode::Online && host_.settings().mailOn();
}

std::optional<int64_t> YourMoveFeature::dueAt() const {
  const Referee& referee = host_.referee();
  if (!applies() || !host_.started() || referee.over()) return std::nullopt;
  if (asked_turn_ == referee.turn()) return std::nullopt;
  const Color on_turn = referee.toMove();
  if (!host_.setup().isHuman(on_turn)) return std::nullopt;
  const auto away = away_.awaySince(on_turn);
  if (!away) return std::nullopt;
  const int64_t from = std::max(*away, away_.turnSince());
  const bool correspondence = host_.setup().clock && host_.setup().clock->correspondence();
  return correspondence ? from : from + host_.settings().your_move_after_ms;
}

void YourMoveFeature::sync(int64_t now) {
  const Presence p = host_.presence();
  away_.presence(Color::Black, p.black, now);
  away_.presence(Color::White, p.white, now);
}

void YourMoveFeature::watch(int64_t now) {
  sync(now);
  timer_.cancel();
  const auto due = dueAt();
  if (!due) return;
  // Asked from the wake-up, never from here: watch() may run inside another write's ending,
  // where the table may begin a write of its own.
  timer_.arm(std::max<int64_t>(*due - now, 0) + 1,
             [this, keep = host_.keepAlive()](uint64_t generation) {
               host_.writer().runOrDefer([this, keep, generation] {
                 if (!timer_.current(generation)) return;
                 const int64_t at = host_.now();
                 sync(at);
                 const auto due_now = dueAt();
                 if (due_now && *due_now <= at)
                   ask(at);
                 else
                   watch(at);
               });
             });
}

void YourMoveFeature::ask(int64_t now) {
  const Referee& referee = host_.referee();
  asked_turn_ = referee.turn();
  YourMoveAsk a{host_.tableId(), referee.toMove(), referee.turn(), host_.setup().rules.size, now};
  auto submit = host_.yourMoveSubmit(a);
  if (!submit) return;  // the node sends no mail
  host_.writer().submit(std::move(submit), {.what = "a your-move mail",
                                            .told = nullptr,
                                            .stored = [] {},
                                            // Asked again at the next change or wake-up (the dedupe
                                            // key keeps it to one mail).
                                            .failed =
                                                [this, turn = a.turns_played] {
                                                  if (asked_turn_ == turn) asked_turn_ = -1;
                                                }});
}

}  // namespace pg
