// An absent opponent (docs/protocol.md, "Abandoned games"): on an online table without a clock,
// when the player on turn has had no connection for the table's abandon time, the other player
// may end the game: a win once two moves were played, no result before. Until then the page
// counts down to that moment. Everything here comes from the table's public info.
import { useEffect, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t, colorName } from './i18n/i18n.js';
import { formatClock } from './clock.js';

/// Moves played before an abandonment is a win rather than no result (the server's rule).
export const TURNS_FOR_ABANDON_WIN = 2;

/// Date.now(), again every `ms` while `active`.
function useWallClock(active, ms = 1000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [active, ms]);
  return now;
}

/// Whether `info` shows the opponent of `seat` on turn and away, where the rule applies.
export function opponentAway(info, seat) {
  if (info.abandon_after_ms == null || info.state !== 'playing') return false;
  const opp = info.to_move;
  if (!opp || opp === seat || !info.seats[opp]) return false;
  return !info.seats[opp].connected;
}

/// Props: info (the table's public info), seat (this board's seat), onClaim().
export function AwayNotice({ info, seat, onClaim }) {
  const away = opponentAway(info, seat);
  const now = useWallClock(away && info.may_claim !== seat);
  if (!away) return null;
  const player = colorName(info.to_move);
  if (info.may_claim === seat) {
    const win = info.turn >= TURNS_FOR_ABANDON_WIN;
    return html`<div class="away card" role="status" data-testid="away">
      <p>${t(win ? 'away.claimable' : 'away.voidable', { player })}</p>
      <button type="button" class="primary" data-testid="claim" onClick=${onClaim}>
        ${t(win ? 'away.claimWin' : 'away.endVoid')}
      </button>
    </div>`;
  }
  const left = info.claim_at == null ? null : Math.max(0, info.claim_at - now);
  return html`<p class="away hint" data-testid="away">
    ${left == null ? t('away.gone', { player }) : t('away.countdown', { player, time: formatClock(left) })}
  </p>`;
}
