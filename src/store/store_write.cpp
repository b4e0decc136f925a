#include "store/store_write.h"

#include <future>
#include <memory>
#include <type_traits>

namespace pg {

void waitForAnswer(const std::function<void(std::function<void(std::exception_ptr)>)>& start) {
  auto answer = std::make_shared<std::promise<std::exception_ptr>>();
  std::future<std::exception_ptr> future = answer->get_future();
  start([answer](std::exception_ptr e) { answer->set_value(std::move(e)); });
  if (std::exception_ptr e = future.get()) std::rethrow_exception(e);
}

const std::string& tableOf(const StoreWrite& w) {
  return std::visit(
      [](const auto& x) -> const std::string& {
        if constexpr (std::is_same_v<std::decay_t<decltype(x)>, CreateTable>)
          return x.table.id;
        else
          return x.table_id;
      },
      w);
}

bool needsClaim(const StoreWrite& w) {
  return !std::holds_alternative<CreateTable>(w);
}

const char* describe(const StoreWrite& w) {
  struct Text {
    const char* operator()(const CreateTable&) const { return "creating a table"; }
    const char* operator()(const AppendEvents&) const { return "appending events"; }
    const char* operator()(const StartTable&) const { return "starting a table"; }
    const char* operator()(const AppendChat&) const { return "appending a chat line"; }
    const char* operator()(const SetSetup&) const { return "changing a table's setup"; }
    const char* operator()(const PairArena&) const { return "pairing an arena"; }
    const char* operator()(const QueueMail&) const { return "queueing a mail"; }
  };
  return std::visit(Text{}, w);
}

}  // namespace pg
