// The client messages' parser (src/protocol/client_message.h) on arbitrary text. It never
// throws; a refusal is one of the codes clients know, with a message; an accepted message,
// written back as JSON (toJson) and parsed again, is the same message, and so is the same
// JSON read as a value (parseClientJson) instead of as text.
#include <string_view>

#include "fuzz_check.h"
#include "protocol/client_message.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace pg;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const ParsedMessage parsed = parseClientMessage(text);
  if (const auto* e = std::get_if<ParseError>(&parsed)) {
    PG_FUZZ_CHECK(
        e->err == Err::BadJson || e->err == Err::BadRequest || e->err == Err::UnknownCommand,
        "unknown code " + std::string(e->code()));
    PG_FUZZ_CHECK(!e->text.empty() && e->text.back() == '.', "message " + e->text);
    return 0;
  }
  const ClientMessage& m = std::get<ClientMessage>(parsed);
  const Json j = toJson(m);
  const ParsedMessage again = parseClientMessage(j.dump());
  PG_FUZZ_CHECK(std::holds_alternative<ClientMessage>(again),
                "re-serialized is refused " + j.dump());
  PG_FUZZ_CHECK(std::get<ClientMessage>(again) == m, "round trip changed " + j.dump());
  const ParsedMessage as_value = parseClientJson(Json::parse(text, nullptr, false));
  PG_FUZZ_CHECK(
      std::holds_alternative<ClientMessage>(as_value) && std::get<ClientMessage>(as_value) == m,
      "the text and the value parse differently");
  return 0;
}
