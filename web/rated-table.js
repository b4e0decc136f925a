// The heading of a rated table: "Rated" with its category, and who holds each seat (GET
// /api/tables/<id>'s players: an account's name, a link to its page, or a computer level), read
// again when a seat's presence changes (a player takes their seat before joining).
import { useEffect, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { colorName, t } from './i18n/i18n.js';
import { categoryName, computerName, playerHref } from './rating-texts.js';

function who(p) {
  if (!p) return html`<span class="muted">${t('rating.seatOpen')}</span>`;
  if (p.computer) return computerName(p.computer);
  return p.name ? html`<a href=${playerHref(p.name)}>${p.name}</a>` : t('player.opponent.none');
}

/// Props: table, info (the table's info; nothing is drawn unless it is rated).
export function RatedTableHead({ table, info }) {
  const [players, setPlayers] = useState(null);
  const presence = ['black', 'white'].map((c) => (info.seats?.[c]?.connected ? '1' : '0')).join('');
  useEffect(() => {
    if (!info.rated) return undefined;
    let live = true;
    fetch(`/api/tables/${encodeURIComponent(table)}`)
      .then((r) => (r.ok ? r.json() : null))
      .then((i) => live && i?.players && setPlayers(i.players))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [table, info.rated, info.state, presence]);
  if (!info.rated) return null;
  return html`<div class="rated-head" data-testid="rated-head">
    <p><span class="rated-mark">${t('rating.rated')}</span>${info.category ? ` ${categoryName(info.category)}` : ''}</p>
    ${players &&
    html`<p class="rated-players" data-testid="rated-players">
      ${['black', 'white'].map(
        (c, i) => html`${i > 0 ? ' · ' : ''}<span data-testid=${`rated-player-${c}`}>${colorName(c)}: ${who(players[c])}</span>`,
      )}
    </p>`}
  </div>`;
}
