// When a timed search may stop before its time is up, and when it should go on past it
// (Huang, Coulom and Lin 2010, "Time management for Monte-Carlo tree search applied to the game
// of Go": stop when the most visited move cannot be overtaken; think longer while the most
// visited move is not the one with the best mean).
#pragma once

#include <span>

#include "ai/search.h"

namespace pg {

/// True if the most visited of `cands` stays the most visited whatever `playouts_left` more
/// playouts do: its lead in visits over the second is larger than them.
bool leadIsSafe(const RootStats& stats, std::span<const int> cands, double playouts_left);

/// True if the most visited of `cands` also has the best mean among the candidates that have
/// at least a tenth of its visits (a rarely tried move's mean is noise). A search that ends
/// while this is false would play a move that a longer search may well leave.
bool choiceIsSettled(const RootStats& stats, std::span<const int> cands);

}  // namespace pg
