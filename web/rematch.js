// After the end: a rematch with the same settings and the colours swapped (docs/protocol.md,
// "Rematch"). Either seat offers, the other accepts or declines; against the computer and on a
// hot seat the offer is the rematch. Once the server has made the new table, each seat's page
// gets its new seat over the open connection and moves there (table.js); a spectator gets a
// link to watch it.
import { html } from './lib/html.js';
import { t, colorName } from './i18n/i18n.js';

/// The link of the rematch for this connection: its new seat's, or a spectator's.
export function rematchHref(frame) {
  const table = `table=${encodeURIComponent(frame.table)}`;
  return frame.token ? `#${table}&token=${encodeURIComponent(frame.token)}` : `#${table}`;
}

/// Props: info (public info), seat ('black' | 'white' | 'spectator'; a hot seat's board passes
/// the seat it shows), frame (the rematch message, once made), declinedBy (the colour that
/// declined the other seat's offer, or null), command(type).
export function RematchPanel({ info, seat, frame, declinedBy = null, command }) {
  const spectator = seat === 'spectator';
  const made = info.rematch?.table;
  if (made) {
    const link = frame ?? { table: made };
    return html`<p class="rematch" data-testid="rematch-made">
      <a class="button primary" href=${rematchHref(link)} data-testid="rematch-go">
        ${t(frame?.token ? 'rematch.go' : 'rematch.watch')}
      </a>
    </p>`;
  }
  if (spectator) return null;
  const offeredBy = info.rematch?.offered_by ?? null;
  const online = info.mode === 'online';
  const opponent = colorName(seat === 'black' ? 'white' : 'black');
  if (!online || offeredBy === null)
    return html`<div class="rematch" data-testid="rematch">
      ${online && declinedBy && declinedBy !== seat &&
      html`<p role="status" data-testid="rematch-declined">${t('rematch.declined', { player: opponent })}</p>`}
      <p>
        <button type="button" class="primary" data-testid="rematch-offer" onClick=${() => command('rematch')}>
          ${t('rematch.offer')}
        </button>
      </p>
      <p class="hint">${t('rematch.hint')}</p>
    </div>`;
  if (offeredBy === seat)
    return html`<div class="rematch" role="status" data-testid="rematch">
      <p>${t('rematch.offered', { player: opponent })}</p>
      <p><button type="button" data-testid="rematch-withdraw" onClick=${() => command('decline-rematch')}>${t('rematch.withdraw')}</button></p>
    </div>`;
  return html`<div class="rematch" role="status" data-testid="rematch">
    <p>${t('rematch.incoming', { player: opponent })}</p>
    <p>
      <button type="button" class="primary" data-testid="rematch-accept" onClick=${() => command('rematch')}>${t('rematch.accept')}</button>
      ${' '}<button type="button" data-testid="rematch-decline" onClick=${() => command('decline-rematch')}>${t('rematch.decline')}</button>
    </p>
  </div>`;
}
