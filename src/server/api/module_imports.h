// What an ES module imports, read from its text without running it: the server follows it to
// list the page's whole module graph (StaticFiles: <link rel="modulepreload">).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pg {

/// The specifiers of a module's static imports and re-exports (`import ... from '...'`,
/// `import '...'`, `export ... from '...'`), in order; comment lines are skipped and dynamic
/// imports are not followed.
std::vector<std::string> staticImports(std::string_view source);

}  // namespace pg
