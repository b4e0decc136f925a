#include "server/table/action_count.h"

namespace pg {

void countActions(Metrics* metrics, const std::vector<Event>& log, std::size_t before) {
  if (!metrics) return;
  for (std::size_t i = before; i < log.size(); ++i) {
    switch (log[i].kind) {
      case EventKind::Try:
        metrics->actionPlayed(Metrics::Action::Try);
        break;
      case EventKind::Pass:
        metrics->actionPlayed(Metrics::Action::Pass);
        break;
      case EventKind::Resign:
        metrics->actionPlayed(Metrics::Action::Resign);
        break;
      case EventKind::Abort:
        metrics->actionPlayed(Metrics::Action::Abort);
        break;
      case EventKind::NoShow:
      case EventKind::Timeout:
      case EventKind::Abandon:
      case EventKind::Mark:
        break;
    }
  }
}

}  // namespace pg
