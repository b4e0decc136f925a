#include "server/api/level_texts.h"

namespace pg {

const Json& levelTexts() {
  static const Json parsed = Json::parse(levelTextsJson());
  return parsed;
}

}  // namespace pg
