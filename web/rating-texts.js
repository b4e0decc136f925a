// The words and numbers of ratings that several pages show (docs/protocol.md, "Rated games" and
// "Players and the leaderboard"): a category's name, a rating with its "?" while provisional, a
// change ("1500 → 1662? (+162)"), who a rated player is (an account's name, or a computer
// level's), the link of a player's page, and whether the setup's rules may be rated.
import { t } from './i18n/i18n.js';

/// The sizes of a rated game's board: 5 to 9 ("small"), 13 and 19.
export const RATED_SIZES = [5, 6, 7, 8, 9, 13, 19];

/// The categories, in the leaderboard's order.
export const CATEGORIES = ['small', '13', '19'].flatMap((b) => ['rapid', 'classical', 'correspondence'].map((s) => `${b}-${s}`));

/// "9×9 and smaller · rapid", "13×13 · classical" for "small-rapid", "13-classical"; the name
/// itself for one this page does not know.
export function categoryName(category) {
  const [board, speed] = String(category).split('-');
  if (!['small', '13', '19'].includes(board) || !['rapid', 'classical', 'correspondence'].includes(speed)) return String(category);
  const boardText = board === 'small' ? t('rating.board.small') : `${board}×${board}`;
  return t('rating.category', { board: boardText, speed: t(`rating.speed.${speed}`) });
}

/// A rating rounded, with "?" after a provisional one: "1662?".
export const ratingText = (rating, provisional = false) => `${Math.round(rating)}${provisional ? '?' : ''}`;

/// A change of rating, signed: "+162", "−40", "±0".
export function diffText(before, after) {
  const d = Math.round(after) - Math.round(before);
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '±0';
}

/// "1500 → 1662? (+162)".
export const changeText = (before, after, provisional = false) =>
  `${Math.round(before)} → ${ratingText(after, provisional)} (${diffText(before, after)})`;

/// A computer level's name as a player: "Computer (beginner)".
export const computerName = (level) => t('rating.computer', { level: t(`strength.${level}`) });

/// The address of a player's page.
export const playerHref = (name) => `/@/${encodeURIComponent(name)}`;

/// Why the setup's game cannot be rated (the key of the sentence that says so), or null when it
/// can: plain Phantom Go on a rated size, between two devices (the server checks again).
export function unratedReason({ mode, size, handicap, atariGo, torus }) {
  if (mode === 'hotseat') return 'rating.option.hotseat';
  if (handicap > 0 || atariGo || torus) return 'rating.option.variant';
  if (!RATED_SIZES.includes(size)) return 'rating.option.size';
  return null;
}
