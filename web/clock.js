// The clocks of a table with a clock: both players' time, the running one counted down locally
// from the server's last `clock` message (docs/protocol.md), and a low-time warning. A Fischer
// clock counts minutes and seconds; a correspondence clock (days per move) shows days and hours
// while a day or more is left, then hours, minutes and seconds.
import { useEffect, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t, colorName, formatNumber } from './i18n/i18n.js';

const HOUR_MS = 3600000;
const DAY_MS = 24 * HOUR_MS;
const CORRESPONDENCE_LOW_MS = 6 * HOUR_MS;

/// Below this much time left (ms) a clock warns: 10% of the main time, but at least 10 s (a
/// one-minute game would otherwise warn at 6 s, too late to react) and at most 30 s (an hour's
/// game would warn six minutes before the end, when nothing is urgent yet). A correspondence
/// clock warns when less than 6 hours of a move's days are left: time to sit down to the game.
export function lowTimeMs(mainMs, kind = 'fischer') {
  if (kind === 'correspondence') return CORRESPONDENCE_LOW_MS;
  return Math.min(30000, Math.max(10000, Math.round(mainMs / 10)));
}

/// Whole days and hours of `ms`, rounded up to the hour (like the seconds of formatClock: a clock
/// never shows less than is left).
export function daysAndHours(ms) {
  const hours = Math.max(0, Math.ceil(ms / HOUR_MS));
  return { d: Math.floor(hours / 24), h: hours % 24 };
}

/// The time left on a clock of this kind: "2 d 23 h" on a correspondence clock with a day or
/// more left (in whole seconds rounded up, as formatClock counts: never "24:00:00"), else as
/// formatClock.
export function formatTimeLeft(ms, kind = 'fischer') {
  if (kind === 'correspondence' && Math.ceil(ms / 1000) * 1000 >= DAY_MS) return t('clock.daysHours', daysAndHours(ms));
  return formatClock(ms);
}

/// The clock of a table's public info in words, for the table's summary line: "3 days per move"
/// for correspondence, "10 min + 5 s" for a Fischer clock (as the lobby writes it), nothing
/// without a clock.
export function clockSummary(clock) {
  if (clock?.kind === 'correspondence') return t('clock.daysPerMove', { n: clock.days_per_move });
  if (clock?.kind === 'fischer')
    return t('lobby.clock', { main: formatNumber(clock.main_seconds / 60), inc: clock.increment_seconds });
  return '';
}

export function formatClock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

function useNow(active, ms = 250) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!active) return undefined;
    const id = setInterval(() => setNow(performance.now()), ms);
    return () => clearInterval(id);
  }, [active, ms]);
  return now;
}

/// The first move's grace (docs/protocol.md): on an online table with a live Fischer
/// clock the clocks wait until each side has moved once, and meanwhile the clock message names
/// the player on turn and the time (ms) they had left to make a first move, or the game is
/// aborted: {player, left_ms}, or null.
const firstMoveOf = (clock, over) => (!over && clock?.first_move ? clock.first_move : null);

/// `clock`: the last clock message with `at` (performance.now() when it came); `over`: the game
/// has ended (the clocks stand still); `onLow(color)`: called once when the running clock
/// becomes low (the page plays its sound, alerts.js); `seat`: whose board this is (the first
/// move's words address its player); `graceMs`: the table's grace for a first move (its
/// `first_move_ms`), or null.
export function Clocks({ clock, over, onLow, seat = null, graceMs = null }) {
  const first = firstMoveOf(clock, over);
  const running = !!clock?.running && !over && !first;
  const now = useNow(running);
  const left = (color) => {
    const base = clock[`${color}_ms`];
    // Never above the server's time: `now` may be from a tick before the message came.
    return clock.running === color && running ? base - Math.max(0, now - clock.at) : base;
  };
  const kind = clock?.kind ?? 'fischer';
  const threshold = lowTimeMs(clock?.main_ms ?? 0, kind);
  const low = (color) => !over && left(color) < threshold;
  // Said once when the running clock becomes low (the text stays the same while it stays low,
  // so a screen reader does not hear it again every second).
  const lowAlert = () =>
    kind === 'correspondence'
      ? t('clock.lowAlertHours', { player: colorName(clock.running), n: Math.round(threshold / HOUR_MS) })
      : t('clock.lowAlert', { player: colorName(clock.running), n: Math.round(threshold / 1000) });
  const alert = running && low(clock.running) ? lowAlert() : '';
  useEffect(() => {
    if (alert) onLow?.(clock.running);
  }, [alert]);
  // The first move's grace, said once for each player it waits for: the words name the whole
  // grace, not the seconds left (FirstMoveNotice counts those down on the screen).
  const firstAlert = () => {
    const n = Math.round((graceMs ?? first.left_ms) / 1000);
    return first.player === seat
      ? t('clock.firstMoveAlert.own', { n })
      : t('clock.firstMoveAlert.other', { player: colorName(first.player), n });
  };
  const live = alert || (first ? firstAlert() : '');
  if (!clock) return null;
  return html`
    <div class="clocks" role="group" aria-label=${t('clock.label')} data-testid="clocks">
      ${['black', 'white'].map((c) => {
        const classes = ['clock'];
        if (clock.running === c && running) classes.push('running');
        if (low(c)) classes.push('low');
        return html`<div class=${classes.join(' ')} data-testid=${'clock-' + c}>
          <span class="who">${colorName(c)}</span>
          <span class="time">
            ${low(c) && html`<span class="low-sign" aria-hidden="true">⚠ </span>`}${formatTimeLeft(left(c), kind)}
            ${low(c) && html`<span class="sr-only"> (${t('clock.low')})</span>`}
          </span>
        </div>`;
      })}
      <p class="sr-only" aria-live="polite" data-testid="clock-alert">${live}</p>
    </div>
  `;
}

/// Under the clocks while a first move is awaited (see firstMoveOf): the time left to make it,
/// counted down locally from the last clock message, as a running clock is. Not a live region:
/// the clocks' alert says it once.
export function FirstMoveNotice({ clock, over, seat = null }) {
  const first = firstMoveOf(clock, over);
  const now = useNow(!!first);
  if (!first) return null;
  const time = formatClock(first.left_ms - Math.max(0, now - clock.at));
  const text =
    first.player === seat
      ? t('clock.firstMove.own', { time })
      : t('clock.firstMove.other', { player: colorName(first.player), time });
  return html`<p class="first-move" data-testid="first-move">${text}</p>`;
}
