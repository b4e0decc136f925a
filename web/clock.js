// The clocks of a table with a clock: both players' time, the running one counted down locally
// from the server's last `clock` message (docs/protocol.md), and a low-time warning.
import { useEffect, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t, colorName } from './i18n/i18n.js';

/// Below this much time left (ms) a clock warns: 10% of the main time, but at least 10 s (a
/// one-minute game would otherwise warn at 6 s, too late to react) and at most 30 s (an hour's
/// game would warn six minutes before the end, when nothing is urgent yet).
export function lowTimeMs(mainMs) {
  return Math.min(30000, Math.max(10000, Math.round(mainMs / 10)));
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

/// `clock`: the last clock message with `at` (performance.now() when it came); `over`: the game
/// has ended (the clocks stand still); `onLow(color)`: called once when the running clock
/// becomes low (the page plays its sound, alerts.js).
export function Clocks({ clock, over, onLow }) {
  const running = !!clock?.running && !over;
  const now = useNow(running);
  const left = (color) => {
    const base = clock[`${color}_ms`];
    return clock.running === color && !over ? base - (now - clock.at) : base;
  };
  const threshold = lowTimeMs(clock?.main_ms ?? 0);
  const low = (color) => !over && left(color) < threshold;
  // Said once when the running clock becomes low (the text stays the same while it stays low,
  // so a screen reader does not hear it again every second).
  const alert = running && low(clock.running)
    ? t('clock.lowAlert', { player: colorName(clock.running), n: Math.round(threshold / 1000) })
    : '';
  useEffect(() => {
    if (alert) onLow?.(clock.running);
  }, [alert]);
  if (!clock) return null;
  return html`
    <div class="clocks" role="group" aria-label=${t('clock.label')} data-testid="clocks">
      ${['black', 'white'].map((c) => {
        const classes = ['clock'];
        if (clock.running === c && !over) classes.push('running');
        if (low(c)) classes.push('low');
        return html`<div class=${classes.join(' ')} data-testid=${'clock-' + c}>
          <span class="who">${colorName(c)}</span>
          <span class="time">
            ${low(c) && html`<span class="low-sign" aria-hidden="true">⚠ </span>`}${formatClock(left(c))}
            ${low(c) && html`<span class="sr-only"> (${t('clock.low')})</span>`}
          </span>
        </div>`;
      })}
      <p class="sr-only" aria-live="polite" data-testid="clock-alert">${alert}</p>
    </div>
  `;
}
