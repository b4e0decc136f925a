#include "referee/referee.h"

#include <algorithm>
#include <memory>

#include "referee/visibility.h"

namespace pg {

std::string_view refusalName(Refusal r) {
  switch (r) {
    case Refusal::GameOver:
      return "game-over";
    case Refusal::NotYourTurn:
      return "not-your-turn";
    case Refusal::OffBoard:
      return "off-board";
    case Refusal::OwnStone:
      return "occupied-visible";
    case Refusal::AlreadyTried:
      return "already-tried";
    case Refusal::NoChange:
      return "no-change";
    case Refusal::TooLateToAbort:
      return "too-late-to-abort";
  }
  return "bad-input";
}

std::string_view eventKindName(EventKind k) {
  switch (k) {
    case EventKind::Try:
      return "try";
    case EventKind::Pass:
      return "pass";
    case EventKind::Resign:
      return "resign";
    case EventKind::Timeout:
      return "timeout";
    case EventKind::Abandon:
      return "abandon";
    case EventKind::Mark:
      return "mark";
    case EventKind::Abort:
      return "abort";
    case EventKind::NoShow:
      return "no-show";
  }
  return "?";
}

Referee::Referee(const Rules& rules)
    : game_(rules), tried_(static_cast<size_t>(rules.numPoints()), 0) {
  PG_ASSERT(!rules.validate(), "the rules are playable");
  marks_[0].assign(static_cast<size_t>(rules.numPoints()), 0);
  marks_[1].assign(static_cast<size_t>(rules.numPoints()), 0);
  for (int a = 0; a < kNumAudiences; ++a) views_.emplace_back(rules, static_cast<Audience>(a));
}

Referee Referee::replay(const Rules& rules, const std::vector<Event>& log) {
  Referee r(rules);
  for (size_t i = 0; i < log.size(); ++i) {
    const Answer a = r.apply(log[i]);
    if (!a.accepted())
      throw std::invalid_argument("event " + std::to_string(i) +
                                  " is refused on replay: " + std::string(refusalName(*a.refusal)));
  }
  return r;
}

std::optional<Refusal> Referee::checkTry(Color player, Point p) const {
  if (game_.over()) return Refusal::GameOver;
  if (player != game_.toMove()) return Refusal::NotYourTurn;
  if (p < 0 || p >= game_.rules().numPoints()) return Refusal::OffBoard;
  // Decided from the player's own view: own stones and the visible handicap stones.
  if (view(audienceOf(player)).at(p) != Color::Empty) return Refusal::OwnStone;
  if (tried_[static_cast<size_t>(p)]) return Refusal::AlreadyTried;
  return std::nullopt;
}

Answer Referee::tryPoint(Color player, Point p) {
  if (auto r = checkTry(player, p)) return Answer{r, false};
  tried_[static_cast<size_t>(p)] = 1;
  tried_list_.push_back(p);
  Event e;
  e.kind = EventKind::Try;
  e.player = player;
  e.point = p;
  // One code path for every reason a try can fail (occupied by a hidden stone, suicide, ko).
  e.legal = game_.isLegal(p);
  if (e.legal) {
    game_.play(p, &e.captured);
    std::sort(e.captured.begin(), e.captured.end());
  }
  const bool legal = e.legal;
  record(std::move(e));
  return Answer{std::nullopt, legal};
}

Answer Referee::pass(Color player) {
  if (game_.over()) return Answer{Refusal::GameOver};
  if (player != game_.toMove()) return Answer{Refusal::NotYourTurn};
  game_.pass();
  record(Event{EventKind::Pass, player, kNoPoint, false, false, {}});
  return Answer{};
}

Answer Referee::resign(Color player) {
  if (game_.over()) return Answer{Refusal::GameOver};
  game_.resign(player);
  record(Event{EventKind::Resign, player, kNoPoint, false, false, {}});
  return Answer{};
}

Answer Referee::timeout(Color player) {
  if (game_.over()) return Answer{Refusal::GameOver};
  if (player != game_.toMove()) return Answer{Refusal::NotYourTurn};
  game_.loseOnTime(player);
  record(Event{EventKind::Timeout, player, kNoPoint, false, false, {}});
  return Answer{};
}

Answer Referee::abandon(Color player) {
  if (game_.over()) return Answer{Refusal::GameOver};
  if (player != game_.toMove()) return Answer{Refusal::NotYourTurn};
  game_.abandon(player);
  record(Event{EventKind::Abandon, player, kNoPoint, false, false, {}});
  return Answer{};
}

Answer Referee::abortGame(Color player) {
  if (game_.over()) return Answer{Refusal::GameOver};
  if (!game_.mayAbort()) return Answer{Refusal::TooLateToAbort};
  game_.abortGame();
  record(Event{EventKind::Abort, player, kNoPoint, false, false, {}});
  return Answer{};
}

Answer Referee::noShow(Color player) {
  if (game_.over()) return Answer{Refusal::GameOver};
  if (player != game_.toMove()) return Answer{Refusal::NotYourTurn};
  if (!game_.mayAbort()) return Answer{Refusal::TooLateToAbort};
  game_.abortGame();
  record(Event{EventKind::NoShow, player, kNoPoint, false, false, {}});
  return Answer{};
}

Answer Referee::mark(Color player, Point p, bool set) {
  if (game_.over()) return Answer{Refusal::GameOver};
  if (p < 0 || p >= game_.rules().numPoints()) return Answer{Refusal::OffBoard};
  auto& marks = marks_[player == Color::Black ? 0 : 1];
  if ((marks[static_cast<size_t>(p)] != 0) == set) return Answer{Refusal::NoChange};
  marks[static_cast<size_t>(p)] = set ? 1 : 0;
  record(Event{EventKind::Mark, player, p, false, set, {}});
  return Answer{};
}

Answer Referee::apply(const Event& e) {
  Answer a;
  switch (e.kind) {
    case EventKind::Try: {
      a = tryPoint(e.player, e.point);
      if (a.accepted() && (a.legal != e.legal || log_.back().captured != e.captured))
        throw std::invalid_argument("replayed try has a different outcome");
      return a;
    }
    case EventKind::Pass:
      return pass(e.player);
    case EventKind::Resign:
      return resign(e.player);
    case EventKind::Timeout:
      return timeout(e.player);
    case EventKind::Abandon:
      return abandon(e.player);
    case EventKind::Mark:
      return mark(e.player, e.point, e.set);
    case EventKind::Abort:
      return abortGame(e.player);
    case EventKind::NoShow:
      return noShow(e.player);
  }
  return Answer{Refusal::GameOver};
}

void Referee::record(Event e) {
  const bool ends_turn = e.kind == EventKind::Pass || (e.kind == EventKind::Try && e.legal);
  if (ends_turn || game_.over()) {
    for (Point p : tried_list_) tried_[static_cast<size_t>(p)] = 0;
    tried_list_.clear();
  }
  const int turn = game_.turnsPlayed();
  const Color to_move = toMove();
  for (int a = 0; a < kNumAudiences; ++a) {
    if (auto s = project(e, turn, to_move, static_cast<Audience>(a))) views_[a].apply(*s);
  }
  log_.push_back(std::move(e));
  if (game_.over()) {
    SeenEvent end;
    end.kind = SeenKind::End;
    end.player = log_.back().player;
    end.turn = turn;
    end.to_move = Color::Empty;
    end.reveal = std::make_shared<const Reveal>(buildReveal());
    for (View& v : views_) v.apply(end);
  }
}

Reveal Referee::buildReveal() const {
  Reveal r;
  const Board& b = game_.board();
  r.board.resize(static_cast<size_t>(b.numPoints()));
  for (int p = 0; p < b.numPoints(); ++p)
    r.board[static_cast<size_t>(p)] = b.at(static_cast<Point>(p));
  r.handicap = game_.handicapStones();
  r.score = game_.score();
  if (game_.over()) r.result = game_.result();
  TurnRecord cur;
  bool open = false;
  for (const Event& e : log_) {
    if (e.kind == EventKind::Mark) continue;
    if (!open) {
      cur = TurnRecord{};
      cur.player = e.player;
      open = true;
    }
    if (e.kind == EventKind::Try && !e.legal) {
      cur.rejected.push_back(e.point);
      continue;
    }
    if ((e.kind == EventKind::Resign || e.kind == EventKind::Abort) && e.player != cur.player) {
      // The other player resigned or aborted in the middle of this turn.
      cur.end = TurnRecord::End::Unfinished;
      r.turns.push_back(cur);
      cur = TurnRecord{};
      cur.player = e.player;
    }
    switch (e.kind) {
      case EventKind::Try:
        cur.end = TurnRecord::End::Stone;
        cur.point = e.point;
        cur.captured = e.captured;
        break;
      case EventKind::Pass:
        cur.end = TurnRecord::End::Pass;
        break;
      case EventKind::Resign:
        cur.end = TurnRecord::End::Resign;
        break;
      case EventKind::Timeout:
        cur.end = TurnRecord::End::Timeout;
        break;
      case EventKind::Abandon:
        cur.end = TurnRecord::End::Abandoned;
        break;
      case EventKind::Abort:
        cur.end = TurnRecord::End::Aborted;
        break;
      case EventKind::NoShow:
        cur.end = TurnRecord::End::NoShow;
        break;
      case EventKind::Mark:
        break;
    }
    r.turns.push_back(cur);
    open = false;
  }
  if (open) r.turns.push_back(cur);
  return r;
}

std::string_view audienceName(Audience a) {
  switch (a) {
    case Audience::Black:
      return "black";
    case Audience::White:
      return "white";
    case Audience::Spectator:
      return "spectator";
  }
  return "?";
}

std::string_view turnEndName(TurnRecord::End e) {
  switch (e) {
    case TurnRecord::End::Stone:
      return "stone";
    case TurnRecord::End::Pass:
      return "pass";
    case TurnRecord::End::Resign:
      return "resign";
    case TurnRecord::End::Timeout:
      return "timeout";
    case TurnRecord::End::Abandoned:
      return "abandoned";
    case TurnRecord::End::Aborted:
      return "aborted";
    case TurnRecord::End::NoShow:
      return "no-show";
    case TurnRecord::End::Unfinished:
      return "unfinished";
  }
  return "?";
}

std::string_view seenKindName(SeenKind k) {
  switch (k) {
    case SeenKind::Stone:
      return "stone";
    case SeenKind::Illegal:
      return "illegal";
    case SeenKind::Moved:
      return "moved";
    case SeenKind::Rejected:
      return "rejected";
    case SeenKind::Pass:
      return "pass";
    case SeenKind::Resign:
      return "resign";
    case SeenKind::Timeout:
      return "timeout";
    case SeenKind::Abandon:
      return "abandon";
    case SeenKind::Abort:
      return "abort";
    case SeenKind::NoShow:
      return "no-show";
    case SeenKind::Mark:
      return "mark";
    case SeenKind::End:
      return "end";
  }
  return "?";
}

}  // namespace pg
