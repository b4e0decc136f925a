// When a timed search may stop before its time is up (Huang, Coulom and Lin 2010, "Time
// management for Monte-Carlo tree search applied to the game of Go": stop when the most
// visited move cannot be overtaken).
#pragma once

#include <span>

#include "ai/search.h"

namespace pg {

/// True if the most visited of `cands` stays the most visited whatever `playouts_left` more
/// playouts do: its lead in visits over the second is larger than them.
bool leadIsSafe(const RootStats& stats, std::span<const int> cands, double playouts_left);

}  // namespace pg
