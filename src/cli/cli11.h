// CLI11 for the phantomgo binary. GCC 12 at -O2 reports a false "potential null pointer
// dereference" inside CLI11's string splitting (std::string moved inside a vector) under our
// -Wnull-dereference -Werror; the warning is silenced for CLI11's own code only.
#pragma once

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnull-dereference"
#include <CLI/CLI.hpp>
#pragma GCC diagnostic pop
