// The sentences of a table that other pages say too: a log line, a result, the rules in a line,
// a player's name (the home page's "Your games" and the game page import them from here).
import { colorName, formatNumber, t } from './i18n/i18n.js';

/// A {key, params} sentence with its colours named in the language.
export function sentence({ key, params }) {
  const named = { ...params };
  if (named.player) named.player = colorName(named.player);
  if (named.color) named.color = colorName(named.color);
  return t(key, named);
}

/// A log line (view.js) as its two parts: the sentence on the turn, and the one on what its move
/// captured (or null).
export function lineParts(line) {
  if (line.kind === 'end' && line.result) return [`${t('log.end')} ${resultSentence(line.result)}`, null];
  return [sentence(line), line.capture ? sentence(line.capture) : null];
}

/// A log line as one text.
export function lineText(line) {
  return lineParts(line).filter(Boolean).join(' ');
}

export function resultSentence(result) {
  if (!result) return '';
  // No winner: a draw on the score, an abandoned game ended before its second move, or an
  // aborted one (by a player, or a first move not made in time).
  if (!result.winner)
    return t(result.reason === 'abandoned' ? 'result.void' : result.reason === 'aborted' ? 'result.aborted' : 'result.draw');
  const winner = colorName(result.winner);
  switch (result.reason) {
    case 'abandoned':
      return t('result.abandoned', { winner });
    case 'resignation':
      return t('result.resignation', { winner });
    case 'time':
      return t('result.time', { winner });
    case 'capture':
      return t('result.capture', { winner });
    default:
      return result.score
        ? t('result.points', { winner, margin: formatNumber(Math.abs(result.score.margin)) })
        : t('result.wins', { winner });
  }
}

/// "You won." or "You lost." for a seat, or '' (a draw, or a game that ended with no result).
export function outcomeSentence(result, seat) {
  if (!result?.winner) return '';
  return t(result.winner === seat ? 'end.youWon' : 'end.youLost');
}

export function rulesSummary(rules) {
  const parts = [`${rules.size} × ${rules.size}`];
  parts.push(t('summary.komi', { komi: formatNumber(rules.komi) }));
  if (rules.handicap) parts.push(t('summary.handicap', { n: rules.handicap }));
  parts.push(t(`setup.ko.${rules.ko}`));
  if (rules.atari_go) parts.push(t('setup.atariGo.short'));
  if (rules.topology === 'torus') parts.push(t('setup.torus.short'));
  return parts.join(' · ');
}

/// A seat's colour, with its player's display name when one was given ("Ann (Black)").
export function playerName(info, color) {
  const name = info.names?.[color];
  const defaults = { black: 'Black', white: 'White' }; // the server's names for no name
  if (!name || name === defaults[color]) return colorName(color);
  return t('presence.named', { name, player: colorName(color) });
}
